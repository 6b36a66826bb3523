//! Odds per discard: the chance to reach tenpai and to win within 1..=k draws, for every
//! discard of a 14-tile hand (or for a 13-tile hand), with optimal play, wildcards and
//! declared melds, under any [`Rules`](crate::Rules). `docs/ODDS.md` states the model.
//!
//! ```
//! use hupai::{Engine, Hand, OddsOptions, Rules};
//! let engine = Engine::new(Rules::riichi());
//! let hand: Hand = "123m456p789s1122z".parse().unwrap(); // tenpai on 1z 2z: 4 tiles live
//! let odds = engine.odds(&hand, &[0; 34], &OddsOptions::default()).unwrap();
//! assert_eq!(odds.wall, 123);
//! // A fixed wait of 4 live tiles: 1 - (119/123)(118/122)…, the hypergeometric chance.
//! let miss: f64 = (0..17).map(|t| 1.0 - 4.0 / (123.0 - t as f64)).product();
//! assert!((odds.win[16] - (1.0 - miss)).abs() < 1e-12);
//! assert_eq!(odds.tenpai[0], 1.0); // already tenpai
//! ```

mod build;
mod claim;
pub(crate) mod graph;
mod options;
mod red;
mod solve;
mod ura;
mod worth;

pub use options::{OddsError, OddsOptions, WallModel, DEFAULT_ODDS_BYTES};
pub use worth::OddsScore;

use crate::analysis::{Engine, Ukeire};
use crate::hand::Hand;
use crate::tile::{Counts, Tile, KINDS};

/// One discard's odds (the hand itself for a 13-tile query).
#[derive(Clone, Debug, PartialEq)]
pub struct OddsRow {
    /// The tile discarded (`None` for a 13-tile hand).
    pub discard: Option<Tile>,
    /// Shanten after the discard.
    pub shanten: i8,
    /// `tenpai[k - 1]`: the chance to be tenpai within k draws, k = 1..=draws.
    pub tenpai: Vec<f64>,
    /// `win[k - 1]`: the chance to win within k draws.
    pub win: Vec<f64>,
    /// Ukeire after the discard (counted as [`Engine::discards`] counts it).
    pub ukeire: Ukeire,
    /// The 13-tile hands this row's play can reach (itself included).
    pub states: usize,
    /// `expected[k - 1]`: the expected score of a win within k draws, with the play that
    /// maximises it ([`Engine::odds_scored`]; empty otherwise, and for a detour not played).
    pub expected: Vec<f64>,
}

/// The answer of [`Engine::odds`]: one row per distinct discard, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// The rows, by the win chance at the horizon, then the tenpai chance, then ukeire (all
    /// descending), then tile order: the first is the best discard.
    pub rows: Vec<OddsRow>,
    /// The hand's own chances per horizon: the best row's at each k (1 for a hand that has
    /// already won, and for tenpai on a tenpai or winning hand).
    pub tenpai: Vec<f64>,
    /// As `tenpai`, for a win.
    pub win: Vec<f64>,
    /// The 14 tiles already win (the rows say what each discard would give instead).
    pub won: bool,
    /// The tiles unseen: the wall the draws come from.
    pub wall: u32,
    /// The horizon answered (the one asked for, capped at the wall).
    pub draws: u32,
    /// The 13-tile hands in the graph (every row's together).
    pub states: usize,
    /// As `tenpai`, for the expected score ([`Engine::odds_scored`]; empty otherwise).
    pub expected: Vec<f64>,
}

/// The wall of a question ([`Engine::odds`]'s `wall_of`).
struct Wall {
    unseen: Counts,
    /// The tiles unseen (`Odds::wall`).
    tiles: u32,
    /// The horizon answered, and the tiles each draw is among.
    draws: u32,
    denominators: Vec<u32>,
}

/// The rows' hands of a question (`roots_of`).
struct Roots {
    hands: Vec<(Option<Tile>, Hand)>,
    shanten: Vec<i8>,
    reference: i8,
    /// The indexes of the rows played, in the order the graph's roots are.
    played: Vec<usize>,
}

impl Odds {
    /// The answer from its rows: sorted best first, and the hand's own vectors, the best
    /// row's at each horizon (1 at every horizon for what `won`, or `tenpai_all`, holds
    /// already; a won hand's own worth is not counted: it is a question of the discards).
    fn of_rows(
        mut rows: Vec<OddsRow>,
        won: bool,
        tenpai_all: bool,
        scored: bool,
        wall: &Wall,
        states: usize,
    ) -> Odds {
        let draws = wall.draws as usize;
        let at = |v: &Vec<f64>| v.get(draws - 1).copied().unwrap_or(-1.0);
        rows.sort_by(|a, b| {
            at(&b.win)
                .total_cmp(&at(&a.win))
                .then(at(&b.tenpai).total_cmp(&at(&a.tenpai)))
                .then(a.shanten.cmp(&b.shanten))
                .then(b.ukeire.count.cmp(&a.ukeire.count))
                .then(a.discard.cmp(&b.discard))
        });
        let best = |pick: fn(&OddsRow) -> &Vec<f64>, all: bool| -> Vec<f64> {
            (0..draws)
                .map(|k| {
                    if all {
                        1.0
                    } else {
                        rows.iter()
                            .filter_map(|r| pick(r).get(k))
                            .fold(0.0, |a: f64, &b| a.max(b))
                    }
                })
                .collect()
        };
        let expected = if scored {
            best(|r| &r.expected, false)
        } else {
            Vec::new()
        };
        Odds {
            tenpai: best(|r| &r.tenpai, tenpai_all),
            win: best(|r| &r.win, won),
            rows,
            won,
            wall: wall.tiles,
            draws: wall.draws,
            states,
            expected,
        }
    }
}

impl<'t> Engine<'t> {
    /// The chance to reach tenpai and to win within 1..=k draws, for each distinct discard of
    /// a 14-tile (3k+2) hand, or for a 13-tile (3k+1) hand, with the play that is best for
    /// each horizon and each question. One player draws from the unseen wall (the tiles not
    /// in the hand, its melds or `seen`) and discards after each draw; a win is what
    /// [`Engine::is_win`] calls one (no yaku or fan minimum). `docs/ODDS.md` has the model,
    /// its formulas and its measured gaps from exact play.
    ///
    /// ```
    /// use hupai::{Engine, Hand, OddsOptions, Rules};
    /// let engine = Engine::new(Rules::riichi());
    /// let hand: Hand = "12455m34567p6777s".parse().unwrap();
    /// let odds = engine.odds(&hand, &[0; 34], &OddsOptions::default()).unwrap();
    /// let best = &odds.rows[0];
    /// assert_eq!(best.win.len(), 17);
    /// assert!(best.win[16] > 0.5 && best.win[16] <= best.tenpai[16]);
    /// println!("discard {}: win {:.1}%", best.discard.unwrap(), 100.0 * best.win[16]);
    /// ```
    pub fn odds(&self, hand: &Hand, seen: &Counts, opts: &OddsOptions) -> Result<Odds, OddsError> {
        Ok(self.odds_of(hand, seen, opts, false, None, &|| false)?.0)
    }

    /// [`Engine::odds`] with the expected score of a win within 1..=k draws, per row and for
    /// the hand (`expected`), under rules that score (riichi's points; guobiao's fan total of
    /// a win that meets the minimum; Sichuan's gain): every win is a tsumo scored with
    /// `score`'s situation, a win without a yaku is worth 0, and a winning draw is always
    /// taken. The play for the expectation is its own (it may differ from the play that wins
    /// most often). `docs/ODDS.md`, "Expected score".
    pub fn odds_scored(
        &self,
        hand: &Hand,
        seen: &Counts,
        opts: &OddsOptions,
        score: &OddsScore,
    ) -> Result<Odds, OddsError> {
        self.odds_until(hand, seen, opts, Some(score), &|| false)
    }

    /// [`Engine::odds`], or [`Engine::odds_scored`] with `score`, that asks `stop` every few
    /// milliseconds and ends with [`OddsError::Stopped`] when it says so: how a binding keeps
    /// long odds interruptible (Python checks its signals there, a server its deadline).
    ///
    /// ```
    /// use hupai::{Engine, Hand, OddsError, OddsOptions, Rules};
    /// let engine = Engine::new(Rules::riichi());
    /// let hand: Hand = "13m24679p13468s15z".parse().unwrap(); // far from a win: long odds
    /// let r = engine.odds_until(&hand, &[0; 34], &OddsOptions::default(), None, &|| true);
    /// assert_eq!(r.unwrap_err(), OddsError::Stopped);
    /// ```
    pub fn odds_until(
        &self,
        hand: &Hand,
        seen: &Counts,
        opts: &OddsOptions,
        score: Option<&OddsScore>,
        stop: &dyn Fn() -> bool,
    ) -> Result<Odds, OddsError> {
        if let Some(score) = score {
            self.check_scored(hand, score)?;
        }
        Ok(self.odds_of(hand, seen, opts, false, score, stop)?.0)
    }

    #[cfg_attr(not(test), allow(dead_code))] // the Monte Carlo of tests/inner/odds.rs
    /// [`Engine::odds`] and the policy behind it (the graph, with node keys, and every layer
    /// of the win values), for the tests that play it on shuffled walls.
    pub(crate) fn odds_and_policy(
        &self,
        hand: &Hand,
        seen: &Counts,
        opts: &OddsOptions,
    ) -> Result<(Odds, Policy), OddsError> {
        let (odds, policy) = self.odds_of(hand, seen, opts, true, None, &|| false)?;
        Ok((odds, policy.expect("kept")))
    }

    fn odds_of(
        &self,
        hand: &Hand,
        seen: &Counts,
        opts: &OddsOptions,
        keep: bool,
        score: Option<&OddsScore>,
        stop: &dyn Fn() -> bool,
    ) -> Result<(Odds, Option<Policy>), OddsError> {
        if opts.draws == 0 {
            return Err(OddsError::NoDraws);
        }
        // The same checks of `seen` as the ukeire answers (copies, tiles in play). A 14-tile
        // hand's rows take their ukeire from the discard report; a 13-tile hand's one row,
        // the hand's own.
        let complete = hand.is_complete_count();
        let (reports, own_ukeire) = if complete {
            (self.discards(hand, seen)?, Ukeire::default())
        } else {
            (Vec::new(), self.ukeire(hand, seen)?)
        };
        let wall = self.wall_of(hand, seen, opts)?;
        let roots = self.roots_of(hand, opts);
        let hands: Vec<Hand> = roots.played.iter().map(|&r| roots.hands[r].1).collect();
        let closed = match score {
            Some(s) => s.calls.iter().all(|c| !c.is_open()),
            None => hand.meld_count() == 0,
        };
        let from = build::Start {
            counts: *hand.counts(),
            unseen: wall.unseen,
            reference: roots.reference,
            draws: wall.draws,
            riichi: opts.riichi && closed,
            discarded: complete,
        };
        let value = score.map(|s| self.win_value(s, opts, &from));
        let claim = self.claim_of(hand, score.map(|s| (&s.calls[..], &s.win)));
        let wins = build::Wins {
            value: value.as_deref(),
            claim: claim.as_deref(),
        };
        let g = build::build(self, &hands, &from, opts, keep, wins, stop)?;
        if stop() {
            return Err(OddsError::Stopped);
        }
        // Every question in one pass: `[root][lane]`.
        let mut layers = keep.then(Vec::new);
        let mut lanes = solve::solve(
            &g,
            hands.len(),
            &wall.denominators,
            score.is_some(),
            opts.threads,
            layers.as_mut(),
        );
        let reached = g.reached(hands.len());
        let rows: Vec<OddsRow> = roots
            .hands
            .iter()
            .enumerate()
            .map(|(r, &(discard, _))| {
                let at = roots.played.iter().position(|&o| o == r);
                let mut lane =
                    |l: usize| at.map_or(Vec::new(), |a| std::mem::take(&mut lanes[a][l]));
                OddsRow {
                    discard,
                    shanten: roots.shanten[r],
                    tenpai: lane(solve::TENPAI),
                    win: lane(solve::WIN),
                    ukeire: match discard {
                        Some(t) => reports
                            .iter()
                            .find(|d| d.tile == t)
                            .map_or(Ukeire::default(), |d| d.ukeire),
                        None => own_ukeire,
                    },
                    states: at.map_or(0, |a| reached[a]),
                    expected: if score.is_some() {
                        lane(solve::SCORE)
                    } else {
                        Vec::new()
                    },
                }
            })
            .collect();
        let won = complete && self.is_win(hand);
        let tenpai_all = won || (!complete && roots.shanten[0] == 0);
        let odds = Odds::of_rows(rows, won, tenpai_all, score.is_some(), &wall, g.nodes.len());
        let policy = layers.map(|layers| Policy { graph: g, layers });
        Ok((odds, policy))
    }

    /// The wall the draws come from: the copies unseen (in play, not in the hand, its melds
    /// or `seen`), and the horizon with each draw's denominator under the wall model.
    fn wall_of(&self, hand: &Hand, seen: &Counts, opts: &OddsOptions) -> Result<Wall, OddsError> {
        let visible = hand.visible();
        let in_play = self.rules().in_play();
        let mut unseen = [0u8; KINDS];
        for i in 0..KINDS {
            if in_play.contains(Tile::from_index(i)) {
                unseen[i] = 4 - visible[i] - seen[i];
            }
        }
        let tiles: u32 = unseen.iter().map(|&u| u as u32).sum();
        let (draws, denominators): (u32, Vec<u32>) = match opts.model {
            WallModel::Unseen => {
                let k = opts.draws.min(tiles);
                (k, (0..k).map(|t| tiles - t).collect())
            }
            WallModel::Simulator => {
                let k = opts.draws.min(tiles.saturating_sub(1));
                (k, (1..=k).map(|t| tiles - t).collect())
            }
        };
        if draws == 0 {
            return Err(OddsError::EmptyWall);
        }
        Ok(Wall {
            unseen,
            tiles,
            draws,
            denominators,
        })
    }

    /// The rows' hands: after each distinct discard of a 14-tile hand, or the 13-tile hand
    /// itself; their shanten, the least of them (the detour bound counts from it), and the
    /// rows played. A discard that raises shanten is itself a backward discard (向聴戻し):
    /// played only with that option and within the detour bound; its row has no odds
    /// otherwise.
    fn roots_of(&self, hand: &Hand, opts: &OddsOptions) -> Roots {
        let hands: Vec<(Option<Tile>, Hand)> = if hand.is_complete_count() {
            Tile::all()
                .filter_map(|t| hand.without_tile(t).map(|r| (Some(t), r)))
                .collect()
        } else {
            vec![(None, *hand)]
        };
        let shanten: Vec<i8> = hands.iter().map(|r| self.shanten(&r.1)).collect();
        let reference = *shanten.iter().min().expect("a hand has a tile");
        let slack = if opts.backward { opts.extra as i32 } else { 0 };
        let played = (0..hands.len())
            .filter(|&r| shanten[r] as i32 <= reference as i32 + slack)
            .collect();
        Roots {
            hands,
            shanten,
            reference,
            played,
        }
    }
}

/// The play behind an answer, for the tests: the graph (with its nodes' keys) and the win
/// values of every layer (`layers[j][n * (K + 1) + m]`, see `solve::solve`).
#[cfg_attr(not(test), allow(dead_code))] // read by the Monte Carlo of tests/inner/odds.rs
pub(crate) struct Policy {
    pub(crate) graph: graph::Graph,
    pub(crate) layers: Vec<Vec<f64>>,
}
