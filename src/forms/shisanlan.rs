//! 十三烂 (shisanlan): 14 distinct tiles, tiles of a suit 3 or more apart, honors distinct.
//! A wildcard fills any suit slot; with `honor_wild_stays_honor`, a wildcard of an honor kind
//! stands among the honors only as itself. The machinery is shared with 七星十三烂
//! ([`super::lan`]).

use super::lan;
use super::view::{Screen, View};
use crate::reading::Set;
use crate::rules::Rules;
use crate::tile::{Counts, Tile, TileSet};

/// Plain 十三烂: the seven honors are not required.
const STARS: bool = false;

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.shisanlan
}

#[inline(always)]
pub(super) fn missing(v: &View) -> u8 {
    lan::missing_of(v, STARS)
}

#[inline(always)]
pub(super) fn wins(v: &View) -> bool {
    lan::wins_of(v, STARS)
}

pub(super) fn improving(v: &View, real: &Counts, wild: TileSet) -> u64 {
    lan::improving_of(v, real, wild, STARS)
}

pub(super) fn screen() -> Screen {
    lan::screen()
}

/// Only with every kind in play (`_kinds`): the form needs all three suits and the honors.
pub(super) fn readings(
    real: &Counts,
    wild_tiles: &[Tile],
    rules: &Rules,
    _kinds: u64,
) -> Option<Vec<Set>> {
    lan::readings_of(real, wild_tiles, rules, STARS)
}
