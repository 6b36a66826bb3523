//! The command line's answers to what a new user types: full-width tiles read as every door
//! reads them, odds past their budget said with exit 1 (not 0), and `hupai odds` pointed to
//! `analyse --odds`.

use std::process::{Command, Output};

fn hupai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn full_width_tiles_read_as_ascii() {
    let out = hupai(&["check", "１２３ｍ456p789s1122z"]);
    // Read (exit 1: a tenpai hand is not a win), not refused as text (exit 2).
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("123m456p789s1122z"));
}

#[test]
fn odds_past_their_budget_exit_1_in_the_table_and_in_json() {
    // Far from a win: the detours' graph passes the memory budget.
    let hand = "13m24679p13468s15z";
    for json in [false, true] {
        let mut args = vec!["analyse", hand, "--rules", "riichi", "--odds", "17"];
        if json {
            args.push("--json");
        }
        let out = hupai(&args);
        assert_eq!(out.status.code(), Some(1), "json {json}");
        // The rest of the analysis is written all the same.
        assert!(!out.stdout.is_empty());
    }
    let fine = hupai(&[
        "analyse",
        "123m456p789s1122z",
        "--rules",
        "riichi",
        "--odds",
        "5",
    ]);
    assert_eq!(fine.status.code(), Some(0));
}

#[test]
fn hupai_odds_says_where_the_odds_are() {
    let out = hupai(&["odds", "12455m34567p6777s"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("analyse"));
}
