//! The min-plus combine in SSE2 (part of every x86_64 CPU), one group a register: with
//! `avx2.rs` and the kernels both expand, the combine's SIMD `unsafe` (its only other
//! `unsafe` is [`super::Groups::summary`]'s four volatile reads, and `remaining.rs` has its
//! own SSE2). The helpers are plain functions, always inlined, whose intrinsics run in
//! `unsafe` blocks under the baseline guarantee (asserted below): `#[inline]` functions with
//! `#[target_feature(enable = "sse2")]` were left out of line in the counts entries compiled
//! for x86-64-v3 (`crate::isa`), a call and a spill per product.
//!
//! Why by hand: the portable definitions in `lanes.rs`, which LLVM auto-vectorizes, take two
//! to three times as long on shanten, ukeire and the discard report (docs/PERFORMANCE.md,
//! "SSE2 against the portable definitions"); the unit tests in `distance.rs` hold this code to
//! them. The shifted operand is kept complemented (`255 - x`): a byte shift then brings in
//! zeros, which stand for "unreachable", and `min(a + b)` becomes `max(sat_sub(!b, a))` — no
//! masks to build.

use super::kernels::minplus_kernels;
use super::lanes::{Lanes16, INF, MAX_MELDS, PAIR};
use crate::table::{MaskHalf, Masks};
use std::arch::x86_64::*;

const _: () = assert!(cfg!(target_feature = "sse2"));

// The aligned loads of `improving` read a `MaskHalf` as one aligned 16-byte vector.
const _: () =
    assert!(std::mem::align_of::<MaskHalf>() >= 16 && std::mem::size_of::<MaskHalf>() == 16);

/// Loads a lane vector.
#[inline(always)]
fn load(l: &Lanes16) -> __m128i {
    // SAFETY: `l` is 16 readable bytes; the unaligned load has no alignment requirement.
    unsafe { _mm_loadu_si128(l.as_ptr() as *const __m128i) }
}

minplus_kernels!(
    __m128i,
    xor: _mm_xor_si128, set1: _mm_set1_epi8, and: _mm_and_si128, or: _mm_or_si128,
    unpacklo: _mm_unpacklo_epi8, unpackhi: _mm_unpackhi_epi8,
    shuffle32: _mm_shuffle_epi32, shufflelo: _mm_shufflelo_epi16,
    shufflehi: _mm_shufflehi_epi16,
    shl_bytes: _mm_slli_si128, shr_bytes: _mm_srli_si128,
    shl16: _mm_slli_epi16, shr16: _mm_srli_epi16,
    subs: _mm_subs_epu8, adds: _mm_adds_epu8, max: _mm_max_epu8, cmpeq: _mm_cmpeq_epi8,
);

/// [`super::distance4`] in SSE2.
#[inline(always)]
pub fn distance4(l: &[Lanes16; 4], melds: usize) -> u8 {
    let ab = product(load(&l[0]), complement(load(&l[1])));
    let cd = product(load(&l[2]), complement(load(&l[3])));
    // Unrolled per meld count (4 on every hand without declared melds).
    joined(ab, cd, melds)
}

/// [`super::distance3`] in SSE2: one product fewer than [`distance4`].
#[inline(always)]
pub fn distance3(a: &Lanes16, b: &Lanes16, c: &Lanes16, melds: usize) -> u8 {
    joined(
        product(load(a), complement(load(b))),
        complement(load(c)),
        melds,
    )
}

/// [`super::distance2`] in SSE2: no product, the join alone.
#[inline(always)]
pub fn distance2(a: &Lanes16, b: &Lanes16, melds: usize) -> u8 {
    joined(complement(load(a)), complement(load(b)), melds)
}

/// [`super::Groups::distance_small`]'s step in SSE2: the fewest missing tiles of four groups
/// for at most one meld and a pair, the meld and the pair each in one group. The lanes of no
/// meld and a pair (slot `PAIR`), one meld (1) and both (`PAIR + 1`) of the four groups are
/// gathered side by side in two unpacks per level; then the best of "both in one group" and
/// "meld in `g`, pair in another" (the pairs rotated within a dword), rather than the bytes
/// picked one by one: `guobiao`'s 组合龙 asks it of about a third of the hands and of each
/// arrangement looked at (`scripts/instructions guobiao`).
#[inline(always)]
pub fn one_meld_and_pair(l: &[Lanes16; 4], melds: usize) -> u8 {
    const _: () = assert!(PAIR == 9, "the pair lanes sit in the high halves");
    const _: () = assert!(INF == 255, "a saturated sum is unreachable");
    // SAFETY: the functions called are SSE2 only, part of the x86_64 baseline.
    unsafe {
        let (a, b) = (load(&l[0]), load(&l[1]));
        let (c, d) = (load(&l[2]), load(&l[3]));
        // Byte g of dword k of `low`: lane k of group g; of `high`: lane 8 + k.
        let low = _mm_unpacklo_epi16(_mm_unpacklo_epi8(a, b), _mm_unpacklo_epi8(c, d));
        let high = _mm_unpacklo_epi16(_mm_unpackhi_epi8(a, b), _mm_unpackhi_epi8(c, d));
        // Dword 0 of each: per group, the pair (lane 9), the meld (lane 1), both (lane 10).
        let pair = _mm_srli_si128::<4>(high);
        if melds == 0 {
            return least_of_four(pair);
        }
        let meld = _mm_srli_si128::<4>(low);
        let both = _mm_srli_si128::<8>(high);
        // Byte g: the least pair of the other three groups (the pairs rotated by 1, 2, 3).
        let by_one = _mm_or_si128(_mm_srli_epi32::<8>(pair), _mm_slli_epi32::<24>(pair));
        let by_two = _mm_or_si128(_mm_srli_epi32::<16>(pair), _mm_slli_epi32::<16>(pair));
        let by_three = _mm_or_si128(_mm_srli_epi32::<24>(pair), _mm_slli_epi32::<8>(pair));
        let others = _mm_min_epu8(by_one, _mm_min_epu8(by_two, by_three));
        // Sums saturate at 255, `INF`: what the scalar sums clamp to.
        least_of_four(_mm_min_epu8(_mm_adds_epu8(meld, others), both))
    }
}

/// The least of bytes 0..4.
#[inline(always)]
fn least_of_four(v: __m128i) -> u8 {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let v = _mm_min_epu8(v, _mm_srli_epi32::<16>(v));
        let v = _mm_min_epu8(v, _mm_srli_epi32::<8>(v));
        _mm_cvtsi128_si32(v) as u8
    }
}

/// [`join`] for a meld count known at run time.
#[inline(always)]
pub(super) fn joined(nab: __m128i, ncd: __m128i, melds: usize) -> u8 {
    match melds {
        4 => join::<4>(nab, ncd),
        3 => join::<3>(nab, ncd),
        2 => join::<2>(nab, ncd),
        1 => join::<1>(nab, ncd),
        _ => join::<0>(nab, ncd),
    }
}

/// `0xFF` at the lanes of at most `m` melds (`0..=m`, `9..=9+m`), `0` elsewhere, for each `m`.
pub(super) const UPTO: [[u8; 16]; MAX_MELDS + 1] = {
    let mut t = [[0u8; 16]; MAX_MELDS + 1];
    let mut m = 0;
    while m <= MAX_MELDS {
        let mut i = 0;
        while i <= m {
            t[m][i] = 0xFF;
            t[m][PAIR + i] = 0xFF;
            i += 1;
        }
        m += 1;
    }
    t
};

/// `0xFF` at the lanes of at most `M` melds (`0..=M`, `9..=9+M`), `0` elsewhere: one load
/// of a constant.
#[inline(always)]
pub(super) fn lanes_upto<const M: usize>() -> __m128i {
    // SAFETY: reads the 16 bytes of a row of `UPTO`, unaligned.
    unsafe { _mm_loadu_si128(UPTO[M].as_ptr() as *const __m128i) }
}

/// `min_i ab[i] + cd[9 + M - i]` and `ab[9 + i] + cd[M - i]`, `i ≤ M`, from the
/// complemented products: one saturating add against the partners, the two halves folded
/// onto lanes `0..=M`, the rest masked, then a horizontal minimum over eight bytes (the
/// zeros the shifts bring in never reach lane 0).
#[inline(always)]
pub(super) fn join<const M: usize>(nab: __m128i, ncd: __m128i) -> u8 {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let sums = _mm_adds_epu8(complement(nab), partners::<M>(ncd));
        let folded = _mm_min_epu8(sums, _mm_srli_si128::<{ PAIR as i32 }>(sums));
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
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe { _mm_and_si128(v, lanes_upto::<MAX_MELDS>()) }
}

/// [`super::improving_slots`] in SSE2: inlined where its caller is (out of line, it ran the
/// baseline under a caller compiled for another set: `Engine::improving_at`).
#[inline(always)]
pub fn improving_slots(l: &[Lanes16; 4], masks: [Masks; 4], melds: usize) -> (u8, [u32; 4]) {
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
fn improving<const M: usize>(l: &[Lanes16; 4], masks: [Masks; 4]) -> (u8, [u32; 4]) {
    // SAFETY: SSE2 intrinsics (SSE2 is on for every x86_64 target); the loads as below.
    unsafe { improving_body::<M>(l, masks) }
}

#[inline(always)]
unsafe fn improving_body<const M: usize>(l: &[Lanes16; 4], masks: [Masks; 4]) -> (u8, [u32; 4]) {
    // SAFETY: as in `improving`, its one caller: SSE2 intrinsics, loads within `l`.
    unsafe {
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
        let target = _mm_set1_epi8(s as i8);
        // Written out, not `array::from_fn` (left out of line in some builds: `win_bytes`).
        let slots = |g: usize| group_slots::<M>(v[g], rest[g], target, &masks[g]);
        let slots = [slots(0), slots(1), slots(2), slots(3)];
        (s, slots)
    }
}

/// The improving slots of one group: its lanes `v` against its complemented rest, the
/// optimal lanes where they sum to `target` (`S`), ORed over the group's lane masks.
#[inline(always)]
fn group_slots<const M: usize>(v: __m128i, rest: __m128i, target: __m128i, masks: &Masks) -> u32 {
    let half = |h: &MaskHalf| h.0.as_ptr() as *const __m128i;
    // SAFETY: each load reads the 16 bytes of a `MaskHalf`, whose alignment the `const`
    // assertion above keeps at 16 or more; the rest are SSE2 intrinsics on registers.
    unsafe {
        let (m0, m1) = (
            _mm_load_si128(half(masks.low)),
            _mm_load_si128(half(masks.high)),
        );
        let x = optimal_slots::<M>(v, rest, target, lanes_upto::<M>(), m0, m1);
        _mm_cvtsi128_si32(x) as u32 & 0xffff
    }
}

/// [`super::improving_slots_two`] in SSE2: each group's rest is the other's lanes, so there
/// is no product to take, only the join and the two groups' optimal lanes.
#[inline(always)]
pub fn improving_two(l: [&Lanes16; 2], masks: [Masks; 2], melds: usize) -> (u8, [u32; 2]) {
    match melds {
        4 => two_groups::<4>(l, masks),
        3 => two_groups::<3>(l, masks),
        2 => two_groups::<2>(l, masks),
        1 => two_groups::<1>(l, masks),
        _ => two_groups::<0>(l, masks),
    }
}

#[inline(always)]
fn two_groups<const M: usize>(l: [&Lanes16; 2], masks: [Masks; 2]) -> (u8, [u32; 2]) {
    let v = [load(l[0]), load(l[1])];
    // A table's lanes past 4 melds are `INF`: complemented, unreachable already.
    let n = [complement(v[0]), complement(v[1])];
    let s = join::<M>(n[0], n[1]);
    // SAFETY: SSE2 intrinsics on registers.
    let target = unsafe { _mm_set1_epi8(s as i8) };
    let slots = [
        group_slots::<M>(v[0], n[1], target, &masks[0]),
        group_slots::<M>(v[1], n[0], target, &masks[1]),
    ];
    (s, slots)
}
