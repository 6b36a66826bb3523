//! `hupai score` end to end: its JSON is the batch answer's `"score"` for the same win, its
//! table names the yaku in three languages, and its exit codes tell a score (0), a win without
//! a yaku or no win (1), and input it cannot read (2).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn hupai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(args)
        .output()
        .unwrap()
}

fn batch_line(line: &str) -> serde_json::Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{line}\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Wins with calls, flags and options: the command's JSON equals the batch answer's `score`.
#[test]
fn score_json_is_the_batch_answer() {
    let cases: [(&[&str], serde_json::Value); 4] = [
        (
            &[
                "234m345m567p22s789s",
                "--win",
                "5m",
                "--tsumo",
                "--riichi",
                "--dora",
                "1p",
            ],
            serde_json::json!({"win": "5m", "tsumo": true, "riichi": true, "dora": "1p"}),
        ),
        (
            &[
                "123m456p11s",
                "--win",
                "1s",
                "--call",
                "pon 555z",
                "--call",
                "789s",
                "--seat",
                "east",
            ],
            serde_json::json!({"win": "1s", "seat": "1z"}),
        ),
        (
            &[
                "567p333555s77z",
                "--win",
                "3s",
                "--call",
                "ankan 4444s",
                "--riichi",
                "--dora",
                "1p",
                "--ura",
                "3s",
                "--honba",
                "2",
                "--sticks",
                "1",
                "--kiriage",
            ],
            serde_json::json!({"win": "3s", "riichi": true, "dora": "1p", "ura_dora": "3s", "honba": 2, "riichi_sticks": 1, "kiriage": true}),
        ),
        (
            &[
                "19m19p19s12345677z",
                "--win",
                "7z",
                "--tsumo",
                "--single-yakuman",
            ],
            serde_json::json!({"win": "7z", "tsumo": true, "double_yakuman": false}),
        ),
    ];
    for (args, score) in cases {
        let mut argv = vec!["score", "--json"];
        argv.extend_from_slice(args);
        let out = hupai(&argv);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{argv:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ours: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let melds: Vec<&str> = args
            .windows(2)
            .filter(|w| w[0] == "--call")
            .map(|w| w[1])
            .collect();
        let req =
            serde_json::json!({"hand": args[0], "rules": "riichi", "melds": melds, "score": score});
        let answer = batch_line(&req.to_string());
        assert_eq!(ours, answer["score"], "{argv:?}");
        assert!(ours["total"].as_u64().unwrap() > 0);
    }
}

#[test]
fn score_table_in_three_languages() {
    let base = [
        "score",
        "123m456p789s23444s",
        "--win",
        "4s",
        "--tsumo",
        "--riichi",
    ];
    let en = text(&hupai(&base));
    assert!(
        en.contains("Menzen Tsumo") && en.contains("Riichi") && en.contains("han"),
        "{en}"
    );
    assert!(en.contains("total"), "{en}");
    let zh = text(&hupai(&[&base[..], &["--lang", "zh"]].concat()));
    assert!(
        zh.contains("门前清自摸和") && zh.contains("番") && zh.contains("合计"),
        "{zh}"
    );
    let ja = text(&hupai(&[&base[..], &["--lang", "ja"]].concat()));
    assert!(
        ja.contains("門前清自摸和") && ja.contains("翻") && ja.contains("合計"),
        "{ja}"
    );
}

#[test]
fn score_exit_codes_and_errors() {
    // No yaku: exit 1 and a line that says so.
    let out = hupai(&["score", "123m456p789s23455s", "--win", "5s"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("no yaku"));
    // Not a win: exit 1.
    let out = hupai(&["score", "123456m1239p55s11z", "--win", "1z"]);
    assert_eq!(out.status.code(), Some(1));
    // Input that cannot be read: exit 2 with the reason on stderr.
    for (args, why) in [
        (&["score", "123m", "--win", "1m"][..], "14"),
        (
            &[
                "score",
                "234456m66p123444s",
                "--win",
                "4s",
                "--call",
                "pon 123m",
            ][..],
            "not a pon",
        ),
        (
            &[
                "score",
                "234456m66p123444s",
                "--win",
                "4s",
                "--seat",
                "middle",
            ][..],
            "seat",
        ),
        (
            &["score", "234456m66p123444s", "--win", "4s", "--ippatsu"][..],
            "ippatsu",
        ),
        (
            &[
                "score",
                "234456m66p123444s",
                "--win",
                "4s",
                "--kazoe",
                "some",
            ][..],
            "kazoe",
        ),
        (
            &[
                "score",
                "234456m66p123444s",
                "--win",
                "4s",
                "--rules",
                "chinese",
            ][..],
            "score no wins",
        ),
    ] {
        let out = hupai(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn score_help_teaches_the_flags() {
    let help = text(&hupai(&["score", "--help"]));
    for flag in [
        "--win",
        "--call",
        "ankan",
        "--tsumo",
        "--riichi",
        "--dora",
        "--kiriage",
        "--kazoe",
        "--lang",
    ] {
        assert!(help.contains(flag), "{flag} missing from score --help");
    }
}

/// `analyse --odds --expected`: a third column, the batch answer's expected points.
#[test]
fn analyse_expected_points_are_the_batch_answers() {
    let out = hupai(&[
        "analyse",
        "12455m34567p6777s",
        "--rules",
        "riichi",
        "--odds",
        "6",
        "--no-backward",
        "--no-sideways",
        "--expected",
        "--seat",
        "east",
        "--riichi",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = serde_json::json!({
        "hand": "12455m34567p6777s", "rules": "riichi",
        "odds": {"draws": 6, "backward": false, "sideways": false, "score": {"seat": "east", "riichi": true}},
    });
    let answer = batch_line(&line.to_string());
    let best = &answer["odds"]["rows"][0];
    let points = best["expected"][5].as_f64().unwrap();
    let row = text(&out)
        .lines()
        .find(|l| l.trim_start().starts_with(best["tile"].as_str().unwrap()) && l.contains('*'))
        .map(str::to_string)
        .unwrap_or_default();
    assert!(
        row.contains(&format!("{points:.0}")),
        "{row} lacks {points:.0}"
    );
    // Without a scoring preset it is refused with the reason.
    let out = hupai(&["analyse", "12455m34567p6777s", "--odds", "6", "--expected"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("score no wins"));
}

/// `hupai score --rules guobiao`: the fans and the total, the batch answer's numbers; a win
/// below the 8-fan minimum exits 1.
#[test]
fn guobiao_scores_fans() {
    let args = [
        "score",
        "147m258p369s123m55z",
        "--win",
        "5z",
        "--tsumo",
        "--rules",
        "guobiao",
        "--flowers",
        "2",
    ];
    let out = hupai(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = text(&out);
    assert!(
        table.contains("Knitted Straight") && table.contains("total 19"),
        "{table}"
    );
    let zh = text(&hupai(&[&args[..], &["--lang", "zh"]].concat()));
    assert!(zh.contains("组合龙") && zh.contains("合计 19"), "{zh}");
    let json: serde_json::Value =
        serde_json::from_slice(&hupai(&[&args[..], &["--json"]].concat()).stdout).unwrap();
    let line = serde_json::json!({"hand": "147m258p369s123m55z", "rules": "guobiao", "score": {"win": "5z", "tsumo": true, "flowers": 2}});
    assert_eq!(json, batch_line(&line.to_string())["score"]);
    let low = hupai(&[
        "score",
        "123m456p678s234s55z",
        "--win",
        "5z",
        "--rules",
        "guobiao",
    ]);
    assert_eq!(low.status.code(), Some(1));
    assert!(text(&low).contains("below the 8-fan minimum"));
}

#[test]
fn sichuan_scores_fans_and_payments() {
    let args = [
        "score",
        "11122233355577m",
        "--win",
        "7m",
        "--tsumo",
        "--rules",
        "sichuan",
        "--cap",
        "3",
        "--payers",
        "2",
        "--stake",
        "5",
    ];
    let out = hupai(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = text(&out);
    assert!(
        table.contains("Full Flush All Pungs") && table.contains("3 fans (before the cap 4)"),
        "{table}"
    );
    assert!(
        table.contains("2 players each pay 40 — total 80"),
        "{table}"
    );
    let zh = text(&hupai(&[&args[..], &["--lang", "zh"]].concat()));
    assert!(zh.contains("清对") && zh.contains("合计 80"), "{zh}");
    let ja = text(&hupai(&[&args[..], &["--lang", "ja"]].concat()));
    assert!(ja.contains("清対") && ja.contains("合計 80"), "{ja}");
    let json: serde_json::Value =
        serde_json::from_slice(&hupai(&[&args[..], &["--json"]].concat()).stdout).unwrap();
    let line = serde_json::json!({"hand": "11122233355577m", "rules": "sichuan", "score": {"win": "7m", "tsumo": true, "cap": 3, "payers": 2, "stake": 5}});
    assert_eq!(json, batch_line(&line.to_string())["score"]);
    // Three suits do not win here (exit 1); a chi is not a call, a fourth payer no player
    // (exit 2).
    let three = hupai(&[
        "score",
        "123m456p789s23455s",
        "--win",
        "5s",
        "--rules",
        "sichuan",
    ]);
    assert_eq!(three.status.code(), Some(1));
    let chi = hupai(&[
        "score",
        "456m789m11m",
        "--win",
        "1m",
        "--call",
        "chi 123p",
        "--call",
        "pon 555p",
        "--rules",
        "sichuan",
    ]);
    assert_eq!(chi.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&chi.stderr).contains("not a Sichuan call"));
    let four = hupai(&[&args[..9], &["--payers", "4"]].concat());
    assert_eq!(four.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&four.stderr).contains("payers must be 1, 2 or 3"));
}

/// Issue 51's words: every label in the language asked, columns aligned by display width,
/// `--ron` taken as the default said aloud, a hand that does not win given its shanten, odds
/// past a player's draws noted.
#[test]
fn words_and_columns_in_every_language() {
    let o = hupai(&["check", "1111m456789p1239s", "--wild", "9s", "--lang", "zh"]);
    let t = text(&o);
    assert!(t.contains("胡牌 (四组一将)"), "{t}");
    let o = hupai(&["check", "1111m456789p1239s", "--wild", "9s", "--lang", "ja"]);
    let t = text(&o);
    assert!(t.contains("和了 (4面子1雀頭)"), "{t}");
    // The tiles of every set line start in one column, whatever the width of its label.
    let starts: Vec<usize> = t
        .lines()
        .filter(|l| l.contains("1m1m") || l.contains("4p5p6p"))
        .map(|l| {
            let at = l.find(|c: char| c.is_ascii_digit()).unwrap();
            unicode_width_of(&l[..at])
        })
        .collect();
    assert!(
        starts.len() >= 2 && starts.iter().all(|&s| s == starts[0]),
        "{t}"
    );
    let o = hupai(&[
        "score",
        "147m258p369s123m55z",
        "--win",
        "5z",
        "--tsumo",
        "--rules",
        "guobiao",
        "--lang",
        "ja",
    ]);
    let t = text(&o);
    assert!(
        t.contains("組合竜") && t.contains("単調将") && t.contains("和了牌 5z"),
        "{t}"
    );
    assert!(!t.contains("组合龙") && !t.contains(", win "), "{t}");
    let o = hupai(&[
        "score",
        "234m345m567p22s789s",
        "--win",
        "5m",
        "--ron",
        "--riichi",
        "--rules",
        "riichi",
        "--lang",
        "zh",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(text(&o).contains("和 5m · 荣和"), "{}", text(&o));
    let o = hupai(&[
        "score",
        "123m456p789s12355z",
        "--win",
        "5z",
        "--rules",
        "riichi",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains("not a winning hand (1-shanten)"),
        "{}",
        text(&o)
    );
    let o = hupai(&[
        "analyse",
        "12455m34567p6777s",
        "--rules",
        "riichi",
        "--odds",
        "40",
    ]);
    assert!(
        text(&o).contains("more than a player draws in one hand"),
        "{}",
        text(&o)
    );
}

/// Terminal columns of ASCII and CJK text (a CJK character takes two).
fn unicode_width_of(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

#[test]
fn the_rooms_with_wildcards_say_what_each_stood_for() {
    // 红中: the 7z completes seven pairs of one suit; the birds pay once more each.
    let args = [
        "score",
        "1122334455667m7z",
        "--win",
        "7m",
        "--tsumo",
        "--rules",
        "hongzhong",
        "--birds",
        "1",
    ];
    let table = text(&hupai(&args));
    assert!(
        table.contains("Seven Pairs") && table.contains("wildcards: 7z as 7m"),
        "{table}"
    );
    assert!(table.contains("3 players each pay 8 — total 24"), "{table}");
    let zh = text(&hupai(&[&args[..], &["--lang", "zh"]].concat()));
    assert!(zh.contains("七对") && zh.contains("赖子: 7z当7m"), "{zh}");
    // 南昌 with --jing: the 5m 精 pairs the winning 1z (精钓).
    let args = [
        "score",
        "123m456p789s1z5m",
        "--win",
        "1z",
        "--call",
        "pon 777p",
        "--rules",
        "nanchang",
        "--jing",
        "5m",
    ];
    let ja = text(&hupai(&[&args[..], &["--lang", "ja"]].concat()));
    assert!(
        ja.contains("精釣") && ja.contains("ワイルド: 5m→1z"),
        "{ja}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&hupai(&[&args[..], &["--json"]].concat()).stdout).unwrap();
    assert_eq!(
        json["wildcards"],
        serde_json::json!([{"stood_for": "1z", "wildcard": "5m"}])
    );
    // 长沙: the big wins counted together.
    let table = text(&hupai(&[
        "score",
        "11112233445566m",
        "--win",
        "6m",
        "--tsumo",
        "--rules",
        "changsha",
    ]));
    assert!(
        table.contains("Luxury Seven Pairs") && table.contains("3 players each pay 18 — total 54"),
        "{table}"
    );
    // A wild kind held under riichi is refused, not scored as a plain tile.
    let out = hupai(&[
        "score",
        "123m456m789p234s55s",
        "--win",
        "5s",
        "--wild",
        "5s",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not read by riichi scoring"));
}

#[test]
fn nanchang_takes_all_pungs_and_kong_bloom_at_four() {
    // 大七对 ×4 (--all-pungs-fans 2): the fan counted twice, 德国 beside it: 2^3.
    let args = [
        "score",
        "111555m222888s77z",
        "--win",
        "7z",
        "--rules",
        "nanchang",
        "--jing",
        "9p",
    ];
    let json = |extra: &[&str]| -> serde_json::Value {
        serde_json::from_slice(&hupai(&[&args[..], extra, &["--json"]].concat()).stdout).unwrap()
    };
    assert_eq!(
        (json(&[])["fan"].clone(), json(&[])["each"].clone()),
        (2.into(), 4.into())
    );
    let x4 = json(&["--all-pungs-fans", "2"]);
    assert_eq!(
        (x4["fan"].clone(), x4["each"].clone()),
        (3.into(), 8.into())
    );
    assert_eq!(x4["fans"][0]["count"], 2);
    // Refused: 3 fans, and the option under another room (in the reader's language).
    let out = hupai(&[&args[..], &["--kong-bloom-fans", "3"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("must be 1 or 2"));
    let out = hupai(&[
        "score",
        "1122334455667m7z",
        "--win",
        "7m",
        "--rules",
        "hongzhong",
        "--all-pungs-fans",
        "2",
        "--lang",
        "zh",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("all_pungs_fans 不是 hongzhong 计分的选项"),
        "{err}"
    );
}
