//! What a group table holds for a vector, as the hot paths read it: the shanten word and the
//! auxiliary word of an [`Entry`], the improving-slot [`Masks`], and the per-class and
//! per-key-part records a [`super::GroupTable`] keeps them in.

use super::lanes::Lanes16;
use hupai_gen::{self as hgen, LANES};

/// Ten lanes (`m + 5p`) of distances.
pub type Lanes = [u8; LANES];

pub use hupai_gen::image::MaskHalf;
pub use hupai_gen::unpack_lanes;

/// Improving-slot masks of a vector, one `u16` per lane at the positions of a [`Lanes16`]:
/// bit `t` of lane `k` is set when a draw into slot `t` lowers lane `k`. Its two halves are
/// shared by many vectors (a suit has 405,350 vectors and 42,049 distinct halves), so a table
/// keeps two 16-bit ids a vector of at most 13 tiles (1.1 MB for a suit) instead of 32 bytes
/// a vector (13 MB).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masks<'a> {
    /// Positions `0..8` (no pair).
    pub low: &'a MaskHalf,
    /// Positions `8..16` (a pair).
    pub high: &'a MaskHalf,
}

impl Masks<'_> {
    /// No slot lowers any lane (an absent group's masks).
    pub const NONE: Masks<'static> = Masks {
        low: &MaskHalf([0; 8]),
        high: &MaskHalf([0; 8]),
    };

    /// The mask at position `k` (`0..16`) of a [`Lanes16`].
    #[inline(always)]
    #[cfg(any(test, not(target_arch = "x86_64")))]
    pub fn at(self, k: usize) -> u16 {
        if k < 8 {
            self.low.0[k]
        } else {
            self.high.0[k - 8]
        }
    }

    /// All sixteen positions.
    #[cfg(test)]
    pub fn to_array(self) -> [u16; 16] {
        std::array::from_fn(|k| self.at(k))
    }
}

/// Auxiliary word of a vector (put together at lookup from its class and its key parts): the
/// win byte and what the special forms need, so that they cost four additions instead of a
/// loop over 34 counts.
///
/// bits 0..8 win byte · 8..12 largest useful excess · 12..16 kinds held once · 16..20 twice ·
/// 20..24 three times · 24..28 four times · 28..32 orphan kinds held · 32..36 orphan kinds held
/// twice or more · 37..46 presence mask · 46..51 tiles held · 51..60 class.
pub mod aux {
    /// Shift of the kinds-held-once field; the 4-bit fields up to [`DUPS`] add without carry
    /// over the four groups of a hand.
    pub const ONCE: u32 = 12;
    /// Kinds held twice.
    pub const TWICE: u32 = 16;
    /// Kinds held three times.
    pub const THRICE: u32 = 20;
    /// Kinds held four times.
    pub const FOUR: u32 = 24;
    /// Orphan kinds held.
    pub const ORPHANS: u32 = 28;
    /// Orphan kinds held twice or more.
    pub const DUPS: u32 = 32;
    /// Presence mask (9 bits).
    pub const PRESENT: u32 = 37;
    /// Tiles held (5 bits; not summed across groups).
    pub const TILES: u32 = 46;
    /// The vector's class in its table (9 bits; not summed across groups): where the
    /// lanes of the vector are ([`crate::table::GroupTable::lanes16_of`]).
    pub const CLASS: u32 = 51;
    /// Most classes a table may have: an image's limit, the reach of the 9-bit field (the
    /// generated tables have at most 382).
    pub const CLASSES: usize = hupai_gen::image::MAX_CLASSES;
    /// The bits that add across groups.
    pub const SUMMABLE: u64 = 0xF_FFFF_F000;

    /// A 4-bit field of a (summed) word.
    #[inline(always)]
    pub const fn field(w: u64, shift: u32) -> u32 {
        (w >> shift & 15) as u32
    }
}

/// One group entry: the shanten word and the auxiliary word of a vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// `U_0` lanes, 2-bit savings of unlimited excess, largest useful excess: see [`hgen::pack_entry`].
    pub word: u64,
    /// See [`aux`].
    pub aux: u64,
}

impl Entry {
    /// The win byte `W0 | W1 << 4`.
    #[inline(always)]
    pub fn win(self) -> u8 {
        self.aux as u8
    }

    /// Fewest wildcards to turn the group into melds (15: not reachable).
    #[inline(always)]
    pub fn w0(self) -> u8 {
        self.aux as u8 & 15
    }

    /// Fewest wildcards to turn the group into melds and one pair (15: not reachable).
    #[inline(always)]
    pub fn w1(self) -> u8 {
        (self.aux as u8) >> 4
    }

    /// Largest excess (wildcards as 5th copies) that still lowers some lane.
    #[inline(always)]
    pub fn excess(self) -> u8 {
        (self.aux >> 8 & 15) as u8
    }

    /// Distances with no excess allowed.
    #[inline(always)]
    pub fn lanes0(self) -> Lanes {
        unpack_lanes(self.word)
    }

    /// Distances with unlimited excess.
    #[inline(always)]
    pub fn lanes_inf(self) -> Lanes {
        hgen::lanes_inf(self.word)
    }
}

/// What the hot paths read of one class of vectors (those of one shanten word and win byte),
/// in one 32-byte aligned record: half a cache line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub(super) struct Hot {
    pub(super) lanes: Lanes16,
    /// The class's part of the [`aux`] word: the win byte and the largest useful excess.
    pub(super) aux: u64,
    pub(super) word: u64,
}

/// What one part of a group key gives a vector: for a high part, the rank where its vectors
/// start, among all vectors and among those of at most 13 tiles; for a low part, its place
/// among them (the high part's and the low part's add up to the rank, as in
/// [`hgen::Layout::rank_of_key`] and [`hgen::Layout::masked_rank_of_key`]); and for both, the
/// count fields of the [`aux`] word of the tiles it holds (they add without carry).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
pub(super) struct Part {
    pub(super) aux: u64,
    pub(super) rank: u32,
    /// For a high part, the rank of its first vector with masks (unused in a low part).
    pub(super) masked: u32,
}

/// The [`Part`]s of the high and the low parts of the keys, sized to the masks that cut a key
/// in two, so that an index never needs a bounds check: a rank and an aux word's count fields
/// are two loads from 80 KB.
pub(super) struct KeyParts {
    pub(super) hi: Box<[Part; 1 << hgen::LO_SHIFT]>,
    pub(super) lo: Box<[Part; 1024]>,
}

impl KeyParts {
    /// The two parts of a key.
    #[inline(always)]
    pub(super) fn of(&self, key: u32) -> (&Part, &Part) {
        (
            &self.hi[(key & ((1 << hgen::LO_SHIFT) - 1)) as usize],
            &self.lo[(key >> hgen::LO_SHIFT & 1023) as usize],
        )
    }
}
