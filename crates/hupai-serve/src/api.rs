//! The JSON API: `/v1/analyse`, `/v1/presets`, `/healthz`, and the JSON 404 / 405 answers
//! (`/v1/batch` streams, in `batch.rs`).

use crate::limits::{admit, Refusal};
use crate::observe::Reason;
use crate::state::App;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use hupai::protocol::{parse_object, parse_request, rules_json, score_json, Code, Request};
use hupai::Rules;
use serde_json::{json, Value};
use std::sync::Arc;

/// The media type of a request object.
pub(crate) const JSON: &str = "application/json";

/// A JSON body with its status.
pub(crate) fn json_body(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, JSON)], body).into_response()
}

/// `{"error": message}` with a 4xx or 5xx status.
pub(crate) fn json_error(status: StatusCode, message: &str) -> Response {
    // The stable code of a refusal that is not the engine's: busy, or a request that cannot
    // be read (an internal error has none).
    let code = match status {
        StatusCode::SERVICE_UNAVAILABLE | StatusCode::TOO_MANY_REQUESTS => Some(Code::Busy),
        s if s.is_client_error() => Some(Code::BadArgument),
        _ => None,
    };
    let mut body = json!({ "error": message });
    if let Some(code) = code {
        body["code"] = json!(code.name());
    }
    json_body(status, body.to_string())
}

impl App {
    /// The answer to a refused request, counted by its reason.
    pub(crate) fn refuse(&self, r: Refusal) -> Response {
        self.metrics.reject(r.reason);
        json_error(r.status, &r.message)
    }

    /// The 503 of a request whose work passed its time bound.
    pub(crate) fn too_late(&self, what: &str) -> Response {
        self.refuse(Refusal {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!(
                "the request took longer than {} s; {what}",
                self.gate.limits.timeout.as_secs_f64()
            ),
            reason: Reason::Timeout,
        })
    }
}

/// `POST /v1/analyse`: one request object (as a `hupai batch` line; it may span lines), its
/// answer; 400 with `{"error", "id"?}` for a request that cannot be answered. A request whose
/// answer costs what a table lookup costs is answered on the async worker that read it; odds,
/// decompositions, improvements and bodies past [`INLINE_BODY`] go to a blocking thread that
/// holds the request's turn until it ends.
pub(crate) async fn analyse(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    one_object(app, headers, body, analyse_body).await
}

/// `POST /v1/score`: one win (`hand` with the winning tile among its tiles, `win`, `calls`,
/// the situation's fields, `rules` (default riichi), `id`), its score object; 422 with
/// `{"error", "reason"}` for a win without a yaku (`no_yaku`) or a hand that does not win
/// (`not_a_win`); 400 for input that cannot be read. Answered on the async worker (a score
/// takes microseconds) unless the body is past [`INLINE_BODY`].
pub(crate) async fn score(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    one_object(app, headers, body, score_body).await
}

/// Largest body read and answered on an async worker: a request object is a few hundred
/// bytes; a larger body (up to `max_body`) is parsed on a blocking thread, so that no worker
/// spends milliseconds on one request.
pub(crate) const INLINE_BODY: usize = 16 << 10;

/// What a body asks for: its answer now (cheap work, done where it was read), or work for a
/// blocking thread.
pub(crate) enum Plan {
    /// The answer, computed at the cost of a few table lookups.
    Now(Response),
    /// Heavy work: run off the async workers, within the request's time bound.
    Later(Box<dyn FnOnce(&App) -> Response + Send>),
}

/// What plans one request body: `inline` says whether heavy work may be planned (false: the
/// caller already runs on a blocking thread and wants the answer).
pub(crate) type Work = fn(&[u8], &App, bool) -> Plan;

/// A one-object endpoint: the body admitted (size, type, a turn), then answered where its
/// plan says, within the request's time bound.
pub(crate) async fn one_object(
    app: Arc<App>,
    headers: HeaderMap,
    body: axum::body::Body,
    work_of: Work,
) -> Response {
    let (body, turn) = match admit(&app.gate, &headers, body, &[JSON]).await {
        Ok(admitted) => admitted,
        Err(r) => return app.refuse(r),
    };
    let inline = body.bytes.len() <= INLINE_BODY;
    if inline {
        match work_of(&body.bytes, &app, true) {
            Plan::Now(response) => return response,
            Plan::Later(job) => return off_worker(app, move |app| (job(app), (body, turn))).await,
        }
    }
    off_worker(app, move |app| {
        let response = match work_of(&body.bytes, app, false) {
            Plan::Now(response) => response,
            Plan::Later(job) => job(app),
        };
        (response, (body, turn))
    })
    .await
}

/// Runs `job` on a blocking thread within the request's time bound; what it returns beside
/// the answer (the body's budget, the turn) is held until it has really ended.
pub(crate) async fn off_worker<H: Send + 'static>(
    app: Arc<App>,
    job: impl FnOnce(&App) -> (Response, H) + Send + 'static,
) -> Response {
    let deadline = tokio::time::Instant::now() + app.gate.limits.timeout;
    let worker_app = app.clone();
    let work = tokio::task::spawn_blocking(move || {
        crate::memory::answer_priority();
        // A request that waited past its time for a thread is not worked on.
        (std::time::Instant::now() < deadline.into_std()).then(|| job(&worker_app).0)
    });
    match tokio::time::timeout_at(deadline, work).await {
        Ok(Ok(Some(response))) => response,
        Ok(Err(_)) => json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error while answering",
        ),
        Ok(Ok(None)) | Err(_) => app.too_late("send a lighter request"),
    }
}

/// A refusal `{"error", "code", "id"?}` (the id as the request gave it, JSON text).
pub(crate) fn refusal(status: StatusCode, code: Code, message: &str, id: Option<&str>) -> Response {
    let mut body = json!({ "error": message, "code": code.name() });
    if let Some(id) = id.and_then(|i| serde_json::from_str::<Value>(i).ok()) {
        body["id"] = id;
    }
    json_body(status, body.to_string())
}

/// The plan for one `/v1/analyse` body.
fn analyse_body(bytes: &[u8], app: &App, inline: bool) -> Plan {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Plan::Now(json_error(
            StatusCode::BAD_REQUEST,
            "the request body is not UTF-8",
        ));
    };
    if text.trim().is_empty() {
        return Plan::Now(json_error(
            StatusCode::BAD_REQUEST,
            r#"empty body: send a request object such as {"hand": "123m456p789s1122z", "rules": "riichi"}"#,
        ));
    }
    let req = match parse_request(text, app.config.default_rules) {
        Ok(r) => r,
        Err(e) => {
            return Plan::Now(refusal(
                StatusCode::BAD_REQUEST,
                e.code,
                &e.message,
                e.id.as_deref(),
            ))
        }
    };
    // Odds, decompositions and improvements take from milliseconds up to the time bound.
    let heavy = req.odds.is_some() || req.decompositions || req.improvements;
    if heavy && inline {
        return Plan::Later(Box::new(move |app| analyse_request(req, app)));
    }
    Plan::Now(analyse_request(req, app))
}

/// The answer to one parsed `/v1/analyse` request.
fn analyse_request(mut req: Request, app: &App) -> Response {
    // Odds are bounded (states, draws) and computed a few at a time.
    let _odds = match app.gate.admit_odds(&mut req) {
        Ok(turn) => turn,
        Err(e) => {
            return refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                e.code,
                &e.message,
                req.id.as_deref(),
            )
        }
    };
    match app.session(req.rules).answer(&req) {
        Ok(line) => json_body(StatusCode::OK, line),
        Err(r) => refusal(
            StatusCode::BAD_REQUEST,
            r.code,
            &r.message,
            req.id.as_deref(),
        ),
    }
}

/// `GET /v1/presets`: every preset's switches, and the default.
pub(crate) async fn presets(State(app): State<Arc<App>>) -> Response {
    let list: Vec<Value> = Rules::presets()
        .map(|(name, rules)| json!({ "name": name, "switches": rules_json(&rules) }))
        .collect();
    let body = json!({ "default": app.config.default_preset, "presets": list });
    json_body(StatusCode::OK, body.to_string())
}

/// `GET /metrics`: OpenMetrics text for Prometheus.
pub(crate) async fn metrics(State(app): State<Arc<App>>) -> Response {
    app.metrics.answer(app.gate.at_work())
}

/// `GET /healthz`.
pub(crate) async fn healthz() -> Response {
    json_body(
        StatusCode::OK,
        json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") }).to_string(),
    )
}

/// A path the server does not have.
pub(crate) async fn not_found(uri: Uri) -> Response {
    json_error(
        StatusCode::NOT_FOUND,
        &format!(
            "no such path: {} (the API: POST /v1/analyse, POST /v1/score, POST /v1/batch, POST /v1/review, POST /v1/game, POST /v1/room, GET /v1/presets, GET /healthz, GET /metrics; the page: /)",
            uri.path()
        ),
    )
}

/// A path asked with a method it does not take.
pub(crate) async fn method_not_allowed(uri: Uri) -> Response {
    json_error(
        StatusCode::METHOD_NOT_ALLOWED,
        &format!(
            "{} does not take this method (see /openapi.json)",
            uri.path()
        ),
    )
}

/// The plan for one `/v1/score` body: always its answer now (a score takes microseconds).
fn score_body(bytes: &[u8], app: &App, _inline: bool) -> Plan {
    Plan::Now(score_answer(bytes, app))
}

/// The score of one win body.
fn score_answer(bytes: &[u8], app: &App) -> Response {
    let example =
        r#"send a win such as {"hand": "234m345m567p22s789s", "win": "5m", "tsumo": true}"#;
    let text = match std::str::from_utf8(bytes) {
        Ok(t) if t.trim_start().starts_with('{') => t,
        Ok(_) => return json_error(StatusCode::BAD_REQUEST, example),
        Err(_) => return json_error(StatusCode::BAD_REQUEST, "the request body is not UTF-8"),
    };
    // Read as strictly as `/v1/analyse`: a field given twice, or an id that is neither a
    // string nor an integer, is refused.
    let (mut fields, id) = match parse_object(text) {
        Ok(read) => read,
        Err(e) => return refusal(StatusCode::BAD_REQUEST, e.code, &e.message, e.id.as_deref()),
    };
    let id = id.and_then(|i| serde_json::from_str::<Value>(&i).ok());
    fields.remove("id");
    // Scored as every binding scores (riichi unless the body names its rules).
    let session = app.session(Rules::riichi());
    match session.score_owned(Value::Object(fields)) {
        Ok(score) => {
            let mut body = score_json(&Ok(score));
            if let Some(id) = &id {
                body["id"] = id.clone();
            }
            json_body(StatusCode::OK, body.to_string())
        }
        Err(r) => {
            let (status, reason) = match r.code {
                Code::NoYaku => (StatusCode::UNPROCESSABLE_ENTITY, Some("no_yaku")),
                Code::NotAWin => (StatusCode::UNPROCESSABLE_ENTITY, Some("not_a_win")),
                _ => (StatusCode::BAD_REQUEST, None),
            };
            let mut body = json!({ "error": r.message, "code": r.code.name() });
            if let Some(reason) = reason {
                body["reason"] = json!(reason);
            }
            if let Some(s) = r.shanten {
                body["shanten"] = json!(s);
            }
            if let Some(id) = &id {
                body["id"] = id.clone();
            }
            json_body(status, body.to_string())
        }
    }
}
