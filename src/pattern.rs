//! Win patterns by name ([`Pattern`]) and sets of them ([`Patterns`]): the vocabulary of the
//! `patterns` switch of [`crate::Rules`]. What each pattern computes is `pattern_missing.rs`'s (the
//! forms' layer).
//!
//! ```
//! use hupai::{Pattern, Patterns};
//! let p: Pattern = "all_258".parse().unwrap();
//! assert_eq!(Patterns::of(&[p]).iter().next(), Some(Pattern::All258));
//! ```

use std::fmt;

/// A win pattern: a shape rule that makes a hand a win on its own, whatever the pair (the 258
/// pair binds the plain win only). Patterns are computed from the group tables and the
/// summed counts, with any number of wildcards (a wildcard stands for the kind the pattern
/// needs).
///
/// ```
/// use hupai::Pattern;
/// assert_eq!(Pattern::AllPungs.name(), "all_pungs");
/// assert_eq!("one_suit".parse::<Pattern>(), Ok(Pattern::OneSuit));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pattern {
    /// 碰碰胡 / 对对胡: four pungs or kongs (declared ones included; a declared chow rules it
    /// out) and a pair of any kind.
    AllPungs,
    /// 清一色: every tile, melds included, of one suit; melds and a pair of any kind, or seven
    /// pairs where the rules play seven pairs.
    OneSuit,
    /// 混一色: every tile, melds included, of one suit or an honor (a hand of one suit, or of
    /// honors only, holds it too); melds and a pair, or seven pairs.
    OneSuitHonors,
    /// 将将胡: every tile, melds included, a 2, 5 or 8 of a suit, in any arrangement.
    All258,
    /// 全风向 (乱将): every tile, melds included, an honor, in any arrangement.
    AllHonors,
    /// 四红中 / 四赖子: four concealed copies of one wild kind win at once (红中麻将: the four
    /// 7z), whatever the other tiles.
    FourWild,
}

impl Pattern {
    /// Every pattern, in the order answers list them.
    ///
    /// ```
    /// assert_eq!(hupai::Pattern::ALL[0], hupai::Pattern::AllPungs);
    /// ```
    pub const ALL: [Pattern; 6] = [
        Pattern::AllPungs,
        Pattern::OneSuit,
        Pattern::OneSuitHonors,
        Pattern::All258,
        Pattern::AllHonors,
        Pattern::FourWild,
    ];

    /// The name requests and answers use (`all_pungs`, `one_suit`, `one_suit_honors`,
    /// `all_258`, `all_honors`, `four_wild`).
    pub const fn name(self) -> &'static str {
        match self {
            Pattern::AllPungs => "all_pungs",
            Pattern::OneSuit => "one_suit",
            Pattern::OneSuitHonors => "one_suit_honors",
            Pattern::All258 => "all_258",
            Pattern::AllHonors => "all_honors",
            Pattern::FourWild => "four_wild",
        }
    }

    /// The name a player reads.
    ///
    /// ```
    /// assert_eq!(hupai::Pattern::All258.title(), "all 2-5-8 (将将胡)");
    /// ```
    pub const fn title(self) -> &'static str {
        match self {
            Pattern::AllPungs => "all pungs (碰碰胡)",
            Pattern::OneSuit => "one suit (清一色)",
            Pattern::OneSuitHonors => "one suit and honors (混一色)",
            Pattern::All258 => "all 2-5-8 (将将胡)",
            Pattern::AllHonors => "all honors (全风向)",
            Pattern::FourWild => "four wildcards (四红中)",
        }
    }

    /// Whether a complete hand of the pattern holds melds and a pair (or seven pairs): the
    /// patterns that are not "any arrangement".
    ///
    /// ```
    /// use hupai::Pattern;
    /// assert!(Pattern::OneSuit.has_shape() && !Pattern::All258.has_shape());
    /// ```
    pub const fn has_shape(self) -> bool {
        matches!(
            self,
            Pattern::AllPungs | Pattern::OneSuit | Pattern::OneSuitHonors
        )
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Pattern {
    type Err = String;

    /// A pattern by [`Pattern::name`].
    fn from_str(s: &str) -> Result<Pattern, String> {
        Pattern::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                let known: Vec<&str> = Pattern::ALL.iter().map(|p| p.name()).collect();
                format!("unknown pattern '{s}' (known: {})", known.join(", "))
            })
    }
}

/// A set of [`Pattern`]s.
///
/// ```
/// use hupai::{Pattern, Patterns};
/// let p = Patterns::of(&[Pattern::AllPungs, Pattern::OneSuit]);
/// assert!(p.contains(Pattern::OneSuit) && !p.contains(Pattern::All258));
/// assert_eq!(p.iter().count(), 2);
/// assert!(Patterns::NONE.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Patterns(u8);

impl Patterns {
    /// No pattern.
    ///
    /// ```
    /// assert!(hupai::Patterns::NONE.is_empty());
    /// ```
    pub const NONE: Patterns = Patterns(0);

    /// The set of `patterns`.
    ///
    /// ```
    /// use hupai::{Pattern, Patterns};
    /// assert!(Patterns::of(&[Pattern::FourWild]).contains(Pattern::FourWild));
    /// ```
    pub const fn of(patterns: &[Pattern]) -> Patterns {
        let mut bits = 0;
        let mut i = 0;
        while i < patterns.len() {
            bits |= patterns[i].bit();
            i += 1;
        }
        Patterns(bits)
    }

    /// The set from its bits (bit `i` for `Pattern::ALL[i]`); `None` when a bit names no
    /// pattern.
    ///
    /// ```
    /// use hupai::{Pattern, Patterns};
    /// assert_eq!(Patterns::from_bits(1), Some(Patterns::of(&[Pattern::AllPungs])));
    /// assert_eq!(Patterns::from_bits(0x80), None);
    /// ```
    pub const fn from_bits(bits: u8) -> Option<Patterns> {
        if bits >> Pattern::ALL.len() == 0 {
            Some(Patterns(bits))
        } else {
            None
        }
    }

    /// Bit `i` for `Pattern::ALL[i]`.
    ///
    /// ```
    /// use hupai::{Pattern, Patterns};
    /// assert_eq!(Patterns::of(&[Pattern::OneSuit]).bits(), 2);
    /// ```
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `p` is in the set.
    ///
    /// ```
    /// use hupai::{Pattern, Rules};
    /// assert!(Rules::changsha().patterns.contains(Pattern::All258));
    /// ```
    pub const fn contains(self, p: Pattern) -> bool {
        self.0 & p.bit() != 0
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(hupai::Rules::riichi().patterns.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `p` in (`on`) or out.
    ///
    /// ```
    /// use hupai::{Pattern, Patterns};
    /// let p = Patterns::NONE.with(Pattern::AllPungs, true);
    /// assert!(p.contains(Pattern::AllPungs) && p.with(Pattern::AllPungs, false).is_empty());
    /// ```
    pub const fn with(self, p: Pattern, on: bool) -> Patterns {
        if on {
            Patterns(self.0 | p.bit())
        } else {
            Patterns(self.0 & !p.bit())
        }
    }

    /// The patterns of the set, in [`Pattern::ALL`] order.
    ///
    /// ```
    /// use hupai::{Pattern, Rules};
    /// let names: Vec<&str> = Rules::changsha().patterns.iter().map(Pattern::name).collect();
    /// assert_eq!(names, ["all_pungs", "one_suit", "all_258"]);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Pattern> {
        Pattern::ALL.into_iter().filter(move |&p| self.contains(p))
    }
}
