//! One group spec's table at run time: a vector's rank from its key, its entry, lanes and
//! masks, its excess profiles and complete patterns.

use std::sync::OnceLock;

use super::compiled::Compiled;
use super::derive::{classify, derive_masks, key_parts, validate};
use super::error::TableError;
use super::format::{aux, unpack_lanes, Entry, Hot, KeyParts, Lanes, MaskTable, Masks, Profiles};
use super::lanes::Lanes16;
use hupai_gen::{self as gen, GroupData, GroupSpec, Layout};

/// The tables of one group spec.
pub struct GroupTable {
    spec: GroupSpec,
    layout: Layout,
    /// Derived on load: the class of every vector. The 405,350 suit vectors have at most a
    /// few hundred distinct shanten words and win bytes (133 for riichi's suits, 382 under
    /// the 258 pair), so what the hot paths read is 2 bytes a vector (0.8 MB for a suit)
    /// and a record per class, not a 32-byte record per vector (13 MB), and a server's
    /// 100,000 distinct hands stay in L2.
    class: Vec<u16>,
    /// Per class: the lanes, the shanten word, the class's part of the aux word (16 KB; a
    /// fixed size, so that a class read from an aux word needs no bounds check).
    classes: Box<[Hot; aux::CLASSES]>,
    /// Number of classes in use.
    class_count: usize,
    /// Ranks and the rest of the aux words, by key part.
    parts: KeyParts,
    /// The win byte of every vector on its own (`W0 | W1 << 4`): 0.4 MB for the suits, the
    /// one load per group of the win check.
    win: Vec<u8>,
    /// Per vector and lane, the slots whose draw lowers `U_0` (9 bits per lane). Derived from
    /// the shanten words on first use (only waits, ukeire and discards read them), so table
    /// files stay small and a start that only checks wins or shanten does not pay for them;
    /// a loaded set derives them on load, to refuse a table whose halves overflow the ids.
    masks: OnceLock<MaskTable>,
    profiles: Profiles,
    /// The compiled `phf` map of complete patterns, for the compiled-in tables; a loaded set
    /// computes a pattern's splits when asked ([`gen::exact_decompositions`]).
    patterns: Option<&'static phf::Map<u32, &'static [u32]>>,
}

impl GroupTable {
    /// The group spec.
    pub fn spec(&self) -> GroupSpec {
        self.spec
    }

    /// Number of vectors.
    pub fn len(&self) -> usize {
        self.layout.len
    }

    /// Always false for a generated table.
    pub fn is_empty(&self) -> bool {
        self.layout.len == 0
    }

    /// Number of classes: distinct (shanten word, win byte) pairs over the vectors.
    pub fn class_count(&self) -> usize {
        self.class_count
    }

    /// Rank of a vector (counts 0..=4, at most 14 tiles).
    #[inline(always)]
    pub fn rank(&self, c: &[u8]) -> usize {
        self.layout.rank(c)
    }

    /// The entry of a vector.
    #[inline(always)]
    pub fn entry(&self, c: &[u8]) -> Entry {
        self.entry_of_key(self.layout.key(c))
    }

    /// The entry of a vector given by its group key ([`gen::slot_weight`]).
    #[inline(always)]
    pub fn entry_of_key(&self, key: u32) -> Entry {
        let (r, aux) = self.lookup(key);
        Entry {
            word: self.word_at(r as usize),
            aux,
        }
    }

    /// The record of the class of a rank.
    #[inline(always)]
    fn hot(&self, r: usize) -> &Hot {
        &self.classes[self.class[r] as usize % aux::CLASSES]
    }

    /// Rank of a vector given by its group key ([`gen::slot_weight`]): two loads from small
    /// tables (see [`Layout`]).
    #[inline(always)]
    pub fn rank_of_key(&self, key: u32) -> usize {
        let (hi, lo) = self.parts.of(key);
        (hi.rank + lo.rank) as usize
    }

    /// The win byte of a rank: `W0 | W1 << 4` ([`gen::W_NONE`] = unreachable).
    #[inline(always)]
    pub fn win_at(&self, r: usize) -> u8 {
        debug_assert!(r < self.win.len());
        // SAFETY: `from_data` pads `win` like `class`, past the largest sum of a high part's
        // and a low part's rank (every rank `rank_of_key` returns), and `win` never changes
        // after. Measured: the bounds checks cost the win check 12 instructions a hand past
        // its screen (callgrind, `hongzhong`).
        unsafe { *self.win.get_unchecked(r) }
    }

    /// The auxiliary word ([`aux`]) of the vector of a key: its class's win byte and excess,
    /// and the count fields of its key's parts.
    #[inline(always)]
    pub fn aux_of(&self, key: u32) -> u64 {
        self.lookup(key).1
    }

    /// The rank and the auxiliary word of the vector of a key: [`GroupTable::rank_of_key`]
    /// and [`GroupTable::aux_of`] in one (four loads: the key's two parts, the class, the
    /// class's record).
    #[inline(always)]
    pub fn lookup(&self, key: u32) -> (u32, u64) {
        let (hi, lo) = self.parts.of(key);
        let r = hi.rank + lo.rank;
        debug_assert!((r as usize) < self.class.len());
        // SAFETY: `from_data` pads `class` past the largest sum of a high part's and a low
        // part's rank, and `class` never changes after. Measured: the bounds check cost riichi
        // shanten 17 instructions a hand (callgrind).
        let class = unsafe { *self.class.get_unchecked(r as usize) };
        let hot = &self.classes[class as usize % aux::CLASSES];
        (r, hot.aux | (hi.aux + lo.aux))
    }

    /// The shanten word of a rank (see [`gen::pack_entry`]).
    #[inline(always)]
    pub fn word_at(&self, r: usize) -> u64 {
        self.hot(r).word
    }

    /// `U_0` lanes of a rank as a [`Lanes16`].
    #[inline(always)]
    pub fn lanes16_at(&self, r: usize) -> Lanes16 {
        self.hot(r).lanes
    }

    /// `U_0` lanes of the vector of an aux word ([`GroupTable::aux_of`]): from its class, one
    /// load with no pass through the rank.
    #[inline(always)]
    pub fn lanes16_of(&self, aux: u64) -> Lanes16 {
        self.classes[(aux >> aux::CLASS) as usize % aux::CLASSES].lanes
    }

    /// Improving-slot masks of a rank: per `U_0` lane, the slots whose draw lowers it.
    #[inline(always)]
    pub fn masks_at(&self, r: usize) -> Masks<'_> {
        let t = self.mask_table();
        let [low, high] = t.ids[r];
        Masks {
            low: &t.halves[low as usize],
            high: &t.halves[high as usize],
        }
    }

    /// Number of distinct mask halves (derives the masks if they are not yet).
    pub fn mask_half_count(&self) -> usize {
        self.mask_table().halves.len()
    }

    /// The improving-slot masks, derived on first use.
    #[inline(always)]
    fn mask_table(&self) -> &MaskTable {
        self.masks.get_or_init(|| {
            derive_masks(&self.layout, |r| self.lanes16_at(r))
                .expect("the compiled-in tables' mask halves fit 16-bit ids (tests/tables.rs)")
        })
    }

    /// Number of complete patterns in the compiled `phf` map (`None` for a loaded set).
    pub fn pattern_count(&self) -> Option<usize> {
        self.patterns.map(|m| m.len())
    }

    /// All splits of a complete pattern (no wildcards) into melds and at most one pair (see
    /// [`gen::exact_decompositions`]); empty if the vector is not complete.
    pub fn splits(&self, counts: &[u8; 9]) -> std::borrow::Cow<'static, [u32]> {
        let key = gen::bit_run_key(&counts[..self.spec.slots()]);
        match self.patterns {
            Some(map) => std::borrow::Cow::Borrowed(map.get(&key).copied().unwrap_or(&[])),
            None => std::borrow::Cow::Owned(gen::exact_decompositions(self.spec, counts)),
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
        let key = gen::bit_run_key(&c[..self.spec.slots()]);
        let prof = match &self.profiles {
            Profiles::Compiled(map) => map.get(&key).copied(),
            Profiles::Loaded(v) => v.binary_search_by_key(&key, |x| x.0).ok().map(|i| v[i].1),
        };
        unpack_lanes(
            prof.expect("excess profile present for every vector with excess >= 2")[e as usize],
        )
    }

    /// The table of generated data; `compiled` carries the `phf` maps of a compiled-in table
    /// (whose data build.rs checked), `None` for a set from outside, which is validated.
    pub(super) fn from_data(
        d: GroupData,
        compiled: Option<&'static Compiled>,
    ) -> Result<GroupTable, TableError> {
        let layout = Layout::new(d.spec);
        if d.shanten.len() != layout.len || d.win.len() != layout.len {
            return Err(TableError::Shape(format!(
                "{} table has {} / {} entries, expected {}",
                d.spec,
                d.shanten.len(),
                d.win.len(),
                layout.len
            )));
        }
        if compiled.is_none() {
            // A set from outside (a file an operator gave): check what the engine relies on.
            validate(&d, &layout.vectors())
                .map_err(|e| TableError::Shape(format!("{} table: {e}", d.spec)))?;
        }
        let (mut class, classes, class_count) = classify(&d)?;
        let parts = key_parts(&layout);
        // Any two parts' ranks add up within `class` (the unchecked read of `lookup`); the
        // sums past the vectors belong to no key of a real vector, and read class 0.
        let reach = parts.hi.iter().map(|p| p.rank).max().unwrap_or(0) as usize
            + parts.lo.iter().map(|p| p.rank).max().unwrap_or(0) as usize
            + 1;
        class.resize(reach.max(class.len()), 0);
        let mut win = d.win;
        win.resize(reach.max(win.len()), gen::W_NONE | gen::W_NONE << 4);
        let (profiles, patterns) = match compiled {
            Some(c) => (Profiles::Compiled(c.profiles), Some(c.patterns)),
            None => (Profiles::Loaded(d.profiles), None),
        };
        let table = GroupTable {
            spec: d.spec,
            layout,
            class,
            classes,
            class_count,
            parts,
            win,
            masks: OnceLock::new(),
            profiles,
            patterns,
        };
        if compiled.is_none() {
            let masks =
                derive_masks(&table.layout, |r| table.lanes16_at(r)).map_err(TableError::Shape)?;
            let _ = table.masks.set(masks);
        }
        Ok(table)
    }
}
