//! `hupai review RECORD…`: game records (tenhou.net/6 JSON, mjai, Tenhou's mjlog XML —
//! gzipped or not — and hupai's own JSON lines; a folder's files) replayed and reviewed on
//! every core: each decision of a seat (or of all) beside the best discard by efficiency and,
//! in full, by the odds' win chance and expected points; each recorded win scored again. A
//! table in en, zh or ja; JSON lines (a row a decision, each round's sum, the record's sum);
//! an HTML report (`--html`). A record that cannot be read is reported with where and why,
//! and the others go on.

mod html;
mod pipeline;
mod table;

use super::files::{expand, load};
use super::output::output_failed;
use super::progress::Progress;
use super::words::Lang;
use html::Report;
use pipeline::Item;
use table::{table_end, table_hand, table_head, table_round, Labels};

use clap::Args;
use hupai::record::ReviewOptions;
use serde_json::json;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

/// `hupai review`'s arguments.
#[derive(Args)]
pub struct ReviewArgs {
    /// Game records (tenhou.net/6 JSON, mjai JSON lines, mjlog XML or .mjlog gzip, hupai's
    /// JSON lines), or folders of them.
    #[arg(required = true, num_args = 1..)]
    records: Vec<PathBuf>,
    /// The seat to review (0–3, the record's player order); every seat by default.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..4))]
    seat: Option<u8>,
    /// Efficiency only (shanten and tiles left): no odds.
    #[arg(long)]
    quick: bool,
    /// The odds judge decisions this far from tenpai or nearer.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(i8).range(0..=8))]
    max_shanten: i8,
    /// The odds' safety stop for one decision, milliseconds: past it the decision keeps its
    /// efficiency verdict alone, counted apart (`odds_timed_out`). The answers are decided by
    /// the state budget (the same on every run); this only guards a busy machine.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    budget: u64,
    /// Refuse a record whose last round was cut off (by default its whole rounds are
    /// reviewed and the cut round is reported: `rounds_cut`).
    #[arg(long)]
    strict: bool,
    /// How far the odds follow detours (0: the fastest win, each discard's own; 1: detours
    /// of a draw, about 40× slower; see `hupai analyse --odds`).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    extra: u8,
    /// JSON lines: each decision, each round's sum, then each record's sum (`wins_checked`,
    /// `wins_agree`).
    #[arg(long)]
    json: bool,
    /// Also write a self-contained HTML report to this file.
    #[arg(long, value_name = "OUT")]
    html: Option<PathBuf>,
    /// The language of the table and the report.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,
    /// Records reviewed at once (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Reviews every record, round by round on every thread, writing each round's rows as soon
/// as the rounds before it are written: exit 0, or 1 when a record could not be read whole
/// (its rounds before the fault are written, then why; the others are reviewed all the same).
pub fn run(args: &ReviewArgs) -> Result<i32, String> {
    let files = expand(&args.records)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256);
    let opts = ReviewOptions {
        seat: args.seat,
        odds: !args.quick,
        max_shanten: args.max_shanten,
        budget: Duration::from_millis(args.budget),
        extra: args.extra,
        max_states: ReviewOptions::default().max_states,
        deadline: None,
    };
    let labels = Labels::of(args.lang);
    let mut progress = Progress::for_items("hupai review", "records", files.len() as u64);
    let mut report = match &args.html {
        Some(path) => {
            let file =
                std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(
                Report::new(std::io::BufWriter::new(file), args.lang)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
            )
        }
        None => None,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let json = args.json;
    // The name of the record being written, for its rows.
    let mut current = String::new();
    let mut write = |item: Item<'_>| -> std::io::Result<()> {
        match item {
            Item::Begin { name, players } => {
                current = name.to_string();
                if let Some(r) = &mut report {
                    r.begin(name, players)?;
                }
                if !json {
                    out.write_all(table_head(name, &labels).as_bytes())?;
                }
            }
            Item::Round { round, review } => {
                if let Some(why) = &review.refused {
                    let said = format!(
                        "round {}: the table refuses it ({why}); reviewed up to there",
                        review.index + 1
                    );
                    complain!("hupai: {current}: {said}");
                }
                if let Some(r) = &mut report {
                    r.round(round, review)?;
                }
                if json {
                    for row in review.rows(Some(&current)) {
                        serde_json::to_writer(&mut out, &row)?;
                        out.write_all(b"\n")?;
                    }
                } else {
                    out.write_all(table_round(round, review, &labels).as_bytes())?;
                }
            }
            Item::Hand { review } => {
                if let Some(why) = &review.refused {
                    complain!(
                        "hupai: {current}: hand {}: the table refuses it ({why}); reviewed up to there",
                        review.index + 1
                    );
                }
                if let Some(r) = &mut report {
                    r.hand(review)?;
                }
                if json {
                    for row in review.rows(Some(&current)) {
                        serde_json::to_writer(&mut out, &row)?;
                        out.write_all(b"\n")?;
                    }
                } else {
                    out.write_all(table_hand(review, &labels).as_bytes())?;
                }
            }
            Item::End { name, summary, cut } => {
                if let Some(cut) = cut {
                    let said = format!(
                        "{cut}; its {} whole rounds are reviewed (--strict refuses such a record)",
                        summary.rounds
                    );
                    complain!(
                        "hupai: {name}: {}",
                        super::errors::localized(&said, args.lang)
                    );
                }
                if let Some(r) = &mut report {
                    r.end(summary)?;
                }
                if json {
                    serde_json::to_writer(&mut out, &summary.row(Some(name), None))?;
                    out.write_all(b"\n")?;
                } else {
                    out.write_all(table_end(name, summary, &labels).as_bytes())?;
                }
                progress.advance(1, 1);
            }
            Item::Fail { name, error } => {
                complain!(
                    "hupai: {name}: {}",
                    super::errors::localized(error, args.lang)
                );
                if let Some(r) = &mut report {
                    r.fail(name, error)?;
                }
                if json {
                    writeln!(out, "{}", json!({"record": name, "error": error}))?;
                }
                progress.advance(1, 1);
            }
        }
        Ok(())
    };
    let whole = match pipeline::review_files(&files, &load, &opts, threads, args.strict, &mut write)
    {
        Ok(whole) => whole,
        Err(pipeline::Stopped::Output(e)) => return Ok(output_failed(&e).unwrap_or(1)),
        Err(pipeline::Stopped::Review(why)) => return Err(why.to_string()),
    };
    progress.finish();
    let code = if whole { 0 } else { 1 };
    if let Err(e) = out.flush() {
        return Ok(output_failed(&e).unwrap_or(code));
    }
    if let (Some(r), Some(path)) = (report, &args.html) {
        r.finish().map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(code)
}
