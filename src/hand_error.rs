//! Why a hand, a meld or a set of seen tiles cannot be evaluated, with a message a person
//! understands.

use crate::code::Code;
use std::fmt;

use crate::tile::{Tile, TileError, TileSet};

/// Where more than 4 copies of a kind were counted ([`HandError::TooManyCopies`]).
///
/// ```
/// use hupai::{CopiesPlace, Hand, HandError};
/// let e = Hand::builder("1111m23456789p1m").build().unwrap_err();
/// assert!(matches!(e, HandError::TooManyCopies { place: CopiesPlace::Hand, .. }));
/// let e = Hand::builder("1m23456789p11z").meld("1111m").build().unwrap_err();
/// assert!(matches!(e, HandError::TooManyCopies { place: CopiesPlace::HandAndMelds, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CopiesPlace {
    /// In the concealed tiles.
    Hand,
    /// In the concealed tiles and the declared melds together.
    HandAndMelds,
    /// In the concealed tiles, the melds and the tiles seen elsewhere.
    Visible,
}

impl fmt::Display for CopiesPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CopiesPlace::Hand => "in hand",
            CopiesPlace::HandAndMelds => "in hand and melds",
            CopiesPlace::Visible => "in hand, melds and seen",
        })
    }
}

/// Why a declared meld is not a meld ([`HandError::BadMeld`]).
///
/// ```
/// use hupai::{Hand, HandError, MeldProblem};
/// let e = Hand::builder("123m456p789s11z").meld("135s").build().unwrap_err();
/// assert!(matches!(e, HandError::BadMeld { problem: MeldProblem::NotARun, .. }));
/// assert_eq!(e.to_string(), "bad meld '135s' (three different tiles that are not a run)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MeldProblem {
    /// The text is not MPSZ tiles.
    NotTiles,
    /// Not 3 or 4 tiles of one kind, nor 3 different tiles.
    Shape,
    /// Three different tiles that are not a run (of one suit, or an honor run the rules play).
    NotARun,
    /// A pung or kong over more than one kind.
    NotOneKind,
    /// A tile set with bits past the 34 kinds.
    OutsideKinds,
}

impl fmt::Display for MeldProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MeldProblem::NotTiles => "not a tile string",
            MeldProblem::Shape => "a meld is a run, three of a kind or four of a kind",
            MeldProblem::NotARun => "three different tiles that are not a run",
            MeldProblem::NotOneKind => "three or four of a kind hold one kind",
            MeldProblem::OutsideKinds => "a tile set with bits outside the 34 kinds",
        })
    }
}

/// A hand that cannot be evaluated, with a message a person understands.
///
/// ```
/// use hupai::{CopiesPlace, Hand, HandError};
/// let e = Hand::builder("11111m").build().unwrap_err();
/// assert!(matches!(e, HandError::TooManyCopies { place: CopiesPlace::Hand, .. }));
/// assert_eq!(e.to_string(), "more than 4 copies of 1m in hand");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HandError {
    /// A tile string is not MPSZ.
    Tile(TileError),
    /// More than 4 copies of a kind (in the hand, or hand and melds, or all visible tiles).
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// Where they were counted.
        place: CopiesPlace,
    },
    /// The tile count is neither 3k+1 nor 3k+2 after melds.
    WrongCount {
        /// Concealed tiles.
        concealed: usize,
        /// Declared melds.
        melds: usize,
    },
    /// A wild set with bits outside the 34 kinds.
    BadWild {
        /// The set's bits.
        bits: u64,
    },
    /// A tile of a kind the rules leave out of play (a hand, meld, wild kind or `seen`).
    NotInPlay {
        /// The kind.
        tile: Tile,
    },
    /// Wild kinds the rules leave out of play (a request's `wild` or `jing` under sichuan's
    /// suits only, say); every such kind is named.
    WildNotInPlay {
        /// The kinds.
        kinds: TileSet,
    },
    /// A discard of a tile the hand does not hold ([`crate::Hand::discard`]).
    NotHeld {
        /// The kind.
        tile: Tile,
    },
    /// A declared meld is not a meld.
    BadMeld {
        /// The meld as given.
        meld: String,
        /// Why it is not a meld.
        problem: MeldProblem,
    },
    /// A question asked of a hand of the other size: waits, ukeire and improvements are a
    /// 13-tile (3k+1) hand's, the discard report a 14-tile (3k+2) hand's.
    WrongSize {
        /// What was asked (`"waits"`, `"discards"`, …).
        question: &'static str,
        /// The hand's tiles, concealed plus three for each meld (13 or 14).
        tiles: usize,
    },
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::Tile(e) => e.fmt(f),
            HandError::TooManyCopies { tile, place } => {
                write!(f, "more than 4 copies of {tile} {place}")
            }
            HandError::WrongCount { concealed, melds } => write!(
                f,
                "wrong tile count: {concealed} concealed + {melds} melds (concealed + 3 x melds must be 13 or 14)"
            ),
            HandError::BadMeld { meld, problem } => write!(f, "bad meld '{meld}' ({problem})"),
            HandError::NotInPlay { tile } => write!(f, "{tile} is not in play under these rules"),
            HandError::NotHeld { tile } => write!(f, "no {tile} in hand to discard"),
            HandError::WildNotInPlay { kinds } => {
                let named: Vec<String> = kinds.iter().map(|t| t.to_string()).collect();
                match named.len() {
                    1 => write!(f, "wild kind {} is not in play under these rules", named[0]),
                    _ => write!(
                        f,
                        "wild kinds {} are not in play under these rules",
                        named.join(", ")
                    ),
                }
            }
            HandError::WrongSize { question, tiles } => {
                let wanted = if *tiles % 3 == 1 { 14 } else { 13 };
                write!(
                    f,
                    "{question} are asked of a hand of {wanted} tiles (with melds, three a meld); this one has {tiles}"
                )
            }
            HandError::BadWild { bits } => {
                write!(f, "bad wild set {bits:#x}: bits past the 34 tile kinds")
            }
        }
    }
}

impl std::error::Error for HandError {}

impl HandError {
    /// Its stable code, the same in every door.
    ///
    /// ```
    /// use hupai::{Code, Hand};
    /// let e = Hand::builder("1234m").build().unwrap_err();
    /// assert_eq!(e.code(), Code::WrongCount);
    /// ```
    pub fn code(&self) -> Code {
        match self {
            HandError::Tile(_) => Code::BadTile,
            HandError::TooManyCopies { .. } => Code::TooManyCopies,
            HandError::WrongCount { .. } | HandError::WrongSize { .. } => Code::WrongCount,
            HandError::NotInPlay { .. } => Code::NotInPlay,
            HandError::BadMeld { .. } => Code::BadMeld,
            HandError::BadWild { .. } => Code::BadArgument,
            HandError::WildNotInPlay { .. } => Code::BadRules,
            _ => Code::BadHand,
        }
    }
}

impl From<TileError> for HandError {
    fn from(e: TileError) -> Self {
        HandError::Tile(e)
    }
}
