//! Answers about a hand: win, wildcards needed, shanten, waits, ukeire, the per-discard report
//! and improvement tiles, under any [`Rules`], with any number of wildcards.
//!
//! ```
//! use hupai::{Engine, Hand, Rules};
//! let engine = Engine::new(Rules::riichi());
//! let hand = Hand::builder("23569m456p789s11z").build().unwrap();
//! assert_eq!(engine.shanten(&hand), 1);
//! let u = engine.ukeire(&hand, &[0; 34]).unwrap();
//! assert_eq!(u.count, 12); // 1m 4m 7m
//! ```

use crate::combine::{self, GroupTables, Groups};
use crate::decompose::{self, Decomposition};
use crate::forms::{plays_other_switches, Form, FormDistances, FormSet, View, Wilds};
use crate::hand::{CopiesPlace, Hand, HandError};
use crate::remaining::Remaining;
use crate::rules::Rules;
use crate::screen::WinScreen;
use crate::table::gen::GroupSpec;
use crate::table::{TableError, Tables};
use crate::tile::{
    counts_without, kinds_present, kinds_where, Counts, Tile, TileSet, COPIES, KINDS,
};

/// The evaluation engine: tables plus rules. Cheap to copy, `Send + Sync`, no allocation on
/// the win, shanten, wait and ukeire paths.
#[derive(Clone, Copy)]
pub struct Engine<'t> {
    tables: &'t Tables,
    /// The four group tables of `rules`, resolved once.
    groups: GroupTables<'t>,
    /// The tables 组合龙 reads its meld and pair from ([`View::tables`],
    /// [`Rules::knitted_group_specs`]): `groups`, but where the 258 pair applies (to the
    /// standard form only), those of the rules without it.
    knit_groups: GroupTables<'t>,
    rules: Rules,
    /// The win screens of `rules`, worked out once.
    screen: WinScreen,
    /// The special forms `rules` play (and the tiles in play allow).
    forms: FormSet,
    /// Groups that never hold a target tile (bit 3: honors out of play).
    absent: u8,
    /// 缺一门: the standard form and seven pairs are taken over each suit the hand may lack.
    lack: bool,
    /// The kinds in play (34-bit mask): draws, waits and ukeire are among them.
    in_play: u64,
    /// The most declared melds a played special form takes (the knitted straight: one).
    special_melds: usize,
    /// The out-of-line shanten variant of `rules` ([`Engine::shanten`]), picked once: `None`
    /// for the one inlined into callers.
    shanten_variant: Option<ShantenVariant<'t>>,
}

/// An out-of-line shanten variant ([`Engine::shanten_variant`], [`Engine::shanten_lacking`]).
type ShantenVariant<'t> = fn(&Engine<'t>, &Hand) -> i8;

/// Effective tiles of a 3k+1 hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ukeire {
    /// Kinds whose draw lowers shanten and that remain to be drawn.
    pub tiles: TileSet,
    /// Copies of them still unseen.
    pub count: u32,
}

/// One line of the per-discard report of a 3k+2 hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discard {
    /// The tile discarded.
    pub tile: Tile,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Effective tiles after the discard (counts over the 14 tiles: the discard stays visible;
    /// the discarded kind is listed like any other when drawing it back lowers shanten).
    pub ukeire: Ukeire,
}

/// The working state of a hand: groups looked up once, changed one tile at a time.
#[derive(Clone, Copy, Debug)]
struct State {
    groups: Groups,
    concealed: Counts,
    wild: TileSet,
    wilds: Wilds,
    /// Melds the concealed tiles must form (4 - declared).
    melds: usize,
    /// Target tiles that may exceed 4 copies ([`combine::excess_budget`]).
    budget: u8,
    /// Groups that hold nothing in the targets looked at (out of play, or the lacked suit).
    absent: u8,
    /// Under 缺一门, the suits (bits 0..3) the hand may still lack: those of no declared meld.
    lackable: u8,
}

impl State {
    #[inline(always)]
    fn new(e: &Engine, hand: &Hand) -> State {
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
        }
    }

    /// Under 缺一门, this state with suit `s` lacked.
    #[inline(always)]
    fn lacking(&self, s: usize) -> State {
        State {
            absent: self.absent | 1 << s,
            lackable: 0,
            ..*self
        }
    }

    /// The states whose answers combine into this one's: under 缺一门 one per suit the hand
    /// may lack (none when its melds hold all three suits), the suit with the fewest tiles
    /// first, else the state itself.
    fn variants(&self, e: &Engine) -> impl Iterator<Item = State> + '_ {
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
    fn lacking_bound(&self) -> u8 {
        let lacked: u32 = (0..3)
            .filter(|&s| self.absent >> s & 1 == 1)
            .map(|s| self.groups.tiles(s))
            .sum();
        let held: u32 = self.concealed.iter().map(|&c| c as u32).sum();
        lacking_bound(self.melds, lacked, held) as u8
    }

    /// Concealed counts without the wildcards (slow paths only).
    fn real(&self) -> Counts {
        counts_without(&self.concealed, self.wild)
    }

    fn w(&self) -> u8 {
        self.wilds.total
    }

    fn locate(t: Tile) -> (usize, usize) {
        (t.index() / 9, t.index() % 9)
    }

    /// The state after drawing (`delta = 1`) or discarding (`delta = -1`) one `t`.
    fn with_tile(&self, e: &Engine, t: Tile, delta: i8) -> State {
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
    /// (measured: `sichuan` +146 and `hongzhong` +21 instructions a hand) for `guobiao`'s sake.
    #[inline(always)]
    fn planes(&self, e: &Engine) -> [u64; 4] {
        State::planes_of(e, || self.real())
    }

    /// [`State::planes`] from the real counts, asked for only where a form reads the planes.
    #[inline(always)]
    fn planes_of(e: &Engine, real: impl FnOnce() -> Counts) -> [u64; 4] {
        if e.forms.knits() {
            crate::counts::count_planes(&real())
        } else {
            [u64::MAX; 4]
        }
    }

    /// What the special forms read of this state and its count planes ([`State::planes`]).
    #[inline(always)]
    fn view<'a>(&'a self, e: &'a Engine, planes: &'a [u64; 4]) -> View<'a> {
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
    fn forms(&self, e: &Engine) -> FormDistances {
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
    fn forms_one(&self, e: &Engine) -> FormDistances {
        let standard = self
            .groups
            .distance(&e.groups, self.melds, self.budget, self.absent)
            .saturating_sub(self.w());
        self.forms_with(e, standard)
    }

    /// [`State::forms`] with the standard form's missing count already known. The special
    /// forms need a fully concealed hand.
    #[inline(always)]
    fn forms_with(&self, e: &Engine, standard: u8) -> FormDistances {
        let mut f = FormDistances::standard(standard);
        if 4 - self.melds <= e.special_melds {
            e.forms.record(&self.view(e, &self.planes(e)), &mut f);
        }
        f
    }

    /// Kinds (mask) whose draw lowers shanten; kinds already held 4 times are left out.
    fn improving(&self, e: &Engine) -> u64 {
        self.improving_and_shanten(e).0
    }

    /// Improving kinds and the shanten they improve on (one evaluation of the forms).
    #[inline]
    fn improving_and_shanten(&self, e: &Engine) -> (u64, i8) {
        if !e.lack {
            let (improving, best) = self.improving_real(e);
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
            let (improving, d) = v.improving_real(e);
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
    fn with_wild_draws(&self, e: &Engine, improving: u64, best: u8) -> u64 {
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
    fn improving_real(&self, e: &Engine) -> (u64, u8) {
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
            let (s, improving) = self
                .groups
                .improving_plain(&e.groups, self.melds, self.absent);
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

/// A distance no hand reaches: no complete hand exists (缺一门 with melds of all three suits).
const UNREACHABLE: u8 = u8::MAX;

/// The kinds (34-bit mask) of the groups not in `absent`.
#[inline(always)]
fn present_kinds(absent: u8) -> u64 {
    const GROUP: [u64; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, 0x7f << 27];
    const PRESENT: [u64; 16] = {
        let mut out = [0u64; 16];
        let mut absent = 0;
        while absent < 16 {
            let mut g = 0;
            while g < 4 {
                if absent >> g & 1 == 0 {
                    out[absent] |= GROUP[g];
                }
                g += 1;
            }
            absent += 1;
        }
        out
    };
    PRESENT[absent as usize & 15]
}

/// A lower bound on the distance when `lacked` real tiles (of lacked suits) sit among the
/// `held` concealed tiles: none of them is in the complete hand, which must still hold
/// `3 × melds + 2` concealed tiles (so `1 + lacked` for a 13-tile hand, `lacked` for 14).
#[inline(always)]
fn lacking_bound(melds: usize, lacked: u32, held: u32) -> u32 {
    (3 * melds as u32 + 2 + lacked).saturating_sub(held)
}

/// The suits (bits 0..3) a hand may lack under 缺一门: those none of its declared melds holds.
fn lackable(hand: &Hand) -> u8 {
    let mut held = 0u8;
    for m in hand.melds() {
        for t in m.tiles().iter() {
            if !t.is_honor() {
                held |= 1 << (t.index() / 9);
            }
        }
    }
    !held & 0b111
}

/// Kinds (34-bit mask) whose count has bit `bit` set: a count of 0..=4 has bit 2 set iff it
/// is 4.
#[inline(always)]
fn byte_mask(counts: &Counts, bit: u32) -> u64 {
    kinds_where(counts, |w| w >> bit)
}

/// The wildcards of a hand.
#[inline(always)]
fn wilds_of(hand: &Hand) -> Wilds {
    let mut wilds = Wilds::default();
    if hand.wildcards() == 0 {
        return wilds; // most hands: no pass over the wild kinds
    }
    for t in hand.wild().iter() {
        for _ in 0..hand.counts()[t.index()] {
            wilds.add(t);
        }
    }
    wilds
}

/// Ukeire of an improving mask given the copies left.
#[inline(always)]
fn count_ukeire(improving: u64, left: &Remaining) -> Ukeire {
    let (tiles, count) = left.count(improving);
    Ukeire {
        tiles: TileSet(tiles),
        count,
    }
}

impl Engine<'static> {
    /// An engine over the compiled-in tables (the tables `rules` need are decoded on first
    /// use, then shared by every engine).
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::new(Rules::nanchang());
    /// assert!(engine.is_win(&"123m456p789s123z55z".parse().unwrap())); // a wind run
    /// ```
    pub fn new(rules: Rules) -> Engine<'static> {
        Engine::with_tables(Tables::compiled(), rules)
            .expect("the compiled-in tables hold every spec the rules can name")
    }
}

impl<'t> Engine<'t> {
    /// An engine over a table set of your own (for example loaded from disk): the four group
    /// tables the rules name ([`Rules::group_specs`]) are picked here, once. Refused when the
    /// set lacks one of them.
    ///
    /// ```
    /// use hupai::{table::Tables, Engine, Rules};
    /// let engine = Engine::with_tables(Tables::compiled(), Rules::riichi()).unwrap();
    /// assert_eq!(engine.rules(), &Rules::riichi());
    /// ```
    pub fn with_tables(tables: &'t Tables, rules: Rules) -> Result<Engine<'t>, TableError> {
        let resolve = |specs: [GroupSpec; 4]| -> Result<GroupTables<'t>, TableError> {
            let mut groups = Vec::with_capacity(4);
            for spec in specs {
                groups.push(tables.get(spec).ok_or(TableError::Missing { spec })?);
            }
            Ok(GroupTables([groups[0], groups[1], groups[2], groups[3]]))
        };
        let groups = resolve(rules.group_specs())?;
        let knit_groups = resolve(rules.knitted_group_specs())?;
        let forms = FormSet::of(&rules);
        let absent = if rules.honors_in_play() { 0 } else { 1 << 3 };
        let knit_switches = plays_other_switches(&rules);
        Ok(Engine {
            tables,
            groups,
            knit_groups,
            rules,
            screen: WinScreen::new(&rules),
            forms,
            absent,
            lack: rules.lack_suit,
            in_play: rules.in_play().0,
            special_melds: forms.max_declared(),
            shanten_variant: Engine::pick_shanten(&forms, absent, rules.lack_suit, knit_switches),
        })
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The tables in use.
    pub fn tables(&self) -> &'t Tables {
        self.tables
    }

    /// The four group tables the rules picked.
    pub(crate) fn group_tables(&self) -> &GroupTables<'t> {
        &self.groups
    }

    /// What the special forms read of looked-up groups and wildcards.
    #[inline(always)]
    fn view<'a>(
        &'a self,
        groups: &'a Groups,
        wilds: &'a Wilds,
        planes: &'a [u64; 4],
        melds: usize,
        budget: u8,
        absent: u8,
    ) -> View<'a> {
        View {
            sum: groups.summary(absent),
            groups,
            wilds,
            rules: &self.rules,
            tables: &self.knit_groups,
            melds,
            budget,
            absent,
            bound: u8::MAX,
            // Once here, not once per knitted form (measured under `guobiao`: 628 → 589
            // shanten instructions a hand).
            knitted: if self.forms.knits() {
                View::knitted_of(groups)
            } else {
                View::NOT_ASKED
            },
            planes,
        }
    }

    fn state(&self, hand: &Hand) -> State {
        State::new(self, hand)
    }

    /// Missing tiles per form (0 on a 3k+2 hand means that form wins).
    ///
    /// ```
    /// use hupai::{Engine, Form, Rules};
    /// let f = Engine::new(Rules::chinese()).forms(&"1122m3344p5566s77z".parse().unwrap());
    /// assert_eq!(f.get(Form::SevenPairs), Some(0));
    /// ```
    pub fn forms(&self, hand: &Hand) -> FormDistances {
        self.state(hand).forms(self)
    }

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
    #[inline]
    pub fn is_win(&self, hand: &Hand) -> bool {
        if !hand.is_complete_count() {
            return false;
        }
        let w = hand.wildcards();
        // The masks are of the real tiles: the wildcards are not in them.
        let screened = if self.screen.mixed() {
            self.screen
                .may_win_mixed(&hand.kind_masks(), hand.group_sizes(), w)
        } else if w == 0 {
            self.screen
                .may_win(&hand.kind_masks(), hand.group_sizes(), hand.meld_count())
        } else {
            self.screen
                .may_win_wild(&hand.kind_masks(), hand.group_sizes(), hand.meld_count(), w)
        };
        screened && self.screened_is_win(hand, w)
    }

    /// [`Engine::is_win`] for a hand its screen let through. Out of line, so the screen that turns most hands away
    /// saves no registers.
    #[inline(never)]
    fn screened_is_win(&self, hand: &Hand, w: u8) -> bool {
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
        if completes {
            return true;
        }
        let declared = hand.meld_count();
        if self.screen.seven_pairs_exact() {
            // No walk over the forms, no branch on `w`: with the lean lookups above, a
            // `hongzhong` hand past the screen costs ~117 instructions here, down from ~183.
            return self
                .screen
                .seven_pairs_complete(&hand.kind_masks(), declared, w);
        }
        if declared > self.special_melds || self.forms.is_empty() {
            return false;
        }
        // The screen may have let the hand through for the standard form alone.
        let masks = hand.kind_masks();
        let forms_may_win = if w == 0 {
            self.screen.forms_may_win(&masks, declared)
        } else {
            self.screen.forms_may_win_wild(&masks, declared, w)
        };
        forms_may_win && self.forms_win(hand)
    }

    /// Whether a special form of the rules completes a hand whose standard form does not.
    /// Out of line, apart from the standard
    /// form's check: the views it builds kept [`Engine::screened_is_win`]'s win bytes on the
    /// stack (measured under `hongzhong`: 124 → 117 instructions a win check).
    #[inline(never)]
    fn forms_win(&self, hand: &Hand) -> bool {
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
    fn lacking_wildcards_needed(&self, hand: &Hand, win: [u8; 4]) -> u32 {
        let keys = hand.keys();
        let needed =
            |absent: u8| combine::wildcards_needed(combine::without_absent(win, keys, absent));
        let lackable = lackable(hand);
        (0..3)
            .filter(|&s| lackable >> s & 1 == 1)
            .map(|s| needed(self.absent | 1 << s))
            .min()
            .unwrap_or(64)
    }

    /// Fewest wildcards a 3k+2 hand's standard form needs on top of its real tiles (spare
    /// wildcards come in threes); `None` if no number of wildcards completes it, and for a
    /// 3k+1 hand (it needs a draw, not a wildcard).
    pub fn wildcards_needed(&self, hand: &Hand) -> Option<u32> {
        if !hand.is_complete_count() {
            return None;
        }
        let s = self.state(hand);
        let n = s
            .variants(self)
            .map(|v| v.groups.wildcards_needed(v.absent))
            .min()
            .unwrap_or(64);
        (n < 64).then_some(n)
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
        // variant tripled the code a caller's loop takes in: measured in a loop over 1,000
        // riichi hands, the loop then called a closure a hand, 8-10% slower.
        if let Some(variant) = self.shanten_variant {
            return variant(self, hand);
        }
        self.shanten_of::<false, false, { FormSet::ASK }>(hand)
    }

    /// The out-of-line shanten variant for these rules, or `None` for the inlined one. Each
    /// variant is a function of its own, picked once: against a dispatcher that tested the
    /// rules on every call, ~10 instructions a hand fewer (a dispatcher matching on a path
    /// picked once: ~20 more, its variants no longer tail calls). With `absent` a constant 0
    /// where every group is in play, its checks fold away (measured: riichi shanten 436 →
    /// 421 instructions a hand).
    ///
    /// A known set's variant tells the forms the rules play no switch that 组合龙's plain path
    /// does not read (`Form::missing_plain`); rules that do take the general walk.
    fn pick_shanten<'a>(
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
    fn shanten_variant<const ABSENT: bool, const COSTLY: bool, const SET: u8>(
        &self,
        hand: &Hand,
    ) -> i8 {
        self.shanten_of::<ABSENT, COSTLY, SET>(hand)
    }

    /// [`Engine::shanten`] without 缺一门; `ABSENT`: whether some group is out of play;
    /// `COSTLY`: whether a costly special form may be played.
    #[inline(always)]
    fn shanten_of<const ABSENT: bool, const COSTLY: bool, const SET: u8>(&self, hand: &Hand) -> i8 {
        let absent = if ABSENT { self.absent } else { 0 };
        let groups = Groups::from_keys(&self.groups, hand.keys());
        let melds = 4 - hand.meld_count();
        let w = hand.wildcards();
        let budget = combine::excess_budget(hand.wild_kinds());
        let d = groups.distance(&self.groups, melds, budget, absent);
        let mut best = d.saturating_sub(w);
        // A known set plays some form, and what its forms take and read is known: the tests
        // of the flags fold away (measured under `guobiao`: 506 → 489 shanten instructions a
        // hand). The knitted count is set after the view is built, overriding what `view`
        // worked out from the flag (the compiler drops that): set in the view's literal
        // instead, 497 only.
        let (special_melds, played) = match FormSet::max_declared_in(SET) {
            Some(most) => (most, true),
            None => (self.special_melds, !self.forms.is_empty()),
        };
        if 4 - melds <= special_melds && played {
            // The forms of `State::forms`, as a running minimum: building the
            // `FormDistances` here costs ~9% (measured: 25.6 vs 23.5 ns per hand).
            let wilds = wilds_of(hand);
            let planes = hand.count_planes();
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
    /// Straight-line code, with no branch per suit. Measured on 100,000
    /// distinct `sichuan` hands against an out-of-line call that walked the suits whose tiles
    /// left room below the best: 43 → 29 ns a hand (riichi on the same hands: 23 ns), for
    /// 452 → 445 instructions and 0.74 → 0.28 mispredicted branches a hand (callgrind's
    /// branch model).
    #[inline(never)]
    fn shanten_lacking(&self, hand: &Hand) -> i8 {
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
    fn forms_lacking(
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
    fn lacking_constrained(&self, groups: &Groups, melds: usize, budget: u8) -> [u8; 3] {
        let d = |s: usize| groups.distance(&self.groups, melds, budget, self.absent | 1 << s);
        [d(0), d(1), d(2)]
    }

    /// Kinds whose draw lowers the shanten of a 3k+1 hand (held-4 kinds excluded).
    pub fn improving(&self, hand: &Hand) -> TileSet {
        TileSet(self.state(hand).improving(self))
    }

    /// Waits of a 3k+1 hand: kinds that complete it and of which fewer than 4 are held.
    pub fn waits(&self, hand: &Hand) -> TileSet {
        if hand.is_complete_count() {
            return TileSet::EMPTY;
        }
        let s = self.state(hand);
        let (improving, shanten) = s.improving_and_shanten(self);
        self.waits_of(&s, improving, shanten)
    }

    /// Waits from the improving kinds and shanten of a 3k+1 state.
    fn waits_of(&self, s: &State, improving: u64, shanten: i8) -> TileSet {
        // A real draw lowers shanten by at most one, so only a tenpai hand wins on it. A drawn
        // wildcard can do more (it may be a 5th copy): `567789p888s6666z` is 1-shanten, yet
        // wins on any wild kind. Those are checked one by one.
        let mut waits = if shanten == 0 {
            improving & !s.wild.0
        } else {
            0
        };
        for t in s.wild.iter() {
            if s.concealed[t.index()] < 4 && s.with_tile(self, t, 1).forms(self).best() == 0 {
                waits |= 1 << t.index();
            }
        }
        TileSet(waits)
    }

    /// Ukeire of a 3k+1 hand (empty for a 3k+2 hand); `seen` counts other visible tiles
    /// (discards), melds and the concealed tiles are counted from the hand. An error when a
    /// kind would be visible more than 4 times in all.
    pub fn ukeire(&self, hand: &Hand, seen: &Counts) -> Result<Ukeire, HandError> {
        if hand.is_complete_count() {
            remaining(hand, seen, self.in_play)?;
            return Ok(Ukeire::default());
        }
        Ok(self.evaluate(hand, seen)?.3)
    }

    /// Shanten, waits and ukeire of a 3k+1 hand from one evaluation (what `hupai batch`
    /// answers for it); `Ok(None)` for a 3k+2 hand; an error as for [`Engine::ukeire`].
    #[allow(clippy::type_complexity)]
    pub fn waits_and_ukeire(
        &self,
        hand: &Hand,
        seen: &Counts,
    ) -> Result<Option<(i8, TileSet, Ukeire)>, HandError> {
        if hand.is_complete_count() {
            remaining(hand, seen, self.in_play)?;
            return Ok(None);
        }
        let (s, improving, shanten, ukeire) = self.evaluate(hand, seen)?;
        Ok(Some((
            shanten,
            self.waits_of(&s, improving, shanten),
            ukeire,
        )))
    }

    /// The state of a 3k+1 hand, its improving kinds, shanten and ukeire.
    #[inline(always)]
    fn evaluate(&self, hand: &Hand, seen: &Counts) -> Result<(State, u64, i8, Ukeire), HandError> {
        let left = remaining(hand, seen, self.in_play)?;
        let s = self.state(hand);
        let (improving, shanten) = s.improving_and_shanten(self);
        Ok((s, improving, shanten, count_ukeire(improving, &left)))
    }

    /// The per-discard report of a 3k+2 hand, sorted by shanten, then ukeire count
    /// (descending), then tile order. Writes into `out` and returns how many lines (none for
    /// a 3k+1 hand); an error as for [`Engine::ukeire`].
    pub fn discards_into(
        &self,
        hand: &Hand,
        seen: &Counts,
        out: &mut [Option<Discard>; 14],
    ) -> Result<usize, HandError> {
        *out = [None; 14];
        let left = remaining(hand, seen, self.in_play)?;
        if !hand.is_complete_count() {
            return Ok(0);
        }
        let full = self.state(hand);
        // Two passes: every discard's table lookups first, so that their cache misses overlap
        // instead of coming one discard at a time (measured: 2.17 -> 1.91 us per report).
        let mut after = [full; 14];
        let mut tiles = [Tile::from_index(0); 14];
        let mut n = 0;
        for t in Tile::all() {
            if hand.counts()[t.index()] > 0 {
                after[n] = full.with_tile(self, t, -1);
                tiles[n] = t;
                n += 1;
            }
        }
        for i in 0..n {
            let (improving, shanten) = after[i].improving_and_shanten(self);
            out[i] = Some(Discard {
                tile: tiles[i],
                shanten,
                // The discarded kind counts like any other (CONTRACT.md): drawing it back may
                // lower shanten, and its copy on the table is already counted as seen.
                ukeire: count_ukeire(improving, &left),
            });
        }
        out[..n].sort_by_key(|d| {
            let d = d.expect("filled");
            (d.shanten, std::cmp::Reverse(d.ukeire.count), d.tile)
        });
        Ok(n)
    }

    /// The per-discard report as a vector (see [`Engine::discards_into`]).
    pub fn discards(&self, hand: &Hand, seen: &Counts) -> Result<Vec<Discard>, HandError> {
        let mut buf = [None; 14];
        let n = self.discards_into(hand, seen, &mut buf)?;
        Ok(buf[..n].iter().flatten().copied().collect())
    }

    /// Improvement tiles (改良) of a 3k+1 hand: draws that do not lower shanten but after which
    /// some discard keeps the shanten with a larger ukeire count. Counts are taken over the
    /// 14 tiles after the draw. Returns each such tile with the best count it reaches (none
    /// for a 3k+2 hand); an error as for [`Engine::ukeire`].
    pub fn improvements(&self, hand: &Hand, seen: &Counts) -> Result<Vec<(Tile, u32)>, HandError> {
        if hand.is_complete_count() {
            remaining(hand, seen, self.in_play)?;
            return Ok(Vec::new());
        }
        let (_, improving, base_shanten, ukeire) = self.evaluate(hand, seen)?;
        let base = ukeire.count;
        let mut out = Vec::new();
        for t in Tile::all() {
            if improving >> t.index() & 1 == 1 {
                continue;
            }
            // Only draws that can happen: a copy of `t` left unseen.
            let Some(drawn) = hand.with_tile(t) else {
                continue;
            };
            let Ok(report) = self.discards(&drawn, seen) else {
                continue;
            };
            let best = report
                .iter()
                .filter(|d| d.tile != t && d.shanten == base_shanten)
                .map(|d| d.ukeire.count)
                .max();
            if let Some(b) = best.filter(|&b| b > base) {
                out.push((t, b));
            }
        }
        Ok(out)
    }
}

/// The copies of each kind left to draw: 4 minus the hand's visible tiles (concealed and
/// declared) and `seen`; an error naming the first kind visible more than 4 times, or the
/// first kind out of play (`in_play`) that the hand or `seen` holds.
#[inline(always)]
fn remaining(hand: &Hand, seen: &Counts, in_play: u64) -> Result<Remaining, HandError> {
    let visible = hand.visible();
    if in_play != (1 << KINDS) - 1 {
        let out = (kinds_present(&visible) | kinds_present(seen)) & !in_play;
        if out != 0 {
            return Err(HandError::NotInPlay {
                tile: Tile::from_index(out.trailing_zeros() as usize),
            });
        }
    }
    // Saturating adds and a maximum over the 34 kinds (SSE2: paddusb, pmaxub); the kind is
    // looked for only on error.
    let mut total = [0u8; KINDS];
    let mut most = 0u8;
    for i in 0..KINDS {
        total[i] = visible[i].saturating_add(seen[i]);
        most = most.max(total[i]);
    }
    if most > COPIES {
        let i = (0..KINDS)
            .find(|&i| visible[i] as u32 + seen[i] as u32 > COPIES as u32)
            .unwrap_or(0);
        return Err(HandError::TooManyCopies {
            tile: Tile::from_index(i),
            place: CopiesPlace::Visible,
        });
    }
    Ok(Remaining::new(&total))
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
    // The special forms a hand with its declared melds can take are the ones measured.
    let special: Vec<Form> = engine.forms(hand).special_at(0).collect();
    decompose::readings(
        hand,
        engine.rules(),
        engine.group_tables(),
        &engine.kind_sets(hand),
        &special,
        limit,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Meld;

    /// The presets whose sets of deciding forms [`Engine::pick_shanten`] walks as known sets.
    const KNOWN: [(&str, u8); 2] = [
        ("guobiao", FormSet::GUOBIAO),
        ("nanchang", FormSet::NANCHANG),
    ];

    /// Numbers below `n` from a linear congruential sequence started at `seed`.
    fn below(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        }
    }

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
