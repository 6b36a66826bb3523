//! What the HTTP tests share: a request as a client sends it, and a check of a reply against
//! the OpenAPI description (`openapi.json`): statuses, content types and bodies (a small
//! JSON-schema check of the keywords the description uses).

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

pub const SPEC: &str = include_str!("../../openapi.json");

pub struct Reply {
    pub status: StatusCode,
    pub kind: String,
    pub body: String,
}

/// A request as a client sends it: a POST says its body is JSON.
pub async fn call(app: &Router, method: &str, path: &str, body: impl Into<Body>) -> Reply {
    let kind = if method == "POST" {
        Some("application/json")
    } else {
        None
    };
    call_as(app, method, path, kind, body).await
}

/// A request with the given media type (or none).
pub async fn call_as(
    app: &Router,
    method: &str,
    path: &str,
    kind: Option<&str>,
    body: impl Into<Body>,
) -> Reply {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(kind) = kind {
        req = req.header("content-type", kind);
    }
    let res = app
        .clone()
        .oneshot(req.body(body.into()).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let kind = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply {
        status,
        kind,
        body: String::from_utf8(bytes.to_vec()).unwrap(),
    }
}

/// The reply is one the description lists for this path and method, and its body fits the
/// schema given for the content type.
pub fn conforms(path: &str, method: &str, r: &Reply) {
    let spec: Value = serde_json::from_str(SPEC).unwrap();
    let op = &spec["paths"][path][method.to_lowercase()];
    assert!(op.is_object(), "{method} {path} is not described");
    let response = &op["responses"][r.status.as_str()];
    assert!(
        response.is_object(),
        "{method} {path}: status {} is not described ({})",
        r.status,
        r.body
    );
    let kind = r.kind.split(';').next().unwrap().trim();
    let schema = &response["content"][kind]["schema"];
    assert!(
        schema.is_object(),
        "{method} {path} {}: content type {kind} is not described",
        r.status
    );
    let value = if kind == "application/json" {
        serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{path}: not JSON: {e}"))
    } else {
        Value::String(r.body.clone())
    };
    if let Err(e) = check(&spec, schema, &value, "$") {
        panic!("{method} {path} {}: {e}\n{}", r.status, r.body);
    }
}

/// A JSON-schema check of the keywords `openapi.json` uses: $ref, type, enum, required,
/// properties, additionalProperties, items, minimum, oneOf, pattern (anchored MPSZ only).
fn check(spec: &Value, schema: &Value, v: &Value, at: &str) -> Result<(), String> {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return check(spec, &spec["components"]["schemas"][name], v, at);
    }
    if let Some(options) = schema["oneOf"].as_array() {
        let fits = options
            .iter()
            .filter(|o| check(spec, o, v, at).is_ok())
            .count();
        return (fits == 1)
            .then_some(())
            .ok_or(format!("{at}: fits {fits} of oneOf"));
    }
    let type_ok = |t: &str| match t {
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "object" => v.is_object(),
        "array" => v.is_array(),
        "null" => v.is_null(),
        _ => false,
    };
    match &schema["type"] {
        Value::String(t) if !type_ok(t) => return Err(format!("{at}: not {t}: {v}")),
        Value::Array(ts) if !ts.iter().any(|t| type_ok(t.as_str().unwrap())) => {
            return Err(format!("{at}: none of {ts:?}: {v}"))
        }
        _ => {}
    }
    if let Some(options) = schema["enum"].as_array() {
        if !options.contains(v) {
            return Err(format!("{at}: {v} not in {options:?}"));
        }
    }
    if let (Some(min), Some(n)) = (schema["minimum"].as_i64(), v.as_i64()) {
        if n < min {
            return Err(format!("{at}: {n} < {min}"));
        }
    }
    if let (Some(p), Some(s)) = (schema["pattern"].as_str(), v.as_str()) {
        // The one pattern used: a tile kind.
        assert_eq!(p, "^[1-9][mps]$|^[1-7]z$");
        let b = s.as_bytes();
        let tile = b.len() == 2
            && ((b'1'..=b'9').contains(&b[0]) && b"mps".contains(&b[1])
                || (b'1'..=b'7').contains(&b[0]) && b[1] == b'z');
        if !tile {
            return Err(format!("{at}: {s} is not a tile"));
        }
    }
    if let Some(obj) = v.as_object() {
        for key in schema["required"].as_array().into_iter().flatten() {
            if !obj.contains_key(key.as_str().unwrap()) {
                return Err(format!("{at}: missing {key}"));
            }
        }
        for (k, x) in obj {
            let sub = &schema["properties"][k];
            if sub.is_object() {
                check(spec, sub, x, &format!("{at}.{k}"))?;
            } else {
                match &schema["additionalProperties"] {
                    Value::Bool(false) => return Err(format!("{at}: unexpected field {k}")),
                    s @ Value::Object(_) => check(spec, s, x, &format!("{at}.{k}"))?,
                    _ => {}
                }
            }
        }
    }
    if let (Some(items), Some(list)) = (schema.get("items"), v.as_array()) {
        for (i, x) in list.iter().enumerate() {
            check(spec, items, x, &format!("{at}[{i}]"))?;
        }
    }
    Ok(())
}
