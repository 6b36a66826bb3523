//! 全不靠 (quanbukao, 国标 "honors and knitted tiles"): 14 distinct tiles, the suited ones
//! from one knitted arrangement (147, 258 and 369, each of a different suit), the honors
//! distinct; and its variant 七星不靠 (qixing bukao, `STARS`): all seven honors and seven
//! knitted tiles. A wildcard fills any open place.

use super::knitted::{knitted_most, ARRANGEMENTS};
use super::view::{honors_held, improving_by_presence, Screen, View};
use crate::decomposition_set::{single_set, slot, Set, SetKind};
use crate::rules::Rules;
use crate::tile::{Counts, Tile, TileSet};

/// Whether `rules` play the form: 全不靠, or with `STARS` 七星不靠.
pub(super) fn allowed<const STARS: bool>(rules: &Rules) -> bool {
    if STARS {
        rules.qixing_bukao
    } else {
        rules.quanbukao
    }
}

/// No kind held twice, and the suit kinds within one knitted arrangement.
pub(super) fn screen<const STARS: bool>() -> Screen {
    Screen::WithinArrangement
}

/// Missing tiles of 全不靠 or (`STARS`) 七星不靠.
#[inline(always)]
pub(super) fn missing<const STARS: bool>(v: &View) -> u8 {
    missing_from(
        v.knitted_most(),
        v.groups.presence().1,
        v.wilds.total,
        STARS,
    )
}

/// A win: nothing missing.
#[inline(always)]
pub(super) fn wins<const STARS: bool>(v: &View) -> bool {
    missing::<STARS>(v) == 0
}

/// The most places of the target the real kinds fill (`knitted`: the most knitted places
/// over the six arrangements; `honors`: the honors' presence mask), minus the wildcards
/// (each fills any open place: 16 candidates leave room for all of them).
#[inline(always)]
fn missing_from(knitted: u8, honors: u8, wilds: u8, stars: bool) -> u8 {
    let honors = honors_held(honors);
    // Both targets fill more with more knitted places held: the best arrangement decides.
    let filled = if stars {
        knitted.min(7) + honors
    } else {
        (knitted + honors).min(14)
    };
    (14 - filled).saturating_sub(wilds)
}

/// Real kinds whose draw lowers the missing tiles (a kind held twice is never one).
pub(super) fn improving<const STARS: bool>(v: &View, real: &Counts, wild: TileSet) -> u64 {
    let now = missing::<STARS>(v);
    improving_by_presence(real, wild.0, |_, (suits, honors)| {
        missing_from(knitted_most(suits), honors, v.wilds.total, STARS) < now
    })
}

/// One decomposition of a winning hand: the real tiles as themselves, the wildcards on the open
/// places of the first arrangement that holds every real tile (honors first for 七星不靠).
pub(super) fn decompositions<const STARS: bool>(
    real: &Counts,
    wild_tiles: &[Tile],
    _rules: &Rules,
    _kinds: u64,
) -> Option<Vec<Set>> {
    if real.iter().any(|&c| c > 1) {
        return None;
    }
    for a in ARRANGEMENTS {
        let mut places: Vec<Tile> = (27..34).map(Tile::from_index).collect();
        for (s, &mask) in a.iter().enumerate() {
            places.extend(
                (0..9)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| Tile::from_index(9 * s + i)),
            );
        }
        let fits = |t: usize| places.iter().any(|p| p.index() == t);
        if (0..34).any(|t| real[t] > 0 && !fits(t)) {
            continue;
        }
        let knitted_held = places[7..].iter().filter(|p| real[p.index()] > 0).count();
        if STARS && knitted_held > 7 {
            continue;
        }
        let mut sets: Vec<Set> = Vec::new();
        let mut wilds = wild_tiles.iter();
        let mut knitted = knitted_held;
        for p in &places {
            if real[p.index()] > 0 {
                sets.push(single_set(SetKind::Single, vec![slot(*p, None)]));
            } else if !p.is_honor() && STARS && knitted == 7 {
                continue;
            } else if let Some(&w) = wilds.next() {
                knitted += !p.is_honor() as usize;
                sets.push(single_set(SetKind::Single, vec![slot(*p, Some(w))]));
            }
        }
        if sets.len() == 14 && wilds.next().is_none() {
            return Some(sets);
        }
    }
    None
}
