//! The JSON API: `/v1/analyse`, `/v1/batch`, `/v1/presets`, `/healthz`, and the JSON 404 /
//! 405 answers.

use crate::Config;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use hupai::protocol::{answer, answer_line_with, parse_request, rules_json};
use hupai::{Engine, Rules};
use serde_json::{json, Value};
use std::sync::Arc;

/// A JSON body with its status.
fn json_body(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `{"error": message}` with a 4xx or 5xx status.
pub(crate) fn json_error(status: StatusCode, message: &str) -> Response {
    json_body(status, json!({ "error": message }).to_string())
}

/// The body as text, or the 4xx status and message that say why it is not: too large, or
/// not UTF-8.
fn body_text(body: Result<Bytes, BytesRejection>) -> Result<String, (StatusCode, String)> {
    let bytes = body.map_err(|e| {
        let status = e.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "request body too large".to_string()
        } else {
            format!("cannot read the request body: {e}")
        };
        (status, message)
    })?;
    String::from_utf8(bytes.to_vec()).map_err(|_| {
        (
            StatusCode::BAD_REQUEST,
            "the request body is not UTF-8".to_string(),
        )
    })
}

/// `POST /v1/analyse`: one request object (as a `hupai batch` line; it may span lines), its
/// answer; 400 with `{"error", "id"?}` for a request that cannot be answered.
pub(crate) async fn analyse(
    State(config): State<Arc<Config>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let text = match body_text(body) {
        Ok(t) => t,
        Err((status, message)) => return json_error(status, &message),
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
    let req = match parse_request(&text, config.default_rules) {
        Ok(r) => r,
        Err(e) => return refuse(&e.message, e.id.as_deref()),
    };
    let engine = match Engine::with_tables(config.tables, req.rules) {
        Ok(engine) => engine,
        Err(e) => return refuse(&e.to_string(), req.id.as_deref()),
    };
    match answer(&engine, &req) {
        Ok(line) => json_body(StatusCode::OK, line),
        Err(e) => refuse(&e.to_string(), req.id.as_deref()),
    }
}

/// `POST /v1/batch`: request lines in, one answer line each out (errors as lines, as
/// `hupai batch`), in order; 413 past the line bound.
pub(crate) async fn batch(
    State(config): State<Arc<Config>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let text = match body_text(body) {
        Ok(t) => t,
        Err((status, message)) => return json_error(status, &message),
    };
    let count = text.lines().count();
    let most = config.limits.max_batch_lines;
    if count > most {
        return json_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("{count} lines: a batch holds at most {most}; split it"),
        );
    }
    let (tables, rules) = (config.tables, config.default_rules);
    // The answers take CPU time: off the async workers (the body moves there, uncopied).
    let answered = tokio::task::spawn_blocking(move || {
        let mut out = String::with_capacity(count * 256);
        for (i, line) in text.lines().enumerate() {
            out.push_str(&answer_line_with(tables, line, i + 1, rules));
            out.push('\n');
        }
        out
    })
    .await;
    match answered {
        Ok(out) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/x-ndjson")],
            out,
        )
            .into_response(),
        Err(_) => json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error while answering",
        ),
    }
}

/// `GET /v1/presets`: every preset's switches, and the default.
pub(crate) async fn presets(State(config): State<Arc<Config>>) -> Response {
    let list: Vec<Value> = Rules::presets()
        .map(|(name, rules)| json!({ "name": name, "switches": rules_json(&rules) }))
        .collect();
    let body = json!({ "default": config.default_preset, "presets": list });
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
            "no such path: {} (the API: POST /v1/analyse, POST /v1/batch, GET /v1/presets, GET /healthz; the page: /)",
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
