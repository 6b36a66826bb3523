//! `POST /v1/game`: whole games played through the API as the page plays them (a move a
//! request, each answer the library's `play_table` of the same request, the table conserving
//! its tiles and points), refusals with their codes, and hostile bodies bounded.

mod common;

use axum::http::StatusCode;
use common::{call, call_as, conforms};
use hupai::protocol::{play_table, TableRequest};
use hupai_serve::{router, Config};
use serde_json::{json, Value};

/// Every tile the table shows seat 0: its hand, every river (a called tile is shown in its
/// caller's meld) and every call.
fn tiles_shown(t: &Value) -> usize {
    let list = |v: &Value| v.as_array().map_or(0, Vec::len);
    let rivers: usize = t["rivers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .filter(|x| x["called"] == false)
        .count();
    let calls: usize = t["calls"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c.as_array().unwrap())
        .map(|c| list(&c["tiles"]))
        .sum();
    list(&t["hand"]) + usize::from(!t["drawn"].is_null()) + rivers + calls
}

#[tokio::test]
async fn games_play_through_the_api_as_the_library_plays_them() {
    let app = router(Config::default());
    for (seed, agents) in [(3u64, "ukeire"), (4, "random"), (5, "tsumogiri")] {
        let mut moves: Vec<u16> = Vec::new();
        let mut requests = 0;
        loop {
            let body = json!({ "seed": seed, "agents": agents, "moves": moves });
            let r = call(&app, "POST", "/v1/game", body.to_string()).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            conforms("/v1/game", "POST", &r);
            let table: Value = serde_json::from_str(&r.body).unwrap();
            let request: TableRequest = serde_json::from_value(body).unwrap();
            assert_eq!(table, play_table(&request).unwrap());
            assert_eq!(table["moves"], moves.len());
            let scores: i64 = table["scores"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_i64().unwrap())
                .sum();
            assert_eq!(scores + 1000 * table["sticks"].as_i64().unwrap(), 100_000);
            requests += 1;
            if table["over"] == true {
                assert_eq!(table["ranks"].as_array().unwrap().len(), 4);
                break;
            }
            let legal = table["legal"].as_array().unwrap();
            assert!(!legal.is_empty(), "seat 0 is asked only when it may act");
            // Seat 0's own tiles: 13, or 14 in its turn, three a call set aside.
            let own =
                table["hand"].as_array().unwrap().len() + usize::from(!table["drawn"].is_null());
            let called = 3 * table["calls"][0].as_array().unwrap().len();
            assert!(own + called == 13 || own + called == 14, "{own} + {called}");
            // Every tile once: those shown, the other seats' concealed tiles (13 less three a
            // call), the live wall left and the dead wall's 14 (its indicators among them).
            let hidden: usize = (1..4)
                .map(|q| 13 - 3 * table["calls"][q].as_array().unwrap().len())
                .sum();
            let dead = 14;
            let left = table["tiles_left"].as_u64().unwrap() as usize;
            assert_eq!(tiles_shown(&table) + hidden + left + dead, 136, "{table}");
            // The first legal action but a pass when there is another: the game moves on.
            let pick = legal
                .iter()
                .find(|a| a["name"] != "pass")
                .unwrap_or(&legal[0]);
            moves.push(pick["action"].as_u64().unwrap() as u16);
        }
        assert!(requests > 20, "{agents}: {requests}");
    }
}

#[tokio::test]
async fn moves_that_cannot_be_played_are_refused_with_their_codes() {
    let app = router(Config::default());
    let first = call(&app, "POST", "/v1/game", r#"{"seed": 1}"#).await;
    let table: Value = serde_json::from_str(&first.body).unwrap();
    let legal: Vec<u64> = table["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_u64().unwrap())
        .collect();
    let illegal = (0..155).find(|a| !legal.contains(a)).unwrap();
    let cases = [
        (
            json!({ "seed": 1, "moves": [illegal] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "ILLEGAL_ACTION",
        ),
        (
            json!({ "seed": 1, "moves": [155] }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "seed": 1, "moves": [-1] }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "seed": 1, "agents": "mortal" }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "seed": "one" }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "seed": 1, "extra": true }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "seed": 1, "moves": vec![0; 2001] }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (json!([1, 2]), StatusCode::BAD_REQUEST, "BAD_ARGUMENT"),
    ];
    for (body, status, code) in cases {
        let r = call(&app, "POST", "/v1/game", body.to_string()).await;
        assert_eq!((r.status, code), (status, code), "{body}: {}", r.body);
        conforms("/v1/game", "POST", &r);
        let v: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(v["code"], code, "{body}");
    }
    // Not JSON, and not sent as JSON.
    let r = call(&app, "POST", "/v1/game", "seed=1").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = call_as(&app, "POST", "/v1/game", Some("text/plain"), "{}").await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    conforms("/v1/game", "POST", &r);
    // A move after the game's end.
    let mut moves: Vec<u16> = Vec::new();
    let over = loop {
        let body = json!({ "seed": 2, "agents": "tsumogiri", "moves": moves });
        let t: Value =
            serde_json::from_str(&call(&app, "POST", "/v1/game", body.to_string()).await.body)
                .unwrap();
        if t["over"] == true {
            break t;
        }
        moves.push(t["legal"][0]["action"].as_u64().unwrap() as u16);
    };
    assert_eq!(over["legal"], json!([]));
    moves.push(153);
    let r = call(
        &app,
        "POST",
        "/v1/game",
        json!({ "seed": 2, "agents": "tsumogiri", "moves": moves }).to_string(),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("the game is over"));
}
