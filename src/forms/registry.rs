//! The registry of winning forms: [`Form`], the special forms in [`Form::SPECIAL`], and the
//! dispatch from a form to its module. The only file of `forms/` that knows every form.

use super::view::{Screen, View};
use super::{knitted_straight, quanbukao, seven_pairs, shisanlan, thirteen_orphans};
use crate::decomposition_set::Set;
use crate::rules::{Pattern, Rules};
use crate::tile::{Counts, Tile, TileSet};

/// A form of a family without its seven-honor variant (十三烂, 全不靠).
const PLAIN: bool = false;
/// The seven-honor variant of a family (七星十三烂, 七星不靠).
const STARS: bool = true;

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
    /// A win pattern of the rules ([`Rules::patterns`]): in distances, the pattern's own
    /// missing tiles; in a decomposition, a pattern won in no meld shape (将将胡, 全风向, 四红中 in
    /// any arrangement).
    Pattern(Pattern),
}

/// How many special forms there are.
pub(super) const SPECIAL_COUNT: usize = 7;

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
            Form::Pattern(p) => p.title(),
        }
    }

    /// A number per form: 0 the standard form, 1–7 the special forms in declaration order,
    /// 8 + [`Pattern`]'s place in [`Pattern::ALL`] for a pattern's own decomposition (the C ABI's
    /// `HupaiDecomposition.form`).
    ///
    /// ```
    /// use hupai::{Form, Pattern};
    /// assert_eq!(Form::KnittedStraight.code(), 7);
    /// assert_eq!(Form::Pattern(Pattern::All258).code(), 11);
    /// ```
    pub const fn code(self) -> u8 {
        match self {
            Form::Standard => 0,
            Form::SevenPairs => 1,
            Form::ThirteenOrphans => 2,
            Form::Shisanlan => 3,
            Form::Qixing => 4,
            Form::Quanbukao => 5,
            Form::QixingBukao => 6,
            Form::KnittedStraight => 7,
            Form::Pattern(p) => 8 + p as u8,
        }
    }

    /// Whether `rules` play this form: the standard form unless the plain win is off
    /// ([`Rules::plain_win`]), a pattern when it is one of [`Rules::patterns`].
    ///
    /// ```
    /// use hupai::{Form, Rules};
    /// assert!(Form::ThirteenOrphans.allowed(&Rules::riichi()));
    /// assert!(!Form::Shisanlan.allowed(&Rules::riichi()));
    /// ```
    pub fn allowed(self, rules: &Rules) -> bool {
        let played = match self {
            Form::Standard => rules.plain_win,
            Form::Pattern(p) => return rules.patterns.contains(p),
            Form::SevenPairs => seven_pairs::allowed(rules),
            Form::ThirteenOrphans => thirteen_orphans::allowed(rules),
            Form::Shisanlan => shisanlan::allowed::<PLAIN>(rules),
            Form::Qixing => shisanlan::allowed::<STARS>(rules),
            Form::Quanbukao => quanbukao::allowed::<PLAIN>(rules),
            Form::QixingBukao => quanbukao::allowed::<STARS>(rules),
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
    pub(super) const fn needs(self) -> (bool, bool) {
        match self {
            Form::Standard | Form::SevenPairs | Form::Pattern(_) => (false, false),
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
            Form::Standard | Form::Pattern(_) => 4,
            Form::KnittedStraight => 1,
            _ => 0,
        }
    }

    /// The form every complete hand of this one also completes, if any: 七星十三烂 is a
    /// 十三烂 holding all seven honors, 七星不靠 a 全不靠 holding them. Such a form is never
    /// nearer than the one it lies within (its targets are some of the other's), so where
    /// both are played, the shanten and the win check leave it out; its own distance is
    /// still reported ([`FormDistances`]).
    pub(super) const fn within(self) -> Option<Form> {
        match self {
            Form::Qixing => Some(Form::Shisanlan),
            Form::QixingBukao => Some(Form::Quanbukao),
            _ => None,
        }
    }

    /// A hand that may take a form may take the form it lies within.
    pub(super) const WITHIN_TAKES_AS_MANY: () = {
        let mut i = 0;
        while i < SPECIAL_COUNT {
            if let Some(outer) = Form::SPECIAL[i].within() {
                assert!(Form::SPECIAL[i].max_declared() <= outer.max_declared());
            }
            i += 1;
        }
    };

    /// Place in [`Form::SPECIAL`] (the standard form has none).
    pub(super) fn special_index(self) -> Option<usize> {
        Form::SPECIAL.iter().position(|&f| f == self)
    }

    /// Whether the form's missing count is a few operations on the summed auxiliary words,
    /// cheaper to compute than to branch around ([`FormSet::fewest_missing`]).
    #[inline(always)]
    pub(super) const fn is_cheap(self) -> bool {
        match self {
            Form::Standard
            | Form::Pattern(_)
            | Form::Shisanlan
            | Form::Qixing
            | Form::Quanbukao
            | Form::QixingBukao
            | Form::KnittedStraight => false,
            Form::SevenPairs | Form::ThirteenOrphans => true,
        }
    }

    /// Whether the form reads [`View::knitted`]: the forms of the knitted arrangements.
    pub(super) const fn is_knitted(self) -> bool {
        matches!(
            self,
            Form::Quanbukao | Form::QixingBukao | Form::KnittedStraight
        )
    }

    /// Missing tiles of a special form (the standard form is the tables' business).
    #[inline(always)]
    pub(crate) fn missing(self, v: &View) -> u8 {
        match self {
            Form::Standard | Form::Pattern(_) => {
                unreachable!("the standard form and the patterns are not special forms")
            }
            Form::SevenPairs => seven_pairs::missing(v),
            Form::ThirteenOrphans => thirteen_orphans::missing(v),
            Form::Shisanlan => shisanlan::missing::<PLAIN>(v),
            Form::Qixing => shisanlan::missing::<STARS>(v),
            Form::Quanbukao => quanbukao::missing::<PLAIN>(v),
            Form::QixingBukao => quanbukao::missing::<STARS>(v),
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
            Form::Standard | Form::Pattern(_) => {
                unreachable!("the standard form and the patterns are not special forms")
            }
            Form::SevenPairs => seven_pairs::wins(v),
            Form::ThirteenOrphans => thirteen_orphans::wins(v),
            Form::Shisanlan => shisanlan::wins::<PLAIN>(v),
            Form::Qixing => shisanlan::wins::<STARS>(v),
            Form::Quanbukao => quanbukao::wins::<PLAIN>(v),
            Form::QixingBukao => quanbukao::wins::<STARS>(v),
            Form::KnittedStraight => knitted_straight::wins(v),
        }
    }

    /// Real kinds whose draw lowers this special form's missing tiles.
    pub(crate) fn improving(self, v: &View, real: &Counts, wild: TileSet) -> u64 {
        match self {
            Form::Standard | Form::Pattern(_) => {
                unreachable!("the standard form and the patterns are not special forms")
            }
            Form::SevenPairs => seven_pairs::improving(v, real, wild),
            Form::ThirteenOrphans => thirteen_orphans::improving(v, real, wild),
            Form::Shisanlan => shisanlan::improving::<PLAIN>(v, real, wild),
            Form::Qixing => shisanlan::improving::<STARS>(v, real, wild),
            Form::Quanbukao => quanbukao::improving::<PLAIN>(v, real, wild),
            Form::QixingBukao => quanbukao::improving::<STARS>(v, real, wild),
            Form::KnittedStraight => knitted_straight::improving(v, real, wild),
        }
    }

    /// The win screen of this special form (hands without wildcards).
    pub(crate) fn screen(self) -> Screen {
        match self {
            Form::Standard | Form::Pattern(_) => {
                unreachable!("the standard form and the patterns have no form screen")
            }
            Form::SevenPairs => seven_pairs::screen(),
            Form::ThirteenOrphans => thirteen_orphans::screen(),
            Form::Shisanlan => shisanlan::screen::<PLAIN>(),
            Form::Qixing => shisanlan::screen::<STARS>(),
            Form::Quanbukao => quanbukao::screen::<PLAIN>(),
            Form::QixingBukao => quanbukao::screen::<STARS>(),
            Form::KnittedStraight => knitted_straight::screen(),
        }
    }

    /// One decomposition of a hand that wins in this special form.
    pub(crate) fn decompositions(
        self,
        real: &Counts,
        wild_tiles: &[Tile],
        rules: &Rules,
        kinds: u64,
    ) -> Option<Vec<Set>> {
        match self {
            Form::Standard | Form::Pattern(_) => {
                unreachable!("standard and pattern decompositions are not the forms'")
            }
            Form::SevenPairs => seven_pairs::decompositions(real, wild_tiles, rules, kinds),
            Form::ThirteenOrphans => {
                thirteen_orphans::decompositions(real, wild_tiles, rules, kinds)
            }
            Form::Shisanlan => shisanlan::decompositions::<PLAIN>(real, wild_tiles, rules, kinds),
            Form::Qixing => shisanlan::decompositions::<STARS>(real, wild_tiles, rules, kinds),
            Form::Quanbukao => quanbukao::decompositions::<PLAIN>(real, wild_tiles, rules, kinds),
            Form::QixingBukao => quanbukao::decompositions::<STARS>(real, wild_tiles, rules, kinds),
            Form::KnittedStraight => {
                knitted_straight::decompositions(real, wild_tiles, rules, kinds)
            }
        }
    }
}
