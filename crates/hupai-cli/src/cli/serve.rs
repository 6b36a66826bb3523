//! `hupai serve`: the JSON API and the 牌理 page over HTTP (crate `hupai-serve`), on a tokio
//! runtime of one worker per core, until Ctrl-C or SIGTERM; one log line per request on
//! stderr.

use super::input::load_tables;
use clap::{Args, ValueEnum};
use hupai::Rules;
use hupai_serve::Limits;
use std::path::PathBuf;
use std::time::Duration;

/// The log format of `hupai serve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// One readable line per request.
    Text,
    /// One JSON object per request (for a log collector).
    Json,
    /// No request log (start-up and errors still go to stderr).
    Off,
}

/// A time given in seconds (`0.5`, `10`), above zero; shown in seconds (`--help`'s defaults).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seconds(pub Duration);

impl std::fmt::Display for Seconds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.as_secs_f64())
    }
}

fn seconds(text: &str) -> Result<Seconds, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(Seconds(Duration::from_secs_f64(s))),
        _ => Err(format!(
            "'{text}': give seconds above 0 and at most 86400, such as 10 or 0.5"
        )),
    }
}

/// The bounds a server gets without flags: every default of `hupai serve` comes from here.
fn default() -> Limits {
    Limits::default()
}

/// `--help`'s closing words: the memory the default bounds allow, computed from them.
fn memory_help() -> String {
    let mib = default().memory_bound() as f64 / f64::from(1 << 20);
    format!(
        "Memory: requests and connections hold at most\n  \
         body-budget + concurrency x 9 x 64 KiB + max-connections x 36 KiB\n  \
         + odds-concurrency x odds-states x (~1.8 KiB graph + 2.8 KiB values)\n\
         over the idle server (~5 MB): {mib:.0} MiB with the defaults.\n\
         Example: hupai serve --addr 0.0.0.0:8080 --rules riichi --log-format json"
    )
}

/// A count of at least 1.
fn count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{text}': give a whole number of at least 1")),
    }
}

/// The arguments of `hupai serve`. Every bound is a flag; the defaults fit a server facing
/// the open internet on a small machine (docs/CLI.md explains each).
#[derive(Args)]
#[command(after_help = memory_help())]
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
    /// Request log on stderr: text, json or off.
    #[arg(long, value_enum, default_value = "text")]
    pub log_format: LogFormat,
    /// Let pages of this origin (such as https://example.com) call the API from a browser:
    /// its answers carry CORS headers. Without it, no CORS headers are sent.
    #[arg(long, value_name = "ORIGIN")]
    pub cors: Option<String>,
    /// Largest request body, bytes (413 past it).
    #[arg(long, value_name = "BYTES", value_parser = count, default_value_t = default().max_body)]
    pub max_body: usize,
    /// Bytes of request bodies held at once by the whole server (503 past it).
    #[arg(long, value_name = "BYTES", value_parser = count, default_value_t = default().body_budget)]
    pub body_budget: usize,
    /// Most lines in one /v1/batch (413 past it).
    #[arg(long, value_name = "N", value_parser = count, default_value_t = default().max_batch_lines)]
    pub max_batch_lines: usize,
    /// Most requests at work at once; more wait --queue-wait for a turn, then get a 503.
    #[arg(long, value_name = "N", value_parser = count, default_value_t = default().concurrency)]
    pub concurrency: usize,
    /// Seconds a request waits for its turn.
    #[arg(long, value_name = "SECONDS", value_parser = seconds, default_value_t = Seconds(default().queue_wait))]
    pub queue_wait: Seconds,
    /// Seconds of work a request may take: /v1/analyse answers 503 past it, /v1/batch ends
    /// with an error line naming the first line not answered.
    #[arg(long, value_name = "SECONDS", value_parser = seconds, default_value_t = Seconds(default().timeout))]
    pub timeout: Seconds,
    /// Seconds a client may take to send a request head, from its first byte (then the
    /// connection is closed).
    #[arg(long, value_name = "SECONDS", value_parser = seconds, default_value_t = Seconds(default().header_timeout))]
    pub header_timeout: Seconds,
    /// Seconds a client may take to send a body, after its head (408 past it).
    #[arg(long, value_name = "SECONDS", value_parser = seconds, default_value_t = Seconds(default().body_timeout))]
    pub body_timeout: Seconds,
    /// Seconds a connection may stay open without a request (kept alive or never used).
    #[arg(long, value_name = "SECONDS", value_parser = seconds, default_value_t = Seconds(default().idle_timeout))]
    pub idle_timeout: Seconds,
    /// Most connections open at once (then accepting pauses); kept 64 below the open-file
    /// limit, whose soft value is raised to the hard one at start.
    #[arg(long, value_name = "N", value_parser = count, default_value_t = default().max_connections)]
    pub max_connections: usize,
    /// Seconds that requests in flight get to finish after SIGTERM or Ctrl-C.
    #[arg(long, value_name = "SECONDS", value_parser = seconds, default_value_t = Seconds(default().shutdown_grace))]
    pub shutdown_grace: Seconds,
    /// The state budget of one request's odds ("odds" in a request; a larger budget asked
    /// for is lowered to this, and odds past it answer that they are too large).
    #[arg(long, value_name = "N", value_parser = count, default_value_t = default().odds_states)]
    pub odds_states: usize,
    /// Most draws one request's odds look ahead (more is lowered to this).
    #[arg(long, value_name = "N", value_parser = count, default_value_t = default().odds_draws as usize)]
    pub odds_draws: usize,
    /// Most odds computed at once (a request that finds none free: 503, or its batch line's
    /// error).
    #[arg(long, value_name = "N", value_parser = count, default_value_t = default().odds_concurrency)]
    pub odds_concurrency: usize,
}

impl ServeArgs {
    /// The bounds the flags give, with the connection bound kept below the file limit.
    fn limits(&self) -> Result<Limits, String> {
        let mut max_connections = self.max_connections;
        if let Some(files) = hupai_serve::raise_file_limit() {
            let room = (files.saturating_sub(64) as usize).max(1);
            if room < max_connections {
                complain!("hupai serve: --max-connections {max_connections} lowered to {room}: the open-file limit is {files}");
                max_connections = room;
            }
        }
        let limits = Limits {
            max_body: self.max_body,
            body_budget: self.body_budget,
            max_batch_lines: self.max_batch_lines,
            concurrency: self.concurrency,
            queue_wait: self.queue_wait.0,
            timeout: self.timeout.0,
            header_timeout: self.header_timeout.0,
            body_timeout: self.body_timeout.0,
            idle_timeout: self.idle_timeout.0,
            max_connections,
            shutdown_grace: self.shutdown_grace.0,
            odds_states: self.odds_states,
            odds_draws: self.odds_draws.min(136) as u32,
            odds_concurrency: self.odds_concurrency,
        };
        limits.check().map_err(|e| format!("hupai serve: {e}"))?;
        Ok(limits)
    }
}

/// The request log's subscriber on stderr.
fn start_log(format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO);
    // Set once per process; a second `serve` in one process (tests) keeps the first.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
        LogFormat::Off => Ok(()),
    };
}

/// The machine's memory, bytes (Linux's MemTotal; None where it cannot be read).
fn machine_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib << 10)
}

/// Serves until interrupted; the exit code, or a message for a bad argument or a port in use.
pub fn run(args: &ServeArgs, rules: Rules) -> Result<i32, String> {
    let preset = hupai::Rules::PRESETS
        .iter()
        .copied()
        .find(|p| *p == args.rules)
        .unwrap_or("chinese");
    let limits = args.limits()?;
    // Bounds that allow more memory than the machine has are no bounds: refused at start.
    if let Some(total) = machine_memory() {
        let bound = limits.memory_bound();
        if bound > total {
            return Err(format!(
                "these bounds allow {} MiB, more than this machine's {} MiB: lower --odds-states, --odds-concurrency, --body-budget, --concurrency or --max-connections (hupai serve --help: Memory)",
                bound >> 20,
                total >> 20
            ));
        }
    }
    let config = hupai_serve::Config {
        default_rules: rules,
        default_preset: preset,
        tables: load_tables(&args.tables)?,
        limits,
        cors: args.cors.clone(),
    };
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = args.threads {
        if n == 0 || n > 1024 {
            return Err(format!("--threads {n}: must be 1 to 1024"));
        }
        runtime.worker_threads(n);
    }
    // The work runs on blocking threads, one per request holding a turn (and a few spare).
    runtime.max_blocking_threads(limits.concurrency + 4);
    let runtime = runtime
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    start_log(args.log_format);
    let served = runtime.block_on(async {
        let listener = hupai_serve::bind(&args.addr)
            .await
            .map_err(|e| format!("--addr {}: {e}", args.addr))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        complain!("hupai serve: the page at http://{local}/ — the API at http://{local}/v1/analyse (described at /openapi.json, metrics at /metrics); Ctrl-C stops");
        hupai_serve::serve(listener, config)
            .await
            .map_err(|e| format!("server stopped: {e}"))
    });
    // Work still running after the grace (a line of a batch) is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(200));
    served.map(|()| 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    /// Without flags the bounds are `Limits::default()` (the connection bound aside, which
    /// the file limit may lower); flags set each one; `--help` computes the memory bound.
    #[test]
    fn flags_default_to_the_library_bounds() {
        let parse = |args: &[&str]| Serve::try_parse_from(args).map(|s| s.args);
        let limits = parse(&["serve"]).unwrap().limits().unwrap();
        let lowered = Limits {
            max_connections: default().max_connections,
            ..limits
        };
        assert_eq!(lowered, default());
        let given = parse(&["serve", "--timeout", "0.5", "--max-body", "100"]).unwrap();
        let limits = given.limits().unwrap();
        assert_eq!(limits.timeout, Duration::from_millis(500));
        assert_eq!(limits.max_body, 100);
        assert!(parse(&["serve", "--timeout", "0"]).is_err());
        let small = parse(&["serve", "--body-budget", "1"]).unwrap();
        assert!(small.limits().is_err());
        assert!(memory_help().contains(": 235 MiB"), "{}", memory_help());
    }
}
