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

mod analyse;
mod batch;
mod check;
mod serve;
mod tables;

use clap::{Args, Parser, Subcommand};
use hupai::protocol::{parse_jing, parse_seen, parse_wild, Switch};
use hupai::Counts;
use hupai::Tables;
use hupai::{internals::parse_counts, Meld};
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
    /// Generate or verify table sets offline.
    #[command(subcommand)]
    Tables(tables::TablesCommand),
    /// Serve the JSON API and the 牌理 page over HTTP (open http://127.0.0.1:8080/).
    Serve(serve::ServeArgs),
}

/// A hand and its context, as the human subcommands take it.
#[derive(Args)]
pub struct HandArgs {
    /// Concealed tiles in MPSZ notation, e.g. 123m456p789s11222z (0 = red five).
    hand: String,
    /// Rule preset: riichi, chinese, nanchang, sichuan, hongzhong, changsha or guobiao.
    #[arg(long, default_value = "chinese")]
    rules: String,
    /// Override a switch of the preset, NAME=VALUE (repeatable): plain_win=false (big wins
    /// only), patterns=all_pungs,one_suit,one_suit_honors,all_258,all_honors,four_wild,
    /// four_wild_win=true (四红中), pair_258, lack_suit, seven_pairs=off|distinct|four_as_two, …
    #[arg(long = "switch", value_name = "NAME=VALUE")]
    switches: Vec<String>,
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
        let rules = rules_of(&self.rules, &self.switches)?;
        let entries: Vec<&str> = self.wild.iter().map(String::as_str).collect();
        let mut wild = parse_wild(&entries).map_err(|e| format!("--wild: {e}"))?;
        if let Some(j) = &self.jing {
            let jing = parse_jing(j).map_err(|e| format!("--{e}"))?;
            wild = hupai::TileSet(wild.0 | jing.0);
        }
        let melds = self
            .melds
            .iter()
            .map(|m| Meld::parse(m, &rules))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let counts = parse_counts(&self.hand).map_err(|e| e.to_string())?;
        let hand = Hand::under(counts, &melds, wild, &rules).map_err(|e| e.to_string())?;
        let seen = parse_seen(&hand, &self.seen)?;
        Ok(Input {
            hand,
            rules,
            seen,
            json: self.json,
        })
    }
}

/// A preset with `--switch NAME=VALUE` overrides.
pub(crate) fn rules_of(preset: &str, switches: &[String]) -> Result<Rules, String> {
    let mut rules = Rules::preset(preset).map_err(|e| e.to_string())?;
    for s in switches {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| format!("--switch {s}: write NAME=VALUE, e.g. plain_win=false"))?;
        rules
            .set(name.trim(), Switch::Text(value.trim()))
            .map_err(|e| format!("--switch {s}: {e}"))?;
    }
    Ok(rules)
}

/// The compiled-in tables, or the set in `dir` (kept for the life of the process).
pub(crate) fn load_tables(dir: &Option<PathBuf>) -> Result<&'static Tables, String> {
    match dir {
        None => Ok(Tables::compiled()),
        Some(d) => Tables::load(d)
            .map(|t| &*Box::leak(Box::new(t)))
            .map_err(|e| e.to_string()),
    }
}

/// A subcommand that answers into a `String`.
type Runner = fn(&Input, Engine<'_>, &mut String) -> i32;

/// Runs a human subcommand on its hand.
fn with_engine(args: &HandArgs, run: Runner, out: &mut String) -> Result<i32, String> {
    let input = args.input()?;
    let tables = load_tables(&args.tables)?;
    let engine = Engine::with_tables(tables, input.rules).map_err(|e| e.to_string())?;
    Ok(run(&input, engine, out))
}

/// Exit code when the output cannot be written (a closed pipe, a full disk, no stdout).
pub const EXIT_OUTPUT: i32 = 3;

/// Fails when standard output was closed when the process started. The Rust runtime opens
/// `/dev/null` read-write in place of a closed standard descriptor, so writes would vanish
/// without an error; a shell's `> /dev/null` opens it write-only, which is left alone. Linux
/// tells the two apart through `/proc`; elsewhere this check passes.
pub fn stdout_open() -> std::io::Result<()> {
    let fd = std::path::Path::new("/proc/self/fd/1");
    let Ok(target) = std::fs::read_link(fd) else {
        return Ok(());
    };
    let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
    let flags = info
        .lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
    let read_write = flags.is_some_and(|f| f & 3 == 2);
    if target == std::path::Path::new("/dev/null") && read_write {
        return Err(std::io::Error::other("standard output is closed"));
    }
    Ok(())
}

/// Says on stderr that the output could not be written (stderr may be gone too: ignored).
pub fn output_failed(e: &std::io::Error) -> i32 {
    complain!("hupai: cannot write the output: {e}");
    EXIT_OUTPUT
}

/// Runs the CLI and returns the exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    if let Err(e) = stdout_open() {
        return output_failed(&e);
    }
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
        Command::Tables(cmd) => Ok(tables::run(cmd, &mut out)),
        Command::Serve(args) => {
            rules_of(&args.rules, &args.switches).and_then(|r| serve::run(&args, r))
        }
    };
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            complain!("hupai: {e}");
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
        Err(e) => output_failed(&e),
    }
}
