//! 七星不靠 (qixing bukao, 国标): a 全不靠 that holds all seven honors and seven knitted
//! tiles. The machinery is 全不靠's ([`super::quanbukao`]), asked with the seven stars.

use super::quanbukao::{self, STARS};
use super::{Screen, View};
use crate::decompose::Set;
use crate::rules::Rules;
use crate::tile::{Counts, Tile, TileSet};

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.qixing_bukao
}

#[inline(always)]
pub(super) fn missing(v: &View) -> u8 {
    quanbukao::missing_of(v, STARS)
}

#[inline(always)]
pub(super) fn wins(v: &View) -> bool {
    missing(v) == 0
}

pub(super) fn improving(v: &View, real: &Counts, wild: TileSet) -> u64 {
    quanbukao::improving_of(v, real, wild, STARS)
}

pub(super) fn screen() -> Screen {
    quanbukao::screen()
}

/// Only with every kind in play (`_kinds`): the form needs all three suits and the honors.
pub(super) fn readings(
    real: &Counts,
    wild_tiles: &[Tile],
    _rules: &Rules,
    _kinds: u64,
) -> Option<Vec<Set>> {
    quanbukao::readings_of(real, wild_tiles, STARS)
}
