//! `hupai batch` as a co-process, the way a game server written in another language keeps it
//! open: one request written, its answer read, then the next request — the input never ends
//! while the caller waits. Every answer must equal what the library answers for that line.

use hupai::protocol::answer_line;
use hupai::Rules;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long an answer may take before the test calls it missing (the batch would otherwise
/// hold it until the input ends, and the test would hang).
const PATIENCE: Duration = Duration::from_secs(20);

/// A running `hupai batch` with its answers handed over by a reader thread.
struct CoProcess {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<String>,
}

impl CoProcess {
    fn start(args: &[&str]) -> CoProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
            .arg("batch")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        CoProcess {
            child,
            stdin,
            answers,
        }
    }

    /// Writes one request line and waits for its answer.
    fn ask(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        self.answers
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|_| panic!("no answer to {line:?} while the input stays open"))
    }

    fn finish(self) {
        drop(self.stdin);
        let mut child = self.child;
        assert!(child.wait().unwrap().success());
    }
}

/// Random hands of 13 or 14 tiles (MPSZ), from a fixed seed.
fn hands(n: usize) -> Vec<String> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    (0..n)
        .map(|i| {
            let mut counts = [0u8; 34];
            let mut left = 13 + i % 2;
            while left > 0 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let k = (seed >> 33) as usize % 34;
                if counts[k] < 4 {
                    counts[k] += 1;
                    left -= 1;
                }
            }
            hupai::format_counts(&counts)
        })
        .collect()
}

#[test]
fn each_request_is_answered_before_the_next_is_written() {
    let trips: usize = std::env::var("HUPAI_ROUND_TRIPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let hands = hands(500);
    let mut batch = CoProcess::start(&["--rules", "riichi"]);
    let mut latency = Vec::with_capacity(trips);
    for i in 0..trips {
        let hand = &hands[i % hands.len()];
        // Every third request is a bare hand, the others carry an id to echo.
        let line = if i % 3 == 0 {
            hand.clone()
        } else {
            format!(r#"{{"hand":"{hand}","id":{i}}}"#)
        };
        let start = Instant::now();
        let answer = batch.ask(&line);
        latency.push(start.elapsed());
        assert_eq!(
            answer,
            answer_line(&line, i + 1, Rules::riichi()),
            "line {}",
            i + 1
        );
        if i % 3 != 0 {
            assert!(answer.ends_with(&format!(",\"id\":{i}}}")), "{answer}");
        }
    }
    batch.finish();
    latency.sort();
    let at = |q: f64| latency[((latency.len() - 1) as f64 * q) as usize];
    eprintln!(
        "{trips} round trips, one at a time: p50 {:?}, p99 {:?}, max {:?}",
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

#[test]
fn a_nanchang_hand_with_jing_and_its_decompositions() {
    let mut batch = CoProcess::start(&[]);
    // Jing 1z: 1z and 2z are wild. 123m 456p 789s, 45m + a wildcard (3m or 6m), 5m + a
    // wildcard as the pair: a win whose decompositions say what each wildcard stood for.
    let a = batch.ask(
        r#"{"hand":"123m456p789s455m12z","rules":"nanchang","jing":"1z","decompositions":true,"id":"t1"}"#,
    );
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["win"], true, "{a}");
    assert_eq!(v["id"], "t1");
    let decompositions = v["decompositions"].as_array().unwrap();
    let roles: Vec<String> = decompositions
        .iter()
        .map(|d| {
            let mut r: Vec<String> = d["sets"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|s| s["wildcards"].as_array().unwrap().clone())
                .map(|w| {
                    format!(
                        "{}={}",
                        w["tile"].as_str().unwrap(),
                        w["as"].as_str().unwrap()
                    )
                })
                .collect();
            r.sort();
            r.join(" ")
        })
        .collect();
    // One wildcard completes the run (3m or 6m), the other pairs the 5m (among other
    // decompositions, such as 234m 55m with the wildcards as 2m and 3m).
    for want in ["1z=3m 2z=5m", "1z=6m 2z=5m", "1z=2m 2z=3m"] {
        assert!(
            roles.contains(&want.to_string()),
            "{want} missing from {roles:?}"
        );
    }
    // A riichi shanten and ukeire on the same open pipe: 34m123456789s33z waits on 2m and 5m,
    // 4 + 4 tiles left.
    let a = batch.ask(r#"{"hand":"34m123456789s33z","rules":"riichi","id":2}"#);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(
        (v["shanten"].as_i64(), v["ukeire_count"].as_i64()),
        (Some(0), Some(8))
    );
    assert_eq!(v["waits"], serde_json::json!(["2m", "5m"]));
    // Errors keep the id, and the pipe goes on.
    let a = batch.ask(r#"{"hand":"123q","id":"bad"}"#);
    assert!(
        a.starts_with(r#"{"error":"#) && a.ends_with(r#""line":3,"id":"bad"}"#),
        "{a}"
    );
    let a = batch.ask(r#"{"hand":"1m","rules":"nanchang","jing":"12m"}"#);
    assert!(a.contains("jing '12m' must be exactly one tile"), "{a}");
    let a = batch.ask(r#"{"hand":"1m","id":[1]}"#);
    assert!(a.contains("id must be a string or an integer"), "{a}");
    let a = batch.ask(r#"{"hand":"1m","decompositions":"yes"}"#);
    assert!(a.contains("decompositions must be true or false"), "{a}");
    batch.finish();
}

/// `scripts/coprocess.py` (the Python example servers copy): when the co-process dies, a
/// clear message, not a `BrokenPipeError` traceback; with `retries`, a restart (its own run
/// kills the child and checks both).
#[test]
fn the_python_example_says_when_the_coprocess_died() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/coprocess.py");
    let out = Command::new("python3")
        .args([script, "/bin/false", "5"])
        .output()
        .expect("this test runs the Python example: it needs python3 on PATH");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("coprocess: hupai batch exited with code 1"),
        "{err}"
    );
    assert!(!err.contains("Traceback"), "{err}");
    let out = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_hupai"), "50"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
