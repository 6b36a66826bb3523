//! `hupai review RECORD…`: each game record (tenhou.net/6 JSON) replayed and reviewed by
//! efficiency — every decision of a seat (or of all) beside the best discard, each recorded
//! win scored again — as a table, or JSON lines (a line a decision, then the record's sum).
//! A record that cannot be read is reported with where and why, and the others go on.

use clap::Args;
use hupai::record::{review, tenhou6, Decision, Summary};
use serde_json::json;
use std::fmt::Write as _;
use std::path::PathBuf;

/// `hupai review`'s arguments.
#[derive(Args)]
pub struct ReviewArgs {
    /// Game records: tenhou.net/6 JSON files (Tenhou's export).
    #[arg(required = true, num_args = 1..)]
    records: Vec<PathBuf>,
    /// The seat to review (0–3, the record's player order); every seat by default.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..4))]
    seat: Option<u8>,
    /// JSON lines: each decision, then each record's summary (`wins_checked`, `wins_agree`).
    #[arg(long)]
    json: bool,
}

/// Reviews every record into `out`: exit 0, or 1 when a record could not be read (the others
/// are reviewed all the same).
pub fn run(args: &ReviewArgs, out: &mut String) -> Result<i32, String> {
    let mut code = 0;
    for path in &args.records {
        let name = path.display().to_string();
        let read = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| tenhou6::read(&text).map_err(|e| e.to_string()));
        let record = match read {
            Ok(r) => r,
            Err(e) => {
                complain!("hupai: {name}: {e}");
                if args.json {
                    say!(out, "{}", json!({"record": name, "error": e}));
                }
                code = 1;
                continue;
            }
        };
        let (decisions, sum) = review(&record, args.seat);
        if args.json {
            for d in &decisions {
                say!(out, "{}", decision_json(&name, d));
            }
            say!(out, "{}", summary_json(&name, &sum));
        } else {
            say!(out, "{}", summary_line(&name, &sum));
        }
    }
    Ok(code)
}

/// A decision as a JSON line.
fn decision_json(record: &str, d: &Decision) -> serde_json::Value {
    json!({
        "record": record, "round": d.round, "turn": d.turn, "seat": d.seat, "hand": d.hand,
        "discard": d.discard.mpsz(), "shanten": d.shanten, "ukeire": d.ukeire,
        "best": d.best.mpsz(), "best_shanten": d.best_shanten, "best_ukeire": d.best_ukeire,
        "agrees": d.agrees(),
    })
}

/// A record's summary as a JSON line.
fn summary_json(record: &str, s: &Summary) -> serde_json::Value {
    json!({
        "record": record, "summary": true, "rounds": s.rounds, "decisions": s.decisions,
        "agree": s.agree, "wins_checked": s.wins_checked, "wins_agree": s.wins_agree,
    })
}

/// A record's summary as a line of the table.
fn summary_line(record: &str, s: &Summary) -> String {
    let mut line = format!("{record}: {} rounds · {} decisions", s.rounds, s.decisions);
    if s.decisions > 0 {
        let pct = 100.0 * s.agree as f64 / s.decisions as f64;
        let _ = write!(
            line,
            ", {} as good as the best discard ({pct:.0}%)",
            s.agree
        );
    }
    let _ = write!(
        line,
        " · {} recorded wins checked, {} agree",
        s.wins_checked, s.wins_agree
    );
    line
}
