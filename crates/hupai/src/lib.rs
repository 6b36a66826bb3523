//! # hupai
//!
//! Table-driven mahjong hand evaluation: is a hand a win (with any number of wildcards), how
//! far is it from winning (shanten), what does it wait on, which tiles improve it (ukeire) and
//! which discard keeps the most of them, under the `riichi`, `chinese` and `nanchang` presets.
//!
//! The data flow mirrors the modules: [`tile`] → [`hand`] → [`screen`] (mask screens that
//! reject most non-wins before any load) → [`table`] (build-time tables) →
//! [`combine`] (groups to a hand) and [`special`] (special forms) → [`analysis`] (answers) →
//! [`decompose`] (what each wildcard became) → [`protocol`] (the `hupai batch` JSON lines).
//!
//! ```
//! use hupai::{Engine, Hand, Rules};
//! let engine = Engine::new(Rules::chinese());
//! let hand = Hand::parse("11123456789999m", &[], "", false).unwrap();
//! assert!(engine.is_win(&hand));
//! // One wildcard (9s) is a 5th 1m:
//! let wild = Hand::parse("1111m456789p1239s", &[], "9s", false).unwrap();
//! assert!(engine.is_win(&wild));
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod combine;
pub mod decompose;
pub mod hand;
pub mod protocol;
pub mod remaining;
pub mod rules;
pub mod screen;
pub mod special;
pub mod table;
pub mod tile;

pub use analysis::{Discard, Engine, FormDistances, Ukeire};
pub use hand::{Hand, HandError, Meld, MeldKind};
pub use rules::{Rules, SevenPairs};
pub use tile::{Tile, TileSet};
