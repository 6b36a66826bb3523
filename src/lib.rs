//! # hupai
//!
//! Table-driven mahjong hand evaluation: is a hand a win (with any number of wildcards), how
//! far is it from winning (shanten), what does it wait on, which tiles improve it (ukeire) and
//! which discard keeps the most of them, under seven presets (`riichi`, `chinese`, `nanchang`,
//! `sichuan`, `hongzhong`, `changsha`, `guobiao`) or switches of your own ([`Rules`]).
//!
//! The whole API in one example: build a [`Hand`], ask an [`Engine`].
//!
//! ```
//! use hupai::{Engine, Hand, Rules};
//! let engine = Engine::new(Rules::chinese());
//! let hand: Hand = "11123456789999m".parse().unwrap();
//! assert!(engine.is_win(&hand));
//! // One wildcard (9s) is a 5th 1m:
//! let wild = Hand::builder("1111m456789p1239s").wild("9s").build().unwrap();
//! assert!(engine.is_win(&wild));
//! // 13 tiles: shanten, waits and the tiles left that improve the hand.
//! let tenpai: Hand = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(engine.shanten(&tenpai), 0);
//! assert_eq!(engine.waits(&tenpai).to_string(), "12z");
//! assert_eq!(engine.ukeire(&tenpai, &[0; 34]).unwrap().count, 4);
//! ```
//!
//! Servers that keep 34 counts build hands from them ([`Hand::from_counts`]); the index order is
//! 1m…9m, 1p…9p, 1s…9s, then 1z…7z (east, south, west, north, white, green, red).
//!
//! What is where: tiles ([`Tile`], [`TileSet`], [`parse_tiles`]) → hands ([`Hand`],
//! [`Meld`]) → rules ([`Rules`], presets) → the [`Engine`] and its answers ([`Ukeire`],
//! [`Discard`], [`FormDistances`]) → [`decompositions`] of a win (what each wildcard became)
//! → the `hupai batch` JSON-line `protocol`. The engine reads tables generated at build
//! time ([`Tables`]); operators regenerate and load them with `sets`.
//! `docs/ARCHITECTURE.md` in the repository walks through the inside.
//!
//! # Features
//!
//! The default features compile the engine and its generator (`hupai-gen`), nothing else.
//! `protocol` adds the `protocol` module (the JSON lines of `hupai batch`; serde,
//! serde_json); `sets` adds the `sets` module, `Tables::load` and `Tables::image` (table
//! sets on disk: a JSON manifest and SHA-256 checksums; serde, serde_json, sha2).

#![deny(missing_docs)]

// The tests of the private layers (every table entry, the screens, a hand's fields) against
// the references of tests/: unit tests, since they reach what is private (tests/inner/).
#[cfg(test)]
extern crate self as hupai;
#[cfg(test)]
#[path = "../tests/inner/mod.rs"]
mod inner_tests;

// The README's Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod analysis;
mod code;
mod combine;
mod counts;
mod decompose;
mod decomposition_set;
mod forms;
#[cfg(feature = "game")]
pub mod game;
mod hand;
mod hand_builder;
mod hand_error;
mod isa;
mod kinds;
mod meld;
mod odds;
mod pattern;
mod pattern_missing;
#[cfg(feature = "protocol")]
pub mod protocol;
#[cfg(feature = "protocol")]
pub mod record;
mod remaining;
mod residues;
mod rules;
mod score;
mod screen;
mod switches;
mod table;
mod tile;

pub use analysis::{decompositions, Discard, Engine, Ukeire};
pub use code::Code;
pub use decompose::Decomposition;
pub use decomposition_set::{Set, SetKind, Slot};
pub use forms::{Form, FormDistances};
pub use hand::Hand;
pub use hand_builder::{parse_counts, HandBuilder};
pub use hand_error::{CopiesPlace, HandError, MeldProblem};
pub use hupai_gen::GroupSpec;
pub use isa::Isa;
pub use meld::{Meld, MeldKind};
pub use odds::{Odds, OddsError, OddsOptions, OddsRow, OddsScore, WallModel, DEFAULT_ODDS_BYTES};
pub use rules::{
    nanchang_wilds, Pattern, Patterns, Rules, Scoring, SevenPairs, TilesInPlay, UnknownPreset,
};
pub use score::{
    changsha_opening_wins, jing_settlement, Call, CallKind, ChangshaFan, ChangshaScore, Fan,
    FanRow, FuPart, Heavenly, HongzhongFan, HongzhongScore, JingScore, Kazoe, Limit, McrScore,
    MultipleRon, NanchangFan, NanchangScore, OpeningWin, Pao, Payment, RiichiRules, RiichiScore,
    RoomRules, RoomScore, Score, ScoreError, SelfDraw, SichuanFan, SichuanScore, TableRules, Wait,
    Win, WinningHand, Yaku,
};
pub use switches::{Switch, SWITCHES};
pub use table::{TableError, Tables};
pub use tile::{counts_rows, format_counts, parse_tiles, Counts, Suit, Tile, TileError, TileSet};

/// Table sets on disk: what `hupai tables generate` writes and `--tables DIR` loads.
///
/// ```no_run
/// use hupai::{sets, Engine, Rules};
/// let dir = std::path::Path::new("my-tables");
/// sets::generate(dir, &sets::specs_for(Some(&Rules::riichi())), &mut |_, _| {}).unwrap();
/// let tables = sets::load(dir).unwrap();
/// let engine = Engine::with_tables(&tables, Rules::riichi()).unwrap();
/// assert!(engine.is_win(&"11123456789999m".parse().unwrap()));
/// ```
#[cfg(feature = "sets")]
pub mod sets {
    pub use crate::table::set::{
        file_name, generate, load, read_manifest, specs_for, verify, FileEntry, Manifest, SetError,
        MANIFEST,
    };
}
