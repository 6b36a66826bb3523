//! What a table computes when it is opened, from its spec and its image's class records —
//! a few thousand small records, in microseconds: the key parts and the class records the
//! hot paths read.

use super::format::{aux, Hot, KeyParts, Part};
use super::lanes::lanes16_of;
use hupai_gen::image::ClassRecord;
use hupai_gen::{self as gen, Layout};

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
        p.masked = layout.off13[part];
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
