//! The events of a record and the table they are replayed on: what every reader makes and
//! every check reads.

use crate::score::CallKind;
use crate::tile::{Tile, TileSet};
use std::fmt;

/// A tile as a record holds it: its kind, and whether it is a red five.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecordTile {
    /// Its kind.
    pub tile: Tile,
    /// A red five (赤).
    pub red: bool,
}

/// One event of a round, in the order play made them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `seat` draws `tile` (a replacement tile after a kong too).
    Draw {
        /// The seat (0–3, the record's player order).
        seat: u8,
        /// The tile drawn.
        tile: RecordTile,
    },
    /// `seat` discards `tile`.
    Discard {
        /// The seat.
        seat: u8,
        /// The tile discarded.
        tile: RecordTile,
        /// The tile just drawn (ツモ切り).
        tsumogiri: bool,
        /// Riichi declared with this discard.
        riichi: bool,
    },
    /// `seat` calls: a chi, pon or kong of a discard (`from` its discarder), a closed kong,
    /// or a kong added to a pon (both `from` none).
    Call {
        /// The seat.
        seat: u8,
        /// What the call is (a kong added to a pon is [`CallKind::Kan`] with `added`).
        kind: CallKind,
        /// The call's tiles, the called or added one among them.
        tiles: Vec<RecordTile>,
        /// The discarder of the called tile.
        from: Option<u8>,
        /// A kong made by adding a tile to a pon (加槓).
        added: bool,
    },
}

/// A round's result as the record has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundResult {
    /// One or more wins (a double ron has two).
    Wins(Vec<RecordedWin>),
    /// An exhaustive or abortive draw: its name in the record and the score changes.
    Draw {
        /// The record's name for it (流局, 九種九牌, 四家立直 …).
        reason: String,
        /// Each seat's score change.
        deltas: [i32; 4],
    },
}

/// A win as the record has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedWin {
    /// The winner's seat.
    pub seat: u8,
    /// The seat that dealt in; the winner's own for a self-draw.
    pub from: u8,
    /// Each seat's score change.
    pub deltas: [i32; 4],
    /// The record's description: points first (`30符1飜1000点`, `満貫8000点`), then each yaku
    /// with its han (`立直(1飜)`); empty when the record gives none.
    pub text: Vec<String>,
}

/// One round of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The round's number from 0 (東1局 = 0, 南1局 = 4): the dealer is seat `kyoku % 4`.
    pub kyoku: u8,
    /// Honba sticks (本場).
    pub honba: u32,
    /// Riichi sticks left on the table (供託).
    pub sticks: u32,
    /// Each seat's score at the start.
    pub scores: [i32; 4],
    /// Dora indicators, as revealed (kongs reveal more).
    pub dora: Vec<RecordTile>,
    /// Ura-dora indicators, when the record shows them.
    pub ura: Vec<RecordTile>,
    /// Each seat's starting hand.
    pub hands: [Vec<RecordTile>; 4],
    /// The round's wildcards (赖子, 精), when its rules play them.
    pub wild: TileSet,
    /// The events, in order.
    pub events: Vec<Event>,
    /// The result.
    pub result: RoundResult,
}

/// A game record: the players' names, the rules played and the rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The players' names, by seat.
    pub players: Vec<String>,
    /// The rules played: a preset's name (`riichi` for Tenhou's records).
    pub rules: String,
    /// The rounds, in order: every round played to its result.
    pub rounds: Vec<Round>,
    /// The last round when the record ends before its result (a game cut off: a disconnection,
    /// a log saved mid-round): which round, how far it was read and why it is left out. The
    /// rounds before it are whole and reviewed; [`Record::whole`] refuses such a record.
    pub cut: Option<RecordError>,
}

impl Record {
    /// The record if no round was cut off at its end; otherwise the cut, as an error (what a
    /// strict reader wants: `hupai review --strict`).
    ///
    /// ```
    /// let text = r#"{"type":"start_game","names":["A","B","C","D"]}
    /// {"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"dora_marker":"1p","tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","E","S","S"],["2p","2p","2p","3p","3p","3p","4p","4p","4p","5p","5p","5p","6p"],["7p","7p","7p","8p","8p","8p","9p","9p","9p","W","W","N","N"]]}
    /// {"type":"tsumo","actor":0,"pai":"P"}"#;
    /// let e = hupai::record::read(text).unwrap_err(); // no whole round: nothing to review
    /// assert!(e.reason.contains("cut off"), "{e}");
    /// ```
    pub fn whole(self) -> Result<Record, RecordError> {
        match self.cut {
            Some(cut) => Err(cut),
            None => Ok(self),
        }
    }
}

/// Why a record was refused: the round (from 0) and the turn (the event's index in it,
/// from 0) where known, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The round, from 0.
    pub round: Option<usize>,
    /// The event's index in the round, from 0.
    pub turn: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.round, self.turn) {
            (Some(r), Some(t)) => write!(f, "round {}, event {}: {}", r + 1, t + 1, self.reason),
            (Some(r), None) => write!(f, "round {}: {}", r + 1, self.reason),
            _ => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for RecordError {}
