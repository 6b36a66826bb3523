//! One decision of a played game as the review judges it, with its odds, and the options
//! of a review: what every part of the review (the judge, the replay, the rows) shares.

use crate::tile::Tile;
use std::time::{Duration, Instant};

/// What a review judges and how long it may think.
///
/// ```
/// let quick = hupai::record::ReviewOptions { odds: false, ..Default::default() };
/// assert_eq!(quick.max_shanten, 3);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewOptions {
    /// The seat to review (0–3); every seat when `None`. Default `None`.
    pub seat: Option<u8>,
    /// The full review: win chances and expected points by the odds engine. Default on;
    /// off is `--quick` (efficiency only).
    pub odds: bool,
    /// The odds judge decisions whose hand is this far from tenpai or nearer. Default 3.
    pub max_shanten: i8,
    /// The odds' safety stop in time for one decision: past it the decision keeps its
    /// efficiency verdict alone, counted apart ([`super::Summary::odds_timed_out`]) — the
    /// answers are decided by `max_states`, so they are the same on every run unless the
    /// machine is too busy for this stop. Default 5 s.
    pub budget: Duration,
    /// The odds' state budget for one decision ([`crate::OddsOptions::max_states`]); past it
    /// the decision keeps its efficiency verdict alone ([`super::Summary::odds_stopped`]).
    /// Default 200,000 (about 0.3 s on one core of this project's machine).
    pub max_states: usize,
    /// When the whole review's odds must end (a server's request deadline): past it, every
    /// decision keeps its efficiency verdict alone, counted as timed out. Default none.
    pub deadline: Option<Instant>,
    /// The odds' detours ([`crate::OddsOptions::extra`]): 0, the default here, plays for the
    /// fastest win (detours that cost no draw) — 40× faster than 1, the odds engine's default
    /// (docs/PERFORMANCE.md, "Game review").
    pub extra: u8,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions {
            seat: None,
            odds: true,
            max_shanten: 3,
            budget: Duration::from_secs(5),
            extra: 0,
            max_states: 200_000,
            deadline: None,
        }
    }
}

/// One decision of a played game: the hand (concealed tiles, MPSZ) before the discard, the
/// discard made and the best one, each with the shanten it leaves and its tiles left; in a
/// full review, the odds of both.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The round, from 0.
    pub round: usize,
    /// The event's index in the round, from 0.
    pub turn: usize,
    /// The seat that discarded.
    pub seat: u8,
    /// The seat's discard count in the round, this one included (巡目): its turn as a
    /// player counts it.
    pub nth: u32,
    /// The concealed tiles before the discard.
    pub hand: String,
    /// The discard made.
    pub discard: Tile,
    /// The shanten it left.
    pub shanten: i8,
    /// The tiles left (unseen) that advance the hand it left.
    pub ukeire: u32,
    /// The best discard by shanten, then tiles left.
    pub best: Tile,
    /// The shanten the best discard leaves.
    pub best_shanten: i8,
    /// The tiles left after the best discard.
    pub best_ukeire: u32,
    /// The odds of the discard made and of the best ones (a full review, at most
    /// [`ReviewOptions::max_shanten`], within the time budget).
    pub odds: Option<DecisionOdds>,
}

/// A decision's odds: the chance to win within the seat's draws left after the discard made,
/// and the best discard for it; the expected points of a win (under rules that score) after
/// the discard made, and the best discard for them.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionOdds {
    /// The horizon: the seat's draws left in the wall.
    pub draws: u32,
    /// The chance to win within them after the discard made.
    pub win: f64,
    /// The discard with the best chance, and the chance.
    pub best_win: (Tile, f64),
    /// The chance to be tenpai within them after the discard made.
    pub tenpai: f64,
    /// The discard with the best tenpai chance, and the chance.
    pub best_tenpai: (Tile, f64),
    /// The expected points of a win after the discard made.
    pub points: Option<f64>,
    /// The discard with the most expected points, and the points.
    pub best_points: Option<(Tile, f64)>,
}

impl Decision {
    /// The discard made is as good as the best: the same shanten and as many tiles left.
    pub fn agrees(&self) -> bool {
        (self.shanten, self.ukeire) == (self.best_shanten, self.best_ukeire)
    }

    /// What the discard made cost in tiles left, when it kept the best shanten.
    pub fn ukeire_loss(&self) -> Option<u32> {
        (self.shanten == self.best_shanten).then(|| self.best_ukeire - self.ukeire)
    }

    /// What it cost in win chance (0 to 1).
    pub fn win_loss(&self) -> Option<f64> {
        self.odds.as_ref().map(|o| (o.best_win.1 - o.win).max(0.0))
    }

    /// What it cost in tenpai chance (0 to 1).
    pub fn tenpai_loss(&self) -> Option<f64> {
        self.odds
            .as_ref()
            .map(|o| (o.best_tenpai.1 - o.tenpai).max(0.0))
    }

    /// What it cost in expected points.
    pub fn points_loss(&self) -> Option<f64> {
        let o = self.odds.as_ref()?;
        Some((o.best_points?.1 - o.points?).max(0.0))
    }
}

/// The decisions the odds gave up on: past the state budget (the same on every run), or at
/// the wall-time safety stop (reported apart).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GaveUp {
    /// Past the state or memory budget.
    pub budget: usize,
    /// At the safety stop in time.
    pub time: usize,
}

impl std::ops::AddAssign for GaveUp {
    fn add_assign(&mut self, o: GaveUp) {
        self.budget += o.budget;
        self.time += o.time;
    }
}
