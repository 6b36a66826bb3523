//! Special forms, from counts and bit masks (no tables): seven pairs, thirteen orphans,
//! 十三烂 (shisanlan) and 七星十三烂 (qixing).
//!
//! Each form gives `missing`: the fewest tiles to draw so that the hand's tiles and
//! wildcards hold a complete hand of that form. Shanten is `missing - 1`; a 14-tile hand
//! wins the form iff `missing == 0`.

use crate::rules::SevenPairs;
use crate::table::aux;
use crate::tile::{Counts, Tile, KINDS};

/// The wildcards of a hand, as the special forms need to see them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wilds {
    /// All wildcards.
    pub total: u8,
    /// Honor kinds (bit `i` = `(i+1)z`) that are wild and held.
    pub honor_kinds: u8,
    /// Wildcards whose kind is an honor.
    pub honor_copies: u8,
}

impl Wilds {
    /// Wildcards whose kind is a suit tile.
    pub fn suit_copies(&self) -> u8 {
        self.total - self.honor_copies
    }

    /// One more wildcard of kind `t`.
    pub fn add(&mut self, t: Tile) {
        self.total += 1;
        if t.is_honor() {
            self.honor_copies += 1;
            self.honor_kinds |= 1 << (t.number() - 1);
        }
    }

    /// One wildcard of kind `t` fewer (`left` copies of `t` remain).
    pub fn remove(&mut self, t: Tile, left: u8) {
        self.total -= 1;
        if t.is_honor() {
            self.honor_copies -= 1;
            if left == 0 {
                self.honor_kinds &= !(1 << (t.number() - 1));
            }
        }
    }
}

/// Kinds with exactly `n` copies, as a 34-bit mask.
fn kinds_with(real: &Counts, pred: impl Fn(u8) -> bool) -> u64 {
    real.iter()
        .enumerate()
        .filter(|(_, &c)| pred(c))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// Matched tiles of seven pairs: `n2` pair slots fully held, `n1` half held.
#[inline(always)]
fn seven_matched(n2: u32, n1: u32) -> u32 {
    let full = n2.min(7);
    2 * full + n1.min(7 - full)
}

/// (full pair slots, half pair slots) from the summed auxiliary words of the four groups.
#[inline(always)]
fn seven_slots_of_summary(sum: u64, variant: SevenPairs) -> (u32, u32) {
    let (c1, c2, c3, c4) = (
        aux::field(sum, aux::ONCE),
        aux::field(sum, aux::TWICE),
        aux::field(sum, aux::THRICE),
        aux::field(sum, aux::FOUR),
    );
    match variant {
        SevenPairs::FourAsTwo => (c2 + c3 + 2 * c4, c1 + c3),
        _ => (c2 + c3 + c4, c1),
    }
}

/// Missing tiles for seven pairs (a wildcard pairs a single or another wildcard), from the
/// summed auxiliary words of the groups.
#[inline(always)]
pub fn seven_pairs_missing(sum: u64, w: u8, variant: SevenPairs) -> u8 {
    let (n2, n1) = seven_slots_of_summary(sum, variant);
    (14 - seven_matched(n2, n1)).saturating_sub(w as u32) as u8
}

/// Real kinds whose draw lowers the seven-pairs distance.
/// `sum` is the summed auxiliary words of the groups (as for [`seven_pairs_missing`]).
pub fn seven_pairs_improving(real: &Counts, sum: u64, variant: SevenPairs) -> u64 {
    let (n2, n1) = seven_slots_of_summary(sum, variant);
    let now = seven_matched(n2, n1);
    let better =
        |d2: i32, d1: i32| seven_matched((n2 as i32 + d2) as u32, (n1 as i32 + d1) as u32) > now;
    let mut out = 0;
    if better(0, 1) {
        out |= kinds_with(real, |c| c == 0);
    }
    if better(1, -1) {
        out |= kinds_with(real, |c| c == 1);
        if variant == SevenPairs::FourAsTwo {
            out |= kinds_with(real, |c| c == 3);
        }
    }
    if variant == SevenPairs::FourAsTwo && better(0, 1) {
        out |= kinds_with(real, |c| c == 2);
    }
    out
}

/// The 13 orphan kinds as a mask.
pub const ORPHANS: u64 =
    (1 << 0) | (1 << 8) | (1 << 9) | (1 << 17) | (1 << 18) | (1 << 26) | (0x7f << 27);

/// Missing tiles for thirteen orphans, from the summed auxiliary words of the groups.
#[inline(always)]
pub fn orphans_missing(sum: u64, w: u8) -> u8 {
    let d = aux::field(sum, aux::ORPHANS);
    let pair = aux::field(sum, aux::DUPS) > 0;
    (14 - d - pair as u32).saturating_sub(w as u32) as u8
}

/// Real kinds whose draw lowers the thirteen-orphans distance.
pub fn orphans_improving(real: &Counts) -> u64 {
    let pair = (0..KINDS).any(|i| ORPHANS >> i & 1 == 1 && real[i] >= 2);
    let absent = kinds_with(real, |c| c == 0) & ORPHANS;
    if pair {
        absent
    } else {
        ORPHANS
    }
}

/// `SHISANLAN_BEST[mask][size]`: most kinds of `mask` (9 bits, one suit) that a legal set of
/// `size` kinds (pairwise 3 or more apart) can hold.
static SHISANLAN_BEST: [[u8; 4]; 512] = shisanlan_best();

const fn shisanlan_best() -> [[u8; 4]; 512] {
    let mut best = [[0u8; 4]; 512];
    let mut set = 0usize;
    while set < 512 {
        // Legal: no two members less than 3 apart.
        let legal = set & (set >> 1) == 0 && set & (set >> 2) == 0;
        if legal {
            let size = (set as u32).count_ones() as usize;
            if size <= 3 {
                let mut mask = 0usize;
                while mask < 512 {
                    let hit = ((set & mask) as u32).count_ones() as u8;
                    if hit > best[mask][size] {
                        best[mask][size] = hit;
                    }
                    mask += 1;
                }
            }
        }
        set += 1;
    }
    best
}

/// Presence masks of the three suits and the honors of real counts.
pub fn presence(real: &Counts) -> ([usize; 3], u8) {
    let mut suits = [0usize; 3];
    for (s, m) in suits.iter_mut().enumerate() {
        for n in 0..9 {
            if real[9 * s + n] > 0 {
                *m |= 1 << n;
            }
        }
    }
    let mut honors = 0u8;
    for n in 0..7 {
        if real[27 + n] > 0 {
            honors |= 1 << n;
        }
    }
    (suits, honors)
}

/// Missing tiles for 十三烂 (`seven_stars == false`) or 七星十三烂 (`true`).
///
/// Suit slots take any wildcard. With `honor_wild_stays_honor`, a wildcard of an honor kind
/// may stand only as itself among the honors (or fill a suit slot). In 七星 the seven honors
/// must be physically present: an honor slot is filled only by that honor, real or wild.
pub fn shisanlan_missing(
    (suits, honors): ([usize; 3], u8),
    wilds: &Wilds,
    seven_stars: bool,
    honor_wild_stays_honor: bool,
) -> u8 {
    let real_honors = honors.count_ones() as u8;
    let mut best_filled = 0u8;
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                let suit_slots = a + b + c;
                if suit_slots + 7 < 14 || suit_slots > 14 || (seven_stars && suit_slots != 7) {
                    continue;
                }
                let h = 14 - suit_slots;
                let matched = SHISANLAN_BEST[suits[0]][a as usize]
                    + SHISANLAN_BEST[suits[1]][b as usize]
                    + SHISANLAN_BEST[suits[2]][c as usize];
                let open_suit = suit_slots - matched;
                let filled = if seven_stars {
                    let own = (honors | wilds.honor_kinds).count_ones() as u8;
                    let spare = wilds.total - wilds.honor_kinds.count_ones() as u8;
                    matched + own + spare.min(open_suit)
                } else if !honor_wild_stays_honor || wilds.honor_copies == 0 {
                    let open = open_suit + h - real_honors.min(h);
                    matched + real_honors.min(h) + wilds.total.min(open)
                } else {
                    let open_honor = h - real_honors.min(h);
                    let own_kinds = wilds.honor_kinds.count_ones() as u8;
                    let mut best = 0;
                    for own in 0..=own_kinds.min(open_honor) {
                        let to_suits = (wilds.honor_copies - own).min(open_suit);
                        let free = (open_suit - to_suits) + (open_honor - own);
                        best = best.max(own + to_suits + wilds.suit_copies().min(free));
                    }
                    matched + real_honors.min(h) + best
                };
                best_filled = best_filled.max(filled);
            }
        }
    }
    14 - best_filled
}
