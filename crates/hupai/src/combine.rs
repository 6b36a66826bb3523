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
//! Lanes are combined as 16-byte vectors ([`Lanes16`]): a min-plus product is five byte
//! shifts, saturating adds and byte-wise minimums per operand half. [`minplus`] and
//! [`final_lane`] say it portably (and serve other architectures); on x86_64 the `sse2`
//! module says it with intrinsics, the same results by test, about ten times faster.

use crate::table::gen::{slot_weight, HI_SLOTS, LO_SHIFT};
use crate::table::{aux, to16, GroupTable, Lanes16, Masks16, INF};
use crate::tile::Suit;

/// The four groups of a hand: group keys, ranks and auxiliary words.
#[derive(Clone, Copy, Debug)]
pub struct Groups {
    /// Keys of the real counts per group ([`slot_weight`]).
    pub keys: [u32; 4],
    /// Ranks (dense table indices) per group.
    pub ranks: [u32; 4],
    /// Auxiliary words per group (see [`aux`]).
    pub aux: [u64; 4],
}

/// The tables of a hand's four groups (three suits, then the honors), resolved from the
/// rules once, when the engine is built ([`crate::Rules::group_specs`]).
#[derive(Clone, Copy)]
pub struct GroupTables<'t>(pub [&'t GroupTable; 4]);

impl GroupTables<'_> {
    /// Ranks (dense table indices) of the four group keys.
    #[inline(always)]
    pub fn ranks_of(&self, keys: [u32; 4]) -> [u32; 4] {
        let mut ranks = [0u32; 4];
        for (g, r) in ranks.iter_mut().enumerate() {
            *r = self.0[g].rank_of_key(keys[g]) as u32;
        }
        ranks
    }
}

/// How many target tiles may exceed 4 copies of their kind, for a hand with `wild_kinds`
/// wild kinds: every such tile must be a wild tile, and the complete hand can hold at most 4
/// of each wild kind, the hand's own wildcards and drawn ones alike (a drawn tile of a wild
/// kind is a wildcard too). So the budget is 4 per wild kind, whatever the hand holds now.
#[inline(always)]
pub fn excess_budget(wild_kinds: u8) -> u8 {
    4 * wild_kinds
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

/// Lanes that carry no meaning (more than 4 melds) and must stay unreachable.
const JUNK: Lanes16 = [0, 0, 0, 0, 0, INF, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF];

impl Groups {
    /// Looks up the four groups of group keys.
    #[inline(always)]
    pub fn from_keys(tables: &GroupTables, keys: [u32; 4]) -> Groups {
        Groups::from_ranks(tables, keys, tables.ranks_of(keys))
    }

    /// The groups of keys whose ranks are known ([`GroupTables::ranks_of`]).
    #[inline(always)]
    pub fn from_ranks(tables: &GroupTables, keys: [u32; 4], ranks: [u32; 4]) -> Groups {
        // Plain loops: `array::from_fn` here is not always inlined (measured 38 vs 24 ns).
        let mut aux = [0u64; 4];
        for (g, a) in aux.iter_mut().enumerate() {
            *a = tables.0[g].aux_at(ranks[g] as usize);
        }
        Groups { keys, ranks, aux }
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
        let r = t.rank_of_key(out.keys[g]);
        out.ranks[g] = r as u32;
        out.aux[g] = t.aux_at(r);
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

    /// The summable fields of the four auxiliary words, added (see [`aux`]).
    #[inline(always)]
    pub fn summary(&self) -> u64 {
        self.aux.iter().map(|a| a & aux::SUMMABLE).sum()
    }

    /// Presence masks of the three suits and the honors.
    #[inline(always)]
    pub fn presence(&self) -> ([usize; 3], u8) {
        let p = |g: usize| (self.aux[g] >> aux::PRESENT & 0x1ff) as usize;
        ([p(0), p(1), p(2)], p(3) as u8)
    }

    /// Fewest wildcards that complete the groups into melds and one pair (≥ 64: impossible).
    #[inline(always)]
    pub fn wildcards_needed(&self) -> u32 {
        wildcards_needed(self.aux.map(|a| a as u8))
    }

    /// `S`: fewest missing tiles over splits into `melds` melds and one pair, where at most
    /// `budget` target tiles in all exceed 4 copies of their kind (only wild tiles, held or
    /// drawn, fill those: see [`excess_budget`]).
    #[inline]
    pub fn distance(&self, tables: &GroupTables, melds: usize, budget: u8) -> u8 {
        match self.lanes_for(tables, budget) {
            Some(l) => distance4(&l, melds),
            None => self.distance_constrained(tables, melds, budget),
        }
    }

    /// The `U_0` lanes of the four groups (no wildcard as a 5th copy).
    #[inline(always)]
    fn lanes0(&self, tables: &GroupTables) -> [Lanes16; 4] {
        let mut lanes = [[0u8; 16]; 4];
        for (g, l) in lanes.iter_mut().enumerate() {
            *l = tables.0[g].lanes16_at(self.ranks[g] as usize);
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
    fn lanes_for(&self, tables: &GroupTables, budget: u8) -> Option<[Lanes16; 4]> {
        let ex: [u8; 4] = std::array::from_fn(|g| self.excess(g));
        let total: u8 = ex.iter().sum();
        let table = |g: usize| tables.0[g];
        if budget == 0 || total == 0 {
            return Some(self.lanes0(tables));
        }
        if ex.iter().filter(|&&e| e > 0).count() > 1 && budget < total {
            return None;
        }
        Some(std::array::from_fn(|g| {
            let t = table(g);
            if ex[g] == 0 {
                t.lanes16_at(self.ranks[g] as usize)
            } else if budget >= ex[g] {
                to16(&t.entry_at(self.ranks[g] as usize).lanes_inf())
            } else {
                to16(&t.lanes_at_excess(&self.counts(g), budget))
            }
        }))
    }

    /// Exact combine with an excess budget: state = excess used so far. No allocation: a
    /// group uses at most 4 excess tiles, so 16 is the largest budget that can bind.
    fn distance_constrained(&self, tables: &GroupTables, melds: usize, budget: u8) -> u8 {
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
            let top = (self.excess(g) as usize).min(budget);
            let mut levels = [[INF; 16]; 5];
            for (e, level) in levels.iter_mut().enumerate().take(top + 1) {
                *level = to16(&table.lanes_at_excess(&counts, e as u8));
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
    /// lowers it ([`Masks16`]).
    #[inline]
    pub fn improving_plain(&self, tables: &GroupTables, melds: usize) -> (u8, u64) {
        let table = |g: usize| tables.0[g];
        let masks = [0, 1, 2, 3].map(|g| table(g).masks_at(self.ranks[g] as usize));
        let (s, slots) = improving_slots(&self.lanes0(tables), masks, melds);
        let mut out = 0u64;
        for (g, &bits) in slots.iter().enumerate() {
            out |= (bits as u64) << Suit::ALL[g].base();
        }
        (s, out)
    }
}

/// `b` moved up by `i` bytes, [`INF`] shifted in.
#[inline(always)]
fn shift(b: &Lanes16, i: usize) -> Lanes16 {
    let mut r = [INF; 16];
    r[i..].copy_from_slice(&b[..16 - i]);
    r
}

/// Min-plus product of two lane vectors (melds add, pairs add up to one).
#[inline(always)]
pub fn minplus(a: &Lanes16, b: &Lanes16) -> Lanes16 {
    let mut c = [INF; 16];
    macro_rules! step {
        ($i:expr) => {
            let s0 = shift(b, $i);
            let s1 = shift(b, 9 + $i);
            let (x0, x1) = (a[$i], a[9 + $i]);
            for k in 0..16 {
                c[k] = c[k]
                    .min(x0.saturating_add(s0[k]))
                    .min(x1.saturating_add(s1[k]));
            }
        };
    }
    step!(0);
    step!(1);
    step!(2);
    step!(3);
    step!(4);
    // Lanes past 4 melds carry no meaning: keep them unreachable.
    for k in 0..16 {
        c[k] |= JUNK[k];
    }
    c
}

/// The lane of `melds` melds and one pair of the product of `a` and `b`.
#[inline(always)]
pub fn final_lane(a: &Lanes16, b: &Lanes16, melds: usize) -> u8 {
    let mut best = INF;
    for i in 0..=melds {
        best = best
            .min(a[i].saturating_add(b[9 + melds - i]))
            .min(a[9 + i].saturating_add(b[melds - i]));
    }
    best
}

/// `min_i a[i] + b[melds - i]`-style final step over the products of groups 0⊗1 and 2⊗3:
/// the fewest missing tiles for `melds` melds and one pair.
#[inline(always)]
pub fn distance4(l: &[Lanes16; 4], melds: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::distance4(l, melds)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        final_lane(&minplus(&l[0], &l[1]), &minplus(&l[2], &l[3]), melds)
    }
}

/// `S` (the lane of `melds` melds and one pair of the product of all four groups) and, per
/// group, the slots whose draw lowers a lane the group uses in some optimal split: the OR of
/// its [`Masks16`] lanes over [`optimal_lanes_portable`]'s lanes.
#[inline(always)]
pub fn improving_slots(l: &[Lanes16; 4], masks: [&Masks16; 4], melds: usize) -> (u8, [u32; 4]) {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::improving_slots(l, masks, melds)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        improving_slots_portable(l, masks, melds)
    }
}

/// [`improving_slots`] lane by lane (the definition; other architectures use it).
pub fn improving_slots_portable(
    l: &[Lanes16; 4],
    masks: [&Masks16; 4],
    melds: usize,
) -> (u8, [u32; 4]) {
    let (s, hits) = optimal_lanes_portable(l, melds);
    let slots = std::array::from_fn(|g| {
        (0..16)
            .filter(|k| hits[g] >> k & 1 == 1)
            .fold(0u32, |acc, k| acc | masks[g].0[k] as u32)
    });
    (s, slots)
}

/// `S`, and per group which of its lanes it uses in some optimal split (bit `k`: byte `k` of
/// its [`Lanes16`]), from [`minplus`]: each group against the product of the other three.
pub fn optimal_lanes_portable(l: &[Lanes16; 4], melds: usize) -> (u8, [u32; 4]) {
    let s01 = minplus(&l[0], &l[1]);
    let s23 = minplus(&l[2], &l[3]);
    let s = final_lane(&s01, &s23, melds);
    let rest = [
        minplus(&l[1], &s23),
        minplus(&l[0], &s23),
        minplus(&s01, &l[3]),
        minplus(&s01, &l[2]),
    ];
    let mut hits = [0u32; 4];
    for (g, h) in hits.iter_mut().enumerate() {
        for m in 0..=melds {
            for p in [0, 9] {
                if l[g][m + p].saturating_add(rest[g][9 - p + melds - m]) == s {
                    *h |= 1 << (m + p);
                }
            }
        }
    }
    (s, hits)
}

/// The min-plus combine in SSE2 (part of every x86_64 CPU).
///
/// Measured on this machine (1,000 random riichi hands, `examples`-style loop) against the
/// portable [`minplus`], [`final_lane`] and [`improving_slots_portable`] that LLVM
/// auto-vectorizes: shanten 24.2 vs 70.2 ns, 13-tile ukeire 121 vs 320 ns, 14-tile discard
/// report 1.57 vs 3.66 µs. The shifted operand is kept complemented (`255 - x`): a byte shift
/// then brings in zeros, which stand for "unreachable", and `min(a + b)` becomes
/// `max(sat_sub(!b, a))` — no masks to build.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::{Lanes16, Masks16};
    use std::arch::x86_64::*;

    /// Loads a lane vector.
    #[inline(always)]
    fn load(l: &Lanes16) -> __m128i {
        // SAFETY: `l` is 16 readable bytes; the unaligned load has no alignment requirement.
        // SSE2 is part of the x86_64 baseline, so the instruction always exists.
        unsafe { _mm_loadu_si128(l.as_ptr() as *const __m128i) }
    }

    /// `255 - x`: the complemented form of the shifted operand.
    #[inline(always)]
    fn complement(v: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_xor_si128(v, _mm_set1_epi8(-1)) }
    }

    /// Complemented min-plus product `!(a ⊗ b)` from `a` and `!b` (lanes past 4 melds are
    /// meaningless and must be masked before the result is shifted again).
    #[inline(always)]
    fn product(a: __m128i, nb: __m128i) -> __m128i {
        // SAFETY: every intrinsic below is SSE2, part of the x86_64 baseline; none touches memory.
        unsafe {
            let lo = _mm_unpacklo_epi8(a, a);
            let hi = _mm_unpackhi_epi8(a, a);
            let s0 = _mm_shuffle_epi32::<0x00>(_mm_shufflelo_epi16::<0x00>(lo));
            let s1 = _mm_shuffle_epi32::<0x00>(_mm_shufflelo_epi16::<0x55>(lo));
            let s2 = _mm_shuffle_epi32::<0x00>(_mm_shufflelo_epi16::<0xAA>(lo));
            let s3 = _mm_shuffle_epi32::<0x00>(_mm_shufflelo_epi16::<0xFF>(lo));
            let s4 = _mm_shuffle_epi32::<0xFF>(_mm_shufflehi_epi16::<0x00>(lo));
            let s9 = _mm_shuffle_epi32::<0x00>(_mm_shufflelo_epi16::<0x55>(hi));
            let s10 = _mm_shuffle_epi32::<0x00>(_mm_shufflelo_epi16::<0xAA>(hi));
            let s11 = _mm_shuffle_epi32::<0x00>(_mm_shufflelo_epi16::<0xFF>(hi));
            let s12 = _mm_shuffle_epi32::<0xFF>(_mm_shufflehi_epi16::<0x00>(hi));
            let s13 = _mm_shuffle_epi32::<0xFF>(_mm_shufflehi_epi16::<0x55>(hi));
            // Ten terms reduced as a tree (four levels instead of a chain of ten).
            let t0 = _mm_subs_epu8(nb, s0);
            let t1 = _mm_subs_epu8(_mm_slli_si128::<1>(nb), s1);
            let t2 = _mm_subs_epu8(_mm_slli_si128::<2>(nb), s2);
            let t3 = _mm_subs_epu8(_mm_slli_si128::<3>(nb), s3);
            let t4 = _mm_subs_epu8(_mm_slli_si128::<4>(nb), s4);
            let t9 = _mm_subs_epu8(_mm_slli_si128::<9>(nb), s9);
            let t10 = _mm_subs_epu8(_mm_slli_si128::<10>(nb), s10);
            let t11 = _mm_subs_epu8(_mm_slli_si128::<11>(nb), s11);
            let t12 = _mm_subs_epu8(_mm_slli_si128::<12>(nb), s12);
            let t13 = _mm_subs_epu8(_mm_slli_si128::<13>(nb), s13);
            let a = _mm_max_epu8(_mm_max_epu8(t0, t1), _mm_max_epu8(t2, t3));
            let b = _mm_max_epu8(_mm_max_epu8(t4, t9), _mm_max_epu8(t10, t11));
            _mm_max_epu8(_mm_max_epu8(a, b), _mm_max_epu8(t12, t13))
        }
    }

    #[inline(always)]
    pub fn distance4(l: &[Lanes16; 4], melds: usize) -> u8 {
        let ab = product(load(&l[0]), complement(load(&l[1])));
        let cd = product(load(&l[2]), complement(load(&l[3])));
        // Unrolled per meld count (4 on every hand without declared melds).
        match melds {
            4 => join::<4>(ab, cd),
            3 => join::<3>(ab, cd),
            2 => join::<2>(ab, cd),
            1 => join::<1>(ab, cd),
            _ => join::<0>(ab, cd),
        }
    }

    /// Bytes in reverse order (`r[k] = v[15 - k]`): dwords, then words, then bytes swapped.
    #[inline(always)]
    fn reverse(v: __m128i) -> __m128i {
        // SAFETY: SSE2 only, part of the x86_64 baseline; no memory access.
        unsafe {
            let d = _mm_shuffle_epi32::<0x1B>(v);
            let w = _mm_shufflehi_epi16::<0xB1>(_mm_shufflelo_epi16::<0xB1>(d));
            _mm_or_si128(_mm_slli_epi16::<8>(w), _mm_srli_epi16::<8>(w))
        }
    }

    /// The partner of every lane for `M` melds and one pair, from a complemented vector `nx`:
    /// byte `j` of the result is `x[9 + M - j]`, so that lane `m` (no pair) meets lane
    /// `9 + M - m` (the pair, `M - m` melds) and lane `9 + m` meets lane `M - m`.
    #[inline(always)]
    fn partners<const M: usize>(nx: __m128i) -> __m128i {
        let r = reverse(complement(nx));
        // SAFETY: SSE2 only, part of the x86_64 baseline; no memory access.
        unsafe {
            match M {
                4 => _mm_srli_si128::<2>(r),
                3 => _mm_srli_si128::<3>(r),
                2 => _mm_srli_si128::<4>(r),
                1 => _mm_srli_si128::<5>(r),
                _ => _mm_srli_si128::<6>(r),
            }
        }
    }

    /// `0xFF` at the lanes of at most `M` melds (`0..=M`, `9..=9+M`), `0` elsewhere.
    #[inline(always)]
    fn lanes_upto<const M: usize>() -> __m128i {
        let mut mask = [0u8; 16];
        mask[..=M].fill(0xFF);
        mask[9..=9 + M].fill(0xFF);
        // SAFETY: reads the 16 bytes of `mask`, unaligned; SSE2 is baseline on x86_64.
        unsafe { _mm_loadu_si128(mask.as_ptr() as *const __m128i) }
    }

    /// `min_i ab[i] + cd[9 + M - i]` and `ab[9 + i] + cd[M - i]`, `i ≤ M`, from the
    /// complemented products: one saturating add against the partners, the two halves folded
    /// onto lanes `0..=M`, the rest masked, then a horizontal minimum over eight bytes (the
    /// zeros the shifts bring in never reach lane 0).
    #[inline(always)]
    fn join<const M: usize>(nab: __m128i, ncd: __m128i) -> u8 {
        // SAFETY: SSE2 only, part of the x86_64 baseline; no memory access.
        unsafe {
            let sums = _mm_adds_epu8(complement(nab), partners::<M>(ncd));
            let folded = _mm_min_epu8(sums, _mm_srli_si128::<9>(sums));
            // Lanes 0..=M kept, the others set to INF.
            let low = _mm_srli_si128::<7>(_mm_slli_si128::<7>(lanes_upto::<M>()));
            let m = _mm_or_si128(folded, _mm_xor_si128(low, _mm_set1_epi8(-1)));
            let m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
            let m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
            let m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
            _mm_cvtsi128_si32(m) as u8
        }
    }

    /// A complemented product with its meaningless lanes made unreachable (`0`), ready to
    /// be the shifted operand of another product.
    #[inline(always)]
    fn clean(v: __m128i) -> __m128i {
        // SAFETY: SSE2 only, part of the x86_64 baseline; no memory access.
        unsafe { _mm_and_si128(v, lanes_upto::<4>()) }
    }

    pub fn improving_slots(l: &[Lanes16; 4], masks: [&Masks16; 4], melds: usize) -> (u8, [u32; 4]) {
        match melds {
            4 => improving::<4>(l, masks),
            3 => improving::<3>(l, masks),
            2 => improving::<2>(l, masks),
            1 => improving::<1>(l, masks),
            _ => improving::<0>(l, masks),
        }
    }

    /// The optimal lanes of each group as a byte mask (`0xFF` where lane + partner = `S`),
    /// widened to words and ANDed with the group's lane masks, then ORed across lanes.
    #[inline(always)]
    fn improving<const M: usize>(l: &[Lanes16; 4], masks: [&Masks16; 4]) -> (u8, [u32; 4]) {
        let v: [__m128i; 4] = [load(&l[0]), load(&l[1]), load(&l[2]), load(&l[3])];
        let n01 = clean(product(v[0], complement(v[1])));
        let n23 = clean(product(v[2], complement(v[3])));
        let s = join::<M>(n01, n23);
        let rest = [
            product(v[1], n23),
            product(v[0], n23),
            product(v[3], n01),
            product(v[2], n01),
        ];
        let mut slots = [0u32; 4];
        // SAFETY: SSE2 only, part of the x86_64 baseline. The loads read the 32 bytes of a
        // `Masks16` (aligned to 32) as two aligned 16-byte halves.
        unsafe {
            let target = _mm_set1_epi8(s as i8);
            for g in 0..4 {
                let sums = _mm_adds_epu8(v[g], partners::<M>(rest[g]));
                let hit = _mm_and_si128(_mm_cmpeq_epi8(sums, target), lanes_upto::<M>());
                let m = masks[g].0.as_ptr() as *const __m128i;
                let x = _mm_or_si128(
                    _mm_and_si128(_mm_unpacklo_epi8(hit, hit), _mm_load_si128(m)),
                    _mm_and_si128(_mm_unpackhi_epi8(hit, hit), _mm_load_si128(m.add(1))),
                );
                let x = _mm_or_si128(x, _mm_srli_si128::<8>(x));
                let x = _mm_or_si128(x, _mm_srli_si128::<4>(x));
                let x = _mm_or_si128(x, _mm_srli_si128::<2>(x));
                slots[g] = _mm_cvtsi128_si32(x) as u32 & 0xffff;
            }
        }
        (s, slots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random lane vectors as the tables make them: small distances or unreachable, junk
    /// lanes unreachable.
    fn random_lanes(seed: &mut u64) -> Lanes16 {
        let mut l = [INF; 16];
        for k in (0..5).chain(9..14) {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (*seed >> 33) % 20;
            l[k] = if r >= 16 { INF } else { r as u8 };
        }
        l
    }

    /// The definition: every split of `melds` melds and one pair over the four groups; the
    /// best total, and per group the lanes it uses in the splits that reach it.
    fn brute_optimal(l: &[Lanes16; 4], melds: usize) -> (u8, [u32; 4]) {
        let mut splits = Vec::new();
        for pair in 0..4 {
            for m0 in 0..=melds {
                for m1 in 0..=melds - m0 {
                    for m2 in 0..=melds - m0 - m1 {
                        let m = [m0, m1, m2, melds - m0 - m1 - m2];
                        let lane: [usize; 4] =
                            std::array::from_fn(|g| m[g] + if g == pair { 9 } else { 0 });
                        let sum: u32 = (0..4).map(|g| l[g][lane[g]] as u32).sum();
                        splits.push((sum.min(INF as u32) as u8, lane));
                    }
                }
            }
        }
        let best = splits.iter().map(|x| x.0).min().unwrap();
        let mut hits = [0u32; 4];
        for (sum, lane) in splits {
            if sum == best {
                for g in 0..4 {
                    hits[g] |= 1 << lane[g];
                }
            }
        }
        (best, hits)
    }

    #[test]
    fn distance4_and_optimal_lanes_match_the_definition() {
        let mut seed = 7;
        for _ in 0..100_000 {
            let l: [Lanes16; 4] = std::array::from_fn(|_| random_lanes(&mut seed));
            for melds in 0..=4 {
                let (want, optimal) = brute_optimal(&l, melds);
                assert_eq!(distance4(&l, melds), want, "{l:?} melds {melds}");
                assert_eq!(optimal_lanes_portable(&l, melds), (want, optimal));
                let masks: [Masks16; 4] = std::array::from_fn(|_| {
                    Masks16(std::array::from_fn(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                        (seed >> 40) as u16 & 0x1ff
                    }))
                });
                let refs = [&masks[0], &masks[1], &masks[2], &masks[3]];
                let slots = std::array::from_fn(|g| {
                    (0..16)
                        .filter(|&k| optimal[g] >> k & 1 == 1)
                        .fold(0, |a, k| a | masks[g].0[k] as u32)
                });
                assert_eq!(improving_slots(&l, refs, melds), (want, slots));
                assert_eq!(improving_slots_portable(&l, refs, melds), (want, slots));
            }
        }
    }
}
