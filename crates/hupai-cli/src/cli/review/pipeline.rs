//! The review's pipeline: the records read one after another, round by round; each round
//! reviewed on one of the worker threads; everything written in the records' order as soon as
//! the rounds before it are written. At most a window of rounds (four a thread) is in flight,
//! so the memory held is a record's text and a few rounds, however long the record.

use hupai::record::{
    is_room_record, read_room, review_room, review_round, rounds, ReviewOptions, Round,
    RoundReview, Summary,
};
use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::{Arc, Mutex};

/// What the pipeline hands on, in order: a record begun (its players known), each of its
/// rounds reviewed, its end with its sum (or its refusal, after the rounds before it).
pub enum Item<'a> {
    Begin {
        name: &'a str,
        players: &'a [String],
    },
    Round {
        round: &'a Round,
        review: &'a RoundReview,
    },
    /// A hand of a room's record (reviewed at the room's table).
    Hand {
        review: &'a RoundReview,
    },
    End {
        name: &'a str,
        summary: &'a Summary,
        cut: Option<&'a str>,
    },
    Fail {
        name: &'a str,
        error: &'a str,
    },
}

/// Why the pipeline stopped before its end: the output could not be written, or the review
/// itself failed (no thread, a worker's panic: a bug, said as such).
pub enum Stopped {
    Output(io::Error),
    Review(&'static str),
}

impl From<io::Error> for Stopped {
    fn from(e: io::Error) -> Stopped {
        Stopped::Output(e)
    }
}

/// An item waiting its turn (a round until its review comes back).
enum Slot {
    Begin(String, Vec<String>),
    Round(Option<Box<(Round, RoundReview)>>),
    Hand(Box<RoundReview>),
    End(String, Option<String>),
    Fail(String, String),
}

/// A round to review: its place in the output, its record's rules and its index there.
type Job = (usize, Arc<str>, usize, Round);

/// A round reviewed, or its review's failure (a bug: the worker's panic is caught so that
/// the writer, waiting for that round, is told rather than left waiting).
type Done = Result<(usize, Box<(Round, RoundReview)>), ()>;

/// The items in order, the first one's place, the rounds in flight, the record's sum so far.
struct Writer<'s> {
    queue: VecDeque<Slot>,
    base: usize,
    in_flight: usize,
    sum: Summary,
    sink: &'s mut dyn FnMut(Item<'_>) -> io::Result<()>,
}

impl Writer<'_> {
    /// Queues `slot`, hands on what its turn allows, and gives its place.
    fn push(&mut self, slot: Slot) -> Result<usize, Stopped> {
        let at = self.base + self.queue.len();
        self.queue.push_back(slot);
        self.flush()?;
        Ok(at)
    }

    /// Hands on every item at the front whose turn has come.
    fn flush(&mut self) -> Result<(), Stopped> {
        while let Some(front) = self.queue.front() {
            if matches!(front, Slot::Round(None)) {
                return Ok(());
            }
            let slot = self.queue.pop_front().expect("a front");
            self.base += 1;
            match slot {
                Slot::Begin(name, players) => {
                    self.sum = Summary::default();
                    (self.sink)(Item::Begin {
                        name: &name,
                        players: &players,
                    })?
                }
                Slot::Round(Some(done)) => {
                    self.in_flight -= 1;
                    let (round, review) = &*done;
                    self.sum.add(&review.summary);
                    (self.sink)(Item::Round { round, review })?
                }
                Slot::Round(None) => unreachable!("a round in flight stays in the queue"),
                Slot::Hand(review) => {
                    self.sum.add(&review.summary);
                    (self.sink)(Item::Hand { review: &review })?
                }
                Slot::End(name, cut) => {
                    self.sum.rounds_cut = usize::from(cut.is_some());
                    (self.sink)(Item::End {
                        name: &name,
                        summary: &self.sum,
                        cut: cut.as_deref(),
                    })?
                }
                Slot::Fail(name, error) => (self.sink)(Item::Fail {
                    name: &name,
                    error: &error,
                })?,
            }
        }
        Ok(())
    }

    /// Waits for one round's review, and hands on what its turn allows.
    fn wait(&mut self, done: &Receiver<Done>) -> Result<(), Stopped> {
        let failed =
            || Stopped::Review("a round's review failed (a bug in hupai: please report it)");
        let (at, d) = done.recv().map_err(|_| failed())?.map_err(|()| failed())?;
        self.queue[at - self.base] = Slot::Round(Some(d));
        self.flush()
    }
}

/// Reviews every file on `threads` threads, handing each item to `sink` in order; `load`
/// reads a file's text. True when every record was read whole (a cut round is whole enough
/// unless `strict`).
pub fn review_files(
    files: &[PathBuf],
    load: &(dyn Fn(&std::path::Path) -> Result<String, String> + Sync),
    opts: &ReviewOptions,
    threads: usize,
    strict: bool,
    sink: &mut dyn FnMut(Item<'_>) -> io::Result<()>,
) -> Result<bool, Stopped> {
    let window = threads * 4;
    let (job_tx, job_rx) = sync_channel::<Job>(window);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = channel::<Done>();
    std::thread::scope(|s| {
        let mut workers = 0;
        for _ in 0..threads {
            let (jobs, done) = (&job_rx, done_tx.clone());
            let work = move || loop {
                let Some((at, rules, index, round)) =
                    jobs.lock().ok().and_then(|rx| rx.recv().ok())
                else {
                    return;
                };
                let reviewed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    review_round(&rules, index, &round, opts, &|| false)
                }));
                let sent = match reviewed {
                    Ok(Some(review)) => done.send(Ok((at, Box::new((round, review))))),
                    // Never stopped (`stop` says no), or a panic: the writer is told.
                    Ok(None) | Err(_) => done.send(Err(())),
                };
                if sent.is_err() {
                    return;
                }
            };
            workers += usize::from(std::thread::Builder::new().spawn_scoped(s, work).is_ok());
        }
        drop(done_tx);
        if workers == 0 {
            return Err(Stopped::Review("no thread could be started"));
        }
        let mut w = Writer {
            queue: VecDeque::new(),
            base: 0,
            in_flight: 0,
            sum: Summary::default(),
            sink,
        };
        let mut whole = true;
        for path in files {
            let name = path.display().to_string();
            let text = match load(path) {
                Ok(text) => text,
                Err(e) => {
                    whole = false;
                    w.push(Slot::Fail(name, e))?;
                    continue;
                }
            };
            if is_room_record(&text) {
                // A room's record: its hands reviewed at the room's table, here (efficiency
                // alone: quick).
                let hands = match read_room(&text) {
                    Ok(record) => review_room(&record, opts),
                    Err(e) => {
                        whole = false;
                        w.push(Slot::Fail(name, e.to_string()))?;
                        continue;
                    }
                };
                let players = (0..4).map(|s| format!("seat {s}")).collect();
                w.push(Slot::Begin(name.clone(), players))?;
                for h in hands {
                    w.push(Slot::Hand(Box::new(h)))?;
                }
                w.push(Slot::End(name, None))?;
                continue;
            }
            let mut rounds = match rounds(&text) {
                Ok(r) => r,
                Err(e) => {
                    whole = false;
                    w.push(Slot::Fail(name, e.to_string()))?;
                    continue;
                }
            };
            let mut rules: Option<Arc<str>> = None;
            let mut failed = None;
            let mut index = 0;
            while let Some(round) = rounds.next() {
                let round = match round {
                    Ok(round) => round,
                    Err(e) => {
                        failed = Some(e.to_string());
                        break;
                    }
                };
                let rules = rules.get_or_insert_with(|| {
                    w.queue
                        .push_back(Slot::Begin(name.clone(), rounds.players().to_vec()));
                    rounds.rules().into()
                });
                while w.in_flight >= window {
                    w.wait(&done_rx)?;
                }
                let at = w.push(Slot::Round(None))?;
                w.in_flight += 1;
                job_tx
                    .send((at, rules.clone(), index, round))
                    .map_err(|_| Stopped::Review("the review's threads stopped"))?;
                index += 1;
            }
            let cut = rounds.cut().map(|c| c.to_string());
            match (failed, cut) {
                (Some(e), _) => {
                    whole = false;
                    w.push(Slot::Fail(name, e))?;
                }
                (None, Some(cut)) if strict => {
                    whole = false;
                    w.push(Slot::Fail(name, format!("{cut} (--strict)")))?;
                }
                (None, cut) => {
                    w.push(Slot::End(name, cut))?;
                }
            }
        }
        drop(job_tx);
        while w.in_flight > 0 {
            w.wait(&done_rx)?;
        }
        w.flush()?;
        Ok(whole)
    })
}
