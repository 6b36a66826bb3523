//! The standard form's distance over the four groups of a hand: min-plus products of their
//! lanes ([`Lanes16`]), with SSE2 on x86_64 and the portable definitions elsewhere, and the
//! slots whose draw lowers it.

use super::lanes::{at, Lanes16, INF};
#[cfg(not(target_arch = "x86_64"))]
use super::lanes::{final_lane, improving_slots_portable, minplus};
#[cfg(target_arch = "x86_64")]
use super::{avx2, sse2};
use crate::table::Masks;

/// The lanes of a group that may hold nothing (a suit the hand lacks, honors out of play):
/// no meld, no pair, and its tiles unused.
pub const ABSENT: Lanes16 = {
    let mut l = [INF; 16];
    l[0] = 0;
    l
};

/// The lanes of the groups of `absent` replaced by [`ABSENT`].
pub(crate) fn drop_absent(mut lanes: [Lanes16; 4], absent: u8) -> [Lanes16; 4] {
    for (g, l) in lanes.iter_mut().enumerate() {
        if absent >> g & 1 == 1 {
            *l = ABSENT;
        }
    }
    lanes
}

/// `min_i a[i] + b[melds - i]`-style final step over the products of groups 0⊗1 and 2⊗3:
/// the fewest missing tiles for `melds` melds and one pair.
#[inline(always)]
pub fn distance4(l: &[Lanes16; 4], melds: usize) -> u8 {
    distance4_on::<false>(l, melds)
}

/// [`distance4`], by AVX2 where `AVX2` asks for it (the copies compiled for x86-64-v3,
/// `crate::isa`) or the target has it.
#[inline(always)]
pub fn distance4_on<const AVX2: bool>(l: &[Lanes16; 4], melds: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        if AVX2 || cfg!(target_feature = "avx2") {
            // SAFETY: `AVX2` is asked for only by the copies compiled for x86-64-v3, which
            // run only on a CPU that has it (`crate::isa`); else the target has it.
            unsafe { avx2::distance4(l, melds) }
        } else {
            sse2::distance4(l, melds)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        final_lane(&minplus(&l[0], &l[1]), &minplus(&l[2], &l[3]), melds)
    }
}

/// [`distance4`] over the groups not in `absent` (as if those held [`ABSENT`], the identity of
/// the product): with one group absent one product fewer, with two the final step alone (a
/// 缺一门 hand without honors). Callers answer `absent == 0` with [`distance4`] themselves;
/// an arm for it here let the compiler compute its products ahead of a caller's loop over
/// the groups to leave out, for every hand (`scripts/instructions sichuan` shows it).
#[inline(always)]
pub(crate) fn distance_present(l: &[Lanes16; 4], absent: u8, melds: usize) -> u8 {
    let present = !absent & 15;
    let first = present.trailing_zeros() as usize;
    let rest = present & present.wrapping_sub(1); // no group present: the last arm
    match present.count_ones() {
        3 => {
            let second = rest.trailing_zeros() as usize;
            let third = (rest & (rest - 1)).trailing_zeros() as usize;
            distance3(&l[first], &l[second], &l[third], melds)
        }
        2 => distance2(&l[first], &l[rest.trailing_zeros() as usize], melds),
        _ => distance4(&drop_absent(*l, absent), melds),
    }
}

/// [`distance_present`] with each suit left out in turn (a 缺一门 hand), the groups of
/// `absent` out too: the three distances in straight-line code, with the groups' indices
/// known at compile time.
#[inline(always)]
pub(crate) fn distances_lacking(l: &[Lanes16; 4], absent: u8, melds: usize) -> [u8; 3] {
    // Written out: `array::map` here is not inlined.
    match absent & 15 {
        0 => [
            distance3(&l[1], &l[2], &l[3], melds),
            distance3(&l[0], &l[2], &l[3], melds),
            distance3(&l[0], &l[1], &l[3], melds),
        ],
        0b1000 => [
            distance2(&l[1], &l[2], melds),
            distance2(&l[0], &l[2], melds),
            distance2(&l[0], &l[1], melds),
        ],
        _ => [
            distance_present(l, absent | 1, melds),
            distance_present(l, absent | 2, melds),
            distance_present(l, absent | 4, melds),
        ],
    }
}

/// The fewest missing tiles of four groups for at most one meld and a pair, the meld and the
/// pair each in one group ([`Groups::distance_small`]).
#[inline(always)]
pub(crate) fn one_meld_and_pair(l: &[Lanes16; 4], melds: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::one_meld_and_pair(l, melds)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        one_meld_and_pair_portable(l, melds)
    }
}

/// [`one_meld_and_pair`] a byte at a time: the definition the SSE2 code is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn one_meld_and_pair_portable(l: &[Lanes16; 4], melds: usize) -> u8 {
    // Sums in `u32` (no saturation to compute), clamped to `INF` at the end.
    let lane = |m: usize, p: usize| l.map(|g| g[at(m, p)] as u32);
    let pair = lane(0, 1);
    if melds == 0 {
        return pair.into_iter().min().unwrap_or(INF as u32) as u8;
    }
    let (meld, both) = (lane(1, 0), lane(1, 1));
    let mut best = both.into_iter().min().unwrap_or(INF as u32);
    for (g, &m) in meld.iter().enumerate() {
        for (h, &p) in pair.iter().enumerate() {
            if h != g {
                best = best.min(m + p);
            }
        }
    }
    best.min(INF as u32) as u8
}

/// The fewest missing tiles of three groups for `melds` melds and one pair.
#[inline(always)]
pub(crate) fn distance3(a: &Lanes16, b: &Lanes16, c: &Lanes16, melds: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::distance3(a, b, c, melds)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        final_lane(&minplus(a, b), c, melds)
    }
}

/// The fewest missing tiles of two groups for `melds` melds and one pair.
#[inline(always)]
pub(crate) fn distance2(a: &Lanes16, b: &Lanes16, melds: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::distance2(a, b, melds)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        final_lane(a, b, melds)
    }
}

/// `S` (the lane of `melds` melds and one pair of the product of all four groups) and, per
/// group, the slots whose draw lowers a lane the group uses in some optimal split: the OR of
/// its [`Masks`] lanes over [`optimal_lanes_portable`](super::lanes::optimal_lanes_portable)'s lanes.
#[cfg(test)]
#[inline(always)]
pub fn improving_slots(l: &[Lanes16; 4], masks: [Masks; 4], melds: usize) -> (u8, [u32; 4]) {
    improving_slots_on::<false>(l, masks, melds)
}

/// [`improving_slots`], by AVX2 where `AVX2` asks for it or the target has it (as
/// [`distance4_on`]).
#[inline(always)]
pub fn improving_slots_on<const AVX2: bool>(
    l: &[Lanes16; 4],
    masks: [Masks; 4],
    melds: usize,
) -> (u8, [u32; 4]) {
    #[cfg(target_arch = "x86_64")]
    {
        if AVX2 || cfg!(target_feature = "avx2") {
            // SAFETY: as in `distance4_on`.
            unsafe { avx2::improving_slots(l, masks, melds) }
        } else {
            sse2::improving_slots(l, masks, melds)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        improving_slots_portable(l, masks, melds)
    }
}

/// [`improving_slots`] of two groups, the other two left out ([`ABSENT`], no masks): a
/// lacked suit and the honors out of play, as each of sichuan's variants has it. Each
/// group's rest is the other's lanes, so no product is taken (the four-group combine took
/// three to six).
#[inline(always)]
pub(crate) fn improving_slots_two(
    l: [&Lanes16; 2],
    masks: [Masks; 2],
    melds: usize,
) -> (u8, [u32; 2]) {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::improving_two(l, masks, melds)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (s, slots) = improving_slots_portable(
            &[*l[0], *l[1], ABSENT, ABSENT],
            [masks[0], masks[1], Masks::NONE, Masks::NONE],
            melds,
        );
        (s, [slots[0], slots[1]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SSE2 one-meld step is the byte-by-byte one, on random lanes (unreachable ones too).
    #[test]
    fn one_meld_and_pair_matches_its_definition() {
        let mut seed = 17u64;
        for _ in 0..300_000 {
            let l: [Lanes16; 4] = std::array::from_fn(|_| {
                std::array::from_fn(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    match (seed >> 33) % 9 {
                        8 => INF,
                        7 => 200 + (seed >> 40) as u8 % 55,
                        x => x as u8,
                    }
                })
            });
            for melds in 0..=1 {
                assert_eq!(
                    one_meld_and_pair(&l, melds),
                    one_meld_and_pair_portable(&l, melds),
                    "{l:?} {melds}"
                );
            }
        }
    }

    /// The SSE2 distances and improving slots are their portable definitions (min-plus lane by
    /// lane), on random lanes and random masks, for every meld count.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sse2_matches_the_portable_definitions() {
        kernels_match_the_portable_definitions::<false>();
    }

    /// The AVX2 four-group distance and improving slots (two groups a register) are the same
    /// definitions'.
    #[cfg(target_arch = "x86_64")]
    #[test]
    #[cfg_attr(not(hupai_cpu_v3), ignore = "this CPU does not run x86-64-v3")]
    fn avx2_matches_the_portable_definitions() {
        assert!(std::arch::is_x86_feature_detected!("avx2"));
        kernels_match_the_portable_definitions::<true>();
    }

    #[cfg(target_arch = "x86_64")]
    fn kernels_match_the_portable_definitions<const AVX2: bool>() {
        use super::super::lanes::{final_lane, improving_slots_portable, minplus};
        use crate::table::MaskHalf;
        let mut seed = 29u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        for _ in 0..50_000 {
            // As the tables hold them: no melds and no pair cost nothing, the lanes past four
            // melds are unreachable.
            let mut lane = || -> Lanes16 {
                std::array::from_fn(|k| match (k, next() % 9) {
                    (0, _) => 0,
                    (5..=8 | 14 | 15, _) | (_, 8) => INF,
                    (_, x) => x as u8,
                })
            };
            let l: [Lanes16; 4] = [lane(), lane(), lane(), lane()];
            let halves: [[MaskHalf; 2]; 4] = std::array::from_fn(|_| {
                std::array::from_fn(|_| MaskHalf(std::array::from_fn(|_| next() as u16 & 0x1ff)))
            });
            let masks: [Masks; 4] = std::array::from_fn(|g| Masks {
                low: &halves[g][0],
                high: &halves[g][1],
            });
            for melds in 0..=4 {
                let want = final_lane(&minplus(&l[0], &l[1]), &minplus(&l[2], &l[3]), melds);
                assert_eq!(distance4_on::<AVX2>(&l, melds), want, "{l:?} {melds}");
                assert_eq!(
                    distance3(&l[0], &l[1], &l[2], melds),
                    final_lane(&minplus(&l[0], &l[1]), &l[2], melds)
                );
                assert_eq!(
                    distance2(&l[0], &l[1], melds),
                    final_lane(&l[0], &l[1], melds)
                );
                assert_eq!(
                    improving_slots_on::<AVX2>(&l, masks, melds),
                    improving_slots_portable(&l, masks, melds),
                    "{l:?} {melds}"
                );
                // Two groups, the other two left out: the four-group definition with them
                // `ABSENT` and maskless.
                let (a, b) = (next() as usize % 4, next() as usize % 3);
                let b = if b >= a { b + 1 } else { b };
                let absent = 15 & !(1u8 << a | 1 << b);
                let kept = std::array::from_fn(|g| {
                    if absent >> g & 1 == 1 {
                        Masks::NONE
                    } else {
                        masks[g]
                    }
                });
                let (s, slots) = improving_slots_portable(&drop_absent(l, absent), kept, melds);
                assert_eq!(
                    improving_slots_two([&l[a], &l[b]], [masks[a], masks[b]], melds),
                    (s, [slots[a], slots[b]]),
                    "{l:?} {melds} groups {a} {b}"
                );
            }
        }
    }
}
