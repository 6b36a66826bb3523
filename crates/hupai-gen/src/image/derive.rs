//! What an image derives from a table's generated data: the classes of its vectors and the
//! improving-slot masks.

use super::{MaskHalf, MAX_CLASSES, MAX_HALVES};
use crate::intern::Interner;
use crate::lanes::Lanes16;
use crate::{group_key, slot_weight, GroupData, Layout, MAX_TILES};

/// The class of every vector, and per class its (shanten word, win byte).
pub type Classes = (Vec<u16>, Vec<(u64, u8)>);

/// Per vector of at most 13 tiles the ids of its two mask halves, and the distinct halves.
pub type MaskTable = (Vec<[u16; 2]>, Vec<MaskHalf>);

/// The classes of a table's vectors: the class of every vector, and per class its (shanten
/// word, win byte), in first-seen order. An error past [`MAX_CLASSES`].
pub fn classify(d: &GroupData) -> Result<Classes, String> {
    let mut ids = Interner::new();
    let mut class = Vec::with_capacity(d.shanten.len());
    for (&word, &win) in d.shanten.iter().zip(&d.win) {
        let id = ids.intern((word, win), word ^ (win as u64) << 32);
        if ids.len() > MAX_CLASSES {
            return Err(format!(
                "{} table has more than {MAX_CLASSES} distinct entries",
                d.spec
            ));
        }
        class.push(id as u16);
    }
    Ok((class, ids.into_values()))
}

/// For every vector of at most 13 tiles (in the order of [`Layout::masked_rank_of_key`]),
/// which slots lower each `U_0` lane when drawn — the vector one tile up is found by adding
/// the slot's weight to the group key — as the ids of its two [`MaskHalf`]s, and the distinct
/// halves. `lanes` gives the lanes of a rank. An error past [`MAX_HALVES`].
pub fn derive_masks(
    layout: &Layout,
    lanes: impl Fn(usize) -> Lanes16,
) -> Result<MaskTable, String> {
    let n = layout.spec.slots();
    let mut ids = Vec::with_capacity(layout.masked_len);
    let mut halves = Interner::new();
    let mut intern = |h: MaskHalf| -> Result<u16, String> {
        let bytes: [u64; 2] = half_words(h);
        let id = halves.intern(h, bytes[0] ^ bytes[1].rotate_left(29));
        if id >= MAX_HALVES {
            return Err(format!(
                "{} table: more than {MAX_HALVES} distinct mask halves",
                layout.spec
            ));
        }
        Ok(id as u16)
    };
    for c in layout.vectors() {
        let total: usize = c.iter().map(|&x| x as usize).sum();
        if total >= MAX_TILES {
            continue;
        }
        let mut mask = [0u16; 16];
        let key = group_key(&c[..n]);
        debug_assert_eq!(layout.masked_rank_of_key(key), ids.len());
        let here = lanes(layout.rank_of_key(key));
        for (t, &held) in c[..n].iter().enumerate() {
            if held >= 4 {
                continue;
            }
            let there = lanes(layout.rank_of_key(key + slot_weight(t)));
            // `Lanes16` positions are the mask positions; unused ones are INF in both.
            for k in 0..16 {
                if there[k] < here[k] {
                    mask[k] |= 1 << t;
                }
            }
        }
        let half = |k: usize| MaskHalf(std::array::from_fn(|i| mask[k + i]));
        ids.push([intern(half(0))?, intern(half(8))?]);
    }
    Ok((ids, halves.into_values()))
}

/// The eight lanes of a mask half as two words (for its hash).
fn half_words(h: MaskHalf) -> [u64; 2] {
    let w = |i: usize| (0..4).fold(0u64, |a, k| a | (h.0[i + k] as u64) << (16 * k));
    [w(0), w(4)]
}
