//! How far a hand is from winning: shanten over every form the rules play, and the distance
//! per form. Each shanten variant is a function of its own, picked once per engine.

use super::core::{by_isa, lackable, wilds_in, wilds_of, Engine, ShantenVariant, UNREACHABLE};
use crate::combine::{self, Groups};
use crate::counts::Lean;
use crate::forms::{Form, FormDistances, FormSet, View, Wilds};
use crate::hand::Hand;
use crate::hand_error::HandError;
use crate::tile::{Counts, TileSet};

impl<'t> Engine<'t> {
    /// Missing tiles per form (0 on a 3k+2 hand means that form wins).
    ///
    /// ```
    /// use hupai::{Engine, Form, Rules};
    /// let f = Engine::new(Rules::chinese()).forms(&"1122m3344p5566s77z".parse().unwrap());
    /// assert_eq!(f.get(Form::SevenPairs), Some(0));
    /// ```
    pub fn forms(&self, hand: &Hand) -> FormDistances {
        self.state(hand).answer_forms(self)
    }

    /// Shanten: `-1` for a win, `0` for tenpai (3k+1 hands), over every allowed form.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::new(Rules::riichi());
    /// assert_eq!(engine.shanten(&"123m456p789s1122z".parse().unwrap()), 0);
    /// ```
    #[inline]
    pub fn shanten(&self, hand: &Hand) -> i8 {
        // Every group in play and only cheap special forms (riichi, chinese, …) inline; the
        // rest (a group out of play, 缺一门, costly forms) behind one call. Inlining every
        // variant tripled the code a caller's loop takes in, and the loop then called a
        // closure a hand, slower (`cargo bench --bench engine`, `shanten`).
        if let Some(variant) = self.shanten_variant {
            return variant(self, hand);
        }
        self.shanten_of::<false, false, { FormSet::ASK }>(hand)
    }

    /// Shanten of a concealed hand given as 34 counts (wild kinds `wild` besides the rules'
    /// own), as [`Engine::shanten`] of [`Hand::under`] — the entry of callers that keep
    /// counts (the C ABI, bindings). Where the rules' shanten reads no count plane (no
    /// knitted form) and takes the inlined variant (riichi, chinese), no hand is built: the
    /// group keys and wildcards come from the counts' vectors, and the lookups answer; where
    /// it takes an out-of-line variant (sichuan, hongzhong …), the hand is built with its keys
    /// alone.
    ///
    /// ```
    /// use hupai::{Engine, Rules, TileSet};
    /// let counts = hupai::parse_tiles("123m456p789s1122z").unwrap();
    /// let engine = Engine::new(Rules::riichi());
    /// assert_eq!(engine.shanten_counts(&counts, TileSet::EMPTY), Ok(0));
    /// // The same errors as building the hand:
    /// assert!(engine.shanten_counts(&[5; 34], TileSet::EMPTY).is_err());
    /// ```
    #[inline]
    pub fn shanten_counts(&self, counts: &Counts, wild: TileSet) -> Result<i8, HandError> {
        self.shanten_counts_in::<false>(counts, wild)
    }

    /// [`Engine::shanten_counts`] of every hand of `hands`, each answer given to `put` with
    /// its index; one loop compiled for each instruction set, chosen once a call
    /// ([`Engine::is_win_counts_each`]).
    ///
    /// ```
    /// use hupai::{Engine, Rules, TileSet};
    /// let hands = [hupai::parse_tiles("34m123456789s33z").unwrap()];
    /// let mut out = [Ok(9); 1];
    /// Engine::new(Rules::riichi()).shanten_counts_each(&hands, TileSet::EMPTY, |i, r| out[i] = r);
    /// assert_eq!(out[0], Ok(0));
    /// ```
    pub fn shanten_counts_each(
        &self,
        hands: &[Counts],
        wild: TileSet,
        put: impl FnMut(usize, Result<i8, HandError>),
    ) {
        by_isa!(self, shanten_counts_loop(hands, wild, put) -> (), hands: &[Counts], wild: TileSet, put: impl FnMut(usize, Result<i8, HandError>))
    }

    /// `V3`: compiled for x86-64-v3 (`by_isa!`).
    #[inline(always)]
    fn shanten_counts_loop<const V3: bool>(
        &self,
        hands: &[Counts],
        wild: TileSet,
        mut put: impl FnMut(usize, Result<i8, HandError>),
    ) {
        for (i, c) in hands.iter().enumerate() {
            put(i, self.shanten_counts_in::<V3>(c, wild));
        }
    }

    /// [`Engine::shanten_counts`]'s body, on whichever instruction set calls it (`V3`: code
    /// compiled for x86-64-v3, which may call its kernels).
    #[inline(always)]
    fn shanten_counts_in<const V3: bool>(
        &self,
        counts: &Counts,
        wild: TileSet,
    ) -> Result<i8, HandError> {
        let wild = TileSet(wild.0 | self.rules.wild.0);
        // Where no form knits, no count plane is read (nor a group size: those are the win
        // screens'). An out-of-line variant (a group out of play, 缺一门) takes a hand built
        // with its keys alone; the inlined one takes no hand.
        if !self.forms.knits() && !self.patterned && self.shanten_variant.is_some() {
            let hand = Hand::build_under::<{ Hand::KEYS }>(*counts, &[], wild, &self.rules)?;
            return Ok(self.shanten(&hand));
        }
        if self.shanten_variant.is_none() && !self.forms.knits() {
            // No hand: the keys and wildcards from the counts' vectors ([`Lean`]).
            if let Some(lean) = Lean::of::<{ Lean::KEYS }, V3>(counts, wild) {
                if (13..=14).contains(&lean.total) && !self.holds_out_of_play(counts, wild) {
                    let parts = Parts {
                        keys: &lean.keys,
                        declared: 0,
                        wildcards: lean.wildcards,
                        wild_kinds: lean.wild_kinds,
                    };
                    let wilds = || wilds_in(counts, wild, lean.wildcards);
                    // No plane is read: these rules' forms do not knit.
                    let planes = &[u64::MAX; 4];
                    return Ok(self.shanten_parts::<false, false, { FormSet::ASK }, V3>(
                        &parts, wilds, planes,
                    ));
                }
            }
        }
        Ok(self.shanten(&Hand::under(*counts, &[], wild, &self.rules)?))
    }

    /// The out-of-line shanten variant for these rules, or `None` for the inlined one. Each
    /// variant is a function of its own, picked once: fewer instructions than a dispatcher
    /// that tested the rules on every call, or one matching on a path picked once (its
    /// variants are then no longer tail calls). With `absent` a constant 0 where every group
    /// is in play, its checks fold away (`scripts/instructions riichi`).
    ///
    /// A known set's variant tells the forms the rules play no switch that 组合龙's plain path
    /// does not read (`Form::missing_plain`); rules that do take the general walk.
    pub(super) fn pick_shanten<'a>(
        forms: &FormSet,
        absent: u8,
        lack: bool,
        knit_switches: bool,
    ) -> Option<ShantenVariant<'a>> {
        Some(if lack {
            Engine::shanten_lacking
        } else if !forms.is_costly() {
            if absent == 0 {
                return None;
            }
            Engine::shanten_variant::<true, false, { FormSet::ASK }>
        } else if absent != 0 {
            Engine::shanten_variant::<true, true, { FormSet::ASK }>
        } else {
            // The presets' costly sets walked as known sets (the forms they do not play
            // leave no code and no test), any other set with its flags read.
            match forms.deciding_bits() {
                _ if knit_switches => Engine::shanten_variant::<false, true, { FormSet::ASK }>,
                FormSet::GUOBIAO => Engine::shanten_variant::<false, true, { FormSet::GUOBIAO }>,
                FormSet::NANCHANG => Engine::shanten_variant::<false, true, { FormSet::NANCHANG }>,
                _ => Engine::shanten_variant::<false, true, { FormSet::ASK }>,
            }
        })
    }

    /// [`Engine::shanten_of`] as a function of its own, one per variant
    /// [`Engine::pick_shanten`] picks.
    #[inline(never)]
    pub(super) fn shanten_variant<const ABSENT: bool, const COSTLY: bool, const SET: u8>(
        &self,
        hand: &Hand,
    ) -> i8 {
        self.shanten_of::<ABSENT, COSTLY, SET>(hand)
    }

    /// [`Engine::shanten`] without 缺一门; `ABSENT`: whether some group is out of play;
    /// `COSTLY`: whether a costly special form may be played.
    #[inline(always)]
    pub(super) fn shanten_of<const ABSENT: bool, const COSTLY: bool, const SET: u8>(
        &self,
        hand: &Hand,
    ) -> i8 {
        let parts = Parts {
            keys: hand.key_array(),
            declared: hand.meld_count(),
            wildcards: hand.wildcards(),
            wild_kinds: hand.wild_kinds(),
        };
        self.shanten_parts::<ABSENT, COSTLY, SET, false>(
            &parts,
            || wilds_of(hand),
            hand.count_planes(),
        )
    }

    /// [`Engine::shanten_of`] of what it reads of a hand: the parts, its wildcards (worked out
    /// only where a form reads them) and its count planes (read only by knitted forms).
    #[inline(always)]
    fn shanten_parts<const ABSENT: bool, const COSTLY: bool, const SET: u8, const AVX2: bool>(
        &self,
        hand: &Parts<'_>,
        wilds: impl FnOnce() -> Wilds,
        planes: &[u64; 4],
    ) -> i8 {
        let absent = if ABSENT { self.absent } else { 0 };
        let groups = Groups::from_keys(&self.groups, *hand.keys);
        let melds = 4 - hand.declared;
        let w = hand.wildcards;
        let budget = combine::excess_budget(hand.wild_kinds);
        let d = groups.distance_on::<AVX2>(&self.groups, melds, budget, absent);
        let mut best = d.saturating_sub(w);
        // A known set plays some form, and what its forms take and read is known: the tests
        // of the flags fold away (`scripts/instructions guobiao`). The knitted count is set
        // after the view is built, overriding what `view` worked out from the flag (the
        // compiler drops that): set in the view's literal instead, less folds away.
        let (special_melds, played) = match FormSet::max_declared_in(SET) {
            Some(most) => (most, true),
            None => (self.special_melds, !self.forms.is_empty()),
        };
        if 4 - melds <= special_melds && played {
            // The forms of `State::forms`, as a running minimum: building the
            // `FormDistances` here costs shanten time (`cargo bench --bench engine`).
            let wilds = wilds();
            let mut v = View {
                bound: best,
                ..self.view(&groups, &wilds, planes, melds, budget, absent)
            };
            if SET != FormSet::ASK {
                v.knitted = if self.forms.knits_in::<SET>() {
                    View::knitted_of(&groups)
                } else {
                    View::NOT_ASKED
                };
            }
            best = best.min(self.forms.fewest_missing::<COSTLY, SET>(&v));
        }
        best as i8 - 1
    }

    /// Shanten under 缺一门: the best over the suits the hand may lack; [`i8::MAX`] when no
    /// complete hand is reachable.
    ///
    /// The standard distance of all three suits to lack comes in straight-line code
    /// ([`combine::distances_lacking`]). The special forms (seven pairs at most: the others
    /// need all three suits, so none is costly) are first asked of the whole hand: lacking a
    /// suit only takes tiles away, so that is a bound on each suit to lack, and most hands
    /// stop there. The rest get all three suits in straight-line code.
    ///
    /// Straight-line code, with no branch per suit: an out-of-line call that walked the suits
    /// whose tiles left room below the best mispredicted its branches on random hands, for
    /// about the same instructions (`cargo bench --bench presets`, `sichuan` against riichi
    /// on the same hands; docs/PERFORMANCE.md, "The rule sets").
    #[inline(never)]
    pub(super) fn shanten_lacking(&self, hand: &Hand) -> i8 {
        let groups = Groups::from_keys(&self.groups, hand.keys());
        let budget = combine::excess_budget(hand.wild_kinds());
        let melds = 4 - hand.meld_count();
        let w = hand.wildcards();
        let lackable = lackable(hand);
        let d = match groups.lanes_for(&self.groups, budget) {
            Some(l) => combine::distances_lacking(&l, self.absent, melds),
            None => self.lacking_constrained(&groups, melds, budget),
        };
        let kept = |s: usize, m: u8| {
            if lackable >> s & 1 == 1 {
                m
            } else {
                UNREACHABLE
            }
        };
        let mut best = (0..3)
            .map(|s| kept(s, d[s].saturating_sub(w)))
            .fold(UNREACHABLE, u8::min);
        if 4 - melds <= self.special_melds && !self.forms.is_empty() {
            let wilds = wilds_of(hand);
            let planes = hand.count_planes();
            let forms = |absent| self.forms_lacking(&groups, &wilds, planes, melds, budget, absent);
            if forms(self.absent) < best {
                let m = [
                    forms(self.absent | 1),
                    forms(self.absent | 2),
                    forms(self.absent | 4),
                ];
                best = (0..3).map(|s| kept(s, m[s])).fold(best, u8::min);
            }
        }
        if best == UNREACHABLE {
            i8::MAX
        } else {
            best as i8 - 1
        }
    }

    /// The special forms' fewest missing tiles under 缺一门, with the groups of `absent` left
    /// out: only cheap forms are reachable there ([`Form::LACKING_TAKES_CHEAP_FORMS`]). A
    /// helper rather than a closure: a closure here was not inlined.
    #[inline(always)]
    pub(super) fn forms_lacking(
        &self,
        groups: &Groups,
        wilds: &Wilds,
        planes: &[u64; 4],
        melds: usize,
        budget: u8,
        absent: u8,
    ) -> u8 {
        let () = Form::LACKING_TAKES_CHEAP_FORMS;
        let v = self.view(groups, wilds, planes, melds, budget, absent);
        self.forms.fewest_missing::<false, { FormSet::ASK }>(&v)
    }

    /// The standard distance of each suit to lack when the excess budget binds (rare).
    #[cold]
    #[inline(never)]
    pub(super) fn lacking_constrained(&self, groups: &Groups, melds: usize, budget: u8) -> [u8; 3] {
        let d = |s: usize| groups.distance(&self.groups, melds, budget, self.absent | 1 << s);
        [d(0), d(1), d(2)]
    }
}

#[cfg(test)]
mod tests {
    use super::super::core::below;
    use super::*;
    use crate::meld::Meld;
    use crate::rules::Rules;
    use crate::tile::{Tile, TileSet};

    /// The presets whose sets of deciding forms [`Engine::pick_shanten`] walks as known sets.
    const KNOWN: [(&str, u8); 2] = [
        ("guobiao", FormSet::GUOBIAO),
        ("nanchang", FormSet::NANCHANG),
    ];

    /// The known sets are the presets' deciding forms, and what a known set says of its
    /// declared melds and knitted forms is what the flags say.
    #[test]
    fn the_known_form_sets_are_the_presets() {
        for (name, bits) in KNOWN {
            let (_, rules) = Rules::presets()
                .into_iter()
                .find(|(n, _)| *n == name)
                .unwrap();
            let forms = FormSet::of(&rules);
            assert_eq!(forms.deciding_bits(), bits, "{name}");
            assert_eq!(
                FormSet::max_declared_in(bits),
                Some(forms.max_declared()),
                "{name}"
            );
        }
        let guobiao = FormSet::of(&Rules::guobiao());
        let nanchang = FormSet::of(&Rules::nanchang());
        assert!(guobiao.knits() && guobiao.knits_in::<{ FormSet::GUOBIAO }>());
        assert!(!nanchang.knits() && !nanchang.knits_in::<{ FormSet::NANCHANG }>());
        assert_eq!(FormSet::max_declared_in(FormSet::ASK), None);
    }

    /// Shanten walked as a known set equals the walk that reads the set's flags, on random
    /// hands, hands near the knitted forms, with wild kinds and with a declared meld.
    #[test]
    fn known_set_shanten_equals_the_flags_walk() {
        let mut next = below(5);
        for (name, _) in KNOWN {
            let (_, rules) = Rules::presets()
                .into_iter()
                .find(|(n, _)| *n == name)
                .unwrap();
            let engine = Engine::new(rules);
            let chow = Meld::parse("345s", &rules).unwrap();
            let mut differ = 0;
            for n in 0..60_000 {
                let melds: &[Meld] = if n % 5 == 0 { &[chow] } else { &[] };
                let tiles = 13 - 3 * melds.len() + (n % 2);
                let mut counts = [0u8; 34];
                let mut held = 0;
                while held < tiles {
                    // Every other hand mostly from one knitted arrangement (147m258p369s); no
                    // 4th copy of a kind of the declared 345s.
                    let k = if n % 2 == 0 && next(4) != 0 {
                        let s = next(3) as usize;
                        9 * s + s + 3 * next(3) as usize
                    } else {
                        next(34) as usize
                    };
                    if counts[k] < 4 - (!melds.is_empty() && (20..=22).contains(&k)) as u8 {
                        counts[k] += 1;
                        held += 1;
                    }
                }
                let mut wild = TileSet::EMPTY;
                if n % 3 == 0 {
                    wild.insert(Tile::from_index(next(34) as usize));
                }
                let Ok(hand) = Hand::under(counts, melds, wild, &rules) else {
                    continue;
                };
                let known = engine.shanten(&hand);
                let asked = engine.shanten_variant::<false, true, { FormSet::ASK }>(&hand);
                assert_eq!(known, asked, "{name} {hand}");
                differ += (known != engine.shanten_variant::<false, false, { FormSet::ASK }>(&hand))
                    as u32;
            }
            // The costly forms decide some of these hands (else the walk went untested).
            assert!(differ > 100, "{name}: {differ}");
        }
    }
}

/// What shanten reads of a hand besides its wildcards and planes: the group keys of its real
/// tiles, its declared melds, wildcards and wild kinds (a built hand's, or the counts' lean
/// view's).
#[derive(Clone, Copy)]
struct Parts<'a> {
    // A reference: a copy in the struct took the built hand's keys apart into four registers
    // and four stores (`scripts/instructions riichi`, shanten).
    keys: &'a [u32; 4],
    declared: usize,
    wildcards: u8,
    wild_kinds: u8,
}
