//! Random hands for the whole-hand tests, and the whole-hand reference answers (win, shanten)
//! taken literally from the rule definitions.

use super::*;
use hupai::{Counts, Hand, Meld, Rules, SevenPairs, Tile, TileSet};

/// The `i`th preset (cycling), from the engine's one list.
pub fn preset(i: usize) -> Rules {
    let sets = rule_sets();
    sets[i % sets.len()]
}

/// A random hand: `melds` declared melds, the rest concealed, up to two wild kinds of which
/// up to `max_wild` copies are held.
pub fn random_hand(rng: &mut Rng, tiles: usize, melds: usize, max_wild: u8, rules: &Rules) -> Hand {
    loop {
        let n_wild = if max_wild == 0 {
            0
        } else {
            rng.below(max_wild as u64 + 1) as u8
        };
        let concealed = tiles - 3 * melds;
        let base = n_wild.min(concealed as u8);
        let mut counts = if rng.below(2) == 0 {
            rng.shaped_hand(concealed - base as usize)
        } else {
            rng.hand(concealed - base as usize)
        };
        // Wild kinds: one or two, their copies added to the hand.
        let mut wild = TileSet::EMPTY;
        if max_wild > 0 {
            let k1 = rng.below(34) as usize;
            let k2 = if rng.below(2) == 0 {
                k1
            } else {
                rng.below(34) as usize
            };
            wild.insert(Tile::from_index(k1));
            wild.insert(Tile::from_index(k2));
            let mut left = base;
            let mut guard = 0;
            while left > 0 && guard < 100 {
                let k = if rng.below(2) == 0 { k1 } else { k2 };
                if counts[k] < 4 {
                    counts[k] += 1;
                    left -= 1;
                }
                guard += 1;
            }
            if left > 0 {
                continue;
            }
        }
        let mut list = Vec::new();
        for _ in 0..melds {
            list.push(Meld::parse(&rng.meld(), rules).unwrap());
        }
        if let Ok(h) = hand_under(counts, &list, wild, rules) {
            return h;
        }
    }
}

pub struct Reference;

impl Reference {
    pub fn new() -> Reference {
        Reference
    }

    /// Shanten as the contract words it (`reference/literal.rs`).
    pub fn shanten(&self, hand: &Hand, rules: &Rules) -> i8 {
        literal::shanten(&literal::Case::of(hand, rules)) as i8
    }

    /// Win by backtracking (standard form) or the special-form references.
    pub fn wins(&self, hand: &Hand, rules: &Rules) -> bool {
        if !hand.is_complete_count() {
            return false;
        }
        let w = hand.wildcards();
        // The kinds a complete hand may hold: in play, less the suit it lacks (缺一门).
        let kind_sets = literal::Case::of(hand, rules).allowed_kinds();
        let within = |kinds: u64| {
            let mut real = hand.real_counts();
            backtrack_win_within(&mut real, w, false, rules.honor_runs, kinds, rules.pair_258)
        };
        if rules.plain_win && kind_sets.iter().any(|&k| within(k)) {
            return true;
        }
        if kind_sets.iter().any(|&k| pattern_wins(hand, rules, k)) {
            return true;
        }
        // The Guobiao forms, taken literally (`reference/literal.rs`).
        let case = literal::Case::of(hand, rules);
        let every_kind = rules.in_play().0 == (1 << 34) - 1 && !rules.lack_suit;
        let bukao = rules.quanbukao || rules.qixing_bukao;
        if every_kind && hand.meld_count() == 0 && bukao && literal::bukao_draws(&case) == 0 {
            return true;
        }
        let knitted = rules.knitted_straight && hand.meld_count() <= 1 && !rules.lack_suit;
        if knitted && literal::knitted_straight_draws(&case, rules.in_play().0) == 0 {
            return true;
        }
        let real = hand.real_counts();
        let held = (0..34)
            .filter(|&k| real[k] > 0)
            .fold(0u64, |a, k| a | 1 << k);
        if hand.meld_count() > 0 || !kind_sets.iter().any(|&k| held & !k == 0) {
            return false;
        }
        let (hw, sw) = split_wilds(hand);
        (rules.seven_pairs != SevenPairs::Off
            && seven_pairs_missing_ref(&real, w, rules.seven_pairs == SevenPairs::FourAsTwo) == 0)
            || (rules.thirteen_orphans && orphans_missing_ref(&real, w) == 0)
            || (rules.shisanlan
                && real.iter().all(|&c| c <= 1)
                && shisanlan_missing_ref(&real, &hw, sw, false, rules.honor_wild_stays_honor) == 0)
            || (rules.qixing
                && real.iter().all(|&c| c <= 1)
                && shisanlan_missing_ref(&real, &hw, sw, true, rules.honor_wild_stays_honor) == 0)
    }
}

/// Wildcards of honor kinds (per kind) and of suit kinds (total).
pub fn split_wilds(hand: &Hand) -> ([u8; 7], u8) {
    let mut hw = [0u8; 7];
    let mut sw = 0;
    for t in hand.wild().iter() {
        let n = hand.counts()[t.index()];
        if t.is_honor() {
            hw[t.number() as usize - 1] += n;
        } else {
            sw += n;
        }
    }
    (hw, sw)
}

/// Special-form wins built on purpose (random shaped hands hardly ever hold them): seven
/// pairs (some with a four), thirteen orphans, 十三烂 and 七星十三烂.
pub fn special_win(rng: &mut Rng) -> Counts {
    let mut c = [0u8; 34];
    match rng.below(4) {
        0 => {
            let mut pairs = 0;
            while pairs < 7 {
                let t = rng.below(34) as usize;
                let add = if pairs <= 5 && rng.below(4) == 0 {
                    4
                } else {
                    2
                };
                if c[t] == 0 {
                    c[t] = add;
                    pairs += add / 2;
                }
            }
        }
        1 => {
            let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
            for t in orphans {
                c[t] = 1;
            }
            c[orphans[rng.below(13) as usize]] = 2;
        }
        _ => {
            // Each suit: kinds three or more apart; then honors up to 14 tiles.
            const SPREAD: [[usize; 3]; 10] = [
                [0, 3, 6],
                [0, 3, 7],
                [0, 3, 8],
                [0, 4, 7],
                [0, 4, 8],
                [0, 5, 8],
                [1, 4, 7],
                [1, 4, 8],
                [1, 5, 8],
                [2, 5, 8],
            ];
            let honors = 5 + rng.below(3) as usize; // 5, 6 or 7 (七星)
            let mut suit_tiles = 14 - honors;
            for s in 0..3 {
                let take = suit_tiles.min(3);
                for &k in SPREAD[rng.below(10) as usize].iter().take(take) {
                    c[9 * s + k] = 1;
                }
                suit_tiles -= take;
            }
            let mut left = 14 - c.iter().map(|&x| x as usize).sum::<usize>();
            while left > 0 {
                let h = 27 + rng.below(7) as usize;
                if c[h] == 0 {
                    c[h] = 1;
                    left -= 1;
                }
            }
        }
    }
    c
}
