//! A record's rounds played at the table (`hupai::game`, the `game` feature): each round's
//! wall rebuilt from what the record shows (the hands dealt, the draws in order, the kans'
//! replacement tiles, the dora and ura-dora indicators; the tiles never seen anywhere), every
//! recorded action asked of the table among the seat's legal ones, every claim the record
//! does not make answered with a pass, and the table's settlement set beside the record's.

use super::event::{Event, RecordTile, Round, RoundResult};
use crate::game::{Action, Game, GameEvent, GameRules, Layout, Phase, RoundStart};
use crate::score::CallKind;
use crate::tile::KINDS;

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
    let mut check = TableCheck::default();
    let say = |check: &mut TableCheck, turn: Option<usize>, why: String| {
        let at = match turn {
            Some(t) => format!("round {}, event {}", index + 1, t + 1),
            None => format!("round {}", index + 1),
        };
        check.disagreements.push(format!("{at}: {why}"));
    };
    let (wall, red) = match wall_of(round) {
        Ok(w) => w,
        Err(e) => {
            say(&mut check, None, e);
            return check;
        }
    };
    let mut rules = GameRules::default();
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
            say(&mut check, None, e.to_string());
            return check;
        }
    };
    for (turn, event) in round.events.iter().enumerate() {
        let step = match event {
            Event::Draw { seat, tile } => {
                pass_claims(&mut game, None);
                let drew = game.drawn(*seat).map(|id| same(&game, id, *tile));
                if game.phase() != Phase::Turn(*seat) || drew != Some(true) {
                    Err(format!(
                        "the table has seat {} draw otherwise ({:?})",
                        seat + 1,
                        game.phase()
                    ))
                } else {
                    Ok(())
                }
            }
            Event::Discard {
                seat, tile, riichi, ..
            } => {
                pass_claims(&mut game, None);
                let a = if *riichi {
                    Action::riichi(tile.tile, tile.red)
                } else {
                    Action::discard(tile.tile, tile.red)
                };
                act(&mut game, &mut check, *seat, a)
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
                    answer(&mut game, &mut check, *seat, a)
                } else {
                    pass_claims(&mut game, None);
                    act(&mut game, &mut check, *seat, a)
                }
            }
        };
        if let Err(why) = step {
            say(&mut check, Some(turn), why);
            return check;
        }
    }
    let end = match &round.result {
        RoundResult::Wins(wins) => {
            let mut r = Ok(());
            for w in wins {
                r = r.and_then(|_| {
                    if w.seat == w.from {
                        pass_claims(&mut game, None);
                        act(&mut game, &mut check, w.seat, Action::TSUMO)
                    } else {
                        answer(&mut game, &mut check, w.seat, Action::RON)
                    }
                });
            }
            r.map(|_| pass_claims(&mut game, None))
        }
        RoundResult::Draw { reason, .. } if reason.contains("九種") => match game.phase() {
            Phase::Turn(seat) => act(&mut game, &mut check, seat, Action::NINE_TERMINALS),
            p => Err(format!("九種九牌 with no seat in its turn ({p:?})")),
        },
        // 三家和: the three seats that may win on the discard all call ron (a record names
        // none of them).
        RoundResult::Draw { reason, .. } if reason.contains("三家") => {
            let mut r = Ok(());
            for seat in game.to_act().iter() {
                if game.legal(seat).contains(Action::RON) {
                    r = r.and_then(|_| answer(&mut game, &mut check, seat, Action::RON));
                }
            }
            r.map(|_| pass_claims(&mut game, None))
        }
        RoundResult::Draw { .. } => {
            pass_claims(&mut game, None);
            Ok(())
        }
    };
    if let Err(why) = end {
        say(&mut check, None, why);
        return check;
    }
    // The settlements the table made, beside the record's.
    let made: Vec<([i32; 4], Option<u8>)> = game
        .events()
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Hora { seat, deltas, .. } => Some((deltas, Some(seat))),
            GameEvent::Ryukyoku { deltas, .. } => Some((deltas, None)),
            _ => None,
        })
        .collect();
    let recorded: Vec<([i32; 4], Option<u8>)> = match &round.result {
        RoundResult::Wins(wins) => wins.iter().map(|w| (w.deltas, Some(w.seat))).collect(),
        RoundResult::Draw { deltas, .. } => vec![(*deltas, None)],
    };
    for (deltas, seat) in &recorded {
        check.settlements_checked += 1;
        match made.iter().find(|(_, s)| s == seat) {
            Some((d, _)) if d == deltas => check.settlements_agree += 1,
            Some((d, _)) => say(
                &mut check,
                None,
                format!("the table pays {d:?}, the record {deltas:?}"),
            ),
            None => say(
                &mut check,
                None,
                format!("the record settles {deltas:?}; the table made {made:?}"),
            ),
        }
    }
    if game.phase() != Phase::Over && !game.is_over() {
        say(
            &mut check,
            None,
            "the round is over in the record, not at the table".into(),
        );
    }
    check
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

fn legal_list(game: &Game, seat: u8, why: String) -> String {
    let legal: Vec<String> = game.legal(seat).iter().map(|a| a.to_string()).collect();
    format!("{why} (legal: {})", legal.join(", "))
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

/// The round's wall as the record shows it, and whether it plays red fives (no suit with
/// four plain fives in sight).
fn wall_of(round: &Round) -> Result<([u8; 136], bool), String> {
    let mut plain_fives = [0u8; 3];
    let mut sights: Vec<RecordTile> = round.hands.iter().flatten().copied().collect();
    sights.extend(round.dora.iter().chain(&round.ura).copied());
    for e in &round.events {
        if let Event::Draw { tile, .. } = e {
            sights.push(*tile);
        }
    }
    for t in &sights {
        let k = t.tile.index();
        if k < 27 && k % 9 == 4 && !t.red {
            plain_fives[k / 9] += 1;
        }
    }
    let red = plain_fives.iter().all(|&n| n < 4);
    // The next unused copy of each kind: red fives are ids 16, 52, 88 when played.
    let mut used = [0u8; KINDS];
    let mut take = |t: RecordTile| -> Result<u8, String> {
        let k = t.tile.index();
        let is_five = k < 27 && k % 9 == 4;
        let red_id = (k * 4) as u8;
        if red && is_five && t.red {
            if used[k] & 1 != 0 {
                return Err(format!("two red {}", t.tile));
            }
            used[k] |= 1;
            return Ok(red_id);
        }
        let first = if red && is_five { 1 } else { 0 };
        (first..4)
            .find(|c| used[k] >> c & 1 == 0)
            .map(|c| {
                used[k] |= 1 << c;
                (k * 4 + c) as u8
            })
            .ok_or_else(|| format!("a fifth {}", t.tile))
    };
    let mut wall = [u8::MAX; 136];
    let dealer = (round.kyoku % 4) as usize;
    for (seat, hand) in round.hands.iter().enumerate() {
        if hand.len() != 13 {
            return Err(format!("seat {} is dealt {} tiles", seat + 1, hand.len()));
        }
        let i = (seat + 4 - dealer) % 4;
        for (t, &tile) in hand.iter().enumerate() {
            wall[Layout::deal(i, t)] = take(tile)?;
        }
    }
    let (mut live, mut rinshan) = (Layout::FIRST_DRAW, 0);
    let mut kan_by: Option<u8> = None;
    for e in &round.events {
        match e {
            Event::Call {
                seat,
                kind: CallKind::Kan | CallKind::ClosedKan,
                ..
            } => kan_by = Some(*seat),
            Event::Draw { seat, tile } => {
                let at = if kan_by.take() == Some(*seat) {
                    rinshan += 1;
                    *Layout::RINSHAN.get(rinshan - 1).ok_or("a fifth kan")?
                } else {
                    live += 1;
                    live - 1
                };
                if live > Layout::LIVE_END - rinshan {
                    return Err("more draws than the wall holds".into());
                }
                wall[at] = take(*tile)?;
            }
            _ => {}
        }
    }
    for (list, at) in [(&round.dora, &Layout::DORA), (&round.ura, &Layout::URA)] {
        for (i, &t) in list.iter().enumerate().take(5) {
            wall[at[i]] = take(t)?;
        }
    }
    // The tiles no one saw fill the rest of the wall.
    let mut rest = (0..136u8).filter(|&id| used[(id / 4) as usize] >> (id % 4) & 1 == 0);
    for slot in wall.iter_mut().filter(|s| **s == u8::MAX) {
        *slot = rest.next().ok_or("more tiles in sight than in a set")?;
    }
    Ok((wall, red))
}
