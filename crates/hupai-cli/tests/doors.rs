//! The doors' common cases (`tests/doors/cases.jsonl` at the root, sent to every door) through
//! `hupai batch`: each request a line, each win a line with its `score` (the batch's shape);
//! an error line, or a refused score, carries the same stable code as every other door's.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

#[path = "../../../tests/doors/cases.rs"]
mod cases;
use cases::{batch_line, cases, check_line};

#[test]
fn every_case_answers_as_in_every_door() {
    let cases: Vec<Value> = cases()
        .into_iter()
        .filter(|c| c["what"] != "engine")
        .collect();
    let lines: Vec<String> = cases.iter().map(batch_line).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = lines.join("\n") + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success());
    let answers: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), cases.len());
    for (case, answer) in cases.iter().zip(&answers) {
        check_line(case, answer);
    }
}
