//! `hupai tables generate|verify`: offline table regeneration.

use clap::Subcommand;
use hupai::sets as set;
use hupai::GroupSpec;
use hupai::Rules;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The `tables` subcommands.
#[derive(Subcommand)]
pub enum TablesCommand {
    /// Write a table set (one table image per spec + manifest.json) into a directory.
    Generate {
        /// Directory to write (created if needed).
        #[arg(long)]
        out: PathBuf,
        /// Only the tables this preset needs (default: every table, for all presets).
        #[arg(long, conflicts_with = "spec")]
        rules: Option<String>,
        /// Only the tables of these group specs (repeat the option; `suit`, `honor`,
        /// `honor-runs`).
        #[arg(long)]
        spec: Vec<String>,
        /// No progress output.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Recompute every table of a set and compare it with the files; exit 1 on any difference
    /// or damage, 2 when there is no set to read.
    Verify {
        /// The set directory.
        dir: PathBuf,
        /// No progress output.
        #[arg(long, short)]
        quiet: bool,
    },
}

/// Progress on stderr when it is a terminal: `suit   [#######.....]  60%`.
fn progress(quiet: bool) -> impl FnMut(GroupSpec, f64) {
    let show = !quiet && std::io::stderr().is_terminal();
    move |kind, frac| {
        if show {
            let bar = (frac * 20.0) as usize;
            let _ = write!(
                std::io::stderr(),
                "\r{:<10} [{}{}] {:>3}%",
                kind.name(),
                "#".repeat(bar),
                ".".repeat(20 - bar),
                (frac * 100.0) as u32
            );
            if frac >= 1.0 {
                complain!();
            }
            let _ = std::io::stderr().flush();
        }
    }
}

/// Runs a `tables` subcommand; returns the exit code.
pub fn run(cmd: TablesCommand, report: &mut String) -> i32 {
    match cmd {
        TablesCommand::Generate {
            out,
            rules,
            spec,
            quiet,
        } => {
            let specs = match (rules, spec.is_empty()) {
                (Some(r), _) => match Rules::preset(&r) {
                    Ok(r) => set::specs_for(Some(&r)),
                    Err(e) => {
                        complain!("hupai tables generate: {e}");
                        return 2;
                    }
                },
                (None, true) => set::specs_for(None),
                (None, false) => {
                    let mut specs = Vec::new();
                    for name in &spec {
                        match GroupSpec::by_name(name) {
                            Some(s) if !specs.contains(&s) => specs.push(s),
                            Some(_) => {}
                            None => {
                                let known: Vec<&str> =
                                    GroupSpec::ALL.iter().map(|s| s.name()).collect();
                                complain!(
                                    "hupai tables generate: unknown group spec '{name}' (known: {})",
                                    known.join(", ")
                                );
                                return 2;
                            }
                        }
                    }
                    specs
                }
            };
            let start = Instant::now();
            match set::generate(&out, &specs, &mut progress(quiet)) {
                Ok(m) => {
                    if !quiet {
                        let total: u64 = m.files.iter().map(|f| f.bytes).sum();
                        say!(
                            report,
                            "wrote {} files ({} bytes) and {} to {} in {:.2} s",
                            m.files.len(),
                            total,
                            set::MANIFEST,
                            out.display(),
                            start.elapsed().as_secs_f64()
                        );
                    }
                    0
                }
                Err(e) => {
                    // A directory that cannot be written is bad input, as everywhere: 2.
                    complain!("hupai tables generate: {e}");
                    2
                }
            }
        }
        TablesCommand::Verify { dir, quiet } => verify(&dir, quiet, report),
    }
}

fn verify(dir: &Path, quiet: bool, report: &mut String) -> i32 {
    match set::verify(dir, &mut progress(quiet)) {
        Ok(lines) => {
            for l in lines {
                say!(report, "{l}");
            }
            say!(report, "{}: verified", dir.display());
            0
        }
        Err(e) => {
            complain!("hupai tables verify: {e}");
            // 2: no set to read (a missing directory or file); 1: a set that is not what
            // it should be (a checksum, a decoding, a difference from the generator).
            if matches!(e, set::SetError::Io { .. }) {
                2
            } else {
                1
            }
        }
    }
}
