//! `hupai review RECORD…`: game records (tenhou.net/6 JSON, mjai, Tenhou's mjlog XML —
//! gzipped or not — and hupai's own JSON lines; a folder's files) replayed and reviewed on
//! every core: each decision of a seat (or of all) beside the best discard by efficiency and,
//! in full, by the odds' win chance and expected points; each recorded win scored again. A
//! table in en, zh or ja; JSON lines (a row a decision, each round's sum, the record's sum);
//! an HTML report (`--html`). A record that cannot be read is reported with where and why,
//! and the others go on.

mod html;
mod table;

use super::output::output_failed;
use super::progress::Progress;
use super::words::Lang;
use table::{record_table, Labels};

use clap::Args;
use hupai::record::{read, review, Record, Review, ReviewOptions};
use serde_json::json;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
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
    lang: Lang,
    /// Records reviewed at once (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// The largest record read, bytes (after gunzip): a hanchan is tens of kilobytes.
const MAX_RECORD: u64 = 16 << 20;

/// Reviews every record, writing as each wave of records is done: exit 0, or 1 when a record
/// could not be read (the others are reviewed all the same).
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
    let strict = args.strict;
    let labels = Labels::of(args.lang);
    let mut progress = Progress::for_items("hupai review", "records", files.len() as u64);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut html = Vec::new();
    let mut code = 0;
    for wave in files.chunks(threads * 16) {
        let done = reviewed(wave, &opts, threads, strict);
        for (path, result) in wave.iter().zip(done) {
            let name = path.display().to_string();
            let text = match result {
                Ok((record, review)) => {
                    if let Some(cut) = &record.cut {
                        complain!(
                            "hupai: {name}: {cut}; its {} whole rounds are reviewed (--strict refuses such a record)",
                            record.rounds.len()
                        );
                    }
                    if args.html.is_some() {
                        html.push((name.clone(), record.clone(), review.clone()));
                    }
                    if args.json {
                        let mut s = Vec::new();
                        for row in review.rows(Some(&name)) {
                            // Writing to a Vec cannot fail; a row is plain numbers and text.
                            let _ = serde_json::to_writer(&mut s, &row);
                            s.push(b'\n');
                        }
                        String::from_utf8(s).unwrap_or_default()
                    } else {
                        record_table(&name, &record, &review, &labels)
                    }
                }
                Err(e) => {
                    complain!("hupai: {name}: {e}");
                    code = 1;
                    if args.json {
                        format!("{}\n", json!({"record": name, "error": e}))
                    } else {
                        String::new()
                    }
                }
            };
            if let Err(e) = out.write_all(text.as_bytes()) {
                return Ok(output_failed(&e).unwrap_or(code));
            }
        }
        progress.advance(wave.len() as u64, wave.len() as u64);
    }
    progress.finish();
    if let Err(e) = out.flush() {
        return Ok(output_failed(&e).unwrap_or(code));
    }
    if let Some(path) = &args.html {
        let page = html::report(&html, &labels);
        std::fs::write(path, page).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(code)
}

/// The files named: each file, and every file of each folder and of its sub-folders (sorted;
/// links to folders are not followed, so a loop cannot hold it).
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Every file below `dir`, depth first, each folder's entries sorted.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let mut inside: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    inside.sort();
    for p in inside {
        let real_dir = std::fs::symlink_metadata(&p).is_ok_and(|m| m.is_dir());
        if real_dir {
            walk(&p, out)?;
        } else if p.is_file() {
            out.push(p);
        }
    }
    Ok(())
}

/// A record read and reviewed, or why it could not be read.
type Reviewed = Result<(Record, Review), String>;

/// The records of a wave read and reviewed on `threads` threads, in the wave's order.
fn reviewed(wave: &[PathBuf], opts: &ReviewOptions, threads: usize, strict: bool) -> Vec<Reviewed> {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(path) = wave.get(i) else {
                return mine;
            };
            let r = load(path).and_then(|text| {
                read(&text)
                    .and_then(|r| if strict { r.whole() } else { Ok(r) })
                    .map_err(|e| e.to_string())
            });
            mine.push((
                i,
                r.map(|record| {
                    let review = review(&record, opts);
                    (record, review)
                }),
            ));
        }
    };
    let mut all: Vec<(usize, Reviewed)> = std::thread::scope(|s| {
        let workers: Vec<_> = (1..threads.min(wave.len()))
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(s, work).ok())
            .collect();
        let mut all = work();
        for w in workers {
            all.extend(w.join().unwrap_or_default());
        }
        all
    });
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// A record file's text: gunzipped when it is gzip (Tenhou's .mjlog), at most [`MAX_RECORD`].
fn load(path: &Path) -> Result<String, String> {
    // A FIFO, a device or a socket would block or never end: only files are read.
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (a record is a file, or a folder of them)".into());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .take(MAX_RECORD + 1)
            .read_to_end(&mut plain)
            .map_err(|e| format!("not gzip: {e}"))?;
        bytes = plain;
    }
    if bytes.len() as u64 > MAX_RECORD {
        return Err(format!(
            "larger than {} MiB: not a game record",
            MAX_RECORD >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}
