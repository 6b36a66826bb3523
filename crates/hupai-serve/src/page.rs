//! The 牌理 page and the API description, compiled into the binary (no CDN: the page works
//! offline). The page is plain HTML, CSS and JavaScript in `page/`; it calls `/v1/analyse`.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../page/index.html");
const SCRIPT: &str = include_str!("../page/app.js");
const STYLE: &str = include_str!("../page/style.css");
const OPENAPI: &str = include_str!("../openapi.json");

/// The page may load only its own files and call only this server.
const POLICY: &str =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'";

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub(crate) async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX)
}

pub(crate) async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

pub(crate) async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

pub(crate) async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}
