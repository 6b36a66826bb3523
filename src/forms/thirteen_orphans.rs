//! Thirteen orphans (国士无双): one of each terminal and honor, one of them twice.

use super::view::{Screen, View};
use crate::decomposition_set::{single_set, slot, Set, SetKind};
use crate::kinds::{spaced_bit, spaced_range, MaskField};
use crate::rules::Rules;
use crate::table::aux;
use crate::tile::{kinds_held, Counts, Tile, TileSet, KINDS};

/// The 13 orphan kinds as a mask.
pub(crate) const ORPHANS: u64 =
    (1 << 0) | (1 << 8) | (1 << 9) | (1 << 17) | (1 << 18) | (1 << 26) | (0x7f << 27);

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.thirteen_orphans
}

#[inline(always)]
pub(super) fn missing(v: &View) -> u8 {
    let d = aux::field(v.sum, aux::ORPHANS);
    let pair = aux::field(v.sum, aux::DUPS) > 0;
    (14 - d - pair as u32).saturating_sub(v.wilds.total as u32) as u8
}

/// On 14 tiles, no missing orphan means no tile but the 13 kinds and their one pair.
#[inline(always)]
pub(super) fn wins(v: &View) -> bool {
    missing(v) == 0
}

pub(super) fn improving(_v: &View, real: &Counts, _wild: TileSet) -> u64 {
    let pair = (0..KINDS).any(|i| ORPHANS >> i & 1 == 1 && real[i] >= 2);
    let absent = kinds_held(real, 0) & ORPHANS;
    if pair {
        absent
    } else {
        ORPHANS
    }
}

/// No kind held but the orphans.
pub(super) fn screen() -> Screen {
    let orphans = spaced_bit(0)
        | spaced_bit(8)
        | spaced_bit(9)
        | spaced_bit(17)
        | spaced_bit(18)
        | spaced_bit(26)
        | spaced_range(27, 34);
    Screen::Forbid {
        field: MaskField::Held,
        forbidden: spaced_range(0, 34) & !orphans,
    }
}

/// One of each orphan, wildcards filling the missing ones and the pair.
/// Only with every kind in play (`_kinds`): the form needs all three suits and the honors.
pub(super) fn decompositions(
    real: &Counts,
    wild_tiles: &[Tile],
    _rules: &Rules,
    _kinds: u64,
) -> Option<Vec<Set>> {
    let mut sets = Vec::new();
    let mut wilds = wild_tiles.iter().copied();
    let mut paired = false;
    for t in Tile::all().filter(|t| ORPHANS >> t.index() & 1 == 1) {
        match real[t.index()] {
            0 => sets.push(single_set(SetKind::Single, vec![slot(t, wilds.next())])),
            1 => sets.push(single_set(SetKind::Single, vec![slot(t, None)])),
            _ => {
                paired = true;
                sets.push(single_set(
                    SetKind::Pair,
                    vec![slot(t, None), slot(t, None)],
                ));
            }
        }
    }
    if !paired {
        // The pair: a wildcard doubles the first orphan present (or the first orphan).
        if let Some(w) = wilds.next() {
            let idx = sets
                .iter()
                .position(|s| s.slots[0].wildcard.is_none())
                .unwrap_or(0);
            let t = sets[idx].slots[0].tile;
            sets[idx].kind = SetKind::Pair;
            sets[idx].slots.push(slot(t, Some(w)));
        }
    }
    Some(sets)
}
