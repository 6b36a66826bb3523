//! The special forms a set of rules plays ([`FormSet`]), walked with each form known at
//! compile time, and the distances per form of a hand ([`FormDistances`]).

use std::cmp::Ordering;

use super::registry::{Form, SPECIAL_COUNT};
use super::view::View;
use crate::rules::{Pattern, Rules};

/// How many win patterns there are.
const PATTERN_COUNT: usize = Pattern::ALL.len();

/// What a known set of forms answers from its bits ([`FormSet::places`]).
#[derive(Clone, Copy)]
enum Property {
    /// Not [`Form::is_cheap`].
    Costly,
    /// Reads [`View::knitted`].
    Knitted,
}

/// The special forms a set of rules plays: one flag per registry entry, walked in registry
/// order with each form known at compile time (a list of the played forms kept beside the
/// flags cost ukeire a little and saved nothing elsewhere: `scripts/instructions`).
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
                if Form::SPECIAL[i].code() == forms[f].code() {
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
    /// a third more instructions), so each `missing` is a direct inlined call: the cheap
    /// forms are computed whether played or not and kept by a select, the others behind a
    /// branch that always goes the same way; a walk of the set's list took about twice as
    /// long (`scripts/instructions riichi`, `cargo bench --bench engine`).
    ///
    /// `COSTLY`: whether the set may play a costly form; with `false` (the caller knows
    /// [`FormSet::is_costly`] is false) their code is left out, so a caller that inlines this
    /// stays small.
    ///
    /// `SET`: this set's [`FormSet::deciding_bits`], or [`FormSet::ASK`] to read them at run
    /// time. Known, the forms the set does not play leave no code and no test behind
    /// (`scripts/instructions guobiao nanchang`).
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
    /// time, where an iterator over the forms cost the win checks that pass the special
    /// forms' screens about a third more (`scripts/instructions guobiao`).
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
    /// Melds and one pair (the plain win: with [`Rules::plain_win`] off, it decides nothing
    /// on its own and [`FormDistances::get`] gives `None` for it).
    pub standard: u8,
    /// Whether the standard form decides on its own (the plain win is played).
    plain: bool,
    special: [Option<u8>; SPECIAL_COUNT],
    /// Per [`Pattern::ALL`], the pattern's missing tiles where the rules play it.
    patterns: [Option<u8>; PATTERN_COUNT],
    /// The fewest of `patterns` (`u8::MAX` if none).
    pattern_nearest: u8,
    /// The fewest of `special` (`u8::MAX` if none): kept as they are recorded, so that
    /// [`FormDistances::best`] and [`FormDistances::special_at`] need no walk over the
    /// registry (they ran on every ukeire: `scripts/instructions`).
    nearest: u8,
    /// The places of `special` at `nearest` (bit `i` for place `i`), kept the same way.
    at_nearest: u8,
}

impl FormDistances {
    /// No form reachable (缺一门 with melds of all three suits).
    pub(crate) const UNREACHABLE: FormDistances = FormDistances {
        standard: u8::MAX,
        plain: true,
        special: [None; SPECIAL_COUNT],
        patterns: [None; PATTERN_COUNT],
        pattern_nearest: u8::MAX,
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
        let mut patterns = self.patterns;
        for (a, b) in patterns.iter_mut().zip(other.patterns) {
            *a = match (*a, b) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, y) => x.or(y),
            };
        }
        FormDistances {
            standard: self.standard.min(other.standard),
            plain: self.plain,
            special,
            patterns,
            pattern_nearest: self.pattern_nearest.min(other.pattern_nearest),
            nearest,
            at_nearest: places_at(&special, nearest),
        }
    }

    /// Only the standard form.
    pub(crate) fn standard(standard: u8) -> FormDistances {
        FormDistances {
            standard,
            plain: true,
            special: [None; SPECIAL_COUNT],
            patterns: [None; PATTERN_COUNT],
            pattern_nearest: u8::MAX,
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

    /// Records the missing tiles of a pattern the rules play, and whether the standard form
    /// decides on its own (`plain`).
    pub(crate) fn set_pattern(&mut self, p: Pattern, missing: u8, plain: bool) {
        self.patterns[p as usize] = Some(missing);
        self.pattern_nearest = self.pattern_nearest.min(missing);
        self.plain = plain;
    }

    /// Whether the standard form decides on its own (rules with no pattern but the plain win
    /// off: only the special forms win).
    pub(crate) fn set_plain(&mut self, plain: bool) {
        self.plain = plain;
    }

    /// Missing tiles of a form (`None`: not played, or ruled out by declared melds).
    pub fn get(&self, form: Form) -> Option<u8> {
        match form {
            Form::Pattern(p) => self.patterns[p as usize],
            Form::Standard => self.plain.then_some(self.standard),
            _ => form.special_index().and_then(|i| self.special[i]),
        }
    }

    /// The shanten of each form the rules play, in the order answers list them (the standard
    /// form, the special forms, the patterns); `None` for a form the hand can no longer reach
    /// (a declared chow under all pungs). `hupai batch`'s `"forms"`, `hupai analyse` and the
    /// Python binding all read it.
    ///
    /// ```
    /// use hupai::{Engine, Form, Rules};
    /// let d = Engine::new(Rules::riichi()).forms(&"123m456p789s1122z".parse().unwrap());
    /// let all: Vec<(Form, Option<i8>)> = d.shanten_by_form().collect();
    /// assert_eq!(all[0], (Form::Standard, Some(0)));
    /// assert_eq!(all.len(), 3); // and seven pairs, thirteen orphans
    /// ```
    pub fn shanten_by_form(&self) -> impl Iterator<Item = (Form, Option<i8>)> + '_ {
        std::iter::once(Form::Standard)
            .chain(Form::SPECIAL)
            .chain(Pattern::ALL.map(Form::Pattern))
            .filter_map(|form| {
                let missing = self.get(form)?;
                Some((form, (missing != u8::MAX).then(|| missing as i8 - 1)))
            })
    }

    /// Fewest missing tiles over all allowed forms and patterns.
    #[inline(always)]
    pub fn best(&self) -> u8 {
        let standard = if self.plain { self.standard } else { u8::MAX };
        standard.min(self.nearest).min(self.pattern_nearest)
    }

    /// The patterns at a given distance, in [`Pattern::ALL`] order.
    pub(crate) fn patterns_at(&self, missing: u8) -> impl Iterator<Item = Pattern> + '_ {
        Pattern::ALL
            .into_iter()
            .filter(move |&p| self.patterns[p as usize] == Some(missing))
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
