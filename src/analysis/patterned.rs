//! The answers of rules that play win patterns ([`crate::Rules::patterns`]) or take the plain
//! win away ([`crate::Rules::plain_win`]): the forms' distances with each pattern's beside
//! them, and a hand wins, or a draw improves it, when the least over the deciding forms and
//! the patterns says so. Engines of other rules never come here (one test of a flag picked
//! when the engine is built).

use super::core::{Engine, UNREACHABLE};
use super::state::{byte_mask, State};
use crate::combine::Groups;
use crate::forms::FormDistances;
use crate::hand::Hand;
use crate::patterns::{self, Input};
use crate::tile::TileSet;

impl State {
    /// Missing tiles per form (and per pattern where the rules play them): what the answers
    /// read.
    #[inline(always)]
    pub(super) fn answer_forms(&self, e: &Engine) -> FormDistances {
        if e.patterned {
            self.forms_patterned(e)
        } else {
            self.forms(e)
        }
    }

    /// Kinds whose draw lowers shanten (kinds held 4 times left out), and that shanten: what
    /// the answers read.
    #[inline(always)]
    pub(super) fn answer_improving(&self, e: &Engine) -> (u64, i8) {
        if e.patterned {
            self.improving_patterned(e)
        } else {
            self.improving_and_shanten(e)
        }
    }

    /// Missing tiles per form and per pattern (under 缺一门, the least over the suits the
    /// hand may lack).
    #[inline(never)]
    pub(super) fn forms_patterned(&self, e: &Engine) -> FormDistances {
        self.variants(e)
            .map(|v| {
                let mut f = v.forms_one(e);
                v.record_patterns(e, &mut f);
                f
            })
            .reduce(FormDistances::min)
            .unwrap_or(FormDistances::UNREACHABLE)
    }

    /// Records the missing tiles of each pattern of the rules (no lacked suit left to
    /// choose).
    fn record_patterns(&self, e: &Engine, f: &mut FormDistances) {
        let own = (0..4).all(|g| std::ptr::eq(e.open_groups.0[g], e.groups.0[g]));
        let open = if own {
            self.groups
        } else {
            Groups::from_keys(&e.open_groups, self.groups.keys)
        };
        let planes = self.planes(e);
        let x = Input {
            view: self.view(e, &planes),
            groups: &open,
            open: &e.open_groups,
            concealed: &self.concealed,
            wild: self.wild,
            in_play: e.in_play,
            declared: self.declared,
        };
        for p in e.rules.patterns.iter() {
            f.set_pattern(p, patterns::missing(p, &x), e.rules.plain_win);
        }
        if e.rules.patterns.is_empty() {
            f.set_plain(e.rules.plain_win);
        }
    }

    /// Fewest wildcards the plain win or a shaped pattern needs on top of the real tiles.
    pub(super) fn wildcards_needed_patterned(&self, e: &Engine) -> u32 {
        self.variants(e)
            .map(|v| {
                let plain = if e.rules.plain_win {
                    v.groups.wildcards_needed(v.absent)
                } else {
                    64
                };
                let own = (0..4).all(|g| std::ptr::eq(e.open_groups.0[g], e.groups.0[g]));
                let open = if own {
                    v.groups
                } else {
                    Groups::from_keys(&e.open_groups, v.groups.keys)
                };
                let planes = v.planes(e);
                let x = Input {
                    view: v.view(e, &planes),
                    groups: &open,
                    open: &e.open_groups,
                    concealed: &v.concealed,
                    wild: v.wild,
                    in_play: e.in_play,
                    declared: v.declared,
                };
                e.rules
                    .patterns
                    .iter()
                    .filter_map(|p| patterns::wildcards_needed(p, &x))
                    .fold(plain, u32::min)
            })
            .min()
            .unwrap_or(64)
    }

    /// Improving kinds and the shanten they improve on: a kind improves when drawing it
    /// lowers the least over the deciding forms and the patterns.
    #[cold]
    #[inline(never)]
    pub(super) fn improving_patterned(&self, e: &Engine) -> (u64, i8) {
        let best = self.forms_patterned(e).best();
        if best == UNREACHABLE {
            return (0, i8::MAX);
        }
        let candidates = e.in_play & !byte_mask(&self.concealed, 2);
        let mut out = 0u64;
        for t in TileSet(candidates).iter() {
            if self.with_tile(e, t, 1).forms_patterned(e).best() < best {
                out |= 1 << t.index();
            }
        }
        (out, best as i8 - 1)
    }
}

impl Engine<'_> {
    /// Shanten under patterned rules ([`Engine::pick_shanten`]'s variant for them).
    #[inline(never)]
    pub(super) fn shanten_patterned(&self, hand: &Hand) -> i8 {
        let best = self.state(hand).forms_patterned(self).best();
        if best == UNREACHABLE {
            i8::MAX
        } else {
            best as i8 - 1
        }
    }

    /// Whether a hand wins under patterned rules.
    #[cold]
    #[inline(never)]
    pub(super) fn is_win_patterned(&self, hand: &Hand) -> bool {
        hand.is_complete_count() && self.state(hand).forms_patterned(self).best() == 0
    }
}
