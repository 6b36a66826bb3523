//! The combine two groups a register: AVX2's byte shifts, shuffles and unpacks work within
//! each 16-byte half, so a 32-byte vector holds two groups' lanes and one instruction does
//! the work of two of [`super::sse2`]'s ([`minplus_kernels`]). The products of groups 0⊗1
//! and 2⊗3 are one product; the four products of a group's rest, two; the optimal lanes of
//! the four groups, two passes.
//!
//! Only the copies compiled for x86-64-v3 (`crate::isa`) call these, and every entry where
//! the crate is compiled for a target with AVX2: the shanten batch 382 → 326 instructions a
//! hand, 13-tile ukeire 1,514 → 1,413 (callgrind, a fat-LTO build for the baseline;
//! docs/PERFORMANCE.md). The unit tests in `distance.rs` hold these to the portable
//! definitions.
//!
//! The entries are `unsafe` and always inlined, not `#[target_feature(enable = "avx2")]`:
//! inlined into a caller compiled for x86-64-v3 they take its features all the same, and
//! the attribute (which allows `#[inline]` only) cost shanten 12 instructions a hand and
//! ukeire 45 at x86-64-v3.

use super::kernels::minplus_kernels;
use super::lanes::{Lanes16, MAX_MELDS, PAIR};
use super::sse2;
use crate::table::{MaskHalf, Masks};
use std::arch::x86_64::*;

minplus_kernels!(
    __m256i,
    xor: _mm256_xor_si256, set1: _mm256_set1_epi8, and: _mm256_and_si256, or: _mm256_or_si256,
    unpacklo: _mm256_unpacklo_epi8, unpackhi: _mm256_unpackhi_epi8,
    shuffle32: _mm256_shuffle_epi32, shufflelo: _mm256_shufflelo_epi16,
    shufflehi: _mm256_shufflehi_epi16,
    shl_bytes: _mm256_slli_si256, shr_bytes: _mm256_srli_si256,
    shl16: _mm256_slli_epi16, shr16: _mm256_srli_epi16,
    subs: _mm256_subs_epu8, adds: _mm256_adds_epu8, max: _mm256_max_epu8, cmpeq: _mm256_cmpeq_epi8,
);

/// `low` in the low half, `high` in the high half (both 16 readable bytes).
#[inline(always)]
fn two(low: *const u8, high: *const u8) -> __m256i {
    // SAFETY: the callers pass pointers to 16 readable bytes (lanes or a `MaskHalf`); the
    // unaligned loads have no alignment requirement. AVX as the module's doc says.
    unsafe { _mm256_loadu2_m128i(high as *const __m128i, low as *const __m128i) }
}

/// The low and the high half.
#[inline(always)]
fn halves(v: __m256i) -> (__m128i, __m128i) {
    // SAFETY: register operations, AVX2 as the module's doc says.
    unsafe { (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v)) }
}

/// [`super::distance4`] with the products of groups 0⊗1 and 2⊗3 in one.
///
/// # Safety
/// The CPU runs AVX2.
#[inline(always)]
pub unsafe fn distance4(l: &[Lanes16; 4], melds: usize) -> u8 {
    let n = product(
        two(l[0].as_ptr(), l[2].as_ptr()),
        complement(two(l[1].as_ptr(), l[3].as_ptr())),
    );
    let (n01, n23) = halves(n);
    sse2::joined(n01, n23, melds)
}

/// [`super::improving_slots`] two groups a register.
///
/// # Safety
/// The CPU runs AVX2.
#[inline(always)]
pub unsafe fn improving_slots(l: &[Lanes16; 4], masks: [Masks; 4], melds: usize) -> (u8, [u32; 4]) {
    match melds {
        4 => improving::<4>(l, masks),
        3 => improving::<3>(l, masks),
        2 => improving::<2>(l, masks),
        1 => improving::<1>(l, masks),
        _ => improving::<0>(l, masks),
    }
}

/// The lanes at most `M` melds use (`sse2::UPTO`), in both halves.
#[inline(always)]
fn upto<const M: usize>() -> __m256i {
    // SAFETY: reads the 16 bytes of a row of `UPTO`, unaligned; AVX2 as the module's doc says.
    unsafe {
        _mm256_broadcastsi128_si256(_mm_loadu_si128(sse2::UPTO[M].as_ptr() as *const __m128i))
    }
}

#[inline(always)]
fn improving<const M: usize>(l: &[Lanes16; 4], masks: [Masks; 4]) -> (u8, [u32; 4]) {
    let lanes = |a: usize, b: usize| two(l[a].as_ptr(), l[b].as_ptr());
    // [!(0⊗1) | !(2⊗3)], the lanes past 4 melds unreachable: each the other's rest.
    let n = product(lanes(0, 2), complement(lanes(1, 3)));
    // SAFETY: register operations, AVX2 as the module's doc says.
    let n = unsafe { _mm256_and_si256(n, upto::<MAX_MELDS>()) };
    let (n01, n23) = halves(n);
    let s = sse2::join::<M>(n01, n23);
    // SAFETY: register operations, AVX2 as the module's doc says.
    let (n23s, n01s, target) = unsafe {
        (
            _mm256_permute4x64_epi64::<0xEE>(n),
            _mm256_permute4x64_epi64::<0x44>(n),
            _mm256_set1_epi8(s as i8),
        )
    };
    // The rest of each group: [1⊗(2⊗3) | 0⊗(2⊗3)] and [3⊗(0⊗1) | 2⊗(0⊗1)].
    let rest = [product(lanes(1, 0), n23s), product(lanes(3, 2), n01s)];
    let half = |h: &MaskHalf| h.0.as_ptr() as *const u8;
    let mut slots = [0u32; 4];
    for (k, rest) in rest.into_iter().enumerate() {
        let (g, h) = (2 * k, 2 * k + 1);
        let x = optimal_slots::<M>(
            lanes(g, h),
            rest,
            target,
            upto::<M>(),
            two(half(masks[g].low), half(masks[h].low)),
            two(half(masks[g].high), half(masks[h].high)),
        );
        let (a, b) = halves(x);
        // SAFETY: register operations (SSE2).
        unsafe {
            slots[g] = _mm_cvtsi128_si32(a) as u32 & 0xffff;
            slots[h] = _mm_cvtsi128_si32(b) as u32 & 0xffff;
        }
    }
    (s, slots)
}
