//! 七星不靠 (qixing bukao, 国标): a 全不靠 that holds all seven honors and seven knitted
//! tiles. The machinery is 全不靠's ([`super::bukao`]), asked with the seven stars.

use super::bukao;
use super::view::{Screen, View};
use crate::reading::Set;
use crate::rules::Rules;
use crate::tile::{Counts, Tile, TileSet};

/// 七星不靠: all seven honors.
const STARS: bool = true;

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.qixing_bukao
}

#[inline(always)]
pub(super) fn missing(v: &View) -> u8 {
    bukao::missing_of(v, STARS)
}

#[inline(always)]
pub(super) fn wins(v: &View) -> bool {
    bukao::wins_of(v, STARS)
}

pub(super) fn improving(v: &View, real: &Counts, wild: TileSet) -> u64 {
    bukao::improving_of(v, real, wild, STARS)
}

pub(super) fn screen() -> Screen {
    bukao::screen()
}

/// Only with every kind in play (`_kinds`): the form needs all three suits and the honors.
pub(super) fn readings(
    real: &Counts,
    wild_tiles: &[Tile],
    rules: &Rules,
    _kinds: u64,
) -> Option<Vec<Set>> {
    bukao::readings_of(real, wild_tiles, rules, STARS)
}
