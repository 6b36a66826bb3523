//! A room's record (docs/RECORDS.md, "A room's record"): a game of a Chinese room at the table
//! ([`crate::game::room`]) as JSON lines — a first line naming the room and every switch, then
//! the table's own events ([`RoomEvent::write_json`]), a line each. [`write_room_header`] and
//! [`RoomGame::write_events`](crate::game::room::RoomGame::write_events) write one;
//! [`read_room`] reads it back, refusing what is no such record; [`play_room`] plays it again
//! at the table.

use super::event::RecordError;
use crate::game::room::{Reason, Room, RoomEvent};
use crate::tile::Tile;
use serde::Deserialize;

/// A room's record read: the room under its switches, and the events in order.
///
/// ```
/// use hupai::game::room::{Room, RoomEvent};
/// let mut text = String::new();
/// hupai::record::write_room_header(&Room::named("sichuan").unwrap(), &mut text);
/// text.push_str(r#"{"type":"void","seat":2,"suit":"p"}"#);
/// let record = hupai::record::read_room(&text).unwrap();
/// assert_eq!(record.room, Room::named("sichuan").unwrap());
/// assert_eq!(record.events, [RoomEvent::Void { seat: 2, suit: 1 }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRecord {
    /// The room and its switches.
    pub room: Room,
    /// The table's events, in order.
    pub events: Vec<RoomEvent>,
}

/// Writes a room record's first line (and its newline): the room's name and every switch
/// ([`Room::switch_list`]).
///
/// ```
/// let mut line = String::new();
/// hupai::record::write_room_header(&hupai::game::room::Room::named("guobiao").unwrap(), &mut line);
/// assert!(line.starts_with(r#"{"type":"room","rules":"guobiao","switches":"stake=1,"#));
/// ```
pub fn write_room_header(room: &Room, out: &mut String) {
    out.push_str(r#"{"type":"room","rules":""#);
    out.push_str(room.name());
    out.push_str(r#"","switches":""#);
    out.push_str(&room.switch_list());
    out.push_str("\"}\n");
}

/// Whether `text` is a room's record: its first line is a `{"type":"room", …}` object.
///
/// ```
/// assert!(hupai::record::is_room_record(r#"{"type":"room","rules":"sichuan","switches":""}"#));
/// assert!(!hupai::record::is_room_record(r#"{"type":"start_game"}"#));
/// ```
pub fn is_room_record(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Kind<'a> {
        #[serde(rename = "type", borrow)]
        kind: &'a str,
    }
    let first = text.trim_start().lines().next().unwrap_or("");
    serde_json::from_str::<Kind>(first).is_ok_and(|k| k.kind == "room")
}

/// Reads a room's record: the room from its first line, then every event, each checked for
/// what it can hold (seats 0–3, tiles the room plays, thirteen tiles a hand dealt, at most
/// eight birds). Refused with the line and the reason; blank lines are skipped.
///
/// ```
/// let text = "{\"type\":\"room\",\"rules\":\"hongzhong\",\"switches\":\"birds=2\"}\n\
///             {\"type\":\"draw\",\"seat\":4,\"tile\":\"1m\"}";
/// let e = hupai::record::read_room(text).unwrap_err();
/// assert_eq!(e.to_string(), "line 2: seat 4: seats are 0 to 3");
/// ```
pub fn read_room(text: &str) -> Result<RoomRecord, RecordError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let at = |n: usize, reason: String| RecordError {
        round: None,
        turn: None,
        reason: format!("line {}: {reason}", n + 1),
    };
    let (n, first) = lines
        .next()
        .ok_or_else(|| at(0, "an empty record".into()))?;
    let room = match serde_json::from_str::<Line>(first).map_err(|e| at(n, e.to_string()))? {
        Line::Room { rules, switches } => {
            let mut room = Room::named(rules).map_err(|e| at(n, e.to_string()))?;
            room.set_list(switches).map_err(|e| at(n, e.to_string()))?;
            room
        }
        _ => {
            return Err(at(
                n,
                r#"a room's record starts with {"type":"room", …}"#.into(),
            ))
        }
    };
    let mut events = Vec::new();
    for (n, line) in lines {
        let line = serde_json::from_str::<Line>(line).map_err(|e| at(n, e.to_string()))?;
        events.push(line.event(&room).map_err(|e| at(n, e))?);
    }
    Ok(RoomRecord { room, events })
}

/// One line of a room's record, as written ([`RoomEvent::write_json`]).
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum Line<'a> {
    Room {
        rules: &'a str,
        switches: &'a str,
    },
    Deal {
        hand: u16,
        dealer: u8,
        #[serde(borrow)]
        hands: [&'a str; 4],
    },
    Jing {
        indicator: &'a str,
    },
    Exchange {
        shift: u8,
        #[serde(borrow)]
        given: [&'a str; 4],
    },
    Void {
        seat: u8,
        suit: &'a str,
    },
    Flower {
        seat: u8,
    },
    OpenKong {
        seat: u8,
        tiles: &'a str,
    },
    Draw {
        seat: u8,
        tile: &'a str,
    },
    Discard {
        seat: u8,
        tile: &'a str,
    },
    Pon {
        seat: u8,
        from: u8,
        tile: &'a str,
    },
    Chi {
        seat: u8,
        from: u8,
        tile: &'a str,
        low: &'a str,
    },
    Opening {
        seat: u8,
        wins: [u8; 4],
    },
    Kong {
        seat: u8,
        from: Option<u8>,
        tile: &'a str,
        added: bool,
    },
    Win {
        seat: u8,
        from: Option<u8>,
        tile: &'a str,
        fan: u32,
    },
    Birds {
        seat: u8,
        tiles: &'a str,
        hits: u8,
        on: [u8; 4],
    },
    Pay {
        from: u8,
        to: u8,
        amount: i64,
        reason: &'a str,
    },
    EndHand {
        scores: [i64; 4],
    },
    EndGame {
        scores: [i64; 4],
    },
}

impl Line<'_> {
    /// The event, its seats and tiles checked.
    fn event(self, room: &Room) -> Result<RoomEvent, String> {
        let s = seat;
        let t = |text: &str| tile(room, text);
        let from = |f: Option<u8>| f.map(seat).transpose();
        Ok(match self {
            Line::Room { .. } => return Err("a second room line".into()),
            Line::Deal {
                hand,
                dealer,
                hands,
            } => {
                let mut dealt = [[0u8; 13]; 4];
                for (d, text) in dealt.iter_mut().zip(hands) {
                    let kinds = tiles(room, text)?;
                    *d = kinds.try_into().map_err(|k: Vec<u8>| {
                        format!("a hand dealt holds 13 tiles, not {} ({text})", k.len())
                    })?;
                }
                RoomEvent::Deal {
                    hand,
                    dealer: s(dealer)?,
                    hands: dealt,
                }
            }
            Line::Jing { indicator } => RoomEvent::Jing {
                indicator: t(indicator)?,
            },
            Line::Exchange { shift, given } => {
                if !(1..=3).contains(&shift) {
                    return Err(format!("exchange shift {shift}: 1, 2 or 3 seats on"));
                }
                let mut passed = [[0u8; 3]; 4];
                for (p, text) in passed.iter_mut().zip(given) {
                    let kinds = tiles(room, text)?;
                    match kinds[..] {
                        [a, b, c] if a < 27 && a / 9 == b / 9 && a / 9 == c / 9 => *p = [a, b, c],
                        _ => {
                            return Err(format!("{text:?}: a seat passes three tiles of one suit"))
                        }
                    }
                }
                RoomEvent::Exchange {
                    shift,
                    given: passed,
                }
            }
            Line::Void { seat, suit } => RoomEvent::Void {
                seat: s(seat)?,
                suit: match suit {
                    "m" => 0,
                    "p" => 1,
                    "s" => 2,
                    _ => return Err(format!("void suit {suit:?}: m, p or s")),
                },
            },
            Line::OpenKong { seat, tiles: text } => match tiles(room, text)?[..] {
                [a, b] => RoomEvent::OpenKong {
                    seat: s(seat)?,
                    tiles: [a, b],
                },
                _ => return Err(format!("{text:?}: an opened kong turns two tiles")),
            },
            Line::Flower { seat } if room.flowers() > 0 => RoomEvent::Flower { seat: s(seat)? },
            Line::Flower { .. } => {
                return Err(format!("a flower, where {} plays none", room.name()))
            }
            Line::Draw { seat, tile } => RoomEvent::Draw {
                seat: s(seat)?,
                tile: t(tile)?,
            },
            Line::Discard { seat, tile } => RoomEvent::Discard {
                seat: s(seat)?,
                tile: t(tile)?,
            },
            Line::Pon { seat, from, tile } => RoomEvent::Pon {
                seat: s(seat)?,
                from: s(from)?,
                tile: t(tile)?,
            },
            Line::Chi {
                seat,
                from,
                tile,
                low,
            } => RoomEvent::Chi {
                seat: s(seat)?,
                from: s(from)?,
                tile: t(tile)?,
                low: t(low)?,
            },
            Line::Opening { seat, wins } => RoomEvent::Opening {
                seat: s(seat)?,
                wins,
            },
            Line::Kong {
                seat,
                from: f,
                tile,
                added,
            } => RoomEvent::Kong {
                seat: s(seat)?,
                from: from(f)?,
                tile: t(tile)?,
                added,
            },
            Line::Win {
                seat,
                from: f,
                tile,
                fan,
            } => RoomEvent::Win {
                seat: s(seat)?,
                from: from(f)?,
                tile: t(tile)?,
                fan,
            },
            Line::Birds {
                seat,
                tiles: text,
                hits,
                on,
            } => {
                let kinds = tiles(room, text)?;
                if kinds.len() > 8 {
                    return Err(format!("{} birds: at most 8", kinds.len()));
                }
                let mut birds = [0u8; 8];
                birds[..kinds.len()].copy_from_slice(&kinds);
                RoomEvent::Birds {
                    seat: s(seat)?,
                    tiles: birds,
                    count: kinds.len() as u8,
                    hits,
                    on,
                }
            }
            Line::Pay {
                from,
                to,
                amount,
                reason,
            } => RoomEvent::Pay {
                from: s(from)?,
                to: s(to)?,
                amount,
                reason: Reason::named(reason).ok_or_else(|| format!("reason {reason:?}"))?,
            },
            Line::EndHand { scores } => RoomEvent::EndHand { scores },
            Line::EndGame { scores } => RoomEvent::EndGame { scores },
        })
    }
}

fn seat(s: u8) -> Result<u8, String> {
    if s < 4 {
        Ok(s)
    } else {
        Err(format!("seat {s}: seats are 0 to 3"))
    }
}

/// A tile of the room, as its kind.
fn tile(room: &Room, text: &str) -> Result<u8, String> {
    match tiles(room, text)?[..] {
        [k] => Ok(k),
        _ => Err(format!("{text:?}: one tile")),
    }
}

/// Tiles written out (`"1m2m3m"`), as kinds in order; each a kind the room plays.
fn tiles(room: &Room, text: &str) -> Result<Vec<u8>, String> {
    let bytes = text.as_bytes();
    if bytes.len() % 2 != 0 || bytes.len() > 2 * 14 {
        return Err(format!("{text:?}: tiles as 1m2m3m, at most 14"));
    }
    bytes
        .chunks(2)
        .map(|pair| {
            let one = std::str::from_utf8(pair).map_err(|_| format!("{text:?}: not tiles"))?;
            let tile: Tile = one.parse().map_err(|e| format!("{one:?}: {e}"))?;
            let k = tile.index();
            if room.plays(k) {
                Ok(k as u8)
            } else {
                Err(format!("{one}: not a tile of {}", room.name()))
            }
        })
        .collect()
}
