//! Rule switches and the presets (`riichi`, `chinese`, `nanchang`, `sichuan`, `hongzhong`,
//! `changsha`, `guobiao`).
//!
//! ```
//! use hupai::{Rules, SevenPairs};
//! let r = Rules::preset("nanchang").unwrap();
//! assert!(r.honor_runs && r.shisanlan && !r.thirteen_orphans);
//! assert_eq!(Rules::riichi().seven_pairs, SevenPairs::Distinct);
//! ```

pub use crate::pattern::{Pattern, Patterns};
use crate::tile::{Suit, Tile, TileSet};
use hupai_gen::GroupSpec;
use std::fmt;

/// How seven pairs is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SevenPairs {
    /// Not a winning form.
    Off,
    /// Seven pairs of seven distinct kinds (riichi).
    Distinct,
    /// A four of a kind counts as two pairs (chinese, nanchang).
    FourAsTwo,
}

/// Which tile kinds are in play (exist in the wall).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TilesInPlay {
    /// All 34 kinds (136 tiles).
    All,
    /// The 27 suited kinds (108 tiles), plus the rules' own wild kinds ([`Rules::wild`]:
    /// 红中麻将's four 7z make 112 tiles). A hand, meld or `seen` holding another kind is an
    /// error, and a wildcard stands only for a suited kind.
    Suits,
}

impl TilesInPlay {
    /// The kinds in play, given the rules' own wild kinds.
    ///
    /// ```
    /// use hupai::{TileSet, TilesInPlay};
    /// assert_eq!(TilesInPlay::All.kinds(TileSet::EMPTY).0.count_ones(), 34);
    /// let red = TileSet::parse("7z").unwrap();
    /// assert_eq!(TilesInPlay::Suits.kinds(red).0.count_ones(), 28);
    /// ```
    pub const fn kinds(self, rule_wild: TileSet) -> TileSet {
        match self {
            TilesInPlay::All => TileSet((1 << 34) - 1),
            TilesInPlay::Suits => TileSet(((1 << 27) - 1) | rule_wild.0),
        }
    }
}

/// How a win is scored ([`crate::Engine::score`]): the rule family whose scoring the rules
/// follow. Scoring reads the hand and the win's situation; it never changes what wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// No scoring: `Engine::score` answers [`crate::ScoreError::NotScored`].
    None,
    /// Japanese riichi: yaku, fu and points ([`crate::RiichiScore`]).
    Riichi,
    /// Chinese Official (MCR, 国标): fans ([`crate::McrScore`]).
    Guobiao,
    /// Sichuan 血战到底: fans and the stake doubled once a fan ([`crate::SichuanScore`]).
    Sichuan,
    /// 红中麻将: fans, the stake doubled once a fan, birds ([`crate::HongzhongScore`]).
    Hongzhong,
    /// 长沙麻将: the small win or the big wins counted together, birds
    /// ([`crate::ChangshaScore`]).
    Changsha,
    /// 南昌麻将: fans (德国, 精钓 …) and the stake doubled once a fan, the 精 read the way that
    /// pays most ([`crate::NanchangScore`]).
    Nanchang,
}

impl Scoring {
    /// Every scoring, in the order of their codes (the C ABI's `scoring` field is the index).
    ///
    /// ```
    /// use hupai::Scoring;
    /// assert_eq!(Scoring::ALL.iter().position(|&s| s == Scoring::Sichuan), Some(3));
    /// ```
    pub const ALL: [Scoring; 7] = [
        Scoring::None,
        Scoring::Riichi,
        Scoring::Guobiao,
        Scoring::Sichuan,
        Scoring::Hongzhong,
        Scoring::Changsha,
        Scoring::Nanchang,
    ];

    /// Its name: the value of the `scoring` switch.
    ///
    /// ```
    /// assert_eq!(hupai::Scoring::Hongzhong.name(), "hongzhong");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Scoring::None => "none",
            Scoring::Riichi => "riichi",
            Scoring::Guobiao => "guobiao",
            Scoring::Sichuan => "sichuan",
            Scoring::Hongzhong => "hongzhong",
            Scoring::Changsha => "changsha",
            Scoring::Nanchang => "nanchang",
        }
    }
}

/// The rule switches the engine understands. Presets are named combinations of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Honor runs as melds: any 3 distinct winds, and White Green Red.
    pub honor_runs: bool,
    /// The seven pairs variant.
    pub seven_pairs: SevenPairs,
    /// Thirteen orphans (kokushi).
    pub thirteen_orphans: bool,
    /// 十三烂: 14 distinct tiles, same-suit tiles 3 or more apart, honors distinct.
    pub shisanlan: bool,
    /// 七星十三烂: a 十三烂 holding all 7 honor kinds.
    pub qixing: bool,
    /// In 十三烂 and 七星, a wildcard of an honor kind may not become another honor.
    pub honor_wild_stays_honor: bool,
    /// Which kinds are in play.
    pub tiles: TilesInPlay,
    /// Kinds that are wild under these rules whether a request names them or not (红中麻将:
    /// 7z). A request's own wild kinds add to them.
    pub wild: TileSet,
    /// Nanchang's 精: a request may name an indicator tile (`jing`), whose kind and the next
    /// in the cycle ([`nanchang_wilds`]) are wild. Every front end refuses a `jing` under
    /// rules without it (`protocol::parse_jing`, with the `protocol` feature).
    pub jing: bool,
    /// 缺一门: a complete hand (concealed tiles after wildcard substitution, and the declared
    /// melds) holds tiles of at most two of the three suits.
    pub lack_suit: bool,
    /// 258将: in the standard form the pair is a 2, 5 or 8 of a suit (never honors).
    pub pair_258: bool,
    /// 全不靠 (国标): 14 distinct tiles; the suited ones from one knitted arrangement (147,
    /// 258 and 369, each of a different suit), the honors distinct.
    pub quanbukao: bool,
    /// 七星不靠 (国标): a 全不靠 holding all 7 honors (and 7 knitted tiles).
    pub qixing_bukao: bool,
    /// 组合龙 (国标 knitted straight): the 9 tiles of one knitted arrangement, one meld and one
    /// pair; the meld may be declared.
    pub knitted_straight: bool,
    /// The plain win: the standard form wins without a pattern. With `false` (a room that
    /// takes big wins only) melds and a pair win only when one of [`Rules::patterns`] holds;
    /// the special forms the rules play still win on their own.
    pub plain_win: bool,
    /// Win patterns ([`Pattern`]) that make a win: each opens one the other switches forbid
    /// (长沙: all pungs or one suit with a pair of any kind, 将将胡 without any meld shape) and,
    /// with `plain_win` off, they are the only standard-form wins.
    pub patterns: Patterns,
    /// How a win is scored (riichi's yaku and points, or none).
    pub scoring: Scoring,
}

/// A preset name that is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown preset '{}' (known: {})",
            self.0,
            Rules::PRESETS.join(", ")
        )
    }
}

impl std::error::Error for UnknownPreset {}

/// Every preset with its name: the one list that names, lookups and tests derive from.
const PRESET_LIST: [(&str, Rules); 7] = [
    ("riichi", Rules::riichi()),
    ("chinese", Rules::chinese()),
    ("nanchang", Rules::nanchang()),
    ("sichuan", Rules::sichuan()),
    ("hongzhong", Rules::hongzhong()),
    ("changsha", Rules::changsha()),
    ("guobiao", Rules::guobiao()),
];

/// The red dragon, 7z.
const RED: TileSet = TileSet(1 << 33);

impl Rules {
    /// The names of the presets.
    pub const PRESETS: [&'static str; PRESET_LIST.len()] = {
        let mut names = [""; PRESET_LIST.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = PRESET_LIST[i].0;
            i += 1;
        }
        names
    };

    /// Every preset with its name.
    ///
    /// ```
    /// use hupai::Rules;
    /// let names: Vec<&str> = Rules::presets().map(|(name, _)| name).collect();
    /// assert_eq!(names, Rules::PRESETS);
    /// assert!(Rules::presets().all(|(name, rules)| Rules::preset(name) == Ok(rules)));
    /// ```
    pub fn presets() -> impl Iterator<Item = (&'static str, Rules)> {
        PRESET_LIST.into_iter()
    }

    /// Japanese riichi: seven distinct pairs, thirteen orphans.
    pub const fn riichi() -> Rules {
        Rules {
            honor_runs: false,
            seven_pairs: SevenPairs::Distinct,
            thirteen_orphans: true,
            shisanlan: false,
            qixing: false,
            honor_wild_stays_honor: false,
            tiles: TilesInPlay::All,
            wild: TileSet::EMPTY,
            jing: false,
            lack_suit: false,
            pair_258: false,
            quanbukao: false,
            qixing_bukao: false,
            knitted_straight: false,
            plain_win: true,
            patterns: Patterns::NONE,
            scoring: Scoring::Riichi,
        }
    }

    /// Chinese rules: a four of a kind counts as two pairs in seven pairs.
    pub const fn chinese() -> Rules {
        Rules {
            seven_pairs: SevenPairs::FourAsTwo,
            scoring: Scoring::None,
            ..Rules::riichi()
        }
    }

    /// Nanchang: honor runs, 十三烂 and 七星, no thirteen orphans.
    pub const fn nanchang() -> Rules {
        Rules {
            honor_runs: true,
            seven_pairs: SevenPairs::FourAsTwo,
            thirteen_orphans: false,
            shisanlan: true,
            qixing: true,
            honor_wild_stays_honor: true,
            jing: true,
            scoring: Scoring::Nanchang,
            ..Rules::chinese()
        }
    }

    /// Sichuan 血战到底: 108 suited tiles, a complete hand lacks one suit (缺一门), seven
    /// pairs with a four as two pairs, no thirteen orphans.
    pub const fn sichuan() -> Rules {
        Rules {
            tiles: TilesInPlay::Suits,
            lack_suit: true,
            thirteen_orphans: false,
            scoring: Scoring::Sichuan,
            ..Rules::chinese()
        }
    }

    /// 红中麻将: the 108 suited tiles and four 7z, every 7z wild. Rooms that let four 7z win
    /// at once (四红中) add [`Pattern::FourWild`]: `Rules::hongzhong().four_wild_win(true)`.
    pub const fn hongzhong() -> Rules {
        Rules {
            tiles: TilesInPlay::Suits,
            wild: RED,
            thirteen_orphans: false,
            scoring: Scoring::Hongzhong,
            ..Rules::chinese()
        }
    }

    /// Guobiao 国标 (MCR): 136 tiles, seven pairs (a four as two pairs), thirteen orphans,
    /// 全不靠, 七星不靠 and 组合龙.
    pub const fn guobiao() -> Rules {
        Rules {
            quanbukao: true,
            qixing_bukao: true,
            knitted_straight: true,
            scoring: Scoring::Guobiao,
            ..Rules::chinese()
        }
    }

    /// Changsha 长沙麻将 as played: 108 suited tiles; the plain win (小胡) needs a 2, 5 or 8
    /// pair (258将), the big wins (大胡) take any pair or none: 碰碰胡 (all pungs), 清一色 (one
    /// suit), 将将胡 (all 2-5-8, any arrangement) and 七小对 (seven pairs, a four as two). With
    /// `patterns: Patterns::NONE` the 258 pair binds every standard-form win (the strict
    /// reading).
    ///
    /// ```
    /// use hupai::{Engine, Patterns, Rules};
    /// let hand = "111m222333p44466s".parse().unwrap(); // 碰碰胡 with a 66s pair
    /// assert!(Engine::new(Rules::changsha()).is_win(&hand));
    /// let strict = Rules { patterns: Patterns::NONE, ..Rules::changsha() };
    /// assert!(!Engine::new(strict).is_win(&hand));
    /// ```
    pub const fn changsha() -> Rules {
        Rules {
            tiles: TilesInPlay::Suits,
            pair_258: true,
            thirteen_orphans: false,
            patterns: Patterns::of(&[Pattern::AllPungs, Pattern::OneSuit, Pattern::All258]),
            scoring: Scoring::Changsha,
            ..Rules::chinese()
        }
    }

    /// A preset by name.
    ///
    /// ```
    /// use hupai::Rules;
    /// assert_eq!(Rules::preset("chinese"), Ok(Rules::chinese()));
    /// assert!(Rules::preset("mcr").unwrap_err().to_string().contains("mcr"));
    /// ```
    pub fn preset(name: &str) -> Result<Rules, UnknownPreset> {
        Rules::presets()
            .find(|(n, _)| *n == name)
            .map(|(_, rules)| rules)
            .ok_or_else(|| UnknownPreset(name.to_string()))
    }
}

impl Rules {
    /// These rules with 四红中 (four concealed copies of one wild kind win at once,
    /// [`Pattern::FourWild`]) on or off.
    ///
    /// ```
    /// use hupai::{Engine, Hand, Rules};
    /// let rules = Rules::hongzhong().four_wild_win(true);
    /// let hand = Hand::under(hupai::parse_tiles("1357m246p159s7777z").unwrap(), &[], Default::default(), &rules).unwrap();
    /// assert!(Engine::new(rules).is_win(&hand));
    /// assert!(!Engine::new(Rules::hongzhong()).is_win(&hand));
    /// ```
    pub const fn four_wild_win(self, on: bool) -> Rules {
        Rules {
            patterns: self.patterns.with(Pattern::FourWild, on),
            ..self
        }
    }

    /// The group specs of a hand's four groups under these rules (three suits, then the
    /// honors): the tables an engine reads. The one place where a switch that changes what a
    /// group may form becomes a table.
    ///
    /// ```
    /// use hupai::{GroupSpec, Rules};
    /// assert_eq!(Rules::nanchang().group_specs()[3], GroupSpec::HONOR_RUNS);
    /// assert_eq!(Rules::riichi().group_specs()[0], GroupSpec::SUIT);
    /// ```
    pub fn group_specs(&self) -> [GroupSpec; 4] {
        let suit = if self.pair_258 {
            GroupSpec::SUIT_258
        } else {
            GroupSpec::SUIT
        };
        let honors = match (self.honor_runs, self.pair_258) {
            (true, false) => GroupSpec::HONOR_RUNS,
            (true, true) => GroupSpec::HONOR_RUNS_NO_PAIR,
            (false, false) => GroupSpec::HONOR,
            (false, true) => GroupSpec::HONOR_NO_PAIR,
        };
        [suit, suit, suit, honors]
    }

    /// The group specs 组合龙 (the knitted straight) reads its meld and pair from: the rules'
    /// own, but where the 258 pair applies (it binds the standard form only), those of the
    /// same rules without it. A table set for the rules holds both.
    ///
    /// ```
    /// use hupai::{GroupSpec, Rules};
    /// let r = Rules { pair_258: true, ..Rules::guobiao() };
    /// assert_eq!(r.group_specs()[0], GroupSpec::SUIT_258);
    /// assert_eq!(r.knitted_group_specs()[0], GroupSpec::SUIT);
    /// assert_eq!(Rules::changsha().knitted_group_specs(), Rules::changsha().group_specs());
    /// ```
    pub fn knitted_group_specs(&self) -> [GroupSpec; 4] {
        if self.pair_258 && self.knitted_straight {
            Rules {
                pair_258: false,
                ..*self
            }
            .group_specs()
        } else {
            self.group_specs()
        }
    }

    /// The group specs the win patterns read their melds and pair from: the rules' own, but
    /// where the 258 pair applies (to the plain win only), those of the same rules without it.
    /// A table set for the rules holds both.
    ///
    /// ```
    /// use hupai::{GroupSpec, Rules};
    /// assert_eq!(Rules::changsha().pattern_group_specs()[0], GroupSpec::SUIT);
    /// assert_eq!(Rules::riichi().pattern_group_specs(), Rules::riichi().group_specs());
    /// ```
    pub fn pattern_group_specs(&self) -> [GroupSpec; 4] {
        Rules {
            pair_258: false,
            ..*self
        }
        .group_specs()
    }

    /// Whether the rules play a win pattern or take the plain win away: the engine then
    /// answers through the patterns' path.
    pub(crate) const fn patterned(&self) -> bool {
        !self.patterns.is_empty() || !self.plain_win
    }

    /// The kinds in play ([`Rules::tiles`] with the rules' own wild kinds).
    ///
    /// ```
    /// use hupai::Rules;
    /// assert_eq!(Rules::sichuan().in_play().0, (1 << 27) - 1);
    /// assert!(Rules::hongzhong().in_play().contains("7z".parse().unwrap()));
    /// ```
    pub const fn in_play(&self) -> TileSet {
        self.tiles.kinds(self.wild)
    }

    /// Whether the honor group can hold natural tiles or targets: only when honors are in
    /// play (the rules' own wild honors stand in suits as well as as themselves).
    pub(crate) const fn honors_in_play(&self) -> bool {
        matches!(self.tiles, TilesInPlay::All)
    }
}

impl Default for Rules {
    /// The `chinese` preset, the protocol's default.
    fn default() -> Rules {
        Rules::chinese()
    }
}

/// The tile after `t` in the Nanchang 精 order: 9→1 within a suit, winds 1z→2z→3z→4z→1z,
/// dragons 7z→6z→5z→7z.
pub fn next_in_cycle(t: Tile) -> Tile {
    let n = t.number();
    let next = match t.suit() {
        Suit::Honor => match n {
            1..=3 => n + 1,
            4 => 1,
            7 => 6,
            6 => 5,
            _ => 7,
        },
        _ => n % 9 + 1,
    };
    Tile::new(t.suit(), next).expect("next tile exists")
}

impl Rules {
    /// The wild kinds a Nanchang indicator (精) names under these rules — its kind and the
    /// next ([`nanchang_wilds`]) — or None when the rules do not play it ([`Rules::jing`]).
    /// Every front end's `jing` goes through here (`protocol::parse_jing` for text).
    ///
    /// ```
    /// use hupai::{Rules, Tile};
    /// let t = Tile::parse("9s").unwrap();
    /// assert_eq!(Rules::nanchang().jing_wilds(t).unwrap().to_string(), "19s");
    /// assert_eq!(Rules::riichi().jing_wilds(t), None);
    /// ```
    pub fn jing_wilds(&self, indicator: Tile) -> Option<TileSet> {
        let (a, b) = nanchang_wilds(indicator);
        self.jing.then(|| TileSet::from_iter([a, b]))
    }
}

/// The Nanchang wild kinds for an indicator: (正精, 副精) = (the indicator, the next tile).
///
/// ```
/// use hupai::{nanchang_wilds, Tile};
/// let t = |s| Tile::parse(s).unwrap();
/// assert_eq!(nanchang_wilds(t("9s")), (t("9s"), t("1s")));
/// assert_eq!(nanchang_wilds(t("4z")), (t("4z"), t("1z")));
/// assert_eq!(nanchang_wilds(t("7z")), (t("7z"), t("6z")));
/// ```
pub fn nanchang_wilds(indicator: Tile) -> (Tile, Tile) {
    (indicator, next_in_cycle(indicator))
}
