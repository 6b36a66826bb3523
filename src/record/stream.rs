//! Records written as one stream of events (mjai, mjlog, hupai's own): the rounds built as
//! the events arrive, each played on the replay table as it comes, so every stream format is
//! refused at the same rules with the round, the event and the reason.

use super::event::{Event, Record, RecordError, RecordTile, RecordedWin, Round, RoundResult};
use super::replay::Table;
use crate::tile::TileSet;

/// Why an event of a stream was refused: its own fault (a line or tag that cannot be read),
/// or the replay's (a rule it breaks, already placed).
pub(crate) enum Bad {
    Line(String),
    Record(RecordError),
}

impl From<RecordError> for Bad {
    fn from(e: RecordError) -> Bad {
        Bad::Record(e)
    }
}

impl From<String> for Bad {
    fn from(s: String) -> Bad {
        Bad::Line(s)
    }
}

impl From<&str> for Bad {
    fn from(s: &str) -> Bad {
        Bad::Line(s.into())
    }
}

/// A round's opening as a stream gives it.
pub(crate) struct Opening {
    /// 東1局 = 0, 南1局 = 4 …
    pub kyoku: u8,
    /// Honba sticks.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// The scores at the start.
    pub scores: [i32; 4],
    /// The first dora indicator (none for rules without).
    pub dora: Option<RecordTile>,
    /// The hands dealt.
    pub hands: [Vec<RecordTile>; 4],
    /// The round's wildcards.
    pub wild: TileSet,
}

/// The record being built: the rounds closed, the one open with its table, and the riichi
/// declared for the next discard.
pub(crate) struct Stream {
    record: Record,
    open: Option<(Round, Table, Option<RoundResult>)>,
    riichi: [bool; 4],
}

impl Stream {
    /// An empty record of `rules`.
    pub(crate) fn new(rules: &str) -> Stream {
        Stream {
            record: Record {
                players: vec![String::new(); 4],
                rules: rules.into(),
                rounds: Vec::new(),
                cut: None,
            },
            open: None,
            riichi: [false; 4],
        }
    }

    /// The players' names.
    pub(crate) fn players(&mut self, names: Vec<String>) {
        self.record.players = names;
    }

    /// The error at this point of the stream: the open round and its next event.
    pub(crate) fn here(&self, reason: impl Into<String>) -> RecordError {
        let round = self.record.rounds.len();
        RecordError {
            round: self.open.as_ref().map(|_| round),
            turn: self.open.as_ref().map(|(r, ..)| r.events.len()),
            reason: reason.into(),
        }
    }

    /// The refusal of `bad` where the stream is.
    pub(crate) fn placed(&self, bad: Bad) -> RecordError {
        match bad {
            Bad::Line(reason) => self.here(reason),
            Bad::Record(e) => e,
        }
    }

    /// Opens a round (the last one must have its result).
    pub(crate) fn begin(&mut self, o: Opening) -> Result<(), RecordError> {
        self.close()?;
        let dora: Vec<RecordTile> = o.dora.into_iter().collect();
        let table = Table::deal(&o.hands, &dora, o.kyoku as usize).map_err(|r| RecordError {
            round: Some(self.record.rounds.len()),
            turn: None,
            reason: r,
        })?;
        let round = Round {
            kyoku: o.kyoku,
            honba: o.honba,
            sticks: o.sticks,
            scores: o.scores,
            dora,
            ura: Vec::new(),
            hands: o.hands,
            wild: o.wild,
            events: Vec::new(),
            result: RoundResult::Wins(Vec::new()),
        };
        self.open = Some((round, table, None));
        self.riichi = [false; 4];
        Ok(())
    }

    /// The open round, still being played (no result yet).
    fn playing(
        &mut self,
        what: &str,
    ) -> Result<&mut (Round, Table, Option<RoundResult>), RecordError> {
        match &self.open {
            None => Err(self.here(format!("{what} before a round starts"))),
            Some((.., Some(_))) => Err(self.here(format!("{what} after the round's result"))),
            Some(_) => Ok(self.open.as_mut().expect("matched")),
        }
    }

    /// The next discard of `seat` declares riichi (streams that send it apart).
    pub(crate) fn riichi(&mut self, seat: u8) -> Result<(), RecordError> {
        self.playing("a riichi")?;
        self.riichi[seat as usize % 4] = true;
        Ok(())
    }

    /// Plays an event.
    pub(crate) fn play(&mut self, mut event: Event) -> Result<(), RecordError> {
        if let Event::Discard { seat, riichi, .. } = &mut event {
            *riichi |= std::mem::take(&mut self.riichi[*seat as usize % 4]);
        }
        let (round, table, _) = self.playing("an event")?;
        match table.apply(&event) {
            Ok(()) => {
                round.events.push(event);
                Ok(())
            }
            Err(reason) => Err(self.here(reason)),
        }
    }

    /// A dora indicator revealed (after a kong).
    pub(crate) fn dora(&mut self, tile: RecordTile) -> Result<(), RecordError> {
        let (round, table, _) = self.playing("a dora indicator")?;
        match table.show(tile) {
            Ok(()) => {
                round.dora.push(tile);
                Ok(())
            }
            Err(reason) => Err(self.here(reason)),
        }
    }

    /// A win ends the round (a second win of the same discard joins the first).
    pub(crate) fn win(
        &mut self,
        win: RecordedWin,
        ura: Vec<RecordTile>,
    ) -> Result<(), RecordError> {
        let Some((round, _, result)) = &mut self.open else {
            return Err(self.here("a win before a round starts"));
        };
        match result {
            None => *result = Some(RoundResult::Wins(vec![win])),
            Some(RoundResult::Wins(wins)) => wins.push(win),
            Some(RoundResult::Draw { .. }) => return Err(self.here("a win after a drawn round")),
        }
        if round.ura.is_empty() {
            round.ura = ura;
        }
        Ok(())
    }

    /// A drawn round ends it.
    pub(crate) fn draw(&mut self, reason: String, deltas: [i32; 4]) -> Result<(), RecordError> {
        let (.., result) = self.playing("a drawn round")?;
        *result = Some(RoundResult::Draw { reason, deltas });
        Ok(())
    }

    /// Closes the open round, which must have its result.
    fn close(&mut self) -> Result<(), RecordError> {
        match self.open.take() {
            None => Ok(()),
            Some((mut round, _, Some(result))) => {
                round.result = result;
                self.record.rounds.push(round);
                Ok(())
            }
            Some(open) => {
                self.open = Some(open);
                Err(self.here("a round ends with no result"))
            }
        }
    }

    /// The record, every round closed; a last round with no result is cut off
    /// ([`Record::cut`]), the whole rounds before it kept. A record with no whole round is
    /// refused (the cut's reason when it had one).
    pub(crate) fn finish(mut self) -> Result<Record, RecordError> {
        if let Err(e) = self.close() {
            self.record.cut = Some(RecordError {
                reason: "the record ends before this round's result: the round was cut off".into(),
                ..e
            });
        }
        if self.record.rounds.is_empty() {
            return Err(match self.record.cut.take() {
                Some(cut) => cut,
                None => self.here("no round in the record"),
            });
        }
        Ok(self.record)
    }
}
