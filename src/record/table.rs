//! A record's rounds played at the table (`hupai::game`, the `game` feature): each round's
//! wall rebuilt from what the record shows (the hands dealt, the draws in order, the kans'
//! replacement tiles, the dora and ura-dora indicators; the tiles never seen anywhere), every
//! recorded action asked of the table among the seat's legal ones, every claim the record
//! does not make answered with a pass, and the table's settlement set beside the record's.

use super::event::{Event, RecordTile, Round, RoundResult};
use super::wall::wall_of;
use crate::game::{Action, Game, GameEvent, GameRules, Phase, RoundStart};
use crate::score::{CallKind, TableRules};
use crate::tile::Tile;
use std::ops::ControlFlow;

/// A riichi record's round played at the table: how many recorded actions were asked and how
/// many were legal, how many settlements were compared and how many agree, and each
/// disagreement (the round, the event and why). Play stops at the first illegal action.
///
/// ```
/// let text = r#"{"name": ["A", "B", "C", "D"], "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
///   [11,12,13,14,15,16,17,18,19,21,22,23,24], [25], [25],
///   [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
///   [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
///   [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
///   ["流局", [0, 0, 0, 0]]]]}"#;
/// let record = hupai::record::tenhou6::read(text).unwrap();
/// let check = hupai::record::play_round(0, &record.rounds[0]);
/// assert_eq!((check.actions_checked, check.actions_legal), (4, 4));
/// // Its 流局 comes with 66 tiles still in the wall: the table has not drawn the round.
/// assert_eq!(check.settlements_agree, 0);
/// assert!(check.disagreements[0].contains("the table made []"), "{:?}", check.disagreements);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableCheck {
    /// Recorded actions asked of the table (discards, riichi, calls, kans, wins, 九種九牌).
    pub actions_checked: u64,
    /// Those among the seat's legal actions.
    pub actions_legal: u64,
    /// Recorded settlements (each win, each draw) compared.
    pub settlements_checked: u64,
    /// Those the table settles alike.
    pub settlements_agree: u64,
    /// What disagreed, one line each.
    pub disagreements: Vec<String>,
}

impl TableCheck {
    /// Adds another round's counts.
    pub fn add(&mut self, other: TableCheck) {
        self.actions_checked += other.actions_checked;
        self.actions_legal += other.actions_legal;
        self.settlements_checked += other.settlements_checked;
        self.settlements_agree += other.settlements_agree;
        self.disagreements.extend(other.disagreements);
    }
}

/// Plays round `index` of a riichi record at the table under Tenhou's rules (red fives when
/// the round shows no fourth plain five).
pub fn play_round(index: usize, round: &Round) -> TableCheck {
    play(index, round, &TableRules::default(), &mut ()).check
}

/// What a reader of a round played at the table is shown (the review): each recorded discard
/// before it is made and once it lies in the river.
pub(super) trait Watch {
    /// `seat` is to discard `tile` (recorded event `turn`): its turn at the table, the tile
    /// drawn in its hand. `Break` stops the play.
    fn before_discard(&mut self, game: &Game, turn: usize, seat: u8, tile: Tile)
        -> ControlFlow<()>;
    /// The discard of event `turn` lies in `seat`'s river, before any claim on it; `taken` the
    /// seat that calls it in the record and the call.
    fn after_discard(
        &mut self,
        game: &Game,
        turn: usize,
        seat: u8,
        tile: Tile,
        taken: Option<(u8, CallKind)>,
    );
}

/// Nothing watched: the table's check alone.
impl Watch for () {
    fn before_discard(&mut self, _: &Game, _: usize, _: u8, _: Tile) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn after_discard(&mut self, _: &Game, _: usize, _: u8, _: Tile, _: Option<(u8, CallKind)>) {}
}

/// A round played at the table: its check, the settlements the table made (the winner, none
/// for a draw; the score changes), why play stopped short (an action the table refused, a
/// wall the record cannot make), and whether the watcher stopped it.
pub(super) struct Played {
    pub check: TableCheck,
    pub made: Vec<(Option<u8>, [i32; 4])>,
    pub refused: Option<String>,
    pub stopped: bool,
}

/// Plays round `index` of a riichi record at the table under Tenhou's rules with `table`'s
/// rules of who pays, showing `watch` each discard.
pub(super) fn play(
    index: usize,
    round: &Round,
    table: &TableRules,
    watch: &mut dyn Watch,
) -> Played {
    let mut played = Played {
        check: TableCheck::default(),
        made: Vec::new(),
        refused: None,
        stopped: false,
    };
    let say = |played: &mut Played, turn: Option<usize>, why: String, refused: bool| {
        let at = match turn {
            Some(t) => format!("round {}, event {}", index + 1, t + 1),
            None => format!("round {}", index + 1),
        };
        if refused {
            played.refused = Some(why.clone());
        }
        played.check.disagreements.push(format!("{at}: {why}"));
    };
    let (wall, red) = match wall_of(round) {
        Ok(w) => w,
        Err(e) => {
            say(&mut played, None, e, true);
            return played;
        }
    };
    let mut rules = GameRules {
        table: *table,
        ..GameRules::default()
    };
    rules.scoring.red_fives = red;
    let start = RoundStart {
        round: round.kyoku,
        honba: round.honba,
        sticks: round.sticks,
        scores: round.scores,
    };
    let mut game = match Game::at_round(rules, start, wall) {
        Ok(g) => g,
        Err(e) => {
            say(&mut played, None, e.to_string(), true);
            return played;
        }
    };
    let check = &mut played.check;
    let mut step_all = || -> Result<(), (Option<usize>, String)> {
        for (turn, event) in round.events.iter().enumerate() {
            let at = |why| (Some(turn), why);
            match event {
                Event::Draw { seat, tile } => {
                    pass_claims(&mut game, None);
                    let drew = game.drawn(*seat).map(|id| same(&game, id, *tile));
                    if game.phase() != Phase::Turn(*seat) || drew != Some(true) {
                        return Err(at(format!(
                            "the table has seat {} draw otherwise ({:?})",
                            seat + 1,
                            game.phase()
                        )));
                    }
                }
                Event::Discard {
                    seat, tile, riichi, ..
                } => {
                    pass_claims(&mut game, None);
                    if game.phase() == Phase::Turn(*seat)
                        && watch
                            .before_discard(&game, turn, *seat, tile.tile)
                            .is_break()
                    {
                        return Err((None, String::new()));
                    }
                    let a = if *riichi {
                        Action::riichi(tile.tile, tile.red)
                    } else {
                        Action::discard(tile.tile, tile.red)
                    };
                    act(&mut game, check, *seat, a).map_err(at)?;
                    let taken = match round.events.get(turn + 1) {
                        Some(Event::Call {
                            seat: q,
                            kind,
                            from: Some(f),
                            ..
                        }) if f == seat => Some((*q, *kind)),
                        _ => None,
                    };
                    watch.after_discard(&game, turn, *seat, tile.tile, taken);
                }
                Event::Call {
                    seat,
                    kind,
                    tiles,
                    from,
                    added,
                } => {
                    let a = call_action(*kind, tiles, from.is_some(), *added);
                    if from.is_some() {
                        pass_claims(&mut game, Some((*seat, a)));
                        answer(&mut game, check, *seat, a).map_err(at)?;
                    } else {
                        pass_claims(&mut game, None);
                        act(&mut game, check, *seat, a).map_err(at)?;
                    }
                }
            }
        }
        end_round(&mut game, check, &round.result).map_err(|why| (None, why))
    };
    match step_all() {
        Err((None, why)) if why.is_empty() => {
            played.stopped = true;
            return played;
        }
        Err((turn, why)) => {
            say(&mut played, turn, why, true);
            return played;
        }
        Ok(()) => {}
    }
    // The settlements the table made, beside the record's.
    played.made = game
        .events()
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Hora { seat, deltas, .. } => Some((Some(seat), deltas)),
            GameEvent::Ryukyoku { deltas, .. } => Some((None, deltas)),
            _ => None,
        })
        .collect();
    let recorded: Vec<(Option<u8>, [i32; 4])> = match &round.result {
        RoundResult::Wins(wins) => wins.iter().map(|w| (Some(w.seat), w.deltas)).collect(),
        RoundResult::Draw { deltas, .. } => vec![(None, *deltas)],
    };
    for (seat, deltas) in &recorded {
        played.check.settlements_checked += 1;
        let why = match played.made.iter().find(|(s, _)| s == seat) {
            Some((_, d)) if d == deltas => {
                played.check.settlements_agree += 1;
                continue;
            }
            Some((_, d)) => format!("the table pays {d:?}, the record {deltas:?}"),
            None => format!(
                "the record settles {deltas:?}; the table made {:?}",
                played.made
            ),
        };
        say(&mut played, None, why, false);
    }
    if game.phase() != Phase::Over && !game.is_over() {
        let why = "the round is over in the record, not at the table".into();
        say(&mut played, None, why, false);
    }
    played
}

/// The round's recorded end asked of the table: each win (the other claims passed), 九種九牌,
/// 三家和 (the three seats that may win on the discard all call ron: a record names none of
/// them), or the draw the table comes to by itself.
fn end_round(game: &mut Game, check: &mut TableCheck, result: &RoundResult) -> Result<(), String> {
    match result {
        RoundResult::Wins(wins) => {
            for w in wins {
                if w.seat == w.from {
                    pass_claims(game, None);
                    act(game, check, w.seat, Action::TSUMO)?;
                } else {
                    answer(game, check, w.seat, Action::RON)?;
                }
            }
        }
        RoundResult::Draw { reason, .. } if reason.contains("九種") => match game.phase() {
            Phase::Turn(seat) => act(game, check, seat, Action::NINE_TERMINALS)?,
            p => return Err(format!("九種九牌 with no seat in its turn ({p:?})")),
        },
        RoundResult::Draw { reason, .. } if reason.contains("三家") => {
            for seat in game.to_act().iter() {
                if game.legal(seat).contains(Action::RON) {
                    answer(game, check, seat, Action::RON)?;
                }
            }
        }
        RoundResult::Draw { .. } => {}
    }
    pass_claims(game, None);
    Ok(())
}

/// Whether tile `id` of the table is the record's `tile`.
fn same(game: &Game, id: u8, tile: RecordTile) -> bool {
    (id / 4) as usize == tile.tile.index() && game.is_red_id(id) == tile.red
}

/// The recorded action `a` of the seat in its turn.
fn act(game: &mut Game, check: &mut TableCheck, seat: u8, a: Action) -> Result<(), String> {
    check.actions_checked += 1;
    if game.phase() != Phase::Turn(seat) {
        return Err(format!(
            "seat {} may not {a}: not its turn ({:?})",
            seat + 1,
            game.phase()
        ));
    }
    game.step(seat, a)
        .map_err(|e| legal_list(game, seat, e.to_string()))?;
    check.actions_legal += 1;
    Ok(())
}

/// The recorded claim `a` of `seat` on the discard (the other claims already passed).
fn answer(game: &mut Game, check: &mut TableCheck, seat: u8, a: Action) -> Result<(), String> {
    check.actions_checked += 1;
    if !game.legal(seat).contains(a) {
        return Err(legal_list(
            game,
            seat,
            format!("seat {} may not {a} now", seat + 1),
        ));
    }
    game.step(seat, a).map_err(|e| e.to_string())?;
    check.actions_legal += 1;
    // The seats still to answer, when every win is told, pass.
    Ok(())
}

/// `why`, with the actions `seat` may take instead.
fn legal_list(game: &Game, seat: u8, why: String) -> String {
    let legal: Vec<String> = game.legal(seat).iter().map(|a| a.to_string()).collect();
    if legal.is_empty() {
        format!("{why} (it has no action now)")
    } else {
        format!("{why} (legal: {})", legal.join(", "))
    }
}

/// Every seat with a claim to answer passes, but `keep` (the seat that calls, which answers
/// next) and the seats the record has winning (told by the result).
fn pass_claims(game: &mut Game, keep: Option<(u8, Action)>) {
    while game.phase() == Phase::Claims {
        let Some(seat) = game.to_act().iter().find(|&s| keep.map(|k| k.0) != Some(s)) else {
            return;
        };
        if game.step(seat, Action::PASS).is_err() {
            return;
        }
    }
}

/// The action of a recorded call.
fn call_action(kind: CallKind, tiles: &[RecordTile], claimed: bool, added: bool) -> Action {
    let called = tiles[0];
    let red_from_hand = tiles[1..].iter().any(|t| t.red);
    match (kind, claimed) {
        (CallKind::Chi, _) => {
            let low = tiles.iter().map(|t| t.tile.index()).min().unwrap_or(0);
            Action::chi((called.tile.index() - low) as u8, red_from_hand)
        }
        (CallKind::Pon, _) => Action::pon(red_from_hand),
        (_, true) => Action::OPEN_KAN,
        _ if added => Action::added_kan(called.tile),
        _ => Action::closed_kan(called.tile),
    }
}
