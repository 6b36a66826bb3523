//! Each recorded win set beside the table's settlement of it: a riichi record's rounds are
//! played at the table (`super::table`) under Tenhou's rules, and each win's score changes
//! there — the hand, its calls, the moment's flags, the indicators, honba and sticks as the
//! table holds them — compared with the record's. A regional room's win (the rooms do not
//! play at the table yet) is checked as a win of the winner's hand under its rules.

use super::event::{Event, Record, RecordTile, RecordedWin, Round, RoundResult};
use super::table::{play, Played};
use crate::analysis::Engine;
use crate::rules::{Rules, Scoring};
use crate::score::{Call, CallKind, TableRules, WinningHand};
use crate::tile::{Tile, KINDS};

/// A recorded win beside its score by the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinCheck {
    /// The round, from 0.
    pub round: usize,
    /// The winner's seat.
    pub seat: u8,
    /// The score changes the record gives.
    pub recorded: [i32; 4],
    /// The score changes the engine's score makes, or why it could not score the win.
    pub scored: Result<[i32; 4], String>,
}

impl WinCheck {
    /// The engine's score changes equal the record's.
    pub fn agrees(&self) -> bool {
        self.scored.as_ref() == Ok(&self.recorded)
    }
}

/// Every recorded win of `record` scored under riichi rules (Tenhou's) and compared; under
/// other rules, each checked as a win (its score changes taken as the record gives them).
///
/// ```no_run
/// let text = std::fs::read_to_string("game.json").unwrap();
/// let record = hupai::record::tenhou6::read(&text).unwrap();
/// let checks = hupai::record::check_wins(&record);
/// println!("{} of {} wins agree", checks.iter().filter(|c| c.agrees()).count(), checks.len());
/// ```
pub fn check_wins(record: &Record) -> Vec<WinCheck> {
    check_wins_under(record, &TableRules::default())
}

/// [`check_wins`] under `table`'s rules of who pays (a multiple ron's honba, pao): Tenhou's
/// are [`TableRules::default`].
///
/// ```no_run
/// use hupai::{MultipleRon, TableRules};
/// let text = std::fs::read_to_string("game.json").unwrap();
/// let record = hupai::record::read(&text).unwrap();
/// let ema = TableRules { multiple_ron: MultipleRon::HonbaToEach, ..TableRules::default() };
/// let checks = hupai::record::check_wins_under(&record, &ema);
/// ```
pub fn check_wins_under(record: &Record, table: &TableRules) -> Vec<WinCheck> {
    let rules = Rules::preset(&record.rules).unwrap_or(Rules::riichi());
    let engine = Engine::new(rules);
    let mut out = Vec::new();
    for (i, round) in record.rounds.iter().enumerate() {
        out.extend(match engine.rules().scoring {
            Scoring::Riichi => wins_at_table(&play(i, round, table, &mut ()), i, round),
            _ => check_room_round(&engine, &record.rules, i, round),
        });
    }
    out
}

/// The recorded wins of round `index` beside the table's settlement of each (`played`): the
/// table's score changes, or why it made none (the action it refused, say).
pub(super) fn wins_at_table(played: &Played, index: usize, round: &Round) -> Vec<WinCheck> {
    checks(index, round, |w| {
        match played.made.iter().find(|(s, _)| *s == Some(w.seat)) {
            Some((_, d)) => Ok(*d),
            None => Err(played
                .refused
                .clone()
                .unwrap_or_else(|| format!("the table made no win for seat {}", w.seat + 1))),
        }
    })
}

/// Each recorded win of round `index` beside what `scored` makes of it.
fn checks(
    index: usize,
    round: &Round,
    scored: impl Fn(&RecordedWin) -> Result<[i32; 4], String>,
) -> Vec<WinCheck> {
    let RoundResult::Wins(wins) = &round.result else {
        return Vec::new();
    };
    wins.iter()
        .map(|w| WinCheck {
            round: index,
            seat: w.seat,
            recorded: w.deltas,
            scored: scored(w),
        })
        .collect()
}

/// The recorded wins of round `index` of a regional room's record (of the preset `rules`,
/// `engine` its engine), each checked as a win of the winner's hand.
pub(super) fn check_room_round(
    engine: &Engine<'_>,
    rules: &str,
    index: usize,
    round: &Round,
) -> Vec<WinCheck> {
    checks(index, round, |w| {
        hand_at_win(round, w.seat as usize, w.from as usize)
            .and_then(|hand| win_as_recorded(engine, round, w, hand, rules))
    })
}

/// A win under rules other than riichi: the winner's hand and calls, with the round's
/// wildcards, make a winning hand under the rules, and the record's changes are taken as they
/// are (the regional rooms' payments hang on choices a record does not carry — stakes, birds,
/// who pays).
fn win_as_recorded(
    engine: &Engine<'_>,
    round: &Round,
    w: &RecordedWin,
    hand: WinningHand,
    rules: &str,
) -> Result<[i32; 4], String> {
    let hand = hand
        .with_wild(round.wild)
        .as_hand(engine.rules())
        .map_err(|e| e.to_string())?;
    if engine.is_win(&hand) {
        Ok(w.deltas)
    } else {
        Err(format!(
            "seat {}'s hand is not a win under {rules}",
            w.seat + 1
        ))
    }
}

/// The winner's hand at its win, from the round's events: its tiles dealt and drawn less
/// those given up, its calls, and the winning tile (its last draw, the last discard, or the
/// tile added to a pon that it robs).
fn hand_at_win(round: &Round, seat: usize, from: usize) -> Result<WinningHand, String> {
    let mut hand = [0u8; KINDS];
    let mut red = [0u8; 3];
    let add = |hand: &mut [u8; KINDS], red: &mut [u8; 3], t: RecordTile, n: i8| {
        hand[t.tile.index()] = (hand[t.tile.index()] as i8 + n) as u8;
        if t.red {
            red[t.tile.index() / 9] = (red[t.tile.index() / 9] as i8 + n) as u8;
        }
    };
    for &t in &round.hands[seat] {
        add(&mut hand, &mut red, t, 1);
    }
    let mut calls: Vec<Call> = Vec::new();
    let events = &round.events;
    let last = events.len().checked_sub(1).ok_or("a win with no events")?;
    for e in &events[..last] {
        match e {
            Event::Draw { seat: s, tile } if *s as usize == seat => {
                add(&mut hand, &mut red, *tile, 1)
            }
            Event::Discard { seat: s, tile, .. } if *s as usize == seat => {
                add(&mut hand, &mut red, *tile, -1)
            }
            Event::Call {
                seat: s,
                kind,
                tiles,
                added,
                ..
            } if *s as usize == seat => {
                let lowest = tiles.iter().map(|t| t.tile.index()).min().unwrap_or(0);
                let reds = tiles.iter().filter(|t| t.red).count() as u8;
                let from_hand: &[RecordTile] = match (kind, added) {
                    (CallKind::ClosedKan, _) => tiles,
                    (_, true) => &tiles[..1],
                    _ => &tiles[1..],
                };
                for &t in from_hand {
                    add(&mut hand, &mut red, t, -1);
                }
                let call =
                    Call::new(*kind, Tile::from_index(lowest), reds).map_err(|e| e.to_string())?;
                if *added {
                    let pon = calls
                        .iter()
                        .position(|c| c.kind() == CallKind::Pon && c.tile().index() == lowest)
                        .ok_or("a kong added to no pon")?;
                    calls[pon] = call;
                } else {
                    calls.push(call);
                }
            }
            _ => {}
        }
    }
    let win_tile = match &events[last] {
        Event::Draw { tile, .. } if seat == from => {
            add(&mut hand, &mut red, *tile, 1);
            *tile
        }
        Event::Discard { tile, .. } if seat != from => {
            add(&mut hand, &mut red, *tile, 1);
            *tile
        }
        Event::Call {
            tiles, added: true, ..
        } if seat != from => {
            add(&mut hand, &mut red, tiles[0], 1);
            tiles[0]
        }
        _ => return Err("the round does not end on the winning tile".into()),
    };
    for c in &calls {
        if c.red() > 0 {
            red[c.tile().index() / 9] += c.red();
        }
    }
    WinningHand::from_parts(hand, calls, win_tile.tile, red).map_err(|e| e.to_string())
}
