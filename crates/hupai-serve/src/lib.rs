//! hupai over HTTP, for `hupai serve`: a JSON API and the 牌理 page, built to face the open
//! internet.
//!
//! * `POST /v1/analyse` — one `hupai batch` request object in (`Content-Type:
//!   application/json`), its answer out (`docs/CONTRACT.md`, with the extensions
//!   `decompositions`, `forms`, `improvements`);
//! * `POST /v1/score` — one win (`hand`, `win`, `calls`, the situation, `rules`): its score
//!   (riichi: yaku, fu, payments); 422 for a win without a yaku.
//! * `POST /v1/batch` — request lines in (`application/x-ndjson` or `application/json`),
//!   answer lines streamed out as `hupai batch` writes them;
//! * `POST /v1/review` — a game record in (tenhou.net/6 JSON, mjai or hupai's JSON lines, mjlog
//!   XML), its review out: each decision beside the best discard (efficiency, win chance,
//!   expected points), each round's sum, the record's; query `seat`, `quick`, `max_shanten`.
//! * `POST /v1/game`, `POST /v1/room` — a game against the built-in players (riichi's; a
//!   Chinese room's), played again from its seed and the player's moves: the table as seat 0
//!   sees it (`hupai::protocol::play_table`, `play_room_table`);
//! * `GET /v1/presets` — each preset's switches; `GET /healthz`; `GET /metrics` (OpenMetrics
//!   text for Prometheus); `GET /openapi.json` (the API, described by `openapi.json` in this
//!   crate, which the tests check against the responses);
//! * `GET /` — the page (HTML, JS and CSS compiled into the binary: no CDN, works offline).
//!
//! Bad input is a 4xx answer with a JSON body `{"error": "…", "code": "…"}` (the stable code
//! every door gives, `hupai::protocol::Code`), never a 500. Every request's
//! work is bounded in time and memory, and so are connections ([`Limits`]): bodies are read
//! within a time and a server-wide byte budget before a request takes its turn; the work runs
//! off the async workers and holds its turn until it has really ended; a batch streams and
//! stops at its time bound or when its client goes. One `tracing` event per request.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! hupai_serve::serve(listener, hupai_serve::Config::default()).await
//! # }
//! ```

// The modules, each importing only from those above it in this list: `memory` (the
// allocator and thread priorities), `observe` (metrics, reasons), `limits` (the bounds and the
// gate), `state` (the config and the shared state), `page`, `api`, `batch`, `review` (the
// handlers),
// `conn` (connections); this file assembles the routes and serves them.
mod api;
mod batch;
mod conn;
mod game;
mod limits;
mod memory;
mod observe;
mod page;
mod review;
mod state;

use axum::http::{header, HeaderValue, Method};
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;
use tower_http::cors::{AllowOrigin, CorsLayer};

pub use conn::{bind, raise_file_limit};
pub use limits::{Limits, ANSWER_BOUND, BATCH_QUEUE, CONNECTION_BOUND, HEAD_BOUND};
use state::App;
pub use state::Config;

/// The application's routes, ready for a test's `oneshot` (a server runs them with
/// [`serve`], which adds the connection bounds).
///
/// ```
/// let app = hupai_serve::router(hupai_serve::Config::default());
/// # let _ = app;
/// ```
pub fn router(config: Config) -> Router {
    routes(App::new(config))
}

fn routes(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/review.js", get(page::review_script))
        .route("/table.js", get(page::table_script))
        .route("/style.css", get(page::style))
        .route("/cjk.woff2", get(page::font))
        .route("/openapi.json", get(page::openapi))
        .route("/healthz", get(api::healthz))
        .route("/metrics", get(api::metrics))
        .route("/v1/presets", get(api::presets))
        .route("/v1/analyse", post(api::analyse))
        .route("/v1/score", post(api::score))
        .route("/v1/batch", post(batch::batch))
        .route("/v1/review", post(review::review))
        .route("/v1/game", post(game::game))
        .route("/v1/room", post(game::room))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        // With `--cors ORIGIN`, that origin's preflights are answered and its answers say it
        // may read them; any other origin, or no `--cors`, gets no allowing header.
        .layer(tower::util::option_layer(app.cors.clone().map(cors)))
        .layer(axum::middleware::from_fn_with_state(
            app.metrics.clone(),
            observe::record,
        ))
        .with_state(app)
}

/// tower-http's CORS for one origin: GET and POST with a JSON body, preflights kept 10 min.
fn cors(origin: HeaderValue) -> CorsLayer {
    CorsLayer::new()
        // Only the named origin is answered with it (an exact value would be sent to all).
        .allow_origin(AllowOrigin::predicate(move |theirs, _| *theirs == origin))
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([header::CONTENT_TYPE])
        .max_age(std::time::Duration::from_secs(600))
}

/// Serves until Ctrl-C or SIGTERM: the routes of [`router`] on `listener`, with the
/// connection bounds of [`Limits`]; then stops accepting, lets requests in flight finish
/// within `shutdown_grace`, and returns.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    serve_until(listener, config, shutdown()).await
}

/// [`serve`], until `stop` resolves instead of a signal.
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
/// let stop = tokio::time::sleep(std::time::Duration::from_secs(60));
/// hupai_serve::serve_until(listener, hupai_serve::Config::default(), stop).await
/// # }
/// ```
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    config: Config,
    stop: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    config.limits.check().map_err(std::io::Error::other)?;
    let app = App::new(config);
    conn::run(listener, app.clone(), routes(app), stop).await
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
