//! The fans (番) of 南昌麻将: the hand's form, 德国 (no 精 standing in for another tile), 精钓
//! (a 精 pairing the winning tile), and the way the hand was won (`docs/SCORING.md`,
//! "Nanchang").

use crate::score::fan_table::fan_table;

fan_table! {
    /// A fan of 南昌麻将: the form of the hand, 德国, 精钓, or the way the hand was won. Each
    /// doubles the payment.
    pub enum NanchangFan, fans: "Its fans (番): the payment doubles with each.";
    PlainWin: "plain_win", "Plain Win", "平胡", "平和", 0;
    SevenPairs: "seven_pairs", "Seven Pairs", "七小对", "七対子", 1;
    AllPungs: "all_pungs", "Big Seven Pairs (All Pungs)", "大七对", "対々和", 1;
    Shisanlan: "shisanlan", "Thirteen Rotten", "十三烂", "十三爛", 1;
    Qixing: "qixing_shisanlan", "Seven Stars Thirteen Rotten", "七星十三烂", "七星十三爛", 2;
    DeGuo: "de_guo", "No Jing Used (De Guo)", "德国", "徳国", 1;
    JingDiao: "jing_diao", "Jing Pairs the Winning Tile", "精钓", "精釣", 1;
    SelfDrawn: "self_drawn", "Self-Drawn", "自摸", "自摸", 1;
    KongBloom: "kong_bloom", "Win after a Kong", "杠上开花", "槓上開花", 1;
    RobbingTheKong: "robbing_the_kong", "Robbing the Kong", "抢杠胡", "搶槓和", 1;
    HeavenlyHand: "heavenly_hand", "Heavenly Hand", "天胡", "天和", 2;
    EarthlyHand: "earthly_hand", "Earthly Hand", "地胡", "地和", 2;
}
