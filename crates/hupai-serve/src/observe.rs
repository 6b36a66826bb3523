//! What operators watch: one `tracing` event per request (method, path, status, duration;
//! the binary picks text or JSON) and `GET /metrics` in the OpenMetrics text format that
//! Prometheus scrapes — requests by route and status, a latency histogram by route, requests
//! and connections open, and refusals by reason.

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::sync::Arc;
use std::time::Instant;

/// Why the server refused a request or closed a connection (the `reason` label of
/// `hupai_rejected_total`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// No turn within the queue wait, or no room in the body budget.
    Busy,
    /// The work passed its time bound.
    Timeout,
    /// A body past `max_body`, or a batch past its line bound.
    BodyTooLarge,
    /// A body not received within its time.
    BodyTimeout,
    /// A body that could not be read (the connection broke).
    BadBody,
    /// A POST body of another media type.
    MediaType,
    /// A request head not received within its time (the connection is closed).
    HeaderTimeout,
    /// A connection with no request for the idle time (closed).
    IdleTimeout,
    /// A connection whose request made no progress, read or write, for its bound (closed).
    Stalled,
    /// The connection bound was reached: accepting paused until one closed.
    ConnectionLimit,
}

impl Reason {
    fn label(self) -> &'static str {
        match self {
            Reason::Busy => "busy",
            Reason::Timeout => "timeout",
            Reason::BodyTooLarge => "body_too_large",
            Reason::BodyTimeout => "body_timeout",
            Reason::BadBody => "bad_body",
            Reason::MediaType => "media_type",
            Reason::HeaderTimeout => "header_timeout",
            Reason::IdleTimeout => "idle_timeout",
            Reason::Stalled => "stalled",
            Reason::ConnectionLimit => "connection_limit",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteStatus {
    route: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Route {
    route: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Why {
    reason: &'static str,
}

fn latency() -> Histogram {
    // 50 µs to ~1.6 s by doubling: a 13-tile answer is tens of µs, a batch seconds.
    Histogram::new(exponential_buckets(50e-6, 2.0, 16))
}

/// The server's counters.
pub(crate) struct Metrics {
    registry: Registry,
    requests: Family<RouteStatus, Counter>,
    duration: Family<Route, Histogram, fn() -> Histogram>,
    rejected: Family<Why, Counter>,
    in_flight: Gauge,
    at_work: Gauge,
    pub(crate) connections: Gauge,
}

impl Metrics {
    pub(crate) fn new() -> Metrics {
        let mut registry = Registry::with_prefix("hupai");
        let requests = Family::<RouteStatus, Counter>::default();
        let duration = Family::<Route, Histogram, fn() -> Histogram>::new_with_constructor(
            latency as fn() -> Histogram,
        );
        let rejected = Family::<Why, Counter>::default();
        let (in_flight, at_work, connections) =
            (Gauge::default(), Gauge::default(), Gauge::default());
        registry.register(
            "http_requests",
            "HTTP requests answered, by route and status",
            requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time from a request's head to its answer's head, by route",
            duration.clone(),
        );
        registry.register(
            "rejected",
            "Requests refused and connections closed by a bound, by reason",
            rejected.clone(),
        );
        registry.register(
            "http_requests_in_flight",
            "Requests received and not yet answered",
            in_flight.clone(),
        );
        registry.register(
            "requests_at_work",
            "Requests holding a turn (their work running or streaming)",
            at_work.clone(),
        );
        registry.register(
            "connections_open",
            "Client connections open",
            connections.clone(),
        );
        Metrics {
            registry,
            requests,
            duration,
            rejected,
            in_flight,
            at_work,
            connections,
        }
    }

    pub(crate) fn reject(&self, reason: Reason) {
        self.rejected
            .get_or_create(&Why {
                reason: reason.label(),
            })
            .inc();
    }
}

/// The route a request matched (a fixed list, so that labels stay few), or `other`.
fn route_of(req: &Request) -> &'static str {
    const ROUTES: [&str; 10] = [
        "/",
        "/app.js",
        "/style.css",
        "/openapi.json",
        "/healthz",
        "/metrics",
        "/v1/presets",
        "/v1/analyse",
        "/v1/score",
        "/v1/batch",
    ];
    req.extensions()
        .get::<MatchedPath>()
        .and_then(|m| ROUTES.iter().find(|r| **r == m.as_str()))
        .copied()
        .unwrap_or("other")
}

/// Middleware: counts and times every request, and logs it once.
pub(crate) async fn record(
    State(metrics): State<Arc<Metrics>>,
    req: Request,
    next: Next,
) -> Response {
    let start = Instant::now();
    let route = route_of(&req);
    let method = req.method().clone();
    // The path only (a query string may carry anything), and at most 200 bytes of it.
    let full = req.uri().path();
    let cut = (0..=full.len().min(200))
        .rev()
        .find(|&i| full.is_char_boundary(i))
        .unwrap_or(0);
    let path = full[..cut].to_string();
    metrics.in_flight.inc();
    let response = next.run(req).await;
    metrics.in_flight.dec();
    let status = response.status().as_u16();
    let took = start.elapsed();
    metrics
        .requests
        .get_or_create(&RouteStatus { route, status })
        .inc();
    metrics
        .duration
        .get_or_create(&Route { route })
        .observe(took.as_secs_f64());
    tracing::info!(
        target: "hupai_serve::request",
        method = %method,
        path = %path,
        status,
        duration_us = took.as_micros() as u64,
    );
    response
}

impl Metrics {
    /// The `GET /metrics` answer, with the requests at work now.
    pub(crate) fn answer(&self, at_work: usize) -> Response {
        self.at_work.set(at_work as i64);
        self.render()
    }

    fn render(&self) -> Response {
        let mut out = String::new();
        if prometheus_client::encoding::text::encode(&mut out, &self.registry).is_err() {
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
        (
            [(
                header::CONTENT_TYPE,
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
            )],
            out,
        )
            .into_response()
    }
}
