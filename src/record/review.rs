//! The review of a played game: every discard a player chose — its hand of the moment with
//! its calls, and every tile it could see (the rivers, the calls, the dora indicators) — set
//! beside the engine's best discard by efficiency (shanten, then the tiles left that advance
//! the hand) and, in a full review, by the chance to win within the player's draws left and
//! by the expected points of a win (the odds engine, with a time budget a decision). Discards
//! after the player's riichi are forced and not judged.

use super::at_table::Reviewer;
use super::calls::CallChance;
use super::decision::{Decision, GaveUp, ReviewOptions};
use super::event::{Record, Round};
use super::table::play;
use super::walk::walk_round;
use super::wins::{check_room_round, wins_at_table, WinCheck};
use crate::analysis::Engine;
use crate::rules::{Rules, Scoring};
use crate::score::TableRules;

/// A review in sum (of a record, or of one round): its rounds, the decisions judged and how
/// many were the best, the mean losses, the recorded wins scored again and how many agree.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Rounds replayed.
    pub rounds: usize,
    /// Decisions judged.
    pub decisions: usize,
    /// Of them, as good as the best discard.
    pub agree: usize,
    /// Of them, discards that raised the shanten the best discard kept.
    pub shanten_worse: usize,
    /// The mean tiles left lost, over the decisions that kept the best shanten.
    pub ukeire_loss: f64,
    /// Decisions the odds judged.
    pub odds_judged: usize,
    /// Decisions the odds gave up on, past their state or memory budget
    /// ([`ReviewOptions::max_states`]): counted in states, so the same on every run.
    pub odds_stopped: usize,
    /// Decisions the odds gave up on at the wall-time safety stop ([`ReviewOptions::budget`],
    /// [`ReviewOptions::deadline`]): a busy machine's count, reported apart from the answers.
    pub odds_timed_out: usize,
    /// The mean win chance lost (0 to 1), over the decisions the odds judged.
    pub win_loss: f64,
    /// The mean tenpai chance lost (0 to 1), over the decisions the odds judged.
    pub tenpai_loss: f64,
    /// Decisions the odds scored (expected points for the discard made and the best).
    pub odds_scored: usize,
    /// The mean expected points lost, over the decisions the odds scored.
    pub points_loss: f64,
    /// Calls the reviewed seats could make on a discard ([`CallChance`]).
    pub calls_possible: usize,
    /// Of them, made.
    pub calls_taken: usize,
    /// Of them, taken or declined as efficiency says.
    pub calls_agree: usize,
    /// Recorded wins scored again ([`super::check_wins`]).
    pub wins_checked: usize,
    /// Of them, scored as the record says.
    pub wins_agree: usize,
    /// Rounds cut off at the record's end, left out ([`super::Record::cut`]): 0 or 1.
    pub rounds_cut: usize,
    /// Rounds the table refused partway (an action its rules do not allow: the review stops
    /// there, [`RoundReview::refused`] says why).
    pub rounds_refused: usize,
}

impl Summary {
    /// The sum of `decisions` and `calls` over `rounds` rounds, with `wins` checked.
    ///
    /// ```
    /// let s = hupai::record::Summary::of(&[], &[], &[], 1, Default::default());
    /// assert_eq!((s.rounds, s.decisions, s.ukeire_loss), (1, 0, 0.0));
    /// ```
    pub fn of(
        decisions: &[Decision],
        calls: &[CallChance],
        wins: &[WinCheck],
        rounds: usize,
        gave_up: GaveUp,
    ) -> Summary {
        let mean = |xs: &mut dyn Iterator<Item = f64>| {
            let (n, sum) = xs.fold((0usize, 0.0), |(n, s), x| (n + 1, s + x));
            if n == 0 {
                0.0
            } else {
                sum / n as f64
            }
        };
        Summary {
            rounds,
            decisions: decisions.len(),
            agree: decisions.iter().filter(|d| d.agrees()).count(),
            shanten_worse: decisions
                .iter()
                .filter(|d| d.shanten > d.best_shanten)
                .count(),
            ukeire_loss: mean(
                &mut decisions
                    .iter()
                    .filter_map(|d| d.ukeire_loss().map(f64::from)),
            ),
            odds_judged: decisions.iter().filter(|d| d.odds.is_some()).count(),
            odds_stopped: gave_up.budget,
            odds_timed_out: gave_up.time,
            win_loss: mean(&mut decisions.iter().filter_map(Decision::win_loss)),
            tenpai_loss: mean(&mut decisions.iter().filter_map(Decision::tenpai_loss)),
            odds_scored: decisions.iter().filter_map(Decision::points_loss).count(),
            points_loss: mean(&mut decisions.iter().filter_map(Decision::points_loss)),
            calls_possible: calls.len(),
            calls_taken: calls.iter().filter(|c| c.taken.is_some()).count(),
            calls_agree: calls.iter().filter(|c| c.agrees()).count(),
            wins_checked: wins.len(),
            wins_agree: wins.iter().filter(|w| w.agrees()).count(),
            rounds_cut: 0,
            rounds_refused: 0,
        }
    }

    /// Adds `other` (the next round's sum) to this one: the counts summed, each mean
    /// weighted by the decisions it is over — how a record's sum is made round by round.
    ///
    /// ```
    /// use hupai::record::Summary;
    /// let mut sum = Summary { rounds: 1, decisions: 1, ukeire_loss: 4.0, ..Default::default() };
    /// sum.add(&Summary { rounds: 1, decisions: 3, ukeire_loss: 0.0, ..Default::default() });
    /// assert_eq!((sum.rounds, sum.decisions, sum.ukeire_loss), (2, 4, 1.0));
    /// ```
    pub fn add(&mut self, other: &Summary) {
        let kept = |s: &Summary| s.decisions - s.shanten_worse;
        let mean = |a: f64, n: usize, b: f64, m: usize| match n + m {
            0 => 0.0,
            t => (a * n as f64 + b * m as f64) / t as f64,
        };
        self.ukeire_loss = mean(self.ukeire_loss, kept(self), other.ukeire_loss, kept(other));
        self.win_loss = mean(
            self.win_loss,
            self.odds_judged,
            other.win_loss,
            other.odds_judged,
        );
        self.tenpai_loss = mean(
            self.tenpai_loss,
            self.odds_judged,
            other.tenpai_loss,
            other.odds_judged,
        );
        self.points_loss = mean(
            self.points_loss,
            self.odds_scored,
            other.points_loss,
            other.odds_scored,
        );
        self.rounds += other.rounds;
        self.decisions += other.decisions;
        self.agree += other.agree;
        self.shanten_worse += other.shanten_worse;
        self.odds_judged += other.odds_judged;
        self.odds_stopped += other.odds_stopped;
        self.odds_timed_out += other.odds_timed_out;
        self.odds_scored += other.odds_scored;
        self.calls_possible += other.calls_possible;
        self.calls_taken += other.calls_taken;
        self.calls_agree += other.calls_agree;
        self.wins_checked += other.wins_checked;
        self.wins_agree += other.wins_agree;
        self.rounds_cut += other.rounds_cut;
        self.rounds_refused += other.rounds_refused;
    }
}

/// A record's review: every decision judged, each round's sum and the record's.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The decisions, in the order played.
    pub decisions: Vec<Decision>,
    /// The calls the reviewed seats could make, in the order played.
    pub calls: Vec<CallChance>,
    /// The recorded wins scored again.
    pub wins: Vec<WinCheck>,
    /// Each round's sum.
    pub rounds: Vec<Summary>,
    /// The record's sum.
    pub summary: Summary,
}

/// One round's review ([`review_round`]): its decisions, call chances and recorded wins
/// checked, and its sum.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundReview {
    /// The round's index in its record, from 0.
    pub index: usize,
    /// The decisions, in the order played.
    pub decisions: Vec<Decision>,
    /// The calls the reviewed seats could make.
    pub calls: Vec<CallChance>,
    /// The recorded wins scored again.
    pub wins: Vec<WinCheck>,
    /// The round's sum.
    pub summary: Summary,
    /// Why the table refused the round partway, if it did (the review stops at the refused
    /// action; a riichi round is played at the table under Tenhou's rules).
    pub refused: Option<String>,
}

/// Reviews `record`: every decision of the chosen seat (or of every seat) under the record's
/// rules, the sums per round and for the record, the recorded wins checked.
///
/// ```
/// let text = r#"{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
///   [11,12,13,14,15,16,17,18,19,21,22,23,47], [25], [47],
///   [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
///   [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
///   [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
///   ["流局", [0, 0, 0, 0]]]]}"#;
/// let record = hupai::record::tenhou6::read(text).unwrap();
/// let opts = hupai::record::ReviewOptions { seat: Some(0), ..Default::default() };
/// let review = hupai::record::review(&record, &opts);
/// let d = &review.decisions[0];
/// assert_eq!(d.discard.to_string(), "7z");
/// assert!(d.agrees());
/// assert_eq!(d.win_loss(), Some(0.0)); // as likely to win as the best discard
/// assert_eq!((review.summary.decisions, review.summary.agree, review.summary.wins_checked), (1, 1, 0));
/// ```
pub fn review(record: &Record, opts: &ReviewOptions) -> Review {
    review_until(record, opts, &|| false).expect("never stopped")
}

/// [`review`], asking `stop` between decisions and every few milliseconds of the odds; `None`
/// when it said stop (how a binding keeps a long review interruptible: Python checks its
/// signals there).
///
/// ```
/// # let text = r#"{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
/// #   [11,12,13,14,15,16,17,18,19,21,22,23,47], [25], [47],
/// #   [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
/// #   [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
/// #   [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
/// #   ["流局", [0, 0, 0, 0]]]]}"#;
/// let record = hupai::record::read(text).unwrap();
/// assert!(hupai::record::review_until(&record, &Default::default(), &|| true).is_none());
/// ```
pub fn review_until(
    record: &Record,
    opts: &ReviewOptions,
    stop: &dyn Fn() -> bool,
) -> Option<Review> {
    let mut all = Review {
        decisions: Vec::new(),
        calls: Vec::new(),
        wins: Vec::new(),
        rounds: Vec::new(),
        summary: Summary {
            rounds_cut: usize::from(record.cut.is_some()),
            ..Summary::default()
        },
    };
    for (i, round) in record.rounds.iter().enumerate() {
        let r = review_round(&record.rules, i, round, opts, stop)?;
        all.summary.add(&r.summary);
        all.decisions.extend(r.decisions);
        all.calls.extend(r.calls);
        all.wins.extend(r.wins);
        all.rounds.push(r.summary);
    }
    Some(all)
}

/// The review of one round, round `index` of a record of `rules` (a preset's name): what a
/// door that reads a record round by round ([`super::rounds`]) reviews and lets go, adding
/// each round's sum to the record's ([`Summary::add`]); `None` when `stop` said stop.
///
/// ```
/// # let text = r#"{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
/// #   [11,12,13,14,15,16,17,18,19,21,22,23,47], [25], [47],
/// #   [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
/// #   [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
/// #   [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
/// #   ["流局", [0, 0, 0, 0]]]]}"#;
/// let mut rounds = hupai::record::rounds(text).unwrap();
/// let mut sum = hupai::record::Summary::default();
/// for (i, round) in rounds.by_ref().enumerate() {
///     let r = hupai::record::review_round("riichi", i, &round.unwrap(), &Default::default(), &|| false).unwrap();
///     assert_eq!(r.rows(Some("game.json")).count(), r.decisions.len() + r.calls.len() + 1);
///     sum.add(&r.summary);
/// }
/// assert_eq!((sum.rounds, sum.decisions), (1, 4));
/// ```
pub fn review_round(
    rules: &str,
    index: usize,
    round: &Round,
    opts: &ReviewOptions,
    stop: &dyn Fn() -> bool,
) -> Option<RoundReview> {
    let engine = Engine::new(Rules::preset(rules).unwrap_or(Rules::riichi()));
    let (decisions, calls, wins, gave_up, refused) = match engine.rules().scoring {
        // A riichi round is read at the table, once: the review watches it played.
        Scoring::Riichi => {
            let mut reviewer = Reviewer::new(&engine, index, opts, stop);
            let played = play(index, round, &TableRules::default(), &mut reviewer);
            if played.stopped {
                return None;
            }
            let wins = wins_at_table(&played, index, round);
            let r = reviewer;
            (r.decisions, r.chances, wins, r.gave_up, played.refused)
        }
        _ => {
            let (mut decisions, mut calls) = (Vec::new(), Vec::new());
            let gave_up = walk_round(
                &engine,
                index,
                round,
                opts,
                stop,
                &mut decisions,
                &mut calls,
            )?;
            let wins = check_room_round(&engine, rules, index, round);
            (decisions, calls, wins, gave_up, None)
        }
    };
    let mut summary = Summary::of(&decisions, &calls, &wins, 1, gave_up);
    summary.rounds_refused = usize::from(refused.is_some());
    Some(RoundReview {
        index,
        decisions,
        calls,
        wins,
        summary,
        refused,
    })
}
