//! Game records: a played game as the events of each round (draws, discards, calls), every
//! player's hand at each of them, and the round's recorded result — read from a record's
//! format (tenhou.net/6 JSON: [`tenhou6`]) and replayed as it is read, so a record that
//! breaks a rule (a discard of a tile not held, a call that cannot be made, a fifth copy) is
//! refused with the round, the turn and the reason.
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

mod event;
mod replay;
mod review;
pub mod tenhou6;
mod wins;

pub use event::{Event, Record, RecordError, RecordTile, RecordedWin, Round, RoundResult};
pub use review::{review, Decision, Summary};
pub use wins::{check_wins, WinCheck};
