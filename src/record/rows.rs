//! A review as rows, the one shape every door writes (`hupai review --json`, `POST
//! /v1/review`, Python's `hupai.review`): a row a decision, then a row a round's sum and the
//! record's sum. Rows serialize straight to JSON (serde), one at a time, with no tree of
//! values between. docs/RECORDS.md lists the keys.

use super::calls::CallChance;
use super::decision::Decision;
use super::review::{Review, RoundReview, Summary};
use super::wins::WinCheck;
use serde::Serialize;

/// Rounds a probability or a mean for JSON: 6 decimals.
fn r6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// One row of a review: a decision, a call that could be made, a recorded win checked, or a
/// sum (a round's, with `round`; the record's).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Row<'a> {
    /// A decision.
    Decision(DecisionRow<'a>),
    /// A call that could be made.
    Call(CallRow<'a>),
    /// A recorded win checked.
    Win(WinRow<'a>),
    /// A sum.
    Sum(SumRow<'a>),
}

/// A call that could be made, as a row (`call_chance` true): [`CallChance`]'s fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CallRow<'a> {
    /// The record's name, when the door gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<&'a str>,
    /// Always true: a call chance.
    pub call_chance: bool,
    /// The round, from 0.
    pub round: usize,
    /// The discard's event index.
    pub turn: usize,
    /// The seat that could call.
    pub seat: u8,
    /// The tile discarded.
    pub tile: &'static str,
    /// Its discarder.
    pub from: u8,
    /// The calls possible: "chi", "pon", "kan".
    pub options: Vec<&'static str>,
    /// The call made, or null.
    pub taken: Option<&'static str>,
    /// The shanten declining.
    pub shanten: i8,
    /// The tiles left declining.
    pub ukeire: u32,
    /// The best call ("chi", "pon", "kan") and its meld's lowest tile.
    pub best_call: String,
    /// The discard after it (null after a kong).
    pub best_call_discard: Option<&'static str>,
    /// The shanten after the best call.
    pub call_shanten: i8,
    /// The tiles left after it.
    pub call_ukeire: u32,
    /// Taken or declined as efficiency says.
    pub agrees: bool,
}

/// A recorded win checked, as a row (`win_check` true).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinRow<'a> {
    /// The record's name, when the door gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<&'a str>,
    /// Always true: a win checked.
    pub win_check: bool,
    /// The round, from 0.
    pub round: usize,
    /// The winner.
    pub seat: u8,
    /// The record's score changes.
    pub recorded: [i32; 4],
    /// hupai's, or null with `error`.
    pub scored: Option<[i32; 4]>,
    /// Why hupai could not score it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
    /// The two agree.
    pub agrees: bool,
}

/// A call's word in rows: "chi", "pon", "kan".
fn call_word(k: crate::score::CallKind) -> &'static str {
    match k {
        crate::score::CallKind::Chi => "chi",
        crate::score::CallKind::Pon => "pon",
        _ => "kan",
    }
}

impl CallChance {
    /// The chance as a row, named `record`.
    pub fn row<'a>(&self, record: Option<&'a str>) -> CallRow<'a> {
        let (kind, low, discard) = self.best_call;
        CallRow {
            record,
            call_chance: true,
            round: self.round,
            turn: self.turn,
            seat: self.seat,
            tile: self.tile.mpsz(),
            from: self.from,
            options: self.options.iter().map(|&k| call_word(k)).collect(),
            taken: self.taken.map(call_word),
            shanten: self.shanten,
            ukeire: self.ukeire,
            best_call: format!("{} {}", call_word(kind), low.mpsz()),
            best_call_discard: discard.map(|t| t.mpsz()),
            call_shanten: self.call_shanten,
            call_ukeire: self.call_ukeire,
            agrees: self.agrees(),
        }
    }
}

impl WinCheck {
    /// The check as a row, named `record`.
    pub fn row<'a>(&'a self, record: Option<&'a str>) -> WinRow<'a> {
        WinRow {
            record,
            win_check: true,
            round: self.round,
            seat: self.seat,
            recorded: self.recorded,
            scored: self.scored.as_ref().ok().copied(),
            error: self.scored.as_ref().err().map(String::as_str),
            agrees: self.agrees(),
        }
    }
}

/// A decision as a row: [`Decision`]'s fields, whether it agrees and what it cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecisionRow<'a> {
    /// The record's name, when the door gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<&'a str>,
    /// The round, from 0.
    pub round: usize,
    /// The event's index in the round.
    pub turn: usize,
    /// The seat's discard count in the round (巡目).
    pub nth: u32,
    /// The seat.
    pub seat: u8,
    /// The concealed tiles before the discard (MPSZ).
    pub hand: &'a str,
    /// The discard made.
    pub discard: &'static str,
    /// The shanten it left.
    pub shanten: i8,
    /// Its tiles left.
    pub ukeire: u32,
    /// The best discard by efficiency.
    pub best: &'static str,
    /// The shanten the best leaves.
    pub best_shanten: i8,
    /// The tiles left after the best.
    pub best_ukeire: u32,
    /// As good as the best by efficiency.
    pub agrees: bool,
    /// Tiles left lost, when the best shanten was kept.
    pub ukeire_loss: Option<u32>,
    /// The odds' horizon: the seat's draws left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws: Option<u32>,
    /// The win chance after the discard made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
    /// The discard with the best win chance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_win_tile: Option<&'static str>,
    /// That chance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_win: Option<f64>,
    /// The win chance lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_loss: Option<f64>,
    /// The tenpai chance after the discard made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenpai: Option<f64>,
    /// The discard with the best tenpai chance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_tenpai_tile: Option<&'static str>,
    /// That chance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_tenpai: Option<f64>,
    /// The tenpai chance lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenpai_loss: Option<f64>,
    /// The expected points after the discard made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
    /// The discard with the most expected points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_points_tile: Option<&'static str>,
    /// Those points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_points: Option<f64>,
    /// The expected points lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_loss: Option<f64>,
}

/// A sum as a row (`summary` true; `round` for a round's sum).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SumRow<'a> {
    /// The record's name, when the door gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<&'a str>,
    /// Always true: a sum.
    pub summary: bool,
    /// The round, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<usize>,
    /// Rounds summed.
    pub rounds: usize,
    /// Decisions judged.
    pub decisions: usize,
    /// Of them, as good as the best.
    pub agree: usize,
    /// Of them, discards that raised the shanten.
    pub shanten_worse: usize,
    /// Calls the reviewed seats could make.
    pub calls_possible: usize,
    /// Of them, made.
    pub calls_taken: usize,
    /// Of them, as efficiency says.
    pub calls_agree: usize,
    /// The mean tiles left lost.
    pub mean_ukeire_loss: f64,
    /// Decisions the odds judged.
    pub odds_judged: usize,
    /// Decisions the odds gave up on past their state budget (the same on every run).
    pub odds_stopped: usize,
    /// Decisions the odds gave up on at the safety stop in time (a busy machine's count).
    pub odds_timed_out: usize,
    /// The mean win chance lost.
    pub mean_win_loss: f64,
    /// The mean tenpai chance lost.
    pub mean_tenpai_loss: f64,
    /// Decisions the odds scored (the expected points compared).
    pub odds_scored: usize,
    /// The mean expected points lost.
    pub mean_points_loss: f64,
    /// Recorded wins scored again.
    pub wins_checked: usize,
    /// Of them, as the record says.
    pub wins_agree: usize,
    /// Rounds cut off at the record's end and left out (the record's sum only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds_cut: Option<usize>,
    /// Rounds the table refused partway (reviewed up to the refused action).
    pub rounds_refused: usize,
}

impl Decision {
    /// The decision as a row, named `record`.
    ///
    /// ```
    /// # let text = r#"{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
    /// #   [11,12,13,14,15,16,17,18,19,21,22,23,47], [25], [47],
    /// #   [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
    /// #   [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
    /// #   [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
    /// #   ["流局", [0, 0, 0, 0]]]]}"#;
    /// let record = hupai::record::read(text).unwrap();
    /// let review = hupai::record::review(&record, &Default::default());
    /// let row = review.decisions[0].row(None);
    /// assert_eq!(row.discard, "7z");
    /// assert_eq!(row.win, row.best_win); // a tanki on 5p or on 7z: three tiles each
    /// assert_eq!(row.win_loss, Some(0.0));
    /// ```
    pub fn row<'a>(&'a self, record: Option<&'a str>) -> DecisionRow<'a> {
        let o = self.odds.as_ref();
        let scored = o.and_then(|o| Some((o.points?, o.best_points?)));
        DecisionRow {
            record,
            round: self.round,
            turn: self.turn,
            nth: self.nth,
            seat: self.seat,
            hand: &self.hand,
            discard: self.discard.mpsz(),
            shanten: self.shanten,
            ukeire: self.ukeire,
            best: self.best.mpsz(),
            best_shanten: self.best_shanten,
            best_ukeire: self.best_ukeire,
            agrees: self.agrees(),
            ukeire_loss: self.ukeire_loss(),
            draws: o.map(|o| o.draws),
            win: o.map(|o| r6(o.win)),
            best_win_tile: o.map(|o| o.best_win.0.mpsz()),
            best_win: o.map(|o| r6(o.best_win.1)),
            win_loss: self.win_loss().map(r6),
            tenpai: o.map(|o| r6(o.tenpai)),
            best_tenpai_tile: o.map(|o| o.best_tenpai.0.mpsz()),
            best_tenpai: o.map(|o| r6(o.best_tenpai.1)),
            tenpai_loss: self.tenpai_loss().map(r6),
            points: scored.map(|(p, _)| r6(p)),
            best_points_tile: scored.map(|(_, (t, _))| t.mpsz()),
            best_points: scored.map(|(_, (_, b))| r6(b)),
            points_loss: scored.and(self.points_loss()).map(r6),
        }
    }
}

impl Summary {
    /// The sum as a row, named `record`; `round` for a round's sum.
    ///
    /// ```
    /// let row = hupai::record::Summary::default().row(None, None);
    /// assert!(row.summary);
    /// assert_eq!(serde_json::to_value(&row).unwrap()["wins_checked"], 0);
    /// ```
    pub fn row<'a>(&self, record: Option<&'a str>, round: Option<usize>) -> SumRow<'a> {
        SumRow {
            record,
            summary: true,
            round,
            rounds: self.rounds,
            decisions: self.decisions,
            agree: self.agree,
            shanten_worse: self.shanten_worse,
            calls_possible: self.calls_possible,
            calls_taken: self.calls_taken,
            calls_agree: self.calls_agree,
            mean_ukeire_loss: r6(self.ukeire_loss),
            odds_judged: self.odds_judged,
            odds_stopped: self.odds_stopped,
            odds_timed_out: self.odds_timed_out,
            mean_win_loss: r6(self.win_loss),
            mean_tenpai_loss: r6(self.tenpai_loss),
            odds_scored: self.odds_scored,
            mean_points_loss: r6(self.points_loss),
            wins_checked: self.wins_checked,
            wins_agree: self.wins_agree,
            rounds_cut: round.is_none().then_some(self.rounds_cut),
            rounds_refused: self.rounds_refused,
        }
    }
}

impl Review {
    /// Every row, made as it is asked for (a door writes each and lets it go), each named
    /// `record`: a round's decisions, its call chances, its recorded wins checked and its sum,
    /// round after round, then the record's sum.
    ///
    /// ```
    /// let review = hupai::record::Review {
    ///     decisions: vec![], calls: vec![], wins: vec![], rounds: vec![], summary: Default::default(),
    /// };
    /// assert_eq!(review.rows(Some("game.json")).count(), 1);
    /// ```
    pub fn rows<'a>(&'a self, record: Option<&'a str>) -> impl Iterator<Item = Row<'a>> + 'a {
        self.rounds
            .iter()
            .enumerate()
            .flat_map(move |(i, sum)| {
                round_rows(
                    record,
                    i,
                    in_round(&self.decisions, i, |d| d.round),
                    in_round(&self.calls, i, |c| c.round),
                    in_round(&self.wins, i, |w| w.round),
                    sum,
                )
            })
            .chain(std::iter::once(Row::Sum(self.summary.row(record, None))))
    }
}

impl RoundReview {
    /// The round's rows, each named `record`: its decisions, its call chances, its recorded
    /// wins checked and its sum (a door reading a record round by round writes these, then
    /// the record's sum).
    ///
    /// ```
    /// let r = hupai::record::RoundReview {
    ///     index: 3, decisions: vec![], calls: vec![], wins: vec![], summary: Default::default(),
    ///     refused: None,
    /// };
    /// let rows: Vec<_> = r.rows(None).collect();
    /// assert_eq!(serde_json::to_value(&rows).unwrap()[0]["round"], 3);
    /// ```
    pub fn rows<'a>(&'a self, record: Option<&'a str>) -> impl Iterator<Item = Row<'a>> + 'a {
        round_rows(
            record,
            self.index,
            &self.decisions,
            &self.calls,
            &self.wins,
            &self.summary,
        )
    }
}

/// Round `i`'s rows: its decisions, call chances, wins checked, then its sum.
fn round_rows<'a>(
    record: Option<&'a str>,
    i: usize,
    decisions: &'a [Decision],
    calls: &'a [CallChance],
    wins: &'a [WinCheck],
    sum: &Summary,
) -> impl Iterator<Item = Row<'a>> + 'a {
    decisions
        .iter()
        .map(move |d| Row::Decision(d.row(record)))
        .chain(calls.iter().map(move |c| Row::Call(c.row(record))))
        .chain(wins.iter().map(move |w| Row::Win(w.row(record))))
        .chain(std::iter::once(Row::Sum(sum.row(record, Some(i)))))
}

/// The items of round `i` in a list ordered by round.
fn in_round<T>(all: &[T], i: usize, round: impl Fn(&T) -> usize) -> &[T] {
    let from = all.partition_point(|x| round(x) < i);
    let to = all.partition_point(|x| round(x) <= i);
    &all[from..to]
}
