//! Screens: necessary conditions for a win, checked on kind masks before any table load.
//! Most random hands fail all of them, so the win check answers `false` from a few register
//! operations instead of four table loads.
//!
//! Every screen is a *necessary* condition only: passing it proves nothing, and the caller
//! goes on to the tables. The screens hold for hands without wildcards.
//!
//! The masks use the *spaced* bit layout of [`crate::kinds`], where "is a kind held one or
//! two steps away" is four shifts and no masking.
//!
//! The test `tests::module_example` below is an example at work.

use crate::forms::{knitted_screen, within_arrangement, Form, FormSet, Screen};
use crate::kinds::{index_set, KindMasks};
use crate::residues::{at_most, at_most_flat, left_after, residue_index, sizes_fit, RESIDUE_FIT};
use crate::rules::{Rules, SevenPairs};

/// The win screens of one set of rules, for hands without wildcards: the standard form's
/// (no isolated single) and the special forms' ([`crate::Form::SPECIAL`]), folded per mask
/// into one forbidden set (forms that read the same mask keep the kinds all of them forbid:
/// still a necessary condition) so the check stays a few branch-free operations.
#[derive(Clone, Copy, Debug)]
pub struct WinScreen {
    /// Whether the honors form runs (a single honor may then be in a meld).
    honor_runs: bool,
    /// Whether a played form's screen is [`Screen::KnittedArrangement`].
    knitted: bool,
    /// Whether a played form's screen is [`Screen::WithinArrangement`].
    within: bool,
    /// `knitted || within`.
    arrangements: bool,
    /// Per [`MaskField`] (odd, held, pairs or more): the kinds no played form allows there.
    forbidden: [u64; 3],
    /// `forbidden` in the index layout ([`crate::kinds::index_set`]), for
    /// [`WinScreen::forms_may_win_indexed`].
    forbidden_indexed: [u64; 3],
    /// Per [`MaskField`]: `1` when no played form reads it, `0` otherwise.
    off: [u64; 3],
    /// Whether seven pairs is played.
    seven_pairs: bool,
    /// Whether the rules name wild kinds and play no special form past seven pairs (which
    /// the mixed screen does not screen: `hongzhong`): hands with and
    /// without wildcards then mix, and [`WinScreen::may_win_mixed`] screens both with no
    /// branch on which.
    mixed: bool,
    /// Whether the rules play win patterns: [`WinScreen::may_win_mixed`] (which such rules
    /// ask) then lets every hand through, with no test of its own (the patterns' wins are not
    /// screened). A flag among the others, not a `u64` mask: a mask grew the screen by a word,
    /// which the riichi win check from counts paid for (`scripts/instructions riichi`).
    pass: bool,
    /// Whether seven pairs is the only special form played, a four of a kind counting as two
    /// pairs: [`WinScreen::seven_pairs_complete`] is then its exact win condition.
    seven_pairs_exact: bool,
}

impl WinScreen {
    /// The screens for `rules`.
    pub fn new(rules: &Rules) -> WinScreen {
        let mut forbidden = [!0u64; 3];
        let mut off = [1u64; 3];
        let mut knitted = false;
        let mut within = false;
        let played = FormSet::of(rules);
        let seven_pairs = played.iter().any(|f| f == Form::SevenPairs);
        // Seven pairs is the only special form played (or none is): the mixed screen, which
        // screens no other form, is then valid.
        let wild_screen = played.iter().all(|f| f == Form::SevenPairs);
        // The deciding forms' screens suffice: a hand complete in a form that lies within
        // another is complete in that one too.
        for f in played.deciding() {
            match f.screen() {
                Screen::Forbid {
                    field,
                    forbidden: mask,
                } => {
                    let i = field as usize;
                    forbidden[i] &= mask;
                    off[i] = 0;
                }
                Screen::KnittedArrangement => knitted = true,
                Screen::WithinArrangement => within = true,
            }
        }
        WinScreen {
            honor_runs: rules.group_specs()[3].has_runs(),
            knitted,
            within,
            arrangements: knitted || within,
            forbidden,
            forbidden_indexed: forbidden.map(index_set),
            off,
            seven_pairs,
            mixed: wild_screen && !rules.wild.is_empty() || rules.patterned(),
            pass: rules.patterned(),
            seven_pairs_exact: seven_pairs
                && wild_screen
                && rules.seven_pairs == SevenPairs::FourAsTwo,
        }
    }

    /// `false` when a hand with `w` wildcards (masks of its real tiles: [`Hand::kind_masks`])
    /// cannot be a win: in the standard form no two isolated real singles share a set, nor
    /// does any other real tile, so each needs two wildcards for its meld, or one for the
    /// pair (`2 × isolated − 1 ≤ w`), and the group sizes fit; the special forms as
    /// [`WinScreen::forms_may_win_wild`] screens them.
    ///
    /// [`Hand::kind_masks`]: crate::Hand::kind_masks
    #[inline(always)]
    pub fn may_win_wild(&self, m: &KindMasks, sizes: [u8; 4], melds: usize, w: u8) -> bool {
        // `2 × isolated − 1 ≤ w` is `isolated ≤ (w + 1) / 2`.
        (at_most(m.isolated(self.honor_runs), w.div_ceil(2)) && sizes_fit(sizes, w))
            || self.forms_may_win_wild(m, melds, w)
    }

    /// Whether [`WinScreen::may_win_mixed`] is the screen to ask: the rules name wild kinds
    /// and play no special form past seven pairs.
    #[inline(always)]
    pub fn mixed(&self) -> bool {
        self.mixed
    }

    /// The screen of [`WinScreen::mixed`] rules, for any `w`, with no branch on it: `false`
    /// when neither form such rules play can complete the hand. Each part is a necessary
    /// condition:
    ///
    /// * the standard form: an isolated single ([`KindMasks::isolated`]) takes a wildcard to
    ///   become the pair and two for any other meld, so at most `(w + 1) / 2` are held; the
    ///   group sizes fit ([`sizes_fit`]); and with one wildcard, that wildcard pairs the
    ///   isolated single, if any, so every other real tile is in a meld: the single's group
    ///   holds one tile past a multiple of three, the other groups multiples of three
    ///   ([`RESIDUE_FIT`]). A single outside such a group counts twice.
    /// * seven pairs: a wildcard for each real kind held an odd number of times.
    ///
    /// Past two wildcards the isolated singles are not counted (counting them up to four
    /// wildcards turned no more random `hongzhong` hands away, and cost instructions), nor past
    /// two the odd kinds: a screen may pass more hands than it must. The two forms' answers are
    /// combined without a branch: written as `min` of the two words, LLVM made a branch, which
    /// random hands mispredicted.
    ///
    /// The group sizes are what make this screen worth its words: without them about twice as
    /// many random `hongzhong` hands passed. The unit test
    /// `the_mixed_screen_passes_every_complete_hand` holds the share that passes;
    /// `scripts/instructions hongzhong` and `cargo bench --bench presets` the cost
    /// (docs/PERFORMANCE.md, "The rule sets").
    #[inline(always)]
    pub fn may_win_mixed(&self, m: &KindMasks, sizes: [u8; 4], w: u8) -> bool {
        let iso = m.isolated(self.honor_runs);
        let fit = RESIDUE_FIT[residue_index(sizes)];
        // With one wildcard (else any group may hold one), an isolated single outside the
        // groups that may hold it counts twice: its bit again, one place up (a kind not held,
        // or a spacing bit: nothing within two places of it is held).
        let home = fit | ((w != 1) as u64).wrapping_neg();
        let x = iso | (iso & !home) << 1;
        let need = (fit >> 56) as u8;
        let standard = left_after::<1>(x, (w + 1) >> 1) | (need > w) as u64;
        let keep = (self.pass as u64).wrapping_sub(1);
        let seven = (left_after::<2>(m.odd, w) | !self.seven_pairs as u64) & keep;
        !((standard != 0) & (seven != 0))
    }

    /// Whether a knitted form is played, whose screens read the spaced layout
    /// ([`WinScreen::forms_may_win_indexed`] passes them).
    #[inline(always)]
    pub fn arrangements(&self) -> bool {
        self.arrangements
    }

    /// Whether [`WinScreen::seven_pairs_complete`] is the special forms' whole answer: seven
    /// pairs is the only special form played, and a four of a kind counts as two pairs.
    #[inline(always)]
    pub fn seven_pairs_exact(&self) -> bool {
        self.seven_pairs_exact
    }

    /// Whether seven pairs, a four of a kind counting as two pairs, completes a 3k+2 hand with
    /// `w` wildcards and `melds` declared melds: fully concealed, and a wildcard for each real
    /// kind held an odd number of times (the wildcards left pair each other: there is an even
    /// number of them). Exact where [`WinScreen::seven_pairs_exact`], for a hand that holds
    /// real tiles of at most two suits under 缺一门; a test ties it to the form's count of
    /// missing tiles.
    #[inline(always)]
    pub fn seven_pairs_complete(&self, m: &KindMasks, melds: usize, w: u8) -> bool {
        (melds == 0) & at_most_flat::<2>(m.odd, w)
    }

    /// [`WinScreen::may_win_wild`]'s test for the special forms alone, for a hand with `w`
    /// wildcards whose standard form is not complete: `false` when none of them can be. The
    /// masks are of the real tiles, which no wildcard takes away: a form that forbids a kind
    /// to be held, or held twice, is as out of reach with wildcards as without, and one that
    /// forbids odd counts (seven pairs) takes a wildcard for each. The knitted arrangements
    /// are not screened with wildcards (they pass).
    #[inline(always)]
    pub fn forms_may_win_wild(&self, m: &KindMasks, melds: usize, w: u8) -> bool {
        let (f, off) = (&self.forbidden, &self.off);
        (melds == 0
            && (off[0] == 0 && at_most(m.odd & f[0], w)
                || (m.held & f[1] | off[1]) == 0
                || (m.pairs_or_more & f[2] | off[2]) == 0))
            || self.arrangements
    }

    /// `false` when a hand without wildcards with these masks and `melds` declared melds
    /// cannot be a win in any allowed form: the standard form needs no isolated single, and
    /// each special form (fully concealed hands only) its own screen.
    #[inline(always)]
    pub fn may_win(&self, m: &KindMasks, sizes: [u8; 4], melds: usize) -> bool {
        (m.isolated(self.honor_runs) == 0 && sizes_fit(sizes, 0)) || self.forms_may_win(m, melds)
    }

    /// [`WinScreen::may_win`]'s test for the special forms alone, for a hand without
    /// wildcards whose standard form is not complete: `false` when none of them can be.
    #[inline(always)]
    pub fn forms_may_win(&self, m: &KindMasks, melds: usize) -> bool {
        let (f, off) = (&self.forbidden, &self.off);
        // The Forbid screens are of fully concealed forms.
        (melds == 0
            && ((m.odd & f[0] | off[0]) == 0
                || (m.held & f[1] | off[1]) == 0
                || (m.pairs_or_more & f[2] | off[2]) == 0))
            || self.arrangements && self.arrangements_may_win(m, melds)
    }

    /// Whether a special form may complete a fully concealed hand with `w` wildcards whose
    /// standard form does not, from masks in the *index* layout (`counts::index_masks`: what
    /// a counts entry has before it builds a hand): [`WinScreen::seven_pairs_complete`] where
    /// that is exact, else [`WinScreen::forms_may_win_wild`]'s test (which is
    /// [`WinScreen::forms_may_win`]'s with no wildcard) on the same masks: it reads no
    /// neighbours. The knitted arrangements read the spaced layout: rules that play them pass
    /// here, to the hand's own screens.
    #[inline(always)]
    pub fn forms_may_win_indexed(&self, m: &KindMasks, w: u8) -> bool {
        if self.seven_pairs_exact {
            return self.seven_pairs_complete(m, 0, w);
        }
        if self.arrangements {
            return true;
        }
        let (f, off) = (&self.forbidden_indexed, &self.off);
        off[0] == 0 && at_most(m.odd & f[0], w)
            || (m.held & f[1] | off[1]) == 0
            || (m.pairs_or_more & f[2] | off[2]) == 0
    }

    /// The knitted forms' screens ([`Screen::KnittedArrangement`],
    /// [`Screen::WithinArrangement`]), behind one flag so that rules without them pay one
    /// test.
    #[inline(always)]
    fn arrangements_may_win(&self, m: &KindMasks, melds: usize) -> bool {
        self.knitted && knitted_screen(m.held, melds)
            || self.within && melds == 0 && m.pairs_or_more == 0 && within_arrangement(m.held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The module's example (a test: the module is private to the crate).
    #[test]
    fn module_example() {
        use crate::kinds::spaced_bit;
        use crate::screen::WinScreen;
        use crate::{Hand, Rules};
        let h: Hand = "19m19p19s1234567z5m".parse().unwrap();
        let m = h.kind_masks();
        // 5m and the single honors have no partner, so the standard form is out:
        assert_ne!(m.isolated(false) & spaced_bit(4), 0);
        // thirteen orphans would still fit the kinds held, were 5m not there:
        assert!(!WinScreen::new(&Rules::chinese()).may_win(&m, h.group_sizes(), 0));
    }

    /// Random 14-tile hands of a preset's kinds in play, the wild kind drawn more often than
    /// at random (to reach hands with up to four wildcards).
    fn hands_with_wildcards(rules: &Rules, n: usize, seed: u64) -> Vec<crate::hand::Hand> {
        use crate::hand::Hand;
        use crate::tile::TileSet;
        let mut seed = seed;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let kinds: Vec<usize> = rules.in_play().iter().map(|t| t.index()).collect();
        let wild = rules.wild.iter().next().unwrap().index();
        (0..n)
            .map(|_| {
                let mut counts = [0u8; 34];
                let mut held = 0;
                while held < 14 {
                    let k = if next(6) == 0 {
                        wild
                    } else {
                        kinds[next(kinds.len())]
                    };
                    if counts[k] < 4 {
                        counts[k] += 1;
                        held += 1;
                    }
                }
                Hand::under(counts, &[], TileSet::EMPTY, rules).unwrap()
            })
            .collect()
    }

    /// Every preset, with a house-rule wildcard (5m) where it names none.
    fn presets_with_wildcards() -> Vec<(&'static str, Rules)> {
        use crate::tile::{Tile, TileSet};
        Rules::presets()
            .map(|(name, preset)| {
                // The screens serve the rules without their patterns.
                let preset = Rules {
                    patterns: crate::rules::Patterns::NONE,
                    plain_win: true,
                    ..preset
                };
                let rules = if preset.wild.is_empty() {
                    Rules {
                        wild: TileSet::from_iter([Tile::from_index(4)]),
                        ..preset
                    }
                } else {
                    preset
                };
                (name, rules)
            })
            .collect()
    }

    /// A random complete hand of `rules`' kinds in play, with some tiles turned into
    /// wildcards: `melds` melds and a pair (as if the others were declared), or seven pairs;
    /// and the suit it lacks under 缺一门 (3 for none). It follows the rules' switches (the
    /// lacked suit, the 258 pair), so the hand is a win.
    fn complete_hand(
        rules: &Rules,
        melds: usize,
        seven: bool,
        next: &mut impl FnMut(usize) -> usize,
    ) -> ([u8; 34], usize) {
        let wild = rules.wild.iter().next().unwrap().index();
        // Under 缺一门, one suit (a random one) is left out.
        let lacked = if rules.lack_suit { next(3) } else { 3 };
        let kinds: Vec<usize> = rules
            .in_play()
            .iter()
            .map(|t| t.index())
            .filter(|&k| k != wild && k / 9 != lacked)
            .collect();
        loop {
            let mut counts = [0u8; 34];
            if seven {
                for _ in 0..7 {
                    counts[kinds[next(kinds.len())]] += 2;
                }
            } else {
                // Under the 258 pair, a 2, 5 or 8 of a suit.
                let pairs: Vec<usize> = kinds
                    .iter()
                    .copied()
                    .filter(|&k| !rules.pair_258 || (k < 27 && k % 3 == 1))
                    .collect();
                counts[pairs[next(pairs.len())]] += 2;
                for _ in 0..melds {
                    let k = kinds[next(kinds.len())];
                    let chow = k < 27 && k % 9 < 7 && kinds.contains(&(k + 2)) && next(2) == 0;
                    if chow {
                        (k..k + 3).for_each(|j| counts[j] += 1);
                    } else {
                        counts[k] += 3;
                    }
                }
            }
            // Four copies at most (a kind drawn twice for seven pairs is a four of a kind,
            // two pairs in these rules).
            if counts.iter().any(|&c| c > 4) {
                continue;
            }
            // Up to four tiles stand in as wildcards.
            for _ in 0..next(5) {
                let k = (0..34)
                    .cycle()
                    .skip(next(34))
                    .find(|&k| counts[k] > 0 && k != wild)
                    .unwrap();
                if counts[wild] < 4 {
                    counts[k] -= 1;
                    counts[wild] += 1;
                }
            }
            return (counts, lacked);
        }
    }

    /// `n` declared chows that fit beside `counts` (four copies of a kind at most), away from
    /// the wild kinds and the suit `lacked`.
    fn chows_beside(
        counts: &[u8; 34],
        n: usize,
        lacked: usize,
        rules: &Rules,
    ) -> Vec<crate::meld::Meld> {
        use crate::meld::{Meld, MeldKind};
        use crate::tile::{Tile, TileSet};
        let mut held = *counts;
        let mut out = vec![];
        for k in (0..27).filter(|k| k % 9 < 7 && k / 9 != lacked) {
            while out.len() < n
                && (k..k + 3).all(|j| held[j] < 4 && !rules.wild.contains(Tile::from_index(j)))
            {
                (k..k + 3).for_each(|j| held[j] += 1);
                let tiles = TileSet::from_iter((k..k + 3).map(Tile::from_index));
                out.push(Meld::new(MeldKind::Chow, tiles, rules).unwrap());
            }
        }
        out
    }

    /// The screen of rules that mix hands with and without wildcards passes every complete
    /// hand: built ones (melds and a pair, with other melds taken as declared, and seven
    /// pairs, some tiles turned into wildcards), and random hands that shanten (which reads
    /// no screen) calls a win. And it turns most random hands away.
    #[test]
    fn the_mixed_screen_passes_every_complete_hand() {
        use crate::hand::Hand;
        use crate::tile::TileSet;
        use crate::Engine;
        let mut mixed = vec![];
        for (name, rules) in presets_with_wildcards() {
            let screen = WinScreen::new(&rules);
            if !screen.mixed() {
                continue;
            }
            mixed.push(name);
            let mut seed = 41u64;
            let mut next = |n: usize| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as usize % n
            };
            let engine = Engine::new(rules);
            for i in 0..100_000 {
                let (melds, seven) = (2 + i % 3, i % 5 == 0);
                let (counts, lacked) = complete_hand(&rules, melds, seven, &mut next);
                let declared = if seven { 0 } else { 4 - melds };
                let hand = Hand::under(
                    counts,
                    &chows_beside(&counts, declared, lacked, &rules),
                    TileSet::EMPTY,
                    &rules,
                )
                .unwrap();
                // The built hand is complete (shanten reads no screen), so the screen must
                // pass it.
                assert_eq!(engine.shanten(&hand), -1, "{name} {hand}");
                let (m, sizes, w) = (hand.kind_masks(), hand.group_sizes(), hand.wildcards());
                assert!(screen.may_win_mixed(&m, sizes, w), "{name} {hand}");
            }
            let (mut wins, mut passed) = (0, 0);
            let (mut few, mut few_passed) = (0, 0);
            for hand in hands_with_wildcards(&rules, 100_000, 9) {
                let (m, sizes, w) = (hand.kind_masks(), hand.group_sizes(), hand.wildcards());
                let pass = screen.may_win_mixed(&m, sizes, w);
                if engine.shanten(&hand) == -1 {
                    assert!(pass, "{name} {hand}");
                    wins += 1;
                }
                passed += pass as u32;
                if w <= 2 {
                    few += 1;
                    few_passed += pass as u32;
                }
            }
            assert!(wins > 1_000, "{name}: {wins} wins");
            // Of the hands with two wildcards or fewer, under a third may pass (about half did
            // before the screen counted which groups may hold an isolated single). A wild kind
            // is drawn one time in six: many hands hold three or more wildcards, and pass.
            assert!(
                few > 40_000 && few_passed < few * 3 / 10,
                "{name}: {few_passed} of {few}"
            );
            assert!(passed < 70_000, "{name}: {passed} of 100,000 pass");
        }
        assert_eq!(mixed, ["sichuan", "hongzhong", "changsha"]);
    }

    /// Rules that play win patterns are not screened: their screen lets every hand through.
    #[test]
    fn patterned_rules_pass_every_hand() {
        use crate::kinds::KindMasks;
        let screen = WinScreen::new(&Rules::changsha());
        assert!(screen.mixed());
        let mut seed = 3u64;
        for _ in 0..10_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = KindMasks {
                single: seed >> 5,
                held: seed,
                odd: seed >> 3,
                pairs_or_more: seed >> 7,
            };
            let sizes = [(seed >> 11) as u8 % 15, (seed >> 15) as u8 % 15, 0, 0];
            assert!(screen.may_win_mixed(&m, sizes, (seed >> 20) as u8 % 9));
        }
    }

    /// Where it is exact, the seven-pairs formula answers what the form's own count of missing
    /// tiles answers, for hands with up to four wildcards and with declared melds.
    #[test]
    fn seven_pairs_complete_is_the_form_where_exact() {
        use crate::{Engine, Form};
        let mut exact = vec![];
        for (name, rules) in presets_with_wildcards() {
            let screen = WinScreen::new(&rules);
            if !screen.seven_pairs_exact() {
                continue;
            }
            exact.push(name);
            let engine = Engine::new(rules);
            let mut complete = 0;
            for hand in hands_with_wildcards(&rules, 50_000, 11) {
                if rules.lack_suit && hand.keys()[..3].iter().all(|&k| k != 0) {
                    // Real tiles of three suits: the 缺一门 test turns the hand away first.
                    continue;
                }
                let form = engine.forms(&hand).get(Form::SevenPairs) == Some(0);
                let m = hand.kind_masks();
                let formula = screen.seven_pairs_complete(&m, 0, hand.wildcards());
                assert_eq!(formula, form, "{name} {hand}");
                assert!(!screen.seven_pairs_complete(&m, 1, hand.wildcards()));
                complete += formula as u32;
            }
            // Random hands are rarely seven pairs, but hands with wildcards reach it.
            assert!(complete > 10, "{name}: {complete}");
        }
        assert_eq!(exact, ["sichuan", "hongzhong", "changsha"]);
    }
}
