//! The build-time tables at run time.
//!
//! Dense tables (one entry per group vector) are indexed directly by a two-level rank (the two
//! parts of a group key, two loads from small tables); the sparse tables are `phf` maps keyed by the
//! bit-run encoding of the Nanchang write-up (see [`gen::bit_run_key`]). `DESIGN.md` §2 measured
//! why: a SipHash lookup costs ~14× a direct index, so the hot path never pays it.
//!
//! ```
//! use hupai::{internals::table::Tables, GroupSpec};
//! let t = Tables::compiled();
//! let g = t.get(GroupSpec::SUIT).unwrap();
//! // 123m456m: meldable with no wildcard, no pair; W1 = 2 (a pair of wildcards).
//! let e = g.entry(&[1, 1, 1, 1, 1, 1, 0, 0, 0]);
//! assert_eq!((e.w0(), e.w1()), (0, 2));
//! ```

pub use hupai_gen as gen;
mod intern;
pub mod set;

use gen::{GroupData, GroupSpec, Layout, TableData, LANES};

use crate::combine::lanes::{Lanes16, INF};
use std::fmt;
use std::sync::OnceLock;

/// A table compiled in by build.rs: the bytes of its table file and its sparse `phf` maps.
pub(crate) struct Compiled {
    spec: &'static str,
    bytes: &'static [u8],
    profiles: &'static phf::Map<u32, [u64; 5]>,
    patterns: &'static phf::Map<u32, &'static [u32]>,
}

mod sparse {
    use super::Compiled;
    include!(concat!(env!("OUT_DIR"), "/sparse.rs"));
}

/// Seconds build.rs spent generating the compiled-in tables.
pub const GENERATION_SECONDS: f64 = sparse::GENERATION_SECONDS;

/// Ten lanes (`m + 5p`) of distances.
pub type Lanes = [u8; LANES];

/// Half of a vector's improving-slot masks: the eight [`Lanes16`] positions of no pair
/// (`0..8`) or of a pair (`8..16`), one `u16` each. Aligned: one SSE2 load.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct MaskHalf(pub [u16; 8]);

/// Improving-slot masks of a vector, one `u16` per lane at the positions of a [`Lanes16`]:
/// bit `t` of lane `k` is set when a draw into slot `t` lowers lane `k`. Its two halves are
/// shared by many vectors (a suit has 405,350 vectors and 42,050 distinct halves), so a table
/// keeps two 16-bit ids a vector (1.6 MB for a suit) instead of 32 bytes (13 MB).
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
    pub fn at(self, k: usize) -> u16 {
        if k < 8 {
            self.low.0[k]
        } else {
            self.high.0[k - 8]
        }
    }

    /// All sixteen positions.
    pub fn to_array(self) -> [u16; 16] {
        std::array::from_fn(|k| self.at(k))
    }
}

/// The improving-slot masks of a table: per vector the ids of its two halves in one pool of
/// distinct halves.
struct MaskTable {
    ids: Vec<[u16; 2]>,
    halves: Vec<MaskHalf>,
}

/// Auxiliary word of a vector (derived on load): the win byte and what the special forms
/// need, so that they cost four additions instead of a loop over 34 counts.
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
    /// lanes of the vector are ([`super::GroupTable::lanes16_of`]).
    pub const CLASS: u32 = 51;
    /// Most classes a table may have (the generated tables have at most 382).
    pub const CLASSES: usize = 1 << 9;
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
    /// `U_0` lanes, 2-bit savings of unlimited excess, largest useful excess: see [`gen::pack_entry`].
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
        let mut out = [0u8; LANES];
        for (i, o) in out.iter_mut().enumerate() {
            *o = (self.word >> (4 * i) & 15) as u8 - (self.word >> (40 + 2 * i) & 3) as u8;
        }
        out
    }
}

/// Unpacks ten 4-bit lanes.
pub fn unpack_lanes(w: u64) -> Lanes {
    let mut out = [0u8; LANES];
    for (i, o) in out.iter_mut().enumerate() {
        *o = (w >> (4 * i) & 15) as u8;
    }
    out
}

/// What the hot paths read of one class of vectors (those of one shanten word and win byte),
/// in one 32-byte aligned record: half a cache line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
struct Hot {
    lanes: Lanes16,
    /// The class's part of the [`aux`] word: the win byte and the largest useful excess.
    aux: u64,
    word: u64,
}

/// What one part of a group key gives a vector: for a high part, the rank where its vectors
/// start; for a low part, its place among them (the two add up to the rank, as in
/// [`Layout::rank_of_key`]); and for both, the count fields of the [`aux`] word of the tiles
/// it holds (they add without carry).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
struct Part {
    aux: u64,
    rank: u32,
}

/// The [`Part`]s of the high and the low parts of the keys, sized to the masks that cut a key
/// in two, so that an index never needs a bounds check: a rank and an aux word's count fields
/// are two loads from 80 KB.
struct KeyParts {
    hi: Box<[Part; 1 << gen::LO_SHIFT]>,
    lo: Box<[Part; 1024]>,
}

impl KeyParts {
    /// The two parts of a key.
    #[inline(always)]
    fn of(&self, key: u32) -> (&Part, &Part) {
        (
            &self.hi[(key & ((1 << gen::LO_SHIFT) - 1)) as usize],
            &self.lo[(key >> gen::LO_SHIFT & 1023) as usize],
        )
    }
}

/// The sparse excess profiles of a group: compiled `phf` maps, or sorted pairs of a loaded set.
enum Profiles {
    Compiled(&'static phf::Map<u32, [u64; 5]>),
    Loaded(Vec<(u32, [u64; 5])>),
}

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
    fn from_data(
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

/// The win byte that the distances of a shanten word imply: `W_p` is the fewest tiles that
/// complete the vector into `m` melds and `p` pairs using every tile it holds, i.e. the least
/// `3m + 2p - total` over the lanes whose unlimited-excess distance is exactly that
/// (the generator's definition of `W0`/`W1`).
fn implied_win(word: u64, total: usize) -> u8 {
    let inf = Entry { word, aux: 0 }.lanes_inf();
    let mut w = [gen::W_NONE; 2];
    for (p, wp) in w.iter_mut().enumerate() {
        for m in 0..5 {
            let size = 3 * m + 2 * p;
            if size >= total && inf[gen::lane(m, p)] as usize == size - total {
                *wp = (*wp).min((size - total) as u8);
            }
        }
    }
    w[0] | w[1] << 4
}

/// The checks a loaded group table must pass (cheap: one pass over the vectors), so that a
/// set re-hashed after an edit is refused instead of answering wrongly or panicking:
/// every distance within its lane's target size and the saving of unlimited excess within the
/// distance; the largest useful excess within what the generator explores; every win byte the
/// one the distances imply; an excess profile for exactly the vectors whose largest useful
/// excess is 2 or more, sorted by key, its first level the no-excess distances and its levels
/// from that excess on the unlimited-excess ones.
fn validate(d: &GroupData, vectors: &[[u8; 9]]) -> Result<(), String> {
    let n = d.spec.slots();
    let mut needed = Vec::new();
    for (r, c) in vectors.iter().enumerate() {
        let word = d.shanten[r];
        let u0 = Entry { word, aux: 0 }.lanes0();
        for (l, &u) in u0.iter().enumerate() {
            let size = 3 * (l % 5) + 2 * (l / 5);
            let saving = (word >> (40 + 2 * l) & 3) as u8;
            // A lane whose shape the spec never forms (a pair where none may sit) is
            // `LANE_NONE`, and no excess saves anything there.
            let none = u == gen::LANE_NONE && saving == 0 && l >= 5 && d.spec.pair_slots() == 0;
            if !none && (u as usize > size || saving > u) {
                return Err(format!("vector {c:?}: lane {l} out of range"));
            }
        }
        let excess = (word >> 60) as u8;
        if excess > 4 {
            return Err(format!("vector {c:?}: excess {excess} out of range"));
        }
        let total: usize = c[..n].iter().map(|&x| x as usize).sum();
        if d.win[r] != implied_win(word, total) {
            return Err(format!(
                "vector {c:?}: win byte {:#04x} disagrees with its distances ({:#04x})",
                d.win[r],
                implied_win(word, total)
            ));
        }
        if excess >= 2 {
            needed.push((gen::bit_run_key(&c[..n]), r));
        }
    }
    needed.sort_unstable();
    if d.profiles.len() != needed.len() {
        return Err(format!(
            "{} excess profiles, the vectors need {}",
            d.profiles.len(),
            needed.len()
        ));
    }
    for ((key, prof), &(want, r)) in d.profiles.iter().zip(&needed) {
        if *key != want {
            return Err(format!(
                "excess profile {key:#x} belongs to no vector that needs one"
            ));
        }
        let word = d.shanten[r];
        let excess = (word >> 60) as usize;
        let e = Entry { word, aux: 0 };
        let inf = gen::pack_lanes(&e.lanes_inf());
        if unpack_lanes(prof[0]) != e.lanes0() || prof[excess..].iter().any(|&x| x != inf) {
            return Err(format!(
                "excess profile {key:#x} disagrees with its vector's distances"
            ));
        }
    }
    Ok(())
}

type Classes = (Vec<u16>, Box<[Hot; aux::CLASSES]>, usize);

/// The classes of a table's vectors: vectors of one shanten word and win byte share one
/// record. Runs at the first answer of every process (in a dependent's debug build too): one
/// pass over the vectors, with an [`intern::Interner`] of the few hundred classes.
fn classify(d: &GroupData) -> Result<Classes, TableError> {
    let mut ids = intern::Interner::new();
    let mut class = Vec::with_capacity(d.shanten.len());
    for (&word, &win) in d.shanten.iter().zip(&d.win) {
        let id = ids.intern((word, win), word ^ (win as u64) << 32);
        if ids.len() > aux::CLASSES {
            return Err(TableError::Shape(format!(
                "{} table has more than {} distinct entries",
                d.spec,
                aux::CLASSES
            )));
        }
        class.push(id as u16);
    }
    let count = ids.len();
    let mut classes: Vec<Hot> = ids
        .into_values()
        .into_iter()
        .enumerate()
        .map(|(id, (word, win))| Hot {
            lanes: lanes16_of(word),
            aux: win as u64 | (word >> 60) << 8 | (id as u64) << aux::CLASS,
            word,
        })
        .collect();
    classes.resize(aux::CLASSES, classes[0]);
    let classes = classes
        .into_boxed_slice()
        .try_into()
        .expect("resized to the fixed size");
    Ok((class, classes, count))
}

/// The [`Part`] of every key part: the layout's rank offsets and places, and the count fields
/// of the auxiliary word ([`aux`] from [`aux::ONCE`] on) of the vectors that only hold tiles in
/// the high part of a key, and of those that only hold tiles in the low part.
fn key_parts(layout: &Layout) -> KeyParts {
    let spec = layout.spec;
    let n = spec.slots();
    let of = |key: u32| {
        let c = layout.counts(key);
        let mut w = 0u64;
        for (i, &x) in c.iter().enumerate().take(n) {
            if x == 0 {
                continue;
            }
            w += 1
                << match x {
                    1 => aux::ONCE,
                    2 => aux::TWICE,
                    3 => aux::THRICE,
                    _ => aux::FOUR,
                };
            w |= 1 << (aux::PRESENT + i as u32);
            w += (x as u64) << aux::TILES;
            if spec.orphan_slots() >> i & 1 == 1 {
                w += 1 << aux::ORPHANS;
                if x >= 2 {
                    w += 1 << aux::DUPS;
                }
            }
        }
        w
    };
    let mut hi = Box::new([Part::default(); 1 << gen::LO_SHIFT]);
    let mut lo = Box::new([Part::default(); 1024]);
    for (part, p) in hi.iter_mut().enumerate() {
        p.rank = layout.off[part];
        if part < gen::POW5[gen::HI_SLOTS] {
            p.aux = of(part as u32);
        }
    }
    for (part, p) in lo.iter_mut().enumerate() {
        p.rank = layout.place[part] as u32;
        if part < gen::POW5[n - gen::HI_SLOTS] {
            p.aux = of((part as u32) << gen::LO_SHIFT);
        }
    }
    KeyParts { hi, lo }
}

/// The [`Lanes16`] of a shanten word, by bit spreading (no per-lane loop): the same as
/// `to16(&unpack_lanes(word))`.
#[inline]
fn lanes16_of(word: u64) -> Lanes16 {
    // Five 4-bit lanes (20 bits) to five bytes.
    let spread = |x: u64| {
        let x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
        let x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
        (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
    };
    const FILL: u128 =
        u128::from_le_bytes([0, 0, 0, 0, 0, INF, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF]);
    let p0 = spread(word & 0xF_FFFF) as u128;
    let p1 = spread(word >> 20 & 0xF_FFFF) as u128;
    (p0 | p1 << 72 | FILL).to_le_bytes()
}

/// For every vector with fewer than 14 tiles, which slots lower each `U_0` lane when drawn:
/// the vector one tile up is found by adding the slot's weight to the group key. An error
/// when the distinct halves outnumber 16-bit ids.
fn derive_masks(layout: &Layout, lanes: impl Fn(usize) -> Lanes16) -> Result<MaskTable, String> {
    let n = layout.spec.slots();
    let mut ids = Vec::with_capacity(layout.len);
    let mut halves = intern::Interner::new();
    let mut intern = |h: MaskHalf| -> Result<u16, String> {
        let bytes: [u64; 2] = half_words(h);
        let id = halves.intern(h, bytes[0] ^ bytes[1].rotate_left(29));
        u16::try_from(id).map_err(|_| {
            format!(
                "{} table: more than 65,536 distinct mask halves",
                layout.spec
            )
        })
    };
    for c in layout.vectors() {
        let mut mask = [0u16; 16];
        let total: usize = c.iter().map(|&x| x as usize).sum();
        if total < gen::MAX_TILES {
            let key = gen::group_key(&c[..n]);
            let here = lanes(layout.rank_of_key(key));
            for (t, &held) in c[..n].iter().enumerate() {
                if held >= 4 {
                    continue;
                }
                let there = lanes(layout.rank_of_key(key + gen::slot_weight(t)));
                // `Lanes16` positions are the mask positions; unused ones are INF in both.
                for k in 0..16 {
                    if there[k] < here[k] {
                        mask[k] |= 1 << t;
                    }
                }
            }
        }
        let half = |k: usize| MaskHalf(std::array::from_fn(|i| mask[k + i]));
        ids.push([intern(half(0))?, intern(half(8))?]);
    }
    Ok(MaskTable {
        ids,
        halves: halves.into_values(),
    })
}

/// The eight lanes of a mask half as two words (for its hash).
fn half_words(h: MaskHalf) -> [u64; 2] {
    let w = |i: usize| (0..4).fold(0u64, |a, k| a | (h.0[i + k] as u64) << (16 * k));
    [w(0), w(4)]
}

/// A table set that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The bytes do not decode.
    Decode(String),
    /// Another format version.
    Format {
        /// Version found.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// Wrong sizes, or entries that disagree with each other.
    Shape(String),
    /// The set lacks a table that the rules asked for need.
    Missing {
        /// The spec of the missing table.
        spec: GroupSpec,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Decode(e) => write!(f, "table data does not decode: {e}"),
            TableError::Format { found, expected } => {
                write!(
                    f,
                    "table format version {found}, this build reads version {expected}"
                )
            }
            TableError::Shape(e) => write!(f, "table data has the wrong shape: {e}"),
            TableError::Missing { spec } => write!(
                f,
                "the table set has no {spec} table, which these rules need (generate a set for them with `hupai tables generate --rules …`)"
            ),
        }
    }
}

impl std::error::Error for TableError {}

/// One table of a set: its spec, and the table (built on first use for a compiled-in one).
struct Slot {
    spec: GroupSpec,
    table: OnceLock<GroupTable>,
    compiled: Option<&'static Compiled>,
}

/// A set of group tables, one per [`GroupSpec`]: the compiled-in set (every spec of
/// [`GroupSpec::ALL`], each decoded on first use) or a set loaded from disk.
pub struct Tables {
    slots: Vec<Slot>,
}

impl Tables {
    /// The tables compiled into this binary by build.rs. Each table is decoded and derived
    /// the first time an engine asks for it, then shared.
    pub fn compiled() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| Tables {
            slots: sparse::COMPILED
                .iter()
                .map(|c| Slot {
                    spec: GroupSpec::by_name(c.spec).expect("build.rs names known specs"),
                    table: OnceLock::new(),
                    compiled: Some(c),
                })
                .collect(),
        })
    }

    /// The compiled-in tables as generated data (what `hupai tables generate` writes).
    pub fn compiled_data() -> TableData {
        TableData {
            format: gen::FORMAT_VERSION,
            generator: gen::GENERATOR_VERSION,
            groups: sparse::COMPILED
                .iter()
                .map(|c| compiled_group(c).data)
                .collect(),
        }
    }

    /// Tables from decoded data (for example a set written by `hupai tables generate`),
    /// checked entry by entry.
    pub fn from_data(data: TableData) -> Result<Tables, TableError> {
        if data.format != gen::FORMAT_VERSION {
            return Err(TableError::Format {
                found: data.format,
                expected: gen::FORMAT_VERSION,
            });
        }
        let mut slots: Vec<Slot> = Vec::new();
        for g in data.groups {
            if slots.iter().any(|s| s.spec == g.spec) {
                return Err(TableError::Shape(format!("two {} tables", g.spec)));
            }
            let spec = g.spec;
            let table = OnceLock::new();
            let _ = table.set(GroupTable::from_data(g, None)?);
            slots.push(Slot {
                spec,
                table,
                compiled: None,
            });
        }
        if slots.is_empty() {
            return Err(TableError::Shape("a set needs at least one table".into()));
        }
        Ok(Tables { slots })
    }

    /// Tables from the bincode bytes of a whole [`TableData`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Tables, TableError> {
        let data: TableData =
            bincode::deserialize(bytes).map_err(|e| TableError::Decode(e.to_string()))?;
        Tables::from_data(data)
    }

    /// A table set directory written by `hupai tables generate` (see [`set::load`]).
    pub fn load(dir: &std::path::Path) -> Result<Tables, set::SetError> {
        set::load(dir)
    }

    /// The specs of the tables in the set.
    pub fn specs(&self) -> impl Iterator<Item = GroupSpec> + '_ {
        self.slots.iter().map(|s| s.spec)
    }

    /// Whether the set holds the table of a spec.
    pub fn has(&self, spec: GroupSpec) -> bool {
        self.slots.iter().any(|s| s.spec == spec)
    }

    /// The table of a spec, if the set holds it (a compiled-in table is built now if this
    /// is its first use).
    pub fn get(&self, spec: GroupSpec) -> Option<&GroupTable> {
        let slot = self.slots.iter().find(|s| s.spec == spec)?;
        Some(slot.table.get_or_init(|| {
            let c = slot
                .compiled
                .expect("a loaded table is built when the set loads");
            GroupTable::from_data(compiled_group(c).data, Some(c))
                .expect("compiled-in tables are well formed")
        }))
    }
}

/// The decoded file of a compiled-in table (build.rs wrote it with this very generator).
fn compiled_group(c: &Compiled) -> gen::GroupFile {
    let file = gen::decode_group(c.bytes).expect("compiled-in tables decode");
    assert_eq!(
        (file.format, file.generator, file.data.spec.name()),
        (gen::FORMAT_VERSION, gen::GENERATOR_VERSION, c.spec),
        "compiled-in table file of this build"
    );
    file
}
