//! What a table derives on load from its generated data, and the checks a loaded set must
//! pass: the classes of the vectors, the key parts, the improving-slot masks.

use super::error::TableError;
use super::format::{aux, unpack_lanes, Entry, Hot, KeyParts, MaskHalf, MaskTable, Part};
use super::intern;
use super::lanes::{Lanes16, INF};
use hupai_gen::{self as gen, GroupData, Layout};

/// The win byte that the distances of a shanten word imply: `W_p` is the fewest tiles that
/// complete the vector into `m` melds and `p` pairs using every tile it holds, i.e. the least
/// `3m + 2p - total` over the lanes whose unlimited-excess distance is exactly that
/// (the generator's definition of `W0`/`W1`).
pub(super) fn implied_win(word: u64, total: usize) -> u8 {
    let inf = Entry { word, aux: 0 }.lanes_inf();
    let mut w = [gen::W_NONE; 2];
    for (p, wp) in w.iter_mut().enumerate() {
        for m in 0..5 {
            let size = 3 * m + 2 * p;
            if size >= total && inf[gen::lane(m, p)] as usize == size - total {
                *wp = (*wp).min((size - total) as u8);
            }
        }
    }
    w[0] | w[1] << 4
}

/// The checks a loaded group table must pass (cheap: one pass over the vectors), so that a
/// set re-hashed after an edit is refused instead of answering wrongly or panicking:
/// every distance within its lane's target size and the saving of unlimited excess within the
/// distance; the largest useful excess within what the generator explores; every win byte the
/// one the distances imply; an excess profile for exactly the vectors whose largest useful
/// excess is 2 or more, sorted by key, its first level the no-excess distances and its levels
/// from that excess on the unlimited-excess ones.
pub(super) fn validate(d: &GroupData, vectors: &[[u8; 9]]) -> Result<(), String> {
    let n = d.spec.slots();
    let mut needed = Vec::new();
    for (r, c) in vectors.iter().enumerate() {
        let word = d.shanten[r];
        let u0 = Entry { word, aux: 0 }.lanes0();
        for (l, &u) in u0.iter().enumerate() {
            let size = 3 * (l % 5) + 2 * (l / 5);
            let saving = (word >> (40 + 2 * l) & 3) as u8;
            // A lane whose shape the spec never forms (a pair where none may sit) is
            // `LANE_NONE`, and no excess saves anything there.
            let none = u == gen::LANE_NONE && saving == 0 && l >= 5 && d.spec.pair_slots() == 0;
            if !none && (u as usize > size || saving > u) {
                return Err(format!("vector {c:?}: lane {l} out of range"));
            }
        }
        let excess = (word >> 60) as u8;
        if excess > 4 {
            return Err(format!("vector {c:?}: excess {excess} out of range"));
        }
        let total: usize = c[..n].iter().map(|&x| x as usize).sum();
        if d.win[r] != implied_win(word, total) {
            return Err(format!(
                "vector {c:?}: win byte {:#04x} disagrees with its distances ({:#04x})",
                d.win[r],
                implied_win(word, total)
            ));
        }
        if excess >= 2 {
            needed.push((gen::bit_run_key(&c[..n]), r));
        }
    }
    needed.sort_unstable();
    if d.profiles.len() != needed.len() {
        return Err(format!(
            "{} excess profiles, the vectors need {}",
            d.profiles.len(),
            needed.len()
        ));
    }
    for ((key, prof), &(want, r)) in d.profiles.iter().zip(&needed) {
        if *key != want {
            return Err(format!(
                "excess profile {key:#x} belongs to no vector that needs one"
            ));
        }
        let word = d.shanten[r];
        let excess = (word >> 60) as usize;
        let e = Entry { word, aux: 0 };
        let inf = gen::pack_lanes(&e.lanes_inf());
        if unpack_lanes(prof[0]) != e.lanes0() || prof[excess..].iter().any(|&x| x != inf) {
            return Err(format!(
                "excess profile {key:#x} disagrees with its vector's distances"
            ));
        }
    }
    Ok(())
}

pub(super) type Classes = (Vec<u16>, Box<[Hot; aux::CLASSES]>, usize);

/// The classes of a table's vectors: vectors of one shanten word and win byte share one
/// record. Runs at the first answer of every process (in a dependent's debug build too): one
/// pass over the vectors, with an [`intern::Interner`] of the few hundred classes.
pub(super) fn classify(d: &GroupData) -> Result<Classes, TableError> {
    let mut ids = intern::Interner::new();
    let mut class = Vec::with_capacity(d.shanten.len());
    for (&word, &win) in d.shanten.iter().zip(&d.win) {
        let id = ids.intern((word, win), word ^ (win as u64) << 32);
        if ids.len() > aux::CLASSES {
            return Err(TableError::Shape(format!(
                "{} table has more than {} distinct entries",
                d.spec,
                aux::CLASSES
            )));
        }
        class.push(id as u16);
    }
    let count = ids.len();
    let mut classes: Vec<Hot> = ids
        .into_values()
        .into_iter()
        .enumerate()
        .map(|(id, (word, win))| Hot {
            lanes: lanes16_of(word),
            aux: win as u64 | (word >> 60) << 8 | (id as u64) << aux::CLASS,
            word,
        })
        .collect();
    classes.resize(aux::CLASSES, classes[0]);
    let classes = classes
        .into_boxed_slice()
        .try_into()
        .expect("resized to the fixed size");
    Ok((class, classes, count))
}

/// The [`Part`] of every key part: the layout's rank offsets and places, and the count fields
/// of the auxiliary word ([`aux`] from [`aux::ONCE`] on) of the vectors that only hold tiles in
/// the high part of a key, and of those that only hold tiles in the low part.
pub(super) fn key_parts(layout: &Layout) -> KeyParts {
    let spec = layout.spec;
    let n = spec.slots();
    let of = |key: u32| {
        let c = layout.counts(key);
        let mut w = 0u64;
        for (i, &x) in c.iter().enumerate().take(n) {
            if x == 0 {
                continue;
            }
            w += 1
                << match x {
                    1 => aux::ONCE,
                    2 => aux::TWICE,
                    3 => aux::THRICE,
                    _ => aux::FOUR,
                };
            w |= 1 << (aux::PRESENT + i as u32);
            w += (x as u64) << aux::TILES;
            if spec.orphan_slots() >> i & 1 == 1 {
                w += 1 << aux::ORPHANS;
                if x >= 2 {
                    w += 1 << aux::DUPS;
                }
            }
        }
        w
    };
    let mut hi = Box::new([Part::default(); 1 << gen::LO_SHIFT]);
    let mut lo = Box::new([Part::default(); 1024]);
    for (part, p) in hi.iter_mut().enumerate() {
        p.rank = layout.off[part];
        if part < gen::POW5[gen::HI_SLOTS] {
            p.aux = of(part as u32);
        }
    }
    for (part, p) in lo.iter_mut().enumerate() {
        p.rank = layout.place[part] as u32;
        if part < gen::POW5[n - gen::HI_SLOTS] {
            p.aux = of((part as u32) << gen::LO_SHIFT);
        }
    }
    KeyParts { hi, lo }
}

/// The [`Lanes16`] of a shanten word, by bit spreading (no per-lane loop): the same as
/// `to16(&unpack_lanes(word))`.
#[inline]
pub(super) fn lanes16_of(word: u64) -> Lanes16 {
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

/// For every vector with fewer than 14 tiles, which slots lower each `U_0` lane when drawn:
/// the vector one tile up is found by adding the slot's weight to the group key. An error
/// when the distinct halves outnumber 16-bit ids.
pub(super) fn derive_masks(
    layout: &Layout,
    lanes: impl Fn(usize) -> Lanes16,
) -> Result<MaskTable, String> {
    let n = layout.spec.slots();
    let mut ids = Vec::with_capacity(layout.len);
    let mut halves = intern::Interner::new();
    let mut intern = |h: MaskHalf| -> Result<u16, String> {
        let bytes: [u64; 2] = half_words(h);
        let id = halves.intern(h, bytes[0] ^ bytes[1].rotate_left(29));
        u16::try_from(id).map_err(|_| {
            format!(
                "{} table: more than 65,536 distinct mask halves",
                layout.spec
            )
        })
    };
    for c in layout.vectors() {
        let mut mask = [0u16; 16];
        let total: usize = c.iter().map(|&x| x as usize).sum();
        if total < gen::MAX_TILES {
            let key = gen::group_key(&c[..n]);
            let here = lanes(layout.rank_of_key(key));
            for (t, &held) in c[..n].iter().enumerate() {
                if held >= 4 {
                    continue;
                }
                let there = lanes(layout.rank_of_key(key + gen::slot_weight(t)));
                // `Lanes16` positions are the mask positions; unused ones are INF in both.
                for k in 0..16 {
                    if there[k] < here[k] {
                        mask[k] |= 1 << t;
                    }
                }
            }
        }
        let half = |k: usize| MaskHalf(std::array::from_fn(|i| mask[k + i]));
        ids.push([intern(half(0))?, intern(half(8))?]);
    }
    Ok(MaskTable {
        ids,
        halves: halves.into_values(),
    })
}

/// The eight lanes of a mask half as two words (for its hash).
pub(super) fn half_words(h: MaskHalf) -> [u64; 2] {
    let w = |i: usize| (0..4).fold(0u64, |a, k| a | (h.0[i + k] as u64) << (16 * k));
    [w(0), w(4)]
}
