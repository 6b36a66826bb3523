//! Is a hand a win, and with how many wildcards; its decompositions.

use super::core::{by_isa, lackable, present_kinds, wilds_of, Engine};
use crate::combine::{self, Groups};
use crate::counts::{index_masks, real_keys, real_planes, Lean};
use crate::decompose::{self, Decomposition};
use crate::decomposition_set::SetKind;
use crate::forms::Form;
use crate::hand::Hand;
use crate::hand_error::HandError;
use crate::kinds::KindMasks;
use crate::pattern_missing::{self, HONOR_KINDS, KINDS_258};
use crate::residues::sizes_fit;
use crate::rules::{Pattern, Rules};
use crate::tile::{Counts, TileSet};

impl<'t> Engine<'t> {
    /// Whether a 3k+2 hand is a win (always false for 3k+1 hands).
    ///
    /// ```
    /// use hupai::{Engine, Hand, Rules};
    /// let engine = Engine::new(Rules::chinese());
    /// assert!(engine.is_win(&"11123456789999m".parse().unwrap()));
    /// // 9s is wild: it stands for a 5th 1m.
    /// let hand = Hand::builder("1111m456789p1239s").wild("9s").build().unwrap();
    /// assert!(engine.is_win(&hand));
    /// ```
    // Always inlined: the screen is a few instructions, and a call costs as much again (seen
    // when `is_win_counts` made LLVM keep it out of line: `scripts/instructions`).
    #[inline(always)]
    pub fn is_win(&self, hand: &Hand) -> bool {
        if !hand.is_complete_count() {
            return false;
        }
        let w = hand.wildcards();
        self.screen_passes(hand, w) && self.screened_is_win(hand, w)
    }

    /// The win screens (necessary conditions) of a complete-count hand with `w` wildcards: the
    /// count planes and group sizes, no table load.
    #[inline(always)]
    fn screen_passes(&self, hand: &Hand, w: u8) -> bool {
        // The masks are of the real tiles: the wildcards are not in them.
        if self.screen.mixed() {
            self.screen
                .may_win_mixed(&hand.kind_masks(), hand.group_sizes(), w)
        } else if w == 0 {
            self.screen
                .may_win(&hand.kind_masks(), hand.group_sizes(), hand.meld_count())
        } else {
            self.screen
                .may_win_wild(&hand.kind_masks(), hand.group_sizes(), hand.meld_count(), w)
        }
    }

    /// Whether a concealed hand given as 34 counts (wild kinds `wild` besides the rules'
    /// own) wins: [`Engine::is_win`] of [`Hand::under`], the entry of callers that keep
    /// counts. No hand is built: the checks, the group sizes (a screen of the standard form)
    /// and past them the group keys come from the counts' vectors, then the four group loads
    /// answer; the special forms' screens read masks of the counts, and only a hand they let
    /// through is built for the forms (rules with win patterns or 缺一门 take the built path
    /// throughout).
    ///
    /// ```
    /// use hupai::{Engine, Rules, TileSet};
    /// let counts = hupai::parse_tiles("1111m456789p1239s").unwrap();
    /// let engine = Engine::new(Rules::chinese());
    /// assert_eq!(engine.is_win_counts(&counts, "9s".parse().unwrap()), Ok(true));
    /// assert_eq!(engine.is_win_counts(&counts, TileSet::EMPTY), Ok(false));
    /// ```
    #[inline]
    pub fn is_win_counts(&self, counts: &Counts, wild: TileSet) -> Result<bool, HandError> {
        self.is_win_counts_in::<false>(counts, wild)
    }

    /// [`Engine::is_win_counts`] of every hand of `hands` (the same wild kinds for all), each
    /// answer given to `put` with its index: one loop, compiled for each instruction set and
    /// chosen once a call by the engine's ([`Engine::isa`]) — the batch entry of the C ABI.
    ///
    /// ```
    /// use hupai::{Engine, Rules, TileSet};
    /// let hands = [hupai::parse_tiles("234m123456789s33z").unwrap(), [5; 34]];
    /// let mut out = [Ok(false), Ok(false)];
    /// Engine::new(Rules::riichi()).is_win_counts_each(&hands, TileSet::EMPTY, |i, r| out[i] = r);
    /// assert_eq!(out[0], Ok(true));
    /// assert!(out[1].is_err());
    /// ```
    pub fn is_win_counts_each(
        &self,
        hands: &[Counts],
        wild: TileSet,
        put: impl FnMut(usize, Result<bool, HandError>),
    ) {
        by_isa!(self, is_win_counts_loop(hands, wild, put) -> (), hands: &[Counts], wild: TileSet, put: impl FnMut(usize, Result<bool, HandError>))
    }

    /// `V3`: compiled for x86-64-v3 (`by_isa!`).
    #[inline(always)]
    fn is_win_counts_loop<const V3: bool>(
        &self,
        hands: &[Counts],
        wild: TileSet,
        mut put: impl FnMut(usize, Result<bool, HandError>),
    ) {
        for (i, c) in hands.iter().enumerate() {
            put(i, self.is_win_counts_in::<V3>(c, wild));
        }
    }

    /// [`Engine::is_win_counts`]'s body, on whichever instruction set calls it (`V3`: code
    /// compiled for x86-64-v3, which may call its kernels).
    #[inline(always)]
    fn is_win_counts_in<const V3: bool>(
        &self,
        counts: &Counts,
        wild: TileSet,
    ) -> Result<bool, HandError> {
        let wild = TileSet(wild.0 | self.rules.wild.0);
        if self.table_first {
            if let Some(lean) = Lean::of::<{ Lean::SIZES }, V3>(counts, wild) {
                // One flag for the two rare cases (kinds out of play, 缺一门), read once.
                let restricted = self.restricted_counts_win;
                let out = restricted && self.holds_out_of_play(counts, wild);
                if !out && lean.total == 14 {
                    let w = lean.wildcards;
                    if restricted && self.lack {
                        return Ok(self.counts_lacking_win(counts, wild, lean.sizes, w));
                    }
                    // The group sizes screen the standard form (most random hands fail it);
                    // the keys are worked out only for a hand they let through.
                    if sizes_fit(lean.sizes, w) {
                        let keys = real_keys::<V3>(counts, wild);
                        let win = self.groups.win_bytes(keys, self.absent);
                        if combine::completes_with(win, w) {
                            return Ok(true);
                        }
                    }
                    return Ok(!self.forms.is_empty() && self.counts_forms_win(counts, wild, w));
                }
                if !out && lean.total == 13 {
                    return Ok(false);
                }
            }
        }
        let hand = Hand::build_under::<{ Hand::SCREENS }>(*counts, &[], wild, &self.rules)?;
        if !hand.is_complete_count() {
            return Ok(false);
        }
        let w = hand.wildcards();
        Ok(self.screen_passes(&hand, w) && self.screened_is_win(&hand.with_keys(), w))
    }

    /// [`Engine::is_win_counts`] under 缺一门: a win lacks a suit, so real tiles of all three
    /// suits end it at the sizes (most random hands); else the standard form of each suit the
    /// hand may lack (a concealed hand may lack any), then the special forms. Out of line:
    /// the rules' flag is a constant of the engine, and the common path saves its registers.
    #[inline(never)]
    fn counts_lacking_win(&self, counts: &Counts, wild: TileSet, s: [u8; 4], w: u8) -> bool {
        if s[0].min(s[1]).min(s[2]) != 0 {
            return false;
        }
        let keys = real_keys::<false>(counts, wild);
        let win = self.groups.win_bytes(keys, self.absent);
        if self.lacking_needed(keys, 0b111, win) <= w as u32 {
            return true;
        }
        !self.forms.is_empty() && self.counts_forms_win(counts, wild, w)
    }

    /// [`Engine::is_win_counts`] past a standard form that does not complete: the special
    /// forms' screens on the index masks of the counts' real tiles (their whole answer where
    /// seven pairs is exact), and a hand built from the checked counts only for the forms
    /// past them, out of line. Inlined: most random hands end at these screens, and a call
    /// loaded the counts again.
    #[inline(always)]
    fn counts_forms_win(&self, counts: &Counts, wild: TileSet, w: u8) -> bool {
        if self.screen.arrangements() {
            return self.counts_knitted_forms_win(counts, wild, w);
        }
        if !self
            .screen
            .forms_may_win_indexed(&index_masks(counts, wild), w)
        {
            return false;
        }
        self.screen.seven_pairs_exact() || self.counts_built_forms_win(counts, wild, w)
    }

    /// [`Engine::counts_forms_win`] where a knitted form is played: their screens read the
    /// spaced layout, so the count planes are worked out (no more), and the hand is built
    /// only past the screens (guobiao's random hands ended at them when they were built with
    /// a whole hand each: `scripts/instructions guobiao`, the win from counts).
    #[inline(never)]
    fn counts_knitted_forms_win(&self, counts: &Counts, wild: TileSet, w: u8) -> bool {
        let m = KindMasks::from_planes(real_planes(counts, wild));
        let passes = if w == 0 {
            self.screen.forms_may_win(&m, 0)
        } else {
            self.screen.forms_may_win_wild(&m, 0, w)
        };
        passes && self.counts_built_forms_win(counts, wild, w)
    }

    /// [`Engine::counts_forms_win`] past the screens: the forms on a hand built from the
    /// checked counts (14 tiles, `w` of them wildcards). The counts entries pass the sizes
    /// and wildcards they read, not their whole lean view: passed by value, the view was
    /// stored to memory for every hand, the many that never come here too (5 instructions
    /// a hand: `scripts/instructions --cases`).
    #[inline(never)]
    fn counts_built_forms_win(&self, counts: &Counts, wild: TileSet, w: u8) -> bool {
        let hand = Hand::unchecked::<{ Hand::ALL }>(*counts, &[], wild, 14);
        self.special_forms_win(&hand.kind_masks(), 0, w, || hand)
    }

    /// [`Engine::is_win`] for a hand its screen let through. Out of line, so the screen that turns most hands away
    /// saves no registers.
    #[inline(never)]
    pub(super) fn screened_is_win(&self, hand: &Hand, w: u8) -> bool {
        // Rules that play win patterns: their screen lets every hand through to here
        // (`WinScreen::new`), so the counts entry tests no flag of its own.
        if self.patterned {
            return self.screened_is_win_patterned(hand, w);
        }
        // The standard form from the compact win bytes; the rest needs the auxiliary words.
        let keys = hand.keys();
        // Real tiles of all three suits: none can be lacked. (One test, not three: the
        // three ran for every hand past the screen, 缺一门 or not.)
        if self.lack && keys[0].min(keys[1]).min(keys[2]) != 0 {
            return false;
        }
        let win = self.groups.win_bytes(keys, self.absent);
        let completes = if self.lack {
            self.lacking_wildcards_needed(hand, win) <= w as u32
        } else {
            combine::completes_with(win, w)
        };
        completes || self.special_forms_win(&hand.kind_masks(), hand.meld_count(), w, || *hand)
    }

    /// Whether a special form completes a complete-count hand with `w` wildcards whose
    /// standard form does not (rules without win patterns): behind the forms' screens, which
    /// read the masks of its real tiles; `hand` gives the hand itself to the forms past them.
    #[inline(always)]
    fn special_forms_win(
        &self,
        masks: &KindMasks,
        declared: usize,
        w: u8,
        hand: impl FnOnce() -> Hand,
    ) -> bool {
        if self.screen.seven_pairs_exact() {
            // No walk over the forms, no branch on `w`: with the lean lookups above, a
            // `hongzhong` hand past the screen costs a third less here
            // (`scripts/instructions hongzhong`).
            return self.screen.seven_pairs_complete(masks, declared, w);
        }
        if declared > self.special_melds || self.forms.is_empty() {
            return false;
        }
        // The screen may have let the hand through for the standard form alone.
        let forms_may_win = if w == 0 {
            self.screen.forms_may_win(masks, declared)
        } else {
            self.screen.forms_may_win_wild(masks, declared, w)
        };
        forms_may_win && self.forms_win(&hand())
    }

    /// [`Engine::screened_is_win`] under rules that play win patterns: the plain win from the
    /// win bytes (where played), a special form behind its screen, then a pattern behind its
    /// own necessary condition (`pattern_missing::may_win`), each asked its own question, never a
    /// distance.
    #[cold]
    #[inline(never)]
    fn screened_is_win_patterned(&self, hand: &Hand, w: u8) -> bool {
        if self.rules.plain_win {
            let win = self.groups.win_bytes(hand.keys(), self.absent);
            let plain = if self.lack {
                self.lacking_wildcards_needed(hand, win) <= w as u32
            } else {
                combine::completes_with(win, w)
            };
            if plain {
                return true;
            }
        }
        let declared = hand.meld_count();
        let masks = hand.kind_masks();
        if declared <= self.special_melds && !self.forms.is_empty() {
            let may = if w == 0 {
                self.screen.forms_may_win(&masks, declared)
            } else {
                self.screen.forms_may_win_wild(&masks, declared, w)
            };
            if may && self.forms_win(hand) {
                return true;
            }
        }
        let (sizes, counts, wild) = (hand.group_sizes(), hand.counts(), hand.wild());
        let may = |p| pattern_missing::may_win(p, &masks, sizes, w, counts, wild);
        if !self.rules.patterns.iter().any(may) {
            return false;
        }
        let s = self.state(hand);
        s.variants(self).any(|v| v.pattern_wins(self))
    }

    /// Whether a special form of the rules completes a hand whose standard form does not.
    /// Out of line, apart from the standard
    /// form's check: the views it builds kept [`Engine::screened_is_win`]'s win bytes on the
    /// stack, a cost every `hongzhong` win check paid (`scripts/instructions hongzhong`).
    #[inline(never)]
    pub(super) fn forms_win(&self, hand: &Hand) -> bool {
        let declared = hand.meld_count();
        if self.lack {
            // The special forms, in each variant (the standard form was answered above).
            let s = self.state(hand);
            return s
                .variants(self)
                .any(|v| self.forms.any_wins(&v.view(self, &v.planes(self))));
        }
        let groups = Groups::from_keys(&self.groups, hand.keys());
        let wilds = wilds_of(hand);
        let budget = combine::excess_budget(hand.wild_kinds());
        let planes = hand.count_planes();
        let v = self.view(&groups, &wilds, planes, 4 - declared, budget, self.absent);
        self.forms.any_wins(&v)
    }

    /// The choices of groups that hold nothing for this hand, each with the kinds a complete
    /// hand may then hold: one without 缺一门; under it one per suit the hand may lack and
    /// does not hold (the only ones a win can lack).
    pub(crate) fn kind_sets(&self, hand: &Hand) -> Vec<(u8, u64)> {
        if !self.lack {
            return vec![(self.absent, self.in_play)];
        }
        let lackable = lackable(hand);
        (0..3)
            .filter(|&s| lackable >> s & 1 == 1 && hand.keys()[s] == 0)
            .map(|s| (self.absent | 1 << s, self.in_play & present_kinds(1 << s)))
            .collect()
    }

    /// [`combine::wildcards_needed`] under 缺一门: the least over the suits the hand may lack
    /// (`win` already has the groups out of play emptied).
    #[inline(never)]
    pub(super) fn lacking_wildcards_needed(&self, hand: &Hand, win: [u8; 4]) -> u32 {
        self.lacking_needed(hand.keys(), lackable(hand), win)
    }

    /// [`Engine::lacking_wildcards_needed`] of a hand's group keys and the suits it may lack.
    /// Only a suit with no real tile can be lacked (the others read as unreachable): asked of
    /// those alone, a winning hand takes one suit's sum instead of three
    /// (`scripts/instructions --cases sichuan`, winning rows).
    #[inline(always)]
    fn lacking_needed(&self, keys: [u32; 4], lackable: u8, win: [u8; 4]) -> u32 {
        let needed =
            |absent: u8| combine::wildcards_needed(combine::without_absent(win, keys, absent));
        (0..3)
            .filter(|&s| lackable >> s & 1 == 1 && keys[s] == 0)
            .map(|s| needed(self.absent | 1 << s))
            .min()
            .unwrap_or(64)
    }

    /// Fewest wildcards a 3k+2 hand's standard form needs on top of its real tiles (spare
    /// wildcards come in threes); `None` if no number of wildcards completes it, and for a
    /// 3k+1 hand (it needs a draw, not a wildcard). Under rules with win patterns, the least
    /// of the plain win (where played) and the patterns of melds and a pair (all pungs, one
    /// suit, one suit and honors).
    pub fn wildcards_needed(&self, hand: &Hand) -> Option<u32> {
        if !hand.is_complete_count() {
            return None;
        }
        let s = self.state(hand);
        if self.patterned {
            let n = s.wildcards_needed_patterned(self);
            return (n < 64).then_some(n);
        }
        let n = s
            .variants(self)
            .map(|v| v.groups.wildcards_needed(v.absent))
            .min()
            .unwrap_or(64);
        (n < 64).then_some(n)
    }
}

/// Up to `limit` distinct decompositions of a winning hand (empty if it does not win): its
/// melds and pair, or its special form, and what each wildcard stands for.
///
/// ```
/// use hupai::{decompositions, Engine, Form, Hand, Rules};
/// let engine = Engine::new(Rules::chinese());
/// let hand = Hand::builder("1111m456789p1239s").wild("9s").build().unwrap();
/// let d = decompositions(&engine, &hand, 10);
/// assert_eq!(d[0].form, Form::Standard);
/// // The 9s wildcard is a 5th 1m:
/// let (nine_s, one_m) = ("9s".parse().unwrap(), "1m".parse().unwrap());
/// assert!(d.iter().any(|x| x.wild_roles().contains(&(nine_s, one_m))));
/// ```
pub fn decompositions(engine: &Engine<'_>, hand: &Hand, limit: usize) -> Vec<Decomposition> {
    if !engine.is_win(hand) {
        return Vec::new();
    }
    if engine.patterned {
        return engine.decompositions_patterned(hand, limit);
    }
    // The special forms a hand with its declared melds can take are the ones measured.
    let special: Vec<Form> = engine.forms(hand).special_at(0).collect();
    decompose::decompositions(
        hand,
        engine.rules(),
        Some(engine.group_tables()),
        &engine.kind_sets(hand),
        &special,
        limit,
    )
}

impl Engine<'_> {
    /// Up to `limit` decompositions of a hand that wins under patterned rules, each naming the
    /// patterns it satisfies: the standard decompositions of the patterns' tables (any pair) that
    /// are a plain win (the pair a 2, 5 or 8 where the 258 pair applies) or hold a pattern,
    /// the special forms' decompositions, and for a pattern won in no meld shape its arrangement.
    pub(super) fn decompositions_patterned(&self, hand: &Hand, limit: usize) -> Vec<Decomposition> {
        let state = self.state(hand);
        let f = state.forms_patterned(self);
        let special_forms: Vec<Form> = f.special_at(0).collect();
        let rules = &self.rules;
        let kind_sets = self.kind_sets(hand);
        // The plain win's decompositions (the rules' own tables: a 258 pair where it applies) and
        // the special forms', then those of the patterns' tables (any pair), more than asked:
        // some are not wins under these rules.
        let mut all = if rules.plain_win {
            decompose::decompositions(hand, rules, Some(&self.groups), &kind_sets, &[], limit)
        } else {
            Vec::new()
        };
        let special =
            decompose::decompositions(hand, rules, None, &kind_sets, &special_forms, limit);
        let open = decompose::decompositions(
            hand,
            rules,
            Some(&self.open_groups),
            &kind_sets,
            &[],
            limit.saturating_mul(4).max(64),
        );
        for d in special.into_iter().chain(open) {
            if !all.contains(&d) {
                all.push(d);
            }
        }
        for d in &mut all {
            d.patterns = patterns_held(rules, d);
        }
        // A standard decomposition wins as the plain win or by a pattern of melds and a pair (one
        // that holds "in any arrangement" has a decomposition of its own).
        all.retain(|d| {
            d.form != Form::Standard
                || d.patterns.iter().any(|p| p.has_shape())
                || rules.plain_win && (!rules.pair_258 || plain_pair(d))
        });
        // A pattern no decomposition above names (the decompositions were cut short, or it has no
        // meld shape): its own decompositions.
        for p in f.patterns_at(0) {
            // A shaped pattern whose melds and pair complete needs a standard decomposition
            // naming it (a seven-pairs decomposition of one suit does not do); any other, some
            // decomposition.
            let shaped = p.has_shape()
                && state
                    .pattern_wildcards_needed(self, p)
                    .is_some_and(|n| n <= hand.wildcards() as u32);
            let named = all
                .iter()
                .any(|d| d.patterns.contains(&p) && (!shaped || d.form == Form::Standard));
            if named {
                continue;
            }
            for mut d in self.pattern_decompositions(hand, p, &kind_sets, &special_forms) {
                d.patterns = patterns_held(rules, &d);
                if d.patterns.contains(&p) && !all.contains(&d) {
                    all.push(d);
                }
            }
        }
        all.truncate(limit);
        all
    }

    /// The decompositions of a winning hand in the shape of one pattern: 碰碰胡's pungs, the
    /// one-suit patterns' melds within one suit (and the honors), or the arrangement of a
    /// pattern of a tile set (将将胡, 全风向, 四红中), within the kinds the hand may hold.
    fn pattern_decompositions(
        &self,
        hand: &Hand,
        p: Pattern,
        kind_sets: &[(u8, u64)],
        special_forms: &[Form],
    ) -> Vec<Decomposition> {
        match p {
            Pattern::AllPungs => kind_sets
                .iter()
                .filter_map(|&(_, kinds)| {
                    let budget = combine::excess_budget(hand.wild_kinds());
                    decompose::all_pungs_decomposition(hand, kinds, budget)
                })
                .take(1)
                .collect(),
            Pattern::OneSuit | Pattern::OneSuitHonors => {
                let honors = p == Pattern::OneSuitHonors;
                let within: Vec<(u8, u64)> = kind_sets
                    .iter()
                    .flat_map(|&(absent, kinds)| {
                        (0..3).map(move |s| {
                            let kept = pattern_missing::suit_kinds(s, honors);
                            (absent | pattern_missing::others(s, honors), kinds & kept)
                        })
                    })
                    .collect();
                let tables = Some(&self.open_groups);
                decompose::decompositions(hand, &self.rules, tables, &within, special_forms, 4)
            }
            _ => {
                // The kinds the hand may hold where it wins (under 缺一门, one suit out), and
                // the pattern's set within them.
                let set = match p {
                    Pattern::AllHonors => HONOR_KINDS,
                    Pattern::All258 => KINDS_258,
                    _ => u64::MAX,
                };
                let real = crate::tile::kinds_present(&hand.real_counts());
                kind_sets
                    .iter()
                    .map(|&(_, kinds)| kinds & set)
                    .find(|&kinds| real & !kinds == 0)
                    .map(|kinds| decompose::arrangement(hand, p, kinds))
                    .into_iter()
                    .collect()
            }
        }
    }
}

/// The win patterns of the rules a decomposition's sets hold, in [`Pattern::ALL`] order.
fn patterns_held(rules: &Rules, d: &Decomposition) -> Vec<Pattern> {
    rules
        .patterns
        .iter()
        .filter(|&p| pattern_missing::holds(p, &d.sets))
        .collect()
}

/// Whether a standard decomposition's pair is a 2, 5 or 8 of a suit (the plain win's 258 pair).
fn plain_pair(d: &Decomposition) -> bool {
    d.sets
        .iter()
        .filter(|s| s.kind == SetKind::Pair)
        .all(|s| KINDS_258 >> s.slots[0].tile.index() & 1 == 1)
}
