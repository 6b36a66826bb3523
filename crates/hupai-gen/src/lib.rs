//! The table generator: one module shared by `build.rs` (through `#[path]`) and the library
//! (`hupai tables generate`, the snapshot tests). It depends on nothing of the crate, only on
//! `serde`, so that both builds compile the very same code.
//!
//! # What a group entry holds
//!
//! A *group* is one suit (9 slots) or the honors (7 slots); a *vector* gives the count of each
//! slot (0..=4, at most 14 tiles). For every vector `c` and every target shape of `m` melds and
//! `p` pairs (`m` 0..=4, `p` 0..=1; a *lane* `m + 5p`), the generator computes
//!
//! `U_e(c; m, p)` = the fewest tiles missing from `c` to hold a target of `m` melds + `p` pairs,
//! where the target may exceed 4 copies of a kind by `e` tiles in all (those tiles can only be
//! wildcards standing in as 5th copies).
//!
//! With `U = 3m + 2p - best`, `best` being the largest sub-vector of `c` that fits in such a
//! target, the whole table is two passes over the vector space per lane: the downward closure of
//! the capped targets, then a max over children. Everything the runtime needs follows:
//! shanten lanes (`e = 0`), the saving that unlimited excess brings, the largest useful excess,
//! and the wildcard minima `W0`/`W1` of the win check.

use serde::{Deserialize, Serialize};

/// Largest number of tiles a group vector may hold.
pub const MAX_TILES: usize = 14;
/// Number of shanten lanes: `m` in 0..=4 melds times `p` in 0..=1 pairs.
pub const LANES: usize = 10;
/// Version of the table format; bump it whenever the encoding below changes. Version 2:
/// entries in the rank order of the split group keys ([`Layout`]).
pub const FORMAT_VERSION: u32 = 2;
/// Version of the generator; bump it whenever a table's content changes.
pub const GENERATOR_VERSION: u32 = 1;
/// The value of `W0`/`W1` meaning "not reachable with at most 4 melds".
pub const W_NONE: u8 = 15;

/// Lane of `m` melds and `p` pairs in an entry.
pub const fn lane(m: usize, p: usize) -> usize {
    m + 5 * p
}

/// The three kinds of group the tables cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GroupKind {
    /// A suit: 9 slots, chows and pungs.
    Suit,
    /// Honors without runs: 7 slots, pungs only.
    Honor,
    /// Honors with Nanchang runs: any 3 distinct winds, and 5z6z7z.
    HonorRuns,
}

impl GroupKind {
    /// All kinds, in the order a [`TableData`] stores them.
    pub const ALL: [GroupKind; 3] = [GroupKind::Suit, GroupKind::Honor, GroupKind::HonorRuns];

    /// Number of slots (kinds of tile) in the group.
    pub const fn slots(self) -> usize {
        match self {
            GroupKind::Suit => 9,
            _ => 7,
        }
    }

    /// Short name used in manifests and messages.
    pub const fn name(self) -> &'static str {
        match self {
            GroupKind::Suit => "suit",
            GroupKind::Honor => "honor",
            GroupKind::HonorRuns => "honor-runs",
        }
    }

    /// How much excess the generator explores; a test proves more never helps.
    const fn explored_excess(self) -> usize {
        match self {
            GroupKind::Suit => 1,
            GroupKind::Honor => 6,
            GroupKind::HonorRuns => 2,
        }
    }

    /// The melds of this group as count vectors, in a fixed order (pungs first).
    pub fn meld_shapes(self) -> Vec<[u8; 9]> {
        let n = self.slots();
        let mut shapes = Vec::new();
        for i in 0..n {
            let mut s = [0u8; 9];
            s[i] = 3;
            shapes.push(s);
        }
        let runs: &[[usize; 3]] = match self {
            GroupKind::Suit => &[
                [0, 1, 2],
                [1, 2, 3],
                [2, 3, 4],
                [3, 4, 5],
                [4, 5, 6],
                [5, 6, 7],
                [6, 7, 8],
            ],
            GroupKind::Honor => &[],
            GroupKind::HonorRuns => &[[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [4, 5, 6]],
        };
        for r in runs {
            let mut s = [0u8; 9];
            for &i in r {
                s[i] = 1;
            }
            shapes.push(s);
        }
        shapes
    }
}

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
    /// The group kind.
    pub kind: GroupKind,
    /// Number of vectors.
    pub len: usize,
    /// Rank of the first vector with each high part.
    pub off: Box<[u32; 1 << LO_SHIFT]>,
    /// Place of each low part in *(total, value)* order.
    pub place: Box<[u16; 1024]>,
    /// The low parts in that order.
    lows: Vec<usize>,
}

impl Layout {
    /// Builds the rank tables of a group kind.
    pub fn new(kind: GroupKind) -> Layout {
        let l = kind.slots() - HI_SLOTS;
        let (nh, nl) = (POW5[HI_SLOTS], POW5[l]);
        let digit_sum = |mut x: usize, k: usize| {
            let mut s = 0;
            for _ in 0..k {
                s += x % 5;
                x /= 5;
            }
            s
        };
        let mut lows: Vec<usize> = (0..nl).collect();
        lows.sort_by_key(|&lo| (digit_sum(lo, l), lo));
        let mut place = Box::new([0u16; 1024]);
        for (i, &lo) in lows.iter().enumerate() {
            place[lo] = i as u16;
        }
        // fits[b]: low parts with total at most b.
        let fits: Vec<u32> = (0..=MAX_TILES)
            .map(|b| lows.iter().filter(|&&lo| digit_sum(lo, l) <= b).count() as u32)
            .collect();
        let mut off = Box::new([0u32; 1 << LO_SHIFT]);
        let mut r = 0u32;
        for (hi, o) in off.iter_mut().enumerate().take(nh) {
            *o = r;
            let t = digit_sum(hi, HI_SLOTS);
            if t <= MAX_TILES {
                r += fits[MAX_TILES - t];
            }
        }
        Layout {
            kind,
            len: r as usize,
            off,
            place,
            lows,
        }
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

    /// Group key of a vector.
    pub fn key(&self, c: &[u8]) -> u32 {
        group_key(&c[..self.kind.slots()])
    }

    /// All vectors in enumeration order (rank order).
    pub fn vectors(&self) -> Vec<[u8; 9]> {
        let n = self.kind.slots();
        let mut out = Vec::with_capacity(self.len);
        for hi in 0..POW5[HI_SLOTS] {
            for &lo in &self.lows {
                let mut c = [0u8; 9];
                let (mut x, mut y) = (hi, lo);
                for s in c.iter_mut().take(HI_SLOTS) {
                    *s = (x % 5) as u8;
                    x /= 5;
                }
                for s in c.iter_mut().take(n).skip(HI_SLOTS) {
                    *s = (y % 5) as u8;
                    y /= 5;
                }
                if c.iter().map(|&x| x as usize).sum::<usize>() > MAX_TILES {
                    break; // the rest of the low parts are larger still
                }
                out.push(c);
            }
        }
        out
    }
}

/// Base-5 index of a vector (slot `i` weighs `5^i`).
fn idx5(c: &[u8]) -> usize {
    c.iter()
        .enumerate()
        .map(|(i, &x)| x as usize * POW5[i])
        .sum()
}

/// One generated group table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupData {
    /// Which group this table is for.
    pub kind: GroupKind,
    /// One shanten word per vector, in rank order: see [`pack_entry`].
    pub shanten: Vec<u64>,
    /// One win byte per vector: `W0 | W1 << 4` (15 = not reachable).
    pub win: Vec<u8>,
    /// Vectors whose largest useful excess is 2 or more: bit-run key and `U_e` lanes for
    /// `e` = 0..=4, sorted by key.
    pub profiles: Vec<(u32, [u64; 5])>,
}

/// A whole generated table set (the compiled-in one, or one written by `hupai tables`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableData {
    /// [`FORMAT_VERSION`] of the writer.
    pub format: u32,
    /// [`GENERATOR_VERSION`] of the writer.
    pub generator: u32,
    /// The group tables, in [`GroupKind::ALL`] order (or a subset, for custom sets).
    pub groups: Vec<GroupData>,
}

/// Packs ten 4-bit lanes.
pub fn pack_lanes(u: &[u8; LANES]) -> u64 {
    u.iter()
        .enumerate()
        .fold(0u64, |w, (i, &x)| w | (x as u64) << (4 * i))
}

/// Packs a shanten word: bits 0..40 the `U_0` lanes, bits 40..60 the 2-bit saving of unlimited
/// excess per lane, bits 60..64 the largest useful excess.
pub fn pack_entry(u0: &[u8; LANES], saving: &[u8; LANES], excess: u8) -> u64 {
    let mut w = pack_lanes(u0);
    for (i, &s) in saving.iter().enumerate() {
        assert!(s <= 3, "saving does not fit 2 bits");
        w |= (s as u64) << (40 + 2 * i);
    }
    assert!(excess <= 15);
    w | (excess as u64) << 60
}

/// Enumerates the targets of `m` melds + `p` pairs as uncapped count vectors.
fn targets(kind: GroupKind, m: usize, p: usize) -> Vec<[u8; 9]> {
    fn rec(shapes: &[[u8; 9]], start: usize, left: usize, cur: [u8; 9], out: &mut Vec<[u8; 9]>) {
        if left == 0 {
            out.push(cur);
            return;
        }
        for k in start..shapes.len() {
            let mut c = cur;
            for i in 0..9 {
                c[i] += shapes[k][i];
            }
            rec(shapes, k, left - 1, c, out);
        }
    }
    let shapes = kind.meld_shapes();
    let mut melds = Vec::new();
    rec(&shapes, 0, m, [0; 9], &mut melds);
    if p == 0 {
        return melds;
    }
    let mut out = Vec::with_capacity(melds.len() * kind.slots());
    for t in melds {
        for i in 0..kind.slots() {
            let mut c = t;
            c[i] += 2;
            out.push(c);
        }
    }
    out
}

/// `U_e(c; m, p)` for every vector (in `vectors` order) and every `e` in `0..=emax`.
fn distances(
    kind: GroupKind,
    vectors: &[[u8; 9]],
    m: usize,
    p: usize,
    emax: usize,
) -> Vec<Vec<u8>> {
    let n = kind.slots();
    let size = POW5[n];
    let size_t = 3 * m + 2 * p;
    // Vectors bucketed by total, as base-5 indices.
    let mut by_total: Vec<Vec<(usize, [u8; 9])>> = vec![Vec::new(); MAX_TILES + 1];
    for c in vectors {
        let t: usize = c.iter().map(|&x| x as usize).sum();
        by_total[t].push((idx5(&c[..n]), *c));
    }
    // Excess of each target, and its capped index.
    let mut capped: Vec<(usize, usize)> = targets(kind, m, p)
        .iter()
        .map(|t| {
            let ex: usize = t[..n].iter().map(|&x| (x as usize).saturating_sub(4)).sum();
            let mut cap = [0u8; 9];
            for i in 0..n {
                cap[i] = t[i].min(4);
            }
            (ex, idx5(&cap[..n]))
        })
        .collect();
    capped.sort_unstable();
    let mut inside = vec![false; size];
    let mut best = vec![0u8; size];
    let mut out = Vec::with_capacity(emax + 1);
    let mut next = 0;
    for e in 0..=emax {
        // Targets are added level by level: the closure of level e contains that of e - 1.
        while next < capped.len() && capped[next].0 <= e {
            inside[capped[next].1] = true;
            next += 1;
        }
        for bucket in by_total.iter().rev() {
            for (ix, c) in bucket {
                if inside[*ix] {
                    for i in 0..n {
                        if c[i] > 0 {
                            inside[ix - POW5[i]] = true;
                        }
                    }
                }
            }
        }
        for (t, bucket) in by_total.iter().enumerate() {
            for (ix, c) in bucket {
                best[*ix] = if inside[*ix] {
                    t as u8
                } else {
                    let mut b = 0;
                    for i in 0..n {
                        if c[i] > 0 {
                            b = b.max(best[ix - POW5[i]]);
                        }
                    }
                    b
                };
            }
        }
        out.push(
            vectors
                .iter()
                .map(|c| (size_t - best[idx5(&c[..n])] as usize) as u8)
                .collect(),
        );
    }
    out
}

/// Generates the table of one group kind. `progress` is called with a fraction done.
pub fn generate_group(kind: GroupKind, progress: &mut dyn FnMut(f64)) -> GroupData {
    let layout = Layout::new(kind);
    let vectors = layout.vectors();
    let emax = kind.explored_excess();
    // u[lane][e][vector]
    let mut u: Vec<Vec<Vec<u8>>> = Vec::with_capacity(LANES);
    for p in 0..2 {
        for m in 0..5 {
            u.push(distances(kind, &vectors, m, p, emax));
            progress((u.len()) as f64 / LANES as f64);
        }
    }
    let mut shanten = Vec::with_capacity(vectors.len());
    let mut win = Vec::with_capacity(vectors.len());
    let mut profiles = Vec::new();
    for (v, c) in vectors.iter().enumerate() {
        let total: usize = c.iter().map(|&x| x as usize).sum();
        let mut u0 = [0u8; LANES];
        let mut saving = [0u8; LANES];
        let mut excess = 0usize;
        for l in 0..LANES {
            u0[l] = u[l][0][v];
            saving[l] = u0[l] - u[l][emax][v];
            let first = (0..=emax)
                .find(|&e| u[l][e][v] == u[l][emax][v])
                .unwrap_or(0);
            excess = excess.max(first);
        }
        assert!(
            excess < emax || emax == 1,
            "explored excess too small for {kind:?}"
        );
        shanten.push(pack_entry(&u0, &saving, excess as u8));
        // W0 / W1: every tile used (best == total), fewest wildcards over m.
        let mut w = [W_NONE; 2];
        for (p, wp) in w.iter_mut().enumerate() {
            for m in 0..5 {
                let size_t = 3 * m + 2 * p;
                if size_t >= total && u[lane(m, p)][emax][v] as usize == size_t - total {
                    *wp = (*wp).min((size_t - total) as u8);
                }
            }
        }
        win.push(w[0] | w[1] << 4);
        if excess >= 2 {
            assert!(excess <= 4, "profile longer than 5 levels");
            let mut prof = [0u64; 5];
            for (e, pr) in prof.iter_mut().enumerate() {
                let mut lanes = [0u8; LANES];
                for l in 0..LANES {
                    lanes[l] = u[l][e.min(emax)][v];
                }
                *pr = pack_lanes(&lanes);
            }
            profiles.push((bit_run_key(&c[..kind.slots()]), prof));
        }
        let _ = total;
    }
    profiles.sort_unstable_by_key(|x| x.0);
    GroupData {
        kind,
        shanten,
        win,
        profiles,
    }
}

/// Generates the whole default table set.
pub fn generate_all(progress: &mut dyn FnMut(GroupKind, f64)) -> TableData {
    let groups = GroupKind::ALL
        .iter()
        .map(|&k| generate_group(k, &mut |f| progress(k, f)))
        .collect();
    TableData {
        format: FORMAT_VERSION,
        generator: GENERATOR_VERSION,
        groups,
    }
}

/// An item of a group decomposition: a meld shape index (`< 16`) or `16 + slot` for a pair.
pub const PAIR_CODE: u32 = 16;

/// Every way to split a vector exactly into melds and at most one pair (no wildcards), each
/// packed as `count | item_k << (3 + 5k)`, items in ascending order. Empty if none.
pub fn exact_decompositions(kind: GroupKind, c: &[u8; 9]) -> Vec<u32> {
    fn rec(
        shapes: &[[u8; 9]],
        n: usize,
        c: &mut [u8; 9],
        pair: bool,
        items: &mut Vec<u32>,
        out: &mut Vec<u32>,
    ) {
        let Some(i) = (0..n).find(|&i| c[i] > 0) else {
            let mut sorted = items.clone();
            sorted.sort_unstable();
            let mut code = sorted.len() as u32;
            for (k, it) in sorted.iter().enumerate() {
                code |= it << (3 + 5 * k);
            }
            out.push(code);
            return;
        };
        if !pair && c[i] >= 2 {
            c[i] -= 2;
            items.push(PAIR_CODE + i as u32);
            rec(shapes, n, c, true, items, out);
            items.pop();
            c[i] += 2;
        }
        for (k, s) in shapes.iter().enumerate() {
            // Only melds whose lowest slot is i, so each split is found in one order.
            if (0..i).any(|j| s[j] > 0) || s[i] == 0 || (0..n).any(|j| s[j] > c[j]) {
                continue;
            }
            for j in 0..n {
                c[j] -= s[j];
            }
            items.push(k as u32);
            rec(shapes, n, c, pair, items, out);
            items.pop();
            for j in 0..n {
                c[j] += s[j];
            }
        }
    }
    let shapes = kind.meld_shapes();
    let mut out = Vec::new();
    let mut work = *c;
    rec(
        &shapes,
        kind.slots(),
        &mut work,
        false,
        &mut Vec::new(),
        &mut out,
    );
    out.sort_unstable();
    out.dedup();
    out
}

/// The complete patterns of a group: every vector that splits into melds and at most one pair
/// with no wildcard, with its bit-run key and all its splits.
pub fn complete_patterns(kind: GroupKind, win: &[u8], layout: &Layout) -> Vec<(u32, Vec<u32>)> {
    layout
        .vectors()
        .iter()
        .zip(win)
        .filter(|(_, &w)| w & 15 == 0 || w >> 4 == 0)
        .map(|(c, _)| {
            (
                bit_run_key(&c[..kind.slots()]),
                exact_decompositions(kind, c),
            )
        })
        .collect()
}
