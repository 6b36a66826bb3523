//! The JSON API: `/v1/analyse`, `/v1/presets`, `/healthz`, and the JSON 404 / 405 answers
//! (`/v1/batch` streams, in `batch.rs`).

use crate::limits::{admit, Refusal};
use crate::observe::Reason;
use crate::App;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use hupai::protocol::{answer, parse_request, parse_rules, parse_win, rules_json, score_json};
use hupai::{Engine, Rules, ScoreError, Tables};
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
    json_body(status, json!({ "error": message }).to_string())
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
/// answer; 400 with `{"error", "id"?}` for a request that cannot be answered. The work runs
/// on a blocking thread that holds the request's turn until it ends.
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
/// (`not_a_win`); 400 for input that cannot be read.
pub(crate) async fn score(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    one_object(app, headers, body, score_body).await
}

/// What answers one request body.
type Work = fn(&[u8], &'static Tables, Rules, &App) -> Response;

/// A one-object endpoint: the body admitted (size, type, a turn), `work` on a blocking
/// thread that holds the turn until it ends, within the request's time bound.
async fn one_object(
    app: Arc<App>,
    headers: HeaderMap,
    body: axum::body::Body,
    work_of: Work,
) -> Response {
    let (body, turn) = match admit(&app, &headers, body, &[JSON]).await {
        Ok(admitted) => admitted,
        Err(r) => return app.refuse(r),
    };
    let deadline = tokio::time::Instant::now() + app.gate.limits.timeout;
    let (tables, rules) = (app.config.tables, app.config.default_rules);
    let worker_app = app.clone();
    let work = tokio::task::spawn_blocking(move || {
        crate::memory::answer_priority();
        let _turn = turn;
        // A request that waited past its time for a thread is not worked on.
        (std::time::Instant::now() < deadline.into_std())
            .then(|| work_of(&body.bytes, tables, rules, &worker_app))
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

/// The answer to one request body.
fn analyse_body(
    bytes: &[u8],
    tables: &'static Tables,
    default_rules: Rules,
    app: &App,
) -> Response {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return json_error(StatusCode::BAD_REQUEST, "the request body is not UTF-8");
    };
    if text.trim().is_empty() {
        return json_error(
            StatusCode::BAD_REQUEST,
            r#"empty body: send a request object such as {"hand": "123m456p789s1122z", "rules": "riichi"}"#,
        );
    }
    let refuse = |message: &str, id: Option<&str>| {
        let mut body = json!({ "error": message });
        if let Some(id) = id.and_then(|i| serde_json::from_str::<Value>(i).ok()) {
            body["id"] = id;
        }
        json_body(StatusCode::BAD_REQUEST, body.to_string())
    };
    let mut req = match parse_request(text, default_rules) {
        Ok(r) => r,
        Err(e) => return refuse(&e.message, e.id.as_deref()),
    };
    // Odds are bounded (states, draws) and computed a few at a time.
    let _odds = match app.gate.admit_odds(&mut req) {
        Ok(turn) => turn,
        Err(message) => {
            let mut body = json!({ "error": message });
            if let Some(id) = req
                .id
                .as_deref()
                .and_then(|i| serde_json::from_str::<Value>(i).ok())
            {
                body["id"] = id;
            }
            return json_body(StatusCode::SERVICE_UNAVAILABLE, body.to_string());
        }
    };
    let engine = match Engine::with_tables(tables, req.rules) {
        Ok(engine) => engine,
        Err(e) => return refuse(&e.to_string(), req.id.as_deref()),
    };
    match answer(&engine, &req) {
        Ok(line) => json_body(StatusCode::OK, line),
        Err(e) => refuse(&e.to_string(), req.id.as_deref()),
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
            "no such path: {} (the API: POST /v1/analyse, POST /v1/score, POST /v1/batch, GET /v1/presets, GET /healthz, GET /metrics; the page: /)",
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

/// The score of one win body.
fn score_body(bytes: &[u8], tables: &'static Tables, _default: Rules, _app: &App) -> Response {
    let value: Value = match std::str::from_utf8(bytes)
        .map_err(|_| "the request body is not UTF-8".to_string())
        .and_then(|t| serde_json::from_str(t).map_err(|e| format!("malformed JSON: {e}")))
    {
        Ok(v) => v,
        Err(m) => return json_error(StatusCode::BAD_REQUEST, &m),
    };
    let id = value.get("id").cloned();
    let refuse = |status: StatusCode, message: &str, reason: Option<&str>| {
        let mut body = json!({ "error": message });
        if let Some(r) = reason {
            body["reason"] = json!(r);
        }
        if let Some(id) = &id {
            body["id"] = id.clone();
        }
        json_body(status, body.to_string())
    };
    let mut fields = match &value {
        Value::Object(o) => o.clone(),
        _ => {
            return refuse(
                StatusCode::BAD_REQUEST,
                r#"send a win such as {"hand": "234m345m567p22s789s", "win": "5m", "tsumo": true}"#,
                None,
            )
        }
    };
    fields.remove("id");
    let rules = match fields.remove("rules") {
        None | Some(Value::Null) => Rules::riichi(),
        Some(v) => match parse_rules(&v, Rules::riichi()) {
            Ok(r) => r,
            Err(m) => return refuse(StatusCode::BAD_REQUEST, &m, None),
        },
    };
    let (hand, win) = match parse_win(&Value::Object(fields)) {
        Ok(w) => w,
        Err(m) => return refuse(StatusCode::BAD_REQUEST, &m, None),
    };
    let engine = match Engine::with_tables(tables, rules) {
        Ok(engine) => engine,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, &e.to_string(), None),
    };
    let result = engine.score(&hand, &win);
    match &result {
        Ok(_) => {
            let mut body = score_json(&result);
            if let Some(id) = &id {
                body["id"] = id.clone();
            }
            json_body(StatusCode::OK, body.to_string())
        }
        Err(e @ ScoreError::NoYaku) => refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            &e.to_string(),
            Some("no_yaku"),
        ),
        Err(e @ ScoreError::NotAWin) => refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            &e.to_string(),
            Some("not_a_win"),
        ),
        Err(e) => refuse(StatusCode::BAD_REQUEST, &e.to_string(), None),
    }
}
