//! The lane layout of a group's distances, shared by the table formats and the combine.
//!
//! A [`Lanes16`] holds a group's distances for `m` melds (0..=[`MAX_MELDS`]) and `p` pairs
//! (0..=1) at byte [`at`]`(m, p)` = `m + PAIR * p`: bytes 0..=4 without the pair, bytes
//! [`PAIR`]..=[`PAIR`]` + 4` with it, [`INF`] (unreachable) in the bytes between and after.
//! The min-plus operations on it are the combine's (`combine::lanes`).

/// Ten lanes as a 16-byte vector for the combine (see the module documentation).
pub type Lanes16 = [u8; 16];

/// An unreachable distance in a [`Lanes16`].
pub const INF: u8 = 255;

/// Byte of a [`Lanes16`] where the lanes with the pair start.
pub const PAIR: usize = 9;

/// Most melds a hand holds.
pub const MAX_MELDS: usize = 4;

/// Byte of the lane of `m` melds and `p` pairs.
#[inline(always)]
pub const fn at(m: usize, p: usize) -> usize {
    m + PAIR * p
}
