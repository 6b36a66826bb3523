//! Group vectors, their keys and their place in a table.
//!
//! A *vector* gives the count of each slot of a group (0..=4, at most [`MAX_TILES`] tiles).
//! Two keys name a vector: the *group key* ([`slot_weight`]), which a hand keeps up to date
//! with one addition per tile and which ranks in two loads ([`Layout`]), and the *bit-run
//! key* of the Nanchang write-up ([`bit_run_key`]), which keys the sparse excess profiles.
//!
//! ```
//! use hupai_gen::{bit_run_key, GroupSpec, Layout};
//! let layout = Layout::new(GroupSpec::SUIT);
//! assert_eq!(layout.len, 405_350);
//! let c = [1, 1, 1, 0, 0, 0, 0, 0, 2];
//! assert_eq!(layout.vectors()[layout.rank(&c)], c);
//! assert_eq!(bit_run_key(&c[..3]), 0b10101); // 1, 1, 1: one-bits split by zeros
//! ```

use crate::{GroupSpec, MAX_TILES};
use std::sync::OnceLock;

/// The bit-run key of the Nanchang write-up: from the last slot to the first, each count `c`
/// becomes `c` one-bits, slots separated by a zero bit. Unique for a fixed number of slots;
/// fits 22 bits for suits and 20 for honors.
pub fn bit_run_key(counts: &[u8]) -> u32 {
    let mut key: u32 = 0;
    for i in (0..counts.len()).rev() {
        let c = counts[i] as u32;
        if c != 0 {
            key <<= c;
            key |= (1 << c) - 1;
        }
        if i != 0 {
            key <<= 1;
        }
    }
    key
}

/// Powers of five, the weights of the base-5 index.
pub const POW5: [usize; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];

/// Slots in the high part of a group key; the rest (4 of a suit, 2 of the honors) form the low
/// part.
pub const HI_SLOTS: usize = 5;
/// Bit where the low part of a group key starts.
pub const LO_SHIFT: u32 = 12;

/// Weight of `slot` in a group key: `5^slot` in the high part (below [`HI_SLOTS`]), else
/// `5^(slot - HI_SLOTS)` shifted up by [`LO_SHIFT`]. A key is `Σ count × weight`, so a hand
/// keeps it up to date with one addition per tile, and the two parts come out with a mask and
/// a shift.
pub const fn slot_weight(slot: usize) -> u32 {
    if slot < HI_SLOTS {
        POW5[slot] as u32
    } else {
        (POW5[slot - HI_SLOTS] as u32) << LO_SHIFT
    }
}

/// Group key of a vector (see [`slot_weight`]).
pub fn group_key(c: &[u8]) -> u32 {
    c.iter()
        .enumerate()
        .map(|(i, &x)| x as u32 * slot_weight(i))
        .sum()
}

/// The vectors of a group in enumeration order, and the two-level rank that finds them.
///
/// A group key ([`slot_weight`]) holds a high part (slots below [`HI_SLOTS`], base 5, below
/// 4096) and a low part (the other slots, from bit [`LO_SHIFT`] on). Vectors are enumerated
/// by high part, then by low part in *(total, value)* order. Low parts sorted by total make
/// the low parts that fit any tile budget a prefix of one fixed order, so a low part's place
/// does not depend on the high part: `rank = off[hi] + place[lo]`, two independent loads from
/// tables of 16 KB and 2 KB that stay in the L1 cache, sized so that the mask and the shift
/// need no bounds check.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The group spec.
    pub spec: GroupSpec,
    /// Number of vectors.
    pub len: usize,
    /// Rank of the first vector with each high part.
    pub off: Box<[u32; 1 << LO_SHIFT]>,
    /// Place of each low part in *(total, value)* order.
    pub place: Box<[u16; 1024]>,
    /// Number of vectors of at most [`MAX_TILES`]` - 1` tiles: those that can take one more
    /// tile, and have improving-slot masks.
    pub masked_len: usize,
    /// The rank of the first such vector with each high part: `off13[hi] + place[lo]` numbers
    /// them as `off` numbers them all (the low parts that fit are a prefix of one order).
    pub off13: Box<[u32; 1 << LO_SHIFT]>,
    /// One past the largest rank [`Layout::rank_of_key`] returns for any key whose two parts
    /// are in range (not only those of real vectors): the length a per-rank array needs to be
    /// read without a bounds check.
    pub reach: usize,
    /// The low parts in that order.
    lows: Vec<usize>,
}

impl Layout {
    /// Builds the rank tables of a group spec.
    pub fn new(spec: GroupSpec) -> Layout {
        let l = spec.slots() - HI_SLOTS;
        let (nh, nl) = (POW5[HI_SLOTS], POW5[l]);
        // Digit sums of every part by one addition each (an engine opening a table builds
        // its layout: this keeps that to microseconds).
        let sums = digit_sums(nh);
        // The low parts by (total, value): a counting sort over the totals.
        // (A low part holds at most 4 slots of 4 tiles.)
        let mut fits = [0u32; 4 * 4 + 2];
        for lo in 0..nl {
            fits[sums[lo] as usize + 1] += 1;
        }
        for b in 1..fits.len() {
            fits[b] += fits[b - 1];
        }
        // `fits[b]` is now the number of low parts of total below b: each total's first place.
        let mut next = fits;
        let mut lows = vec![0usize; nl];
        let mut place = Box::new([0u16; 1024]);
        for lo in 0..nl {
            let at = &mut next[sums[lo] as usize];
            lows[*at as usize] = lo;
            place[lo] = *at as u16;
            *at += 1;
        }
        // fits[b]: low parts with total at most b.
        let fits: [u32; MAX_TILES + 1] = std::array::from_fn(|b| fits[b + 1]);
        let offsets = |budget: usize| {
            let mut off = Box::new([0u32; 1 << LO_SHIFT]);
            let mut r = 0u32;
            for (hi, o) in off.iter_mut().enumerate().take(nh) {
                *o = r;
                let t = sums[hi] as usize;
                if t <= budget {
                    r += fits[budget - t];
                }
            }
            (off, r as usize)
        };
        let (off, len) = offsets(MAX_TILES);
        let (off13, masked_len) = offsets(MAX_TILES - 1);
        let reach = (off.iter().max().copied().unwrap_or(0) as usize
            + place.iter().max().copied().unwrap_or(0) as usize
            + 1)
        .max(len);
        Layout {
            spec,
            len,
            off,
            place,
            masked_len,
            off13,
            reach,
            lows,
        }
    }

    /// The layout of a spec, built once per process and shared (an engine opening a table
    /// and the check of its image's header both read it).
    ///
    /// ```
    /// use hupai_gen::{GroupSpec, Layout};
    /// let a = Layout::of(GroupSpec::SUIT);
    /// assert!(std::ptr::eq(a, Layout::of(GroupSpec::SUIT)));
    /// assert_eq!(a.len, 405_350);
    /// ```
    pub fn of(spec: GroupSpec) -> &'static Layout {
        static LAYOUTS: [OnceLock<Layout>; GroupSpec::ALL.len()] =
            [const { OnceLock::new() }; GroupSpec::ALL.len()];
        let i = GroupSpec::ALL
            .iter()
            .position(|s| *s == spec)
            .expect("every spec is one of GroupSpec::ALL");
        LAYOUTS[i].get_or_init(|| Layout::new(spec))
    }

    /// Rank of a vector (counts 0..=4, total at most 14).
    #[inline(always)]
    pub fn rank(&self, c: &[u8]) -> usize {
        self.rank_of_key(self.key(c))
    }

    /// Rank of a vector given by its group key: two loads from small tables.
    #[inline(always)]
    pub fn rank_of_key(&self, key: u32) -> usize {
        let hi = (key & ((1 << LO_SHIFT) - 1)) as usize;
        let lo = (key >> LO_SHIFT & 1023) as usize;
        self.off[hi] as usize + self.place[lo] as usize
    }

    /// Rank of a vector of at most [`MAX_TILES`]` - 1` tiles among those vectors, given by its
    /// group key (meaningless for a vector of [`MAX_TILES`]).
    #[inline(always)]
    pub fn masked_rank_of_key(&self, key: u32) -> usize {
        let hi = (key & ((1 << LO_SHIFT) - 1)) as usize;
        let lo = (key >> LO_SHIFT & 1023) as usize;
        self.off13[hi] as usize + self.place[lo] as usize
    }

    /// Group key of a vector.
    pub fn key(&self, c: &[u8]) -> u32 {
        group_key(&c[..self.spec.slots()])
    }

    /// The group key of every vector, in rank order.
    pub fn keys(&self) -> Vec<u32> {
        let l = self.spec.slots() - HI_SLOTS;
        let mut out = Vec::with_capacity(self.len);
        let mut totals = [0usize; 1024];
        for &lo in &self.lows {
            totals[lo] = digit_sum(lo, l);
        }
        for hi in 0..POW5[HI_SLOTS] {
            let t = digit_sum(hi, HI_SLOTS);
            for &lo in &self.lows {
                if t + totals[lo] > MAX_TILES {
                    break; // the rest of the low parts are larger still
                }
                out.push(hi as u32 | (lo as u32) << LO_SHIFT);
            }
        }
        out
    }

    /// The vector of a group key.
    pub fn counts(&self, key: u32) -> [u8; 9] {
        let mut c = [0u8; 9];
        let (mut hi, mut lo) = (key & ((1 << LO_SHIFT) - 1), key >> LO_SHIFT);
        for s in c.iter_mut().take(HI_SLOTS) {
            *s = (hi % 5) as u8;
            hi /= 5;
        }
        for s in c.iter_mut().take(self.spec.slots()).skip(HI_SLOTS) {
            *s = (lo % 5) as u8;
            lo /= 5;
        }
        c
    }

    /// All vectors in enumeration order (rank order).
    pub fn vectors(&self) -> Vec<[u8; 9]> {
        self.keys().into_iter().map(|k| self.counts(k)).collect()
    }
}

/// The base-5 digit sums of `0..n`: the tiles of every key part below `n`.
pub fn digit_sums(n: usize) -> Vec<u8> {
    let mut sums = vec![0u8; n];
    for x in 1..n {
        sums[x] = sums[x / 5] + (x % 5) as u8;
    }
    sums
}

/// The sum of the `k` lowest base-5 digits of `x`: the tiles of a key part.
fn digit_sum(mut x: usize, k: usize) -> usize {
    let mut s = 0;
    for _ in 0..k {
        s += x % 5;
        x /= 5;
    }
    s
}
