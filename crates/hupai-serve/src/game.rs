//! `POST /v1/game`: a game against the built-in players, played again from its seed and the
//! player's moves (`hupai::protocol::play_table`: the player in seat 0) to the player's next
//! decision, answered as the table seat 0 sees — what the page's table plays. The server
//! keeps nothing between requests: a game is its seed and its moves, at most
//! `MAX_TABLE_MOVES` of them, so each request's work is one game at most (milliseconds with
//! the efficiency players), done on a blocking thread within the request's time bound.

use crate::api::{json_body, one_object, refusal, Plan};
use crate::state::App;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use hupai::protocol::{play_table, Code, TableRequest};
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

/// The plan for one body: read now, played on a blocking thread.
fn game_body(bytes: &[u8], _app: &App, _inline: bool) -> Plan {
    let request: TableRequest = match serde_json::from_slice(bytes) {
        Ok(r) => r,
        Err(e) => {
            let message = format!(
                "{e}: send a game such as {{\"seed\": 7, \"east\": true, \"agents\": \"ukeire\", \"moves\": [12, 153]}}"
            );
            return Plan::Now(refusal(
                StatusCode::BAD_REQUEST,
                Code::BadArgument,
                &message,
                None,
            ));
        }
    };
    Plan::Later(Box::new(move |_| match play_table(&request) {
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
