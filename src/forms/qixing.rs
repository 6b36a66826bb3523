//! 七星十三烂 (qixing): a 十三烂 that holds all seven honors. The machinery is 十三烂's
//! ([`super::lan`]), asked with the seven stars.

use super::lan;
use super::view::{Screen, View};
use crate::reading::Set;
use crate::rules::Rules;
use crate::tile::{Counts, Tile, TileSet};

/// 七星: all seven honors.
const STARS: bool = true;

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.qixing
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
