//! The C ABI's plain types: statuses, melds, answers and rule switches as C sees them.

use super::HUPAI_MAX_SETS;
use hupai::protocol::Code;
use hupai::{Patterns, Rules, Scoring, SevenPairs, TileSet, TilesInPlay};
/// The result of every call.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HupaiStatus {
    /// Success.
    Ok = 0,
    /// A required pointer was null.
    NullPointer = 1,
    /// Text that is not valid UTF-8 or not what was asked (preset name, MPSZ tiles).
    BadText = 2,
    /// The hand cannot be evaluated: more than 4 copies of a kind, or a tile count that is not
    /// 13 or 14 with the melds (3 per meld), or a count above 4, or a kind the rules leave
    /// out of play.
    BadHand = 3,
    /// A declared meld is not a meld under the engine's rules, or more than 4 were given.
    BadMeld = 4,
    /// A tile index or kind code out of range, or a wild mask with bits past the 34 kinds.
    BadArgument = 5,
    /// The table-set directory could not be loaded (missing, corrupt, or for other rules).
    Tables = 6,
    /// The caller's buffer is too small; the needed size is written where the call says.
    BufferTooSmall = 7,
    /// The answer needs a 3k+1 hand (13 tiles with the melds), or a 3k+2 one (14).
    WrongTileCount = 8,
    /// `seen` and the hand together show a kind more than 4 times.
    TooManySeen = 9,
    /// A bug: hupai panicked. Nothing crossed the boundary; please report it.
    Internal = 10,
    /// The odds need more hands than the state budget ([`HupaiOddsOptions::max_states`]), or
    /// more memory than the odds' budget (256 MiB, `hupai::DEFAULT_ODDS_BYTES`).
    TooLarge = 11,
    /// The odds have no tile left to draw.
    EmptyWall = 12,
    /// The win has no yaku (dora do not count): it may not be claimed.
    NoYaku = 13,
    /// The tiles of a score do not form a winning hand.
    NotAWin = 14,
    /// A score's situation cannot happen (riichi with an open hand, tenhou off the dealer's
    /// seat…).
    BadSituation = 15,
    /// The engine's rules score no wins (`scoring` 0).
    NotScored = 16,
    /// A game's action that is not among the seat's legal ones now: refused, nothing changed.
    IllegalAction = 17,
}

/// The status of every door's stable code (`hupai::protocol::Code`): the one map the
/// bindings share, seen from C.
impl From<Code> for HupaiStatus {
    fn from(code: Code) -> HupaiStatus {
        match code {
            Code::Ok => HupaiStatus::Ok,
            Code::BadTile => HupaiStatus::BadText,
            // A hand of neither size is a bad hand (an ABI older than the code); a question of
            // the other size is `WrongTileCount`, which the calls that ask one say themselves.
            Code::TooManyCopies | Code::WrongCount | Code::NotInPlay | Code::BadHand => {
                HupaiStatus::BadHand
            }
            Code::BadMeld => HupaiStatus::BadMeld,
            Code::BadArgument | Code::BadRules | Code::Stopped | Code::Busy => {
                HupaiStatus::BadArgument
            }
            Code::NoYaku => HupaiStatus::NoYaku,
            Code::NotAWin => HupaiStatus::NotAWin,
            Code::BadWin => HupaiStatus::BadSituation,
            Code::NotScored => HupaiStatus::NotScored,
            Code::TooLarge => HupaiStatus::TooLarge,
            Code::EmptyWall => HupaiStatus::EmptyWall,
            Code::IllegalAction => HupaiStatus::IllegalAction,
        }
    }
}

/// What a declared meld is.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HupaiMeldKind {
    /// Three in a row (or an honor run where the rules allow them): `tiles` holds the three.
    Chow = 0,
    /// Three of a kind: `tiles[0]` is the kind.
    Pung = 1,
    /// Four of a kind: `tiles[0]` is the kind.
    Kong = 2,
}

/// A declared meld: its kind and its tile indices (a pung or kong reads `tiles[0]` only).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiMeld {
    /// A [`HupaiMeldKind`] value.
    pub kind: u8,
    /// Tile indices (0..34).
    pub tiles: [u8; 3],
}

/// The 3k+1 answer: shanten, waits, and the tiles that lower shanten with how many remain.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiUkeire {
    /// Shanten (0 = tenpai).
    pub shanten: i8,
    /// Kinds that complete the hand (bit `i` = tile index `i`).
    pub waits: u64,
    /// Kinds whose draw lowers shanten and that remain to be drawn.
    pub ukeire: u64,
    /// Copies of them still unseen (4 minus the hand, the melds and `seen`).
    pub ukeire_count: u32,
}

/// One line of the per-discard report of a 3k+2 hand.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiDiscard {
    /// The tile index discarded.
    pub tile: u8,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Kinds whose draw then lowers shanten (counted over the 14 tiles: the discard stays
    /// visible).
    pub ukeire: u64,
    /// Copies of them still unseen.
    pub ukeire_count: u32,
}

/// One set of a decomposition.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiSet {
    /// 0 chow, 1 pung, 2 kong, 3 pair, 4 single.
    pub kind: u8,
    /// 1 for a declared meld.
    pub declared: u8,
    /// Tiles in the set (1 to 4).
    pub len: u8,
    /// The tile each place of the set is.
    pub tiles: [u8; 4],
    /// For each place, the kind of the wildcard standing there, or 255 for a real tile.
    pub wildcard: [u8; 4],
}

/// One way to read a winning hand.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiDecomposition {
    /// 0 standard (melds and a pair), 1 seven pairs, 2 thirteen orphans, 3 十三烂, 4 七星,
    /// 5 全不靠, 6 七星不靠, 7 组合龙; a pattern won in no meld shape: 11 将将胡, 12 全风向,
    /// 13 四红中 (8 + the pattern's bit number).
    pub form: u8,
    /// Sets used in `sets`.
    pub set_count: u8,
    /// Declared melds first, then the concealed sets in tile order.
    pub sets: [HupaiSet; HUPAI_MAX_SETS],
    /// The win patterns of the rules this decomposition satisfies (bits as
    /// [`HupaiRules::patterns`]).
    pub patterns: u8,
}

/// The rule switches, one byte each (0 = off), for an engine made from switches rather than a
/// preset name ([`crate::hupai_rules_preset`] fills one from a preset, to change a switch or two).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiRules {
    /// Honor runs as melds: any 3 distinct winds, and 5z6z7z.
    pub honor_runs: u8,
    /// Seven pairs: 0 not played, 1 seven distinct kinds, 2 a four of a kind counts as two.
    pub seven_pairs: u8,
    /// Thirteen orphans.
    pub thirteen_orphans: u8,
    /// 十三烂: 14 distinct tiles, same-suit tiles 3 or more apart, honors distinct.
    pub shisanlan: u8,
    /// 七星十三烂: a 十三烂 holding all 7 honors.
    pub qixing: u8,
    /// In 十三烂 and 七星, a wildcard of an honor kind may not become another honor.
    pub honor_wild_stays_honor: u8,
    /// Tiles in play: 0 all 34 kinds, 1 the suited kinds plus `wild` (108 or 112 tiles).
    pub tiles: u8,
    /// 缺一门: a complete hand holds at most two of the three suits.
    pub lack_suit: u8,
    /// 258将: the pair of the standard form is a 2, 5 or 8 of a suit.
    pub pair_258: u8,
    /// 全不靠 (国标).
    pub quanbukao: u8,
    /// 七星不靠 (国标).
    pub qixing_bukao: u8,
    /// 组合龙 (国标 knitted straight; one declared meld allowed).
    pub knitted_straight: u8,
    /// 1: the plain win is off (a room of big wins only): melds and a pair win only when one
    /// of `patterns` holds. 0 (the default of every preset): the plain win is played.
    pub patterns_only: u8,
    /// Win patterns, a bit each (`HUPAI_PATTERN_*`): 1 all pungs 碰碰胡, 2 one suit 清一色,
    /// 4 one suit and honors 混一色, 8 all 2-5-8 将将胡, 16 all honors 全风向, 32 four
    /// wildcards 四红中. `changsha` plays 1 | 2 | 8.
    pub patterns: u8,
    /// Nanchang's 精 (1 in `nanchang`): the rules name wild kinds by an indicator tile. The C
    /// ABI takes wild kinds themselves (a caller passes the indicator's two kinds), so this
    /// changes no answer; it keeps a preset's switches whole. (It sits in what was padding
    /// before `wild`: the struct's layout is unchanged.)
    pub jing: u8,
    /// How a win is scored: 0 not scored, 1 riichi, 2 guobiao, 3 sichuan, 4 hongzhong, 5
    /// changsha, 6 nanchang (the
    /// preset's own: 1 in `riichi`). (It sits in the last byte
    /// of what was padding before `wild`: the struct's layout is unchanged.)
    pub scoring: u8,
    /// Kinds wild under these rules (bit per kind; 红中麻将: bit 33, 7z).
    pub wild: u64,
}

impl HupaiRules {
    pub(crate) fn from_rules(r: &Rules) -> HupaiRules {
        HupaiRules {
            honor_runs: r.honor_runs as u8,
            seven_pairs: match r.seven_pairs {
                SevenPairs::Off => 0,
                SevenPairs::Distinct => 1,
                SevenPairs::FourAsTwo => 2,
            },
            thirteen_orphans: r.thirteen_orphans as u8,
            shisanlan: r.shisanlan as u8,
            qixing: r.qixing as u8,
            honor_wild_stays_honor: r.honor_wild_stays_honor as u8,
            tiles: match r.tiles {
                TilesInPlay::All => 0,
                TilesInPlay::Suits => 1,
            },
            lack_suit: r.lack_suit as u8,
            pair_258: r.pair_258 as u8,
            quanbukao: r.quanbukao as u8,
            qixing_bukao: r.qixing_bukao as u8,
            knitted_straight: r.knitted_straight as u8,
            patterns_only: !r.plain_win as u8,
            patterns: r.patterns.bits(),
            jing: r.jing as u8,
            scoring: Scoring::ALL
                .iter()
                .position(|&s| s == r.scoring)
                .expect("every scoring is in Scoring::ALL") as u8,
            wild: r.wild.0,
        }
    }

    pub(crate) fn to_rules(self) -> Result<Rules, HupaiStatus> {
        Ok(Rules {
            honor_runs: self.honor_runs != 0,
            seven_pairs: match self.seven_pairs {
                0 => SevenPairs::Off,
                1 => SevenPairs::Distinct,
                2 => SevenPairs::FourAsTwo,
                _ => return Err(HupaiStatus::BadArgument),
            },
            thirteen_orphans: self.thirteen_orphans != 0,
            shisanlan: self.shisanlan != 0,
            qixing: self.qixing != 0,
            honor_wild_stays_honor: self.honor_wild_stays_honor != 0,
            tiles: match self.tiles {
                0 => TilesInPlay::All,
                1 => TilesInPlay::Suits,
                _ => return Err(HupaiStatus::BadArgument),
            },
            lack_suit: self.lack_suit != 0,
            pair_258: self.pair_258 != 0,
            quanbukao: self.quanbukao != 0,
            qixing_bukao: self.qixing_bukao != 0,
            knitted_straight: self.knitted_straight != 0,
            plain_win: self.patterns_only == 0,
            jing: self.jing != 0,
            scoring: *Scoring::ALL
                .get(self.scoring as usize)
                .ok_or(HupaiStatus::BadArgument)?,
            patterns: Patterns::from_bits(self.patterns).ok_or(HupaiStatus::BadArgument)?,
            wild: if self.wild >> 34 == 0 {
                TileSet(self.wild)
            } else {
                return Err(HupaiStatus::BadArgument);
            },
        })
    }
}

/// What [`crate::hupai_odds`] plays and how far it looks (`docs/ODDS.md`). A null pointer
/// means the defaults: 17 draws, both detours, `extra` 1, the unseen model, 2,000,000 states.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiOddsOptions {
    /// The horizon k: answers for 1..=k draws (at least 1; capped at the wall).
    pub draws: u32,
    /// 1: backward discards (向聴戻し) are played.
    pub backward: u8,
    /// 1: sideways draws (手変わり) are played.
    pub sideways: u8,
    /// How far the detours go (0..=4; see `OddsOptions::extra`).
    pub extra: u8,
    /// The wall model: 0 unseen (the default), 1 the 何切るシミュレーター's.
    pub model: u8,
    /// The state budget: more 13-tile hands than this is [`HupaiStatus::TooLarge`].
    pub max_states: usize,
}

/// One discard's odds (its chances are in the caller's value buffers, see
/// [`crate::hupai_odds`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiOddsRow {
    /// The tile discarded (index), or 255 for a 13-tile hand.
    pub tile: u8,
    /// Shanten after the discard.
    pub shanten: i8,
    /// 1 when the row was played; 0 for a detour the options do not play (its values are 0).
    pub played: u8,
    /// Copies of the improving kinds left after the discard.
    pub ukeire_count: u32,
    /// The 13-tile hands the row's play can reach.
    pub states: usize,
}
