//! Tiles left to draw, kept as bit planes: bit `b` of plane `b` for kind `i` is bit `b` of
//! `4 - visible[i]` (0..=4). The copies an improving mask reaches are then three popcounts,
//! and the kinds it reaches one AND, however many kinds improve (a random 13-tile hand has 14
//! on average: a per-kind loop pays for each; `scripts/instructions` counts ukeire).
//!
//! The test `tests::module_example` below is an example at work.

use crate::tile::Counts;

/// Copies left of every kind, as three 34-bit planes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remaining {
    planes: [u64; 3],
}

impl Remaining {
    /// From the visible counts (concealed, melds and seen); a count above 4 leaves none.
    #[inline]
    pub fn new(visible: &Counts) -> Remaining {
        #[cfg(target_arch = "x86_64")]
        {
            Remaining {
                planes: sse2::planes(visible),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Remaining::portable(visible)
        }
    }

    /// [`Remaining::new`] kind by kind (the definition; other architectures use it).
    #[cfg(any(test, not(target_arch = "x86_64")))]
    pub fn portable(visible: &Counts) -> Remaining {
        let mut planes = [0u64; 3];
        for (i, &v) in visible.iter().enumerate() {
            let left = 4u8.saturating_sub(v) as u64;
            for (b, p) in planes.iter_mut().enumerate() {
                *p |= (left >> b & 1) << i;
            }
        }
        Remaining { planes }
    }

    /// The kinds of `improving` that remain, and how many copies of them remain.
    #[inline(always)]
    pub fn count(&self, improving: u64) -> (u64, u32) {
        let [p0, p1, p2] = self.planes;
        let tiles = improving & (p0 | p1 | p2);
        let count = (tiles & p0).count_ones()
            + 2 * (tiles & p1).count_ones()
            + 4 * (tiles & p2).count_ones();
        (tiles, count)
    }
}

/// The planes in SSE2: `4 - v` with a saturating subtract, bit `b` of every byte moved to the
/// top with a shift and gathered by `movemask`, where the portable definition
/// ([`Remaining::portable`], which the unit tests hold it to) loops over the kinds: a visible
/// share of a 13-tile ukeire, guarded by the ukeire rows of `cargo bench --bench callers` and
/// `scripts/instructions`.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use crate::tile::Counts;
    use std::arch::x86_64::*;

    #[inline(always)]
    pub fn planes(visible: &Counts) -> [u64; 3] {
        let mut tail = [0u8; 16];
        tail[..2].copy_from_slice(&visible[32..34]);
        let mut planes = [0u64; 3];
        // SAFETY: the loads read 16 bytes each, within `visible` (bytes 0..16 and 16..32 of
        // its 34) and within `tail`; unaligned loads; SSE2 is part of the x86_64 baseline.
        unsafe {
            let four = _mm_set1_epi8(4);
            let chunks = [
                _mm_loadu_si128(visible.as_ptr() as *const __m128i),
                _mm_loadu_si128(visible.as_ptr().add(16) as *const __m128i),
                _mm_loadu_si128(tail.as_ptr() as *const __m128i),
            ];
            for (c, &v) in chunks.iter().enumerate() {
                let left = _mm_subs_epu8(four, v);
                let bits = [
                    _mm_movemask_epi8(_mm_slli_epi16::<7>(left)),
                    _mm_movemask_epi8(_mm_slli_epi16::<6>(left)),
                    _mm_movemask_epi8(_mm_slli_epi16::<5>(left)),
                ];
                for (p, b) in planes.iter_mut().zip(bits) {
                    *p |= ((b as u32 & 0xffff) as u64) << (16 * c);
                }
            }
        }
        // The padding of `tail` (kinds 34..48) has 4 left: drop it.
        planes.map(|p| p & ((1 << 34) - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The module's example (a test: the module is private to the crate).
    #[test]
    fn module_example() {
        use crate::remaining::Remaining;
        let mut visible = [0u8; 34];
        visible[0] = 4; // 1m: all four seen
        visible[1] = 1; // 2m: three left
        let r = Remaining::new(&visible);
        assert_eq!(r.count(0b111), (0b110, 3 + 4)); // 1m 2m 3m improve: 2m and 3m remain
    }

    #[test]
    fn planes_match_the_definition_and_count_matches_a_loop() {
        let mut seed = 3u64;
        for _ in 0..100_000 {
            let mut visible = [0u8; 34];
            for v in visible.iter_mut() {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                *v = ((seed >> 33) % 7) as u8; // 5 and 6: more than 4 seen leaves none
            }
            let r = Remaining::new(&visible);
            assert_eq!(r, Remaining::portable(&visible), "{visible:?}");
            let improving = seed >> 20 & ((1 << 34) - 1);
            let (tiles, count) = r.count(improving);
            let mut want = (0u64, 0u32);
            for (i, &v) in visible.iter().enumerate() {
                let left = 4u32.saturating_sub(v as u32);
                if improving >> i & 1 == 1 && left > 0 {
                    want.0 |= 1 << i;
                    want.1 += left;
                }
            }
            assert_eq!((tiles, count), want);
        }
    }
}
