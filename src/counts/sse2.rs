//! The count check and total, the group keys, sizes and count planes in SSE2, from one
//! vector per group, and the index-layout masks from the counts' three pieces.
//!
//! Keys: the slot weights are `5^s` for slots 0..5 and `5^(s-5) << 12` above
//! ([`slot_weight`]); a 16-bit multiply-add takes slots 0..6 at their full weight (up to
//! `1 << 12`) and slots 6, 7 and 8 at `5^(s-5)`, shifted up after a transpose. Planes: a
//! count of at most 4 is its three bits, and a byte mask of each bit per group gives the
//! planes in a few word operations (`c > 0`: any bit; `c > 1`: bit 1 or 2; `c > 2`: bit 2,
//! or bits 0 and 1; `c > 3`: bit 2). Chosen over one count at a time for the keys and a
//! spaced copy with four compares per plane, which cost `Hand::new` from counts more
//! instructions (`scripts/instructions`, the counts rows).
//!
//! Plain functions, always inlined, with no closures or iterators: `#[target_feature]`
//! functions and closures were left out of line in the C ABI's large entry points (the keys
//! and planes then came back through memory, and planes the answer never read were
//! computed). The intrinsics are sound to call because SSE2 is part of every x86_64 target,
//! as asserted below.

use std::arch::x86_64::*;

const _: () = assert!(cfg!(target_feature = "sse2"));

use crate::tile::Counts;
use hupai_gen::slot_weight;

// The places the planes put a group's bits at are those of `spaced_bit`: suit `s` from
// 11 s on, honor `j` at 33 + 3 j.
const _: () = {
    let mut i = 0;
    while i < 34 {
        let place = if i < 27 {
            11 * (i / 9) + i % 9
        } else {
            33 + 3 * (i - 27)
        };
        assert!(crate::kinds::spaced_bit(i) == 1 << place);
        i += 1;
    }
};

// The weights below are those of `slot_weight`.
const _: () = {
    let lo = [1, 5, 25, 125, 625];
    let mut s = 0;
    while s < 9 {
        let want = if s < 5 { lo[s] } else { lo[s - 5] << 12 };
        assert!(slot_weight(s) == want);
        s += 1;
    }
};

/// Spaced bits of the honors (bit `3 j` for honor `j`) of a 7-bit honor mask.
const HONOR_SPREAD: [u64; 128] = {
    let mut t = [0u64; 128];
    let mut m = 0;
    while m < 128 {
        let mut j = 0;
        while j < 7 {
            if m >> j & 1 == 1 {
                t[m] |= 1 << (3 * j);
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// The counts as bytes 0..16, 16..32 and 32..34 (zeros above): the pieces a copy of the
/// array writes, since loads that span two of a caller's recent stores wait for both.
#[inline(always)]
fn pieces(counts: &Counts) -> [__m128i; 3] {
    let p = counts.as_ptr();
    // SAFETY: the loads read bytes 0..16, 16..32 and 32..34 of the 34.
    unsafe {
        [
            _mm_loadu_si128(p as *const __m128i),
            _mm_loadu_si128(p.add(16) as *const __m128i),
            _mm_cvtsi32_si128(u16::from_le_bytes([*p.add(32), *p.add(33)]) as i32),
        ]
    }
}

#[inline(always)]
pub fn at_most_four(counts: &Counts) -> bool {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let x = pieces(counts);
        let four = _mm_set1_epi8(4);
        // Unsigned: a byte is at most 4 iff max(b, 4) == 4.
        let most = _mm_max_epu8(_mm_max_epu8(x[0], x[1]), x[2]);
        let all = _mm_cmpeq_epi8(_mm_max_epu8(most, four), four);
        _mm_movemask_epi8(all) == 0xFFFF
    }
}

#[inline(always)]
pub fn total_if_at_most_four(counts: &Counts) -> Option<usize> {
    if !at_most_four(counts) {
        return None;
    }
    Some(sum_of(pieces(counts)) as usize)
}

/// The top bits of the three [`pieces`]' vectors as a mask in the index layout (bit `i`:
/// count `i`'s byte).
#[inline(always)]
fn index_bits(v: [__m128i; 3]) -> u64 {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        _mm_movemask_epi8(v[0]) as u32 as u64
            | (_mm_movemask_epi8(v[1]) as u32 as u64) << 16
            | ((_mm_movemask_epi8(v[2]) & 3) as u64) << 32
    }
}

/// The kinds held, in the index layout, from the [`pieces`].
#[inline(always)]
pub fn held(counts: &Counts) -> u64 {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let x = pieces(counts);
        let zero = _mm_setzero_si128();
        let empty = index_bits([
            _mm_cmpeq_epi8(x[0], zero),
            _mm_cmpeq_epi8(x[1], zero),
            _mm_cmpeq_epi8(x[2], zero),
        ]);
        !empty & ((1 << 34) - 1)
    }
}

/// The held, odd and pairs-or-more masks in the index layout, from the [`pieces`].
#[inline(always)]
pub fn index_masks(counts: &Counts) -> [u64; 3] {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let x = pieces(counts);
        // A word shift by 7 moves each byte's bit 0 to its top bit.
        let odd = index_bits([
            _mm_slli_epi16::<7>(x[0]),
            _mm_slli_epi16::<7>(x[1]),
            _mm_slli_epi16::<7>(x[2]),
        ]);
        let one = _mm_set1_epi8(1);
        let pairs = index_bits([
            _mm_cmpgt_epi8(x[0], one),
            _mm_cmpgt_epi8(x[1], one),
            _mm_cmpgt_epi8(x[2], one),
        ]);
        [held(counts), odd, pairs]
    }
}

/// The sum of the bytes of three [`pieces`].
#[inline(always)]
fn sum_of(x: [__m128i; 3]) -> u32 {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        // Sums of each eight bytes, in the two 64-bit halves.
        let zero = _mm_setzero_si128();
        let sums = _mm_add_epi64(
            _mm_add_epi64(_mm_sad_epu8(x[0], zero), _mm_sad_epu8(x[1], zero)),
            _mm_sad_epu8(x[2], zero),
        );
        let total = _mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums));
        _mm_cvtsi128_si32(total) as u32
    }
}

/// Per kind `i` and count `c` (at `5 i + c`): what `c` copies of kind `i` add to the group
/// keys, in the lane of its group (`c × slot_weight`).
static KEY_PART: [[u32; 4]; 5 * 34] = {
    let mut t = [[0u32; 4]; 5 * 34];
    let mut i = 0;
    while i < 34 {
        let mut c = 0;
        while c < 5 {
            t[5 * i + c][i / 9] = c as u32 * slot_weight(i % 9);
            c += 1;
        }
        i += 1;
    }
    t
};

/// The group keys, the group sizes, the wildcards and the number of wild kinds of the real
/// tiles of counts of at most 4 each, the kinds of `wild` (index layout, not zero) wild: the
/// keys and sizes of all the counts, less each wild kind's part. A kind's part of the keys is
/// one vector from [`KEY_PART`], summed in a register and taken out once; its part of the
/// sizes a shift; the kinds counted in the same pass (the baseline has no popcount
/// instruction). The keys are worked out where `KEYS` asks (zeros otherwise). Chosen over
/// zeroing the wild kinds' bytes in the vectors before the keys (a byte mask spread from the
/// 34 bits): that cost 30 instructions more a hand with one wild kind
/// (`scripts/instructions --cases`, random-1).
#[inline(always)]
pub fn real_groups<const KEYS: bool, const SSSE3: bool>(
    counts: &Counts,
    wild: u64,
) -> ([u32; 4], [u8; 4], u8, u8) {
    let x = pieces(counts);
    // SAFETY: SSE2 intrinsics on registers, and 16-byte loads of `KEY_PART`'s entries.
    unsafe {
        let mut key_out = _mm_setzero_si128();
        let (mut size_out, mut wildcards, mut kinds) = (0u32, 0u8, 0u8);
        let mut rest = wild;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            let c = counts[i];
            if KEYS {
                let part = &KEY_PART[5 * i + c as usize];
                key_out = _mm_add_epi32(key_out, _mm_loadu_si128(part.as_ptr() as *const __m128i));
            }
            size_out += (c as u32) << (8 * (i / 9));
            wildcards += c;
            kinds += 1;
            rest &= rest - 1;
        }
        let mut keys = [0u32; 4];
        if KEYS {
            let real = _mm_sub_epi32(keys_of::<SSSE3>(x), key_out);
            _mm_storeu_si128(keys.as_mut_ptr() as *mut __m128i, real);
        }
        let sizes = u32::from_le_bytes(sizes_of(x)).wrapping_sub(size_out);
        (keys, sizes.to_le_bytes(), wildcards, kinds)
    }
}

/// One vector per group: its counts in bytes 0..9 (honors 0..7), zeros above, from the
/// [`pieces`] (loads at 0, 9 and 18 span a copy's stores, which costs a store-forwarding
/// stall; the pieces keep the time with fewer instructions: `cargo bench --bench callers`).
#[inline(always)]
fn groups(x: [__m128i; 3]) -> [__m128i; 4] {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let [a, b, c] = x;
        let nine = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0);
        [
            // Bytes 0..9, 9..18, 18..27 and 27..34.
            _mm_and_si128(a, nine),
            _mm_and_si128(
                _mm_or_si128(_mm_srli_si128::<9>(a), _mm_slli_si128::<7>(b)),
                nine,
            ),
            _mm_and_si128(_mm_srli_si128::<2>(b), nine),
            _mm_or_si128(_mm_srli_si128::<11>(b), _mm_slli_si128::<5>(c)),
        ]
    }
}

#[inline(always)]
pub fn group_keys<const SSSE3: bool>(counts: &Counts) -> [u32; 4] {
    let mut out = [0u32; 4];
    // SAFETY: one store of 16 bytes into the 16 bytes of `out`.
    unsafe {
        _mm_storeu_si128(
            out.as_mut_ptr() as *mut __m128i,
            keys_of::<SSSE3>(pieces(counts)),
        )
    };
    out
}

/// The group keys of the counts of three [`pieces`]: by [`super::ssse3`] where `SSSE3` asks
/// for it or the target has it, by [`keys_vector`] otherwise.
#[inline(always)]
fn keys_of<const SSSE3: bool>(x: [__m128i; 3]) -> __m128i {
    if SSSE3 || cfg!(target_feature = "ssse3") {
        // SAFETY: `SSSE3` is asked for only by the copies compiled for x86-64-v3, which run
        // only on a CPU that has it (`crate::isa`); else the target has it.
        unsafe { super::ssse3::keys_vector(x) }
    } else {
        keys_vector(x)
    }
}

/// The group keys of the counts of three [`pieces`], one a lane.
#[inline(always)]
fn keys_vector(x: [__m128i; 3]) -> __m128i {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let g = groups(x);
        let zero = _mm_setzero_si128();
        // Slots 0..8 as words, multiplied and added in pairs: [s0 + 5 s1, 25 s2 + 125 s3,
        // 625 s4 + 4096 s5, 5 s6 + 25 s7]; the last is the high part of the key beyond s5.
        let w = _mm_setr_epi16(1, 5, 25, 125, 625, 1 << 12, 5, 25);
        let a: [__m128i; 4] = [
            _mm_madd_epi16(_mm_unpacklo_epi8(g[0], zero), w),
            _mm_madd_epi16(_mm_unpacklo_epi8(g[1], zero), w),
            _mm_madd_epi16(_mm_unpacklo_epi8(g[2], zero), w),
            _mm_madd_epi16(_mm_unpacklo_epi8(g[3], zero), w),
        ];
        // Slot 8 (the first word of the high bytes) at 125, high part too.
        let w8 = _mm_setr_epi16(125, 0, 0, 0, 0, 0, 0, 0);
        let e: [__m128i; 4] = [
            _mm_madd_epi16(_mm_unpackhi_epi8(g[0], zero), w8),
            _mm_madd_epi16(_mm_unpackhi_epi8(g[1], zero), w8),
            _mm_madd_epi16(_mm_unpackhi_epi8(g[2], zero), w8),
            _mm_madd_epi16(_mm_unpackhi_epi8(g[3], zero), w8),
        ];
        // Transpose: dword d of every group side by side.
        let (lo01, lo23) = (
            _mm_unpacklo_epi32(a[0], a[1]),
            _mm_unpacklo_epi32(a[2], a[3]),
        );
        let (hi01, hi23) = (
            _mm_unpackhi_epi32(a[0], a[1]),
            _mm_unpackhi_epi32(a[2], a[3]),
        );
        let d0 = _mm_unpacklo_epi64(lo01, lo23);
        let d1 = _mm_unpackhi_epi64(lo01, lo23);
        let d2 = _mm_unpacklo_epi64(hi01, hi23);
        let d3 = _mm_unpackhi_epi64(hi01, hi23);
        let e = _mm_unpacklo_epi64(
            _mm_unpacklo_epi32(e[0], e[1]),
            _mm_unpacklo_epi32(e[2], e[3]),
        );
        let low = _mm_add_epi32(_mm_add_epi32(d0, d1), d2);
        _mm_add_epi32(low, _mm_slli_epi32::<12>(_mm_add_epi32(d3, e)))
    }
}

#[inline(always)]
pub fn group_sizes(counts: &Counts) -> [u8; 4] {
    sizes_of(pieces(counts))
}

/// The group sizes of the counts of three [`pieces`], without the [`groups`]' shuffles: the
/// byte sums of the 8-byte chunks (0..8, 8..16, 16..24, 24..32, 32..34), each group's
/// chunk less the bytes of its chunk the group before holds, plus those of the next chunk
/// it holds (bytes 8, 16..18 and 24..27: one more byte sum of those alone).
#[inline(always)]
fn sizes_of(x: [__m128i; 3]) -> [u8; 4] {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let zero = _mm_setzero_si128();
        // Bytes 8 of the first piece; 0, 1 (16, 17) and 8, 9, 10 (24..27) of the second.
        let edge0 = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0);
        let edge1 = _mm_setr_epi8(-1, -1, 0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0, 0, 0);
        // Chunk sums as dwords [c0, c1, c2, c3]; edge sums [0, b8, b16..18, b24..27].
        let chunks = _mm_packs_epi32(_mm_sad_epu8(x[0], zero), _mm_sad_epu8(x[1], zero));
        let edges = _mm_packs_epi32(
            _mm_sad_epu8(_mm_and_si128(x[0], edge0), zero),
            _mm_sad_epu8(_mm_and_si128(x[1], edge1), zero),
        );
        // What each group takes from the next chunk: [b8, b16..18, b24..27, c4].
        let tail = _mm_slli_si128::<12>(_mm_sad_epu8(x[2], zero));
        let next = _mm_or_si128(_mm_srli_si128::<4>(edges), tail);
        let sizes = _mm_add_epi32(_mm_sub_epi32(chunks, edges), next);
        // Each at most 36: dwords to words to bytes.
        let words = _mm_packs_epi32(sizes, sizes);
        (_mm_cvtsi128_si32(_mm_packus_epi16(words, words)) as u32).to_le_bytes()
    }
}

/// The top bits of the four group vectors, spaced: each group's byte mask put in place.
#[inline(always)]
fn spaced_bits(v: [__m128i; 4]) -> u64 {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    let m = unsafe {
        [
            _mm_movemask_epi8(v[0]) as u32 as u64,
            _mm_movemask_epi8(v[1]) as u32 as u64,
            _mm_movemask_epi8(v[2]) as u32 as u64,
            _mm_movemask_epi8(v[3]) as u32 as u64,
        ]
    };
    m[0] | m[1] << 11 | m[2] << 22 | HONOR_SPREAD[m[3] as usize & 127] << 33
}

#[inline(always)]
pub fn count_planes(counts: &Counts) -> [u64; 4] {
    // SAFETY: SSE2 intrinsics on registers (SSE2 is on for every x86_64 target).
    unsafe {
        let g = groups(pieces(counts));
        // A word shift by 7 - B moves each byte's bit B to its top bit.
        let b0 = spaced_bits([
            _mm_slli_epi16::<7>(g[0]),
            _mm_slli_epi16::<7>(g[1]),
            _mm_slli_epi16::<7>(g[2]),
            _mm_slli_epi16::<7>(g[3]),
        ]);
        let b1 = spaced_bits([
            _mm_slli_epi16::<6>(g[0]),
            _mm_slli_epi16::<6>(g[1]),
            _mm_slli_epi16::<6>(g[2]),
            _mm_slli_epi16::<6>(g[3]),
        ]);
        let b2 = spaced_bits([
            _mm_slli_epi16::<5>(g[0]),
            _mm_slli_epi16::<5>(g[1]),
            _mm_slli_epi16::<5>(g[2]),
            _mm_slli_epi16::<5>(g[3]),
        ]);
        [b0 | b1 | b2, b1 | b2, b2 | (b0 & b1), b2]
    }
}
