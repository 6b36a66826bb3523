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
