//! tenhou.net/6 JSON, Tenhou's export: `{"name": [four players], "log": [round, …]}`, a round
//! `[[kyoku, honba, sticks], [four scores], [dora], [ura], hand0, takes0, discards0, …, hand3,
//! takes3, discards3, result]`. Tiles are numbers (11–19 m, 21–29 p, 31–39 s, 41–47 honors,
//! 51–53 the red fives); a take is a tile drawn or a call (`c` chi, `p` pon, `m` a kong of a
//! discard); a discard is a tile, 60 for the tile just drawn, `r` before it for riichi, or a
//! kong (`a` closed, `k` added), 0 after a kong of a discard. The letter's place in a call says
//! whom the tile came from (first: the left, the middle: across, last: the right).
//!
//! The rounds are replayed as they are read (the table of `record/event.rs`): the order of
//! play rebuilt from the per-seat lists (after a discard, a pon or kong of it first, then the
//! next seat's chi, then the next seat's draw), every tile checked against the hand that
//! plays it.

use super::event::{Event, Record, RecordError, RecordTile, RecordedWin, Round, RoundResult};
use super::place::Table;
use super::rounds::{Rounds, Source, MAX_PART};
use crate::score::CallKind;
use crate::tile::{Tile, TileSet};
use serde_json::value::RawValue;
use serde_json::Value;
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

/// Reads a tenhou.net/6 JSON record, replaying every round; refused with the round, the event
/// and the reason at the first rule it breaks.
///
/// ```
/// let e = hupai::record::tenhou6::read("{\"log\": 3}").unwrap_err();
/// assert_eq!(e.to_string(), "log must be a list of rounds");
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    Rounds::of(Box::new(reader(text)?)).into_record()
}

/// The record read round by round: the text checked as JSON and its rounds found, each read
/// (and replayed) when it is asked for.
pub(crate) fn reader(text: &str) -> Result<Log<'_>, RecordError> {
    let whole = |reason: String| RecordError {
        round: None,
        turn: None,
        reason,
    };
    let top: HashMap<String, &RawValue> = match serde_json::from_str(text) {
        Ok(top) => top,
        Err(e) if e.classify() == serde_json::error::Category::Data => HashMap::new(),
        Err(e) => return Err(whole(format!("not JSON: {e}"))),
    };
    let players = match top.get("name").map(|n| serde_json::from_str(n.get())) {
        Some(Ok(Value::Array(names))) => names
            .iter()
            .map(|n| n.as_str().unwrap_or("").to_string())
            .collect(),
        _ => vec![String::new(); 4],
    };
    let log: Vec<&RawValue> = top
        .get("log")
        .and_then(|l| serde_json::from_str(l.get()).ok())
        .ok_or_else(|| whole("log must be a list of rounds".into()))?;
    Ok(Log {
        players,
        log,
        next: 0,
        cut: None,
    })
}

/// A tenhou.net/6 record's rounds, each a JSON text read when its turn comes.
pub(crate) struct Log<'a> {
    players: Vec<String>,
    log: Vec<&'a RawValue>,
    next: usize,
    cut: Option<RecordError>,
}

impl Source for Log<'_> {
    fn next_round(&mut self) -> Result<Option<Round>, RecordError> {
        let i = self.next;
        let Some(raw) = self.log.get(i) else {
            return Ok(None);
        };
        self.next += 1;
        let at = |(turn, reason)| RecordError {
            round: Some(i),
            turn,
            reason,
        };
        // A round is a few kilobytes: a longer one is refused before it is read into values.
        if raw.get().len() > MAX_PART {
            return Err(at(fail(format!(
                "a round of {} bytes: a round is a few kilobytes (at most {MAX_PART})",
                raw.get().len()
            ))));
        }
        let r: Value = serde_json::from_str(raw.get()).map_err(|e| at(fail(e.to_string())))?;
        // The last round without its result (16 parts): cut off, the rounds before it kept.
        if i + 1 == self.log.len() && r.as_array().is_some_and(|parts| parts.len() == 16) {
            self.cut = Some(at(fail(
                "the record ends before this round's result: the round was cut off",
            )));
            return Ok(None);
        }
        round(&r).map(Some).map_err(at)
    }

    fn cut(&mut self) -> Option<RecordError> {
        self.cut.take()
    }

    fn here(&self, reason: &str) -> RecordError {
        RecordError {
            round: None,
            turn: None,
            reason: reason.into(),
        }
    }

    fn players(&self) -> &[String] {
        &self.players
    }

    fn rules(&self) -> &str {
        "riichi"
    }
}

/// A failure inside a round: the event's index when there is one, and the reason.
type Fail = (Option<usize>, String);

fn fail(reason: impl Into<String>) -> Fail {
    (None, reason.into())
}

/// A tile's number in the record.
fn tile(n: i64) -> Result<RecordTile, String> {
    let (kind, red) = match n {
        51..=53 => (((n - 51) * 9 + 4) as usize, true),
        11..=19 | 21..=29 | 31..=39 => (((n / 10 - 1) * 9 + n % 10 - 1) as usize, false),
        41..=47 => ((27 + n - 41) as usize, false),
        _ => return Err(format!("{n} is not a tile")),
    };
    Ok(RecordTile {
        tile: Tile::from_index(kind),
        red,
    })
}

fn tiles(v: &Value, what: &str) -> Result<Vec<RecordTile>, String> {
    let Value::Array(items) = v else {
        return Err(format!("{what} must be a list of tiles"));
    };
    items
        .iter()
        .map(|t| {
            t.as_i64()
                .ok_or_else(|| format!("{what}: {t} is not a tile"))
                .and_then(tile)
        })
        .collect()
}

/// A call's text: its letter, the letter's place (in tiles of two digits), and its tiles
/// (the one after the letter first: the called or added tile).
fn call_text(s: &str) -> Result<(char, usize, Vec<RecordTile>), String> {
    let bad = || format!("'{s}' is not a call");
    let at = s.find(|c: char| c.is_ascii_alphabetic()).ok_or_else(bad)?;
    let letter = s[at..].chars().next().ok_or_else(bad)?;
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    if digits.len() % 2 != 0 || at % 2 != 0 || !digits.is_ascii() {
        return Err(bad());
    }
    let mut numbers: Vec<i64> = (0..digits.len() / 2)
        .map(|i| digits[2 * i..2 * i + 2].parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    // The tile right after the letter is the called (or added) one: first.
    if numbers.len() <= at / 2 {
        return Err(bad());
    }
    let called = numbers.remove(at / 2);
    numbers.insert(0, called);
    let tiles = numbers
        .into_iter()
        .map(tile)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((letter, at / 2, tiles))
}

/// The seat a called tile came from: the letter's place among the tiles, counted from the
/// left player (first), across (middle), the right (last).
fn from_seat(seat: usize, place: usize, count: usize) -> usize {
    let shift = match (place, count) {
        (0, _) => 3,
        (p, n) if p == n - 1 => 1,
        _ => 2,
    };
    (seat + shift) % 4
}

/// One round, replayed.
fn round(r: &Value) -> Result<Round, Fail> {
    let Value::Array(parts) = r else {
        return Err(fail("a round must be a list"));
    };
    if parts.len() != 17 {
        return Err(fail(format!("a round has 17 parts, not {}", parts.len())));
    }
    let head: Vec<i64> = parts[0]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default();
    let scores: Vec<i64> = parts[1]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default();
    if head.len() != 3 || scores.len() != 4 || !(0..16).contains(&head[0]) {
        return Err(fail(
            "a round starts with [kyoku, honba, sticks] and four scores",
        ));
    }
    let dora = tiles(&parts[2], "dora").map_err(fail)?;
    let ura = tiles(&parts[3], "ura").map_err(fail)?;
    let mut hands: [Vec<RecordTile>; 4] = Default::default();
    let mut takes: Vec<&Vec<Value>> = Vec::new();
    let mut drops: Vec<&Vec<Value>> = Vec::new();
    for seat in 0..4 {
        hands[seat] = tiles(&parts[4 + 3 * seat], "a hand").map_err(fail)?;
        takes.push(list(&parts[5 + 3 * seat]).map_err(fail)?);
        drops.push(list(&parts[6 + 3 * seat]).map_err(fail)?);
    }
    let kyoku = head[0] as u8;
    let table = Table::deal(&hands, &dora, kyoku as usize).map_err(fail)?;
    let start = State {
        table,
        events: Vec::new(),
        ti: [0; 4],
        di: [0; 4],
        seat: kyoku as usize % 4,
        tries: Rc::new(Cell::new(64)),
    };
    let events = play(start, &takes, &drops)?;
    Ok(Round {
        kyoku,
        honba: head[1].max(0) as u32,
        sticks: head[2].max(0) as u32,
        scores: [scores[0], scores[1], scores[2], scores[3]].map(|s| s as i32),
        dora,
        ura,
        hands,
        wild: TileSet::EMPTY,
        events,
        result: result(&parts[16]).map_err(fail)?,
    })
}

/// A seat's list of takes or discards.
fn list(v: &Value) -> Result<&Vec<Value>, &'static str> {
    v.as_array().ok_or("draws and discards are lists")
}

/// The events of a round, rebuilt from the per-seat lists of takes and discards.
fn play(mut st: State, takes: &[&Vec<Value>], drops: &[&Vec<Value>]) -> Result<Vec<Event>, Fail> {
    loop {
        let seat = st.seat;
        let Some(take) = takes[seat].get(st.ti[seat]) else {
            break;
        };
        st.ti[seat] += 1;
        let event = match take {
            Value::Number(n) => tile(n.as_i64().unwrap_or(0)).map(|tile| Event::Draw {
                seat: seat as u8,
                tile,
            }),
            Value::String(s) => claim(s, seat),
            other => Err(format!("{other} is not a draw or a call")),
        };
        let kong_of_discard = matches!(
            event,
            Ok(Event::Call {
                kind: CallKind::Kan,
                ..
            })
        );
        st.push(event)?;
        // The seat's discard (or kong: then it draws again).
        let Some(drop) = drops[seat].get(st.di[seat]) else {
            break;
        };
        st.di[seat] += 1;
        let event = match (drop, discard_of(drop)) {
            (Value::Number(n), _) if n.as_i64() == Some(0) && kong_of_discard => continue,
            // A discard: a tile, 60 for the tile just drawn, `r` before either for riichi.
            (_, Some((n, riichi))) => match n {
                60 => st.table.drawn[seat]
                    .ok_or_else(|| format!("{drop} (the tile drawn) after no draw")),
                k => tile(k),
            }
            .map(|tile| Event::Discard {
                seat: seat as u8,
                tile,
                tsumogiri: n == 60,
                riichi,
            }),
            (Value::String(s), None) => kong(s, seat),
            (other, None) => Err(format!("{other} is not a discard")),
        };
        let discarded = matches!(event, Ok(Event::Discard { .. }));
        st.push(event)?;
        if !discarded {
            // The kong's replacement tile is the seat's next take.
            continue;
        }
        // Who plays next: a pon or kong of the discard first, then the next seat's chi, then
        // the next seat's draw.
        let (discarder, t) = st.table.claimable().expect("a discard was just made");
        let (ti, next) = (st.ti, (discarder + 1) % 4);
        // A call claims this discard when it names its tile and its discarder.
        let claims = |q: usize, letters: &[char]| {
            matches!(takes[q].get(ti[q]), Some(Value::String(s))
                if call_text(s).is_ok_and(|(l, place, ts)| letters.contains(&l)
                    && ts[0] == t
                    && from_seat(q, place, ts.len()) == discarder))
        };
        let claimer = (1..4)
            .map(|d| (discarder + d) % 4)
            .find(|&q| claims(q, &['p', 'm']))
            .or_else(|| claims(next, &['c']).then_some(next));
        st.seat = match claimer {
            // The same tile may be claimable more than once (a pon of one discard or of a
            // later one): when the next seat could draw instead, the claim is tried first and
            // the draw taken when the rest of the round does not replay.
            // A bound on the tries (a record could be made of nothing but such choices):
            // past it, the claim is taken.
            Some(q)
                if matches!(takes[next].get(ti[next]), Some(Value::Number(_)))
                    && st.tries.get() > 0 =>
            {
                st.tries.set(st.tries.get() - 1);
                match play(
                    State {
                        seat: q,
                        ..st.clone()
                    },
                    takes,
                    drops,
                ) {
                    Ok(events) => return Ok(events),
                    Err(_) => next,
                }
            }
            Some(q) => q,
            None => next,
        };
    }
    // Every seat's lists played to their end: a take or a discard left over never happened.
    if let Some(s) = (0..4).find(|&s| st.ti[s] < takes[s].len() || st.di[s] < drops[s].len()) {
        return Err((
            Some(st.events.len()),
            format!(
                "seat {} has draws or discards left after the round's last play",
                s + 1
            ),
        ));
    }
    Ok(st.events)
}

/// A take that is a call of a discard: `c` chi, `p` pon, `m` a kong.
fn claim(s: &str, seat: usize) -> Result<Event, String> {
    let (letter, place, tiles) = call_text(s)?;
    let kind = match (letter, tiles.len()) {
        ('c', 3) => CallKind::Chi,
        ('p', 3) => CallKind::Pon,
        ('m', 4) => CallKind::Kan,
        _ => return Err(format!("'{s}' is not a chi, pon or kong of a discard")),
    };
    let from = from_seat(seat, place, tiles.len());
    Ok(Event::Call {
        seat: seat as u8,
        kind,
        tiles,
        from: Some(from as u8),
        added: false,
    })
}

/// A discard entry that is a kong from the hand: `a` closed, `k` added to a pon.
fn kong(s: &str, seat: usize) -> Result<Event, String> {
    let (letter, _, tiles) = call_text(s)?;
    let (kind, added) = match (letter, tiles.len()) {
        ('a', 4) => (CallKind::ClosedKan, false),
        ('k', 4) => (CallKind::Kan, true),
        _ => return Err(format!("'{s}' is not a discard or a kong")),
    };
    Ok(Event::Call {
        seat: seat as u8,
        kind,
        tiles,
        from: None,
        added,
    })
}

/// A round being replayed: the table, the events so far, each seat's place in its takes and
/// discards, the seat to play.
#[derive(Clone)]
struct State {
    table: Table,
    events: Vec<Event>,
    ti: [usize; 4],
    di: [usize; 4],
    seat: usize,
    /// The choices between a claim and a draw the replay may still try both ways, shared by
    /// every branch of the round.
    tries: Rc<Cell<u32>>,
}

impl State {
    /// Plays an event read (or the reason it could not be read) on the table, failing at
    /// its index.
    fn push(&mut self, event: Result<Event, String>) -> Result<(), Fail> {
        let turn = Some(self.events.len());
        let event = event.map_err(|r| (turn, r))?;
        self.table.apply(&event).map_err(|r| (turn, r))?;
        self.events.push(event);
        Ok(())
    }
}

/// A discard entry's tile number and whether it declares riichi (`r` before it); `None` for
/// a kong or anything else.
fn discard_of(drop: &Value) -> Option<(i64, bool)> {
    match drop {
        Value::Number(n) => n.as_i64().map(|n| (n, false)),
        Value::String(s) => s.strip_prefix('r')?.parse().ok().map(|n| (n, true)),
        _ => None,
    }
}

/// A round's result: wins (`和了`, then for each its deltas and its description) or a draw.
fn result(v: &Value) -> Result<RoundResult, String> {
    let bad = || "a round ends with its result: [\"和了\", …] or a draw".to_string();
    let parts = v.as_array().ok_or_else(bad)?;
    let name = parts.first().and_then(Value::as_str).ok_or_else(bad)?;
    let deltas = |v: &Value| -> Result<[i32; 4], String> {
        let d: Vec<i64> = v
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .filter_map(Value::as_i64)
            .collect();
        if d.len() != 4 {
            return Err(bad());
        }
        Ok([d[0], d[1], d[2], d[3]].map(|x| x as i32))
    };
    if name != "和了" {
        return Ok(RoundResult::Draw {
            reason: name.to_string(),
            deltas: parts.get(1).map(deltas).transpose()?.unwrap_or([0; 4]),
        });
    }
    let mut wins = Vec::new();
    for pair in parts[1..].chunks(2) {
        let [d, info] = pair else { return Err(bad()) };
        let info = info.as_array().ok_or_else(bad)?;
        let seat = info
            .first()
            .and_then(Value::as_u64)
            .filter(|&s| s < 4)
            .ok_or_else(bad)?;
        let from = info
            .get(1)
            .and_then(Value::as_u64)
            .filter(|&s| s < 4)
            .ok_or_else(bad)?;
        let text = info[3.min(info.len())..]
            .iter()
            .filter_map(|x| x.as_str().map(String::from))
            .collect();
        wins.push(RecordedWin {
            seat: seat as u8,
            from: from as u8,
            deltas: deltas(d)?,
            text,
        });
    }
    Ok(RoundResult::Wins(wins))
}
