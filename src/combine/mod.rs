//! Combining the four group entries of a hand: the standard form (melds + one pair).
//!
//! * Win: with `w` wildcards the hand wins iff `min_g W1[g] + Σ_{h≠g} W0[h] ≤ w` (spare
//!   wildcards always come in threes, so they form melds of their own).
//! * Distance: `S = min Σ_g U_g(m_g, p_g)` over `Σ m_g = M`, `Σ p_g = 1` (min-plus), where a
//!   group's lanes may use excess tiles (wild tiles as 5th copies) as long as the excess of all
//!   groups stays within the [`excess_budget`]: 4 per wild kind, since a drawn wild tile fills
//!   such a slot as well as a held one. The `w` held wildcards fill `w` of the `S` missing
//!   tiles, so shanten is `S - w - 1`.
//! * Improving tiles: a draw lowers `S` iff it lowers a lane of some group in an optimal split.
//!
//! Lanes are combined as 16-byte vectors ([`Lanes16`], laid out in [`lanes`]): a min-plus
//! product is five byte shifts, saturating adds and byte-wise minimums per operand half.
//! [`lanes`] says it portably (the definitions, which serve other architectures); on x86_64
//! `sse2` says it with intrinsics, the same results by test, about ten times faster, and
//! `avx2` two groups a register, for the copies compiled for x86-64-v3 (both expand the
//! kernels of `kernels`, written once for both widths). The combine's SIMD `unsafe` is in
//! those three.

#[cfg(target_arch = "x86_64")]
mod avx2;
mod distance;
#[cfg(target_arch = "x86_64")]
mod kernels;
pub mod lanes;
#[cfg(target_arch = "x86_64")]
mod sse2;

pub use lanes::{minplus, to16, Lanes16, INF};

use crate::table::{aux, GroupTable, Masks};
use crate::tile::Suit;
use hupai_gen::{slot_weight, HI_SLOTS, LO_SHIFT};

pub(crate) use distance::{
    distance2, distance_present, distances_lacking, drop_absent, improving_slots_two,
    one_meld_and_pair,
};
#[cfg(test)]
pub use distance::{distance4, improving_slots};
pub use distance::{distance4_on, improving_slots_on, ABSENT};

/// The four groups of a hand: group keys and auxiliary words.
#[derive(Clone, Copy, Debug)]
pub struct Groups {
    /// Keys of the real counts per group ([`slot_weight`]).
    pub keys: [u32; 4],
    /// Auxiliary words per group (see [`aux`]).
    pub aux: [u64; 4],
}

/// The tables of a hand's four groups (three suits, then the honors), resolved from the
/// rules once, when the engine is built ([`crate::Rules::group_specs`]).
#[derive(Clone, Copy)]
pub struct GroupTables<'t>(pub [&'t GroupTable; 4]);

impl GroupTables<'_> {
    /// The win bytes of four group keys, the groups of `absent` holding nothing
    /// ([`without_absent`]) and not looked up (`hongzhong`'s honors: a quarter of the loads),
    /// with no pass over the bytes after.
    #[inline(always)]
    pub fn win_bytes(&self, keys: [u32; 4], absent: u8) -> [u8; 4] {
        let byte = |g: usize| {
            if absent >> g & 1 == 1 {
                absent_win(keys[g])
            } else {
                let t = self.0[g];
                t.win_at(t.rank_of_key(keys[g]))
            }
        };
        // Written out: as `array::from_fn`, LLVM left the loop out of line in some builds (the
        // built win check +24 instructions and +18% in time on winning hands, when the crate's
        // code units were cut differently: `scripts/instructions --cases`, f9b0bce).
        [byte(0), byte(1), byte(2), byte(3)]
    }
}

/// The win byte of an empty absent group: melds with no wildcard, never the pair.
pub const ABSENT_WIN: u8 = 0xF0;

/// How many target tiles may exceed 4 copies of their kind, for a hand with `wild_kinds`
/// wild kinds: every such tile must be a wild tile, and the complete hand can hold at most 4
/// of each wild kind, the hand's own wildcards and drawn ones alike (a drawn tile of a wild
/// kind is a wildcard too). So the budget is 4 per wild kind, whatever the hand holds now.
#[inline(always)]
pub fn excess_budget(wild_kinds: u8) -> u8 {
    4 * wild_kinds
}

/// Win bytes with the groups of `absent` holding nothing: an empty one melds with no
/// wildcard and never holds the pair ([`ABSENT_WIN`]); one with real tiles cannot be complete.
#[inline(always)]
pub fn without_absent(mut win: [u8; 4], keys: [u32; 4], absent: u8) -> [u8; 4] {
    // Over the set bits only: most rules leave one group out, or none, and a test per group
    // showed on the win check past the screen (`scripts/instructions hongzhong`).
    let mut rest = absent & 15;
    while rest != 0 {
        let g = rest.trailing_zeros() as usize;
        win[g] = absent_win(keys[g]);
        rest &= rest - 1;
    }
    win
}

/// The win byte of a group left out, holding the real tiles of `key`: [`ABSENT_WIN`] when
/// empty, else unreachable.
#[inline(always)]
fn absent_win(key: u32) -> u8 {
    if key == 0 {
        ABSENT_WIN
    } else {
        0xFF
    }
}

/// Whether `w` wildcards complete four groups of these win bytes: [`wildcards_needed`]` <= w`
/// for a hand's `w` (at most 14), in a few word operations. A nibble of 15 (unreachable)
/// needs no special case: any sum holding one is at least 15, more than the wildcards.
#[inline(always)]
pub fn completes_with(win: [u8; 4], w: u8) -> bool {
    const ONES: u32 = 0x0101_0101;
    let bytes = u32::from_le_bytes(win);
    let w0 = bytes & 0x0F0F_0F0F;
    let w1 = bytes >> 4 & 0x0F0F_0F0F;
    // Per group g: W1[g] + Σ_{h≠g} W0[h] (at most 75: no byte overflows or borrows).
    let all0 = w0.wrapping_mul(ONES) >> 24;
    let need = (all0 * ONES - w0) + w1;
    // A byte below w + 1 clears its top bit in the subtraction (bytes stay below 128).
    let below = (need | 0x8080_8080).wrapping_sub((w as u32 + 1) * ONES) & 0x8080_8080;
    below != 0x8080_8080
}

/// Fewest wildcards that complete four groups of these win bytes (`W0 | W1 << 4`) into melds
/// and one pair (≥ 64: impossible): `min_g W1[g] + Σ_{h≠g} W0[h]`.
#[inline(always)]
pub fn wildcards_needed(win: [u8; 4]) -> u32 {
    let inf = |x: u8| if x == 15 { 64u32 } else { x as u32 };
    let w0: [u32; 4] = std::array::from_fn(|g| inf(win[g] & 15));
    let w1: [u32; 4] = std::array::from_fn(|g| inf(win[g] >> 4));
    let sum0: u32 = w0.iter().sum();
    (0..4).map(|g| sum0 - w0[g] + w1[g]).min().unwrap_or(64)
}

impl Groups {
    /// Looks up the four groups of group keys.
    #[inline(always)]
    pub fn from_keys(tables: &GroupTables, keys: [u32; 4]) -> Groups {
        let mut aux = [0u64; 4];
        for g in 0..4 {
            aux[g] = tables.0[g].aux_of(keys[g]);
        }
        Groups { keys, aux }
    }

    /// The same groups with one slot changed by `delta` (+1 draw, -1 discard).
    #[inline]
    pub fn with_change(&self, tables: &GroupTables, g: usize, slot: usize, delta: i8) -> Groups {
        let mut out = *self;
        let w = slot_weight(slot);
        out.keys[g] = if delta > 0 {
            out.keys[g] + w
        } else {
            out.keys[g] - w
        };
        let t = tables.0[g];
        out.aux[g] = t.aux_of(out.keys[g]);
        out
    }

    /// Counts of group `g`, decoded from its key.
    pub fn counts(&self, g: usize) -> [u8; 9] {
        let mut c = [0u8; 9];
        let (mut hi, mut lo) = (
            self.keys[g] & ((1 << LO_SHIFT) - 1),
            self.keys[g] >> LO_SHIFT,
        );
        for (slot, x) in c.iter_mut().enumerate() {
            let part = if slot < HI_SLOTS { &mut hi } else { &mut lo };
            *x = (*part % 5) as u8;
            *part /= 5;
        }
        c
    }

    /// The summable fields of the auxiliary words of the groups not in `absent` (bit per
    /// group), added (see [`aux`]).
    #[inline(always)]
    pub fn summary(&self, absent: u8) -> u64 {
        // Four scalar loads on purpose: added as written, the words (stored one by one a
        // moment before) were loaded two at a time into vector registers, and a load that
        // spans two stores waits for both to retire: the same instructions, half again the
        // time (`cargo bench --bench engine`, `shanten`). A volatile read is never merged.
        let word = |g: usize| {
            // SAFETY: `&self.aux[g]` is a valid, aligned, initialised `u64`.
            let a = unsafe { std::ptr::read_volatile(&self.aux[g]) };
            a & aux::SUMMABLE
        };
        let (a, b, c, d) = (word(0), word(1), word(2), word(3));
        if absent == 0 {
            return a + b + c + d;
        }
        // Each word kept by a mask, no branch (a filtered sum over the groups took ~100
        // instructions: `sichuan` asks it for each suit it may lack).
        let kept = |w: u64, g: u32| w & ((absent >> g & 1) as u64).wrapping_sub(1);
        kept(a, 0) + kept(b, 1) + kept(c, 2) + kept(d, 3)
    }

    /// Real tiles in group `g` (from its auxiliary word).
    #[inline(always)]
    pub fn tiles(&self, g: usize) -> u32 {
        (self.aux[g] >> aux::TILES & 31) as u32
    }

    /// Presence masks of the three suits and the honors.
    #[inline(always)]
    pub fn presence(&self) -> ([usize; 3], u8) {
        let p = |g: usize| (self.aux[g] >> aux::PRESENT & 0x1ff) as usize;
        ([p(0), p(1), p(2)], p(3) as u8)
    }

    /// Fewest wildcards that complete the groups into melds and one pair, the groups of
    /// `absent` holding nothing (≥ 64: impossible).
    #[inline(always)]
    pub fn wildcards_needed(&self, absent: u8) -> u32 {
        wildcards_needed(without_absent(self.aux.map(|a| a as u8), self.keys, absent))
    }

    /// `S`: fewest missing tiles over splits into `melds` melds and one pair, where at most
    /// `budget` target tiles in all exceed 4 copies of their kind (only wild tiles, held or
    /// drawn, fill those: see [`excess_budget`]), and the groups of `absent` (bit per group)
    /// hold nothing.
    ///
    /// Always inlined: as a call, shanten costs about half again its instructions
    /// (`scripts/instructions riichi`).
    #[inline(always)]
    pub fn distance(&self, tables: &GroupTables, melds: usize, budget: u8, absent: u8) -> u8 {
        self.distance_on::<false>(tables, melds, budget, absent)
    }

    /// [`Groups::distance`], its four-group product by AVX2 where `AVX2` asks for it
    /// ([`distance4_on`]).
    #[inline(always)]
    pub fn distance_on<const AVX2: bool>(
        &self,
        tables: &GroupTables,
        melds: usize,
        budget: u8,
        absent: u8,
    ) -> u8 {
        match self.lanes_for(tables, budget) {
            Some(l) if absent == 0 => distance4_on::<AVX2>(&l, melds),
            Some(l) => distance_present(&l, absent, melds),
            None => self.distance_constrained(tables, melds, budget, absent),
        }
    }

    /// [`Groups::distance`] for at most one meld, without the products: the meld and the pair
    /// each sit in one group (the same or two) and the other groups hold nothing, which
    /// misses nothing. From the `U_0` lanes, exact without an excess budget; with one, the
    /// full combine. (组合龙 asks it of every hand near enough: a few unpacks and minima in
    /// SSE2, [`one_meld_and_pair`], instead of the four-group products.)
    #[inline(always)]
    pub(crate) fn distance_small(
        &self,
        tables: &GroupTables,
        melds: usize,
        budget: u8,
        absent: u8,
    ) -> u8 {
        if budget != 0 || melds > 1 {
            return self.distance(tables, melds, budget, absent);
        }
        let l = self.lanes0(tables);
        let l = if absent == 0 {
            l
        } else {
            drop_absent(l, absent)
        };
        one_meld_and_pair(&l, melds)
    }

    /// The `U_0` lanes of the four groups (no wildcard as a 5th copy).
    #[inline(always)]
    fn lanes0(&self, tables: &GroupTables) -> [Lanes16; 4] {
        let mut lanes = [[0u8; 16]; 4];
        for (g, l) in lanes.iter_mut().enumerate() {
            *l = tables.0[g].lanes16_of(self.aux[g]);
        }
        lanes
    }

    #[inline(always)]
    fn excess(&self, g: usize) -> u8 {
        (self.aux[g] >> 8 & 15) as u8
    }

    /// Lanes per group when one excess level per group is exact; `None` when the excess
    /// budget binds across several groups (rare: it needs 4 of a kind in two groups).
    #[inline(always)]
    pub(crate) fn lanes_for(&self, tables: &GroupTables, budget: u8) -> Option<[Lanes16; 4]> {
        // Most hands have no wild kind: no excess to read (reading its fields first showed on
        // riichi shanten: `scripts/instructions riichi`).
        if budget == 0 {
            return Some(self.lanes0(tables));
        }
        let ex: [u8; 4] = std::array::from_fn(|g| self.excess(g));
        let total: u8 = ex.iter().sum();
        let table = |g: usize| tables.0[g];
        if total == 0 {
            return Some(self.lanes0(tables));
        }
        if ex.iter().filter(|&&e| e > 0).count() > 1 && budget < total {
            return None;
        }
        Some(std::array::from_fn(|g| {
            let t = table(g);
            if ex[g] == 0 {
                t.lanes16_of(self.aux[g])
            } else if budget >= ex[g] {
                to16(&t.entry_of_key(self.keys[g]).lanes_inf())
            } else {
                to16(&t.lanes_at_excess(&self.counts(g), budget))
            }
        }))
    }

    /// Exact combine with an excess budget: state = excess used so far. No allocation: a
    /// group uses at most 4 excess tiles, so 16 is the largest budget that can bind.
    #[cold]
    #[inline(never)]
    fn distance_constrained(
        &self,
        tables: &GroupTables,
        melds: usize,
        budget: u8,
        absent: u8,
    ) -> u8 {
        const MAX: usize = 16;
        let budget = (budget as usize).min(MAX);
        let mut identity = [INF; 16];
        identity[0] = 0;
        // acc[x] = best lanes over the groups so far using exactly x excess.
        let mut acc: [Option<Lanes16>; MAX + 1] = [None; MAX + 1];
        acc[0] = Some(identity);
        for g in 0..4 {
            let table = tables.0[g];
            let counts = self.counts(g);
            let top = if absent >> g & 1 == 1 {
                0
            } else {
                (self.excess(g) as usize).min(budget)
            };
            let mut levels = [[INF; 16]; 5];
            for (e, level) in levels.iter_mut().enumerate().take(top + 1) {
                *level = to16(&table.lanes_at_excess(&counts, e as u8));
            }
            if absent >> g & 1 == 1 {
                levels[0] = ABSENT;
            }
            let mut next: [Option<Lanes16>; MAX + 1] = [None; MAX + 1];
            for x in 0..=budget {
                let Some(a) = acc[x] else { continue };
                for (e, lv) in levels
                    .iter()
                    .enumerate()
                    .take((top + 1).min(budget + 1 - x))
                {
                    let c = minplus(&a, lv);
                    next[x + e] = Some(match next[x + e] {
                        Some(n) => std::array::from_fn(|k| n[k].min(c[k])),
                        None => c,
                    });
                }
            }
            acc = next;
        }
        acc.iter()
            .flatten()
            .map(|l| l[9 + melds])
            .min()
            .unwrap_or(INF)
    }

    /// `S` and the tiles (34-bit mask) whose draw lowers it, for hands without wildcards:
    /// a draw lowers `S` iff it lowers a lane that its group uses in some optimal split
    /// ([`optimal_lanes_portable`]), and the tables hold, per lane, the slots whose draw
    /// lowers it ([`Masks`]).
    /// `AVX2`: the combine by AVX2 ([`improving_slots_on`]).
    #[inline(always)]
    pub fn improving_plain<const AVX2: bool>(
        &self,
        tables: &GroupTables,
        melds: usize,
        absent: u8,
    ) -> (u8, u64) {
        // Written out: `array::map` here is not always inlined, and 13-tile ukeire pays for
        // the call when it is not (`scripts/instructions`, ukeire).
        let mask = |g: usize| tables.0[g].masks_of(self.keys[g], self.aux[g]);
        let (s, slots) = if absent == 0 {
            let masks = [mask(0), mask(1), mask(2), mask(3)];
            improving_slots_on::<AVX2>(&self.lanes0(tables), masks, melds)
        } else if (!absent & 15).count_ones() == 2 {
            // Two groups left (each of sichuan's variants): no product to take.
            let present = !absent & 15;
            let a = present.trailing_zeros() as usize;
            let b = (present & (present - 1)).trailing_zeros() as usize;
            let lanes = |g: usize| tables.0[g].lanes16_of(self.aux[g]);
            let (s, [sa, sb]) =
                improving_slots_two([&lanes(a), &lanes(b)], [mask(a), mask(b)], melds);
            let mut slots = [0u32; 4];
            (slots[a], slots[b]) = (sa, sb);
            (s, slots)
        } else {
            let masks = std::array::from_fn(|g| {
                if absent >> g & 1 == 1 {
                    Masks::NONE
                } else {
                    mask(g)
                }
            });
            improving_slots_on::<AVX2>(&drop_absent(self.lanes0(tables), absent), masks, melds)
        };
        let mut out = 0u64;
        for (g, &bits) in slots.iter().enumerate() {
            out |= (bits as u64) << Suit::ALL[g].base();
        }
        (s, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, Hand, Rules, TileSet};

    /// `completes_with` is `wildcards_needed <= w` for every count a hand can hold.
    #[test]
    fn completes_with_is_the_wildcard_count() {
        let mut seed = 5u64;
        for _ in 0..2_000_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mut win = ((seed >> 16) as u32).to_le_bytes();
            // Favour the small counts and the unreachable nibble.
            for (i, b) in win.iter_mut().enumerate() {
                if seed >> (4 + i) & 1 == 1 {
                    *b &= 0x33;
                }
                if seed >> (8 + i) & 3 == 0 {
                    *b |= 0x0F;
                }
            }
            for w in 0..=14 {
                assert_eq!(
                    completes_with(win, w),
                    wildcards_needed(win) <= w as u32,
                    "{win:x?} w {w}"
                );
            }
        }
    }

    /// `distance_small` is `distance` for zero and one meld, with and without absent groups.
    #[test]
    fn distance_small_is_the_combine_for_one_meld() {
        let engine = Engine::new(Rules::guobiao());
        let tables = engine.group_tables();
        let mut seed = 11u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for _ in 0..200_000 {
            let mut counts = [0u8; 34];
            let size = 13 + next() % 2;
            let mut n = 0;
            while n < size {
                let k = next() % 34;
                if counts[k] < 4 {
                    counts[k] += 1;
                    n += 1;
                }
            }
            let hand = Hand::new(counts, &[], TileSet::EMPTY).unwrap();
            let groups = Groups::from_keys(tables, hand.keys());
            let absent = (next() % 16) as u8;
            for melds in 0..=1 {
                assert_eq!(
                    groups.distance_small(tables, melds, 0, absent),
                    groups.distance(tables, melds, 0, absent),
                    "{hand} melds {melds} absent {absent:04b}"
                );
            }
        }
    }
}
