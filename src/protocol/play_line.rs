//! A game at the table as a batch line: `{"play": "riichi", …}` is answered as `POST
//! /v1/game` answers its other fields ([`play_table`]), `{"play": ROOM, …}` (`sichuan`,
//! `hongzhong`, `changsha`, `guobiao`, `nanchang`) as `POST /v1/room` does
//! ([`play_room_table`]) — the game played again from its seed and seat 0's moves, the table
//! as seat 0 sees it —, with the line's `"id"` echoed last. Each line's work is bounded as
//! the doors bound it ([`super::MAX_TABLE_MOVES`] moves).

use super::answer::{error_answer, push_id};
use super::request::{parse_object, Request, RequestError};
use super::room_table::{play_room_table, RoomTableRequest};
use super::session::{Refused, Session};
use super::table::{play_table, refuse, TableRequest};
use crate::code::Code;
use serde_json::Value;

/// What a play line may name.
const PLAYS: [&str; 6] = [
    "riichi",
    "sichuan",
    "hongzhong",
    "changsha",
    "guobiao",
    "nanchang",
];

/// Answers one batch line (numbered from 1) as `hupai batch` does: a play line as the table
/// does ([`answer_play_line`]), any other through `session` with the parsed request shown to
/// `admit` first ([`Session::answer_line`]). The one check a line of another kind pays: whether
/// it is an object naming `"play"`.
///
/// ```
/// use hupai::protocol::{answer_batch_line, RequestError, Session};
/// use hupai::{Rules, TileSet};
/// let mut s = Session::new(Rules::riichi(), TileSet::EMPTY);
/// let admit = |_: &mut _| Ok::<(), RequestError>(());
/// assert!(answer_batch_line(&mut s, "123m456p789s1122z", 1, admit).contains(r#""shanten":0"#));
/// let table = answer_batch_line(&mut s, r#"{"play": "nanchang", "seed": 3}"#, 2, admit);
/// assert!(table.contains(r#""type":"jing""#));
/// ```
pub fn answer_batch_line<G>(
    session: &mut Session,
    line: &str,
    line_no: usize,
    admit: impl FnOnce(&mut Request) -> Result<G, RequestError>,
) -> String {
    let may_play = line.trim_start().starts_with('{') && line.contains("\"play\"");
    if let Some(answer) = may_play.then(|| answer_play_line(line, line_no)).flatten() {
        return answer;
    }
    session.answer_line(line, line_no, admit)
}

/// The answer to a play line numbered `line_no`; none when the object has no `"play"` field
/// (a request of another kind that names `"play"` in a value).
///
/// ```
/// use hupai::protocol::answer_play_line;
/// let a = answer_play_line(r#"{"play": "sichuan", "seed": 7, "id": 1}"#, 1).unwrap();
/// assert!(a.contains(r#""name":"void m""#) && a.ends_with(r#""id":1}"#));
/// let e = answer_play_line(r#"{"play": "sichuan", "moves": [108]}"#, 2).unwrap();
/// assert!(e.contains(r#""code":"ILLEGAL_ACTION""#));
/// assert!(answer_play_line(r#"{"hand": "1m"}"#, 3).is_none());
/// let e = answer_play_line(r#"{"play": "sichuan", "rules": "guobiao"}"#, 4).unwrap();
/// assert!(e.contains(r#"no field \"rules\""#) && e.contains("BAD_ARGUMENT"));
/// ```
pub fn answer_play_line(line: &str, line_no: usize) -> Option<String> {
    let (mut fields, id) = match parse_object(line) {
        Ok(read) => read,
        Err(e) => return Some(error_answer(e.code, &e.message, line_no, e.id.as_deref())),
    };
    let play = fields.remove("play")?;
    fields.remove("id");
    let answer = match play {
        Value::String(name) if PLAYS.contains(&name.as_str()) => {
            let takes = fields_of(&name);
            match fields.keys().find(|k| !takes.contains(&k.as_str())) {
                Some(k) => Err(bad(format!(
                    "play {name}: no field {k:?} (it takes {}, and id)",
                    takes.join(", ")
                ))),
                None if name == "riichi" => {
                    read::<TableRequest>(fields).and_then(|request| play_table(&request))
                }
                None => {
                    fields.insert("rules".into(), Value::String(name));
                    read::<RoomTableRequest>(fields).and_then(|request| play_room_table(&request))
                }
            }
        }
        other => Err(bad(format!(
            "play {other}: riichi, sichuan, hongzhong, changsha, guobiao or nanchang"
        ))),
    };
    Some(match answer {
        Ok(table) => {
            let mut out = table.to_string();
            out.pop(); // the object's closing brace, the id before it
            push_id(&mut out, id.as_deref());
            out.push('}');
            out
        }
        Err(r) => error_answer(r.code, &r.message, line_no, id.as_deref()),
    })
}

/// The fields a play line of `play` takes besides `play` and `id`.
fn fields_of(play: &str) -> &'static [&'static str] {
    match play {
        "riichi" => &["seed", "east", "agents", "moves"],
        _ => &["switches", "seed", "agents", "moves"],
    }
}

/// A request of the table read from the line's other fields.
fn read<T: serde::de::DeserializeOwned>(
    fields: serde_json::Map<String, Value>,
) -> Result<T, Refused> {
    serde_json::from_value(Value::Object(fields)).map_err(|e| bad(e.to_string()))
}

fn bad(message: String) -> Refused {
    refuse(Code::BadArgument, message)
}
