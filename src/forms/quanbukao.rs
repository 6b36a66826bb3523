//! 全不靠 (quanbukao, 国标 "honors and knitted tiles"): 14 distinct tiles, the suited ones
//! from one knitted arrangement (147, 258 and 369, each of a different suit), the honors
//! distinct. A wildcard fills any open place. The machinery is shared with 七星不靠
//! ([`super::bukao`]).

use super::bukao;
use super::view::{Screen, View};
use crate::reading::Set;
use crate::rules::Rules;
use crate::tile::{Counts, Tile, TileSet};

/// Plain 全不靠: the seven honors are not required.
const STARS: bool = false;

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.quanbukao
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
