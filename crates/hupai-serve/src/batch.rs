//! `POST /v1/batch`: request lines in, one answer line each out (errors as lines, as
//! `hupai batch`), in order, streamed as chunked `application/x-ndjson`.
//!
//! A thread of its own answers the lines one by one and hands each to the response through a
//! queue of [`BATCH_QUEUE`] lines: it computes a line only when the client has taken room for
//! it, so a batch holds a few lines of answer at a time whatever its length. Between lines it
//! stops when the client has gone (the response was dropped) or the request's time bound has
//! passed; then the answer ends with one error line naming the first line not answered.

use crate::api::{json_error, JSON};
use crate::limits::{admit, Refusal, BATCH_QUEUE};
use crate::observe::Reason;
use crate::state::App;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use http_body::Frame;
use hupai::protocol::answer_batch_line;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::mpsc;
use tokio::time::Instant;

/// The media type of a batch answer, and of a batch body (as is `application/json`).
const NDJSON: &str = "application/x-ndjson";

/// `POST /v1/batch`.
pub(crate) async fn batch(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let (body, turn) = match admit(&app.gate, &headers, body, &[NDJSON, JSON]).await {
        Ok(admitted) => admitted,
        Err(r) => return app.refuse(r),
    };
    let Ok(count) = std::str::from_utf8(&body.bytes).map(|text| text.lines().count()) else {
        return json_error(StatusCode::BAD_REQUEST, "the request body is not UTF-8");
    };
    let most = app.gate.limits.max_batch_lines;
    if count > most {
        return app.refuse(Refusal {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!("{count} lines: a batch holds at most {most}; split it"),
            reason: Reason::BodyTooLarge,
        });
    }
    let deadline = Instant::now() + app.gate.limits.timeout;
    let (tx, mut rx) = mpsc::channel::<Bytes>(BATCH_QUEUE);
    let stopped = Arc::new(AtomicUsize::new(0));
    let (worker_app, worker_stop) = (app.clone(), stopped.clone());
    let runtime = tokio::runtime::Handle::current();
    // Bulk work: a thread of its own at a lower CPU priority (memory.rs), holding the turn.
    let worker = std::thread::Builder::new()
        .name("hupai-batch".into())
        .spawn(move || {
            crate::memory::lower_priority(crate::memory::BATCH_NICE);
            let _runtime = runtime.enter(); // the time bound's timer
            let _turn = turn;
            let text = std::str::from_utf8(&body.bytes).unwrap_or_default();
            // One session for the batch: each rules' engine built once, not once a line.
            let mut session = worker_app.session(worker_app.config.default_rules);
            for (i, line) in text.lines().enumerate() {
                if tx.is_closed() {
                    return; // the client has gone
                }
                // Answered and handed over within the time bound, or the batch stops here.
                let sent = Instant::now() < deadline && {
                    let admit = |req: &mut _| worker_app.gate.admit_odds(req);
                    let mut out = answer_batch_line(&mut session, line, i + 1, admit);
                    out.push('\n');
                    let send = tokio::time::timeout_at(deadline, tx.send(out.into()));
                    matches!(runtime.block_on(send), Ok(Ok(())))
                };
                if !sent {
                    if !tx.is_closed() {
                        // Line 1 not sent: the handler answers 503 (and counts it).
                        if i > 0 {
                            worker_app.metrics.reject(Reason::Timeout);
                        }
                        worker_stop.store(i + 1, Ordering::Release);
                    }
                    return;
                }
            }
        });
    if worker.is_err() {
        return json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy: cannot start a batch now; retry shortly",
        );
    }
    // Not even the first line answered in time: a 503, as for one request.
    let first = match tokio::time::timeout_at(deadline, rx.recv()).await {
        Ok(None) if stopped.load(Ordering::Acquire) > 0 => None,
        Ok(first) => Some(first),
        Err(_) => None,
    };
    let Some(first) = first else {
        return app.too_late("send fewer lines");
    };
    let body = Lines {
        first,
        rx,
        stopped,
        total: count,
        timeout: app.gate.limits.timeout.as_secs_f64(),
        done: false,
    };
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, NDJSON)],
        axum::body::Body::new(body),
    )
        .into_response()
}

/// The answer's body: the lines as the worker hands them over, then, if the worker stopped at
/// its time bound, the error line.
struct Lines {
    first: Option<Bytes>,
    rx: mpsc::Receiver<Bytes>,
    /// The first line not answered (1-based), 0 when every line was.
    stopped: Arc<AtomicUsize>,
    total: usize,
    timeout: f64,
    done: bool,
}

impl http_body::Body for Lines {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        if let Some(line) = this.first.take() {
            return Poll::Ready(Some(Ok(Frame::data(line))));
        }
        if this.done {
            return Poll::Ready(None);
        }
        match this.rx.poll_recv(cx) {
            Poll::Ready(Some(line)) => Poll::Ready(Some(Ok(Frame::data(line)))),
            Poll::Pending => Poll::Pending,
            Poll::Ready(None) => {
                this.done = true;
                let at = this.stopped.load(Ordering::Acquire);
                if at == 0 {
                    return Poll::Ready(None);
                }
                let message = format!(
                    "the batch passed its time bound of {} s: lines {at} to {} are not answered; send them again",
                    this.timeout, this.total
                );
                let line = serde_json::json!({ "error": message, "line": at }).to_string() + "\n";
                Poll::Ready(Some(Ok(Frame::data(line.into()))))
            }
        }
    }
}
