//! Declared melds: a run, three or four of a kind, checked when built.

use std::fmt;

use crate::hand_error::{HandError, MeldProblem};
use crate::rules::Rules;
use crate::tile::{format_counts, parse_tiles_unbounded, Counts, Tile, TileSet, KINDS};

/// What a declared meld is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// Three in a row of one suit (or an honor run where the rules allow them).
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind.
    Kong,
}

/// A declared (exposed or concealed-kong) meld. Only a real meld can be built: a run of one
/// suit (or an honor run where the rules allow them), three or four of a kind.
///
/// ```
/// use hupai::{Meld, MeldKind, Rules, TileSet};
/// let riichi = Rules::riichi();
/// let chow = Meld::parse("345p", &riichi).unwrap();
/// assert_eq!(chow.kind(), MeldKind::Chow);
/// assert!(Meld::new(MeldKind::Chow, TileSet::parse("89m1p").unwrap(), &riichi).is_err());
/// assert!(Meld::parse("124z", &riichi).is_err()); // an honor run needs the Nanchang rules
/// assert!(Meld::parse("124z", &Rules::nanchang()).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    tiles: TileSet,
}

impl Meld {
    /// A meld of `kind` over the kinds in `tiles` (one kind for a pung or kong, three for a
    /// chow); honor runs (three distinct winds, or 5z6z7z) are chows where `rules` play them.
    pub fn new(kind: MeldKind, tiles: TileSet, rules: &Rules) -> Result<Meld, HandError> {
        Meld::checked(kind, tiles, honor_runs(rules))
    }

    /// Parses a meld such as `123m`, `555z`, `1111p`, or where `rules` allow honor runs `124z`.
    pub fn parse(s: &str, rules: &Rules) -> Result<Meld, HandError> {
        Meld::parse_checked(s, honor_runs(rules))
    }

    pub(crate) fn checked(
        kind: MeldKind,
        tiles: TileSet,
        honor_runs: bool,
    ) -> Result<Meld, HandError> {
        let bad = |problem| HandError::BadMeld {
            meld: format!("{kind:?} of {}", tiles_text(tiles)),
            problem,
        };
        if tiles.0 >> KINDS != 0 {
            return Err(bad(MeldProblem::OutsideKinds));
        }
        // No allocation: the C ABI builds melds on its hot calls.
        let len = tiles.0.count_ones();
        let mut t = [Tile::from_index(0); 3];
        for (slot, tile) in t.iter_mut().zip(tiles.iter()) {
            *slot = tile;
        }
        let ok = match kind {
            MeldKind::Pung | MeldKind::Kong => len == 1,
            MeldKind::Chow if len != 3 => false,
            MeldKind::Chow if t[0].is_honor() => {
                let n = t.map(|x| x.number());
                honor_runs && (n[2] <= 4 || n == [5, 6, 7])
            }
            MeldKind::Chow => {
                t.iter().all(|x| x.suit() == t[0].suit())
                    && t[1].index() == t[0].index() + 1
                    && t[2].index() == t[0].index() + 2
            }
        };
        if ok {
            Ok(Meld { kind, tiles })
        } else if kind == MeldKind::Chow {
            Err(bad(MeldProblem::NotARun))
        } else {
            Err(bad(MeldProblem::NotOneKind))
        }
    }

    pub(crate) fn parse_checked(s: &str, honor_runs: bool) -> Result<Meld, HandError> {
        let bad = |problem| HandError::BadMeld {
            meld: s.to_string(),
            problem,
        };
        let raw = parse_tiles_unbounded(s).map_err(|_| bad(MeldProblem::NotTiles))?;
        let total: u32 = raw.iter().sum();
        let kinds = raw.iter().filter(|&&c| c > 0).count();
        let tiles = TileSet::from_iter((0..KINDS).filter(|&i| raw[i] > 0).map(Tile::from_index));
        let kind = match (total, kinds) {
            (3, 1) => MeldKind::Pung,
            (4, 1) => MeldKind::Kong,
            (3, 3) => MeldKind::Chow,
            _ => return Err(bad(MeldProblem::Shape)),
        };
        Meld::checked(kind, tiles, honor_runs).map_err(|e| match e {
            HandError::BadMeld { problem, .. } => bad(problem),
            other => other,
        })
    }

    /// What the meld is.
    pub fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The kinds it holds.
    pub fn tiles(&self) -> TileSet {
        self.tiles
    }

    /// The meld in 16 bits: its group in bits 0..2, its kinds within the group in bits 2..11,
    /// its kind in bits 14..16 (a meld's kinds lie in one group: one kind, a run of a suit, or
    /// an honor run).
    pub(crate) fn pack(&self) -> u16 {
        let kind = match self.kind {
            MeldKind::Chow => 1u16,
            MeldKind::Pung => 2,
            MeldKind::Kong => 3,
        };
        let group = self.tiles.0.trailing_zeros() / 9;
        let kinds = (self.tiles.0 >> (9 * group)) & 0x1ff;
        group as u16 | (kinds as u16) << 2 | kind << 14
    }

    /// The meld of a word from [`Meld::pack`].
    pub(crate) fn unpack(w: u16) -> Meld {
        let kind = match w >> 14 {
            1 => MeldKind::Chow,
            2 => MeldKind::Pung,
            _ => MeldKind::Kong,
        };
        let group = (w & 3) as u64;
        Meld {
            kind,
            tiles: TileSet((((w >> 2) & 0x1ff) as u64) << (9 * group)),
        }
    }

    /// Number of tiles (3, or 4 for a kong).
    pub fn len(&self) -> usize {
        if self.kind == MeldKind::Kong {
            4
        } else {
            3
        }
    }

    /// Always false: a meld holds tiles.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The meld's tiles as counts.
    pub fn counts(&self) -> Counts {
        let mut c = [0u8; KINDS];
        for t in self.tiles.iter() {
            c[t.index()] = self.copies_per_kind();
        }
        c
    }

    /// Copies of each of its kinds the meld holds.
    pub(crate) fn copies_per_kind(&self) -> u8 {
        match self.kind {
            MeldKind::Chow => 1,
            MeldKind::Pung => 3,
            MeldKind::Kong => 4,
        }
    }
}

/// The kinds of a set as MPSZ (one of each).
fn tiles_text(set: TileSet) -> String {
    let mut c = [0u8; KINDS];
    for t in set.iter() {
        c[t.index()] = 1;
    }
    format_counts(&c)
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_counts(&self.counts()))
    }
}

/// Whether `rules` play honor runs as chows (the honors' group spec has runs).
pub(crate) fn honor_runs(rules: &Rules) -> bool {
    rules.group_specs()[3].has_runs()
}
