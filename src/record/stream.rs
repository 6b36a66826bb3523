//! Records written as one stream of events (mjai, mjlog, hupai's own): the rounds built as
//! the events arrive, each played on the replay table as it comes, so every stream format is
//! refused at the same rules with the round, the event and the reason; each round handed on
//! as soon as its result closes it ([`Streamed`]), so a record is read round by round.

use super::event::{Event, RecordError, RecordTile, RecordedWin, Round, RoundResult};
use super::place::Table;
use super::rounds::Source;
use crate::tile::TileSet;
use std::collections::VecDeque;

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

/// The record being built: its players and rules, the rounds closed and not yet taken, the
/// one open with its table, and the riichi declared for the next discard.
pub(crate) struct Stream {
    players: Vec<String>,
    rules: String,
    ready: VecDeque<Round>,
    /// Rounds closed so far (taken or not): the open round's index.
    closed: usize,
    open: Option<(Round, Table, Option<RoundResult>)>,
    riichi: [bool; 4],
}

impl Stream {
    /// An empty record of `rules`.
    pub(crate) fn new(rules: &str) -> Stream {
        Stream {
            players: vec![String::new(); 4],
            rules: rules.into(),
            ready: VecDeque::new(),
            closed: 0,
            open: None,
            riichi: [false; 4],
        }
    }

    /// The players' names.
    pub(crate) fn players(&mut self, names: Vec<String>) {
        self.players = names;
    }

    /// The rules played (a preset's name), before the first round.
    pub(crate) fn rules(&mut self, rules: &str) -> Result<(), RecordError> {
        if self.closed > 0 || self.open.is_some() {
            return Err(self.here("the rules are named before the first round"));
        }
        self.rules = rules.into();
        Ok(())
    }

    /// The error at this point of the stream: the open round and its next event.
    pub(crate) fn here(&self, reason: impl Into<String>) -> RecordError {
        let round = self.closed;
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
            round: Some(self.closed),
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
                self.ready.push_back(round);
                self.closed += 1;
                Ok(())
            }
            Some(open) => {
                self.open = Some(open);
                Err(self.here("a round ends with no result"))
            }
        }
    }

    /// The stream's end: the open round closed; when it has no result it is cut off (the
    /// reason of [`super::Record::cut`]).
    fn end(&mut self) -> Option<RecordError> {
        self.close().err().map(|e| RecordError {
            reason: "the record ends before this round's result: the round was cut off".into(),
            ..e
        })
    }
}

/// A stream format's reader: it plays its next line or tag on the stream, and says false at
/// the end of its text.
pub(crate) trait Step {
    fn step(&mut self, st: &mut Stream) -> Result<bool, RecordError>;
}

/// A stream format read round by round: each round handed on when its result closes it
/// (the last when the text ends).
pub(crate) struct Streamed<S> {
    stream: Stream,
    reader: S,
    /// The text has ended; the cut, if its last round had no result.
    ended: Option<Option<RecordError>>,
}

impl<S: Step> Streamed<S> {
    /// `reader` over a stream of `rules` (a record may name its own before its first round).
    pub(crate) fn new(rules: &str, reader: S) -> Streamed<S> {
        Streamed {
            stream: Stream::new(rules),
            reader,
            ended: None,
        }
    }
}

impl<S: Step> Source for Streamed<S> {
    fn next_round(&mut self) -> Result<Option<Round>, RecordError> {
        loop {
            if let Some(round) = self.stream.ready.pop_front() {
                return Ok(Some(round));
            }
            if self.ended.is_some() {
                return Ok(None);
            }
            if !self.reader.step(&mut self.stream)? {
                self.ended = Some(self.stream.end());
            }
        }
    }

    fn cut(&mut self) -> Option<RecordError> {
        self.ended.take().flatten()
    }

    fn here(&self, reason: &str) -> RecordError {
        self.stream.here(reason)
    }

    fn players(&self) -> &[String] {
        &self.stream.players
    }

    fn rules(&self) -> &str {
        &self.stream.rules
    }
}
