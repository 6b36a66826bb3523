//! The winning forms: melds and a pair (the standard form, from the tables: see
//! [`crate::combine`]) and the special forms, one module each, all of the same shape.
//!
//! [`Form::SPECIAL`] is the registry of the special forms. Every place that asks about forms —
//! the win screens, [`FormDistances`], `is_win`, `shanten`, the improving tiles behind waits,
//! ukeire and discards, and decompositions — iterates it (through [`FormSet`], the forms a
//! set of rules allows), so a form cannot be known to one answer and missing from another.
//!
//! Each special-form module gives, from counts and bit masks (no tables):
//! * `allowed(rules)`: whether the rules play it;
//! * `missing(view)`: the fewest tiles to draw so that the hand's tiles and wildcards hold a
//!   complete hand of that form (shanten is `missing - 1`; a 14-tile hand wins iff `0`), or
//!   anything at or above `view.bound` when it is not below;
//! * `wins(view)`: `missing(view) == 0`, with the form's own cheap screen first;
//! * `improving(view, real, wild)`: the real kinds whose draw lowers `missing`;
//! * `screen()`: a necessary condition on the kind masks of a hand without wildcards;
//! * `readings(real, wild_tiles, rules, kinds)`: the sets of one reading of a winning hand,
//!   with what each wildcard stands for (one of `kinds`: in play, less a lacked suit).
//!
//! Adding a form is one module, one variant of [`Form`] and its place in [`Form::SPECIAL`];
//! the `match`es below make the compiler list every other place.
//!
//! ```
//! use hupai::{Engine, Form, Hand, Rules};
//! let engine = Engine::new(Rules::nanchang());
//! let hand: Hand = "147m25p36s1234567z".parse().unwrap();
//! let d = engine.forms(&hand);
//! assert_eq!(d.get(Form::Qixing), Some(0)); // 七星十三烂
//! assert_eq!(d.get(Form::ThirteenOrphans), None); // not played in nanchang
//! ```

pub(crate) mod knitted_straight;
mod qixing;
mod qixing_bukao;
mod quanbukao;
mod seven_pairs;
mod shisanlan;
mod thirteen_orphans;

pub(crate) use knitted_straight::{knitted_screen, within_arrangement};

use std::cmp::Ordering;

use crate::decompose::Set;
use crate::rules::Rules;
use crate::kinds::MaskField;
use crate::tile::{Counts, Tile, TileSet};

/// A winning form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Form {
    /// Melds and one pair.
    Standard,
    /// Seven pairs.
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
    /// 十三烂: 14 distinct tiles, same-suit tiles 3 or more apart, honors distinct.
    Shisanlan,
    /// 七星十三烂: a 十三烂 holding all 7 honors.
    Qixing,
    /// 全不靠 (国标): 14 distinct tiles, the suited ones of one knitted arrangement.
    Quanbukao,
    /// 七星不靠 (国标): a 全不靠 holding all 7 honors.
    QixingBukao,
    /// 组合龙 (国标 knitted straight): one knitted arrangement, a meld and a pair.
    KnittedStraight,
}

/// How many special forms there are.
const SPECIAL_COUNT: usize = 7;

impl Form {
    /// The special forms, in the order answers list them.
    pub const SPECIAL: [Form; SPECIAL_COUNT] = [
        Form::SevenPairs,
        Form::ThirteenOrphans,
        Form::Qixing,
        Form::Shisanlan,
        Form::QixingBukao,
        Form::Quanbukao,
        Form::KnittedStraight,
    ];

    /// The name a player reads.
    ///
    /// ```
    /// assert_eq!(hupai::Form::SevenPairs.name(), "seven pairs");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Form::Standard => "melds and a pair",
            Form::SevenPairs => "seven pairs",
            Form::ThirteenOrphans => "thirteen orphans",
            Form::Shisanlan => "shisanlan (十三烂)",
            Form::Qixing => "qixing shisanlan (七星十三烂)",
            Form::Quanbukao => "quanbukao (全不靠)",
            Form::QixingBukao => "qixing bukao (七星不靠)",
            Form::KnittedStraight => "knitted straight (组合龙)",
        }
    }

    /// Whether `rules` play this form (the standard form always).
    ///
    /// ```
    /// use hupai::{Form, Rules};
    /// assert!(Form::ThirteenOrphans.allowed(&Rules::riichi()));
    /// assert!(!Form::Shisanlan.allowed(&Rules::riichi()));
    /// ```
    pub fn allowed(self, rules: &Rules) -> bool {
        let played = match self {
            Form::Standard => true,
            Form::SevenPairs => seven_pairs::allowed(rules),
            Form::ThirteenOrphans => thirteen_orphans::allowed(rules),
            Form::Shisanlan => shisanlan::allowed(rules),
            Form::Qixing => qixing::allowed(rules),
            Form::Quanbukao => quanbukao::allowed(rules),
            Form::QixingBukao => qixing_bukao::allowed(rules),
            Form::KnittedStraight => knitted_straight::allowed(rules),
        };
        played && self.reachable(rules)
    }

    /// Whether a hand of this form can exist under the tiles in play and 缺一门: the forms
    /// past seven pairs hold all three suits, and all but the knitted straight need honors.
    ///
    /// ```
    /// use hupai::{Form, Rules};
    /// assert!(!Form::ThirteenOrphans.allowed(&Rules { thirteen_orphans: true, ..Rules::sichuan() }));
    /// assert!(Form::SevenPairs.allowed(&Rules::sichuan()));
    /// ```
    fn reachable(self, rules: &Rules) -> bool {
        let (honors, three_suits) = self.needs();
        (!honors || rules.honors_in_play()) && (!three_suits || !rules.lack_suit)
    }

    /// Whether every complete hand of the form holds honors, and whether it holds all three
    /// suits.
    const fn needs(self) -> (bool, bool) {
        match self {
            Form::Standard | Form::SevenPairs => (false, false),
            Form::ThirteenOrphans
            | Form::Shisanlan
            | Form::Qixing
            | Form::Quanbukao
            | Form::QixingBukao => (true, true),
            Form::KnittedStraight => (false, true),
        }
    }

    /// Under 缺一门 only cheap forms are reachable (the others hold all three suits), so
    /// [`FormSet::fewest_missing`] may be asked without its costly part there.
    pub(crate) const LACKING_TAKES_CHEAP_FORMS: () = {
        let mut i = 0;
        while i < SPECIAL_COUNT {
            assert!(Form::SPECIAL[i].is_cheap() || Form::SPECIAL[i].needs().1);
            i += 1;
        }
    };

    /// How many declared melds the form takes: one for the knitted straight (its meld), none
    /// for the other special forms.
    ///
    /// ```
    /// assert_eq!(hupai::Form::KnittedStraight.max_declared(), 1);
    /// assert_eq!(hupai::Form::SevenPairs.max_declared(), 0);
    /// ```
    pub const fn max_declared(self) -> usize {
        match self {
            Form::Standard => 4,
            Form::KnittedStraight => 1,
            _ => 0,
        }
    }

    /// The form every complete hand of this one also completes, if any: 七星十三烂 is a
    /// 十三烂 holding all seven honors, 七星不靠 a 全不靠 holding them. Such a form is never
    /// nearer than the one it lies within (its targets are some of the other's), so where
    /// both are played, the shanten and the win check leave it out; its own distance is
    /// still reported ([`FormDistances`]).
    const fn within(self) -> Option<Form> {
        match self {
            Form::Qixing => Some(Form::Shisanlan),
            Form::QixingBukao => Some(Form::Quanbukao),
            _ => None,
        }
    }

    /// A hand that may take a form may take the form it lies within.
    const WITHIN_TAKES_AS_MANY: () = {
        let mut i = 0;
        while i < SPECIAL_COUNT {
            if let Some(outer) = Form::SPECIAL[i].within() {
                assert!(Form::SPECIAL[i].max_declared() <= outer.max_declared());
            }
            i += 1;
        }
    };

    /// Place in [`Form::SPECIAL`] (the standard form has none).
    fn special_index(self) -> Option<usize> {
        Form::SPECIAL.iter().position(|&f| f == self)
    }

    /// Whether the form's missing count is a few operations on the summed auxiliary words,
    /// cheaper to compute than to branch around ([`FormSet::fewest_missing`]).
    #[inline(always)]
    const fn is_cheap(self) -> bool {
        match self {
            Form::Standard
            | Form::Shisanlan
            | Form::Qixing
            | Form::Quanbukao
            | Form::QixingBukao
            | Form::KnittedStraight => false,
            Form::SevenPairs | Form::ThirteenOrphans => true,
        }
    }

    /// Whether the form reads [`View::knitted`]: the forms of the knitted arrangements.
    const fn is_knitted(self) -> bool {
        matches!(
            self,
            Form::Quanbukao | Form::QixingBukao | Form::KnittedStraight
        )
    }

    /// Missing tiles of a special form (the standard form is the tables' business).
    #[inline(always)]
    pub(crate) fn missing(self, v: &View) -> u8 {
        match self {
            Form::Standard => unreachable!("the standard form is combined from the tables"),
            Form::SevenPairs => seven_pairs::missing(v),
            Form::ThirteenOrphans => thirteen_orphans::missing(v),
            Form::Shisanlan => shisanlan::missing(v),
            Form::Qixing => qixing::missing(v),
            Form::Quanbukao => quanbukao::missing(v),
            Form::QixingBukao => qixing_bukao::missing(v),
            Form::KnittedStraight => knitted_straight::missing(v),
        }
    }

    /// [`Form::missing`] for rules known to play no switch that a form reads beyond its plain
    /// path (`knitted_straight::plays_other_switches`): the path of a known set of forms.
    #[inline(always)]
    pub(crate) fn missing_plain(self, v: &View) -> u8 {
        match self {
            Form::KnittedStraight => knitted_straight::missing_plain(v),
            _ => self.missing(v),
        }
    }

    /// Whether a 14-tile hand wins in this special form.
    #[inline(always)]
    pub(crate) fn wins(self, v: &View) -> bool {
        match self {
            Form::Standard => unreachable!("the standard form is combined from the tables"),
            Form::SevenPairs => seven_pairs::wins(v),
            Form::ThirteenOrphans => thirteen_orphans::wins(v),
            Form::Shisanlan => shisanlan::wins(v),
            Form::Qixing => qixing::wins(v),
            Form::Quanbukao => quanbukao::wins(v),
            Form::QixingBukao => qixing_bukao::wins(v),
            Form::KnittedStraight => knitted_straight::wins(v),
        }
    }

    /// Real kinds whose draw lowers this special form's missing tiles.
    pub(crate) fn improving(self, v: &View, real: &Counts, wild: TileSet) -> u64 {
        match self {
            Form::Standard => unreachable!("the standard form is combined from the tables"),
            Form::SevenPairs => seven_pairs::improving(v, real, wild),
            Form::ThirteenOrphans => thirteen_orphans::improving(v, real, wild),
            Form::Shisanlan => shisanlan::improving(v, real, wild),
            Form::Qixing => qixing::improving(v, real, wild),
            Form::Quanbukao => quanbukao::improving(v, real, wild),
            Form::QixingBukao => qixing_bukao::improving(v, real, wild),
            Form::KnittedStraight => knitted_straight::improving(v, real, wild),
        }
    }

    /// The win screen of this special form (hands without wildcards).
    pub(crate) fn screen(self) -> Screen {
        match self {
            Form::Standard => unreachable!("the standard form has its own screen"),
            Form::SevenPairs => seven_pairs::screen(),
            Form::ThirteenOrphans => thirteen_orphans::screen(),
            Form::Shisanlan => shisanlan::screen(),
            Form::Qixing => qixing::screen(),
            Form::Quanbukao => quanbukao::screen(),
            Form::QixingBukao => qixing_bukao::screen(),
            Form::KnittedStraight => knitted_straight::screen(),
        }
    }

    /// One reading of a hand that wins in this special form.
    pub(crate) fn readings(
        self,
        real: &Counts,
        wild_tiles: &[Tile],
        rules: &Rules,
        kinds: u64,
    ) -> Option<Vec<Set>> {
        match self {
            Form::Standard => unreachable!("standard readings come from the tables"),
            Form::SevenPairs => seven_pairs::readings(real, wild_tiles, rules, kinds),
            Form::ThirteenOrphans => thirteen_orphans::readings(real, wild_tiles, rules, kinds),
            Form::Shisanlan => shisanlan::readings(real, wild_tiles, rules, kinds),
            Form::Qixing => qixing::readings(real, wild_tiles, rules, kinds),
            Form::Quanbukao => quanbukao::readings(real, wild_tiles, rules, kinds),
            Form::QixingBukao => qixing_bukao::readings(real, wild_tiles, rules, kinds),
            Form::KnittedStraight => knitted_straight::readings(real, wild_tiles, rules, kinds),
        }
    }
}

/// What the special forms read of a hand: all from the looked-up groups and the wildcards.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    /// The summed auxiliary words of the four groups ([`crate::table::aux`]).
    pub sum: u64,
    /// The looked-up groups (the forms that need presence masks read them here).
    pub groups: &'a crate::combine::Groups,
    /// The wildcards held.
    pub wilds: &'a Wilds,
    /// The rules (form variants).
    pub rules: &'a Rules,
    /// The group tables the knitted straight looks up what is left of its arrangement in (no
    /// 258 pair, which binds the standard form only: `groups` may come from other tables).
    pub tables: &'a crate::combine::GroupTables<'a>,
    /// Melds the concealed tiles must form (4 − declared).
    pub melds: usize,
    /// The excess budget ([`crate::combine::excess_budget`]).
    pub budget: u8,
    /// Groups that hold nothing (out of play, a lacked suit).
    pub absent: u8,
    /// A distance already reached by another form: a form may answer anything at or above it
    /// when its own is not below (it may stop early). [`u8::MAX`] asks for exact distances.
    pub bound: u8,
    /// The most knitted places the groups' real kinds fill over the six arrangements, worked
    /// out once for the three forms that read it (全不靠, 七星不靠, 组合龙), or
    /// [`View::NOT_ASKED`]: read it through [`View::knitted_most`].
    pub knitted: u8,
    /// Count planes of the real tiles, as the hand keeps them: bit
    /// [`spaced_bit`](crate::kinds::spaced_bit)`(i)` of `planes[k]` is set when kind `i` is
    /// held more than `k` times (组合龙 bounds what its meld and pair miss from them). Views
    /// of rules that play no knitted form may carry planes that read as four of every kind
    /// instead (the analysis' states work the planes out only where a form reads them).
    pub planes: &'a [u64; 4],
}

impl View<'_> {
    /// [`View::knitted`] when the view was built without it (rules that play no knitted
    /// form, or groups changed since).
    pub const NOT_ASKED: u8 = u8::MAX;

    /// The most knitted places the groups' real kinds fill over the six arrangements.
    #[inline(always)]
    pub fn knitted_most(&self) -> u8 {
        if self.knitted != View::NOT_ASKED {
            self.knitted
        } else {
            View::knitted_of(self.groups)
        }
    }

    /// The most knitted places the real kinds of `groups` fill over the six arrangements.
    #[inline(always)]
    pub fn knitted_of(groups: &crate::combine::Groups) -> u8 {
        knitted_straight::knitted_most(groups.presence().0)
    }
}

/// Per presence mask of the honors (7 bits), the kinds it holds: a table, as the x86_64
/// baseline has no popcount instruction (its software count cost ~10 instructions a
/// `guobiao` shanten).
static HONORS_HELD: [u8; 128] = {
    let mut out = [0u8; 128];
    let mut mask = 0;
    while mask < 128 {
        out[mask] = (mask as u8).count_ones() as u8;
        mask += 1;
    }
    out
};

/// The honor kinds of a 7-bit honors mask (presence, or the wild honor kinds).
#[inline(always)]
pub(super) fn honors_held(mask: u8) -> u8 {
    HONORS_HELD[mask as usize & 127]
}

/// A necessary condition for a special-form win without wildcards, on the hand's kind masks
/// ([`crate::kinds::KindMasks`], spaced layout).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Screen {
    /// The mask `field` has none of the `forbidden` kinds (and no meld is declared).
    Forbid { field: MaskField, forbidden: u64 },
    /// The held kinds (spaced layout) include all nine of one knitted arrangement, and at
    /// most one meld is declared ([`knitted_screen`]): the knitted straight's, which a mask
    /// and its forbidden kinds cannot say. A variant rather than a function pointer, so the
    /// win screen inlines it (measured under `guobiao`: 115 → 102 win-check instructions a
    /// hand).
    KnittedArrangement,
    /// No kind held twice, and the held suit kinds within one knitted arrangement (no meld
    /// declared): 全不靠's and 七星不靠's. A mask of forbidden kinds cannot say the second half
    /// (measured under `guobiao`: win checks 98 → 91 instructions a hand, the ~4% of hands
    /// without a pair no longer going on to the forms).
    WithinArrangement,
}

/// What a known set of forms answers from its bits ([`FormSet::places`]).
#[derive(Clone, Copy)]
enum Property {
    /// Not [`Form::is_cheap`].
    Costly,
    /// Reads [`View::knitted`].
    Knitted,
}

/// The special forms a set of rules plays: one flag per registry entry, walked in registry
/// order with each form known at compile time (measured against a list of the played forms
/// kept beside the flags: 13-tile ukeire 1,567 → 1,547 instructions per hand, shanten and the
/// win check the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FormSet {
    /// Per entry of [`Form::SPECIAL`], whether it is in the set.
    allowed: [bool; SPECIAL_COUNT],
    /// Per entry, whether it is in the set and not within another form of the set
    /// ([`Form::within`]): the forms that decide the shanten and the win check.
    deciding: [bool; SPECIAL_COUNT],
    /// `deciding` as [`FormSet::bits`].
    deciding_bits: u8,
    /// Whether a deciding form that is not cheap ([`Form::is_cheap`]) is in the set.
    costly: bool,
    /// Whether a form that reads [`View::knitted`] is in the set.
    knits: bool,
    /// Whether no form is in the set.
    empty: bool,
}

impl FormSet {
    /// The special forms `rules` allow.
    pub fn of(rules: &Rules) -> FormSet {
        let () = Form::WITHIN_TAKES_AS_MANY;
        let allowed = Form::SPECIAL.map(|f| f.allowed(rules));
        let deciding = std::array::from_fn(|i| {
            let outer = Form::SPECIAL[i].within().and_then(Form::special_index);
            allowed[i] && !outer.is_some_and(|o| allowed[o])
        });
        FormSet {
            allowed,
            deciding,
            deciding_bits: (0..SPECIAL_COUNT)
                .filter(|&i| deciding[i])
                .fold(0, |b, i| b | 1 << i),
            costly: (0..SPECIAL_COUNT).any(|i| deciding[i] && !Form::SPECIAL[i].is_cheap()),
            knits: (0..SPECIAL_COUNT).any(|i| allowed[i] && Form::SPECIAL[i].is_knitted()),
            empty: !allowed.contains(&true),
        }
    }

    /// [`FormSet::fewest_missing`]'s `SET` for a set whose deciding forms are read at run
    /// time (a value no set of deciding forms has: the registry has seven places).
    pub const ASK: u8 = 1 << SPECIAL_COUNT;

    /// The deciding forms of a set, one bit per place of [`Form::SPECIAL`]: a `SET` for
    /// [`FormSet::fewest_missing`] that makes the set known at compile time.
    pub const fn bits(forms: &[Form]) -> u8 {
        let mut out = 0;
        let mut f = 0;
        while f < forms.len() {
            let mut i = 0;
            while i < SPECIAL_COUNT {
                if Form::SPECIAL[i] as u8 == forms[f] as u8 {
                    out |= 1 << i;
                }
                i += 1;
            }
            f += 1;
        }
        out
    }

    /// The deciding forms of `guobiao` (七星不靠 lies within 全不靠).
    pub const GUOBIAO: u8 = FormSet::bits(&[
        Form::SevenPairs,
        Form::ThirteenOrphans,
        Form::Quanbukao,
        Form::KnittedStraight,
    ]);

    /// The deciding forms of `nanchang` (七星十三烂 lies within 十三烂).
    pub const NANCHANG: u8 = FormSet::bits(&[Form::SevenPairs, Form::Shisanlan]);

    /// This set's deciding forms as [`FormSet::bits`].
    #[inline(always)]
    pub fn deciding_bits(&self) -> u8 {
        self.deciding_bits
    }

    /// Whether a costly form decides ([`FormSet::is_costly`]): from `SET` where it names the
    /// set, else from the flags.
    #[inline(always)]
    pub fn is_costly_in<const SET: u8>(&self) -> bool {
        FormSet::known_or::<SET>(const { FormSet::places(Property::Costly) }, self.costly)
    }

    /// Whether a form of the set reads [`View::knitted`] ([`FormSet::knits`]): from `SET`
    /// where it names the set (its deciding forms: one a form lies within knits too), else
    /// from the flags.
    #[inline(always)]
    pub fn knits_in<const SET: u8>(&self) -> bool {
        FormSet::known_or::<SET>(const { FormSet::places(Property::Knitted) }, self.knits)
    }

    /// Whether `SET` holds a form of `places` where it names a set, else `flag`.
    #[inline(always)]
    fn known_or<const SET: u8>(places: u8, flag: bool) -> bool {
        if SET == FormSet::ASK {
            flag
        } else {
            SET & places != 0
        }
    }

    /// The most declared melds a form of the set takes ([`FormSet::max_declared`]): from
    /// `SET` where it names the set (its deciding forms: a form lies within one that takes as
    /// many), else `None`.
    pub const fn max_declared_in(set: u8) -> Option<usize> {
        if set == FormSet::ASK {
            return None;
        }
        let mut out = 0;
        let mut i = 0;
        while i < SPECIAL_COUNT {
            let most = Form::SPECIAL[i].max_declared();
            if set >> i & 1 == 1 && most > out {
                out = most;
            }
            i += 1;
        }
        Some(out)
    }

    /// The places of the registry whose form has `property`, as [`FormSet::bits`].
    const fn places(property: Property) -> u8 {
        let mut out = 0;
        let mut i = 0;
        while i < SPECIAL_COUNT {
            let form = Form::SPECIAL[i];
            let has = match property {
                Property::Costly => !form.is_cheap(),
                Property::Knitted => form.is_knitted(),
            };
            if has {
                out |= 1 << i;
            }
            i += 1;
        }
        out
    }

    /// Whether the form at place `I` decides: from `SET` where it names the set, else from
    /// the flags.
    #[inline(always)]
    fn decides<const I: usize, const SET: u8>(&self) -> bool {
        if SET == FormSet::ASK {
            self.deciding[I]
        } else {
            SET >> I & 1 == 1
        }
    }

    /// The forms, in registry order. The walk is over the registry itself, so that it unrolls
    /// with each form known at compile time.
    #[inline(always)]
    pub fn iter(&self) -> impl Iterator<Item = Form> + '_ {
        (0..SPECIAL_COUNT)
            .filter(|&i| self.allowed[i])
            .map(|i| Form::SPECIAL[i])
    }

    /// Whether no special form is played.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.empty
    }

    /// Whether a form that is not [`Form::is_cheap`] decides for the set.
    #[inline(always)]
    pub fn is_costly(&self) -> bool {
        self.costly
    }

    /// Whether a form of the set reads [`View::knitted`].
    #[inline(always)]
    pub fn knits(&self) -> bool {
        self.knits
    }

    /// The fewest missing tiles over the forms of the set, or `u8::MAX` if it is empty.
    ///
    /// The registry is walked with each form known at compile time (one `entry::<I>` per
    /// place, written out: a loop over seven places no longer unrolls, and shanten then costs
    /// ~580 instead of ~430 instructions a hand), so each `missing` is a direct inlined call:
    /// the cheap forms are computed whether played or not and kept by a select, the others
    /// behind a branch that always goes the same way. (Measured on 13-tile riichi hands:
    /// 4.5 ns per hand for the special forms, as before the registry, against 8.5 ns for a
    /// walk of the set's list.)
    ///
    /// `COSTLY`: whether the set may play a costly form; with `false` (the caller knows
    /// [`FormSet::is_costly`] is false) their code is left out, so a caller that inlines this
    /// stays small.
    ///
    /// `SET`: this set's [`FormSet::deciding_bits`], or [`FormSet::ASK`] to read them at run
    /// time. Known, the forms the set does not play leave no code and no test behind
    /// (measured: shanten 578 → 553 instructions a hand under `guobiao`, 1,214 → 1,151 under
    /// `nanchang`).
    #[inline(always)]
    pub fn fewest_missing<const COSTLY: bool, const SET: u8>(&self, v: &View) -> u8 {
        debug_assert!(SET == FormSet::ASK || SET == self.deciding_bits());
        const _: () = assert!(SPECIAL_COUNT == 7, "one entry per place of the registry");
        // The cheap forms lead the registry, so rules that play none of the others (riichi,
        // chinese) stop after them.
        const _: () = assert!(Form::SPECIAL[0].is_cheap() && Form::SPECIAL[1].is_cheap());
        let declared = 4 - v.melds;
        let mut best = u8::MAX;
        best = self.entry::<0, SET>(v, declared, best);
        best = self.entry::<1, SET>(v, declared, best);
        if !COSTLY || !self.is_costly_in::<SET>() {
            return best;
        }
        best = self.entry::<2, SET>(v, declared, best);
        best = self.entry::<3, SET>(v, declared, best);
        best = self.entry::<4, SET>(v, declared, best);
        best = self.entry::<5, SET>(v, declared, best);
        self.entry::<6, SET>(v, declared, best)
    }

    /// Whether a 14-tile hand wins in a form of the set (one it can take with `4 - v.melds`
    /// declared melds), walked like [`FormSet::fewest_missing`]: each form known at compile
    /// time (measured under `guobiao`, against an iterator over the forms: the ~4% of win
    /// checks that pass the special forms' screens cost ~350 → ~245 instructions each).
    #[inline(always)]
    pub fn any_wins(&self, v: &View) -> bool {
        let declared = 4 - v.melds;
        self.wins_at::<0>(v, declared)
            || self.wins_at::<1>(v, declared)
            || self.wins_at::<2>(v, declared)
            || self.wins_at::<3>(v, declared)
            || self.wins_at::<4>(v, declared)
            || self.wins_at::<5>(v, declared)
            || self.wins_at::<6>(v, declared)
    }

    /// [`FormSet::any_wins`]'s step for the form at place `I` of the registry.
    #[inline(always)]
    fn wins_at<const I: usize>(&self, v: &View, declared: usize) -> bool {
        let f = Form::SPECIAL[I];
        self.deciding[I] && declared <= f.max_declared() && f.wins(v)
    }

    /// Records the missing tiles of every form of the set a hand with `v.melds` melds to form
    /// can take, walked like [`FormSet::fewest_missing`] (each form known at compile time).
    #[inline(always)]
    pub fn record(&self, v: &View, f: &mut FormDistances) {
        let declared = 4 - v.melds;
        self.record_one::<0>(v, declared, f);
        self.record_one::<1>(v, declared, f);
        if !self.costly {
            return;
        }
        self.record_one::<2>(v, declared, f);
        self.record_one::<3>(v, declared, f);
        self.record_one::<4>(v, declared, f);
        self.record_one::<5>(v, declared, f);
        self.record_one::<6>(v, declared, f);
    }

    /// [`FormSet::record`]'s step for the form at place `I` of the registry.
    #[inline(always)]
    fn record_one<const I: usize>(&self, v: &View, declared: usize, f: &mut FormDistances) {
        let form = Form::SPECIAL[I];
        if self.allowed[I] && declared <= form.max_declared() {
            f.set(I, form.missing(v));
        }
    }

    /// [`FormSet::fewest_missing`]'s step for the form at place `I` of the registry.
    #[inline(always)]
    fn entry<const I: usize, const SET: u8>(&self, v: &View, declared: usize, best: u8) -> u8 {
        let f = Form::SPECIAL[I];
        let played = self.decides::<I, SET>() && declared <= f.max_declared();
        if f.is_cheap() {
            let m = f.missing(v);
            best.min(if played { m } else { u8::MAX })
        } else if played {
            // What the forms so far reached bounds this one (it may stop early).
            let bounded = View {
                bound: best.min(v.bound),
                ..*v
            };
            // A known set's rules play no switch a form reads beyond its plain path
            // (`Engine::pick_shanten`).
            let m = if SET == FormSet::ASK {
                f.missing(&bounded)
            } else {
                f.missing_plain(&bounded)
            };
            best.min(m)
        } else {
            best
        }
    }

    /// The deciding forms of the set (not within another form of it): a hand wins in some
    /// form of the set iff it wins in one of these.
    #[inline(always)]
    pub fn deciding(&self) -> impl Iterator<Item = Form> + '_ {
        (0..SPECIAL_COUNT)
            .filter(|&i| self.deciding[i])
            .map(|i| Form::SPECIAL[i])
    }

    /// The most declared melds any form of the set takes (0 for an empty set).
    pub fn max_declared(&self) -> usize {
        self.iter().map(Form::max_declared).max().unwrap_or(0)
    }
}

/// Missing tiles per form of a hand: `None` where the rules do not play a form or the hand
/// cannot take it (declared melds rule the special forms out).
///
/// ```
/// use hupai::{Engine, Form, Hand, Rules};
/// let engine = Engine::new(Rules::riichi());
/// let d = engine.forms(&"119m19p19s1234567z".parse::<Hand>().unwrap());
/// assert_eq!(d.get(Form::ThirteenOrphans), Some(0)); // a win
/// assert_eq!(d.get(Form::Standard), Some(d.standard));
/// assert_eq!(d.best(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormDistances {
    /// Melds and one pair.
    pub standard: u8,
    special: [Option<u8>; SPECIAL_COUNT],
    /// The fewest of `special` (`u8::MAX` if none): kept as they are recorded, so that
    /// [`FormDistances::best`] and [`FormDistances::special_at`] need no walk over the
    /// registry (they ran on every ukeire: ~40 instructions a hand).
    nearest: u8,
    /// The places of `special` at `nearest` (bit `i` for place `i`), kept the same way.
    at_nearest: u8,
}

impl FormDistances {
    /// No form reachable (缺一门 with melds of all three suits).
    pub(crate) const UNREACHABLE: FormDistances = FormDistances {
        standard: u8::MAX,
        special: [None; SPECIAL_COUNT],
        nearest: u8::MAX,
        at_nearest: 0,
    };

    /// Form by form, the fewer missing tiles of two (a form either plays counts).
    pub(crate) fn min(self, other: FormDistances) -> FormDistances {
        let mut special = self.special;
        for (a, b) in special.iter_mut().zip(other.special) {
            *a = match (*a, b) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, y) => x.or(y),
            };
        }
        let nearest = self.nearest.min(other.nearest);
        FormDistances {
            standard: self.standard.min(other.standard),
            special,
            nearest,
            at_nearest: places_at(&special, nearest),
        }
    }

    /// Only the standard form.
    pub(crate) fn standard(standard: u8) -> FormDistances {
        FormDistances {
            standard,
            special: [None; SPECIAL_COUNT],
            nearest: u8::MAX,
            at_nearest: 0,
        }
    }

    /// Records a special form's missing tiles, once per place (`nearest` and `at_nearest`
    /// only ever come down; `min` recomputes them).
    #[inline(always)]
    fn set(&mut self, i: usize, missing: u8) {
        self.special[i] = Some(missing);
        if missing < self.nearest {
            self.nearest = missing;
            self.at_nearest = 0;
        }
        if missing == self.nearest {
            self.at_nearest |= 1 << i;
        }
    }

    /// Missing tiles of a form (`None`: not played, or ruled out by declared melds).
    pub fn get(&self, form: Form) -> Option<u8> {
        match form.special_index() {
            Some(i) => self.special[i],
            None => Some(self.standard),
        }
    }

    /// Fewest missing tiles over all allowed forms.
    #[inline(always)]
    pub fn best(&self) -> u8 {
        self.standard.min(self.nearest)
    }

    /// The special forms at a given distance, in registry order.
    pub(crate) fn special_at(&self, missing: u8) -> impl Iterator<Item = Form> {
        // Most hands: no special form that near (no walk), or the nearest (kept as recorded).
        let mut places = match self.nearest.cmp(&missing) {
            Ordering::Greater => 0,
            Ordering::Equal => self.at_nearest,
            Ordering::Less => places_at(&self.special, missing),
        };
        std::iter::from_fn(move || {
            (places != 0).then(|| {
                let i = places.trailing_zeros() as usize;
                places &= places - 1;
                Form::SPECIAL[i]
            })
        })
    }
}

/// The places of `special` (bit `i` for place `i`) at `missing` tiles.
fn places_at(special: &[Option<u8>; SPECIAL_COUNT], missing: u8) -> u8 {
    (0..SPECIAL_COUNT)
        .filter(|&i| special[i] == Some(missing))
        .fold(0, |m, i| m | 1 << i)
}

/// The wildcards of a hand, as the special forms need to see them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wilds {
    /// All wildcards.
    pub total: u8,
    /// Honor kinds (bit `i` = `(i+1)z`) that are wild and held.
    pub honor_kinds: u8,
    /// Wildcards whose kind is an honor.
    pub honor_copies: u8,
}

impl Wilds {
    /// Wildcards whose kind is a suit tile.
    pub fn suit_copies(&self) -> u8 {
        self.total - self.honor_copies
    }

    /// One more wildcard of kind `t`.
    pub fn add(&mut self, t: Tile) {
        self.total += 1;
        if t.is_honor() {
            self.honor_copies += 1;
            self.honor_kinds |= 1 << (t.number() - 1);
        }
    }

    /// One wildcard of kind `t` fewer (`left` copies of `t` remain).
    pub fn remove(&mut self, t: Tile, left: u8) {
        self.total -= 1;
        if t.is_honor() {
            self.honor_copies -= 1;
            if left == 0 {
                self.honor_kinds &= !(1 << (t.number() - 1));
            }
        }
    }
}

/// Presence masks of the three suits and the honors of real counts.
pub(crate) fn presence(real: &Counts) -> ([usize; 3], u8) {
    let mut suits = [0usize; 3];
    for (s, m) in suits.iter_mut().enumerate() {
        for n in 0..9 {
            if real[9 * s + n] > 0 {
                *m |= 1 << n;
            }
        }
    }
    let mut honors = 0u8;
    for n in 0..7 {
        if real[27 + n] > 0 {
            honors |= 1 << n;
        }
    }
    (suits, honors)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms at `missing`, read off the distances one by one (the definition).
    fn walked(d: &FormDistances, missing: u8) -> Vec<Form> {
        Form::SPECIAL
            .into_iter()
            .filter(|&f| d.get(f) == Some(missing))
            .collect()
    }

    #[test]
    fn special_at_matches_the_distances_it_was_recorded_from() {
        let mut seed = 11u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let random = |next: &mut dyn FnMut(u64) -> u64| {
            let mut d = FormDistances::standard(next(15) as u8);
            for i in 0..SPECIAL_COUNT {
                if next(3) != 0 {
                    d.set(i, next(8) as u8);
                }
            }
            d
        };
        for _ in 0..100_000 {
            let a = random(&mut next);
            let b = random(&mut next);
            for d in [a, b, a.min(b)] {
                let nearest = Form::SPECIAL.iter().filter_map(|&f| d.get(f)).min();
                assert_eq!(d.nearest, nearest.unwrap_or(u8::MAX));
                assert_eq!(d.best(), d.standard.min(d.nearest));
                for missing in 0..=15 {
                    let got: Vec<Form> = d.special_at(missing).collect();
                    assert_eq!(got, walked(&d, missing), "{d:?} at {missing}");
                }
            }
        }
    }
}
