//! Combining the four group entries of a hand: the standard form (melds + one pair).
//!
//! * Win: with `w` wildcards the hand wins iff `min_g W1[g] + Σ_{h≠g} W0[h] ≤ w` (spare
//!   wildcards always come in threes, so they form melds of their own).
//! * Distance: `S = min Σ_g U_g(m_g, p_g)` over `Σ m_g = M`, `Σ p_g = 1` (min-plus), where a
//!   group's lanes may use excess tiles (wildcards as 5th copies) as long as the excess of all
//!   groups stays within `w`. Shanten is then `S - w - 1`.
//! * Improving tiles: a draw lowers `S` iff it lowers a lane of some group in an optimal split.

use crate::table::gen::{GroupKind, LANES};
use crate::table::{Entry, Lanes, Tables};
use crate::tile::{Counts, Suit};

/// An impossible lane value (never survives a combine: every real lane is finite).
const INF: u8 = 100;

/// The four groups of a hand: their counts and table entries.
#[derive(Clone, Copy, Debug)]
pub struct Groups {
    /// Counts per group (honors use the first 7 slots).
    pub counts: [[u8; 9]; 4],
    /// Table entries per group.
    pub entries: [Entry; 4],
    /// The honor table in use (with or without runs).
    pub honor_kind: GroupKind,
}

/// The table kind of group `g` (0..3 suits, 3 honors).
#[inline(always)]
pub fn kind_of(g: usize, honor_kind: GroupKind) -> GroupKind {
    if g == 3 {
        honor_kind
    } else {
        GroupKind::Suit
    }
}

impl Groups {
    /// Splits real (non-wild) counts into groups and looks each one up.
    #[inline]
    pub fn new(tables: &Tables, real: &Counts, honor_runs: bool) -> Groups {
        let honor_kind = if honor_runs {
            GroupKind::HonorRuns
        } else {
            GroupKind::Honor
        };
        let mut counts = [[0u8; 9]; 4];
        let mut entries = [Entry {
            word: 0,
            win: 0,
            rank: 0,
        }; 4];
        for (g, suit) in Suit::ALL.iter().enumerate() {
            counts[g][..suit.len()].copy_from_slice(&real[suit.base()..suit.base() + suit.len()]);
            entries[g] = tables.group(kind_of(g, honor_kind)).entry(&counts[g]);
        }
        Groups {
            counts,
            entries,
            honor_kind,
        }
    }

    /// The same groups with one slot changed by `delta` (+1 draw, -1 discard).
    #[inline]
    pub fn with_change(&self, tables: &Tables, g: usize, slot: usize, delta: i8) -> Groups {
        let mut out = *self;
        out.counts[g][slot] = (out.counts[g][slot] as i8 + delta) as u8;
        out.entries[g] = tables
            .group(kind_of(g, self.honor_kind))
            .entry(&out.counts[g]);
        out
    }

    /// Standard-form win check with `w` wildcards (the hand must hold 3k+2 tiles).
    #[inline]
    pub fn wins(&self, w: u8) -> bool {
        self.wildcards_needed() <= w as u32
    }

    /// Fewest wildcards that complete the groups into melds and one pair (≥ 64: impossible).
    #[inline]
    pub fn wildcards_needed(&self) -> u32 {
        let inf = |x: u8| if x == 15 { 64u32 } else { x as u32 };
        let w0: [u32; 4] = std::array::from_fn(|g| inf(self.entries[g].w0()));
        let sum0: u32 = w0.iter().sum();
        (0..4)
            .map(|g| sum0 - w0[g] + inf(self.entries[g].w1()))
            .min()
            .unwrap_or(64)
    }

    /// `S`: fewest missing tiles over splits into `melds` melds and one pair, with `w`
    /// wildcards available as 5th copies.
    #[inline]
    pub fn distance(&self, tables: &Tables, melds: usize, w: u8) -> u8 {
        let lanes = self.lanes_for(tables, w);
        match lanes {
            Some(l) => final_lane(&minplus(&l[0], &l[1]), &minplus(&l[2], &l[3]), melds),
            None => self.distance_constrained(tables, melds, w),
        }
    }

    /// Lanes per group when one excess level per group is exact; `None` when the excess
    /// budget binds across several groups (rare: it needs 4 of a kind in two groups).
    #[inline]
    fn lanes_for(&self, tables: &Tables, w: u8) -> Option<[Lanes; 4]> {
        let ex: [u8; 4] = std::array::from_fn(|g| self.entries[g].excess());
        let total: u8 = ex.iter().sum();
        if w == 0 || total == 0 {
            return Some(std::array::from_fn(|g| self.entries[g].lanes0()));
        }
        if w >= total {
            return Some(std::array::from_fn(|g| self.entries[g].lanes_inf()));
        }
        let busy = ex.iter().filter(|&&e| e > 0).count();
        if busy > 1 {
            return None;
        }
        Some(std::array::from_fn(|g| {
            if ex[g] == 0 {
                self.entries[g].lanes0()
            } else {
                tables
                    .group(kind_of(g, self.honor_kind))
                    .lanes_at_excess(&self.counts[g], w)
            }
        }))
    }

    /// Exact combine with an excess budget: state = excess used so far.
    fn distance_constrained(&self, tables: &Tables, melds: usize, w: u8) -> u8 {
        let w = w as usize;
        // acc[x] = best lanes over the groups so far using exactly x excess.
        let mut acc: Vec<Lanes> = vec![[INF; LANES]; w + 1];
        acc[0] = [INF; LANES];
        acc[0][0] = 0;
        acc[0][5] = INF;
        for g in 0..4 {
            let table = tables.group(kind_of(g, self.honor_kind));
            let e_max = (self.entries[g].excess() as usize).min(w);
            let levels: Vec<Lanes> = (0..=e_max)
                .map(|e| table.lanes_at_excess(&self.counts[g], e as u8))
                .collect();
            let mut next: Vec<Lanes> = vec![[INF; LANES]; w + 1];
            for (x, a) in acc.iter().enumerate() {
                if a.iter().all(|&v| v >= INF) {
                    continue;
                }
                for (e, lv) in levels.iter().enumerate() {
                    if x + e > w {
                        break;
                    }
                    let c = minplus(a, lv);
                    for l in 0..LANES {
                        next[x + e][l] = next[x + e][l].min(c[l]);
                    }
                }
            }
            acc = next;
        }
        acc.iter().map(|l| l[5 + melds]).min().unwrap_or(INF)
    }

    /// Tiles (34-bit mask) whose draw lowers `S`, for hands without wildcards, using the
    /// improving-slot masks of the tables. `s` is `self.distance(tables, melds, 0)`.
    #[inline]
    pub fn improving_plain(&self, tables: &Tables, melds: usize, s: u8) -> u64 {
        let lanes: [Lanes; 4] = std::array::from_fn(|g| self.entries[g].lanes0());
        let s01 = minplus(&lanes[0], &lanes[1]);
        let s23 = minplus(&lanes[2], &lanes[3]);
        let rest = [
            minplus(&lanes[1], &s23),
            minplus(&lanes[0], &s23),
            minplus(&s01, &lanes[3]),
            minplus(&s01, &lanes[2]),
        ];
        let mut out = 0u64;
        for g in 0..4 {
            let table = tables.group(kind_of(g, self.honor_kind));
            let masks = table.mask_at(self.entries[g].rank as usize);
            let mut bits = 0u32;
            for p in 0..2 {
                for m in 0..=melds {
                    let l = m + 5 * p;
                    let r = (melds - m) + 5 * (1 - p);
                    if lanes[g][l] + rest[g][r] == s {
                        bits |= (masks >> (9 * l)) as u32 & 0x1ff;
                    }
                }
            }
            out |= (bits as u64) << Suit::ALL[g].base();
        }
        out
    }
}

/// Min-plus product of two lane vectors (melds add, pairs add up to one).
#[inline(always)]
pub fn minplus(a: &Lanes, b: &Lanes) -> Lanes {
    let mut c = [INF; LANES];
    for i in 0..5 {
        for j in 0..5 - i {
            c[i + j] = c[i + j].min(a[i] + b[j]);
            c[5 + i + j] = c[5 + i + j].min(a[5 + i] + b[j]).min(a[i] + b[5 + j]);
        }
    }
    c
}

/// The lane of `melds` melds and one pair of the product of `a` and `b`.
#[inline(always)]
pub fn final_lane(a: &Lanes, b: &Lanes, melds: usize) -> u8 {
    let mut best = INF;
    for i in 0..=melds {
        best = best
            .min(a[i] + b[5 + melds - i])
            .min(a[5 + i] + b[melds - i]);
    }
    best
}
