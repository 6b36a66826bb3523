//! The answers of rules that play win patterns ([`crate::Rules::patterns`]) or take the plain
//! win away ([`crate::Rules::plain_win`]): the forms' distances with each pattern's beside
//! them, and a hand wins, or a draw improves it, when the least over the deciding forms and
//! the patterns says so. Engines of other rules never come here (one test of a flag picked
//! when the engine is built).
//!
//! The win check asks each part its own question (the plain win's win bytes, the special
//! forms, each pattern's `wins`), never a distance; a draw improves the hand where it improves
//! a part at the best distance, each part's improving kinds found as its own answer finds them
//! (the tables' masks for the plain win, a few counts for the patterns), and by drawing only
//! where a pattern has no shortcut.

use super::core::{Engine, UNREACHABLE};
use super::state::{byte_mask, State};
use crate::combine::Groups;
use crate::forms::FormDistances;
use crate::hand::Hand;
use crate::pattern_missing::{self, Input};
use crate::rules::Pattern;
use crate::tile::{kinds_held, TileSet};

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
    pub(super) fn answer_improving<const AVX2: bool>(&self, e: &Engine) -> (u64, i8) {
        if e.patterned {
            self.improving_patterned(e)
        } else {
            self.improving_and_shanten::<AVX2>(e)
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

    /// `then` of what the patterns read of this state (no lacked suit left to choose): its
    /// groups looked up in the patterns' tables (any pair), the view, the counts.
    fn with_input<R>(&self, e: &Engine, then: impl FnOnce(&Input) -> R) -> R {
        let own = (0..4).all(|g| std::ptr::eq(e.open_groups.0[g], e.groups.0[g]));
        // Only the one-suit patterns read the groups' lanes and win bytes; the others read
        // the count fields, which every table of a group gives alike: four lookups saved a
        // shanten (`scripts/instructions changsha`).
        let reads_groups = e.rules.patterns.contains(Pattern::OneSuit)
            || e.rules.patterns.contains(Pattern::OneSuitHonors);
        let open = if own || !reads_groups {
            self.groups
        } else {
            Groups::from_keys(&e.open_groups, self.groups.keys)
        };
        let planes = self.planes(e);
        then(&Input {
            view: self.view(e, &planes),
            groups: &open,
            open: &e.open_groups,
            concealed: &self.concealed,
            wild: self.wild,
            in_play: e.in_play,
            declared: self.declared,
        })
    }

    /// Records the missing tiles of each pattern of the rules (no lacked suit left to
    /// choose).
    fn record_patterns(&self, e: &Engine, f: &mut FormDistances) {
        self.with_input(e, |x| {
            for p in e.rules.patterns.iter() {
                f.set_pattern(p, pattern_missing::missing(p, x), e.rules.plain_win);
            }
        });
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
                v.with_input(e, |x| {
                    e.rules
                        .patterns
                        .iter()
                        .filter_map(|p| pattern_missing::wildcards_needed(p, x))
                        .fold(plain, u32::min)
                })
            })
            .min()
            .unwrap_or(64)
    }

    /// Fewest wildcards pattern `p`'s melds and pair need on top of the real tiles (the
    /// least over the suits the hand may lack).
    pub(super) fn pattern_wildcards_needed(&self, e: &Engine, p: Pattern) -> Option<u32> {
        self.variants(e)
            .filter_map(|v| v.with_input(e, |x| pattern_missing::wildcards_needed(p, x)))
            .min()
    }

    /// Improving kinds and the shanten they improve on: a kind improves when drawing it
    /// lowers the least over the deciding forms and the patterns.
    #[cold]
    #[inline(never)]
    pub(super) fn improving_patterned(&self, e: &Engine) -> (u64, i8) {
        let f = self.forms_patterned(e);
        let best = f.best();
        if best == UNREACHABLE {
            return (0, i8::MAX);
        }
        let candidates = e.in_play & !byte_mask(&self.concealed, 2);
        // Under 缺一门, or with no plain win (the special forms then decide alone), every
        // draw is asked.
        if e.lack || !e.rules.plain_win {
            let mut out = 0u64;
            for t in TileSet(candidates).iter() {
                if self.with_tile(e, t, 1).forms_patterned(e).best() < best {
                    out |= 1 << t.index();
                }
            }
            return (out, best as i8 - 1);
        }
        // The plain win and the special forms, as other rules find their improving kinds,
        // where they reach the best distance.
        let mut out = 0u64;
        let (plain, d) = self.improving_real::<false>(e);
        if d == best {
            out |= self.with_wild_draws(e, plain, d);
        }
        for p in f.patterns_at(best) {
            out |= self.pattern_improving(e, p, best, candidates);
        }
        (out & candidates, best as i8 - 1)
    }

    /// The kinds of `candidates` whose draw lowers pattern `p`'s missing tiles from `best`.
    fn pattern_improving(&self, e: &Engine, p: Pattern, best: u8, candidates: u64) -> u64 {
        let wild = self.wild.0 & candidates;
        let by_drawing = |kinds: u64| {
            let mut out = 0u64;
            for t in TileSet(kinds & candidates).iter() {
                let drawn = self.with_tile(e, t, 1);
                if drawn.with_input(e, |x| pattern_missing::missing(p, x)) < best {
                    out |= 1 << t.index();
                }
            }
            out
        };
        match p {
            // A drawn kind moves from one count to the next: one answer per count held.
            Pattern::AllPungs => {
                let mut out = 0u64;
                for c in 0..4u8 {
                    let kinds = kinds_held(&self.concealed, c) & candidates & !self.wild.0;
                    if let Some(t) = TileSet(kinds).iter().next() {
                        if by_drawing(1 << t.index()) != 0 {
                            out |= kinds;
                        }
                    }
                }
                // A wildcard fills a missing tile (a 13-tile hand misses at least one).
                out | wild
            }
            Pattern::All258 | Pattern::AllHonors => {
                let set = if p == Pattern::All258 {
                    pattern_missing::KINDS_258
                } else {
                    pattern_missing::HONOR_KINDS
                };
                by_drawing(set & !self.wild.0) | wild
            }
            Pattern::OneSuit | Pattern::OneSuitHonors => {
                let honors = p == Pattern::OneSuitHonors;
                let kinds = (0..3).fold(0, |m, s| m | pattern_missing::suit_kinds(s, honors));
                by_drawing(kinds & !self.wild.0) | wild
            }
            Pattern::FourWild => by_drawing(candidates),
        }
    }

    /// Whether this 14-tile state wins by a pattern of the rules (no lacked suit left to
    /// choose).
    pub(super) fn pattern_wins(&self, e: &Engine) -> bool {
        self.with_input(e, |x| {
            e.rules.patterns.iter().any(|p| pattern_missing::wins(p, x))
        })
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
}
