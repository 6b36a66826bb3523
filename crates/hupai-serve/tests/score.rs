//! `POST /v1/score` against the engine's own answers (the batch answer's `score`) and the
//! OpenAPI description: scores, the 422 of a win without a yaku, the 400 of bad input.

mod common;

use axum::http::StatusCode;
use common::{call, conforms};
use hupai::protocol::answer_line;
use hupai::Rules;
use hupai_serve::{router, Config};
use serde_json::{json, Value};

#[tokio::test]
async fn score_answers_as_the_batch_and_as_described() {
    let app = router(Config::default());
    let wins = [
        json!({"hand": "234m345m567p22s789s", "win": "5m", "tsumo": true, "riichi": true, "dora": "1p"}),
        json!({"hand": "123m456p11s", "calls": ["pon 555z", "789s"], "win": "1s", "seat": "east", "id": 7}),
        json!({"hand": "567p333555s77z", "calls": ["ankan 4444s"], "win": "3s", "riichi": true, "dora": ["1p"], "ura_dora": ["3s"], "honba": 2}),
        json!({"hand": "19m19p19s12345677z", "win": "7z", "tsumo": true, "double_yakuman": false}),
        json!({"hand": "22334455667788m", "win": "8m", "tsumo": true, "riichi": true, "kazoe": "sanbaiman"}),
        json!({"hand": "147m258p369s123m55z", "win": "5z", "tsumo": true, "flowers": 2, "rules": "guobiao"}),
        json!({"hand": "55m", "win": "5m", "calls": ["kan 1111p", "pon 999s", "chi 123m", "pon 777z"], "rules": "guobiao"}),
    ];
    for w in wins {
        let r = call(&app, "POST", "/v1/score", w.to_string()).await;
        assert_eq!(r.status, StatusCode::OK, "{w}: {}", r.body);
        conforms("/v1/score", "POST", &r);
        let mut score = w.clone();
        let obj = score.as_object_mut().unwrap();
        let (hand, calls, id) = (obj.remove("hand"), obj.remove("calls"), obj.remove("id"));
        let rules = obj.remove("rules").unwrap_or(json!("riichi"));
        let line = json!({"hand": hand, "melds": calls.unwrap_or(json!([])), "rules": rules, "score": score});
        let batch: Value =
            serde_json::from_str(&answer_line(&line.to_string(), 1, Rules::chinese())).unwrap();
        let mut ours: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(ours.as_object_mut().unwrap().remove("id"), id);
        assert_eq!(ours, batch["score"], "{w}");
    }
}

#[tokio::test]
async fn score_refusals_are_described() {
    let app = router(Config::default());
    let cases = [
        (
            json!({"hand": "123m456p789s23455s", "win": "5s"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "no yaku",
        ),
        (
            json!({"hand": "123456m1239p55s11z", "win": "1z"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "not a win (0-shanten)",
        ),
        (
            json!({"hand": "123m", "win": "1m"}),
            StatusCode::BAD_REQUEST,
            "14",
        ),
        (json!({"win": "1m"}), StatusCode::BAD_REQUEST, "hand"),
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "tsumoo": true}),
            StatusCode::BAD_REQUEST,
            "unknown score field",
        ),
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "rules": "chinese"}),
            StatusCode::BAD_REQUEST,
            "score no wins",
        ),
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "rules": "mahjong"}),
            StatusCode::BAD_REQUEST,
            "unknown preset",
        ),
        (json!([1, 2]), StatusCode::BAD_REQUEST, "send a win"),
        // As strict as /v1/analyse: an id is a string or an integer.
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "id": {"a": 1}}),
            StatusCode::BAD_REQUEST,
            "id must be",
        ),
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "id": 1.5}),
            StatusCode::BAD_REQUEST,
            "id must be",
        ),
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "id": null}),
            StatusCode::BAD_REQUEST,
            "id must be",
        ),
        // Issue 51's impossible situations, refused as the engine refuses them.
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "riichi": true, "dora": "11111m"}),
            StatusCode::BAD_REQUEST,
            "5 copies of 1m",
        ),
        (
            json!({"hand": "000m123p456s789s11z", "win": "1z"}),
            StatusCode::BAD_REQUEST,
            "one red five",
        ),
        (
            json!({"hand": "123p456s789s11z", "calls": ["ankan 5555m"], "win": "1z", "tsumo": true}),
            StatusCode::BAD_REQUEST,
            "red 0m",
        ),
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "chankan": true, "houtei": true}),
            StatusCode::BAD_REQUEST,
            "chankan and houtei",
        ),
        (
            json!({"hand": "234456m66p123444s", "win": "4s", "riichi": true, "renhou": true}),
            StatusCode::BAD_REQUEST,
            "riichi",
        ),
        (
            json!({"hand": "234456m66p123444s", "score": 5}),
            StatusCode::BAD_REQUEST,
            "holds the situation",
        ),
    ];
    for (body, status, why) in cases {
        let r = call(&app, "POST", "/v1/score", body.to_string()).await;
        assert_eq!(r.status, status, "{body}: {}", r.body);
        assert!(r.body.contains(why), "{body}: {}", r.body);
        conforms("/v1/score", "POST", &r);
    }
    let r = call(&app, "POST", "/v1/score", "{not json").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    conforms("/v1/score", "POST", &r);
    // A key given twice is refused, not read as its last value.
    let twice = r#"{"hand": "234456m66p123444s", "win": "4s", "win": "2m"}"#;
    let r = call(&app, "POST", "/v1/score", twice).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body.contains("given twice"), "{}", r.body);
    conforms("/v1/score", "POST", &r);
}

/// A batch line's shape (`"score": {…}`, `melds`) is a win too: the same object answers the
/// same in a batch and over HTTP.
#[tokio::test]
async fn a_batch_line_is_a_win_body() {
    let app = router(Config::default());
    let line = json!({"hand": "123m456p11s", "melds": ["pon 555z", "789s"], "rules": "riichi",
        "score": {"win": "1s", "seat": "east"}, "id": "x"});
    let r = call(&app, "POST", "/v1/score", line.to_string()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    conforms("/v1/score", "POST", &r);
    let batch: Value =
        serde_json::from_str(&answer_line(&line.to_string(), 1, Rules::chinese())).unwrap();
    let mut ours: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(ours.as_object_mut().unwrap().remove("id"), Some(json!("x")));
    assert_eq!(ours, batch["score"]);
    // The batch answer of a score line holds the score, not the discard report.
    assert!(
        batch.get("discards").is_none() && batch["shanten"] == -1,
        "{batch}"
    );
}

#[tokio::test]
async fn odds_with_the_expected_score_are_described() {
    let app = router(Config::default());
    let req = json!({
        "hand": "12455m34567p6777s", "rules": "riichi",
        "odds": {"draws": 6, "backward": false, "sideways": false, "score": {"seat": "east", "riichi": true, "dora": "3p"}},
    })
    .to_string();
    let r = call(&app, "POST", "/v1/analyse", req.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    conforms("/v1/analyse", "POST", &r);
    assert_eq!(r.body, answer_line(&req, 1, Rules::chinese()));
    let v: Value = serde_json::from_str(&r.body).unwrap();
    let rows = v["odds"]["rows"].as_array().unwrap();
    for row in rows {
        // A discard the options do not play has empty vectors.
        let played = row["win"].as_array().unwrap().len();
        assert_eq!(row["expected"].as_array().unwrap().len(), played, "{row}");
    }
    assert!(v["odds"]["expected"][5].as_f64().unwrap() > 0.0);
    // Scoring rules only.
    let bad =
        json!({"hand": "12455m34567p6777s", "rules": "chinese", "odds": {"draws": 6, "score": {}}});
    let r = call(&app, "POST", "/v1/analyse", bad.to_string()).await;
    conforms("/v1/analyse", "POST", &r);
    assert!(r.body.contains("score no wins"), "{}", r.body);
}
