//! `hupai game`: selfplay's summary and records, replay's counts and verdicts, and play with
//! an external mjai bot (tests/bots/tsumogiri.py) that plays well, sends garbage, stays silent
//! or cheats.

use std::path::Path;
use std::process::{Command, Output};

fn hupai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(args)
        .output()
        .expect("hupai runs")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(text(o).trim()).unwrap_or_else(|e| panic!("{e}: {}", text(o)))
}

#[test]
fn selfplay_plays_the_rooms_with_their_switches_and_refuses_what_they_have_not_yet() {
    for (room, switch) in [
        ("sichuan", "call_transfer=true"),
        ("hongzhong", "birds=6"),
        ("changsha", "bird_pay=add"),
        ("guobiao", "hands=8"),
        ("nanchang", "discard_pays=discarder"),
    ] {
        let o = hupai(&[
            "game", "selfplay", "--rules", room, "--games", "5", "--json", "--switch", switch,
        ]);
        assert!(o.status.success(), "{o:?}");
        let v = json(&o);
        assert_eq!(
            (v["games"].as_u64(), v["rounds"].as_u64()),
            (Some(5), Some(40))
        );
        assert!(v["steps"].as_u64().unwrap() > 1000, "{v}");
        let bad: [&[&str]; 5] = [
            &["--agents", "odds"],
            &["--east"],
            &["--switch", "nope=1"],
            &["--switch", "hands"],
            &["--switch", "stake=0"],
        ];
        for extra in bad {
            let mut args = vec!["game", "selfplay", "--rules", room];
            args.extend_from_slice(extra);
            let o = hupai(&args);
            assert_eq!(o.status.code(), Some(2), "{extra:?}: {o:?}");
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains(room) || err.contains("NAME=VALUE"), "{o:?}");
        }
    }
    let o = hupai(&["game", "selfplay", "--switch", "birds=6"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "riichi takes no room switch: {o:?}"
    );
}

#[test]
fn a_rooms_selfplay_writes_records_that_replay_and_a_changed_one_is_named() {
    let dir = std::env::temp_dir().join(format!("hupai-room-records-{}", std::process::id()));
    // The switches of the records' headers, read back by the replay (this session's among them).
    for (room, switch) in [
        (
            "sichuan",
            "call_transfer=true,not_ready=most,self_draw=none,heavenly=largest",
        ),
        ("hongzhong", "birds=6,seven_pairs=false,no_red_double=false"),
        ("changsha", "bird_pay=add"),
        ("guobiao", "hands=4"),
        ("nanchang", "discard_pays=discarder,ba_wang_bonus=10"),
    ] {
        let out = dir.join(room);
        let o = hupai(&[
            "game",
            "selfplay",
            "--rules",
            room,
            "--games",
            "3",
            "--seed",
            "11",
            "--switch",
            switch,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{o:?}");
        // Two more games between efficiency players (more wins, kongs and calls).
        let o = hupai(&[
            "game",
            "selfplay",
            "--rules",
            room,
            "--games",
            "2",
            "--seed",
            "30",
            "--switch",
            switch,
            "--agents",
            "ukeire",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{o:?}");
        let first = std::fs::read_to_string(out.join("game-11.jsonl")).unwrap();
        assert!(
            first.starts_with(&format!(r#"{{"type":"room","rules":"{room}","#)),
            "{first:.80}"
        );
        // Each switch set is in the header's list (which names them in the room's order).
        for pair in switch.split(',') {
            assert!(
                first.lines().next().unwrap().contains(pair),
                "{pair}: {first:.200}"
            );
        }
    }
    let o = hupai(&["game", "replay", "--json", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    let v = json(&o);
    assert_eq!(v["records"], 25);
    assert_eq!(v["rounds"], 5 * (8 * 4 + 4));
    assert_eq!(v["settlements_agree"], v["rounds"]);
    assert_eq!(v["actions_legal"], v["actions_checked"]);
    assert!(v["actions_checked"].as_u64().unwrap() > 5_000, "{v}");
    // One payment changed: named, exit 1.
    let path = dir.join("sichuan").join("game-12.jsonl");
    let record = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, record.replacen(r#""amount":"#, r#""amount":7"#, 1)).unwrap();
    let o = hupai(&["game", "replay", dir.join("sichuan").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let said = text(&o);
    assert!(
        said.contains("game-12.jsonl: hand ") && said.contains("the record has Pay"),
        "{said}"
    );
    // Play stops at the disagreement: the settlements before it agree, that one does not.
    let last = said.lines().last().unwrap();
    let n: Vec<u64> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!((n[0], n[1]), (5, 40), "{last}");
    assert_eq!(n[4] + 1, n[5], "{last}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_prints_its_summary_and_writes_records_that_replay() {
    let dir = std::env::temp_dir().join(format!("hupai-selfplay-{}", std::process::id()));
    let dir_s = dir.to_str().unwrap();
    let o = hupai(&[
        "game", "selfplay", "--games", "3", "--agents", "ukeire", "--seed", "7", "--json", "--out",
        dir_s,
    ]);
    assert!(o.status.success(), "{o:?}");
    let v = json(&o);
    assert_eq!(v["games"], 3);
    assert!(
        v["rounds"].as_u64().unwrap() >= 12 && v["steps"].as_u64().unwrap() > 500,
        "{v}"
    );
    assert!(v["seconds"].as_f64().is_some());
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(files.len(), 3);
    // The records play at the table alike, and review with every win agreeing.
    let o = hupai(&["game", "replay", dir_s, "--json"]);
    assert!(o.status.success(), "{o:?}");
    let r = json(&o);
    assert_eq!(r["records"], 3);
    assert_eq!(r["rounds"], v["rounds"]);
    assert_eq!(r["actions_checked"], r["actions_legal"]);
    assert_eq!(r["settlements_checked"], r["settlements_agree"]);
    let o = hupai(&["review", dir_s, "--json", "--quick"]);
    let last = text(&o).lines().last().unwrap_or("").to_string();
    let sum: serde_json::Value =
        serde_json::from_str(&last).unwrap_or_else(|e| panic!("{e}: {last}"));
    assert!(sum["wins_checked"].as_u64().unwrap() > 0, "{sum}");
    assert_eq!(sum["wins_checked"], sum["wins_agree"], "{sum}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replay_names_a_disagreement_and_exits_1() {
    let dir = std::env::temp_dir().join(format!("hupai-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = hupai(&[
        "game",
        "selfplay",
        "--games",
        "1",
        "--agents",
        "ukeire",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    // A win paid otherwise than the table pays it: its winner's gain 100 more, a loser's 100
    // more too (the sum kept).
    let log = std::fs::read_to_string(&file).unwrap();
    let mut changed = false;
    let lines: Vec<String> = log
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            if !changed && v["type"] == "hora" {
                changed = true;
                let (w, t) = (
                    v["actor"].as_u64().unwrap() as usize,
                    v["target"].as_u64().unwrap() as usize,
                );
                let loser = if w == t { (w + 1) % 4 } else { t };
                let d = &mut v["deltas"];
                d[w] = (d[w].as_i64().unwrap() + 100).into();
                d[loser] = (d[loser].as_i64().unwrap() - 100).into();
            }
            v.to_string()
        })
        .collect();
    assert!(changed, "the game has a win");
    let bad_file = dir.join("bad.mjson");
    std::fs::write(&bad_file, lines.join("\n")).unwrap();
    let o = hupai(&["game", "replay", bad_file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(text(&o).contains("the table pays"), "{}", text(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The command of the test bot `name` (tests/bots) in `mode`.
fn script(name: &str, mode: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bots")
        .join(name);
    format!("python3 {} {mode}", path.display())
}

fn bot(mode: &str) -> String {
    script("tsumogiri.py", mode)
}

#[test]
fn a_bot_plays_a_whole_game_in_every_seat() {
    let b = bot("ok");
    let o = hupai(&[
        "game", "play", "--bot", &b, "--bot", &b, "--bot", &b, "--bot", &b, "--east", "--json",
    ]);
    assert!(o.status.success(), "{o:?}");
    let v = json(&o);
    let scores: i64 = v["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .sum();
    assert_eq!(scores, 100_000);
    assert!(v["steps"].as_u64().unwrap() > 100);
}

/// A bot (`name` in tests/bots) that sends garbage, stays silent, cheats or sends a line that
/// never ends at its first answer, under `rules` (riichi, or a room): it loses the game, the verdict naming why.
fn loses_with_a_verdict(name: &str, rules: &str) {
    // Generous limits where the bot's answer is wrong, not late (a busy machine starts
    // Python slowly); the silent one is given 300 ms and no start-up allowance.
    for (mode, says, limit) in [
        ("garbage", "not JSON", "60000"),
        ("slow", "no answer within 300 ms", "300"),
        ("illegal", "is not legal now", "60000"),
        // An answer line that never ends: lost at the line bound, never held whole.
        ("endless", "sent a line longer than 65536 bytes", "60000"),
    ] {
        let bot = script(name, mode);
        let o = hupai(&[
            "game",
            "play",
            "--rules",
            rules,
            "--bot",
            &bot,
            "--timeout-ms",
            limit,
            "--startup-ms",
            "0",
            "--json",
        ]);
        assert_eq!(o.status.code(), Some(1), "{rules} {mode}: {o:?}");
        let v = json(&o);
        assert_eq!(v["verdict"]["seat"], 0, "{mode}");
        assert!(
            v["verdict"]["why"].as_str().unwrap().contains(says),
            "{rules} {mode}: {v}"
        );
    }
}

#[test]
fn a_bot_that_sends_garbage_stays_silent_or_cheats_loses_with_a_verdict() {
    loses_with_a_verdict("tsumogiri.py", "riichi");
}

fn room_bot(mode: &str) -> String {
    script("room_first.py", mode)
}

/// Bots at each room's table (docs/GAME.md, "Bots at a room's table"): four bots sent the
/// table as their seat sees it play a whole hand, the points summing to zero; the record
/// written plays again alike; a bot beside the built-in players.
#[test]
fn room_bots_play_a_whole_hand_of_every_room() {
    let b = room_bot("ok");
    let dir = std::env::temp_dir().join(format!("hupai-room-bots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for room in ["sichuan", "hongzhong", "changsha", "guobiao", "nanchang"] {
        let record = dir.join(format!("{room}.jsonl"));
        let o = hupai(&[
            "game",
            "play",
            "--rules",
            room,
            "--switch",
            "hands=1",
            "--switch",
            "stake=2",
            "--bot",
            &b,
            "--bot",
            &b,
            "--bot",
            &b,
            "--bot",
            &b,
            "--json",
            "--out",
            record.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{room}: {o:?}");
        let v = json(&o);
        let points: Vec<i64> = v["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .collect();
        assert_eq!(points.iter().sum::<i64>(), 0, "{room}");
        assert!(v["steps"].as_u64().unwrap() > 10, "{room}: {v}");
        let again = hupai(&["game", "replay", "--json", record.to_str().unwrap()]);
        let r = json(&again);
        assert_eq!(r["actions_checked"], r["actions_legal"], "{room}: {r}");
        assert_eq!(r["settlements_agree"], 1, "{room}: {r}");
    }
    // One bot among the efficiency players, 换三张 on.
    let o = hupai(&[
        "game",
        "play",
        "--rules",
        "sichuan",
        "--switch",
        "hands=1,exchange=dice",
        "--bot",
        &b,
        "--json",
    ]);
    assert!(o.status.success(), "{o:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_room_bot_that_sends_garbage_stays_silent_or_cheats_loses_with_a_verdict() {
    loses_with_a_verdict("room_first.py", "changsha");
    // At 换三张 the picks are named as the table names them to the bot: `give …`.
    let bot = room_bot("illegal");
    let o = hupai(&[
        "game",
        "play",
        "--rules",
        "sichuan",
        "--switch",
        "exchange=next",
        "--bot",
        &bot,
        "--timeout-ms",
        "60000",
        "--json",
    ]);
    let why = json(&o)["verdict"]["why"].as_str().unwrap().to_string();
    assert!(why.contains("give") && !why.contains("discard"), "{why}");
    // Riichi takes no switch; a room takes no --east; a room's players are random or ukeire.
    for args in [
        &["--switch", "hands=1"][..],
        &["--rules", "sichuan", "--east"],
        &["--rules", "sichuan", "--agents", "odds"],
        &["--rules", "sichuan", "--switch", "birds=2"],
    ] {
        let mut all = vec!["game", "play", "--bot", "true"];
        all.extend_from_slice(args);
        let o = hupai(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
    }
}
