//! Command-line interface: argument parsing and the subcommands.

mod batch;

use clap::{Parser, Subcommand};
use hupai::Rules;

/// Table-driven mahjong hand evaluation.
#[derive(Parser)]
#[command(name = "hupai", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answer JSON-line requests from stdin (shared/CONTRACT.md).
    Batch {
        /// Default preset for lines that name none: riichi, chinese or nanchang.
        #[arg(long, default_value = "chinese")]
        rules: String,
    },
}

/// Runs the CLI and returns the exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        Command::Batch { rules } => match Rules::preset(&rules) {
            Ok(r) => batch::run(r),
            Err(e) => {
                eprintln!("hupai: {e}");
                2
            }
        },
    }
}
