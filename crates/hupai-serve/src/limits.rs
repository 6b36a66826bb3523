//! Bounds on requests: body size (axum's `DefaultBodyLimit`), lines per batch, requests in
//! flight and time per request. Past a bound the answer is a 413 or 503 with a JSON body.

use crate::api::json_error;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The bounds of a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest request body, bytes (413 past it).
    pub max_body: usize,
    /// Most request lines in one `/v1/batch` (413 past it).
    pub max_batch_lines: usize,
    /// Most requests answered at once; more wait up to `queue_wait`, then get a 503.
    pub concurrency: usize,
    /// How long a request waits for its turn.
    pub queue_wait: Duration,
    /// How long a request may take (503 past it).
    pub timeout: Duration,
}

impl Default for Limits {
    /// 4 MiB bodies, 10,000 lines a batch, 256 requests at once (a second in the queue),
    /// 10 s a request.
    fn default() -> Limits {
        Limits {
            max_body: 4 << 20,
            max_batch_lines: 10_000,
            concurrency: 256,
            queue_wait: Duration::from_secs(1),
            timeout: crate::DEFAULT_TIMEOUT,
        }
    }
}

/// The shared state of the bounds.
pub(crate) struct Gate {
    limits: Limits,
    in_flight: Arc<Semaphore>,
}

impl Gate {
    pub(crate) fn new(limits: Limits) -> Gate {
        Gate {
            limits,
            in_flight: Arc::new(Semaphore::new(limits.concurrency.max(1))),
        }
    }
}

/// Middleware: a request waits for a turn, then runs within the time bound.
pub(crate) async fn guard(State(gate): State<Arc<Gate>>, req: Request, next: Next) -> Response {
    let turn = tokio::time::timeout(
        gate.limits.queue_wait,
        gate.in_flight.clone().acquire_owned(),
    )
    .await;
    let Ok(Ok(_permit)) = turn else {
        return json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy: too many requests at once; retry shortly",
        );
    };
    match tokio::time::timeout(gate.limits.timeout, next.run(req)).await {
        Ok(response) => response,
        Err(_) => json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the request took longer than {} s; send fewer lines",
                gate.limits.timeout.as_secs_f64()
            ),
        ),
    }
}
