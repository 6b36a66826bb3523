//! The wins of 长沙麻将: the small win (小胡), and the big wins (大胡) each counted once — the
//! hand's patterns and the way it was won (`docs/SCORING.md`, "Changsha").

use crate::score::fan_table::fan_table;

fan_table! {
    /// A win of 长沙麻将: the small win, or a big win (大胡) of the hand or of the way it was
    /// won; a luxury seven pairs counts as two, three or four big wins.
    pub enum ChangshaFan, big_wins: "The big wins (大胡) it counts as: each pays the big win's price.";
    SmallWin: "small_win", "Small Win", "小胡", "小胡", 0;
    AllPungs: "all_pungs", "All Pungs", "碰碰胡", "対々和", 1;
    All258: "all_258", "All 2-5-8", "将将胡", "将将和", 1;
    FullFlush: "full_flush", "Full Flush", "清一色", "清一色", 1;
    SevenPairs: "seven_pairs", "Seven Pairs", "七小对", "七対子", 1;
    LuxurySevenPairs: "luxury_seven_pairs", "Luxury Seven Pairs", "豪华七小对", "豪華七対子", 2;
    DoubleLuxurySevenPairs: "double_luxury_seven_pairs", "Double Luxury Seven Pairs", "双豪华七小对", "双豪華七対子", 3;
    TripleLuxurySevenPairs: "triple_luxury_seven_pairs", "Triple Luxury Seven Pairs", "三豪华七小对", "三豪華七対子", 4;
    AllCalled: "all_called", "All Called", "全求人", "全求人", 1;
    LastDraw: "last_draw", "Last Tile Self-Drawn", "海底捞月", "海底撈月", 1;
    LastDiscard: "last_discard", "Last Discard", "海底炮", "海底砲", 1;
    KongBloom: "kong_bloom", "Win after a Kong", "杠上开花", "槓上開花", 1;
    KongDiscard: "kong_discard", "Discard after a Kong", "杠上炮", "槓上砲", 1;
    RobbingTheKong: "robbing_the_kong", "Robbing the Kong", "抢杠胡", "搶槓和", 1;
    HeavenlyHand: "heavenly_hand", "Heavenly Hand", "天胡", "天和", 1;
    EarthlyHand: "earthly_hand", "Earthly Hand", "地胡", "地和", 1;
}

fan_table! {
    /// A win of a 长沙麻将 starting hand (起手小胡), claimed before the first discard.
    pub enum OpeningWin, wins: "The small wins it counts as (each paid as a self-drawn 小胡).";
    FourOfAKind: "four_of_a_kind", "Four of a Kind", "四喜", "四喜", 1;
    No258: "no_258", "No 2, 5 or 8", "板板胡", "板板和", 1;
    MissingSuit: "missing_suit", "A Suit Missing", "缺一色", "欠一色", 1;
    TwoPungs: "two_pungs", "Two Pungs", "六六顺", "六六順", 1;
}
