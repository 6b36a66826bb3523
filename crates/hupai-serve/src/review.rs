//! `POST /v1/review`: a game record in (any format `hupai review` reads: tenhou.net/6 JSON,
//! mjai or hupai's JSON lines, mjlog XML), its review out — the players, the rules, the
//! rounds, and the rows every door gives (a row a decision, each round's sum, the record's
//! sum). Query: `seat` (0–3), `quick` (efficiency only), `max_shanten` (at most 3 here),
//! `strict` (refuse a record whose last round was cut off; by default the whole rounds are
//! reviewed and the answer's `cut` names the round left out).
//! A record of more than [`MAX_ROUNDS`] rounds is refused (400); the odds of a decision keep
//! the server's state bound (`--odds-states`).
//! The review runs on a blocking thread within the request's time bound; its odds take a turn
//! at the odds and end before the bound (decisions past it keep their efficiency verdict,
//! counted in `odds_timed_out`, apart from `odds_stopped`: the state budget's count).

use crate::api::{json_body, json_error, off_worker, refusal, JSON};
use crate::limits::admit;
use crate::state::App;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use hupai::protocol::Code;
use hupai::record::{
    is_room_record, read, read_room, review as review_record, review_room, Review, ReviewOptions,
};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The query of `/v1/review`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReviewQuery {
    seat: Option<u8>,
    #[serde(default)]
    quick: bool,
    max_shanten: Option<i8>,
    /// Refuse a record whose last round was cut off (by default its whole rounds are
    /// reviewed and `cut` says which round was left out and why).
    #[serde(default)]
    strict: bool,
}

/// The media types a record comes in.
const KINDS: [&str; 5] = [
    JSON,
    "application/x-ndjson",
    "application/xml",
    "text/xml",
    "text/plain",
];

/// The most rounds a record reviewed here may have: a game has about 10.
const MAX_ROUNDS: usize = 100;

/// The odds' safety stop in time for one decision here (the state bound decides first).
const BUDGET: Duration = Duration::from_millis(1000);

/// `POST /v1/review`.
pub(crate) async fn review(
    State(app): State<Arc<App>>,
    query: Result<Query<ReviewQuery>, QueryRejection>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let q = match query {
        Ok(Query(q)) => q,
        Err(e) => {
            return json_error(
                StatusCode::BAD_REQUEST,
                &format!("{e}: the query takes seat (0 to 3), quick (true or false), max_shanten (0 to 3) and strict (true or false)"),
            )
        }
    };
    if q.seat.is_some_and(|s| s > 3) || q.max_shanten.is_some_and(|s| !(0..=3).contains(&s)) {
        return json_error(
            StatusCode::BAD_REQUEST,
            "seat must be 0 to 3 and max_shanten 0 to 3",
        );
    }
    let (body, turn) = match admit(&app.gate, &headers, body, &KINDS).await {
        Ok(admitted) => admitted,
        Err(r) => return app.refuse(r),
    };
    // The odds end a fifth of the time bound before it, so the answer is sent in time.
    let end = Instant::now() + app.gate.limits.timeout.mul_f64(0.8);
    off_worker(app, move |app| {
        (answer(&body.bytes, &q, end, app), (body, turn))
    })
    .await
}

/// The review of one record body.
fn answer(bytes: &[u8], q: &ReviewQuery, end: Instant, app: &App) -> Response {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return json_error(
            StatusCode::BAD_REQUEST,
            "the record is not UTF-8 text (send an mjlog unzipped)",
        );
    };
    if is_room_record(text) {
        return room_answer(text, q, end);
    }
    let record = match read(text).and_then(|r| if q.strict { r.whole() } else { Ok(r) }) {
        Ok(r) => r,
        Err(e) => {
            let mut body = json!({ "error": e.to_string(), "code": Code::BadArgument.name() });
            body["round"] = json!(e.round);
            body["turn"] = json!(e.turn);
            return json_body(StatusCode::BAD_REQUEST, body.to_string());
        }
    };
    if record.rounds.len() > MAX_ROUNDS {
        return json_error(
            StatusCode::BAD_REQUEST,
            &format!(
                "a record of {} rounds: the server reviews up to {MAX_ROUNDS} (a game has about 10; review longer records with `hupai review`)",
                record.rounds.len()
            ),
        );
    }
    let odds = !q.quick;
    // A turn at the odds, as an odds request takes one.
    let _turn = if odds {
        match app.gate.odds_turn() {
            Ok(t) => Some(t),
            Err(e) => return refusal(StatusCode::SERVICE_UNAVAILABLE, e.code, &e.message, None),
        }
    } else {
        None
    };
    let opts = ReviewOptions {
        seat: q.seat,
        odds,
        max_shanten: q.max_shanten.unwrap_or(3),
        budget: BUDGET,
        extra: 0,
        max_states: app.gate.limits.odds_states,
        deadline: Some(end),
    };
    let review = review_record(&record, &opts);
    let rounds: Vec<_> = record
        .rounds
        .iter()
        .map(|r| json!({ "kyoku": r.kyoku, "honba": r.honba, "sticks": r.sticks }))
        .collect();
    // The rows written one at a time into the answer (never all held as JSON values).
    let cut = record
        .cut
        .as_ref()
        .map(|c| json!({ "round": c.round, "turn": c.turn, "reason": c.reason }));
    let mut body =
        json!({ "players": record.players, "rules": record.rules, "rounds": rounds, "cut": cut })
            .to_string();
    body.pop();
    body.push_str(",\"rows\":[");
    let mut bytes = body.into_bytes();
    for (i, row) in review.rows(None).enumerate() {
        if i > 0 {
            bytes.push(b',');
        }
        // Writing to a Vec cannot fail; a row is plain numbers and text.
        let _ = serde_json::to_writer(&mut bytes, &row);
    }
    let mut body = String::from_utf8(bytes).unwrap_or_default();
    body.push_str("]}");
    json_body(StatusCode::OK, body)
}

/// The review of a room's record (`record::review_room_text`): at its table, by efficiency
/// alone (no odds turn taken), its hands as the rounds, the rows as a record's.
fn room_answer(text: &str, q: &ReviewQuery, end: Instant) -> Response {
    let opts = ReviewOptions {
        seat: q.seat,
        odds: false,
        deadline: Some(end),
        ..ReviewOptions::default()
    };
    let record = match read_room(text) {
        Ok(record) => record,
        Err(e) => {
            let body = json!({ "error": e.to_string(), "code": Code::BadArgument.name() });
            return json_body(StatusCode::BAD_REQUEST, body.to_string());
        }
    };
    let dealt = record
        .events
        .iter()
        .filter(|e| matches!(e, hupai::game::room::RoomEvent::Deal { .. }))
        .count();
    if dealt > MAX_ROUNDS {
        return json_error(
            StatusCode::BAD_REQUEST,
            &format!(
                "a record of {dealt} hands: the server reviews up to {MAX_ROUNDS} (review longer records with `hupai review`)"
            ),
        );
    }
    let review = Review::of_hands(review_room(&record, &opts));
    let rules = record.room.name();
    let hands: Vec<_> = (0..review.rounds.len())
        .map(|i| json!({ "hand": i }))
        .collect();
    let players: Vec<String> = (0..4).map(|s| format!("seat {s}")).collect();
    let rows: Vec<_> = review.rows(None).collect();
    let body =
        json!({ "players": players, "rules": rules, "rounds": hands, "cut": null, "rows": rows });
    json_body(StatusCode::OK, body.to_string())
}
