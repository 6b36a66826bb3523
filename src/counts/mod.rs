//! From a hand's 34 counts to what a [`crate::Hand`] keeps of them: the key of each group
//! (what the tables are looked up by), and the count planes and group sizes (what the win
//! screens read).
//!
//! This is the whole cost of building a hand from counts, the path of the C ABI, `batch` and
//! servers that keep counts, so all come from the same four vectors on x86_64: one per
//! group, its counts in bytes 0..9 (three loads of the 34 bytes and a few shifts, no copy).
//! The portable definitions are what the SSE2 code is tested against.
//!
//! The test `tests::module_example` below is an example at work.

use crate::kinds::{spaced_bit, KindMasks};
use crate::tile::{Counts, TileSet, KINDS};
use hupai_gen::group_key;

/// What the counts entries read of a concealed hand before any table: its tile total, its
/// wildcards and wild kinds, and (by `WHAT`, as [`crate::Hand`]'s build names them) the sizes of
/// its groups' real tiles ([`Lean::SIZES`]) or their group keys ([`Lean::KEYS`]). No count
/// plane and no [`crate::Hand`]: the win check screens the standard form by the sizes and looks
/// the groups up only for a hand they let through; shanten reads the keys alone
/// (`Engine::is_win_counts`, `Engine::shanten_counts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lean {
    /// The number of concealed tiles, wildcards included.
    pub(crate) total: usize,
    /// The real (non-wild) tiles of each group (zeros unless asked).
    pub(crate) sizes: [u8; 4],
    /// The group keys of the real tiles (zeros unless asked).
    pub(crate) keys: [u32; 4],
    /// The copies of wild kinds held.
    pub(crate) wildcards: u8,
    /// The number of wild kinds.
    pub(crate) wild_kinds: u8,
}

impl Lean {
    /// What [`Lean::of`] works out: the group sizes.
    pub(crate) const SIZES: u8 = 1;
    /// What [`Lean::of`] works out: the group keys.
    pub(crate) const KEYS: u8 = 2;

    /// The lean view of counts of at most 4 each and wild kinds among the 34; `None` when a
    /// count is past 4 or a wild bit past the 34 kinds (the hand path then names the error).
    /// The check, the sizes and the keys come from the same vector loads ([`real_groups`]);
    /// the total from the sizes and wildcards where the sizes are asked, else from its own
    /// sums.
    #[inline(always)]
    pub(crate) fn of<const WHAT: u8, const SSSE3: bool>(
        counts: &Counts,
        wild: TileSet,
    ) -> Option<Lean> {
        // The count check (and the total where no size is asked) on all the counts.
        let total = if WHAT & Lean::SIZES != 0 {
            if !at_most_four(counts) {
                return None;
            }
            0
        } else {
            total_if_at_most_four(counts)?
        };
        let RealGroups {
            keys,
            sizes,
            wildcards,
            wild_kinds,
        } = if wild.0 == 0 {
            real_groups::<WHAT, SSSE3>(counts, TileSet::EMPTY)
        } else if wild.0 >> KINDS != 0 {
            // Checked only where there is a wild kind: a test fewer for most hands.
            return None;
        } else {
            real_groups::<WHAT, SSSE3>(counts, wild)
        };
        let total = if WHAT & Lean::SIZES != 0 {
            // Each size at most 36, their sum below 256: the total in the top byte.
            (u32::from_le_bytes(sizes).wrapping_mul(0x0101_0101) >> 24) as usize
                + wildcards as usize
        } else {
            total
        };
        Some(Lean {
            total,
            sizes,
            keys,
            wildcards,
            wild_kinds,
        })
    }
}

/// The count planes ([`count_planes`]) of the real tiles of `counts`: the wild kinds' bits
/// cleared.
#[inline(always)]
pub(crate) fn real_planes(counts: &Counts, wild: TileSet) -> [u64; 4] {
    let mut planes = count_planes(counts);
    if wild.0 != 0 {
        let wild = crate::kinds::spaced_set(wild);
        for plane in &mut planes {
            *plane &= !wild;
        }
    }
    planes
}

/// The kind masks of the real tiles of `counts` in the *index* layout (bit `i` is kind `i`,
/// as in a [`TileSet`]), not the spaced one of a hand's ([`crate::kinds`]): one compare and
/// one movemask per 16 counts and mask, where the spaced planes take a shift, a movemask and
/// a spread per group and plane. For the screens that read no neighbours: the special forms'
/// before a counts entry builds a hand (`WinScreen::forms_may_win_indexed`).
#[inline(always)]
pub(crate) fn index_masks(counts: &Counts, wild: TileSet) -> KindMasks {
    #[cfg(target_arch = "x86_64")]
    let [held, odd, pairs_or_more] = sse2::index_masks(counts);
    #[cfg(not(target_arch = "x86_64"))]
    let [held, odd, pairs_or_more] = index_masks_portable(counts);
    let real = !wild.0;
    KindMasks {
        single: held & !pairs_or_more & real,
        odd: odd & real,
        pairs_or_more: pairs_or_more & real,
        held: held & real,
    }
}

/// The kinds `counts` holds, in the index layout (a [`TileSet`]'s bits): one compare and
/// one movemask per 16 counts (the scalar `tile::kinds_present` gathers bytes one word at a
/// time, which cost the counts entries of rules with kinds out of play more than their
/// table loads: `scripts/instructions --cases hongzhong`).
#[inline(always)]
pub(crate) fn held(counts: &Counts) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::held(counts)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        index_masks_portable(counts)[0]
    }
}

/// The held, odd and pairs-or-more masks of [`index_masks`], one count at a time: the
/// definition the SSE2 code is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn index_masks_portable(counts: &Counts) -> [u64; 3] {
    let mut m = [0u64; 3];
    for (i, &c) in counts.iter().enumerate() {
        m[0] |= ((c > 0) as u64) << i;
        m[1] |= ((c & 1) as u64) << i;
        m[2] |= ((c > 1) as u64) << i;
    }
    m
}

/// The group keys of the real tiles of `counts` (the wild kinds' copies taken back out: no
/// copy of the counts with them zeroed, which the vector loads would then wait for).
#[inline(always)]
pub(crate) fn real_keys<const SSSE3: bool>(counts: &Counts, wild: TileSet) -> [u32; 4] {
    real_groups::<{ Lean::KEYS }, SSSE3>(counts, wild).keys
}

/// The group keys and sizes (each where `WHAT` asks, as [`Lean::of`]'s, zeros otherwise)
/// of the real tiles of counts of at most 4 each, the copies of the kinds of `wild` held
/// (the wildcards) and the number of wild kinds: what [`Lean`] and a built [`crate::Hand`]
/// keep of them.
///
/// Most hands have no wild kind: the keys and sizes of all the counts. Otherwise those less
/// each wild kind's part, summed in a register and taken out once (on x86_64,
/// [`sse2::real_groups`]). The pass it replaced took each kind's part out with 128-bit
/// shifts: 12 to 55 instructions a hand more with wildcards (`scripts/instructions --cases`).
#[inline(always)]
pub(crate) fn real_groups<const WHAT: u8, const SSSE3: bool>(
    counts: &Counts,
    wild: TileSet,
) -> RealGroups {
    if wild.0 == 0 {
        return RealGroups {
            keys: if WHAT & Lean::KEYS != 0 {
                group_keys::<SSSE3>(counts)
            } else {
                [0; 4]
            },
            sizes: if WHAT & Lean::SIZES != 0 {
                group_sizes(counts)
            } else {
                [0; 4]
            },
            wildcards: 0,
            wild_kinds: 0,
        };
    }
    #[cfg(target_arch = "x86_64")]
    let (keys, sizes, wildcards, wild_kinds) = if WHAT & Lean::KEYS != 0 {
        sse2::real_groups::<true, SSSE3>(counts, wild.0)
    } else {
        sse2::real_groups::<false, SSSE3>(counts, wild.0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let (keys, sizes, wildcards, wild_kinds) = real_groups_portable(counts, wild);
    RealGroups {
        keys: if WHAT & Lean::KEYS != 0 { keys } else { [0; 4] },
        sizes: if WHAT & Lean::SIZES != 0 {
            sizes
        } else {
            [0; 4]
        },
        wildcards,
        wild_kinds,
    }
}

/// What [`real_groups`] works out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RealGroups {
    /// The group keys of the real tiles (zeros unless asked).
    pub(crate) keys: [u32; 4],
    /// The real tiles of each group (zeros unless asked).
    pub(crate) sizes: [u8; 4],
    /// The copies of wild kinds held.
    pub(crate) wildcards: u8,
    /// The number of wild kinds.
    pub(crate) wild_kinds: u8,
}

/// [`real_groups`]' keys, sizes, wildcards and wild kinds through a copy of the counts with
/// the wild kinds zeroed: the definition the SSE2 code is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn real_groups_portable(counts: &Counts, wild: TileSet) -> ([u32; 4], [u8; 4], u8, u8) {
    let mut real = *counts;
    let mut wildcards = 0;
    for t in wild.iter() {
        wildcards += real[t.index()];
        real[t.index()] = 0;
    }
    let kinds = wild.len() as u8;
    (
        group_keys_portable(&real),
        group_sizes_portable(&real),
        wildcards,
        kinds,
    )
}

/// The key of each group's counts: `Σ count × slot_weight(slot)` over the group's slots.
/// Counts of at most 4 each (a hand's). `SSSE3`: by [`ssse3`]'s kernel (only in code that
/// runs where the CPU has it: the copies compiled for x86-64-v3).
#[inline(always)]
pub(crate) fn group_keys<const SSSE3: bool>(counts: &Counts) -> [u32; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::group_keys::<SSSE3>(counts)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        group_keys_portable(counts)
    }
}

/// [`group_keys`] by the table generator's own key of a vector ([`group_key`]), one group
/// at a time: the definition the SSE2 code is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn group_keys_portable(counts: &Counts) -> [u32; 4] {
    std::array::from_fn(|g| {
        let slots = if g == 3 { 7 } else { 9 };
        group_key(&counts[9 * g..9 * g + slots])
    })
}

/// The number of tiles in each group (m, p, s, z).
#[inline(always)]
pub fn group_sizes(counts: &Counts) -> [u8; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::group_sizes(counts)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        group_sizes_portable(counts)
    }
}

/// [`group_sizes`] one count at a time: the definition the SSE2 code is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn group_sizes_portable(counts: &Counts) -> [u8; 4] {
    std::array::from_fn(|g| counts[9 * g..(9 * g + 9).min(34)].iter().sum())
}

/// Whether every count is at most 4 (counts a hand may hold).
#[inline(always)]
pub fn at_most_four(counts: &Counts) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::at_most_four(counts)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        total_if_at_most_four_portable(counts).is_some()
    }
}

/// The number of tiles, or `None` if a count is above 4 (counts a hand may hold).
#[inline(always)]
pub fn total_if_at_most_four(counts: &Counts) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::total_if_at_most_four(counts)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        total_if_at_most_four_portable(counts)
    }
}

/// [`total_if_at_most_four`] eight counts per step.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn total_if_at_most_four_portable(counts: &Counts) -> Option<usize> {
    let mut padded = [0u8; 40];
    padded[..counts.len()].copy_from_slice(counts);
    let words: [u64; 5] = std::array::from_fn(|i| {
        u64::from_le_bytes(padded[8 * i..8 * i + 8].try_into().expect("eight bytes"))
    });
    // A byte above 4 sets its top bit in `b | (b + 123)` (a byte of 128 or more already has
    // it; a carry out of such a byte only reaches a word that is refused anyway).
    let over = words.iter().fold(0, |a, &w| {
        a | (w | w.wrapping_add(0x7B7B_7B7B_7B7B_7B7B)) & 0x8080_8080_8080_8080
    });
    // Each byte is at most 4, so a word's bytes sum in its top byte.
    (over == 0).then(|| {
        words
            .iter()
            .map(|w| (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize)
            .sum()
    })
}

/// The count planes of counts of at most 4 each: plane `k` holds, in the spaced layout
/// ([`spaced_bit`]), the kinds held more than `k` times (what a hand keeps,
/// [`crate::kinds::KindMasks::from_planes`]).
#[inline(always)]
pub fn count_planes(counts: &Counts) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::count_planes(counts)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        count_planes_portable(counts)
    }
}

/// [`count_planes`] eight counts per step, through a copy of the counts laid out one byte
/// per spaced bit (other architectures; the SSE2 code is tested against it).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn count_planes_portable(counts: &Counts) -> [u64; 4] {
    let mut spaced = [0u8; 64];
    for (i, &c) in counts.iter().enumerate() {
        spaced[spaced_bit(i).trailing_zeros() as usize] = c;
    }
    std::array::from_fn(|k| {
        // A byte b of at most 4: b + 127 - k has its top bit set iff b > k.
        let add = (0x7F - k as u64) * 0x0101_0101_0101_0101;
        let mut plane = 0u64;
        for (c, bytes) in spaced.chunks_exact(8).enumerate() {
            let w = u64::from_le_bytes(bytes.try_into().expect("eight bytes"));
            plane |= crate::tile::gather_bytes(w.wrapping_add(add) >> 7) << (8 * c);
        }
        plane
    })
}

#[cfg(target_arch = "x86_64")]
mod sse2;
#[cfg(target_arch = "x86_64")]
mod ssse3;

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_gen::slot_weight;

    /// The module's example (a test: the module is private to the crate).
    #[test]
    fn module_example() {
        use crate::counts::{count_planes, group_keys};
        let mut counts = [0u8; 34];
        counts[0] = 2; // 1m ×2
        counts[13] = 1; // 5p
        counts[27] = 4; // 1z ×4
        assert_eq!(group_keys::<false>(&counts), [2, 625, 0, 4]); // Σ count × slot weight
        assert_eq!(count_planes(&counts)[1].count_ones(), 2); // 1m and 1z: held twice or more
    }

    fn random_counts(seed: &mut u64) -> Counts {
        std::array::from_fn(|_| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*seed >> 33) % 5) as u8
        })
    }

    /// Plane `k`: the kinds held more than `k` times, bit by bit.
    fn planes_by_definition(counts: &Counts) -> [u64; 4] {
        let mut want = [0u64; 4];
        for (i, &c) in counts.iter().enumerate() {
            for plane in want.iter_mut().take(c as usize) {
                *plane |= spaced_bit(i);
            }
        }
        want
    }

    #[test]
    fn index_masks_match_their_definition() {
        let mut seed = 6u64;
        for n in 0..200_000u64 {
            let counts = random_counts(&mut seed);
            let wild = TileSet((seed >> 7) & ((1 << 34) - 1) & if n % 2 == 0 { 0 } else { !0 });
            let m = index_masks(&counts, wild);
            let real = |i: usize| wild.0 >> i & 1 == 0;
            let of = |f: &dyn Fn(u8) -> bool| {
                (0..34)
                    .filter(|&i| real(i) && f(counts[i]))
                    .fold(0u64, |a, i| a | 1 << i)
            };
            assert_eq!(m.held, of(&|c| c > 0), "{counts:?}");
            assert_eq!(m.odd, of(&|c| c % 2 == 1), "{counts:?}");
            assert_eq!(m.pairs_or_more, of(&|c| c > 1), "{counts:?}");
            assert_eq!(m.single, of(&|c| c == 1), "{counts:?}");
            assert_eq!(held(&counts), of_all(&counts, 0));
            let portable = index_masks_portable(&counts);
            assert_eq!(
                portable,
                [of_all(&counts, 0), of_all(&counts, 1), of_all(&counts, 2)]
            );
        }
    }

    /// The held (0), odd (1) or pairs-or-more (2) mask of every kind, wild or not.
    fn of_all(counts: &Counts, which: u8) -> u64 {
        (0..34)
            .filter(|&i| match which {
                0 => counts[i] > 0,
                1 => counts[i] % 2 == 1,
                _ => counts[i] > 1,
            })
            .fold(0u64, |a, i| a | 1 << i)
    }

    #[test]
    fn count_planes_match_their_definition() {
        let mut seed = 5u64;
        for _ in 0..200_000 {
            let counts = random_counts(&mut seed);
            let want = planes_by_definition(&counts);
            assert_eq!(count_planes(&counts), want, "{counts:?}");
            assert_eq!(count_planes_portable(&counts), want, "{counts:?}");
        }
    }

    /// Whether code that asks for SSSE3 may run here (x86_64 CPUs without it are from before
    /// 2011; elsewhere `SSSE3` picks the portable code).
    fn ssse3_runs() -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            std::arch::is_x86_feature_detected!("ssse3")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            true
        }
    }

    #[test]
    fn group_keys_match_their_definition_for_every_group_vector() {
        // Every vector of every group (5^9 for a suit, 5^7 for the honors), the other groups
        // random, against the sum over slots.
        let mut seed = 9u64;
        for g in 0..4 {
            let slots = if g == 3 { 7 } else { 9 };
            for code in 0..5u32.pow(slots) {
                let mut counts = random_counts(&mut seed);
                let mut c = code;
                for s in 0..slots as usize {
                    counts[9 * g + s] = (c % 5) as u8;
                    c /= 5;
                }
                let want: [u32; 4] = std::array::from_fn(|h| {
                    let n = if h == 3 { 7 } else { 9 };
                    (0..n)
                        .map(|s| counts[9 * h + s] as u32 * slot_weight(s))
                        .sum()
                });
                assert_eq!(group_keys::<false>(&counts), want, "{counts:?}");
                if ssse3_runs() {
                    assert_eq!(group_keys::<true>(&counts), want, "SSSE3 {counts:?}");
                }
                // The generator's key, which the tables are looked up by, is the same sum.
                assert_eq!(group_keys_portable(&counts), want, "{counts:?}");
            }
        }
    }

    #[test]
    fn group_sizes_match_their_definition() {
        let mut seed = 4u64;
        for _ in 0..300_000 {
            let counts = random_counts(&mut seed);
            let want: [u8; 4] = std::array::from_fn(|g| {
                let kinds = if g == 3 { 7 } else { 9 };
                (0..kinds).map(|s| counts[9 * g + s]).sum()
            });
            assert_eq!(group_sizes(&counts), want, "{counts:?}");
            assert_eq!(group_sizes_portable(&counts), want, "{counts:?}");
        }
        assert_eq!(group_sizes(&[4; 34]), [36, 36, 36, 28]);
    }

    #[test]
    fn real_groups_match_their_definition() {
        let mut seed = 6u64;
        for n in 0..300_000u64 {
            let counts = random_counts(&mut seed);
            // 0 to 4 wild kinds anywhere among the 34 (each piece, the honors' last bytes).
            let mut wild = 0u64;
            for _ in 0..n % 5 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                wild |= 1 << ((seed >> 33) % 34);
            }
            let wild = TileSet(wild);
            let mut real = counts;
            let mut wildcards = 0;
            for t in wild.iter() {
                wildcards += real[t.index()];
                real[t.index()] = 0;
            }
            let want = RealGroups {
                keys: group_keys_portable(&real),
                sizes: group_sizes_portable(&real),
                wildcards,
                wild_kinds: wild.len() as u8,
            };
            let all = real_groups::<{ Lean::KEYS | Lean::SIZES }, false>(&counts, wild);
            assert_eq!(all, want, "{counts:?} {wild:?}");
            if ssse3_runs() {
                let by_ssse3 = real_groups::<{ Lean::KEYS | Lean::SIZES }, true>(&counts, wild);
                assert_eq!(by_ssse3, want, "SSSE3 {counts:?} {wild:?}");
            }
            let portable = real_groups_portable(&counts, wild);
            assert_eq!(
                portable,
                (want.keys, want.sizes, wildcards, want.wild_kinds)
            );
            // What is not asked is zero.
            let keys_only = real_groups::<{ Lean::KEYS }, false>(&counts, wild);
            assert_eq!((keys_only.keys, keys_only.sizes), (want.keys, [0; 4]));
            let sizes_only = real_groups::<{ Lean::SIZES }, false>(&counts, wild);
            assert_eq!((sizes_only.keys, sizes_only.sizes), ([0; 4], want.sizes));
            assert_eq!(real_keys::<false>(&counts, wild), want.keys);
        }
    }

    #[test]
    fn totals_and_refusals_match_their_definition() {
        let mut seed = 3u64;
        for n in 0..300_000u32 {
            let mut counts = random_counts(&mut seed);
            if n % 3 == 0 {
                // A count past 4 somewhere, of any byte value.
                let i = (seed >> 20) as usize % 34;
                counts[i] = 5 + (seed >> 40) as u8 % 251;
            }
            let want = counts
                .iter()
                .all(|&c| c <= 4)
                .then(|| counts.iter().map(|&c| c as usize).sum::<usize>());
            assert_eq!(total_if_at_most_four(&counts), want, "{counts:?}");
            assert_eq!(total_if_at_most_four_portable(&counts), want, "{counts:?}");
        }
    }

    #[test]
    fn planes_and_keys_of_no_tiles_are_zero() {
        assert_eq!(count_planes(&[0; 34]), [0; 4]);
        assert_eq!(group_keys::<false>(&[0; 34]), [0; 4]);
        let full = [4u8; 34];
        let all = crate::kinds::spaced_range(0, 34);
        assert_eq!(count_planes(&full), [all; 4]);
    }
}
