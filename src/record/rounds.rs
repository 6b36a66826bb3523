//! A record read round by round ([`Rounds`]): each round replayed and handed on as soon as it
//! is read, so a long record is reviewed in the memory of one round (and the text), every
//! format alike. [`super::rounds`] tells the formats apart; [`super::read`] collects
//! the rounds into a [`Record`].

use super::event::{Record, RecordError, Round};

/// The longest round (tenhou.net/6) or line (mjai, hupai's lines) read, bytes: a round is a
/// few kilobytes, a line a few hundred bytes. Longer ones are refused before they are parsed
/// (a 16 MiB round would take ten times its size as values).
pub(crate) const MAX_PART: usize = 64 << 10;

/// A format's reader, round by round.
pub(crate) trait Source {
    /// The next whole round, `None` at the end of the text.
    fn next_round(&mut self) -> Result<Option<Round>, RecordError>;
    /// After the end: the last round, when the text ends before its result.
    fn cut(&mut self) -> Option<RecordError>;
    /// An error where the reader is.
    fn here(&self, reason: &str) -> RecordError;
    /// The players' names (known once the first round is read).
    fn players(&self) -> &[String];
    /// The rules played, a preset's name (known once the first round is read).
    fn rules(&self) -> &str;
}

/// A record's rounds as they are read, each replayed and checked (an `Err` ends them: the
/// round, the event and the reason); then [`Rounds::cut`] tells whether the text ended
/// inside a round. A record with no whole round is refused.
///
/// ```
/// let text = r#"{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
///   [11,12,13,14,15,16,17,18,19,21,22,23,24], [25], [25],
///   [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
///   [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
///   [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
///   ["流局", [0, 0, 0, 0]]]]}"#;
/// let mut rounds = hupai::record::rounds(text).unwrap();
/// let first = rounds.next().unwrap().unwrap();
/// assert_eq!(first.events.len(), 8);
/// assert!(rounds.next().is_none());
/// assert_eq!((rounds.rules(), rounds.cut()), ("riichi", None));
/// ```
pub struct Rounds<'a> {
    source: Box<dyn Source + 'a>,
    taken: usize,
    cut: Option<RecordError>,
    done: bool,
}

impl<'a> Rounds<'a> {
    /// The rounds of `source`.
    pub(crate) fn of(source: Box<dyn Source + 'a>) -> Rounds<'a> {
        Rounds {
            source,
            taken: 0,
            cut: None,
            done: false,
        }
    }

    /// The players' names, by seat (known once the first round is read).
    pub fn players(&self) -> &[String] {
        self.source.players()
    }

    /// The rules played: a preset's name (known once the first round is read).
    pub fn rules(&self) -> &str {
        self.source.rules()
    }

    /// After the last round: the round the text ended inside, left out ([`Record::cut`]).
    pub fn cut(&self) -> Option<&RecordError> {
        self.cut.as_ref()
    }

    /// Every round, collected: the record (refused at the first round that breaks a rule).
    ///
    /// ```
    /// let e = hupai::record::rounds("<mjloggm></mjloggm>").unwrap().into_record().unwrap_err();
    /// assert_eq!(e.to_string(), "no round in the record");
    /// ```
    pub fn into_record(mut self) -> Result<Record, RecordError> {
        let rounds = self.by_ref().collect::<Result<Vec<_>, _>>()?;
        Ok(Record {
            players: self.players().to_vec(),
            rules: self.rules().into(),
            rounds,
            cut: self.cut,
        })
    }
}

impl Iterator for Rounds<'_> {
    type Item = Result<Round, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.source.next_round() {
            Ok(Some(round)) => {
                self.taken += 1;
                Some(Ok(round))
            }
            Ok(None) => {
                self.done = true;
                self.cut = self.source.cut();
                // No whole round: refused, with the cut's reason when the one round was cut.
                (self.taken == 0).then(|| {
                    Err(self
                        .cut
                        .take()
                        .unwrap_or_else(|| self.source.here("no round in the record")))
                })
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}
