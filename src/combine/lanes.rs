//! The lane layout of the combine and its portable min-plus operations: the definitions,
//! which other architectures run and the tests hold the SSE2 code to.
//!
//! A [`Lanes16`] holds a group's distances for `m` melds (0..=[`MAX_MELDS`]) and `p` pairs
//! (0..=1) at byte [`at`]`(m, p)` = `m + PAIR * p`: bytes 0..=4 without the pair, bytes
//! [`PAIR`]..=[`PAIR`]` + 4` with it, [`INF`] (unreachable) in the bytes between and after.
//! A byte shift by `m + PAIR * p` then adds `m` melds and `p` pairs, and a pair shifted onto a
//! pair lands past byte 13, where nothing is read.
//!
//! The test `tests::module_example` below is an example at work.

pub use crate::table::lanes::{at, Lanes16, INF, MAX_MELDS, PAIR};
use crate::table::Lanes;
#[cfg(any(test, not(target_arch = "x86_64")))]
use crate::table::Masks;

/// Lanes that carry no meaning (more than 4 melds) and must stay unreachable.
const JUNK: Lanes16 = [0, 0, 0, 0, 0, INF, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF];

/// Spreads ten lanes (`m + 5p`, the table order) into a [`Lanes16`].
#[inline(always)]
pub fn to16(l: &Lanes) -> Lanes16 {
    let mut out = [INF; 16];
    out[..=MAX_MELDS].copy_from_slice(&l[..=MAX_MELDS]);
    out[PAIR..=PAIR + MAX_MELDS].copy_from_slice(&l[MAX_MELDS + 1..]);
    out
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
            let s0 = shift(b, at($i, 0));
            let s1 = shift(b, at($i, 1));
            let (x0, x1) = (a[at($i, 0)], a[at($i, 1)]);
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
// The definition: other architectures run it, and x86_64's tests hold SSE2 to it.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub fn final_lane(a: &Lanes16, b: &Lanes16, melds: usize) -> u8 {
    let mut best = INF;
    for i in 0..=melds {
        best = best
            .min(a[at(i, 0)].saturating_add(b[at(melds - i, 1)]))
            .min(a[at(i, 1)].saturating_add(b[at(melds - i, 0)]));
    }
    best
}

/// [`improving_slots`](super::improving_slots) lane by lane (the definition; other architectures use it).
// The definition: other architectures run it, and x86_64's tests hold SSE2 to it.
#[cfg(any(test, not(target_arch = "x86_64")))]
pub fn improving_slots_portable(
    l: &[Lanes16; 4],
    masks: [Masks; 4],
    melds: usize,
) -> (u8, [u32; 4]) {
    let (s, hits) = optimal_lanes_portable(l, melds);
    let slots = std::array::from_fn(|g| {
        (0..16)
            .filter(|k| hits[g] >> k & 1 == 1)
            .fold(0u32, |acc, k| acc | masks[g].at(k) as u32)
    });
    (s, slots)
}

/// `S`, and per group which of its lanes it uses in some optimal split (bit `k`: byte `k` of
/// its [`Lanes16`]), from [`minplus`]: each group against the product of the other three.
// The definition: other architectures run it, and x86_64's tests hold SSE2 to it.
#[cfg(any(test, not(target_arch = "x86_64")))]
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
            for p in 0..=1 {
                if l[g][at(m, p)].saturating_add(rest[g][at(melds - m, 1 - p)]) == s {
                    *h |= 1 << at(m, p);
                }
            }
        }
    }
    (s, hits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::MaskHalf;

    /// The module's example (a test: the module is private to the crate).
    #[test]
    fn module_example() {
        use crate::combine::lanes::{at, minplus, to16, INF, PAIR};
        // Group A: one meld is 1 tile away, the pair is free; group B: a meld is free.
        let a = to16(&[0, 1, INF, INF, INF, 0, 2, INF, INF, INF]);
        let b = to16(&[0, 0, 3, INF, INF, 1, 1, INF, INF, INF]);
        let ab = minplus(&a, &b);
        assert_eq!(ab[at(1, 1)], 0); // A's pair + B's meld
        assert_eq!(ab[at(2, 0)], 1); // A's meld + B's meld
        assert_eq!(ab[PAIR + 2], ab[at(2, 1)]);
    }

    /// Random lane vectors as the tables make them: small distances or unreachable, junk
    /// lanes unreachable.
    fn random_lanes(seed: &mut u64) -> Lanes16 {
        let mut l = [INF; 16];
        for k in (0..=MAX_MELDS).chain(PAIR..=PAIR + MAX_MELDS) {
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
                            std::array::from_fn(|g| at(m[g], (g == pair) as usize));
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
                assert_eq!(
                    crate::combine::distance4(&l, melds),
                    want,
                    "{l:?} melds {melds}"
                );
                assert_eq!(optimal_lanes_portable(&l, melds), (want, optimal));
                if melds == 4 || seed % 8 == 0 {
                    // Fewer groups: the same definition with the absent groups' lanes ABSENT.
                    for absent in 1..16 {
                        let dropped = crate::combine::drop_absent(l, absent);
                        assert_eq!(
                            crate::combine::distance_present(&l, absent, melds),
                            brute_optimal(&dropped, melds).0,
                            "{l:?} melds {melds} absent {absent:04b}"
                        );
                    }
                }
                let halves: [MaskHalf; 8] = std::array::from_fn(|_| {
                    MaskHalf(std::array::from_fn(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                        (seed >> 40) as u16 & 0x1ff
                    }))
                });
                let refs: [Masks; 4] = std::array::from_fn(|g| Masks {
                    low: &halves[2 * g],
                    high: &halves[2 * g + 1],
                });
                let slots = std::array::from_fn(|g| {
                    (0..16)
                        .filter(|&k| optimal[g] >> k & 1 == 1)
                        .fold(0, |a, k| a | refs[g].at(k) as u32)
                });
                assert_eq!(
                    crate::combine::improving_slots(&l, refs, melds),
                    (want, slots)
                );
                assert_eq!(improving_slots_portable(&l, refs, melds), (want, slots));
            }
        }
    }
}
