//! `hupai review`: a record's decisions beside the best discard and its summary as JSON
//! lines; a record that cannot be read is reported with where and why, and the others go on.

use std::process::{Command, Stdio};

#[cfg(target_os = "linux")]
mod peak;

const RECORD: &str = r#"{"name": ["A", "B", "C", "D"], "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
  [11,12,13,14,15,16,17,18,19,21,22,23,47], [25], [47],
  [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
  [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
  [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
  ["流局", [0, 0, 0, 0]]]]}"#;

/// RECORD's one round, as its log holds it.
fn one_round() -> &'static str {
    RECORD
        .split_once("\"log\": [")
        .unwrap()
        .1
        .trim_end_matches("]}")
}

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
    let round = one_round();
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

/// A record refused in its second round: its first round's rows are written (a record is
/// reviewed as it is read), then the refusal where its sum would be; exit 1.
#[test]
fn a_record_broken_in_a_later_round_keeps_the_rounds_before() {
    let dir = std::env::temp_dir().join(format!("hupai-review-later-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let round = one_round();
    let broken = round.replace("[43], [43]", "[43], [46]");
    let path = dir.join("later.json");
    std::fs::write(&path, format!("{{\"log\": [{round}, {broken}]}}")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["review", "--json", "--quick", "--seat", "0"])
        .arg(&path)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        (lines[0]["round"].as_u64(), &lines[0]["discard"]),
        (Some(0), &"7z".into())
    );
    assert_eq!(
        (lines[1]["summary"].as_bool(), lines[1]["round"].as_u64()),
        (Some(true), Some(0))
    );
    let error = lines[2]["error"].as_str().unwrap();
    assert!(
        error.contains("round 2, event 4") && error.contains("not held"),
        "{error}"
    );
}

/// Issue 67's reproducer: three valid records of about 15 MiB each (17,000 rounds and more)
/// on two threads used to take 1.26 GB. Reviewed round by round, the memory held is a
/// record's text and a few rounds: at most 64 MiB, for the rows and for the HTML report.
#[cfg(target_os = "linux")]
#[test]
// The child is reaped by `reap_with_peak` (wait4), which clippy does not see.
#[allow(clippy::zombie_processes)]
fn review_memory_is_bounded_by_a_record_not_by_its_rounds() {
    use std::io::Read;
    let dir = std::env::temp_dir().join(format!("hupai-review-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let round = one_round();
    let n = (15 << 20) / (round.len() + 2);
    let text = format!("{{\"log\": [{}]}}", vec![round; n].join(", "));
    assert!(text.len() > 14 << 20 && text.len() < 16 << 20);
    let files: Vec<_> = (0..3)
        .map(|i| {
            let p = dir.join(format!("big{i}.json"));
            std::fs::write(&p, &text).unwrap();
            p
        })
        .collect();
    let report = dir.join("report.html");
    for html in [false, true] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hupai"));
        cmd.args(["review", "--quick", "--json", "--threads", "2"]);
        if html {
            cmd.arg("--html").arg(&report);
        }
        let mut child = cmd.args(&files).stdout(Stdio::piped()).spawn().unwrap();
        // Read as it comes (a row at a time), counted, not kept.
        let mut rows = 0usize;
        let mut sums = Vec::new();
        let mut buf = vec![0u8; 1 << 16];
        let mut stdout = child.stdout.take().unwrap();
        let mut tail = Vec::new();
        loop {
            let got = stdout.read(&mut buf).unwrap();
            if got == 0 {
                break;
            }
            tail.extend_from_slice(&buf[..got]);
            while let Some(at) = tail.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = tail.drain(..=at).collect();
                rows += 1;
                // The records' sums kept (the rounds' are many: this process's memory counts
                // in the next child's peak, which starts from its parent's).
                if is_record_sum(&line) {
                    sums.push(serde_json::from_slice::<serde_json::Value>(&line).unwrap());
                }
            }
        }
        let (success, peak_kb) = peak::reap_with_peak(child.id());
        assert!(success);
        // Each record: a decision a seat, a round's sum, for every round; then its sum.
        assert_eq!(rows, 3 * (n * 5 + 1));
        let records: Vec<_> = sums.iter().filter(|s| s["round"].is_null()).collect();
        assert_eq!(records.len(), 3);
        assert!(records
            .iter()
            .all(|s| s["rounds"] == n && s["decisions"] == 4 * n));
        assert!(
            peak_kb > 1024 && peak_kb <= 64 * 1024,
            "peak {peak_kb} KiB (html: {html})"
        );
    }
    let page = std::fs::read_to_string(&report).unwrap();
    assert_eq!(page.matches("<section>").count(), 3);
    assert_eq!(page.matches("<rect ").count(), 3 * 4 * n);
    std::fs::remove_dir_all(&dir).ok();
}

/// A record's sum row: `"summary":true` with no `"round"`.
fn is_record_sum(line: &[u8]) -> bool {
    let has = |key: &[u8]| line.windows(key.len()).any(|w| w == key);
    has(b"\"summary\":true") && !has(b"\"round\":")
}

/// A room's record (written by `hupai game selfplay --rules ROOM --out`) is reviewed at the
/// room's table: a row a discard, a sum a hand, the record's sum; a changed record is
/// reviewed up to where the table refuses it, and said so.
#[test]
fn a_rooms_record_is_reviewed_at_its_table() {
    let dir = std::env::temp_dir().join(format!("hupai-room-review-{}", std::process::id()));
    let hupai = env!("CARGO_BIN_EXE_hupai");
    for room in ["sichuan", "nanchang"] {
        let made = Command::new(hupai)
            .args(["game", "selfplay", "--rules", room, "--switch", "hands=2"])
            .args(["--agents", "random", "--seed", "4", "--out"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(made.status.success(), "{made:?}");
        let record = dir.join("game-4.jsonl");
        let out = Command::new(hupai)
            .args(["review", "--json"])
            .arg(&record)
            .output()
            .unwrap();
        assert!(out.status.success(), "{room}: {out:?}");
        let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let decisions = rows.iter().filter(|r| r.get("discard").is_some()).count();
        let last = rows.last().unwrap();
        assert_eq!(last["rounds"], 2, "{room}: {last}");
        assert_eq!(last["decisions"], decisions as u64, "{room}");
        assert!(decisions > 20 && last["shanten_worse"].as_u64().unwrap() > 0);
        // The second hand's first discard dropped: the hand is reviewed up to it, and the
        // table's refusal said.
        let text = std::fs::read_to_string(&record).unwrap();
        let second = text.match_indices(r#""type":"deal""#).nth(1).unwrap().0;
        let at = second + text[second..].find(r#"{"type":"discard""#).unwrap();
        let end = at + text[at..].find('\n').unwrap() + 1;
        std::fs::write(&record, format!("{}{}", &text[..at], &text[end..])).unwrap();
        let out = Command::new(hupai)
            .args(["review", "--json"])
            .arg(&record)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("the table refuses it"), "{room}: {said}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
