//! Seven pairs (七对): seven pairs of distinct kinds, or (`FourAsTwo`) a four of a kind as two
//! pairs. A wildcard pairs a single or another wildcard.

use super::view::{Screen, View};
use crate::decomposition_set::{single_set, slot, Set, SetKind};
use crate::kinds::{spaced_range, MaskField};
use crate::rules::{Rules, SevenPairs};
use crate::table::aux;
use crate::tile::{kinds_held, Counts, Tile, TileSet};

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.seven_pairs != SevenPairs::Off
}

/// Matched tiles: `n2` pair slots fully held, `n1` half held.
#[inline(always)]
fn matched(n2: u32, n1: u32) -> u32 {
    let full = n2.min(7);
    2 * full + n1.min(7 - full)
}

/// (full pair slots, half pair slots) from the summed auxiliary words of the four groups.
#[inline(always)]
fn slots(sum: u64, variant: SevenPairs) -> (u32, u32) {
    let (c1, c2, c3, c4) = (
        aux::field(sum, aux::ONCE),
        aux::field(sum, aux::TWICE),
        aux::field(sum, aux::THRICE),
        aux::field(sum, aux::FOUR),
    );
    match variant {
        SevenPairs::FourAsTwo => (c2 + c3 + 2 * c4, c1 + c3),
        _ => (c2 + c3 + c4, c1),
    }
}

#[inline(always)]
pub(super) fn missing(v: &View) -> u8 {
    let (n2, n1) = slots(v.sum, v.rules.seven_pairs);
    (14 - matched(n2, n1)).saturating_sub(v.wilds.total as u32) as u8
}

#[inline(always)]
pub(super) fn wins(v: &View) -> bool {
    missing(v) == 0
}

pub(super) fn improving(v: &View, real: &Counts, _wild: TileSet) -> u64 {
    let variant = v.rules.seven_pairs;
    let (n2, n1) = slots(v.sum, variant);
    let now = matched(n2, n1);
    let better = |d2: i32, d1: i32| matched((n2 as i32 + d2) as u32, (n1 as i32 + d1) as u32) > now;
    let mut out = 0;
    if better(0, 1) {
        out |= kinds_held(real, 0);
    }
    if better(1, -1) {
        out |= kinds_held(real, 1);
        if variant == SevenPairs::FourAsTwo {
            out |= kinds_held(real, 3);
        }
    }
    if variant == SevenPairs::FourAsTwo && better(0, 1) {
        out |= kinds_held(real, 2);
    }
    out
}

/// No kind held an odd number of times.
pub(super) fn screen() -> Screen {
    Screen::Forbid {
        field: MaskField::Odd,
        forbidden: spaced_range(0, 34),
    }
}

/// Real pairs, singles paired by wildcards, wildcards paired together (as a kind of `kinds`).
pub(super) fn decompositions(
    real: &Counts,
    wild_tiles: &[Tile],
    rules: &Rules,
    kinds: u64,
) -> Option<Vec<Set>> {
    let four_as_two = rules.seven_pairs == SevenPairs::FourAsTwo;
    let mut sets = Vec::new();
    let mut wilds = wild_tiles.iter().copied();
    let mut used = [false; 34];
    for t in Tile::all() {
        let c = real[t.index()];
        let pairs = if four_as_two { c / 2 } else { (c >= 2) as u8 };
        for _ in 0..pairs {
            sets.push(single_set(
                SetKind::Pair,
                vec![slot(t, None), slot(t, None)],
            ));
            used[t.index()] = true;
        }
        let single = if four_as_two { c % 2 == 1 } else { c == 1 };
        if single {
            sets.push(single_set(
                SetKind::Pair,
                vec![slot(t, None), slot(t, wilds.next())],
            ));
            used[t.index()] = true;
        }
    }
    let rest: Vec<Tile> = wilds.collect();
    for chunk in rest.chunks(2) {
        // Two wildcards pair as a kind of `kinds` not used yet (their own kind first); a
        // four counts as two pairs where seven distinct kinds are not asked.
        let allowed = || {
            std::iter::once(chunk[0])
                .chain(Tile::all())
                .filter(|t| kinds >> t.index() & 1 == 1)
        };
        let t = allowed()
            .find(|t| !used[t.index()])
            .or_else(|| allowed().next().filter(|_| four_as_two))?;
        used[t.index()] = true;
        sets.push(single_set(
            SetKind::Pair,
            chunk.iter().map(|&w| slot(t, Some(w))).collect(),
        ));
    }
    Some(sets)
}
