//! Bounds on connections and requests, and the gate that applies the request bounds: a body
//! is read within its time and within a server-wide byte budget, then the request waits for a
//! turn (a permit), which its work holds until that work has really ended.
//!
//! What a server holds at most, and why (docs/CLI.md states the same):
//! * bodies being read or answered: at most `body_budget` bytes together (each chunk takes
//!   its bytes from the budget before it is kept; a request gives them back when its work
//!   ends);
//! * answers: `concurrency` requests at work, each holding one answer (`/v1/analyse`, under
//!   [`ANSWER_BOUND`]) or at most [`BATCH_QUEUE`] answer lines queued for the client
//!   (`/v1/batch` streams: a line is computed only when the queue has room);
//! * connections: at most `max_connections`, each with hyper's buffers (the request head is
//!   bounded by [`HEAD_BOUND`]).

use crate::observe::Reason;

/// Answer lines a batch queues for its client at most.
pub const BATCH_QUEUE: usize = 8;
use axum::http::{header, HeaderMap, StatusCode};
use http_body_util::BodyExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Largest request head (line and headers) a connection buffers: hyper's read buffer bound.
pub const HEAD_BOUND: usize = 16 << 10;

/// A bound on what one open connection holds: hyper's read and write buffers (each at most
/// [`HEAD_BOUND`] outside a body) and its task.
pub const CONNECTION_BOUND: usize = 2 * HEAD_BOUND + (4 << 10);

/// A bound on one answer line, for the memory statement: 64 decompositions of 14 tiles with
/// every wild kind at most (the largest answer the protocol gives; odds of 14 rows at
/// [`Limits::odds_draws`]' default, two numbers of up to 24 characters a draw and row, take
/// 23 KiB).
pub const ANSWER_BOUND: usize = 64 << 10;

/// The bounds of a server. Every field has a flag of `hupai serve` (docs/CLI.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest request body, bytes (413 past it).
    pub max_body: usize,
    /// Bytes of request bodies held at once by the whole server; a body that cannot get room
    /// for its next bytes within `queue_wait` is refused (503).
    pub body_budget: usize,
    /// Most request lines in one `/v1/batch` (413 past it).
    pub max_batch_lines: usize,
    /// Most requests at work at once; more wait up to `queue_wait`, then get a 503.
    pub concurrency: usize,
    /// How long a request waits for its turn.
    pub queue_wait: Duration,
    /// How long a request's work may take from its turn: `/v1/analyse` answers 503 past it;
    /// `/v1/batch` stops there and ends its answer with an error line naming the first line
    /// not answered (or answers 503 if not even the first line was ready).
    pub timeout: Duration,
    /// How long a client may take to send a whole request head, from its first byte.
    pub header_timeout: Duration,
    /// How long a client may take to send a whole body, from the end of its head (408 past it).
    pub body_timeout: Duration,
    /// How long a connection may stay open with no request (kept alive, or never used).
    pub idle_timeout: Duration,
    /// Most connections open at once; past it the server stops accepting until one closes.
    /// Kept below the file limit (see `hupai serve --help`).
    pub max_connections: usize,
    /// On SIGTERM or Ctrl-C: how long in-flight requests may take to finish before the
    /// server exits anyway.
    pub shutdown_grace: Duration,
    /// The state budget of one request's odds (`"odds"`): lower budgets asked for are kept,
    /// higher ones lowered to this. A request past it answers that its odds are too large.
    pub odds_states: usize,
    /// Most draws one request's odds look ahead (a longer horizon is lowered to this).
    pub odds_draws: u32,
    /// Most odds computed at once, over `/v1/analyse` and `/v1/batch`: a request or line
    /// that finds none free is refused (503, or that line's error).
    pub odds_concurrency: usize,
}

impl Default for Limits {
    /// 4 MiB bodies, 32 MiB of bodies at once, 10,000 lines a batch, 64 requests at work (a
    /// second's wait for a turn), 10 s of work, 10 s for a head and for a body, 30 s idle,
    /// 4,096 connections, 3 s to finish at shutdown; odds of at most 5,000 states and 34
    /// draws, one at a time.
    fn default() -> Limits {
        Limits {
            max_body: 4 << 20,
            body_budget: 32 << 20,
            max_batch_lines: 10_000,
            concurrency: 64,
            queue_wait: Duration::from_secs(1),
            timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            max_connections: 4096,
            shutdown_grace: Duration::from_secs(3),
            odds_states: 5_000,
            odds_draws: 34,
            odds_concurrency: 1,
        }
    }
}

impl Limits {
    /// Whether the bounds can work together: every count at least 1, every time above zero,
    /// and a budget that holds at least one largest body.
    ///
    /// ```
    /// let mut l = hupai_serve::Limits::default();
    /// assert!(l.check().is_ok());
    /// l.body_budget = l.max_body - 1;
    /// assert!(l.check().unwrap_err().contains("body budget"));
    /// ```
    pub fn check(&self) -> Result<(), String> {
        let counts = [
            ("max body", self.max_body),
            ("batch lines", self.max_batch_lines),
            ("concurrency", self.concurrency),
            ("max connections", self.max_connections),
            ("odds states", self.odds_states),
            ("odds draws", self.odds_draws as usize),
            ("odds concurrency", self.odds_concurrency),
        ];
        for (name, n) in counts {
            if n == 0 {
                return Err(format!("{name} must be at least 1"));
            }
        }
        let times = [
            ("timeout", self.timeout),
            ("header timeout", self.header_timeout),
            ("body timeout", self.body_timeout),
            ("idle timeout", self.idle_timeout),
        ];
        for (name, t) in times {
            if t.is_zero() {
                return Err(format!("{name} must be above zero"));
            }
        }
        if self.body_budget < self.max_body {
            return Err(format!(
                "the body budget ({} bytes) must hold at least one largest body ({} bytes)",
                self.body_budget, self.max_body
            ));
        }
        Ok(())
    }

    /// The most memory the bounds let requests and connections hold, bytes, over what the
    /// server holds idle (its tables and runtime): the body budget, one answer bound per
    /// request at work for each line it may hold, each connection's buffers, and the odds at
    /// work ([`hupai::OddsOptions::memory_bound`] of the odds bounds).
    ///
    /// ```
    /// let mb = hupai_serve::Limits::default().memory_bound() >> 20;
    /// assert!(mb < 245, "{mb} MiB"); // 32 + 36 + 144 + 25
    /// ```
    pub fn memory_bound(&self) -> usize {
        let answers = self.concurrency * (BATCH_QUEUE + 1) * ANSWER_BOUND;
        self.body_budget
            + answers
            + self.max_connections * CONNECTION_BOUND
            + self.odds_concurrency * self.odds_options().memory_bound()
    }

    /// The odds bounds as options: what a request's odds are lowered to at most.
    pub fn odds_options(&self) -> hupai::OddsOptions {
        hupai::OddsOptions {
            max_states: self.odds_states,
            draws: self.odds_draws,
            ..hupai::OddsOptions::default()
        }
    }
}

/// A body read in full, and its bytes' share of the server's body budget (given back when the
/// body is dropped, with the work that reads it).
pub(crate) struct Body {
    pub(crate) bytes: Vec<u8>,
    _budget: Option<OwnedSemaphorePermit>,
}

/// Why a request is refused before its work starts: the status, a message and the reason
/// counted by `/metrics`.
pub(crate) struct Refusal {
    pub(crate) status: StatusCode,
    pub(crate) message: String,
    pub(crate) reason: Reason,
}

impl Refusal {
    fn new(status: StatusCode, message: impl Into<String>, reason: Reason) -> Refusal {
        Refusal {
            status,
            message: message.into(),
            reason,
        }
    }
}

/// The shared state of the bounds.
pub(crate) struct Gate {
    pub(crate) limits: Limits,
    pub(crate) work: Arc<Semaphore>,
    bodies: Arc<Semaphore>,
    /// The odds' turns (tokio's semaphore: the requests waiting take them first come, first
    /// served).
    odds: Arc<Semaphore>,
}

/// A turn at the odds, given back when dropped.
pub(crate) type OddsTurn = OwnedSemaphorePermit;

impl Gate {
    pub(crate) fn new(limits: Limits) -> Gate {
        Gate {
            limits,
            work: Arc::new(Semaphore::new(limits.concurrency.max(1))),
            bodies: Arc::new(Semaphore::new(limits.body_budget.max(1))),
            odds: Arc::new(Semaphore::new(limits.odds_concurrency.max(1))),
        }
    }

    /// Bounds a request's odds (state budget, draws) and takes a turn at the odds for it,
    /// waiting up to `queue_wait` for one (the requests waiting are bounded by the turns to
    /// work, each holding one), or says why not. A request without odds passes with no turn.
    /// Called from the blocking threads that answer, within the runtime (never from an async
    /// worker: the wait blocks its thread).
    pub(crate) fn admit_odds(
        &self,
        req: &mut hupai::protocol::Request,
    ) -> Result<Option<OddsTurn>, hupai::protocol::RequestError> {
        let Some(o) = &mut req.odds else {
            return Ok(None);
        };
        o.max_states = o.max_states.min(self.limits.odds_states);
        o.draws = o.draws.min(self.limits.odds_draws);
        self.odds_turn().map(Some)
    }

    /// A turn at the odds (a request's, or a review's), waiting up to `queue_wait` for one,
    /// or why not; called as [`Gate::admit_odds`] is, from a blocking thread.
    pub(crate) fn odds_turn(&self) -> Result<OddsTurn, hupai::protocol::RequestError> {
        let most = self.limits.odds_concurrency.max(1);
        let wait = tokio::time::timeout(self.limits.queue_wait, self.odds.clone().acquire_owned());
        match tokio::runtime::Handle::current().block_on(wait) {
            Ok(Ok(turn)) => Ok(turn),
            _ => Err(hupai::protocol::RequestError::new(
                hupai::protocol::Code::Busy,
                format!(
                    "busy: {most} odds are being computed and none was free within {} s; retry shortly, or ask without odds",
                    self.limits.queue_wait.as_secs_f64()
                ),
            )),
        }
    }

    /// Requests at work now.
    pub(crate) fn at_work(&self) -> usize {
        self.limits.concurrency.max(1) - self.work.available_permits()
    }

    /// A turn to work, within `queue_wait`, or a 503.
    pub(crate) async fn turn(&self) -> Result<OwnedSemaphorePermit, Refusal> {
        let turn = tokio::time::timeout(self.limits.queue_wait, self.work.clone().acquire_owned());
        match turn.await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy: too many requests at once; retry shortly",
                Reason::Busy,
            )),
        }
    }

    /// Reads a body whole: at most `max_body` bytes (413), within `body_timeout` (408), each
    /// chunk's bytes taken from the body budget first (503 when there is no room for them
    /// within `queue_wait`).
    pub(crate) async fn read_body(&self, body: axum::body::Body) -> Result<Body, Refusal> {
        let limits = &self.limits;
        let deadline = Instant::now() + limits.body_timeout;
        let late = || {
            Refusal::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body was not received within {} s",
                    limits.body_timeout.as_secs_f64()
                ),
                Reason::BodyTimeout,
            )
        };
        let mut body = body;
        let mut bytes = Vec::new();
        let mut held: Option<OwnedSemaphorePermit> = None;
        loop {
            let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
                Err(_) => return Err(late()),
                Ok(None) => break,
                Ok(Some(Err(e))) => {
                    return Err(Refusal::new(
                        StatusCode::BAD_REQUEST,
                        format!("cannot read the request body: {e}"),
                        Reason::BadBody,
                    ))
                }
                Ok(Some(Ok(frame))) => frame,
            };
            let Ok(data) = frame.into_data() else {
                continue; // trailers
            };
            if bytes.len() + data.len() > limits.max_body {
                return Err(too_large(limits.max_body));
            }
            if data.is_empty() {
                continue;
            }
            // Waiting for room is bounded like waiting for a turn: a full server says so soon.
            let share = self.bodies.clone().acquire_many_owned(data.len() as u32);
            let room = deadline.min(Instant::now() + limits.queue_wait);
            let share = match tokio::time::timeout_at(room, share).await {
                Ok(Ok(p)) => p,
                _ => {
                    return Err(Refusal::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "busy: too many request bodies at once; retry shortly",
                        Reason::Busy,
                    ))
                }
            };
            match &mut held {
                Some(p) => p.merge(share),
                None => held = Some(share),
            }
            bytes.extend_from_slice(&data);
        }
        Ok(Body {
            bytes,
            _budget: held,
        })
    }
}

/// The 413 of a body past `max_body` bytes.
fn too_large(max_body: usize) -> Refusal {
    Refusal::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("request body too large (at most {max_body} bytes)"),
        Reason::BodyTooLarge,
    )
}

/// A POST body's media type must be one of `kinds` (a page on another origin can send only
/// `text/plain`, form types or none without a preflight): 415 otherwise.
pub(crate) fn media_type(headers: &HeaderMap, kinds: &[&str]) -> Result<(), Refusal> {
    let given = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
    match given {
        Some(kind) if kinds.contains(&kind.as_str()) => Ok(()),
        _ => Err(Refusal::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("send the body as Content-Type: {}", kinds.join(" or ")),
            Reason::MediaType,
        )),
    }
}

/// The body, then a turn: what every POST does before its work.
pub(crate) async fn admit(
    gate: &Gate,
    headers: &HeaderMap,
    body: axum::body::Body,
    kinds: &[&str],
) -> Result<(Body, OwnedSemaphorePermit), Refusal> {
    media_type(headers, kinds)?;
    // A body declared larger than the bound is refused before a byte of it is read.
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > gate.limits.max_body as u64) {
        return Err(too_large(gate.limits.max_body));
    }
    let body = gate.read_body(body).await?;
    let permit = gate.turn().await?;
    Ok((body, permit))
}

#[cfg(test)]
mod tests {
    use super::{Gate, Limits};
    use hupai::protocol::parse_request;
    use hupai::Rules;

    #[test]
    fn odds_are_bounded_and_taken_in_turns() {
        // Called as the answering threads call it: off the async workers, in the runtime.
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let _inside = runtime.enter();
        let gate = Gate::new(Limits::default());
        let ask = r#"{"hand":"123m456p789s1122z","odds":{"draws":99,"max_states":900000}}"#;
        let mut req = parse_request(ask, Rules::riichi()).unwrap();
        let turn = gate.admit_odds(&mut req).unwrap();
        let o = req.odds.unwrap();
        assert_eq!((o.draws, o.max_states), (34, 5_000));
        // One odds at a time by default: a second waits its queue wait for the turn, then
        // is refused …
        let mut other = parse_request(ask, Rules::riichi()).unwrap();
        assert!(gate
            .admit_odds(&mut other)
            .unwrap_err()
            .message
            .starts_with("busy"));
        // … or takes the turn when it is given back while it waits.
        let gate = std::sync::Arc::new(Gate::new(Limits {
            queue_wait: std::time::Duration::from_secs(30),
            ..Limits::default()
        }));
        let first = gate.admit_odds(&mut req).unwrap();
        let waiting = {
            let (gate, mut other) = (gate.clone(), other.clone());
            let handle = runtime.handle().clone();
            std::thread::spawn(move || {
                let _inside = handle.enter();
                gate.admit_odds(&mut other).map(|t| t.is_some())
            })
        };
        drop(first);
        assert_eq!(waiting.join().unwrap(), Ok(true));
        // A request without odds needs no turn.
        let mut plain = parse_request("123m456p789s1122z", Rules::riichi()).unwrap();
        assert!(gate.admit_odds(&mut plain).unwrap().is_none());
        drop(turn);
        assert!(gate.admit_odds(&mut other).unwrap().is_some());
    }
}
