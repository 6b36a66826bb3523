//! Scoring a win: what a winning hand is worth under the rules' [`Scoring`](crate::Scoring)
//! — riichi's yaku, fu and points ([`RiichiScore`]), Chinese Official fans ([`McrScore`]), or
//! a regional room's fans and payment ([`RoomScore`]: Sichuan 血战到底, 红中麻将, 长沙麻将,
//! 南昌麻将). The hand comes as a [`WinningHand`]
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

pub(crate) mod changsha;
pub(crate) mod fan_table;
pub(crate) mod hand;
pub(crate) mod hongzhong;
pub(crate) mod mcr;
pub(crate) mod nanchang;
pub(crate) mod reading;
pub(crate) mod riichi;
pub(crate) mod room;
pub(crate) mod sichuan;
pub(crate) mod wild;
pub(crate) mod win;

pub use changsha::fans::{ChangshaFan, OpeningWin};
pub use changsha::{opening_wins as changsha_opening_wins, ChangshaScore};
pub use fan_table::FanRow;
#[cfg(feature = "protocol")]
pub(crate) use hand::red_fives;
pub use hand::{Call, CallKind, ScoreError, WinningHand};
pub use hongzhong::fans::HongzhongFan;
pub use hongzhong::HongzhongScore;
pub use mcr::fans::Fan;
pub use mcr::McrScore;
pub use nanchang::fans::NanchangFan;
pub use nanchang::jing::{jing_settlement, JingScore};
pub use nanchang::NanchangScore;
pub use reading::Wait;
pub use riichi::fu::FuPart;
pub use riichi::points::{Limit, Payment};
pub use riichi::settle::{MultipleRon, Pao, TableRules};
pub use riichi::yaku::Yaku;
pub use riichi::RiichiScore;
pub use room::RoomScore;
pub use sichuan::fans::SichuanFan;
pub use sichuan::SichuanScore;
pub(crate) use win::{in_play, red_in_play};
pub use win::{Heavenly, Kazoe, RiichiRules, RoomRules, SelfDraw, Win};

use crate::analysis::Engine;
use crate::rules::Scoring;
use crate::tile::TileSet;

/// A win's score, in the rule family's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Score {
    /// Riichi: yaku, fu and points.
    Riichi(RiichiScore),
    /// Chinese Official (MCR): fans.
    Mcr(McrScore),
    /// Sichuan 血战到底: fans and the payment.
    Sichuan(SichuanScore),
    /// 红中麻将: fans, the payment, and what each 红中 stood for.
    Hongzhong(HongzhongScore),
    /// 长沙麻将: the small win or the big wins, and the payment.
    Changsha(ChangshaScore),
    /// 南昌麻将: fans, the payment, and what each 精 stood for.
    Nanchang(NanchangScore),
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
            _ => None,
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
            _ => None,
        }
    }

    /// The Sichuan score, if the rules score Sichuan 血战到底.
    ///
    /// ```
    /// use hupai::{Engine, Rules, SichuanFan, Win, WinningHand};
    /// let hand = WinningHand::new("11223344556677m", "7m", &[]).unwrap();
    /// let s = Engine::new(Rules::sichuan()).score(&hand, &Win::default()).unwrap();
    /// assert_eq!(s.sichuan().map(|s| s.fans), Some(vec![(SichuanFan::FlushSevenPairs, 1)]));
    /// ```
    pub fn sichuan(self) -> Option<SichuanScore> {
        match self {
            Score::Sichuan(s) => Some(s),
            _ => None,
        }
    }

    /// The 红中麻将 score, if the rules score Hongzhong.
    ///
    /// ```
    /// use hupai::{Engine, HongzhongFan, Rules, Win, WinningHand};
    /// let hand = WinningHand::new("123456789m11s456p", "4p", &[]).unwrap();
    /// let s = Engine::new(Rules::hongzhong()).score(&hand, &Win::default()).unwrap();
    /// let fans = s.hongzhong().map(|s| s.fans);
    /// assert_eq!(fans, Some(vec![(HongzhongFan::PlainWin, 1), (HongzhongFan::NoRedDragon, 1)]));
    /// ```
    pub fn hongzhong(self) -> Option<HongzhongScore> {
        match self {
            Score::Hongzhong(s) => Some(s),
            _ => None,
        }
    }

    /// The 长沙麻将 score, if the rules score Changsha.
    ///
    /// ```
    /// use hupai::{ChangshaFan, Engine, Rules, Win, WinningHand};
    /// let hand = WinningHand::new("111m222333p44466s", "6s", &[]).unwrap();
    /// let s = Engine::new(Rules::changsha()).score(&hand, &Win::default()).unwrap();
    /// let s = s.changsha().unwrap();
    /// assert_eq!(s.fans, vec![(ChangshaFan::AllPungs, 1)]);
    /// assert_eq!(s.total, 6); // one big win, from the discarder
    /// ```
    pub fn changsha(self) -> Option<ChangshaScore> {
        match self {
            Score::Changsha(s) => Some(s),
            _ => None,
        }
    }

    /// The 南昌麻将 score, if the rules score Nanchang.
    ///
    /// ```
    /// use hupai::{Engine, NanchangFan, Rules, Win, WinningHand};
    /// let hand = WinningHand::new("123456789m11p567z", "5z", &[]).unwrap();
    /// let s = Engine::new(Rules::nanchang()).score(&hand, &Win::default()).unwrap();
    /// let fans = s.nanchang().map(|s| s.fans);
    /// assert_eq!(fans, Some(vec![(NanchangFan::PlainWin, 1), (NanchangFan::DeGuo, 1)]));
    /// ```
    pub fn nanchang(self) -> Option<NanchangScore> {
        match self {
            Score::Nanchang(s) => Some(s),
            _ => None,
        }
    }
}

/// The regional room a scoring plays, for the checks every room shares: none for riichi and
/// MCR (or no scoring).
pub(crate) fn room_of(scoring: Scoring) -> Option<&'static room::Room> {
    match scoring {
        Scoring::Sichuan => Some(&sichuan::SICHUAN),
        Scoring::Hongzhong => Some(&hongzhong::HONGZHONG),
        Scoring::Changsha => Some(&changsha::CHANGSHA),
        Scoring::Nanchang => Some(&nanchang::NANCHANG),
        Scoring::None | Scoring::Riichi | Scoring::Guobiao => None,
    }
}

impl Engine<'_> {
    /// `hand` as a hand of these rules (its tiles in play, the rules' wild kinds wild), refused
    /// unless it wins under them: what a regional room's scorer starts from.
    fn winning(&self, hand: &WinningHand) -> Result<crate::Hand, ScoreError> {
        let plain = self.playable(hand)?;
        if !self.is_win(&plain) {
            return Err(ScoreError::NotAWin);
        }
        Ok(plain)
    }

    /// `hand` as a hand of these rules, its tiles checked to be in play (not yet a win).
    fn playable(&self, hand: &WinningHand) -> Result<crate::Hand, ScoreError> {
        hand.as_hand(self.rules())
            .map_err(|e| ScoreError::BadHand(e.to_string()))
    }

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
        self.score_with(hand, win, true)
    }

    /// [`Engine::score`], a room's wildcards filled for the answer only when `fill` (the odds'
    /// expected points read the gain alone: the fill is half a 南昌 score).
    pub(crate) fn score_with(
        &self,
        hand: &WinningHand,
        win: &Win,
        fill: bool,
    ) -> Result<Score, ScoreError> {
        let scoring = self.rules().scoring;
        let wild = TileSet(hand.wild().0 | self.rules().wild.0);
        let held: TileSet = wild
            .iter()
            .filter(|t| hand.concealed()[t.index()] > 0)
            .collect();
        if !held.is_empty() && !matches!(scoring, Scoring::Hongzhong | Scoring::Nanchang) {
            return Err(ScoreError::BadHand(format!(
                "wildcards ({held}) are not read by {} scoring: the 红中 and 南昌 rooms play them",
                scoring.name()
            )));
        }
        match scoring {
            Scoring::Riichi => riichi::score(hand, win).map(Score::Riichi),
            Scoring::Guobiao => mcr::score(hand, win).map(Score::Mcr),
            Scoring::Sichuan => {
                self.winning(hand)?;
                sichuan::score(hand, win).map(Score::Sichuan)
            }
            Scoring::Hongzhong => {
                let plain = self.winning(hand)?;
                hongzhong::score(self, hand, &plain, win, fill).map(Score::Hongzhong)
            }
            Scoring::Changsha => {
                // 全求人 is a big win: its pair need not be a 2, 5 or 8.
                match changsha::all_called(hand, win) {
                    true => self.playable(hand)?,
                    false => self.winning(hand)?,
                };
                changsha::score(hand, win).map(Score::Changsha)
            }
            Scoring::Nanchang => {
                let plain = self.winning(hand)?;
                nanchang::score(self, hand, &plain, win, fill).map(Score::Nanchang)
            }
            Scoring::None => Err(ScoreError::NotScored),
        }
    }
}
