//! `hupai review`: a record's decisions beside the best discard and its summary as JSON
//! lines; a record that cannot be read is reported with where and why, and the others go on.

use std::process::Command;

const RECORD: &str = r#"{"name": ["A", "B", "C", "D"], "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
  [11,12,13,14,15,16,17,18,19,21,22,23,47], [25], [47],
  [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
  [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
  [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
  ["流局", [0, 0, 0, 0]]]]}"#;

#[test]
fn a_record_is_reviewed_and_a_broken_one_reported() {
    let dir = std::env::temp_dir().join(format!("hupai-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.json");
    let bad = dir.join("bad.json");
    std::fs::write(&good, RECORD).unwrap();
    // Seat 1 (the second) discards a tile it does not hold.
    std::fs::write(&bad, RECORD.replace("[43], [43]", "[43], [46]")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["review", "--json", "--seat", "0"])
        .arg(&bad)
        .arg(&good)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("round 1, event 4") && stderr.contains("not held"),
        "{stderr}"
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines[0]["error"].as_str().unwrap().contains("not held"));
    // The good record: its one decision (the 7z discarded, the best), then its summary.
    assert_eq!(lines[1]["discard"], "7z");
    assert_eq!(lines[1]["agrees"], true);
    assert_eq!(lines[2]["summary"], true);
    assert_eq!(
        (
            lines[2]["decisions"].as_u64(),
            lines[2]["wins_checked"].as_u64()
        ),
        (Some(1), Some(0))
    );
}

/// The same game in every format (the fuzz corpus's seed, written by the library's tests as
/// mjai, mjlog and hupai's lines; the mjlog gzipped as Tenhou serves it) reviews alike, in
/// a folder on two threads as on one.
#[test]
fn every_format_reviews_alike_on_any_number_of_threads() {
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/records");
    let dir = std::env::temp_dir().join(format!("hupai-review-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for ext in ["json", "mjai", "jsonl"] {
        std::fs::copy(
            seeds.join(format!("seed_small.{ext}")),
            dir.join(format!("game.{ext}")),
        )
        .unwrap();
    }
    let xml = std::fs::read(seeds.join("seed_small.mjlog")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, &xml).unwrap();
    std::fs::write(dir.join("game.mjlog"), gz.finish().unwrap()).unwrap();
    let run = |threads: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
            .args(["review", "--json", "--threads", threads])
            .arg(&dir)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one, two);
    // Four records, each the same rows but for its name.
    let mut by_record: std::collections::BTreeMap<String, Vec<serde_json::Value>> =
        Default::default();
    for line in one.lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = v["record"].as_str().unwrap().to_string();
        v.as_object_mut().unwrap().remove("record");
        by_record.entry(name).or_default().push(v);
    }
    assert_eq!(by_record.len(), 4, "{by_record:?}");
    let rows: Vec<_> = by_record.values().collect();
    assert!(rows.iter().all(|r| r == &rows[0]), "{rows:?}");
    let sum = rows[0].last().unwrap();
    assert_eq!(sum["summary"], true);
    assert!(sum["decisions"].as_u64().unwrap() >= 4, "{sum}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The table in each language, and the HTML report: every decision's row, the tiles drawn,
/// the chart.
#[test]
fn the_table_speaks_three_languages_and_the_report_is_written() {
    let dir = std::env::temp_dir().join(format!("hupai-review-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("game.json");
    std::fs::write(&game, RECORD).unwrap();
    let report = dir.join("report.html");
    let mut tables = Vec::new();
    for lang in ["en", "zh", "ja"] {
        let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
            .args(["review", "--lang", lang, "--html"])
            .arg(&report)
            .arg(&game)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        tables.push(String::from_utf8(out.stdout).unwrap());
    }
    assert!(
        tables[0].contains("4 decisions") && tables[0].contains("recorded wins checked"),
        "{}",
        tables[0]
    );
    assert!(
        tables[1].contains("东1局0本场") && tables[1].contains("核对和牌"),
        "{}",
        tables[1]
    );
    assert!(
        tables[2].contains("東1局0本場") && tables[2].contains("和了 0 件を検証"),
        "{}",
        tables[2]
    );
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(
        html.starts_with("<!DOCTYPE html>") && html.contains("<svg"),
        "{html}"
    );
    assert_eq!(
        html.matches("<tr").count(),
        1 + 4 + 2,
        "a header and four decisions; the rounds' header and its one round"
    );
    assert!(
        html.contains("牌譜検討") && html.contains("class=\"t z"),
        "the last run's (ja), tiles drawn"
    );
    // Each round's facts: its dora indicator, its result; the record by its file name only.
    assert!(html.contains("ドラ表示") && html.contains("流局"), "{html}");
    assert!(!html.contains(&dir.display().to_string()), "{html}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A record cut off in its last round: the whole rounds reviewed (exit 0), the cut named on
/// stderr and counted in the record's sum (`rounds_cut`); `--strict` refuses it (exit 1). A
/// folder's sub-folders are read too; a FIFO is refused at once, not waited on.
#[test]
fn a_cut_record_keeps_its_whole_rounds_and_strict_refuses_it() {
    let dir = std::env::temp_dir().join(format!("hupai-review-cut-{}", std::process::id()));
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    // The round twice, the second cut: its result (the last part) taken out.
    let round = RECORD
        .split_once("\"log\": [")
        .unwrap()
        .1
        .trim_end_matches("]}");
    let cut_round = round.replace(",\n  [\"流局\", [0, 0, 0, 0]]]", "]");
    let cut = format!("{{\"log\": [{round}, {cut_round}]}}");
    std::fs::write(sub.join("cut.json"), &cut).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_hupai"))
            .args(["review", "--json", "--quick"])
            .args(args)
            .arg(&dir)
            .output()
            .unwrap()
    };
    let out = run(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("round 2") && stderr.contains("cut off"),
        "{stderr}"
    );
    let last: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(
        (last["rounds"].as_u64(), last["rounds_cut"].as_u64()),
        (Some(1), Some(1))
    );
    let strict = run(&["--strict"]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&strict.stderr).contains("cut off"));
    // A FIFO named on the command line: refused, not read (it would wait for a writer).
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
            .args(["review", "--quick"])
            .arg(&fifo)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    }
    std::fs::remove_dir_all(&dir).ok();
}
