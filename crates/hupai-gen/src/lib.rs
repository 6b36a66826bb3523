//! The table generator of hupai, shared by the engine's `build.rs` (which generates the
//! compiled-in tables) and `hupai tables generate` (which writes table sets for operators):
//! both run this very code.
//!
//! The data flow: a [`GroupSpec`] (what a group may form) → [`Layout`] (every vector of the
//! group and its rank) → [`generate_group`] (a [`GroupData`]: one shanten word and one win
//! byte per vector, sparse excess profiles) → [`image::encode_image`] (the bytes of a table
//! file, which the engine reads in place).
//! [`exact_decompositions`] gives the splits that decompositions read.
//!
//! ```
//! use hupai_gen::{generate_group, GroupSpec, Layout, W_NONE};
//! let data = generate_group(GroupSpec::HONOR, &mut |_| {});
//! let layout = Layout::new(GroupSpec::HONOR);
//! // 111z22z: a pung and a pair with no wildcard (W1 = 0); as melds only, one wildcard makes
//! // the pair a pung (W0 = 1).
//! let win = data.win[layout.rank(&[3, 2, 0, 0, 0, 0, 0])];
//! assert_eq!((win & 15, win >> 4), (1, 0));
//! assert_eq!(data.win[layout.rank(&[1, 0, 0, 0, 0, 0, 0])] >> 4, 1);
//! assert_ne!(data.win[layout.rank(&[1, 1, 0, 0, 0, 0, 0])] >> 4, W_NONE);
//! ```
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

mod data;
mod generate;
pub mod image;
mod intern;
pub mod lanes;
mod layout;
mod spec;
mod split;

pub use data::{lanes_inf, pack_entry, pack_lanes, unpack_lanes, GroupData, TableData};
pub use generate::{generate_all, generate_group, generate_groups};
pub use layout::{bit_run_key, group_key, slot_weight, Layout, HI_SLOTS, LO_SHIFT, POW5};
pub use spec::{GroupSpec, SpecSummary};
pub use split::{exact_decompositions, PAIR_CODE};

/// Largest number of tiles a group vector may hold.
pub const MAX_TILES: usize = 14;
/// Number of shanten lanes: `m` in 0..=4 melds times `p` in 0..=1 pairs.
pub const LANES: usize = 10;
/// Version of the table format; bump it whenever the encoding changes. Version 2: entries in
/// the rank order of the split group keys ([`Layout`]); version 3: groups named by their
/// [`GroupSpec`], manifests record the specs; version 4: a table file is the [`image`] the
/// engine reads in place (classes, masks and padding derived at generation).
pub const FORMAT_VERSION: u32 = 4;
/// Version of the generator; bump it whenever a table's content changes.
pub const GENERATOR_VERSION: u32 = 1;
/// The value of `W0`/`W1` meaning "not reachable with at most 4 melds".
pub const W_NONE: u8 = 15;
/// The value of a `U_e` lane whose shape no target has (a pair where the spec allows none):
/// larger than any distance a hand can have (at most 14), so a min-plus never picks it.
pub const LANE_NONE: u8 = 15;

/// Lane of `m` melds and `p` pairs in an entry.
pub const fn lane(m: usize, p: usize) -> usize {
    m + 5 * p
}
