//! The group keys in SSSE3: a byte shuffle and a byte multiply-add a group, where SSE2 takes
//! the groups apart with shifts and widens each to words before it multiplies
//! ([`super::sse2`]'s keys). The copies of the counts entries compiled for x86-64-v3 (chosen
//! at run time, `crate::isa`) call it, and so does every entry where the crate is compiled
//! for a target with SSSE3: 11 to 13 instructions fewer a hand whose keys are worked out
//! (callgrind, the win check from counts and shanten at x86-64-v3).

use std::arch::x86_64::*;

/// The group keys of the counts of three pieces (bytes 0..16, 16..32 and 32..34, zeros
/// above), one a lane, as `sse2`'s keys are: each group's slots put as [s0..s4, 0, s5..s8]
/// by a shuffle, multiplied by [1, 5, 25, 125, 1, 0, 1, 5, 25, 125] and added in pairs, the
/// words then by [1, 1, 625, 4096, 4096] and added in pairs: three dwords whose sum is the
/// key (slots 0..4 at `5^s`, slots 5..8 at `5^(s-5) << 12`); three horizontal adds sum them.
///
/// # Safety
/// The CPU runs SSSE3.
#[target_feature(enable = "ssse3")]
#[inline]
pub(super) unsafe fn keys_vector(x: [__m128i; 3]) -> __m128i {
    let [a, b, c] = x;
    let z = -128i8; // a shuffle index that writes zero
    let at0 = _mm_setr_epi8(0, 1, 2, 3, 4, z, 5, 6, 7, 8, z, z, z, z, z, z);
    let at2 = _mm_setr_epi8(2, 3, 4, 5, 6, z, 7, 8, 9, 10, z, z, z, z, z, z);
    let bytes = _mm_setr_epi8(1, 5, 25, 125, 1, 0, 1, 5, 25, 125, 0, 0, 0, 0, 0, 0);
    let words = _mm_setr_epi16(1, 1, 625, 1 << 12, 1 << 12, 0, 0, 0);
    let key = |g: __m128i, at: __m128i| {
        _mm_madd_epi16(_mm_maddubs_epi16(_mm_shuffle_epi8(g, at), bytes), words)
    };
    // Groups at bytes 0, 9, 18 and 27: the second and the last span two pieces.
    let k0 = key(a, at0);
    let k1 = key(_mm_alignr_epi8::<9>(b, a), at0);
    let k2 = key(b, at2);
    let k3 = key(_mm_alignr_epi8::<11>(c, b), at0);
    _mm_hadd_epi32(_mm_hadd_epi32(k0, k1), _mm_hadd_epi32(k2, k3))
}
