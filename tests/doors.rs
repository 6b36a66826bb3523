//! The doors' common cases (`tests/doors/cases.jsonl`, read by every door's tests) through the
//! library's own doors: `protocol::Session` (what Node, Lua and Python answer through), a
//! batch line (`Session::answer_line`, what `hupai batch` and the C ABI's `hupai_json_line`
//! answer) and `protocol::engine_settings` (how every binding builds its engine).
#![cfg(feature = "protocol")]

use hupai::protocol::{engine_settings, rules_json, score_json, Code, RequestError, Session};
use hupai::{Rules, TileSet};
use serde_json::Value;

#[path = "doors/cases.rs"]
mod cases;
use cases::{batch_line, cases, check_line, holds};

/// What a door answered: the answer object, or the code of its refusal.
fn check(case: &Value, got: Result<Value, &str>) {
    match (case.get("code"), got) {
        (Some(code), Err(got)) => assert_eq!(code, got, "{case}"),
        (None, Ok(answer)) => assert!(holds(&answer, &case["expect"]), "{case}: {answer}"),
        (_, got) => panic!("{case}: {got:?}"),
    }
}

#[test]
fn every_case_through_the_session_and_a_batch_line() {
    let mut session = Session::new(Rules::chinese(), TileSet::EMPTY);
    let mut seen = [0usize; 4];
    for case in cases() {
        match case["what"].as_str().unwrap() {
            "analyse" => {
                seen[0] += 1;
                let got = session.analyse(&case["request"]);
                let got = got.as_ref().map(|t| serde_json::from_str(t).unwrap());
                check(&case, got.map_err(|r| r.code.name()));
                // A batch line: an error line carries the code.
                let line =
                    session.answer_line(&batch_line(&case), 1, |_| Ok::<(), RequestError>(()));
                check_line(&case, &serde_json::from_str(&line).unwrap());
            }
            "score" => {
                seen[1] += 1;
                let got = session.score(&case["win"]);
                check(
                    &case,
                    got.map(|s| score_json(&Ok(s))).map_err(|r| r.code.name()),
                );
            }
            "engine" => {
                seen[2] += 1;
                let wild: Vec<&str> = case
                    .get("wild")
                    .and_then(Value::as_array)
                    .map(|w| w.iter().map(|t| t.as_str().unwrap()).collect())
                    .unwrap_or_default();
                let jing = case.get("jing").and_then(Value::as_str);
                let got = engine_settings(case.get("rules"), &wild, jing);
                let got = got.map(|(rules, _)| rules_json(&rules));
                check(&case, got.map_err(|_| Code::BadRules.name()));
            }
            "hand" => {
                seen[3] += 1;
                // The string path: the text read, then the engine of the rules asked.
                let rules = Rules::preset(case["rules"].as_str().unwrap()).unwrap();
                let hand = case["hand"].as_str().unwrap();
                let got = hupai::parse_counts(hand)
                    .and_then(|c| hupai::Engine::new(rules).shanten_counts(&c, TileSet::EMPTY))
                    .map(|s| serde_json::json!({ "shanten": s }))
                    .map_err(|e| e.code().name());
                check(&case, got);
                // The object form: the hand alone as a request, the same code.
                let request = serde_json::json!({"hand": hand, "rules": case["rules"]});
                let got = session.analyse(&request);
                let got = got.as_ref().map(|t| serde_json::from_str(t).unwrap());
                check(&case, got.map_err(|r| r.code.name()));
            }
            other => panic!("unknown case kind {other}"),
        }
    }
    assert!(seen.iter().all(|&n| n >= 5), "{seen:?}");
}
