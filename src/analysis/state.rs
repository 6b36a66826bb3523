//! The working state of a 3k+1 or 3k+2 hand for the questions that draw and discard tiles:
//! its groups looked up once and changed one tile at a time, and the kinds that improve it.

use super::core::{lackable, present_kinds, wilds_of, Engine, UNREACHABLE};
use crate::combine::{self, Groups};
use crate::forms::{FormDistances, View, Wilds};
use crate::hand::Hand;
use crate::pattern_missing::Declared;
use crate::tile::{counts_without, kinds_where, Counts, Tile, TileSet, KINDS};

/// The working state of a hand: groups looked up once, changed one tile at a time.
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    pub(super) groups: Groups,
    pub(super) concealed: Counts,
    pub(super) wild: TileSet,
    pub(super) wilds: Wilds,
    /// Melds the concealed tiles must form (4 - declared).
    pub(super) melds: usize,
    /// Target tiles that may exceed 4 copies ([`combine::excess_budget`]).
    pub(super) budget: u8,
    /// Groups that hold nothing in the targets looked at (out of play, or the lacked suit).
    pub(super) absent: u8,
    /// Under 缺一门, the suits (bits 0..3) the hand may still lack: those of no declared meld.
    pub(super) lackable: u8,
    /// What the declared melds allow of the win patterns (kept only where the rules play
    /// them).
    pub(super) declared: Declared,
}

impl State {
    #[inline(always)]
    pub(super) fn new(e: &Engine, hand: &Hand) -> State {
        let wilds = wilds_of(hand);
        State {
            groups: Groups::from_keys(&e.groups, hand.keys()),
            concealed: *hand.counts(),
            wild: hand.wild(),
            wilds,
            melds: 4 - hand.meld_count(),
            budget: combine::excess_budget(hand.wild_kinds()),
            absent: e.absent,
            lackable: if e.lack { lackable(hand) } else { 0 },
            declared: if e.patterned {
                Declared::of(hand.melds())
            } else {
                Declared::default()
            },
        }
    }

    /// Under 缺一门, this state with suit `s` lacked.
    #[inline(always)]
    pub(super) fn lacking(&self, s: usize) -> State {
        State {
            absent: self.absent | 1 << s,
            lackable: 0,
            ..*self
        }
    }

    /// The states whose answers combine into this one's: under 缺一门 one per suit the hand
    /// may lack (none when its melds hold all three suits), the suit with the fewest tiles
    /// first, else the state itself.
    pub(super) fn variants(&self, e: &Engine) -> impl Iterator<Item = State> + '_ {
        let lack = e.lack;
        let own = (!lack).then_some(*self);
        let mut suits = [0usize, 1, 2];
        if lack {
            suits.sort_by_key(|&s| self.groups.tiles(s));
        }
        own.into_iter().chain(
            suits
                .into_iter()
                .filter(move |&s| lack && self.lackable >> s & 1 == 1)
                .map(|s| self.lacking(s)),
        )
    }

    /// [`lacking_bound`] of this variant.
    pub(super) fn lacking_bound(&self) -> u8 {
        let lacked: u32 = (0..3)
            .filter(|&s| self.absent >> s & 1 == 1)
            .map(|s| self.groups.tiles(s))
            .sum();
        let held: u32 = self.concealed.iter().map(|&c| c as u32).sum();
        lacking_bound(self.melds, lacked, held) as u8
    }

    /// Concealed counts without the wildcards (slow paths only).
    pub(super) fn real(&self) -> Counts {
        counts_without(&self.concealed, self.wild)
    }

    pub(super) fn w(&self) -> u8 {
        self.wilds.total
    }

    pub(super) fn locate(t: Tile) -> (usize, usize) {
        (t.index() / 9, t.index() % 9)
    }

    /// The state after drawing (`delta = 1`) or discarding (`delta = -1`) one `t`.
    pub(super) fn with_tile(&self, e: &Engine, t: Tile, delta: i8) -> State {
        let mut s = *self;
        let c = &mut s.concealed[t.index()];
        *c = c.wrapping_add_signed(delta);
        if !self.wild.contains(t) {
            let (g, slot) = State::locate(t);
            s.groups = self.groups.with_change(&e.groups, g, slot, delta);
        } else if delta > 0 {
            s.wilds.add(t);
        } else {
            s.wilds.remove(t, *c);
        }
        s
    }

    /// The count planes of the real tiles ([`Hand::count_planes`]) where a form of the
    /// rules reads them (the knitted forms), else planes that read as four of every kind
    /// (the weakest bound, never read). Worked out here rather than kept in the state through
    /// draws and discards: the larger state cost other rules' improving kinds in its copies
    /// (`scripts/instructions sichuan hongzhong`) for `guobiao`'s sake.
    #[inline(always)]
    pub(super) fn planes(&self, e: &Engine) -> [u64; 4] {
        State::planes_of(e, || self.real())
    }

    /// [`State::planes`] from the real counts, asked for only where a form reads the planes.
    #[inline(always)]
    pub(super) fn planes_of(e: &Engine, real: impl FnOnce() -> Counts) -> [u64; 4] {
        if e.forms.knits() {
            crate::counts::count_planes(&real())
        } else {
            [u64::MAX; 4]
        }
    }

    /// What the special forms read of this state and its count planes ([`State::planes`]).
    #[inline(always)]
    pub(super) fn view<'a>(&'a self, e: &'a Engine, planes: &'a [u64; 4]) -> View<'a> {
        e.view(
            &self.groups,
            &self.wilds,
            planes,
            self.melds,
            self.budget,
            self.absent,
        )
    }

    /// Missing tiles per form (under 缺一门, the least over the suits the hand may lack).
    #[inline(always)]
    pub(super) fn forms(&self, e: &Engine) -> FormDistances {
        if e.lack {
            return self
                .variants(e)
                .map(|v| v.forms_one(e))
                .reduce(FormDistances::min)
                .unwrap_or(FormDistances::UNREACHABLE);
        }
        self.forms_one(e)
    }

    /// Missing tiles per form of this state (no lacked suit left to choose).
    #[inline(always)]
    pub(super) fn forms_one(&self, e: &Engine) -> FormDistances {
        let standard = self
            .groups
            .distance(&e.groups, self.melds, self.budget, self.absent)
            .saturating_sub(self.w());
        self.forms_with(e, standard)
    }

    /// [`State::forms`] with the standard form's missing count already known. The special
    /// forms need a fully concealed hand.
    #[inline(always)]
    pub(super) fn forms_with(&self, e: &Engine, standard: u8) -> FormDistances {
        let mut f = FormDistances::standard(standard);
        if 4 - self.melds <= e.special_melds {
            e.forms.record(&self.view(e, &self.planes(e)), &mut f);
        }
        f
    }

    /// Improving kinds and the shanten they improve on (one evaluation of the forms).
    /// Inlined into `Engine::improving_at`, once for each instruction set.
    #[inline(always)]
    pub(super) fn improving_and_shanten<const AVX2: bool>(&self, e: &Engine) -> (u64, i8) {
        if !e.lack {
            let (improving, best) = self.improving_real::<AVX2>(e);
            return (self.with_wild_draws(e, improving, best), best as i8 - 1);
        }
        // 缺一门: a real draw lowers the distance by at most one, so it improves the hand iff
        // it improves one of the lacked-suit variants at the best distance; a drawn wildcard
        // (possibly a 5th copy) is checked against the best of all variants.
        let mut best = UNREACHABLE;
        let mut out = 0u64;
        for v in self.variants(e) {
            if v.lacking_bound() > best {
                continue; // cannot reach the best, so adds no improving tile
            }
            let (improving, d) = v.improving_real::<AVX2>(e);
            if d < best {
                (best, out) = (d, 0);
            }
            if d == best {
                out |= improving;
            }
        }
        if best == UNREACHABLE {
            return (0, i8::MAX);
        }
        (self.with_wild_draws(e, out, best), best as i8 - 1)
    }

    /// `improving` with the wild kinds whose draw (one more wildcard) lowers the distance
    /// `best`, kinds held 4 times left out.
    #[inline(always)]
    pub(super) fn with_wild_draws(&self, e: &Engine, improving: u64, best: u8) -> u64 {
        let mut out = improving;
        for t in self.wild.iter() {
            if self.concealed[t.index()] < 4 && self.with_tile(e, t, 1).forms(e).best() < best {
                out |= 1 << t.index();
            }
        }
        out & !byte_mask(&self.concealed, 2) & e.in_play
    }

    /// The real kinds whose draw lowers this state's distance (no lacked suit left to
    /// choose; the suit it lacks never improves it), and that distance.
    #[inline(always)]
    pub(super) fn improving_real<const AVX2: bool>(&self, e: &Engine) -> (u64, u8) {
        let w = self.w();
        let real_kinds = !self.wild.0 & ((1u64 << KINDS) - 1);
        // Excess (a target past 4 copies, filled by wild tiles) helps a group only if it holds
        // four of a kind (the exhaustive table test proves it). So without a real four, `S`
        // is the plain product of the `U_0` lanes, and its improving tiles come from the same
        // products; only a draw that makes a four may then reach the excess lanes, and those
        // few kinds are checked one by one. The `w` held wildcards fill `w` missing tiles.
        let fours = byte_mask(&self.concealed, 2) & real_kinds;
        let plain = self.budget == 0 || fours == 0;
        let (f, plain_improving) = if plain {
            let (s, improving) =
                self.groups
                    .improving_plain::<AVX2>(&e.groups, self.melds, self.absent);
            (self.forms_with(e, s.saturating_sub(w)), improving)
        } else {
            (self.forms_one(e), 0)
        };
        let best = f.best();
        let mut out = 0u64;
        if f.standard == best {
            let s = f.standard + w;
            let lowers = |t: Tile| {
                let (g, slot) = State::locate(t);
                self.groups.with_change(&e.groups, g, slot, 1).distance(
                    &e.groups,
                    self.melds,
                    self.budget,
                    self.absent,
                ) < s
            };
            let candidates = if !plain {
                real_kinds & !fours
            } else if self.budget > 0 {
                // Threes: a draw makes a four.
                let threes = byte_mask(&self.concealed, 0) & byte_mask(&self.concealed, 1);
                threes & real_kinds & !plain_improving
            } else {
                0
            };
            out |= plain_improving;
            for t in TileSet(candidates).iter() {
                if lowers(t) {
                    out |= 1 << t.index();
                }
            }
        }
        // The special forms at the best distance (rarely the nearest) read the real counts.
        // The real counts and the planes from them once, for the first form that asks.
        let mut real_and_planes = None;
        for form in f.special_at(best) {
            let (real, planes) = real_and_planes.get_or_insert_with(|| {
                let real = self.real();
                (real, State::planes_of(e, || real))
            });
            out |= form.improving(&self.view(e, planes), real, self.wild);
        }
        // The suits this state lacks (and kinds out of play) never improve it.
        (out & real_kinds & present_kinds(self.absent), best)
    }
}

/// A lower bound on the distance when `lacked` real tiles (of lacked suits) sit among the
/// `held` concealed tiles: none of them is in the complete hand, which must still hold
/// `3 × melds + 2` concealed tiles (so `1 + lacked` for a 13-tile hand, `lacked` for 14).
#[inline(always)]
pub(super) fn lacking_bound(melds: usize, lacked: u32, held: u32) -> u32 {
    (3 * melds as u32 + 2 + lacked).saturating_sub(held)
}

/// Kinds (34-bit mask) whose count has bit `bit` set: a count of 0..=4 has bit 2 set iff it
/// is 4.
#[inline(always)]
pub(super) fn byte_mask(counts: &Counts, bit: u32) -> u64 {
    kinds_where(counts, |w| w >> bit)
}

impl<'t> Engine<'t> {
    pub(super) fn state(&self, hand: &Hand) -> State {
        State::new(self, hand)
    }
}

#[cfg(test)]
mod tests {
    use super::super::core::below;
    use super::*;
    use crate::rules::Rules;

    /// A state's count planes (worked out from its counts, the wild kinds left out) are the
    /// hand's, also after a draw or a discard.
    #[test]
    fn state_planes_are_the_hands() {
        let engine = Engine::new(Rules::guobiao());
        let mut next = below(3);
        for n in 0..20_000 {
            let mut counts = [0u8; 34];
            let mut held = 0;
            while held < 13 {
                let k = next(34) as usize;
                if counts[k] < 4 {
                    counts[k] += 1;
                    held += 1;
                }
            }
            let mut wild = TileSet::EMPTY;
            if n % 3 == 0 {
                wild.insert(Tile::from_index(next(34) as usize));
            }
            let hand = Hand::new(counts, &[], wild).unwrap();
            let state = State::new(&engine, &hand);
            assert_eq!(state.planes(&engine), *hand.count_planes(), "{hand}");
            for t in Tile::all() {
                if let Some(drawn) = hand.with_tile(t) {
                    let s = state.with_tile(&engine, t, 1);
                    assert_eq!(s.planes(&engine), *drawn.count_planes(), "{hand} + {t}");
                    let back = s.with_tile(&engine, t, -1);
                    assert_eq!(
                        back.planes(&engine),
                        *hand.count_planes(),
                        "{hand} + {t} - {t}"
                    );
                }
            }
        }
    }
}
