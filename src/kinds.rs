//! The spaced kind layout: a hand's kinds as bits of one word, laid out so that shifts never
//! carry a kind into another suit.
//!
//! The suits sit at bits 0..9, 11..20 and 22..31, the honors three bits apart from 33 on
//! ([`spaced_bit`]). Two empty bits after every suit and around every honor mean that shifting
//! a mask by one or two places never carries a kind into another suit or onto an honor, so
//! "is a kind held one or two steps away" is four shifts and no masking. Hands keep their
//! [`KindMasks`] in this layout; the win screens and the special forms read them.
//!
//! The test `tests::module_example` below is an example at work.

use crate::tile::TileSet;

/// Bit of `kind` (0..34) in the spaced layout.
pub const fn spaced_bit(kind: usize) -> u64 {
    let pos = if kind < 27 {
        kind + 2 * (kind / 9)
    } else {
        33 + 3 * (kind - 27)
    };
    1 << pos
}

/// The spaced bits of the kinds `lo..hi`.
pub const fn spaced_range(lo: usize, hi: usize) -> u64 {
    let mut m = 0;
    let mut k = lo;
    while k < hi {
        m |= spaced_bit(k);
        k += 1;
    }
    m
}

/// Suit kinds in the spaced layout.
const SUITS: u64 = spaced_range(0, 27);

/// Masks (spaced layout) of a hand's counts: which kinds are held once, an odd number of
/// times, twice or more, at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindMasks {
    /// Kinds held exactly once.
    pub single: u64,
    /// Kinds held an odd number of times (1 or 3).
    pub odd: u64,
    /// Kinds held two or more times.
    pub pairs_or_more: u64,
    /// Kinds held at all.
    pub held: u64,
}

/// One of the masks of [`KindMasks`], named by a form's screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaskField {
    /// [`KindMasks::odd`].
    Odd = 0,
    /// [`KindMasks::held`].
    Held = 1,
    /// [`KindMasks::pairs_or_more`].
    PairsOrMore = 2,
}

impl KindMasks {
    /// The masks from count planes: bit [`spaced_bit`]`(i)` of `at_least[k]` is set when
    /// kind `i` is held more than `k` times.
    #[inline(always)]
    pub fn from_planes(at_least: [u64; 4]) -> KindMasks {
        let [one, two, three, four] = at_least;
        KindMasks {
            single: one & !two,
            odd: (one ^ two) | (three ^ four),
            pairs_or_more: two,
            held: one,
        }
    }

    /// Kinds held once that no meld can use: a suit tile with no other kind of its suit held
    /// one or two steps away (it can only be in a run), and, unless honors form runs, a single
    /// honor. A hand without wildcards is a standard-form win only if this is `0`.
    #[inline(always)]
    pub fn isolated(&self, honor_runs: bool) -> u64 {
        let h = self.held;
        let near = h << 1 | h << 2 | h >> 1 | h >> 2;
        let candidates = if honor_runs { SUITS } else { !0 };
        self.single & !near & candidates
    }
}

/// The kinds of a set, in the spaced layout.
#[inline(always)]
pub fn spaced_set(kinds: TileSet) -> u64 {
    // Branch-free: each suit's nine bits move up by two per suit before it, each honor to
    // its own place (a fold over the set's tiles costs instructions per kind held).
    let k = kinds.0;
    let mut out = (k & 0x1ff) | (k >> 9 & 0x1ff) << 11 | (k >> 18 & 0x1ff) << 22;
    for h in 0..7 {
        out |= (k >> (27 + h) & 1) << (33 + 3 * h);
    }
    out
}

/// The kinds of a spaced mask as a 34-bit mask in index order (bit `i` is kind `i`): the
/// inverse of [`spaced_set`] on the kinds' bits (the spacing bits are dropped). Engines turn
/// their screens' masks with it once.
pub fn index_set(spaced: u64) -> u64 {
    (0..34)
        .filter(|&k| spaced & spaced_bit(k) != 0)
        .fold(0, |a, k| a | 1 << k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The module's example (a test: the module is private to the crate).
    #[test]
    fn module_example() {
        use crate::kinds::{spaced_bit, spaced_set};
        use crate::TileSet;
        assert_eq!(spaced_bit(0), 1); // 1m
        assert_eq!(spaced_bit(9), 1 << 11); // 1p: two empty bits after the characters
        assert_eq!(spaced_set(TileSet::parse("1m1p").unwrap()), 1 | 1 << 11);
    }

    #[test]
    fn spaced_layout_keeps_two_free_bits_between_suits_and_honors() {
        let all = spaced_range(0, 34);
        assert_eq!(all.count_ones(), 34);
        for k in 0..34 {
            let b = spaced_bit(k);
            // The kinds a shift by one or two reaches are exactly the same-suit neighbours.
            let reach = (b << 1 | b << 2 | b >> 1 | b >> 2) & all;
            let expected: u64 = (0..34)
                .filter(|&j| k < 27 && j < 27 && j / 9 == k / 9 && j != k && j.abs_diff(k) <= 2)
                .map(spaced_bit)
                .fold(0, |a, b| a | b);
            assert_eq!(reach, expected, "kind {k}");
        }
    }

    #[test]
    fn spaced_set_is_the_union_of_its_kinds_bits() {
        let mut seed = 3u64;
        for _ in 0..100_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let kinds = TileSet(seed & ((1 << 34) - 1));
            let want = (0..34)
                .filter(|&k| kinds.0 >> k & 1 == 1)
                .map(spaced_bit)
                .fold(0, |a, b| a | b);
            assert_eq!(spaced_set(kinds), want, "{kinds:?}");
            assert_eq!(index_set(want), kinds.0, "{kinds:?}");
        }
    }
}
