//! `POST /v1/room`: a whole game of each room played through the API move by move (each
//! answer the library's `play_room_table` of the same request, conforming to openapi.json,
//! seat 0's tiles kept, the others' hidden), and refusals with their codes.

mod common;

use axum::http::StatusCode;
use common::{call, conforms};
use hupai::protocol::{play_room_table, RoomTableRequest};
use hupai_serve::{router, Config};
use serde_json::{json, Value};

#[tokio::test]
async fn every_room_plays_through_the_api_as_the_library_plays_it() {
    let app = router(Config::default());
    for (rules, switches) in [
        ("sichuan", "hands=2"),
        ("sichuan", "hands=2,exchange=across"),
        ("hongzhong", "hands=2,birds=4"),
        ("changsha", "hands=2"),
        ("guobiao", "hands=2,minimum=0"),
        ("nanchang", "hands=2"),
    ] {
        let mut moves: Vec<u16> = Vec::new();
        let mut requests = 0;
        loop {
            let agents = if rules == "guobiao" {
                "random"
            } else {
                "ukeire"
            };
            let body = json!({ "rules": rules, "switches": switches, "seed": 9, "agents": agents, "moves": moves });
            let r = call(&app, "POST", "/v1/room", body.to_string()).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            conforms("/v1/room", "POST", &r);
            let table: Value = serde_json::from_str(&r.body).unwrap();
            let request: RoomTableRequest = serde_json::from_value(body).unwrap();
            assert_eq!(table, play_room_table(&request).unwrap());
            assert_eq!(
                (table["moves"].as_u64(), table["rules"].as_str()),
                (Some(moves.len() as u64), Some(rules))
            );
            let scores: i64 = table["scores"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_i64().unwrap())
                .sum();
            assert_eq!(scores, 0, "{table}");
            // What seat 0 may not see: another seat's dealt tiles and draws.
            for e in table["events"].as_array().unwrap() {
                match e["type"].as_str().unwrap() {
                    "deal" => {
                        let hands = e["hands"].as_array().unwrap();
                        assert_eq!(hands[0].as_str().unwrap().len(), 26, "{e}");
                        assert!(hands[1..].iter().all(|h| h == ""), "{e}");
                    }
                    "draw" if e["seat"] != 0 => assert!(e["tile"].is_null(), "{e}"),
                    // 换三张: its own three and the three it got (from across) shown.
                    "exchange" => {
                        let given = e["given"].as_array().unwrap();
                        let shown: Vec<bool> = given.iter().map(|g| g != "").collect();
                        assert_eq!(shown, [true, false, true, false], "{e}");
                        assert_eq!(table["passing"].as_array().unwrap().len(), 3);
                    }
                    _ => {}
                }
            }
            requests += 1;
            if table["over"] == true {
                assert_eq!(table["legal"], json!([]));
                break;
            }
            let legal = table["legal"].as_array().unwrap();
            assert!(!legal.is_empty(), "seat 0 is asked only when it may act");
            // Seat 0's tiles: 13, or 14 in its turn, three a meld (a kong's fourth aside).
            // 换三张's picks are out of the hand until the tiles go round.
            let giving = legal
                .iter()
                .any(|a| a["name"].as_str().unwrap().starts_with("give "));
            if table["won"][0] == false {
                let picked = if giving {
                    table["passing"].as_array().unwrap().len()
                } else {
                    0
                };
                let own = table["hand"].as_array().unwrap().len()
                    + picked
                    + 3 * table["melds"][0].as_array().unwrap().len();
                assert!(own == 13 || own == 14, "{own}: {table}");
            }
            // A win when offered, else the first action but a pass: the game moves on.
            let pick = legal
                .iter()
                .find(|a| a["name"] == "win")
                .or_else(|| legal.iter().find(|a| a["name"] != "pass"))
                .unwrap_or(&legal[0]);
            moves.push(pick["action"].as_u64().unwrap() as u16);
        }
        assert!(requests > 10, "{rules}: {requests}");
    }
}

#[tokio::test]
async fn what_a_room_cannot_play_is_refused_with_its_code() {
    let app = router(Config::default());
    let cases = [
        (
            json!({ "rules": "sichuan", "moves": [108] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "ILLEGAL_ACTION",
        ),
        (
            json!({ "rules": "sichuan", "moves": [hupai::game::room::ROOM_ACTIONS] }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "rules": "riichi" }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "rules": "hongzhong", "switches": "flower_pig=3" }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "rules": "hongzhong", "agents": "odds" }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "rules": "sichuan", "extra": 1 }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "seed": 1 }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
        (
            json!({ "rules": "sichuan", "moves": vec![34; 2001] }),
            StatusCode::BAD_REQUEST,
            "BAD_ARGUMENT",
        ),
    ];
    for (body, status, code) in cases {
        let r = call(&app, "POST", "/v1/room", body.to_string()).await;
        assert_eq!((r.status, code), (status, code), "{body}: {}", r.body);
        conforms("/v1/room", "POST", &r);
        let v: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(v["code"], code, "{body}");
    }
}

/// A game at the table as `/v1/batch` lines (`{"play": …}`): each answer line the library's
/// `play_room_table` (or riichi's `play_table`) of the same fields, its id echoed last;
/// refusals as the batch's error lines, the batch going on.
#[tokio::test]
async fn play_lines_in_a_batch_are_answered_as_the_tables_are() {
    use hupai::protocol::{play_table, TableRequest};
    let app = router(Config::default());
    let rooms = ["sichuan", "hongzhong", "changsha", "guobiao", "nanchang"];
    let mut lines: Vec<String> = rooms
        .iter()
        .enumerate()
        .map(|(i, r)| json!({ "play": r, "seed": 5, "id": i }).to_string())
        .collect();
    lines.push(json!({ "play": "riichi", "seed": 5, "id": 5 }).to_string());
    lines.push(r#"{"play": "sichuan", "moves": [108], "id": 6}"#.into());
    lines.push("123m456p789s1122z".into());
    let r = call(&app, "POST", "/v1/batch", lines.join("\n")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let answers: Vec<Value> = r
        .body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 8);
    for (i, rules) in rooms.iter().enumerate() {
        let request: RoomTableRequest =
            serde_json::from_value(json!({ "rules": rules, "seed": 5 })).unwrap();
        let mut table = play_room_table(&request).unwrap();
        table["id"] = json!(i);
        assert_eq!(answers[i], table, "{rules}");
    }
    let riichi: TableRequest = serde_json::from_value(json!({ "seed": 5 })).unwrap();
    let mut table = play_table(&riichi).unwrap();
    table["id"] = json!(5);
    assert_eq!(answers[5], table);
    assert_eq!(answers[6]["code"], "ILLEGAL_ACTION");
    assert_eq!(
        (answers[6]["line"].as_u64(), answers[6]["id"].as_u64()),
        (Some(7), Some(6))
    );
    assert_eq!(answers[7]["shanten"], 0);
}
