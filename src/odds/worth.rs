//! What a win of the odds is worth (`Engine::odds_scored`): the situation it is read in
//! ([`OddsScore`], checked against the hand), and the value of each winning draw — riichi's
//! points with the ura-dora and red fives by their chances, MCR's fan total, Sichuan's gain —
//! scored in one winning hand and one scratch refilled for every win.

use super::options::{OddsError, OddsOptions, WallModel};
use super::{build, graph, red, ura};
use crate::analysis::Engine;
use crate::hand::Hand;
use crate::rules::Scoring;
use crate::score::riichi::{self, Scratch};
use crate::score::win::dora_of;
use crate::score::{Call, Score, ScoreError, Win, WinningHand};
use crate::tile::{Tile, KINDS};
use std::cell::RefCell;

/// What the expected score of [`Engine::odds_scored`] reads (riichi): the situation a win
/// would have, and how the hand's declared melds were made.
///
/// ```
/// use hupai::{Engine, Hand, OddsOptions, OddsScore, Rules, Tile, Win};
/// let engine = Engine::new(Rules::riichi());
/// let hand: Hand = "123m456p789s1122z".parse().unwrap(); // waits on 1z and 2z
/// let win = Win { seat_wind: Tile::parse("1z").unwrap(), ..Win::default() };
/// let score = OddsScore { win, ..OddsScore::default() };
/// let odds = engine.odds_scored(&hand, &[0; 34], &OddsOptions::default(), &score).unwrap();
/// assert!(odds.expected[16] > 0.0 && odds.expected[0] < odds.expected[16]);
/// // A red 5m among the concealed tiles is a han more on every win that keeps it.
/// let hand: Hand = "345m456p789s1122z".parse().unwrap();
/// let red = OddsScore { red: [1, 0, 0], ..score.clone() };
/// let plain = engine.odds_scored(&hand, &[0; 34], &OddsOptions::default(), &score).unwrap();
/// let with = engine.odds_scored(&hand, &[0; 34], &OddsOptions::default(), &red).unwrap();
/// assert!(with.expected[16] > plain.expected[16]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OddsScore {
    /// The situation of a win: seat and round winds, dora indicators, honba, riichi sticks and
    /// the room's options; `riichi` declares riichi on tenpai (a closed hand's wins count it).
    /// Every win of the odds is a tsumo; the other flags and ura-dora are not read (ura-dora
    /// count by their chances under riichi).
    pub win: Win,
    /// How the hand's declared melds were made: the same melds, as calls (a closed kan keeps
    /// the hand closed). Empty for a hand without melds.
    pub calls: Vec<Call>,
    /// The red fives among the hand's concealed tiles (m, p, s; `0m` in MPSZ text). When the
    /// room plays red fives (`win.rules.red_fives`), a win counts those the hand still holds
    /// and the chance that its drawn fives hold a red one (`docs/ODDS.md`, "Red fives").
    pub red: [u8; 3],
}

impl<'t> Engine<'t> {
    /// Refuses an expected score's situation that cannot be read with `hand`: rules that
    /// score nothing, calls that are not the hand's melds, indicators past four of a kind.
    pub(super) fn check_scored(&self, hand: &Hand, score: &OddsScore) -> Result<(), OddsError> {
        if self.rules().scoring == Scoring::None {
            return Err(OddsError::Score(ScoreError::NotScored));
        }
        let mut declared: Vec<u16> = hand.melds().map(|m| m.pack()).collect();
        let mut called: Vec<u16> = score.calls.iter().map(|c| c.meld().pack()).collect();
        declared.sort_unstable();
        called.sort_unstable();
        if declared != called {
            return Err(OddsError::Score(ScoreError::BadCall(
                "the calls are not the hand's declared melds".into(),
            )));
        }
        // The dora indicators are tiles in play beside the hand's. (`seen` may list them
        // already: they are visible tiles.)
        let mut held = [0u32; KINDS];
        for (h, &v) in held.iter_mut().zip(hand.visible().iter()) {
            *h = v as u32;
        }
        crate::score::in_play(&held, &score.win.dora, &[])
            .and_then(|()| crate::score::red_in_play(score.red, score.win.red_indicators))
            .map_err(|m| OddsError::Score(ScoreError::TooManyCopies(m)))?;
        // What no win of a regional room can have (riichi's situation, a chi where it calls
        // none): refused here, as the scorer refuses it, rather than every win worth 0.
        if let Some(room) = crate::score::room_of(self.rules().scoring) {
            crate::score::room::check_room(&score.win, &score.calls, room)
                .map_err(OddsError::Score)?;
        }
        // Red fives: among the hand's fives, one a suit in the hand and its calls, and (when
        // the room plays them) the red one among all four fives a hand holds.
        let (called, called_red) = called_fives(&score.calls);
        let counts = hand.counts();
        let reds_played = self.rules().scoring == Scoring::Riichi && score.win.rules.red_fives;
        for (s, suit) in ['m', 'p', 's'].into_iter().enumerate() {
            let (five, red) = (counts[s * 9 + 4], score.red[s]);
            let bad = |m: String| Err(OddsError::Score(ScoreError::BadHand(m)));
            if red > five {
                return bad(format!(
                    "{red} red fives of {suit} but {five} concealed 5{suit}"
                ));
            }
            if red + called_red[s] > red::RED_PER_SUIT {
                return Err(OddsError::Score(ScoreError::TooManyCopies(format!(
                    "{} red fives of {suit} (0{suit}) in the hand and its calls: a set has one red five of each suit",
                    red + called_red[s]
                ))));
            }
            if reds_played && five + called[s] == 4 && red + called_red[s] == 0 {
                return Err(OddsError::Score(ScoreError::BadSituation(format!(
                    "the hand holds all four 5{suit} with red fives played: one of them is the red 0{suit} (or play without red fives)"
                ))));
            }
        }
        Ok(())
    }

    /// What a winning draw is worth under `score`: the 14 concealed tiles with the calls, by
    /// tsumo; riichi for a closed hand when `score.win.riichi` says so, or, under the riichi
    /// player's model (`opts.riichi`), when the hand had declared; 0 without a yaku. A win in
    /// riichi is worth the mean over its ura-dora ([`ura::distribution`]: as many
    /// indicators as dora indicators, turned from the tiles unseen at the win, `from`'s).
    pub(super) fn win_value<'a>(
        &'a self,
        score: &'a OddsScore,
        opts: &OddsOptions,
        from: &'a build::Start,
    ) -> Box<build::WinValueFn<'a>> {
        let closed = score.calls.iter().all(|c| !c.is_open());
        // Only what a win of the odds reads: every win a tsumo, riichi on tenpai, no flag of the
        // moment; the ura-dora by their chances.
        let w = &score.win;
        let win = Win {
            tsumo: true,
            riichi: w.riichi && closed,
            seat_wind: w.seat_wind,
            round_wind: w.round_wind,
            dora: w.dora.clone(),
            honba: w.honba,
            riichi_sticks: w.riichi_sticks,
            stake: w.stake,
            payers: w.payers,
            rules: w.rules,
            room: w.room,
            ..Win::default()
        };
        let declared = Win {
            riichi: closed,
            ..win.clone()
        };
        let undeclared = Win {
            riichi: false,
            ..win.clone()
        };
        // The riichi player's model counts riichi on the wins of riichi scoring only.
        let model = opts.riichi && self.rules().scoring == Scoring::Riichi;
        let wall = opts.model;
        let reds = if self.rules().scoring == Scoring::Riichi && w.rules.red_fives {
            let (called, called_red) = called_fives(&score.calls);
            red::Reds::new(&from.counts, score.red, called, called_red)
        } else {
            red::Reds::default()
        };
        // One winning hand (the calls cloned once) and one scorer's scratch, refilled for
        // every win: no allocation once they have grown.
        let kept: RefCell<Option<(WinningHand, Scratch)>> = RefCell::new(None);
        Box::new(move |h14: &Hand, t: Tile, riichi: bool| {
            let situation = match (model, riichi) {
                (false, _) => &win,
                (true, true) => &declared,
                (true, false) => &undeclared,
            };
            let mut kept = kept.borrow_mut();
            // The mean over the red fives the hand may hold (one reading without red fives).
            reds.readings(h14.counts())
                .map(|(red, p)| {
                    let (hand, scratch) = match kept.as_mut() {
                        Some((hand, scratch)) => {
                            hand.refill(*h14.counts(), t, red);
                            (&*hand, scratch)
                        }
                        None => {
                            let made =
                                WinningHand::from_parts(*h14.counts(), score.calls.clone(), t, red);
                            let Ok(hand) = made.map(|h| h.with_wild(h14.wild())) else {
                                return 0.0;
                            };
                            let (hand, scratch) = kept.insert((hand, Scratch::default()));
                            (&*hand, scratch)
                        }
                    };
                    p * self.tsumo_value(hand, situation, scratch, wall, from)
                })
                .sum()
        })
    }

    /// What the winning `hand` is worth by tsumo in `situation`: riichi's points, the mean
    /// over the ura-dora in riichi ([`ura::distribution`]); MCR's fan total of a win that
    /// meets the minimum; Sichuan's gain (the stake doubled a fan, from each payer).
    fn tsumo_value(
        &self,
        hand: &WinningHand,
        situation: &Win,
        scratch: &mut Scratch,
        wall: WallModel,
        from: &build::Start,
    ) -> f64 {
        if self.rules().scoring != Scoring::Riichi {
            // The gain alone: a room's wildcards are not filled for an answer.
            return match self.score_with(hand, situation, false) {
                Ok(Score::Mcr(m)) if m.meets_minimum => m.total as f64,
                Ok(Score::Sichuan(s)) => s.total as f64,
                Ok(Score::Hongzhong(s)) => s.total as f64,
                Ok(Score::Changsha(s)) => s.total as f64,
                Ok(Score::Nanchang(s)) => s.total as f64,
                _ => 0.0,
            };
        }
        let chance = if situation.in_riichi() {
            // The indicators come from the copies not in the hand, its melds or `seen`, less
            // the dora indicators themselves.
            let all = hand.all_counts();
            let (mut pool, mut gain) = ([0u8; KINDS], [0u8; KINDS]);
            let mut shown = [0u8; KINDS];
            for d in &situation.dora {
                shown[d.index()] += 1;
            }
            let c14 = hand.concealed();
            for k in 0..KINDS {
                let free = 4u32.saturating_sub(all[k] + shown[k] as u32) as u8;
                pool[k] = graph::weight(wall, &from.unseen, &from.counts, c14, k).min(free);
                gain[k] = all[dora_of(Tile::from_index(k)).index()].min(4) as u8;
            }
            ura::distribution(&pool, &gain, situation.dora.len())
        } else {
            ura::none()
        };
        // The points of each count of ura han that can happen (up to the last).
        let counts = chance.iter().rposition(|&p| p > 0.0).map_or(1, |u| u + 1);
        let mut totals = [0u32; ura::MOST_HAN + 1];
        let totals = &mut totals[..counts];
        if riichi::totals_by_ura(hand, situation, scratch, totals).is_err() {
            return 0.0;
        }
        chance
            .iter()
            .zip(totals.iter())
            .map(|(&p, &total)| p * total as f64)
            .sum()
    }
}

/// The fives in `calls` and the red ones among them, per suit (m, p, s).
fn called_fives(calls: &[Call]) -> ([u8; 3], [u8; 3]) {
    let mut all = [0u32; KINDS];
    let mut red = [0u8; 3];
    for c in calls {
        c.add_to(&mut all);
        if c.red() > 0 {
            red[c.tile().index() / 9] += c.red();
        }
    }
    (std::array::from_fn(|s| all[s * 9 + 4] as u8), red)
}
