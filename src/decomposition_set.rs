//! The sets a decomposition of a winning hand is made of ([`Set`]: a meld, a pair or a single, each
//! tile a [`Slot`] that records the wildcard standing there), below the forms that build them.

use crate::tile::Tile;

/// One tile of a set: what it stands as, and the wild tile's own kind if a wildcard is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// The tile this slot is.
    pub tile: Tile,
    /// `Some(kind of the wild tile)` when a wildcard stands here.
    pub wildcard: Option<Tile>,
}

/// What a set of a decomposition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SetKind {
    /// Three in a row (or an honor run).
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind (declared).
    Kong,
    /// Two of a kind.
    Pair,
    /// One tile (thirteen orphans, 十三烂).
    Single,
}

/// One set of a decomposition.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Set {
    /// Its kind.
    pub kind: SetKind,
    /// Its tiles.
    pub slots: Vec<Slot>,
    /// True for a declared meld.
    pub declared: bool,
}

/// A slot of `t`, with the kind of the wildcard standing there, if any.
pub(crate) fn slot(t: Tile, wildcard: Option<Tile>) -> Slot {
    Slot { tile: t, wildcard }
}

/// A concealed set of `kind` holding `slots`.
pub(crate) fn single_set(kind: SetKind, slots: Vec<Slot>) -> Set {
    Set {
        kind,
        slots,
        declared: false,
    }
}
