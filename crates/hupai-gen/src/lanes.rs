//! The lane layout of a group's distances, shared by the table image (whose improving-slot
//! masks sit at these positions) and the engine's combine.
//!
//! A [`Lanes16`] holds a group's distances for `m` melds (0..=[`MAX_MELDS`]) and `p` pairs
//! (0..=1) at byte [`at`]`(m, p)` = `m + PAIR * p`: bytes 0..=4 without the pair, bytes
//! [`PAIR`]..=[`PAIR`]` + 4` with it, [`INF`] (unreachable) in the bytes between and after.
//!
//! ```
//! use hupai_gen::lanes::{at, lanes16_of, INF};
//! use hupai_gen::{lane, pack_entry, LANES};
//! let mut u0 = [0u8; LANES];
//! u0[lane(2, 1)] = 3;
//! let l = lanes16_of(pack_entry(&u0, &[0; LANES], 0));
//! assert_eq!((l[at(2, 1)], l[5], l[15]), (3, INF, INF));
//! ```

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

/// The `U_0` lanes of a shanten word ([`crate::pack_entry`]) as a [`Lanes16`], by bit
/// spreading (no per-lane loop).
#[inline]
pub fn lanes16_of(word: u64) -> Lanes16 {
    // Five 4-bit lanes (20 bits) to five bytes.
    let spread = |x: u64| {
        let x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
        let x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
        (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
    };
    const FILL: u128 =
        u128::from_le_bytes([0, 0, 0, 0, 0, INF, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF]);
    let p0 = spread(word & 0xF_FFFF) as u128;
    let p1 = spread(word >> 20 & 0xF_FFFF) as u128;
    (p0 | p1 << 72 | FILL).to_le_bytes()
}
