//! Game records: a played game as the events of each round (draws, discards, calls), every
//! player's hand at each of them, and the round's recorded result — read from a record's
//! format (tenhou.net/6 JSON: [`tenhou6`]; mjai JSON lines: [`mjai`]; Tenhou's mjlog XML:
//! [`mjlog`]; hupai's own JSON lines, any preset: [`lines`]; [`read`] tells them apart) and
//! replayed as it is read, so a record that breaks a rule (a discard of a tile not held, a
//! call that cannot be made, a fifth copy, a play out of turn) is refused with the round, the
//! turn and the reason. docs/RECORDS.md describes the formats.
//!
//! ```
//! let text = r#"{"name": ["A", "B", "C", "D"], "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
//!   [11,12,13,14,15,16,17,18,19,21,22,23,24], [25], [25],
//!   [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
//!   [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
//!   [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
//!   ["流局", [0, 0, 0, 0]]]]}"#;
//! let record = hupai::record::tenhou6::read(text).unwrap();
//! assert_eq!(record.rounds[0].events.len(), 8);
//! let bad = text.replace("[25], [25]", "[25], [46]");
//! let e = hupai::record::tenhou6::read(&bad).unwrap_err();
//! assert_eq!((e.round, e.turn), (Some(0), Some(1))); // the first discard
//! assert!(e.reason.contains("not held"), "{e}");
//! ```

mod at_table;
mod calls;
mod decision;
mod event;
mod judge;
pub mod lines;
pub mod mjai;
pub mod mjlog;
mod place;
mod review;
mod room;
mod room_play;
mod room_review;
mod rounds;
mod rows;
mod stream;
mod table;
pub mod tenhou6;
mod walk;
mod wall;
mod wins;

pub use calls::CallChance;
pub use decision::{Decision, DecisionOdds, GaveUp, ReviewOptions};
pub use event::{Event, Record, RecordError, RecordTile, RecordedWin, Round, RoundResult};
pub use review::{review, review_round, review_until, Review, RoundReview, Summary};
pub use room::{is_room_record, read_room, write_room_header, RoomRecord};
pub use room_play::play_room;
pub use room_review::{review_room, review_room_text};
pub use rounds::Rounds;
use rounds::Source;
pub use table::{play_round, TableCheck};

pub use rows::{CallRow, DecisionRow, Row, SumRow, WinRow};
use serde::de::IgnoredAny;
use std::collections::HashMap;
pub use wins::{check_wins, check_wins_under, WinCheck};

/// Reads a record in any format hupai reads, told apart by its first character and keys:
/// `<` mjlog XML, an object with `log` tenhou.net/6, lines with `type` mjai, else hupai's
/// own lines: its [`rounds`] collected.
///
/// ```
/// let mjai = r#"{"type":"start_game","names":["A","B","C","D"]}"#;
/// let e = hupai::record::read(mjai).unwrap_err();
/// assert_eq!(e.to_string(), "no round in the record");
/// let e = hupai::record::read("<mjloggm></mjloggm>").unwrap_err();
/// assert_eq!(e.to_string(), "no round in the record");
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    rounds(text)?.into_record()
}

/// Reads a record in any format hupai reads, round by round; told apart by its first
/// character and keys: `<` mjlog XML, an object with `log` tenhou.net/6, lines with `type`
/// mjai, else hupai's own lines. Refused here only when a tenhou.net/6 text is not one.
///
/// A room's record ([`read_room`]) is refused here: it is played at the table by
/// [`play_room`].
///
/// ```
/// let rounds = hupai::record::rounds("{\"log\": 3}");
/// assert_eq!(rounds.err().unwrap().to_string(), "log must be a list of rounds");
/// let room = hupai::record::rounds(r#"{"type":"room","rules":"sichuan","switches":""}"#);
/// assert!(room.err().unwrap().to_string().starts_with("a room's record"));
/// ```
pub fn rounds(text: &str) -> Result<Rounds<'_>, RecordError> {
    if is_room_record(text) {
        return Err(RecordError {
            round: None,
            turn: None,
            reason: "a room's record: it is played at the table (`hupai game replay`); the \
                     review reads riichi's records and hupai's lines"
                .into(),
        });
    }
    let head = text.trim_start();
    let first = head.lines().next().unwrap_or("");
    // The first line's keys, its values skipped (a tenhou.net/6 record is one long line).
    let keys = serde_json::from_str::<HashMap<String, IgnoredAny>>(first).ok();
    let key = |k: &str| keys.as_ref().is_some_and(|v| v.contains_key(k));
    let source: Box<dyn Source + '_> = if head.starts_with('<') {
        Box::new(mjlog::reader(text))
    } else if key("type") {
        Box::new(mjai::reader(text))
    } else if first.starts_with('{') && (key("game") || key("round")) {
        Box::new(lines::reader(text))
    } else {
        Box::new(tenhou6::reader(text)?)
    };
    Ok(Rounds::of(source))
}
