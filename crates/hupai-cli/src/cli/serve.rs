//! `hupai serve`: the JSON API and the 牌理 page over HTTP (crate `hupai-serve`), on a tokio
//! runtime of one worker per core, until Ctrl-C.

use super::load_tables;
use clap::Args;
use hupai::Rules;
use std::path::PathBuf;

/// The arguments of `hupai serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on (0.0.0.0:8080 to be reached from other machines).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Rules of requests that name none: riichi, chinese, nanchang, sichuan, hongzhong,
    /// changsha or guobiao.
    #[arg(long, default_value = "chinese")]
    pub rules: String,
    /// Override a switch of the default preset, NAME=VALUE (repeatable).
    #[arg(long = "switch", value_name = "NAME=VALUE")]
    pub switches: Vec<String>,
    /// Use the table set in this directory instead of the compiled-in tables.
    #[arg(long)]
    pub tables: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Serves until interrupted; the exit code, or a message for a bad argument or a port in use.
pub fn run(args: &ServeArgs, rules: Rules) -> Result<i32, String> {
    let preset = hupai::Rules::PRESETS
        .iter()
        .copied()
        .find(|p| *p == args.rules)
        .unwrap_or("chinese");
    let config = hupai_serve::Config {
        default_rules: rules,
        default_preset: preset,
        tables: load_tables(&args.tables)?,
        limits: hupai_serve::Limits::default(),
    };
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = args.threads {
        if n == 0 || n > 1024 {
            return Err(format!("--threads {n}: must be 1 to 1024"));
        }
        runtime.worker_threads(n);
    }
    let runtime = runtime
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .map_err(|e| format!("--addr {}: {e}", args.addr))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        complain!("hupai serve: the page at http://{local}/ — the API at http://{local}/v1/analyse (described at /openapi.json); Ctrl-C stops");
        hupai_serve::serve(listener, config)
            .await
            .map_err(|e| format!("server stopped: {e}"))?;
        Ok(0)
    })
}
