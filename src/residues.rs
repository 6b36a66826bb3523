//! Group sizes mod 3 and small bit counts: what the win screens know of a hand before they
//! look at its kinds. A complete standard hand holds three tiles a meld in every group and two
//! more in the pair's, so the sizes' residues alone tell how many wildcards it needs at least.

use crate::kinds::spaced_range;

/// Whether `mask` has at most `n` bits set: `n` lowest bits cleared in turn, as the x86_64
/// baseline has no popcount instruction (its software count costs more than `n` steps under
/// `hongzhong`, where most hands hold one wildcard or none: `scripts/instructions hongzhong`).
#[inline(always)]
pub(crate) fn at_most(mut mask: u64, n: u8) -> bool {
    for _ in 0..n {
        if mask == 0 {
            return true;
        }
        mask &= mask - 1;
    }
    mask == 0
}

/// The bits of `mask` left once its `n` lowest set bits are cleared, without a branch: step
/// `k` clears the lowest set bit while `k ≤ n`, and clears nothing after (`x & (x - 0)`).
/// `0` when `mask` has at most `n` bits set, and always `0` past `STEPS` (a screen may pass
/// more hands than it must).
#[inline(always)]
pub(crate) fn left_after<const STEPS: u8>(mask: u64, n: u8) -> u64 {
    let left = (1..=STEPS).fold(mask, |x, k| x & x.wrapping_sub((n >= k) as u64));
    left & ((n <= STEPS) as u64).wrapping_neg()
}

/// [`at_most`] without a branch on `n` up to `STEPS` ([`left_after`]); past `STEPS`,
/// [`at_most`].
#[inline(always)]
pub(crate) fn at_most_flat<const STEPS: u8>(mask: u64, n: u8) -> bool {
    if n > STEPS {
        return at_most(mask, n);
    }
    left_after::<STEPS>(mask, n) == 0
}

/// Per residues mod 3 of the four groups' real tiles (`r0 + 3 r1 + 9 r2 + 27 r3`), the fewest
/// wildcards that make them those of a complete standard hand: one group (the pair's) at 2,
/// the others at 0. Wildcards beyond come in threes. Padded to 256 ([`u8::MAX`]), so that the
/// top byte of a word indexes it with no bounds check.
pub(crate) static RESIDUE_NEED: [u8; 256] = {
    let mut out = [u8::MAX; 256];
    let mut i = 0;
    while i < 81 {
        let r = [i % 3, i / 3 % 3, i / 9 % 3, i / 27];
        let mut best = u8::MAX;
        let mut pair = 0;
        while pair < 4 {
            let mut need = 0;
            let mut g = 0;
            while g < 4 {
                let target = if g == pair { 2 } else { 0 };
                need += (target + 3 - r[g]) % 3;
                g += 1;
            }
            if (need as u8) < best {
                best = need as u8;
            }
            pair += 1;
        }
        out[i] = best;
        i += 1;
    }
    out
};

/// Per residue index ([`residue_index`]), padded to 256 like [`RESIDUE_NEED`]: in the top
/// byte, [`RESIDUE_NEED`]; below, in the spaced layout, the kinds of the groups that may hold
/// an isolated single when the hand holds one wildcard. That wildcard then pairs the single
/// (a meld would take two), so every other real tile is in a meld: the single's group holds
/// one tile past a multiple of three, every other group a multiple of three.
pub(crate) static RESIDUE_FIT: [u64; 256] = {
    let mut out = [u64::MAX; 256];
    let mut i = 0;
    while i < 81 {
        let r = [i % 3, i / 3 % 3, i / 9 % 3, i / 27];
        let mut home = 0u64;
        let mut g = 0;
        while g < 4 {
            let mut others_zero = true;
            let mut h = 0;
            while h < 4 {
                if h != g && r[h] != 0 {
                    others_zero = false;
                }
                h += 1;
            }
            if r[g] == 1 && others_zero {
                home |= GROUPS[g];
            }
            g += 1;
        }
        out[i] = (RESIDUE_NEED[i] as u64) << 56 | home;
        i += 1;
    }
    out
};

/// The kinds of each group in the spaced layout.
const GROUPS: [u64; 4] = [
    spaced_range(0, 9),
    spaced_range(9, 18),
    spaced_range(18, 27),
    spaced_range(27, 34),
];

/// Whether `w` wildcards can bring groups of these real sizes ([`Hand::group_sizes`]) to the
/// sizes of a complete standard hand: every group's melds take three tiles, the pair's group
/// two more. A necessary condition that no kind mask shows: of random 14-tile hands, about
/// one in six passes it without wildcards.
///
/// [`Hand::group_sizes`]: crate::Hand::group_sizes
#[inline(always)]
pub fn sizes_fit(sizes: [u8; 4], w: u8) -> bool {
    RESIDUE_NEED[residue_index(sizes)] <= w
}

/// `r0 + 3 r1 + 9 r2 + 27 r3` of the group sizes' residues mod 3, in a few word operations:
/// per byte `s / 3 = (11 s) >> 5` for sizes up to 14 (no byte of `11 s` reaches 256, so none
/// carries into the next), then the four residues weighed by one multiply (the weighed sums
/// stay below 256 in every byte, so the top byte holds the index).
#[inline(always)]
pub(crate) fn residue_index(sizes: [u8; 4]) -> usize {
    debug_assert!(
        sizes.iter().all(|&s| s <= 14),
        "{sizes:?}: more than a hand holds"
    );
    let s = u32::from_le_bytes(sizes);
    let thirds = (s * 11) >> 5 & 0x0707_0707;
    let r = s - 3 * thirds;
    (r.wrapping_mul(0x0103_091B) >> 24) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn residue_index_weighs_the_residues_of_every_size_mix() {
        for i in 0..15u32.pow(4) {
            let sizes = [i % 15, i / 15 % 15, i / 225 % 15, i / 3375].map(|s| s as u8);
            let expected: usize = sizes
                .iter()
                .zip([1, 3, 9, 27])
                .map(|(&s, weight)| (s % 3) as usize * weight)
                .sum();
            assert_eq!(residue_index(sizes), expected, "{sizes:?}");
        }
    }

    #[test]
    fn at_most_is_a_bound_on_the_bit_count() {
        let mut seed = 5u64;
        for _ in 0..100_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Sparse masks too: the bound matters near the wildcard counts of real hands.
            let mask = seed & seed >> (seed % 7) & seed >> 13;
            for n in 0..=16u8 {
                let expected = mask.count_ones() <= n as u32;
                assert_eq!(at_most(mask, n), expected, "{mask:#x} {n}");
                assert_eq!(at_most_flat::<2>(mask, n), expected, "{mask:#x} {n}");
                assert_eq!(at_most_flat::<4>(mask, n), expected, "{mask:#x} {n}");
                // Past its steps, `left_after` passes every mask (a screen's weaker test).
                let passes = left_after::<2>(mask, n) == 0;
                assert_eq!(passes, expected || n > 2, "{mask:#x} {n}");
            }
        }
    }
}
