//! The doors' common cases (`tests/doors/cases.jsonl` at the root, sent to every door) through
//! HTTP: each request to `/v1/analyse`, each win to `/v1/score`; a refusal's body carries the
//! same stable code as every other door's; a hand alone as the request of it.

mod common;

use common::{call, conforms};
use hupai_serve::{router, Config};
use serde_json::Value;

#[path = "../../../tests/doors/cases.rs"]
mod doors;
use doors::{batch_line, cases, holds};

#[tokio::test]
async fn every_case_answers_as_in_every_door() {
    let app = router(Config::default());
    let mut asked = 0;
    for case in cases() {
        let (path, body) = match case["what"].as_str().unwrap() {
            "analyse" => match &case["request"] {
                Value::String(line) => ("/v1/analyse", line.clone()),
                other => ("/v1/analyse", other.to_string()),
            },
            "score" => ("/v1/score", case["win"].to_string()),
            // A hand alone: the request of it (HTTP reads no bare text).
            "hand" => ("/v1/analyse", batch_line(&case)),
            _ => continue, // an engine is the server's own (--rules)
        };
        asked += 1;
        let r = call(&app, "POST", path, body).await;
        conforms(path, "POST", &r);
        let answer: Value = serde_json::from_str(&r.body).unwrap();
        match case.get("code") {
            Some(code) => {
                assert!(!r.status.is_success(), "{case}: {}", r.body);
                assert_eq!(answer.get("code"), Some(code), "{case}: {}", r.body);
            }
            None => assert!(holds(&answer, &case["expect"]), "{case}: {}", r.body),
        }
    }
    assert!(asked > 20);
}
