//! `POST /v1/game` and `POST /v1/room`: a game against the built-in players — riichi's, or a
//! Chinese room's — played again from its seed and the player's moves
//! (`hupai::protocol::play_table`, `play_room_table`: the player in seat 0) to the player's
//! next decision, answered as the table seat 0 sees — what the page's table plays. The server
//! keeps nothing between requests: a game is its seed and its moves, at most
//! `MAX_TABLE_MOVES` of them, so each request's work is one game at most (milliseconds with
//! the efficiency players), done on a blocking thread within the request's time bound.

use crate::api::{json_body, one_object, refusal, Plan};
use crate::state::App;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use hupai::protocol::{play_room_table, play_table, Code, Refused, RoomTableRequest, TableRequest};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::sync::Arc;

/// `POST /v1/game`: `{"seed", "east", "agents", "moves"}` in, the table out; 400 for a body
/// that is not such an object or a move that is not an action, 422 (`ILLEGAL_ACTION`) for a
/// move the player may not make then.
pub(crate) async fn game(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    one_object(app, headers, body, game_body).await
}

/// `POST /v1/room`: `{"rules", "switches", "seed", "agents", "moves"}` in, the room's table out;
/// 400 for a body that is not such an object, a room or switch it cannot take or a move that
/// is not an action, 422 (`ILLEGAL_ACTION`) for a move the player may not make then.
pub(crate) async fn room(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    one_object(app, headers, body, room_body).await
}

fn game_body(bytes: &[u8], _app: &App, _inline: bool) -> Plan {
    plan(
        bytes,
        r#"{"seed": 7, "east": true, "agents": "ukeire", "moves": [12, 153]}"#,
        |r: TableRequest| play_table(&r),
    )
}

fn room_body(bytes: &[u8], _app: &App, _inline: bool) -> Plan {
    plan(
        bytes,
        r#"{"rules": "sichuan", "switches": "cap=4", "seed": 7, "moves": [34, 0]}"#,
        |r: RoomTableRequest| play_room_table(&r),
    )
}

/// The plan for one body: read now (refused with an `example` of a body), played on a
/// blocking thread.
fn plan<R: DeserializeOwned + Send + 'static>(
    bytes: &[u8],
    example: &str,
    play: fn(R) -> Result<Value, Refused>,
) -> Plan {
    let request: R = match serde_json::from_slice(bytes) {
        Ok(r) => r,
        Err(e) => {
            let message = format!("{e}: send a game such as {example}");
            return Plan::Now(refusal(
                StatusCode::BAD_REQUEST,
                Code::BadArgument,
                &message,
                None,
            ));
        }
    };
    Plan::Later(Box::new(move |_| match play(request) {
        Ok(table) => json_body(StatusCode::OK, table.to_string()),
        Err(r) => {
            let status = match r.code {
                Code::IllegalAction => StatusCode::UNPROCESSABLE_ENTITY,
                _ => StatusCode::BAD_REQUEST,
            };
            refusal(status, r.code, &r.message, None)
        }
    }))
}
