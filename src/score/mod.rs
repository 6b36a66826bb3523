//! Scoring a win: what a winning hand is worth under the rules' [`Scoring`](crate::Scoring)
//! — riichi's yaku, fu and points ([`RiichiScore`]), or Chinese Official fans ([`McrScore`]). The hand comes as a [`WinningHand`]
//! (the calls with how they were made, the winning tile, red fives), the moment as a [`Win`]
//! (ron or tsumo, winds, riichi and the other flags, dora, sticks, the room's options).
//!
//! ```
//! use hupai::{Engine, Rules, Win, WinningHand};
//! let engine = Engine::new(Rules::riichi());
//! let hand = WinningHand::new("123m456p11s", "1s", &["pon 555z", "chi 789s"]).unwrap();
//! let s = engine.score(&hand, &Win::default()).unwrap().riichi().unwrap();
//! assert_eq!(s.yaku[0].0.english(), "Yakuhai (haku)");
//! assert_eq!((s.han, s.fu, s.total), (1, 30, 1000));
//! ```

pub(crate) mod hand;
pub(crate) mod mcr;
pub(crate) mod riichi;
pub(crate) mod win;

#[cfg(feature = "protocol")]
pub(crate) use hand::red_fives;
pub use hand::{Call, CallKind, ScoreError, WinningHand};
pub use mcr::fans::Fan;
pub use mcr::McrScore;
pub use riichi::fu::FuPart;
pub use riichi::points::{Limit, Payment};
pub use riichi::reading::Wait;
pub use riichi::yaku::Yaku;
pub use riichi::RiichiScore;
pub(crate) use win::in_play;
pub use win::{Kazoe, RiichiRules, Win};

use crate::analysis::Engine;
use crate::rules::Scoring;

/// A win's score, in the rule family's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Score {
    /// Riichi: yaku, fu and points.
    Riichi(RiichiScore),
    /// Chinese Official (MCR): fans.
    Mcr(McrScore),
}

impl Score {
    /// The riichi score, if the rules score riichi.
    ///
    /// ```
    /// use hupai::{Engine, Rules, Win, WinningHand};
    /// let hand = WinningHand::new("234456m66p123444s", "4s", &[]).unwrap();
    /// let win = Win { riichi: true, ..Win::default() };
    /// let score = Engine::new(Rules::riichi()).score(&hand, &win).unwrap();
    /// assert_eq!(score.riichi().map(|s| (s.han, s.fu)), Some((1, 40)));
    /// ```
    pub fn riichi(self) -> Option<RiichiScore> {
        match self {
            Score::Riichi(s) => Some(s),
            Score::Mcr(_) => None,
        }
    }

    /// The MCR score, if the rules score Chinese Official.
    ///
    /// ```
    /// use hupai::{Engine, Rules, Win, WinningHand};
    /// let hand = WinningHand::new("19m19p19s12345677z", "7z", &[]).unwrap();
    /// let s = Engine::new(Rules::guobiao()).score(&hand, &Win::default()).unwrap();
    /// assert_eq!(s.mcr().map(|s| s.total), Some(88));
    /// ```
    pub fn mcr(self) -> Option<McrScore> {
        match self {
            Score::Mcr(s) => Some(s),
            Score::Riichi(_) => None,
        }
    }
}

impl Engine<'_> {
    /// What `hand`, won as `win` says, is worth under these rules' [`Scoring`]: the best
    /// reading of the hand. Errors name bad calls, counts, impossible situations, a hand that
    /// does not win, a win without a yaku, and rules that score nothing.
    ///
    /// ```
    /// use hupai::{Engine, Rules, ScoreError, Win, WinningHand};
    /// let hand = WinningHand::new("123m456p789s23455s", "5s", &[]).unwrap();
    /// let engine = Engine::new(Rules::riichi());
    /// assert_eq!(engine.score(&hand, &Win::default()), Err(ScoreError::NoYaku));
    /// assert_eq!(Engine::new(Rules::chinese()).score(&hand, &Win::default()), Err(ScoreError::NotScored));
    /// ```
    pub fn score(&self, hand: &WinningHand, win: &Win) -> Result<Score, ScoreError> {
        match self.rules().scoring {
            Scoring::Riichi => riichi::score(hand, win).map(Score::Riichi),
            Scoring::Guobiao => mcr::score(hand, win).map(Score::Mcr),
            Scoring::None => Err(ScoreError::NotScored),
        }
    }
}
