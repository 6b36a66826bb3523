//! 七星十三烂 (qixing): a 十三烂 that holds all seven honors. The machinery is 十三烂's
//! ([`super::shisanlan`]), asked with the seven stars.

use super::shisanlan::{self, STARS};
use super::{Screen, View};
use crate::decompose::Set;
use crate::rules::Rules;
use crate::tile::{Counts, Tile, TileSet};

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.qixing
}

#[inline(always)]
pub(super) fn missing(v: &View) -> u8 {
    shisanlan::missing_of(v, STARS)
}

#[inline(always)]
pub(super) fn wins(v: &View) -> bool {
    shisanlan::wins_of(v, STARS)
}

pub(super) fn improving(v: &View, real: &Counts, wild: TileSet) -> u64 {
    shisanlan::improving_of(v, real, wild, STARS)
}

pub(super) fn screen() -> Screen {
    shisanlan::screen()
}

/// Only with every kind in play (`_kinds`): the form needs all three suits and the honors.
pub(super) fn readings(
    real: &Counts,
    wild_tiles: &[Tile],
    rules: &Rules,
    _kinds: u64,
) -> Option<Vec<Set>> {
    shisanlan::readings_of(real, wild_tiles, rules, STARS)
}
