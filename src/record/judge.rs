//! One decision judged: the hand of the moment with what its seat could see, the discard made
//! set beside the best by efficiency, and (in a full review) by the odds engine's win chance
//! and expected points within the seat's draws left, inside a time budget.

use super::decision::{Decision, DecisionOdds, GaveUp, ReviewOptions};
use crate::analysis::Engine;
use crate::hand::Hand;
use crate::meld::Meld;
use crate::odds::{OddsError, OddsOptions, OddsScore};
use crate::rules::Scoring;
use crate::score::{Call, Win};
use crate::tile::{format_counts, Counts, Tile, TileSet};
use std::time::Instant;

/// The odds' memory budget for one decision of a review: 64 MiB (a record's review holds one
/// decision's odds at a time).
pub(super) const REVIEW_ODDS_BYTES: usize = 64 << 20;

/// A seat's moment of decision: its concealed tiles (with their red fives), its melds and the
/// calls they came from, every tile it sees beyond them (the rivers less the tiles called
/// from them, the other seats' calls, the dora indicators), its draws left, the situation a win
/// would score in, and the round's wildcards.
pub(super) struct Moment<'a> {
    pub hand: &'a Counts,
    pub red: [u8; 3],
    pub melds: &'a [Meld],
    pub calls: &'a [Call],
    pub seen: &'a Counts,
    pub draws: u32,
    pub win: Win,
    pub wild: TileSet,
    /// The discards the table allows now (none: any; a Sichuan seat holding its void suit
    /// discards from it): the best is sought among them.
    pub allowed: Option<TileSet>,
}

/// The decision of discarding `made` at `m` (none when the hand cannot be read: a hand the
/// record made impossible), and whether the odds gave up on it (past the state budget, or at
/// the safety stop in time).
pub(super) fn judge(
    engine: &Engine<'_>,
    m: &Moment<'_>,
    made: Tile,
    opts: &ReviewOptions,
    halt: &dyn Fn() -> bool,
) -> (Option<Decision>, GaveUp) {
    let none = (None, GaveUp::default());
    let Ok(h) = Hand::under(*m.hand, m.melds, m.wild, engine.rules()) else {
        return none;
    };
    let seen = m.seen;
    let Ok(report) = engine.discards(&h, seen) else {
        return none;
    };
    let allowed = |t: Tile| m.allowed.is_none_or(|a| a.contains(t));
    let best = report.iter().find(|d| allowed(d.tile));
    let (Some(best), Some(mine)) = (best, report.iter().find(|d| d.tile == made)) else {
        return none;
    };
    let mut decision = Decision {
        round: 0,
        turn: 0,
        seat: 0,
        nth: 0,
        hand: format_counts(m.hand),
        discard: made,
        shanten: mine.shanten,
        ukeire: mine.ukeire.count,
        best: best.tile,
        best_shanten: best.shanten,
        best_ukeire: best.ukeire.count,
        odds: None,
    };
    let mut gave_up = GaveUp::default();
    let late = opts.deadline.is_some_and(|end| Instant::now() >= end);
    if opts.odds && m.draws > 0 && best.shanten <= opts.max_shanten {
        match late {
            true => gave_up.time = 1,
            false => match odds(engine, &h, seen, m, made, opts, halt) {
                Ok(o) => decision.odds = Some(o),
                Err(Stop::Time) => gave_up.time = 1,
                Err(Stop::Budget) => gave_up.budget = 1,
            },
        }
    }
    (Some(decision), gave_up)
}

/// Why the odds of a decision were given up: past the state or memory budget, or a hand
/// they cannot weigh (the same on every run); or at the safety stop in time.
enum Stop {
    Budget,
    Time,
}

impl From<OddsError> for Stop {
    fn from(e: OddsError) -> Stop {
        match e {
            OddsError::Stopped => Stop::Time,
            _ => Stop::Budget,
        }
    }
}

/// The odds of the discard made and of the best discards, within the budget.
fn odds(
    engine: &Engine<'_>,
    h: &Hand,
    seen: &Counts,
    m: &Moment<'_>,
    made: Tile,
    opts: &ReviewOptions,
    halt: &dyn Fn() -> bool,
) -> Result<DecisionOdds, Stop> {
    let o = OddsOptions {
        draws: m.draws,
        extra: opts.extra,
        max_states: opts.max_states,
        max_bytes: REVIEW_ODDS_BYTES,
        ..OddsOptions::default()
    };
    let mut deadline = Instant::now() + opts.budget;
    if let Some(end) = opts.deadline {
        deadline = deadline.min(end);
    }
    let stop = || Instant::now() > deadline || halt();
    let score = (engine.rules().scoring != Scoring::None).then(|| OddsScore {
        win: Win {
            tsumo: true,
            dora: m.win.dora.clone(),
            ..m.win.clone()
        },
        calls: m.calls.to_vec(),
        red: m.red,
    });
    // A hand the scorer cannot read (a wildcard under riichi scoring…) keeps its win chance.
    let run = |h: &Hand| match engine.odds_until(h, seen, &o, score.as_ref(), &stop) {
        Err(crate::odds::OddsError::Score(_)) => engine.odds_until(h, seen, &o, None, &stop),
        r => r,
    };
    let odds = run(h)?;
    let k = m.draws as usize - 1;
    let at = |v: &Vec<f64>| v.get(k).or(v.last()).copied().unwrap_or(0.0);
    let best = odds.rows.first().ok_or(Stop::Budget)?;
    let row = odds
        .rows
        .iter()
        .find(|r| r.discard == Some(made))
        .ok_or(Stop::Budget)?;
    // A discard that raises the shanten is a detour the odds above do not follow (they play
    // for the fastest win): its hand's own odds, played fastest from there.
    let detour;
    let fastest = odds
        .rows
        .iter()
        .map(|r| r.shanten)
        .min()
        .unwrap_or(row.shanten);
    let mine = if row.shanten > fastest {
        let mut left = *h.counts();
        left[made.index()] -= 1;
        let after = Hand::under(left, m.melds, m.wild, engine.rules()).map_err(|_| Stop::Budget)?;
        detour = run(&after)?;
        detour.rows.first().ok_or(Stop::Budget)?
    } else {
        row
    };
    // The best of what was weighed: every discard played fastest, and a detour made.
    let better = |a: (Tile, f64), b: (Tile, f64)| if b.1 > a.1 { b } else { a };
    let win = at(&mine.win);
    let best_win = better((best.discard.unwrap_or(made), at(&best.win)), (made, win));
    let tenpai = at(&mine.tenpai);
    let best_tenpai = odds
        .rows
        .iter()
        .map(|r| (r.discard.unwrap_or(made), at(&r.tenpai)))
        .chain(std::iter::once((made, tenpai)))
        .reduce(better)
        .unwrap_or((made, tenpai));
    let points = (!mine.expected.is_empty()).then(|| at(&mine.expected));
    let best_points = odds
        .rows
        .iter()
        .filter(|r| !r.expected.is_empty())
        .map(|r| (r.discard.unwrap_or(made), at(&r.expected)))
        .chain(points.map(|p| (made, p)))
        .reduce(better);
    Ok(DecisionOdds {
        draws: m.draws,
        win,
        best_win,
        tenpai,
        best_tenpai,
        points,
        best_points,
    })
}
