//! The `hupai` binary end to end: the shared oracle sample, batch error handling, and the
//! human subcommands.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn hupai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hupai"))
}

fn batch(args: &[&str], input: &[u8]) -> (Vec<String>, i32) {
    let mut child = hupai()
        .arg("batch")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Write from another thread: a large input would otherwise fill both pipes and deadlock.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    (
        text.lines().map(str::to_string).collect(),
        out.status.code().unwrap_or(-1),
    )
}

/// Ignored by default: a clone need not have `../shared` beside it, and a test that checked
/// nothing must not say `ok`. `.ci/run` runs it with the sweeps (`-- --ignored`), where
/// `../shared` is there: a missing oracle fails.
#[test]
#[ignore = "needs ../shared beside the checkout: `cargo test --release -p hupai-cli --test cli -- --ignored`"]
fn shared_oracle_sample_agrees() {
    let check = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/oracle/check");
    assert!(
        check.exists(),
        "{} is not beside the checkout",
        check.display()
    );
    let out = Command::new("python3")
        .arg(&check)
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_hupai"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "oracle disagrees:\n{text}");
    assert!(text.contains("agree"), "{text}");
}

#[test]
fn batch_answers_every_line_and_reports_errors_by_line() {
    let input = b"34m123456789s33z\n\n{\"hand\": 13}\n\xff\xfe\n{\"hand\": \"11123456789999m\", \"rules\": \"riichi\"}\n{\"hand\": \"1m\", \"oops\": 1}\n";
    let (lines, code) = batch(&[], input);
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 6);
    assert!(
        lines[0].contains("\"waits\":[\"2m\",\"5m\"]"),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        r#"{"error":"empty line","code":"BAD_ARGUMENT","line":2}"#
    );
    assert_eq!(
        lines[2],
        r#"{"error":"hand must be a string","code":"BAD_ARGUMENT","line":3}"#
    );
    assert_eq!(
        lines[3],
        r#"{"error":"line is not valid UTF-8","code":"BAD_ARGUMENT","line":4}"#
    );
    assert!(lines[4].contains("\"win\":true"), "{}", lines[4]);
    assert!(lines[5].contains("unknown field 'oops'") && lines[5].ends_with("\"line\":6}"));
}

/// A game at the table as batch lines (`{"play": …}`), with and without threads: each the
/// library's table of the same fields, its id last; a refusal an error line, the batch going
/// on.
#[test]
fn batch_plays_the_table_on_play_lines() {
    use hupai::protocol::{play_room_table, RoomTableRequest};
    let input = b"{\"play\": \"changsha\", \"seed\": 4, \"id\": \"t\"}\n{\"play\": \"go\"}\n123m456p789s1122z\n";
    for threads in ["1", "2"] {
        let (lines, code) = batch(&["--threads", threads], input);
        assert_eq!((code, lines.len()), (0, 3));
        let request: RoomTableRequest =
            serde_json::from_str(r#"{"rules": "changsha", "seed": 4}"#).unwrap();
        let mut table = play_room_table(&request).unwrap();
        table["id"] = "t".into();
        let answer: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
        assert_eq!(answer, table);
        assert!(lines[1].contains("BAD_ARGUMENT") && lines[1].ends_with("\"line\":2}"));
        assert!(lines[2].contains("\"tiles\":13"), "{}", lines[2]);
    }
}

#[test]
fn batch_default_rules_come_from_the_flag() {
    let hand = b"123456789m55p124z\n";
    let (nanchang, _) = batch(&["--rules", "nanchang"], hand);
    let (chinese, _) = batch(&[], hand);
    assert!(nanchang[0].contains("\"win\":true"));
    assert!(chinese[0].contains("\"win\":false"));
    let (_, code) = batch(&["--rules", "hongkong"], b"");
    assert_eq!(code, 2);
}

#[test]
fn check_prints_the_wildcard_role_and_exit_code() {
    let out = hupai()
        .args(["check", "1111m456789p1239s", "--wild", "9s"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(text.contains("WIN"), "{text}");
    assert!(text.contains("wildcard 9s stands for 1m"), "{text}");
    let out = hupai()
        .args(["check", "1111m456789p1239s"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = hupai().args(["check", "12q"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("unknown character 'q'"));
}

#[test]
fn analyse_shows_the_discard_report() {
    let out = hupai()
        .args(["analyse", "23569m456p789s11z4m", "--rules", "riichi"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("tenpai") || text.contains("shanten"),
        "{text}"
    );
    let out = hupai()
        .args(["analyse", "23569m456p789s11z", "--rules", "riichi"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("1m 4m 7m (12 remaining)"), "{text}");
}

#[test]
fn analyse_odds_are_the_batch_answers_numbers() {
    let hand = "12455m34567p6777s";
    let out = hupai()
        .args(["analyse", hand, "--rules", "riichi", "--odds", "17"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let line = format!(r#"{{"hand":"{hand}","rules":"riichi","odds":{{"draws":17}}}}"#);
    let (answers, _) = batch(&[], format!("{line}\n").as_bytes());
    let answer: serde_json::Value = serde_json::from_str(&answers[0]).unwrap();
    let odds = &answer["odds"];
    let best = odds["best"].as_str().unwrap();
    for row in odds["rows"].as_array().unwrap() {
        let tile = row["tile"].as_str().unwrap();
        let shown = text
            .lines()
            .find(|l| l.trim_start().starts_with(tile))
            .unwrap_or_else(|| panic!("no row for {tile}: {text}"));
        let pct = |key: &str| format!("{:.2}", 100.0 * row[key][16].as_f64().unwrap());
        if row["win"].as_array().unwrap().is_empty() {
            assert!(shown.contains(" - "), "{shown}");
            continue;
        }
        assert!(
            shown.contains(&format!("{}  {}", pct("tenpai"), pct("win"))),
            "{shown}"
        );
        assert_eq!(shown.contains(" * "), tile == best, "{shown}");
    }
    // --json is the batch answer, odds included.
    let out = hupai()
        .args(["analyse", hand, "--rules", "riichi", "--odds", "--json"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), answers[0]);
    // A 13-tile hand: one line; bad options: a message and exit code 2.
    let out = hupai()
        .args([
            "analyse",
            "123m456p789s1122z",
            "--rules",
            "riichi",
            "--odds",
            "5",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("within 5 draws (best play): tenpai 100.00%"),
        "{text}"
    );
    for bad in [
        &["--odds", "0"][..],
        &["--odds", "5", "--odds-model", "wall"][..],
    ] {
        let out = hupai()
            .args(["analyse", "123m456p789s1122z"])
            .args(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(
            String::from_utf8(out.stderr).unwrap().contains("--odds"),
            "{bad:?}"
        );
    }
}

#[test]
fn tables_generate_verify_and_use_with_the_cli() {
    let dir = std::env::temp_dir().join(format!("hupai-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = hupai()
        .args(["tables", "generate", "--rules", "riichi", "-q", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = hupai()
        .args(["tables", "verify", "-q"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout).unwrap().contains("verified"));
    let out = hupai()
        .args(["check", "11123456789999m", "--rules", "riichi", "--tables"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    // A riichi set has no honor-run tables: nanchang is refused with a reason.
    let out = hupai()
        .args([
            "check",
            "11123456789999m",
            "--rules",
            "nanchang",
            "--tables",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("honor-runs"));
    // One flipped byte: verify fails, naming the file.
    let path = dir.join("suit.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[100] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let out = hupai()
        .args(["tables", "verify", "-q"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("suit.bin: checksum mismatch"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn batch_threads_keep_the_input_order() {
    let mut input = String::new();
    for i in 0..20_000 {
        match i % 7 {
            0 => input.push_str("12q\n"),
            1 => input.push_str("{\"hand\": \"11123456789999m\", \"rules\": \"riichi\"}\n"),
            _ => input.push_str(&format!("{}m123456789s11z{}p\n", 1 + i % 7, 1 + i % 9)),
        }
    }
    let (one, c1) = batch(&["--threads", "1"], input.as_bytes());
    let (four, c4) = batch(&["--threads", "4"], input.as_bytes());
    assert_eq!((c1, c4), (0, 0));
    assert_eq!(one.len(), 20_000);
    assert_eq!(one, four);
    assert!(four[7].ends_with("\"line\":8}"), "{}", four[7]);
}

#[test]
fn batch_survives_hostile_input_with_bounded_memory() {
    // NUL bytes, invalid UTF-8, deep JSON nesting, numbers for strings, a 100 MB line,
    // a million empty lines: one answer per line, each bad one an error, the batch goes on.
    let mut input = Vec::new();
    input.extend_from_slice(b"12m\0 3p\n");
    input.extend_from_slice(b"\xc3\x28\n");
    input.extend_from_slice(format!("{}{}\n", "[".repeat(100_000), "]".repeat(100_000)).as_bytes());
    input.extend_from_slice(
        format!(
            "{{\"hand\": {}{}}}\n",
            "[".repeat(20_000),
            "]".repeat(20_000)
        )
        .as_bytes(),
    );
    input.extend_from_slice(b"{\"hand\": 5, \"rules\": 7}\n");
    input.extend_from_slice(b"{\"hand\": \"11123456789999m\", \"wild\": [1]}\n");
    input.extend(std::iter::repeat_n(b'1', 100 << 20));
    input.extend_from_slice(b"\n");
    input.extend(std::iter::repeat_n(b'\n', 1_000_000));
    input.extend_from_slice(b"11123456789999m\n");
    let (lines, code) = batch(&[], &input);
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 7 + 1_000_000 + 1);
    for (i, l) in lines[..7 + 1_000_000].iter().enumerate() {
        assert!(l.starts_with("{\"error\""), "line {}: {l}", i + 1);
        assert!(
            l.ends_with(&format!("\"line\":{}}}", i + 1)),
            "line {}: {l}",
            i + 1
        );
    }
    assert!(lines[0].contains("NUL"));
    assert!(lines[3].contains("malformed JSON"), "{}", lines[3]);
    assert!(lines[6].contains("longer than 65536 bytes"));
    assert!(lines.last().unwrap().contains("\"win\":true"));
}

#[test]
fn a_discard_lists_its_own_kind_when_drawing_it_back_helps() {
    // CONTRACT.md: discard 2m from 123m456p789s11122z waits on 2m, 3 left.
    let out = hupai()
        .args(["analyse", "123m456p789s11122z", "--rules", "riichi"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("2m"))
        .unwrap();
    assert!(
        line.contains("tenpai") && line.ends_with("2m (3)"),
        "{text}"
    );
}

#[test]
fn wild_entries_are_one_tile_each() {
    for args in [
        vec!["--wild", "56m"],
        vec!["--wild", "5m,5m"],
        vec!["--wild", "5m,"],
        vec!["--jing", "12m"],
    ] {
        let out = hupai()
            .args(["check", "1111m456789p1239s"])
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("wild entry") || err.contains("--jing"),
            "{err}"
        );
    }
    let (lines, code) = batch(
        &[],
        b"{\"hand\":\"1111m456789p1239s\",\"wild\":[\"56m\"]}\n{\"hand\":\"1111m456789p1239s\",\"wild\":[\"9s\"]}\n",
    );
    assert_eq!(code, 0);
    assert!(lines[0].contains("wild entry '56m'"), "{}", lines[0]);
    assert!(lines[1].contains("\"win\":true"), "{}", lines[1]);
    // A field given twice is an error, not the last one silently.
    let (lines, _) = batch(&[], b"{\"hand\":\"123m456p789s1122z\",\"hand\":\"1m\"}\n");
    assert!(
        lines[0].contains("field 'hand' given twice"),
        "{}",
        lines[0]
    );
}

#[cfg(target_os = "linux")]
mod peak;
#[cfg(target_os = "linux")]
use peak::reap_with_peak;

/// The reproducer of the hardening issue: 8,192 lines of 65,536 control bytes (512 MiB) used
/// to peak at 3.8 GB and write 3.2 GB. Now: one short error per line, bounded memory, for
/// one thread and for the most threads allowed.
#[cfg(target_os = "linux")]
#[test]
// The child is reaped by `reap_with_peak` (wait4), which clippy does not see.
#[allow(clippy::zombie_processes)]
fn batch_memory_stays_bounded_on_long_bad_lines() {
    use std::io::Read;
    let most = std::thread::available_parallelism().map_or(1, |n| n.get()) * 4;
    for threads in ["1".to_string(), most.to_string()] {
        let mut child = hupai()
            .args(["batch", "--threads", threads.as_str()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let mut line = vec![1u8; 65536];
            line.push(b'\n');
            for _ in 0..8192 {
                stdin.write_all(&line)?;
            }
            Ok::<_, std::io::Error>(())
        });
        let mut out = Vec::new();
        child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
        // Reaped here, not by `child.wait()`: the rusage comes with the reaping.
        let (success, peak_kb) = reap_with_peak(child.id());
        writer.join().unwrap().unwrap();
        assert!(success);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 8192);
        assert!(text
            .lines()
            .all(|l| l.starts_with("{\"error\"") && l.len() < 1500));
        assert!(
            // A hupai process holds a few MiB at least: a reading of 0 would be no reading.
            peak_kb > 1024 && peak_kb <= 128 * 1024,
            "peak {peak_kb} KiB with {threads} threads"
        );
    }
}

#[test]
fn write_errors_and_closed_output_are_reported() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let gen_dir = std::env::temp_dir().join(format!("hupai-full-{}", std::process::id()));
    let gen_dir = gen_dir.to_str().unwrap().to_string();
    let snapshot = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tables");
    for args in [
        vec!["check", "11123456789999m"],
        vec!["analyse", "11123456789999m"],
        vec!["tables", "verify", snapshot, "-q"],
        vec![
            "tables",
            "generate",
            "--out",
            gen_dir.as_str(),
            "--rules",
            "riichi",
        ],
    ] {
        let out = hupai().args(&args).stdout(full()).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&gen_dir);
    // batch: a full disk, then a closed stdout (the runtime would make it a silent sink).
    let mut child = hupai()
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(full())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"11123456789999m\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3));
}

/// A reader that closes the pipe once satisfied (`hupai batch | head`), `/dev/null` opened
/// read-write (Python's `subprocess.DEVNULL`) and a closed stdout (which the Rust runtime
/// reopens as that same `/dev/null`) are normal ends: no message, the subcommand's own exit
/// code.
#[test]
fn a_satisfied_reader_and_devnull_are_normal_ends() {
    let exe = env!("CARGO_BIN_EXE_hupai");
    let run = |script: &str| {
        let out = Command::new("bash").arg("-c").arg(script).output().unwrap();
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (stdout, stderr) = run(&format!(
        "set -o pipefail; yes 123m456p789s1122z | head -200000 | '{exe}' batch | head -2 >/dev/null; echo \"${{PIPESTATUS[2]}}\""
    ));
    assert_eq!((stdout.trim(), stderr.as_str()), ("0", ""));
    let (stdout, stderr) = run(&format!(
        "'{exe}' analyse 23569m456p789s11z4m --rules riichi | head -1 >/dev/null; echo \"${{PIPESTATUS[0]}}\""
    ));
    assert_eq!((stdout.trim(), stderr.as_str()), ("0", ""));
    for (sub, code) in [
        ("batch < /dev/null", 0),
        ("check 11123456789999m", 0),
        ("check 123m456p789s1122z", 1),
    ] {
        for redirect in [">&-", "1<>/dev/null"] {
            let out = Command::new("bash")
                .arg("-c")
                .arg(format!("exec '{exe}' {sub} {redirect}"))
                .output()
                .unwrap();
            assert_eq!(out.stderr, b"", "{sub} {redirect}");
            assert_eq!(out.status.code(), Some(code), "{sub} {redirect}");
        }
    }
    let status = Command::new(exe)
        .args(["check", "11123456789999m"])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn threads_are_validated() {
    for n in ["0", "100000", "18446744073709551615"] {
        let out = hupai().args(["batch", "--threads", n]).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{n}: {err}");
        assert!(err.contains("--threads"), "{err}");
    }
    let (lines, code) = batch(&["--threads", "2"], b"11123456789999m\n");
    assert_eq!((lines.len(), code), (1, 0));
}

#[test]
fn help_names_every_preset_and_batch_takes_each() {
    for cmd in ["check", "analyse", "batch"] {
        let out = hupai().args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        for name in hupai::Rules::PRESETS {
            assert!(
                help.contains(name),
                "`hupai {cmd} --help` does not name {name}"
            );
        }
    }
    // A bare line is read under the default rules like a JSON line: hongzhong's 7z is wild.
    let (lines, _) = batch(&["--rules", "hongzhong"], b"12345678m1234p7z\n");
    let (json, _) = batch(&[], br#"{"hand":"12345678m1234p7z","rules":"hongzhong"}"#);
    assert_eq!(lines[0], json[0]);
    assert!(lines[0].contains("\"shanten\":0"), "{}", lines[0]);
    // Each preset answers a hand of suited tiles; an honor is refused where honors are out
    // of play.
    for name in hupai::Rules::PRESETS {
        let rules = hupai::Rules::preset(name).unwrap();
        let (lines, code) = batch(
            &["--rules", name],
            b"123456789m123p55s\n123456789m123p5s1z\n",
        );
        assert_eq!(code, 0);
        assert!(lines[0].contains("\"tiles\":14"), "{name}: {}", lines[0]);
        let honors = rules.in_play().contains("1z".parse().unwrap());
        assert_eq!(
            lines[1].contains("not in play"),
            !honors,
            "{name}: {}",
            lines[1]
        );
    }
}

/// Rule switches from the command line (`--switch`) and from a request's `"rules"` object
/// give the library's answers; bad switches are refused with a message naming them.
#[test]
fn switches_override_a_preset_on_every_front_end() {
    use hupai::{protocol::answer_line, Pattern, Patterns, Rules};
    let gate = Rules {
        plain_win: false,
        patterns: Patterns::of(&[Pattern::OneSuit, Pattern::AllPungs]),
        ..Rules::chinese()
    };
    let hands = [
        "123456789m123p55p",
        "11123456789999m",
        "111222333m444p55s",
        "1112345678999m",
    ];
    let lines: Vec<String> = hands
        .iter()
        .map(|h| {
            format!(r#"{{"hand":"{h}","rules":{{"plain_win":false,"patterns":["one_suit","all_pungs"]}}}}"#)
        })
        .collect();
    let (from_objects, code) = batch(&[], lines.join("\n").as_bytes());
    assert_eq!(code, 0);
    let (from_flags, _) = batch(
        &[
            "--switch",
            "plain_win=false",
            "--switch",
            "patterns=one_suit,all_pungs",
        ],
        hands.join("\n").as_bytes(),
    );
    for (i, h) in hands.iter().enumerate() {
        let library = answer_line(h, i + 1, gate);
        assert_eq!(from_objects[i], library, "{h}");
        assert_eq!(from_flags[i], library, "{h}");
    }
    assert!(from_objects[0].contains(r#""win":false"#));
    assert!(
        from_objects[1].contains(r#""patterns":["one_suit"]"#),
        "{}",
        from_objects[1]
    );
    assert!(
        from_objects[2].contains(r#""patterns":["all_pungs"]"#),
        "{}",
        from_objects[2]
    );
    // check and analyse take the same switches.
    let out = hupai()
        .args(["check", "111m222333p44466s", "--rules", "changsha"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = hupai()
        .args([
            "check",
            "111m222333p44466s",
            "--rules",
            "changsha",
            "--switch",
            "patterns=",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "the strict decomposition refuses it"
    );
    // analyse shows how far each form and each pattern is.
    let out = hupai()
        .args(["analyse", "111m222333p4446s", "--rules", "changsha"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("shanten per form: melds and a pair 1, seven pairs 2, all pungs (碰碰胡) 0"),
        "{text}"
    );
    for (bad, says) in [
        ("plain=false", "unknown switch 'plain'"),
        ("plain_win", "NAME=VALUE"),
        ("patterns=two_suits", "unknown pattern 'two_suits'"),
        ("plain_win=maybe", "true or false"),
    ] {
        let out = hupai()
            .args(["check", "11123456789999m", "--switch", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{bad}: {err}");
    }
    let (answers, _) = batch(
        &[],
        br#"{"hand":"11123456789999m","rules":{"preset":"changsha","seven_pairs":"some"}}
{"hand":"11123456789999m","rules":5}"#,
    );
    assert!(
        answers[0].contains("seven_pairs takes one of"),
        "{}",
        answers[0]
    );
    assert!(
        answers[1].contains("rules must be a preset name or an object"),
        "{}",
        answers[1]
    );
}

fn run_hupai(args: &[&str]) -> (i32, String, String) {
    let out = hupai().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The help and the README point to what a clone has (`docs/`), and say how to install.
#[test]
fn help_and_readme_point_to_files_a_clone_has() {
    for args in [
        vec!["--help"],
        vec!["check", "--help"],
        vec!["analyse", "--help"],
        vec!["batch", "--help"],
        vec!["tables", "--help"],
    ] {
        let (code, text, _) = run_hupai(&args);
        assert_eq!(code, 0);
        assert!(!text.contains("shared/"), "{args:?}: {text}");
    }
    // `serve` is a feature: without it the subcommand says how to build it.
    let (code, text, err) = run_hupai(&["serve", "--help"]);
    if cfg!(feature = "serve") {
        assert_eq!(code, 0);
        assert!(!text.contains("shared/"), "{text}");
        // Bounds past the machine's memory are refused before a port is taken.
        let (code, _, err) = run_hupai(&[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--odds-states",
            "3000000",
            "--odds-concurrency",
            "1000",
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("more than this machine's"), "{err}");
    } else {
        assert_eq!(code, 2);
        assert!(err.contains("--features serve"), "{err}");
    }
    let readme = include_str!("../../../README.md");
    for gone in [
        "shared/CONTRACT.md",
        "shared/DESIGN.md",
        "shared/oracle/check",
    ] {
        assert!(!readme.contains(gone), "README names {gone}");
    }
    assert!(readme.contains("cargo install --locked --path crates/hupai-cli"));
    let (_, text, _) = run_hupai(&["batch", "--help"]);
    assert!(text.contains("docs/CONTRACT.md"), "{text}");
}

/// --jing is Nanchang's: refused under other rules and together with --wild; the text
/// answers open with the rules, the wild kinds (正精 / 副精) and the melds.
#[test]
fn flags_that_contradict_are_refused_and_the_header_says_what_was_evaluated() {
    let (code, _, err) = run_hupai(&[
        "check",
        "123m456p789s1122z",
        "--jing",
        "5m",
        "--rules",
        "riichi",
    ]);
    assert_eq!(code, 2);
    // The message of every front end (a batch line, the HTTP API, Python), naming the option.
    assert!(
        err.contains(&format!("--{}", hupai::protocol::JING_NOT_PLAYED)),
        "{err}"
    );
    let (answers, _) = batch(
        &[],
        br#"{"hand":"123m456p789s1122z","rules":"riichi","jing":"5m"}"#,
    );
    assert!(
        answers[0].contains(hupai::protocol::JING_NOT_PLAYED),
        "{}",
        answers[0]
    );
    // A preset with the switch on takes it; nanchang with it off does not.
    let (code, _, _) = run_hupai(&[
        "check",
        "123m456p789s1122z",
        "--jing",
        "5m",
        "--switch",
        "jing=true",
    ]);
    assert_ne!(code, 2, "refused"); // 1: not a win
    let (code, _, err) = run_hupai(&[
        "check",
        "123m456p789s1122z",
        "--rules",
        "nanchang",
        "--switch",
        "jing=false",
        "--jing",
        "5m",
    ]);
    assert_eq!(code, 2, "{err}");
    // Wild kinds the rules leave out of play: each named, as by every front end.
    let (code, _, err) = run_hupai(&[
        "check",
        "123m456p789s1155s",
        "--rules",
        "sichuan",
        "--wild",
        "1z,2z",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("wild kinds 1z, 2z are not in play under these rules"),
        "{err}"
    );
    let (code, _, err) = run_hupai(&[
        "check",
        "123m456p789s1122z",
        "--rules",
        "nanchang",
        "--jing",
        "5m",
        "--wild",
        "6m",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--jing") && err.contains("--wild"), "{err}");
    let (_, out, _) = run_hupai(&[
        "analyse",
        "235599m4456p78s12z",
        "--rules",
        "nanchang",
        "--jing",
        "1z",
    ]);
    assert_eq!(
        out.lines().next(),
        Some("rules: nanchang · wild: 1z (正精) 2z (副精)")
    );
    let (_, out, _) = run_hupai(&[
        "check",
        "11m234p567s",
        "--melds",
        "555z,789s",
        "--rules",
        "riichi",
    ]);
    assert_eq!(
        out.lines().next(),
        Some("rules: riichi · wild: none · melds: 555z 789s")
    );
    let (_, out, _) = run_hupai(&["check", "1111m456789p1239s", "--wild", "9s"]);
    assert_eq!(out.lines().next(), Some("rules: chinese · wild: 9s"));
}

/// `check --json` is the batch answer (same fields, same order) with its decompositions; a 14-tile
/// hand that does not win says its shanten in the words a 13-tile hand uses.
#[test]
fn check_json_is_the_batch_answer_and_the_words_agree() {
    for hand in ["11123456789999m", "123m456p789s11223z", "19m19p19s1234567z"] {
        let (_, json, _) = run_hupai(&["check", hand, "--json", "--rules", "riichi"]);
        let line = format!(r#"{{"hand":"{hand}","rules":"riichi","decompositions":true}}"#);
        let (lines, _) = batch(&[], format!("{line}\n").as_bytes());
        assert_eq!(json.trim_end(), lines[0], "{hand}");
    }
    let (code, out, _) = run_hupai(&["check", "123m456p789s11223z"]);
    assert_eq!(code, 1);
    assert!(out.contains("not a win, tenpai"), "{out}");
    let (_, out, _) = run_hupai(&["check", "123m456p789s13567z"]);
    assert!(out.contains("not a win, 2-shanten"), "{out}");
}

/// A wild entry of two tiles is said once, not twice.
#[test]
fn a_bad_wild_entry_is_said_once() {
    let (code, _, err) = run_hupai(&["check", "123m456p789s1122z", "--wild", "56m"]);
    assert_eq!(code, 2);
    assert_eq!(err.matches("one tile").count(), 1, "{err}");
    assert!(err.contains("'56m'"), "{err}");
}

/// `tables generate` gives 2 for bad input like every subcommand; `verify` 1 for a set that
/// differs, 2 for one it cannot read; a bad image is named, not the manifest.
#[test]
fn tables_exit_codes_and_a_bad_file_is_named() {
    let dir = std::env::temp_dir().join(format!("hupai-bad-{}", std::process::id()));
    let dir_s = dir.to_str().unwrap().to_string();
    let (code, _, _) = run_hupai(&[
        "tables",
        "generate",
        "--out",
        "/proc/no/such",
        "-q",
        "--rules",
        "riichi",
    ]);
    assert_eq!(code, 2);
    let (code, _, err) = run_hupai(&["tables", "verify", "/no/such/set", "-q"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = run_hupai(&[
        "tables", "generate", "--out", &dir_s, "-q", "--rules", "riichi",
    ]);
    assert_eq!(code, 0);
    // Flip a byte of honor.bin and record its new checksum: the manifest is right, the image
    // is not.
    let bin = dir.join("honor.bin");
    let mut bytes = std::fs::read(&bin).unwrap();
    let at = bytes.len() - 3;
    bytes[at] ^= 0x55;
    std::fs::write(&bin, &bytes).unwrap();
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    let mut m: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    for f in m["files"].as_array_mut().unwrap() {
        if f["file"] == "honor.bin" {
            use sha2::Digest;
            let sum = sha2::Sha256::digest(&bytes);
            f["sha256"] = sum
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
                .into();
        }
    }
    std::fs::write(dir.join("manifest.json"), m.to_string()).unwrap();
    let (code, _, err) = run_hupai(&["check", "123m456p789s1122z", "--tables", &dir_s]);
    assert_eq!(code, 2);
    assert!(
        err.contains("honor.bin") && !err.contains("manifest.json"),
        "{err}"
    );
    let (code, _, err) = run_hupai(&["tables", "verify", &dir_s, "-q"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("honor.bin"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// What players paste: split arguments, upper case, Unicode tiles, Chinese and Japanese names;
/// errors point at the character and teach the notation; --lang labels.
#[test]
fn players_notation_and_languages() {
    let plain = run_hupai(&["analyse", "34568m5678p23567s"]).1;
    let body = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
    for args in [
        vec!["analyse", "34568m", "5678p", "23567s"],
        vec!["analyse", "34568M 5678P 23567S"],
        vec!["analyse", "三四五六八万", "5678筒", "23567条"],
        vec!["analyse", "🀉🀊🀋🀌🀎🀝🀞🀟🀠🀑🀒🀔🀕🀖"],
    ] {
        let (code, out, err) = run_hupai(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(body(&out), body(&plain), "{args:?}");
    }
    let (_, out, _) = run_hupai(&["check", "123m456p789s 東東 中中中", "--rules", "riichi"]);
    assert!(out.contains("123m456p789s11777z"), "{out}");
    let (_, out, _) = run_hupai(&["check", "123m456p789s 东东 白白白", "--rules", "riichi"]);
    assert!(out.contains("11555z"), "{out}");
    let (code, _, err) = run_hupai(&["check", "123m4x56p"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown character 'x'") && err.contains("     ^"),
        "{err}"
    );
    assert!(err.contains("東 南 西 北 白 發 中"), "{err}");
    let (_, _, err) = run_hupai(&["check", "123m456p789s1189z"]);
    assert!(err.contains("there is no 8z"), "{err}");
    let (_, out, _) = run_hupai(&[
        "analyse",
        "23569m456p789s11z",
        "--rules",
        "riichi",
        "--lang",
        "zh",
    ]);
    assert!(
        out.contains("1向听") && out.contains("进张") && out.contains("改良"),
        "{out}"
    );
    let (_, out, _) = run_hupai(&[
        "analyse",
        "34m123456789s33z",
        "--rules",
        "riichi",
        "--lang",
        "ja",
    ]);
    assert!(
        out.contains("聴牌") && out.contains("待ち") && out.contains("受け入れ"),
        "{out}"
    );
    let (_, out, _) = run_hupai(&["check", "34m123456789s33z", "--lang", "zh"]);
    assert!(out.contains("听牌"), "{out}");
}

/// `hupai batch` on a file: progress on stderr when it is a terminal (through `script`, which
/// gives the run a terminal), nothing otherwise.
#[test]
fn batch_progress_only_on_a_terminal() {
    let dir = std::env::temp_dir().join(format!("hupai-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("hands.txt");
    let line = "{\"hand\":\"123456789m12345p\",\"decompositions\":true}\n";
    std::fs::write(&input, line.repeat(150_000)).unwrap();
    let exe = env!("CARGO_BIN_EXE_hupai");
    let out = Command::new(exe)
        .arg("batch")
        .stdin(std::fs::File::open(&input).unwrap())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.stderr, b"", "silent when stderr is not a terminal");
    let typescript = dir.join("typescript");
    // The bar appears after a second: half the lines, a pause, the rest, so that the run
    // outlasts that second however fast the machine (150,000 lines alone take less).
    let script = format!(
        "{{ head -n 75000 '{f}'; sleep 1.5; tail -n 75000 '{f}'; }} | '{exe}' batch > /dev/null",
        f = input.display()
    );
    let ran = Command::new("script")
        .args(["-qfc", &script, typescript.to_str().unwrap()])
        .stdout(Stdio::null())
        .status();
    // `script` (util-linux) gives the batch a terminal: without it this half cannot run.
    let status = ran.expect("this test needs `script` (util-linux) on PATH for a terminal");
    assert!(status.success());
    let shown = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).to_string();
    assert!(shown.contains("lines/s"), "{shown}");
    assert!(shown.contains("hupai batch: 150000 lines in"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[path = "../../../tests/doors/cases.rs"]
mod doors;

/// The doors' common cases (`tests/doors/cases.jsonl` at the root, sent to every door) through
/// `hupai batch`: each request a line, each win a line with its `score` (the batch's shape);
/// an error line, or a refused score, carries the same stable code as every other door's.
#[test]
fn batch_answers_the_doors_cases_as_every_door() {
    let cases: Vec<_> = doors::cases()
        .into_iter()
        .filter(|c| c["what"] != "engine")
        .collect();
    let input = cases
        .iter()
        .map(doors::batch_line)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let (lines, code) = batch(&[], input.as_bytes());
    assert_eq!((code, lines.len()), (0, cases.len()));
    for (case, line) in cases.iter().zip(&lines) {
        doors::check_line(case, &serde_json::from_str(line).unwrap());
    }
    // A hand's string form: a bare line under `--rules`.
    let mut bare = 0;
    for case in cases.iter().filter(|c| c["what"] == "hand") {
        let rules = case["rules"].as_str().unwrap();
        let line = format!("{}\n", case["hand"].as_str().unwrap());
        let (lines, _) = batch(&["--rules", rules], line.as_bytes());
        doors::check_line(case, &serde_json::from_str(&lines[0]).unwrap());
        bare += 1;
    }
    assert!(bare >= 5, "{bare}");
}

/// Errors in the reader's language (#67 item 15): under `--lang zh|ja` each command's error
/// is said in it, its values (tiles, counts, paths) kept; under `en` as before.
#[test]
fn errors_are_said_in_the_language_asked() {
    let cases: [(&[&str], &str, &str, &str); 6] = [
        (
            &["check", "12q"],
            "unknown character 'q'",
            "无法识别的字符 'q'",
            "読めない文字 'q'",
        ),
        (
            &["check", "1234m"],
            "wrong tile count: 4 concealed",
            "张数不对：手牌 4 张",
            "枚数が合いません：手牌 4 枚",
        ),
        (
            &["analyse", "11111m23p"],
            "more than 4 copies of 1m",
            "手牌中 1m 超过 4 张",
            "手牌の 1m が 4 枚",
        ),
        (
            &["score", "123m456p789s1122z", "--win", "9z"],
            "bad tile string: '9z' (there is no tile 9z)",
            "牌的写法有误：'9z'（没有 9z 这张牌）",
            "牌の表記が正しくありません：'9z'（9z という牌はありません）",
        ),
        (
            &["check", "123m", "--rules", "hongkong"],
            "unknown preset 'hongkong'",
            "未知的规则预设 'hongkong'",
            "知らないプリセット 'hongkong'",
        ),
        (
            &["review", "/nonexistent/record.json"],
            "/nonexistent/record.json: No such file",
            "/nonexistent/record.json: 没有这个文件或目录",
            "/nonexistent/record.json: そのようなファイルやディレクトリはありません",
        ),
    ];
    for (args, en, zh, ja) in cases {
        for (lang, want) in [("en", en), ("zh", zh), ("ja", ja)] {
            let out = hupai().args(args).args(["--lang", lang]).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(stderr.contains(want), "{args:?} --lang {lang}: {stderr}");
            assert_ne!(out.status.code(), Some(0), "{args:?}");
        }
    }
}
