//! Records cut off in their last round (a disconnection, a log saved mid-round), in every
//! format: the whole rounds before the cut are read and reviewed, the cut is named (its round
//! and how many events were read), `Record::whole` refuses it, and the review's sum counts it
//! (`rounds_cut`).

use hupai::record::{read, review, tenhou6, Record, ReviewOptions};
use serde_json::Value;
use std::path::Path;

mod writers;
use writers::{bare, logs, FORMATS};

/// `text` (a record written by `format`'s writer) with its last round's result taken out, as a
/// record cut before it ends.
fn without_last_result(format: &str, text: &str) -> String {
    match format {
        "mjai" => {
            let lines: Vec<&str> = text.lines().collect();
            let start = lines
                .iter()
                .rposition(|l| l.contains("\"start_kyoku\""))
                .unwrap();
            let ends = ["\"hora\"", "\"ryukyoku\"", "\"end_kyoku\"", "\"end_game\""];
            let kept: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(i, l)| *i < start || !ends.iter().any(|e| l.contains(e)))
                .map(|(_, l)| *l)
                .collect();
            kept.join("\n")
        }
        "lines" => {
            let lines: Vec<&str> = text.lines().collect();
            let start = lines
                .iter()
                .rposition(|l| l.starts_with("{\"round\""))
                .unwrap();
            let kept: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(i, l)| {
                    *i < start || !(l.starts_with("{\"win\"") || l.starts_with("{\"end\""))
                })
                .map(|(_, l)| *l)
                .collect();
            kept.join("\n")
        }
        "mjlog" => {
            // The tags after the last <INIT …/>: every one kept but the results.
            let start = text.rfind("<INIT").unwrap();
            let (head, tail) = text.split_at(start);
            let mut out = head.to_string();
            for tag in tail.split_inclusive("/>") {
                let t = tag.trim_start();
                if !(t.starts_with("<AGARI") || t.starts_with("<RYUUKYOKU")) {
                    out.push_str(tag);
                }
            }
            out
        }
        other => panic!("no cut for {other}"),
    }
}

/// Checks a cut record read back: `rounds` whole rounds, the cut at round `rounds`, after
/// `events` events where the format can say.
fn check_cut(what: &str, got: &Record, rounds: usize, events: Option<usize>) {
    assert_eq!(got.rounds.len(), rounds, "{what}");
    let cut = got.cut.clone().unwrap_or_else(|| panic!("{what}: no cut"));
    assert_eq!(cut.round, Some(rounds), "{what}: {cut}");
    if events.is_some() {
        assert_eq!(cut.turn, events, "{what}: {cut}");
    }
    assert!(cut.reason.contains("cut off"), "{what}: {cut}");
    assert!(got.clone().whole().is_err(), "{what}");
    let quick = ReviewOptions {
        odds: false,
        ..Default::default()
    };
    let sum = review(got, &quick).summary;
    assert_eq!((sum.rounds, sum.rounds_cut), (rounds, 1), "{what}");
    let last = review(got, &quick)
        .rows(None)
        .last()
        .map(|r| serde_json::to_value(&r).unwrap());
    assert_eq!(last.unwrap()["rounds_cut"], 1, "{what}");
}

#[test]
#[ignore = "needs ../shared beside the checkout: `cargo test --release --test record_cuts -- --ignored`"]
fn a_record_cut_in_its_last_round_keeps_its_whole_rounds_in_every_format() {
    let (mut checked, mut refused) = (0, 0);
    for (name, record) in logs() {
        let r = record.rounds.len() - 1;
        // The last round cut halfway through its events, its result gone.
        let mut cut = bare(record.clone());
        let keep = cut.rounds[r].events.len() / 2;
        cut.rounds[r].events.truncate(keep);
        for (format, write, read_format) in FORMATS {
            let text = without_last_result(format, &write(&cut));
            let what = format!("{name} {format}");
            if r == 0 {
                // Nothing whole to review: refused, with the cut's reason.
                let e = read_format(&text).expect_err(&what);
                assert!(e.reason.contains("cut off"), "{what}: {e}");
                refused += 1;
                continue;
            }
            let got = read_format(&text).unwrap_or_else(|e| panic!("{what}: {e}"));
            check_cut(&what, &got, r, Some(keep));
            // The whole rounds are the record's own.
            assert_eq!(got.rounds[..], bare(record.clone()).rounds[..r], "{what}");
            checked += 1;
        }
        // tenhou.net/6: the last round without its result part.
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/logs")
            .join(&name);
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let log = v["log"].as_array_mut().unwrap();
        log.last_mut().unwrap().as_array_mut().unwrap().pop();
        let text = v.to_string();
        if r == 0 {
            assert!(tenhou6::read(&text).is_err(), "{name}");
            refused += 1;
        } else {
            check_cut(&format!("{name} tenhou6"), &read(&text).unwrap(), r, None);
            checked += 1;
        }
    }
    // Two of the shared records have more than one round; the others have one, refused cut.
    eprintln!("cut records read, whole rounds kept: {checked}; one round cut, refused: {refused}");
    assert!(checked >= 8 && refused >= 60, "{checked} {refused}");
}

#[test]
fn a_cut_record_s_only_round_is_refused_with_its_reason() {
    let text = r#"{"type":"start_game","names":["A","B","C","D"]}
{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"dora_marker":"1p","tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","E","S","S"],["2p","2p","2p","3p","3p","3p","4p","4p","4p","5p","5p","5p","6p"],["7p","7p","7p","8p","8p","8p","9p","9p","9p","W","W","N","N"]]}
{"type":"tsumo","actor":0,"pai":"P"}"#;
    let e = read(text).unwrap_err();
    assert_eq!((e.round, e.turn), (Some(0), Some(1)), "{e}");
    assert!(e.reason.contains("cut off"), "{e}");
}
