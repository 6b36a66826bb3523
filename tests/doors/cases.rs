//! The doors' common cases (`cases.jsonl` beside this file) as every Rust door's test reads
//! them: included with `#[path]` by `tests/doors.rs` and the CLI's, server's and C ABI's
//! `tests/doors.rs`.
#![allow(dead_code)]

use serde_json::{json, Value};

/// Every case of the file.
pub fn cases() -> Vec<Value> {
    let text = include_str!("cases.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `got` holds every key of `want` with the same value.
pub fn holds(got: &Value, want: &Value) -> bool {
    want.as_object()
        .unwrap()
        .iter()
        .all(|(k, v)| got.get(k) == Some(v))
}

/// A case's request or win as a batch line: a line as it is, a request object as its JSON,
/// a win as the hand, its calls as melds, its rules, its id, and the rest its `score`; a
/// hand as the request of it alone (its object form).
pub fn batch_line(case: &Value) -> String {
    if case["what"] == "hand" {
        return json!({"hand": case["hand"], "rules": case["rules"]}).to_string();
    }
    match (&case["request"], &case["win"]) {
        (Value::String(line), _) => line.clone(),
        (Value::Null, Value::Object(win)) => {
            let mut score = win.clone();
            let hand = score.remove("hand").unwrap();
            let rules = score.remove("rules").unwrap_or(json!("riichi"));
            let melds = score.remove("calls").unwrap_or(json!([]));
            let mut line = json!({"hand": hand, "rules": rules, "melds": melds, "score": score});
            // A win's id is the line's.
            if let Some(id) = line["score"].as_object_mut().unwrap().remove("id") {
                line["id"] = id;
            }
            line.to_string()
        }
        (request, _) => request.to_string(),
    }
}

/// Checks a batch line's answer: a refusal's code (the line's, or its `score`'s for a win),
/// or the expected part of the answer (of its `score` for a win).
pub fn check_line(case: &Value, answer: &Value) {
    let answer = match case["what"].as_str() {
        Some("score") if answer.get("error").is_none() => &answer["score"],
        _ => answer,
    };
    match case.get("code") {
        Some(code) => assert_eq!(answer.get("code"), Some(code), "{case}: {answer}"),
        None => assert!(holds(answer, &case["expect"]), "{case}: {answer}"),
    }
}
