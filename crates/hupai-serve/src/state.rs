//! What the handlers share: the server's [`Config`] and the [`App`] state built of it (the
//! limits' gate, the metrics, the CORS origin). Below every handler and above the pieces it
//! holds, so that nothing imports back up.

use crate::limits::{Gate, Limits};
use crate::observe::Metrics;
use axum::http::HeaderValue;
use hupai::protocol::Session;
use hupai::{Rules, Tables, TileSet};
use std::sync::Arc;

/// What a server answers with: the rules of requests that name none, the tables, the limits,
/// and the one origin whose pages may call the API from a browser.
#[derive(Clone)]
pub struct Config {
    /// Rules of a request without `"rules"` (`hupai serve --rules`; chinese by default, as
    /// `hupai batch`).
    pub default_rules: Rules,
    /// The preset name of `default_rules`, for `/v1/presets`.
    pub default_preset: &'static str,
    /// The table set (compiled in unless `--tables`).
    pub tables: &'static Tables,
    /// Bounds on connections and requests.
    pub limits: Limits,
    /// `hupai serve --cors ORIGIN`: answers to that origin carry CORS headers, and its
    /// preflight requests are answered. None (the default): no CORS headers at all.
    pub cors: Option<String>,
}

impl Default for Config {
    /// Chinese rules by default, the compiled-in tables, [`Limits::default`], no CORS.
    fn default() -> Config {
        Config {
            default_rules: Rules::chinese(),
            default_preset: "chinese",
            tables: Tables::compiled(),
            limits: Limits::default(),
            cors: None,
        }
    }
}

/// The state the handlers share.
pub(crate) struct App {
    pub(crate) config: Config,
    pub(crate) gate: Gate,
    /// Shared with the request-recording middleware, which needs nothing else.
    pub(crate) metrics: Arc<Metrics>,
    pub(crate) cors: Option<HeaderValue>,
    /// A session of each preset, its engine built once at start (building one costs a
    /// request's answer again).
    sessions: Vec<Session<'static>>,
}

impl App {
    pub(crate) fn new(config: Config) -> Arc<App> {
        Arc::new(App {
            gate: Gate::new(config.limits),
            metrics: Arc::new(Metrics::new()),
            cors: config
                .cors
                .as_deref()
                .and_then(|o| HeaderValue::from_str(o).ok()),
            sessions: Rules::presets()
                .map(|(_, rules)| Session::with_tables(config.tables, rules, TileSet::EMPTY))
                .collect(),
            config,
        })
    }

    /// The session of `rules`: a preset's, built at start, or one built now.
    pub(crate) fn session(&self, rules: Rules) -> Session<'static> {
        let preset = self.sessions.iter().find(|s| *s.rules() == rules);
        preset
            .copied()
            .unwrap_or_else(|| Session::with_tables(self.config.tables, rules, TileSet::EMPTY))
    }
}
