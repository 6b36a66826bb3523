//! A review as JSON rows, the one shape every door gives (`hupai review --json`, `POST
//! /v1/review`, Python's `hupai.review`): a row a decision, then a row a round's sum and the
//! record's sum. docs/RECORDS.md lists the keys.

use super::review::{Decision, Review, Summary};
use serde_json::{json, Value};

/// Rounds a probability or a mean for JSON: 6 decimals.
fn r6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

impl Decision {
    /// The decision as a JSON row.
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
    /// let row = review.decisions[0].to_json();
    /// assert_eq!(row["discard"], "7z");
    /// assert_eq!(row["win"], row["best_win"]); // a tanki on 5p or on 7z: three tiles each
    /// assert_eq!(row["win_loss"], 0.0);
    /// ```
    pub fn to_json(&self) -> Value {
        let mut row = json!({
            "round": self.round, "turn": self.turn, "nth": self.nth, "seat": self.seat, "hand": self.hand,
            "discard": self.discard.mpsz(), "shanten": self.shanten, "ukeire": self.ukeire,
            "best": self.best.mpsz(), "best_shanten": self.best_shanten,
            "best_ukeire": self.best_ukeire, "agrees": self.agrees(),
            "ukeire_loss": self.ukeire_loss(),
        });
        if let Some(o) = &self.odds {
            row["draws"] = json!(o.draws);
            row["win"] = json!(r6(o.win));
            row["best_win_tile"] = json!(o.best_win.0.mpsz());
            row["best_win"] = json!(r6(o.best_win.1));
            row["win_loss"] = json!(self.win_loss().map(r6));
            if let (Some(p), Some((t, b))) = (o.points, o.best_points) {
                row["points"] = json!(r6(p));
                row["best_points_tile"] = json!(t.mpsz());
                row["best_points"] = json!(r6(b));
                row["points_loss"] = json!(self.points_loss().map(r6));
            }
        }
        row
    }
}

impl Summary {
    /// The sum as a JSON row (`"summary": true`).
    ///
    /// ```
    /// let row = hupai::record::Summary::default().to_json();
    /// assert_eq!(row["summary"], true);
    /// assert_eq!(row["wins_checked"], 0);
    /// ```
    pub fn to_json(&self) -> Value {
        json!({
            "summary": true, "rounds": self.rounds, "decisions": self.decisions,
            "agree": self.agree, "shanten_worse": self.shanten_worse,
            "mean_ukeire_loss": r6(self.ukeire_loss), "odds_judged": self.odds_judged,
            "odds_stopped": self.odds_stopped, "mean_win_loss": r6(self.win_loss),
            "mean_points_loss": r6(self.points_loss), "wins_checked": self.wins_checked,
            "wins_agree": self.wins_agree,
        })
    }
}

impl Review {
    /// Every row, made as it is asked for (a door writes each and lets it go): the
    /// decisions, each round's sum after its decisions (`"round"` set), then the record's sum.
    ///
    /// ```
    /// let review = hupai::record::Review { decisions: vec![], rounds: vec![], summary: Default::default() };
    /// assert_eq!(review.rows().count(), 1);
    /// ```
    pub fn rows(&self) -> impl Iterator<Item = Value> + '_ {
        let round_of = |i: usize| self.decisions.partition_point(|d| d.round < i);
        self.rounds
            .iter()
            .enumerate()
            .flat_map(move |(i, sum)| {
                let decisions = &self.decisions[round_of(i)..round_of(i + 1)];
                decisions
                    .iter()
                    .map(Decision::to_json)
                    .chain(std::iter::once({
                        let mut row = sum.to_json();
                        row["round"] = json!(i);
                        row
                    }))
            })
            .chain(std::iter::once(self.summary.to_json()))
    }

    /// [`Review::rows`], all of them.
    pub fn to_rows(&self) -> Vec<Value> {
        self.rows().collect()
    }
}
