//! What [`Engine::odds`](crate::Engine::odds) is asked ([`OddsOptions`], [`WallModel`]) and
//! why it may not answer ([`OddsError`]).

use crate::code::Code;
use crate::hand_error::HandError;
use crate::score::ScoreError;
use std::fmt;

/// Hands met as candidates, at most, per node of the budget: the graph ends with
/// [`OddsError::TooLarge`] past it, so that the rejected candidates are bounded too.
pub(crate) const MET_PER_STATE: usize = 8;

/// Choices (14-tile hands after a draw) made, at most, per node of the budget: the graph
/// ends with [`OddsError::TooLarge`] past it (graphs make about 1.5 a node).
pub(crate) const CHOICES_PER_STATE: usize = 4;

/// A bound on a node's share of the graph's memory (`OddsOptions::memory_bound`): its node
/// (12 bytes), draws (34 at most, 8 bytes each), its share of the choices
/// (`CHOICES_PER_STATE`, 12 bytes and 14 kids of 4 bytes each), its queued hand (112) and
/// `MET_PER_STATE` map entries (48 bytes with the table's slack) and choice map entries
/// (32), every vector at up to twice its length.
pub(crate) const BYTES_PER_STATE: usize = 2
    * (12 + 34 * 8 + CHOICES_PER_STATE * (12 + 14 * 4) + 112)
    + MET_PER_STATE * 48
    + CHOICES_PER_STATE * 32;

/// Value rows a node holds at most in the backward induction: its own (updated in place) and
/// one for each of its share of the choices.
pub(crate) const ROWS_PER_STATE: usize = 1 + CHOICES_PER_STATE;

/// How the wall is counted (`docs/ODDS.md`, "The model" and "The simulator's model").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WallModel {
    /// The tiles unseen now, less the copies a hand holds beyond the query's hand; the
    /// `t`-th draw (from 0) among `R - t` tiles. The default.
    #[default]
    Unseen,
    /// The 何切るシミュレーター's (mahjong-cpp): discarded tiles go back to the wall (a kind's
    /// weight is every copy not in the hand, the melds or `seen`), and the `t`-th draw (from
    /// 1) is among `S - t` tiles, `S` the tiles unseen now. For comparing with its numbers.
    Simulator,
}

impl WallModel {
    /// The model by its name in requests and options: `"unseen"` or `"simulator"`.
    ///
    /// ```
    /// use hupai::WallModel;
    /// assert_eq!(WallModel::named("simulator"), Some(WallModel::Simulator));
    /// assert_eq!(WallModel::named("wall"), None);
    /// ```
    pub fn named(name: &str) -> Option<WallModel> {
        match name {
            "unseen" => Some(WallModel::Unseen),
            "simulator" => Some(WallModel::Simulator),
            _ => None,
        }
    }
}

/// What [`Engine::odds`](crate::Engine::odds) plays and how far it looks.
///
/// ```
/// use hupai::{OddsOptions, WallModel};
/// let plain = OddsOptions { backward: false, sideways: false, ..OddsOptions::default() };
/// assert_eq!(plain.draws, 17);
/// assert_eq!(OddsOptions::default().model, WallModel::Unseen);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OddsOptions {
    /// The horizon k: answers for 1..=k draws (capped at the wall). Default 17.
    pub draws: u32,
    /// Backward discards (向聴戻し): a discard that raises shanten. Default on.
    pub backward: bool,
    /// Sideways draws (手変わり): a draw that keeps shanten, then a discard that changes the
    /// hand at the same shanten. Default on.
    pub sideways: bool,
    /// The riichi player's model (リーチ): a closed hand declares riichi on reaching tenpai
    /// by a discard and keeps its wait from then on: every draw but a win is thrown back
    /// (mahjong-cpp's 何切るシミュレーター plays so). A 13-tile query that is tenpai already
    /// has not declared (its own draws may still change its wait). Under riichi scoring its
    /// wins count riichi, and only its wins. A hand with declared melds is open unless the
    /// expected score's calls are closed kans. Default off: the wait may change at any draw
    /// (docs/ODDS.md, "Riichi").
    pub riichi: bool,
    /// How far the detours go: a detour to a hand at shanten `s` after `d` draws is allowed
    /// while `d + s <= reference + extra` (the reference is the query's shanten). Default 1.
    pub extra: u8,
    /// How the wall is counted. Default [`WallModel::Unseen`].
    pub model: WallModel,
    /// The state budget: more 13-tile hands than this ends with [`OddsError::TooLarge`] (at
    /// a horizon past 17 draws, a hand counts `(draws + 1) / 18` times: it keeps a value per
    /// horizon). Default 2,000,000: random 4-shanten hands take about 900,000 with both
    /// options (docs/PERFORMANCE.md), some more.
    pub max_states: usize,
    /// The memory budget, bytes: the graph and the values of the backward induction, counted
    /// as they grow (vector and map capacities); past it the odds end with
    /// [`OddsError::OverBudget`]. Default [`DEFAULT_ODDS_BYTES`] (256 MiB, about 330,000
    /// hands at 17 draws), the same in every front end; a server lowers it further.
    pub max_bytes: usize,
    /// Threads the backward induction may use on a large graph (a layer's choices and nodes
    /// are split between them from 8,192 on). The answers are the same bits whatever the
    /// count. Default 1: the caller's thread only.
    pub threads: usize,
}

/// The default memory budget of the odds ([`OddsOptions::max_bytes`]): 256 MiB.
pub const DEFAULT_ODDS_BYTES: usize = 256 << 20;

impl OddsOptions {
    /// A bound on the memory [`Engine::odds`](crate::Engine::odds) takes under these
    /// options, bytes: per 13-tile hand of the budget, its graph (a node, at most 34 draws
    /// and the choices they make, the hands met while building, each vector at twice its
    /// length) and its value rows (each a row of up to four values per horizon; the budget
    /// holds 18 horizons a hand), capped by the byte budget. A server sizes its odds with it.
    ///
    /// ```
    /// use hupai::OddsOptions;
    /// let o = OddsOptions { max_states: 10_000, draws: 17, ..OddsOptions::default() };
    /// assert!(o.memory_bound() < 64 << 20);
    /// ```
    pub fn memory_bound(&self) -> usize {
        let values = ROWS_PER_STATE * 8 * 4 * 18;
        let by_states = self.max_states.saturating_mul(BYTES_PER_STATE + values);
        // The byte budget is counted on capacities; a vector's growth holds its old buffer
        // beside the new one for a moment (half as much again at most).
        by_states.min(self.max_bytes.saturating_add(self.max_bytes / 2))
    }
}

impl Default for OddsOptions {
    fn default() -> OddsOptions {
        OddsOptions {
            draws: 17,
            backward: true,
            sideways: true,
            riichi: false,
            extra: 1,
            model: WallModel::Unseen,
            max_states: 2_000_000,
            max_bytes: DEFAULT_ODDS_BYTES,
            threads: 1,
        }
    }
}

/// Why [`Engine::odds`](crate::Engine::odds) gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OddsError {
    /// The hand or `seen` is not one the engine takes.
    Hand(HandError),
    /// More 13-tile hands than the budget ([`OddsOptions::max_states`]).
    TooLarge {
        /// The budget that ran out.
        states: usize,
    },
    /// More memory than the budget ([`OddsOptions::max_bytes`]).
    OverBudget {
        /// The budget that ran out, bytes.
        bytes: usize,
    },
    /// The caller's stop check said stop ([`crate::Engine::odds_until`]).
    Stopped,
    /// A horizon of 0 draws.
    NoDraws,
    /// No tile is left to draw.
    EmptyWall,
    /// The expected score cannot be read: rules that score nothing, or calls that are not
    /// the hand's declared melds.
    Score(ScoreError),
}

impl fmt::Display for OddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OddsError::Hand(e) => e.fmt(f),
            OddsError::TooLarge { states } => write!(
                f,
                "the odds need more than {states} hands: raise the state budget, ask fewer \
                 draws or turn the detours off"
            ),
            OddsError::OverBudget { bytes } => write!(
                f,
                "the odds need more than {} MiB: raise the memory budget, ask fewer draws or turn the detours off",
                bytes >> 20
            ),
            OddsError::Stopped => f.write_str("the odds were stopped before their answer"),
            OddsError::NoDraws => f.write_str("the odds need at least 1 draw"),
            OddsError::EmptyWall => f.write_str("no tile is left to draw"),
            OddsError::Score(e) => write!(f, "the expected score: {e}"),
        }
    }
}

/// The error beneath: the hand's ([`HandError`]) or the expected score's ([`ScoreError`]).
///
/// ```
/// use hupai::{Engine, Hand, OddsOptions, Rules};
/// use std::error::Error;
/// let engine = Engine::new(Rules::riichi());
/// let hand: Hand = "123m456p789s1122z".parse().unwrap();
/// let e = engine.odds(&hand, &[4; 34], &OddsOptions::default()).unwrap_err();
/// assert!(e.source().is_some()); // a HandError: more than four copies
/// ```
impl std::error::Error for OddsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OddsError::Hand(e) => Some(e),
            OddsError::Score(e) => Some(e),
            _ => None,
        }
    }
}

impl OddsError {
    /// Its stable code, the same in every door (a hand's or a score's error keeps its own).
    ///
    /// ```
    /// use hupai::{Code, Engine, Hand, OddsOptions, Rules};
    /// let engine = Engine::new(Rules::riichi());
    /// let hand: Hand = "123m456p789s1122z".parse().unwrap();
    /// let opts = OddsOptions { draws: 0, ..OddsOptions::default() };
    /// assert_eq!(engine.odds(&hand, &[0; 34], &opts).unwrap_err().code(), Code::BadArgument);
    /// ```
    pub fn code(&self) -> Code {
        match self {
            OddsError::Hand(h) => h.code(),
            OddsError::TooLarge { .. } | OddsError::OverBudget { .. } => Code::TooLarge,
            OddsError::Stopped => Code::Stopped,
            OddsError::NoDraws => Code::BadArgument,
            OddsError::EmptyWall => Code::EmptyWall,
            OddsError::Score(s) => s.code(),
        }
    }
}

impl From<HandError> for OddsError {
    fn from(e: HandError) -> OddsError {
        OddsError::Hand(e)
    }
}
