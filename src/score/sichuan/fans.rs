//! The fans (番) of Sichuan 血战到底: the hand's pattern (one row of the table, the sum of
//! its parts), then 根 and the way the hand was won (`docs/SCORING.md`, "Sichuan").

use crate::score::fan_table::fan_table;

fan_table! {
    /// A fan of Sichuan 血战到底: a pattern of the hand, 根 (a four of a kind), or the way the
    /// hand was won.
    pub enum SichuanFan, fans: "Its fans (番): the payment doubles with each.";
    PlainWin: "plain_win", "Plain Win", "平胡", "平和", 0;
    AllPungs: "all_pungs", "All Pungs", "对对胡", "対々和", 1;
    SevenPairs: "seven_pairs", "Seven Pairs", "七对", "七対子", 2;
    FullFlush: "full_flush", "Full Flush", "清一色", "清一色", 2;
    Terminals: "terminals_in_all_sets", "Terminals in All Sets", "带幺九", "帯幺九", 2;
    GoldenHook: "golden_hook", "Golden Hook", "金钩钓", "金鉤釣", 2;
    AllPungs258: "all_pungs_258", "All 2-5-8 Pungs", "将对", "将対", 3;
    DragonSevenPairs: "dragon_seven_pairs", "Dragon Seven Pairs", "龙七对", "竜七対", 3;
    FlushPungs: "flush_all_pungs", "Full Flush All Pungs", "清对", "清対", 3;
    FlushSevenPairs: "flush_seven_pairs", "Full Flush Seven Pairs", "清七对", "清七対", 4;
    FlushTerminals: "flush_terminals", "Full Flush Terminals in All Sets", "清幺九", "清幺九", 4;
    FlushGoldenHook: "flush_golden_hook", "Full Flush Golden Hook", "清金钩钓", "清金鉤釣", 4;
    GoldenHook258: "golden_hook_258", "2-5-8 Golden Hook", "将金钩钓", "将金鉤釣", 4;
    FlushDragonSevenPairs: "flush_dragon_seven_pairs", "Full Flush Dragon Seven Pairs", "清龙七对", "清竜七対", 5;
    Root: "root", "Root (a four of a kind)", "根", "根", 1;
    SelfDrawn: "self_drawn", "Self-Drawn", "自摸", "自摸", 1;
    KongBloom: "kong_bloom", "Win after a Kong", "杠上开花", "槓上開花", 1;
    KongDiscard: "kong_discard", "Discard after a Kong", "杠上炮", "槓上砲", 1;
    RobbingTheKong: "robbing_the_kong", "Robbing the Kong", "抢杠胡", "搶槓和", 1;
    LastDraw: "last_draw", "Last Tile Self-Drawn", "海底捞月", "海底撈月", 1;
    LastDiscard: "last_discard", "Last Discard", "海底炮", "海底砲", 1;
    HeavenlyHand: "heavenly_hand", "Heavenly Hand", "天胡", "天和", 5;
    EarthlyHand: "earthly_hand", "Earthly Hand", "地胡", "地和", 5;
}

/// What a reading's pattern is made of (`docs/SCORING.md`, "Sichuan"): its shape and the
/// parts each adding fans to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts {
    /// Four pungs or kongs (对对胡: 1).
    pub pungs: bool,
    /// Seven pairs (七对: 2).
    pub pairs: bool,
    /// One suit (清一色: +2).
    pub flush: bool,
    /// Every set and the pair hold a 1 or a 9 (带幺九: +2; four sets and a pair only).
    pub terminals: bool,
    /// All pungs and the pair of 2, 5 and 8 (将对: +2).
    pub of_258: bool,
    /// All pungs declared, the pair won on a single wait (金钩钓: +1).
    pub hook: bool,
    /// Seven pairs with a four among them (龙七对: +1, that four's 根).
    pub dragon: bool,
}

impl Parts {
    /// The pattern these parts make: a row of the table, whose fans are the parts' sum.
    pub(crate) fn pattern(self) -> SichuanFan {
        use SichuanFan::*;
        let Parts {
            pungs,
            pairs,
            flush,
            terminals,
            of_258,
            hook,
            dragon,
        } = self;
        match (pairs, pungs) {
            (true, _) => match (flush, dragon) {
                (false, false) => SevenPairs,
                (true, false) => FlushSevenPairs,
                (false, true) => DragonSevenPairs,
                (true, true) => FlushDragonSevenPairs,
            },
            (false, true) => match (flush, of_258, hook) {
                (true, _, true) => FlushGoldenHook,
                (true, _, false) => FlushPungs,
                (false, true, true) => GoldenHook258,
                (false, true, false) => AllPungs258,
                (false, false, true) => GoldenHook,
                (false, false, false) => AllPungs,
            },
            (false, false) => match (flush, terminals) {
                (false, false) => PlainWin,
                (true, false) => FullFlush,
                (false, true) => Terminals,
                (true, true) => FlushTerminals,
            },
        }
    }

    /// The parts' fans added up (what [`Parts::pattern`]'s row says).
    pub(crate) fn fans(self) -> u32 {
        let shape = if self.pairs { 2 } else { self.pungs as u32 };
        shape
            + 2 * self.flush as u32
            + 2 * self.terminals as u32
            + 2 * self.of_258 as u32
            + self.hook as u32
            + self.dragon as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_is_worth_its_parts() {
        // The combinations the tiles allow (a flush of 2-5-8 pungs needs four kinds; terminal
        // pungs and pair need five kinds of two suits).
        for bits in 0u32..128 {
            let p = Parts {
                pungs: bits & 1 != 0,
                pairs: bits & 2 != 0,
                flush: bits & 4 != 0,
                terminals: bits & 8 != 0,
                of_258: bits & 16 != 0,
                hook: bits & 32 != 0,
                dragon: bits & 64 != 0,
            };
            let possible = !(p.pairs && (p.pungs || p.terminals || p.of_258 || p.hook))
                && (p.pairs || !p.dragon)
                && !(!p.pungs && (p.of_258 || p.hook))
                && !(p.pungs && p.terminals)
                && !(p.flush && p.of_258);
            if possible {
                assert_eq!(p.pattern().fans(), p.fans(), "{p:?}");
            }
        }
    }
}
