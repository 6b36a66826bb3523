//! What a table computes when it is opened, from its spec and its image's class records —
//! a few thousand small records, in microseconds: the key parts and the class records the
//! hot paths read.

use super::format::{aux, Hot, KeyParts, Part};
use super::lanes::lanes16_of;
use hupai_gen::image::ClassRecord;
use hupai_gen::{self as hgen, Layout};

/// The hot record of every class, padded to [`aux::CLASSES`] with class 0 (so that a class
/// read from an aux word needs no bounds check): its lanes, its part of the [`aux`] word (the
/// win byte, the largest useful excess, the class id) and its shanten word.
pub(super) fn hot_records(records: &[ClassRecord]) -> Box<[Hot; aux::CLASSES]> {
    let hot = |id: usize| {
        let ClassRecord { word, win } = records[id];
        Hot {
            lanes: lanes16_of(word),
            aux: (win & 0xFF) | (word >> 60) << 8 | (id as u64) << aux::CLASS,
            word,
        }
    };
    let mut out = Box::new([hot(0); aux::CLASSES]);
    for (id, h) in out.iter_mut().enumerate().take(records.len()) {
        *h = hot(id);
    }
    out
}

/// The [`Part`] of every key part: the layout's rank offsets and places, and the count fields
/// of the auxiliary word ([`aux`] from [`aux::ONCE`] on) of the vectors that only hold tiles in
/// the high part of a key, and of those that only hold tiles in the low part. Part by part
/// from a smaller one (its top digit's fields added), in microseconds: this runs when a table
/// opens, where a per-part loop over the slots dominated `Engine::new` (`cargo bench --bench
/// startup`).
pub(super) fn key_parts(layout: &Layout) -> KeyParts {
    let n = layout.spec.slots();
    let hi_fields = part_fields(layout, 0, hgen::HI_SLOTS);
    let lo_fields = part_fields(layout, hgen::HI_SLOTS, n - hgen::HI_SLOTS);
    let mut hi = Box::new([Part::default(); 1 << hgen::LO_SHIFT]);
    let mut lo = Box::new([Part::default(); 1024]);
    for (part, p) in hi.iter_mut().enumerate() {
        p.rank = layout.off[part];
        p.masked = layout.off13[part];
        p.aux = hi_fields.get(part).copied().unwrap_or(0);
    }
    for (part, p) in lo.iter_mut().enumerate() {
        p.rank = layout.place[part] as u32;
        p.aux = lo_fields.get(part).copied().unwrap_or(0);
    }
    KeyParts { hi, lo }
}

/// The count fields of every value of a key part of `digits` base-5 digits on the slots from
/// `first` on: a value's are those of the value without its top digit, plus the top digit's.
fn part_fields(layout: &Layout, first: usize, digits: usize) -> Vec<u64> {
    let orphans = layout.spec.orphan_slots();
    // The fields of `x` tiles on slot `first + k`.
    let held = |k: usize, x: u64| -> u64 {
        if x == 0 {
            return 0;
        }
        let slot = first + k;
        let times = [aux::ONCE, aux::TWICE, aux::THRICE, aux::FOUR][x as usize - 1];
        let mut w = 1 << times | 1 << (aux::PRESENT + slot as u32) | x << aux::TILES;
        if orphans >> slot & 1 == 1 {
            w += 1 << aux::ORPHANS;
            if x >= 2 {
                w += 1 << aux::DUPS;
            }
        }
        w
    };
    let mut out = vec![0u64; hgen::POW5[digits]];
    let mut top = 0; // the top digit's place: 5^top <= v < 5^(top + 1)
    for v in 1..out.len() {
        if v == hgen::POW5[top + 1] {
            top += 1;
        }
        let d = v / hgen::POW5[top];
        out[v] = out[v - d * hgen::POW5[top]] + held(top, d as u64);
    }
    out
}
