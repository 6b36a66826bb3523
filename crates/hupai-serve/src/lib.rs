//! hupai over HTTP, for `hupai serve`: a JSON API and the 牌理 page.
//!
//! * `POST /v1/analyse` — one `hupai batch` request object in, its answer out
//!   (`docs/CONTRACT.md`, with the extensions `decompositions`, `forms`, `improvements`);
//! * `POST /v1/batch` — request lines in, answer lines out, as `hupai batch`;
//! * `GET /v1/presets` — each preset's switches; `GET /healthz`; `GET /openapi.json` (the API,
//!   described by `openapi.json` in this crate, which the tests check against the responses);
//! * `GET /` — the page (HTML, JS and CSS compiled into the binary: no CDN, works offline).
//!
//! Bad input is a 4xx answer with a JSON body `{"error": "…"}`, never a 500; bodies, batch
//! lengths, requests in flight and time per request are bounded ([`Limits`]).
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! hupai_serve::serve(listener, hupai_serve::Config::default()).await
//! # }
//! ```

mod api;
mod limits;
mod page;

use axum::routing::{get, post};
use axum::Router;
use hupai::{Rules, Tables};
use std::sync::Arc;
use std::time::Duration;

pub use limits::Limits;

/// What a server answers with: the rules of requests that name none, the tables, the limits.
#[derive(Clone, Copy)]
pub struct Config {
    /// Rules of a request without `"rules"` (`hupai serve --rules`; chinese by default, as
    /// `hupai batch`).
    pub default_rules: Rules,
    /// The preset name of `default_rules`, for `/v1/presets`.
    pub default_preset: &'static str,
    /// The table set (compiled in unless `--tables`).
    pub tables: &'static Tables,
    /// Bounds on requests.
    pub limits: Limits,
}

impl Default for Config {
    /// Chinese rules by default, the compiled-in tables, [`Limits::default`].
    fn default() -> Config {
        Config {
            default_rules: Rules::chinese(),
            default_preset: "chinese",
            tables: Tables::compiled(),
            limits: Limits::default(),
        }
    }
}

/// The application's routes, ready for `axum::serve` (or a test's `oneshot`).
///
/// ```
/// let app = hupai_serve::router(hupai_serve::Config::default());
/// # let _ = app;
/// ```
pub fn router(config: Config) -> Router {
    let state = Arc::new(config);
    let limits = Arc::new(limits::Gate::new(config.limits));
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/openapi.json", get(page::openapi))
        .route("/healthz", get(api::healthz))
        .route("/v1/presets", get(api::presets))
        .route("/v1/analyse", post(api::analyse))
        .route("/v1/batch", post(api::batch))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(limits, limits::guard))
        .layer(axum::extract::DefaultBodyLimit::max(config.limits.max_body))
        .with_state(state)
}

/// Serves until Ctrl-C (or SIGTERM): the routes of [`router`] on `listener`.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config))
        .with_graceful_shutdown(shutdown())
        .await
}

/// Resolves at Ctrl-C or SIGTERM.
async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// How long a request may take before the server answers 503 for it.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
