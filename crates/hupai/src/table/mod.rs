//! The build-time tables at run time.
//!
//! Dense tables (one entry per group vector) are indexed directly by a two-level rank (the two
//! parts of a group key, two loads from small tables); the sparse tables are `phf` maps keyed by the
//! bit-run encoding of the Nanchang write-up (see [`gen::bit_run_key`]). `DESIGN.md` §2 measured
//! why: a SipHash lookup costs ~14× a direct index, so the hot path never pays it.
//!
//! ```
//! use hupai::table::{Tables, gen::GroupKind};
//! let t = Tables::compiled();
//! let g = t.group(GroupKind::Suit);
//! // 123m456m: meldable with no wildcard, no pair; W1 = 2 (a pair of wildcards).
//! let e = g.entry(&[1, 1, 1, 1, 1, 1, 0, 0, 0]);
//! assert_eq!((e.w0(), e.w1()), (0, 2));
//! ```

pub use hupai_gen as gen;
pub mod set;

use gen::{GroupData, GroupKind, Layout, TableData, LANES};

use std::fmt;
use std::sync::OnceLock;

mod sparse {
    include!(concat!(env!("OUT_DIR"), "/sparse.rs"));
}

/// Seconds build.rs spent generating the compiled-in tables.
pub const GENERATION_SECONDS: f64 = sparse::GENERATION_SECONDS;

/// The compiled-in table set, as bincode bytes (the same bytes `hupai tables generate` writes).
pub static COMPILED_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tables.bin"));

/// Ten lanes (`m + 5p`) of distances.
pub type Lanes = [u8; LANES];

/// Lanes as a 16-byte vector for the combine: `p = 0` at bytes 0..5, `p = 1` at bytes 9..14,
/// [`INF`] elsewhere, so that a min-plus product is byte shifts, saturating adds and mins.
pub type Lanes16 = [u8; 16];

/// Improving-slot masks of a vector, one `u16` per lane at the positions of a [`Lanes16`]:
/// bit `t` of lane `k` is set when a draw into slot `t` lowers lane `k`. Aligned so that the
/// 32 bytes are one half of a cache line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(32))]
pub struct Masks16(pub [u16; 16]);

/// An unreachable distance in a [`Lanes16`].
pub const INF: u8 = 255;

/// Spreads ten lanes into a [`Lanes16`].
#[inline(always)]
pub fn to16(l: &Lanes) -> Lanes16 {
    let mut out = [INF; 16];
    out[..5].copy_from_slice(&l[..5]);
    out[9..14].copy_from_slice(&l[5..]);
    out
}

/// Auxiliary word of a vector (derived on load): the win byte and what the special forms
/// need, so that they cost four additions instead of a loop over 34 counts.
///
/// bits 0..8 win byte · 8..12 largest useful excess · 12..16 kinds held once · 16..20 twice ·
/// 20..24 three times · 24..28 four times · 28..32 orphan kinds held · 32..36 orphan kinds held
/// twice or more · 37..46 presence mask.
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

/// What the hot paths read of one vector, packed in one 32-byte aligned record so that a
/// lookup costs one cache line (measured: two separate arrays cost ~2× the misses).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
struct Hot {
    lanes: Lanes16,
    aux: u64,
    word: u64,
}

/// The sparse excess profiles of a group: compiled `phf` maps, or sorted pairs of a loaded set.
enum Profiles {
    Compiled(&'static phf::Map<u32, [u64; 5]>),
    Loaded(Vec<(u32, [u64; 5])>),
}

/// The tables of one group kind.
pub struct GroupTable {
    kind: GroupKind,
    layout: Layout,
    /// Derived on load: what the hot paths read of a vector, in one cache line.
    hot: Vec<Hot>,
    /// The win byte of every vector on its own (`W0 | W1 << 4`): 0.4 MB for the suits, so the
    /// win check's loads hit the cache far more often than in the 13 MB of `hot`.
    win: Vec<u8>,
    /// Per vector and lane, the slots whose draw lowers `U_0` (9 bits per lane). Derived on
    /// load from `shanten`, so table files stay small.
    masks: Vec<Masks16>,
    profiles: Profiles,
}

impl GroupTable {
    /// The group kind.
    pub fn kind(&self) -> GroupKind {
        self.kind
    }

    /// Number of vectors.
    pub fn len(&self) -> usize {
        self.hot.len()
    }

    /// Always false for a generated table.
    pub fn is_empty(&self) -> bool {
        self.hot.is_empty()
    }

    /// Rank of a vector (counts 0..=4, at most 14 tiles).
    #[inline(always)]
    pub fn rank(&self, c: &[u8]) -> usize {
        self.layout.rank(c)
    }

    /// The entry of a vector.
    #[inline(always)]
    pub fn entry(&self, c: &[u8]) -> Entry {
        self.entry_at(self.layout.rank(c))
    }

    /// The entry of a rank.
    #[inline(always)]
    pub fn entry_at(&self, r: usize) -> Entry {
        let h = &self.hot[r];
        Entry {
            word: h.word,
            aux: h.aux,
        }
    }

    /// Rank of a vector given by its group key ([`gen::slot_weight`]): two loads from small
    /// tables (see [`Layout`]).
    #[inline(always)]
    pub fn rank_of_key(&self, key: u32) -> usize {
        self.layout.rank_of_key(key)
    }

    /// The win byte of a rank: `W0 | W1 << 4` ([`gen::W_NONE`] = unreachable).
    #[inline(always)]
    pub fn win_at(&self, r: usize) -> u8 {
        self.win[r]
    }

    /// The auxiliary word of a rank.
    #[inline(always)]
    pub fn aux_at(&self, r: usize) -> u64 {
        self.hot[r].aux
    }

    /// `U_0` lanes of a rank as a [`Lanes16`].
    #[inline(always)]
    pub fn lanes16_at(&self, r: usize) -> Lanes16 {
        self.hot[r].lanes
    }

    /// Improving-slot masks of a rank: per `U_0` lane, the slots whose draw lowers it.
    #[inline(always)]
    pub fn masks_at(&self, r: usize) -> &Masks16 {
        &self.masks[r]
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
        let key = gen::bit_run_key(&c[..self.kind.slots()]);
        let prof = match &self.profiles {
            Profiles::Compiled(map) => map.get(&key).copied(),
            Profiles::Loaded(v) => v.binary_search_by_key(&key, |x| x.0).ok().map(|i| v[i].1),
        };
        unpack_lanes(
            prof.expect("excess profile present for every vector with excess >= 2")[e as usize],
        )
    }

    fn from_data(
        d: GroupData,
        profiles: Option<&'static phf::Map<u32, [u64; 5]>>,
    ) -> Result<GroupTable, TableError> {
        let layout = Layout::new(d.kind);
        if d.shanten.len() != layout.len || d.win.len() != layout.len {
            return Err(TableError::Shape(format!(
                "{} table has {} / {} entries, expected {}",
                d.kind.name(),
                d.shanten.len(),
                d.win.len(),
                layout.len
            )));
        }
        let vectors = layout.vectors();
        if profiles.is_none() {
            // A set from outside (a file an operator gave): check what the engine relies on.
            validate(&d, &vectors)
                .map_err(|e| TableError::Shape(format!("{} table: {e}", d.kind.name())))?;
        }
        let masks = derive_masks(&layout, &d.shanten);
        let hot = vectors
            .iter()
            .zip(d.win.iter().zip(&d.shanten))
            .map(|(c, (&w, &word))| Hot {
                lanes: to16(&unpack_lanes(word)),
                aux: aux_word(d.kind, c, w, (word >> 60) as u8),
                word,
            })
            .collect();
        let profiles = match profiles {
            Some(m) => Profiles::Compiled(m),
            None => Profiles::Loaded(d.profiles),
        };
        Ok(GroupTable {
            kind: d.kind,
            layout,
            hot,
            win: d.win,
            masks,
            profiles,
        })
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
    let n = d.kind.slots();
    let mut needed = Vec::new();
    for (r, c) in vectors.iter().enumerate() {
        let word = d.shanten[r];
        let u0 = Entry { word, aux: 0 }.lanes0();
        for (l, &u) in u0.iter().enumerate() {
            let size = 3 * (l % 5) + 2 * (l / 5);
            let saving = (word >> (40 + 2 * l) & 3) as u8;
            if u as usize > size || saving > u {
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

/// The auxiliary word of a vector (see [`aux`]).
fn aux_word(kind: GroupKind, c: &[u8; 9], win: u8, excess: u8) -> u64 {
    let n = kind.slots();
    let orphan = |i: usize| kind != GroupKind::Suit || i == 0 || i == 8;
    let mut w = win as u64 | (excess as u64) << 8;
    for (i, &x) in c.iter().enumerate().take(n) {
        let shift = match x {
            1 => Some(aux::ONCE),
            2 => Some(aux::TWICE),
            3 => Some(aux::THRICE),
            4 => Some(aux::FOUR),
            _ => None,
        };
        if let Some(s) = shift {
            w += 1 << s;
            w |= 1 << (aux::PRESENT + i as u32);
            if orphan(i) {
                w += 1 << aux::ORPHANS;
                if x >= 2 {
                    w += 1 << aux::DUPS;
                }
            }
        }
    }
    w
}

/// For every vector with fewer than 14 tiles, which slots lower each `U_0` lane when drawn.
fn derive_masks(layout: &Layout, shanten: &[u64]) -> Vec<Masks16> {
    let n = layout.kind.slots();
    layout
        .vectors()
        .iter()
        .enumerate()
        .map(|(r, c)| {
            let total: u8 = c.iter().sum();
            let mut mask = Masks16([0; 16]);
            if total as usize >= gen::MAX_TILES {
                return mask;
            }
            let here = unpack_lanes(shanten[r]);
            let mut d = *c;
            for t in 0..n {
                if c[t] >= 4 {
                    continue;
                }
                d[t] += 1;
                let there = unpack_lanes(shanten[layout.rank(&d)]);
                d[t] -= 1;
                for l in 0..LANES {
                    if there[l] < here[l] {
                        // Lane `m + 5p` sits at position `m + 9p`, as in a `Lanes16`.
                        mask.0[l % 5 + 9 * (l / 5)] |= 1 << t;
                    }
                }
            }
            mask
        })
        .collect()
}

/// A table set that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Missing group kinds or wrong sizes.
    Shape(String),
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
        }
    }
}

impl std::error::Error for TableError {}

/// A set of group tables: suits, and honors without and/or with runs.
pub struct Tables {
    groups: [Option<GroupTable>; 3],
}

impl Tables {
    /// The tables compiled into this binary by build.rs (decoded once, then shared).
    pub fn compiled() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| {
            let data: TableData =
                bincode::deserialize(COMPILED_BYTES).expect("compiled-in tables decode");
            Tables::build(data, true).expect("compiled-in tables are well formed")
        })
    }

    /// The compiled-in tables as generated data (what `hupai tables generate` writes).
    pub fn compiled_data() -> TableData {
        bincode::deserialize(COMPILED_BYTES).expect("compiled-in tables decode")
    }

    /// Tables from decoded data (for example a set written by `hupai tables generate`).
    pub fn from_data(data: TableData) -> Result<Tables, TableError> {
        Tables::build(data, false)
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

    fn build(data: TableData, compiled: bool) -> Result<Tables, TableError> {
        if data.format != gen::FORMAT_VERSION {
            return Err(TableError::Format {
                found: data.format,
                expected: gen::FORMAT_VERSION,
            });
        }
        let statics: [&'static phf::Map<u32, [u64; 5]>; 3] = [
            &sparse::SUIT_PROFILES,
            &sparse::HONOR_PROFILES,
            &sparse::HONOR_RUNS_PROFILES,
        ];
        let mut groups: [Option<GroupTable>; 3] = [None, None, None];
        for g in data.groups {
            let i = g.kind as usize;
            if groups[i].is_some() {
                return Err(TableError::Shape(format!("two {} tables", g.kind.name())));
            }
            groups[i] = Some(GroupTable::from_data(g, compiled.then_some(statics[i]))?);
        }
        if groups[0].is_none() || (groups[1].is_none() && groups[2].is_none()) {
            return Err(TableError::Shape(
                "a set needs the suit table and an honor table".into(),
            ));
        }
        Ok(Tables { groups })
    }

    /// Whether the set holds the table of a group kind.
    pub fn has(&self, kind: GroupKind) -> bool {
        self.groups[kind as usize].is_some()
    }

    /// The table of a group kind, if the set holds it.
    pub fn get(&self, kind: GroupKind) -> Option<&GroupTable> {
        self.groups[kind as usize].as_ref()
    }

    /// The table of a group kind.
    ///
    /// # Panics
    /// If the set lacks that kind; [`crate::Engine::with_tables`] refuses such a set for
    /// rules that need it, so engine calls never get here.
    #[inline(always)]
    pub fn group(&self, kind: GroupKind) -> &GroupTable {
        match &self.groups[kind as usize] {
            Some(g) => g,
            None => panic!("this table set has no {} table", kind.name()),
        }
    }
}

/// All splits of a complete group pattern (no wildcards) into melds and at most one pair,
/// looked up by bit-run key in the `phf` map build.rs generated; `None` if not complete.
pub fn pattern_splits(kind: GroupKind, counts: &[u8]) -> Option<&'static [u32]> {
    let key = gen::bit_run_key(&counts[..kind.slots()]);
    match kind {
        GroupKind::Suit => sparse::SUIT_PATTERNS.get(&key).copied(),
        GroupKind::Honor => sparse::HONOR_PATTERNS.get(&key).copied(),
        GroupKind::HonorRuns => sparse::HONOR_RUNS_PATTERNS.get(&key).copied(),
    }
}

/// Number of complete patterns of a group kind in the compiled `phf` map.
pub fn pattern_count(kind: GroupKind) -> usize {
    match kind {
        GroupKind::Suit => sparse::SUIT_PATTERNS.len(),
        GroupKind::Honor => sparse::HONOR_PATTERNS.len(),
        GroupKind::HonorRuns => sparse::HONOR_RUNS_PATTERNS.len(),
    }
}
