//! The generated data of a table set, and the packing of its shanten words.

use crate::{GroupSpec, LANES};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// One generated group table.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct GroupData {
    /// Which group this table is for.
    pub spec: GroupSpec,
    /// One shanten word per vector, in rank order: see [`pack_entry`].
    pub shanten: Vec<u64>,
    /// One win byte per vector: `W0 | W1 << 4` (15 = not reachable).
    pub win: Vec<u8>,
    /// Vectors whose largest useful excess is 2 or more: bit-run key and `U_e` lanes for
    /// `e` = 0..=4, sorted by key.
    pub profiles: Vec<(u32, [u64; 5])>,
}

/// A whole generated table set (the compiled-in one, or one written by `hupai tables`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct TableData {
    /// [`crate::FORMAT_VERSION`] of the writer.
    pub format: u32,
    /// [`crate::GENERATOR_VERSION`] of the writer.
    pub generator: u32,
    /// The group tables, in [`GroupSpec::ALL`] order (or a subset, for custom sets).
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

/// Unpacks ten 4-bit lanes ([`pack_lanes`]): the `U_0` lanes of a shanten word.
pub fn unpack_lanes(w: u64) -> [u8; LANES] {
    std::array::from_fn(|i| (w >> (4 * i) & 15) as u8)
}

/// The lanes of a shanten word ([`pack_entry`]) with unlimited excess: each `U_0` lane less
/// its saving.
pub fn lanes_inf(word: u64) -> [u8; LANES] {
    std::array::from_fn(|i| (word >> (4 * i) & 15) as u8 - (word >> (40 + 2 * i) & 3) as u8)
}
