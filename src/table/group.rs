//! One group spec's table at run time, read in place from its image: a vector's rank from its
//! key, its entry, lanes and masks, its excess profiles and the splits of complete patterns.

use super::derive::{hot_records, key_parts};
use super::format::{aux, unpack_lanes, Entry, Hot, KeyParts, Lanes, Masks};
use super::image::{Image, View};
use super::lanes::Lanes16;
use hupai_gen::image::{ClassRecord, MaskHalf, ProfileRecord, Section};
use hupai_gen::{self as hgen, GroupSpec, Layout};

/// The tables of one group spec.
pub struct GroupTable {
    spec: GroupSpec,
    layout: &'static Layout,
    /// The class of every vector (to [`Layout::reach`]). The 405,350 suit vectors have at
    /// most a few hundred distinct shanten words and win bytes (152 for riichi's suits, 382
    /// under the 258 pair), so what the hot paths read is 2 bytes a vector (0.8 MB for a
    /// suit) and a record per class, not a 32-byte record per vector (13 MB), and a server's
    /// 100,000 distinct hands stay in L2.
    class: View<u16>,
    /// Per class: the lanes, the shanten word, the class's part of the aux word (16 KB; a
    /// fixed size, so that a class read from an aux word needs no bounds check).
    classes: Box<[Hot; aux::CLASSES]>,
    /// Ranks and the rest of the aux words, by key part.
    parts: KeyParts,
    /// The win byte of every vector on its own (`W0 | W1 << 4`, to [`Layout::reach`]): 0.4 MB
    /// for a suit, the one load per group of the win check.
    win: View<u8>,
    /// Per vector of at most 13 tiles, the ids of its two mask halves.
    mask_ids: View<[u16; 2]>,
    /// The distinct mask halves.
    halves: View<MaskHalf>,
    /// The sparse excess profiles, sorted by bit-run key.
    profiles: View<ProfileRecord>,
    /// The bytes the views read: declared last, dropped after them.
    #[cfg_attr(not(any(test, feature = "sets")), allow(dead_code))]
    image: Image,
}

impl GroupTable {
    /// The group spec.
    pub fn spec(&self) -> GroupSpec {
        self.spec
    }

    /// The entry of a vector.
    #[inline(always)]
    pub fn entry(&self, c: &[u8]) -> Entry {
        self.entry_of_key(self.layout.key(c))
    }

    /// The entry of a vector given by its group key ([`hgen::slot_weight`]).
    #[inline(always)]
    pub fn entry_of_key(&self, key: u32) -> Entry {
        let aux = self.aux_of(key);
        Entry {
            word: self.classes[(aux >> aux::CLASS) as usize % aux::CLASSES].word,
            aux,
        }
    }

    /// Rank of a vector given by its group key ([`hgen::slot_weight`]): two loads from small
    /// tables (see [`Layout`]).
    #[inline(always)]
    pub fn rank_of_key(&self, key: u32) -> usize {
        let (hi, lo) = self.parts.of(key);
        (hi.rank + lo.rank) as usize
    }

    /// The win byte of a rank: `W0 | W1 << 4` ([`hgen::W_NONE`] = unreachable).
    #[inline(always)]
    pub fn win_at(&self, r: usize) -> u8 {
        let win = self.win.as_slice();
        debug_assert!(r < win.len());
        // SAFETY: an image's per-vector sections run to `Layout::reach`, past the largest sum
        // of a high part's and a low part's rank (every rank `rank_of_key` returns)
        // (`ImageLayout::parse` checked the counts). Unchecked because the bounds check
        // showed on the win check past its screen (`scripts/instructions hongzhong`).
        unsafe { *win.get_unchecked(r) }
    }

    /// The auxiliary word ([`aux`]) of the vector of a key: its class's win byte and excess,
    /// and the count fields of its key's parts. Four loads: the key's two parts, the class,
    /// the class's record.
    #[inline(always)]
    pub fn aux_of(&self, key: u32) -> u64 {
        let (hi, lo) = self.parts.of(key);
        let r = hi.rank + lo.rank;
        let classes = self.class.as_slice();
        debug_assert!((r as usize) < classes.len());
        // SAFETY: as in `win_at`, the class section runs past every rank `rank_of_key`
        // returns. Unchecked because the bounds check showed on riichi shanten
        // (`scripts/instructions riichi`).
        let class = unsafe { *classes.get_unchecked(r as usize) };
        let hot = &self.classes[class as usize % aux::CLASSES];
        hot.aux | (hi.aux + lo.aux)
    }

    /// `U_0` lanes of the vector of an aux word ([`GroupTable::aux_of`]): from its class, one
    /// load with no pass through the rank.
    #[inline(always)]
    pub fn lanes16_of(&self, aux: u64) -> Lanes16 {
        self.classes[(aux >> aux::CLASS) as usize % aux::CLASSES].lanes
    }

    /// Improving-slot masks of the vector of a key, given its aux word: per `U_0` lane, the
    /// slots whose draw lowers it (none for a vector of 14 tiles, which takes no tile more).
    /// The masked rank is worked out here, not at every lookup: carrying it in every lookup
    /// cost shanten about what it saved ukeire, and shanten is asked more often
    /// (`scripts/instructions`).
    #[inline(always)]
    pub fn masks_of(&self, key: u32, aux: u64) -> Masks<'_> {
        if (aux >> aux::TILES & 31) as usize >= hgen::MAX_TILES {
            return Masks::NONE;
        }
        let (hi, lo) = self.parts.of(key);
        let [low, high] = self.mask_ids.as_slice()[(hi.masked + lo.rank) as usize];
        let halves = self.halves.as_slice();
        Masks {
            low: &halves[low as usize],
            high: &halves[high as usize],
        }
    }

    /// All splits of a vector (counts 0..=4, at most 14 tiles) into melds and at most one
    /// pair with no wildcard ([`hgen::exact_decompositions`]): searched only when the table
    /// says the vector is complete, so an incomplete one costs a lookup.
    pub fn splits(&self, counts: &[u8; 9]) -> Vec<u32> {
        let e = self.entry(counts);
        if e.w0() == 0 || e.w1() == 0 {
            hgen::exact_decompositions(self.spec, counts)
        } else {
            Vec::new()
        }
    }

    /// `U_e` lanes of a vector for an excess budget `e` (exact for every `e`).
    pub fn lanes_at_excess(&self, c: &[u8], e: u8) -> Lanes {
        let entry = self.entry(c);
        if e == 0 || entry.excess() == 0 {
            return entry.lanes0();
        }
        if e >= entry.excess() {
            return entry.lanes_inf();
        }
        let key = hgen::bit_run_key(&c[..self.spec.slots()]);
        let profiles = self.profiles.as_slice();
        let i = profiles
            .binary_search_by_key(&key, |p| p.key)
            .expect("an excess profile for every vector with excess >= 2 (checked on load)");
        unpack_lanes(profiles[i].levels[e as usize])
    }

    /// The bytes of the table's image (what a table file of a set holds).
    #[cfg(feature = "sets")]
    pub fn image_bytes(&self) -> &[u8] {
        self.image.bytes()
    }

    /// The table of an image (checked by the caller if it comes from outside): the views of
    /// its sections, and the key parts and class records computed from its spec and classes.
    pub(super) fn open(image: Image) -> GroupTable {
        let layout = Layout::of(image.layout.spec);
        let records: View<ClassRecord> = image.view(Section::Classes);
        GroupTable {
            spec: image.layout.spec,
            classes: hot_records(records.as_slice()),
            parts: key_parts(layout),
            layout,
            class: image.view(Section::Class),
            win: image.view(Section::Win),
            mask_ids: image.view(Section::MaskIds),
            halves: image.view(Section::Halves),
            profiles: image.view(Section::Profiles),
            image,
        }
    }
}

/// What the tests read besides the hot path (`tests/inner/tables.rs`): the sections by rank.
#[cfg(test)]
impl GroupTable {
    /// Number of vectors.
    pub fn len(&self) -> usize {
        self.layout.len
    }

    /// Number of classes: distinct (shanten word, win byte) pairs over the vectors.
    pub fn class_count(&self) -> usize {
        self.image.layout.classes
    }

    /// The record of the class of a rank.
    #[inline(always)]
    fn hot(&self, r: usize) -> &Hot {
        &self.classes[self.class.as_slice()[r] as usize % aux::CLASSES]
    }

    /// The shanten word of a rank (see [`hgen::pack_entry`]).
    #[inline(always)]
    pub fn word_at(&self, r: usize) -> u64 {
        self.hot(r).word
    }

    /// `U_0` lanes of a rank as a [`Lanes16`].
    #[inline(always)]
    pub fn lanes16_at(&self, r: usize) -> Lanes16 {
        self.hot(r).lanes
    }

    /// Number of distinct mask halves.
    pub fn mask_half_count(&self) -> usize {
        self.image.layout.halves
    }
}
