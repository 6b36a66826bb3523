//! Command-line interface: argument parsing and the subcommands.

mod analyse;
mod batch;
mod check;
mod tables;

use clap::{Args, Parser, Subcommand};
use hupai::hand::{parse_counts, Meld};
use hupai::protocol::{parse_seen, parse_wild};
use hupai::table::Tables;
use hupai::tile::Counts;
use hupai::{Engine, Hand, Rules};
use std::path::PathBuf;

/// Table-driven mahjong hand evaluation: wins with wildcards, shanten, waits, ukeire.
#[derive(Parser)]
#[command(name = "hupai", version, about)]
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
    /// Answer JSON-line requests from stdin (shared/CONTRACT.md).
    Batch {
        /// Default preset for lines that name none: riichi, chinese or nanchang.
        #[arg(long, default_value = "chinese")]
        rules: String,
        /// Use the table set in this directory instead of the compiled-in tables.
        #[arg(long)]
        tables: Option<PathBuf>,
        /// Worker threads (answers stay in input order).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Generate or verify table sets offline.
    #[command(subcommand)]
    Tables(tables::TablesCommand),
}

/// A hand and its context, as the human subcommands take it.
#[derive(Args)]
pub struct HandArgs {
    /// Concealed tiles in MPSZ notation, e.g. 123m456p789s11222z (0 = red five).
    hand: String,
    /// Rule preset: riichi, chinese or nanchang.
    #[arg(long, default_value = "chinese")]
    rules: String,
    /// Wild kinds, comma separated (e.g. 5m,6m), or --jing INDICATOR for Nanchang.
    #[arg(long, value_delimiter = ',')]
    wild: Vec<String>,
    /// Nanchang indicator tile: its kind and the next one are wild (正精, 副精).
    #[arg(long)]
    jing: Option<String>,
    /// Declared melds, comma separated (e.g. 123m,555z,1111p).
    #[arg(long, value_delimiter = ',')]
    melds: Vec<String>,
    /// Other visible tiles (discards) in MPSZ, for remaining counts.
    #[arg(long, default_value = "")]
    seen: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Use the table set in this directory instead of the compiled-in tables.
    #[arg(long)]
    tables: Option<PathBuf>,
}

/// A parsed hand with its rules and seen tiles.
pub struct Input {
    /// The hand.
    pub hand: Hand,
    /// The rules.
    pub rules: Rules,
    /// Other visible tiles.
    pub seen: Counts,
    /// JSON output wanted.
    pub json: bool,
}

impl HandArgs {
    /// Parses and checks the arguments into an [`Input`], or a message for the user.
    pub fn input(&self) -> Result<Input, String> {
        let rules = Rules::preset(&self.rules).map_err(|e| e.to_string())?;
        let entries: Vec<&str> = self.wild.iter().map(String::as_str).collect();
        let mut wild = parse_wild(&entries).map_err(|e| format!("--wild: {e}"))?;
        if let Some(j) = &self.jing {
            let t = hupai::Tile::parse(j)
                .map_err(|e| format!("--jing '{j}' must be exactly one tile ({})", e.reason))?;
            let (a, b) = hupai::rules::nanchang_wilds(t);
            wild.insert(a);
            wild.insert(b);
        }
        let melds = self
            .melds
            .iter()
            .map(|m| Meld::parse(m, rules.honor_runs))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let counts = parse_counts(&self.hand).map_err(|e| e.to_string())?;
        let hand = Hand::new(counts, &melds, wild).map_err(|e| e.to_string())?;
        let seen = parse_seen(&hand, &self.seen)?;
        Ok(Input {
            hand,
            rules,
            seen,
            json: self.json,
        })
    }
}

/// The compiled-in tables, or the set in `dir` (kept for the life of the process).
fn load_tables(dir: &Option<PathBuf>) -> Result<&'static Tables, String> {
    match dir {
        None => Ok(Tables::compiled()),
        Some(d) => Tables::load(d)
            .map(|t| &*Box::leak(Box::new(t)))
            .map_err(|e| e.to_string()),
    }
}

/// Runs a human subcommand on its hand.
fn with_engine(args: &HandArgs, run: fn(&Input, Engine<'_>) -> i32) -> Result<i32, String> {
    let input = args.input()?;
    let tables = load_tables(&args.tables)?;
    let engine = Engine::with_tables(tables, input.rules).map_err(|e| e.to_string())?;
    Ok(run(&input, engine))
}

/// Runs the CLI and returns the exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => with_engine(&args, check::run),
        Command::Analyse(args) => with_engine(&args, analyse::run),
        Command::Batch {
            rules,
            tables,
            threads,
        } => Rules::preset(&rules)
            .map_err(|e| e.to_string())
            .and_then(|r| Ok(batch::run(load_tables(&tables)?, r, threads))),
        Command::Tables(cmd) => Ok(tables::run(cmd)),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hupai: {e}");
            2
        }
    }
}
