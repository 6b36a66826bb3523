//! `POST /v1/review`: a record in each format reviewed as the library reviews it, a broken
//! record refused with its round and turn, the query read strictly, and the review bounded by
//! the request's time.

mod common;

use axum::http::StatusCode;
use common::{call_as, conforms};
use hupai::record::{read, review, ReviewOptions};
use hupai_serve::{router, Config, Limits};
use serde_json::Value;
use std::time::Duration;

fn seed(ext: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/records");
    std::fs::read_to_string(dir.join(format!("seed_small.{ext}"))).unwrap()
}

#[tokio::test]
async fn a_record_in_each_format_is_reviewed_as_the_library_reviews_it() {
    let app = router(Config::default());
    let text = seed("json");
    let library: Vec<Value> = review(&read(&text).unwrap(), &ReviewOptions::default())
        .rows(None)
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    for (ext, kind) in [
        ("json", "application/json"),
        ("mjai", "application/x-ndjson"),
        ("jsonl", "application/x-ndjson"),
        ("mjlog", "application/xml"),
        ("mjlog", "text/plain"),
    ] {
        let r = call_as(&app, "POST", "/v1/review", Some(kind), seed(ext)).await;
        assert_eq!(r.status, StatusCode::OK, "{ext}: {}", r.body);
        conforms("/v1/review", "POST", &r);
        let v: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(v["rows"].as_array().unwrap(), &library, "{ext}");
        assert_eq!(v["players"], serde_json::json!(["A", "B", "C", "D"]));
    }
    // One seat, quick: its decisions without odds.
    let r = call_as(
        &app,
        "POST",
        "/v1/review?seat=1&quick=true",
        Some("application/json"),
        text.clone(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    conforms("/v1/review", "POST", &r);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert!(rows
        .iter()
        .filter(|r| r.get("summary").is_none())
        .all(|r| r["seat"] == 1 && r.get("win").is_none()));
}

#[tokio::test]
async fn a_broken_record_and_a_bad_query_are_refused() {
    let app = router(Config::default());
    // Seat 1 discards a tile it does not hold (a 6z for its 4z).
    let broken = seed("json").replace("[43, 31]", "[46, 31]");
    let r = call_as(&app, "POST", "/v1/review", Some("application/json"), broken).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    conforms("/v1/review", "POST", &r);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(
        (v["round"].as_u64(), v["turn"].as_u64()),
        (Some(0), Some(3)),
        "{v}"
    );
    assert!(v["error"].as_str().unwrap().contains("not held"), "{v}");
    for q in ["seat=4", "seat=x", "max_shanten=9", "deep=1"] {
        let r = call_as(
            &app,
            "POST",
            &format!("/v1/review?{q}"),
            Some("application/json"),
            seed("json"),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{q}: {}", r.body);
        conforms("/v1/review", "POST", &r);
    }
    // A record past the rounds a game has is refused, one at the bound reviewed.
    let mut game: Value = serde_json::from_str(&seed("json")).unwrap();
    let round = game["log"][0].clone();
    game["log"] = Value::Array(vec![round; 101]);
    let r = call_as(
        &app,
        "POST",
        "/v1/review",
        Some("application/json"),
        game.to_string(),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body.contains("up to 100"), "{}", r.body);
    game["log"].as_array_mut().unwrap().pop();
    let r = call_as(
        &app,
        "POST",
        "/v1/review?quick=true",
        Some("application/json"),
        game.to_string(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = call_as(&app, "POST", "/v1/review", Some("image/png"), seed("json")).await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    conforms("/v1/review", "POST", &r);
    let r = call_as(&app, "POST", "/v1/review", Some("text/plain"), "hello").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    conforms("/v1/review", "POST", &r);
}

#[tokio::test]
async fn a_review_is_bounded_by_the_request_time() {
    let app = router(Config {
        limits: Limits {
            timeout: Duration::from_micros(1),
            ..Limits::default()
        },
        ..Config::default()
    });
    let r = call_as(
        &app,
        "POST",
        "/v1/review",
        Some("application/json"),
        seed("json"),
    )
    .await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    conforms("/v1/review", "POST", &r);
}

/// A record cut off in its last round: its whole rounds reviewed, `cut` naming the round left
/// out, the sum's `rounds_cut`; `strict=true` refuses it with the cut's round.
#[tokio::test]
async fn a_cut_record_is_reviewed_up_to_the_cut_and_refused_when_strict() {
    let app = router(Config::default());
    let mut v: Value = serde_json::from_str(&seed("json")).unwrap();
    let log = v["log"].as_array_mut().unwrap();
    let mut cut = log[0].clone();
    cut.as_array_mut().unwrap().pop();
    log.push(cut);
    let text = v.to_string();
    let r = call_as(
        &app,
        "POST",
        "/v1/review?quick=true",
        Some("application/json"),
        text.clone(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    conforms("/v1/review", "POST", &r);
    let got: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(got["cut"]["round"], 1, "{}", r.body);
    assert!(got["cut"]["reason"].as_str().unwrap().contains("cut off"));
    let rows = got["rows"].as_array().unwrap();
    assert_eq!(rows.last().unwrap()["rounds_cut"], 1);
    let strict = call_as(
        &app,
        "POST",
        "/v1/review?quick=true&strict=true",
        Some("application/json"),
        text,
    )
    .await;
    assert_eq!(strict.status, StatusCode::BAD_REQUEST, "{}", strict.body);
    let e: Value = serde_json::from_str(&strict.body).unwrap();
    assert_eq!(e["round"], 1, "{}", strict.body);
}

/// A room's record (docs/RECORDS.md, "A room's record") is reviewed at its table as the
/// library reviews it: its hands as the rounds, the rows a record's; one seat alone; a room's
/// record that cannot be read is refused.
#[tokio::test]
async fn a_rooms_record_is_reviewed_at_its_table() {
    use hupai::game::room::{Room, RoomGame, RoomUkeire};
    use hupai::game::Seed;
    let app = router(Config::default());
    let mut room = Room::named("nanchang").unwrap();
    room.set_list("hands=2,robbed_pays_all=true").unwrap();
    let mut game = RoomGame::new(room, Seed::from_u64(8));
    while let Some(seat) = game.to_act().first() {
        game.step(seat, RoomUkeire.act(&game, seat)).unwrap();
    }
    let mut text = String::new();
    hupai::record::write_room_header(&room, &mut text);
    game.write_events(&mut text);
    let library: Vec<Value> = hupai::record::review_room_text(&text, &ReviewOptions::default())
        .unwrap()
        .rows(None)
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    let r = call_as(
        &app,
        "POST",
        "/v1/review",
        Some("application/x-ndjson"),
        text.clone(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    conforms("/v1/review", "POST", &r);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["rows"].as_array().unwrap(), &library);
    assert_eq!(v["rules"], "nanchang");
    assert_eq!(
        v["rounds"],
        serde_json::json!([{ "hand": 0 }, { "hand": 1 }])
    );
    assert!(library.len() > 20);
    let r = call_as(
        &app,
        "POST",
        "/v1/review?seat=3",
        Some("application/x-ndjson"),
        text.clone(),
    )
    .await;
    let v: Value = serde_json::from_str(&r.body).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert!(rows
        .iter()
        .filter(|r| r.get("summary").is_none())
        .all(|r| r["seat"] == 3));
    let broken = text.replacen("\"type\":\"deal\"", "\"type\":\"deal\",\"x\":1", 1);
    let r = call_as(
        &app,
        "POST",
        "/v1/review",
        Some("application/x-ndjson"),
        broken,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    conforms("/v1/review", "POST", &r);
}
