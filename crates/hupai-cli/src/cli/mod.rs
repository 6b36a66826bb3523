//! Command-line interface: argument parsing and the subcommands.

/// `writeln!` into the `String` a subcommand answers in (writing to a `String` cannot fail);
/// the CLI writes it to stdout once, reporting a failed write instead of panicking.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// `eprintln!` that never panics: stderr may be closed too, and then there is no one to tell.
macro_rules! complain {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

// The dispatcher below imports the subcommands; they import only the helpers beside them
// (`input`, `output`, `notation`, `words`, `errors`, `progress`), never this file.
mod errors;
mod files;
mod notation;
mod output;
mod progress;
mod words;

mod input;

mod analyse;
mod batch;
mod check;
mod game;
mod review;
mod score;
#[cfg(feature = "serve")]
mod serve;
mod tables;

use clap::{Parser, Subcommand};
use input::{load_tables, rules_of, with_engine, HandArgs};
use output::output_failed;
use std::path::PathBuf;

/// Mahjong hands from tables: check (wins with wildcards), analyse (shanten, waits, ukeire,
/// discards), score (what a win is worth), batch (JSON lines), serve (HTTP and the 牌理 page),
/// tables.
#[derive(Parser)]
#[command(name = "hupai", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Is this hand a win? Prints the verdict and one decomposition (what each wildcard is).
    Check(HandArgs),
    /// Shanten, waits, ukeire, improvement tiles, or the per-discard report of a 14-tile hand.
    #[command(alias = "analyze")]
    Analyse(HandArgs),
    /// What a win is worth (riichi): yaku, fu, points. E.g. `hupai score 234m345m567p22s789s
    /// --win 5m --tsumo --riichi --dora 1p`.
    Score(Box<score::ScoreArgs>),
    /// Review game records (tenhou.net/6 JSON, Tenhou's mjlog XML or .mjlog, mjai or hupai's
    /// JSON lines; folders of them): every decision beside the best discard, every recorded
    /// win scored again (`wins_checked`, `wins_agree`).
    Review(review::ReviewArgs),
    /// Answer JSON-line requests from stdin (docs/CONTRACT.md; progress on stderr when it is a
    /// terminal).
    Batch {
        /// Default preset for lines that name none: riichi, chinese, nanchang, sichuan, hongzhong,
        /// changsha or guobiao.
        #[arg(long, default_value = "chinese")]
        rules: String,
        /// Override a switch of the default preset, NAME=VALUE (repeatable): e.g.
        /// plain_win=false, patterns=one_suit,all_pungs, four_wild_win=true.
        #[arg(long = "switch", value_name = "NAME=VALUE")]
        switches: Vec<String>,
        /// Use the table set in this directory instead of the compiled-in tables.
        #[arg(long)]
        tables: Option<PathBuf>,
        /// Worker threads (answers stay in input order).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Run games at the table: `hupai game selfplay` (built-in players, a summary line).
    #[command(subcommand)]
    Game(game::GameCommand),
    /// Generate or verify table sets offline.
    #[command(subcommand)]
    Tables(tables::TablesCommand),
    /// Serve the JSON API and the 牌理 page over HTTP (open http://127.0.0.1:8080/).
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// The odds are a part of `analyse` (`hupai analyse HAND --odds [K]`): this name only
    /// says so.
    #[command(hide = true, disable_help_flag = true)]
    Odds {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        rest: Vec<String>,
    },
    /// Serve the JSON API and the 牌理 page over HTTP: not in this build (build the CLI with
    /// `--features serve`).
    #[cfg(not(feature = "serve"))]
    #[command(disable_help_flag = true)]
    Serve {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        rest: Vec<String>,
    },
}

/// What `hupai serve` says in a build without the `serve` feature.
#[cfg(not(feature = "serve"))]
const NO_SERVE: &str = "this hupai was built without `serve` (the HTTP stack is a feature): \
run `cargo run --release --features serve -- serve`, or install with \
`cargo install --locked --path crates/hupai-cli --features serve`";

/// Runs the CLI and returns the exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    // The language errors are said in.
    let lang = match &cli.command {
        Command::Check(a) | Command::Analyse(a) => a.lang,
        Command::Score(a) => a.lang,
        Command::Review(a) => a.lang,
        _ => words::Lang::En,
    };
    let mut out = String::new();
    let result = match cli.command {
        Command::Check(args) => with_engine(&args, check::run, &mut out),
        Command::Analyse(args) => with_engine(&args, analyse::run, &mut out),
        Command::Batch {
            rules,
            switches,
            tables,
            threads,
        } => rules_of(&rules, &switches).and_then(|r| {
            let threads = batch::check_threads(threads)?;
            Ok(batch::run(load_tables(&tables)?, r, threads))
        }),
        Command::Score(args) => score::run(&args, &mut out),
        Command::Review(args) => review::run(&args),
        Command::Tables(cmd) => Ok(tables::run(cmd, &mut out)),
        Command::Game(cmd) => game::run(cmd, &mut out),
        Command::Odds { .. } => Err(
            "there is no `hupai odds`: the odds are asked of `analyse` — `hupai analyse 12455m34567p6777s --rules riichi --odds 17` (each discard's chance to win within 17 draws; docs/ODDS.md)"
                .to_string(),
        ),
        #[cfg(feature = "serve")]
        Command::Serve(args) => {
            rules_of(&args.rules, &args.switches).and_then(|r| serve::run(&args, r))
        }
        #[cfg(not(feature = "serve"))]
        Command::Serve { .. } => Err(NO_SERVE.to_string()),
    };
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            complain!("hupai: {}", errors::localized(&e, lang));
            2
        }
    };
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => code,
        Err(e) => output_failed(&e).unwrap_or(code),
    }
}
