//! The fans (番) of 红中麻将: the hand's shape, one suit, a hand without 红中, the four 红中
//! won at once, and the way the hand was won (`docs/SCORING.md`, "Hongzhong").

use crate::score::fan_table::fan_table;

fan_table! {
    /// A fan of 红中麻将: the shape of the hand, one suit, no 红中 held, the four 红中, or the
    /// way the hand was won. Each doubles the payment.
    pub enum HongzhongFan, fans: "Its fans (番): the payment doubles with each.";
    PlainWin: "plain_win", "Plain Win", "平胡", "平和", 0;
    SevenPairs: "seven_pairs", "Seven Pairs", "七对", "七対子", 1;
    AllPungs: "all_pungs", "All Pungs", "碰碰胡", "対々和", 1;
    FourRedDragons: "four_red_dragons", "Four Red Dragons", "四红中", "四紅中", 1;
    FullFlush: "full_flush", "Full Flush", "清一色", "清一色", 1;
    NoRedDragon: "no_red_dragon", "No Red Dragon", "无红中", "無紅中", 1;
    KongBloom: "kong_bloom", "Win after a Kong", "杠上开花", "槓上開花", 1;
    RobbingTheKong: "robbing_the_kong", "Robbing the Kong", "抢杠胡", "搶槓和", 1;
}
