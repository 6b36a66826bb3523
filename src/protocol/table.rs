//! A game against the built-in players, as a stateless door answers it (`POST /v1/game`, the
//! page's table): the game is played again from its seed and the player's moves so far —
//! the player in seat 0, the built-in players in the others — up to the player's next
//! decision, and the table is answered as seat 0 sees it. A game is a few thousand steps at
//! most, so the work of a request is bounded by [`MAX_TABLE_MOVES`].

use super::session::Refused;
use crate::code::Code;
use crate::game::{
    action_of, Agent, Game, GameRules, Length, OddsAgent, RandomAgent, Seed, Tsumogiri, UkeireAgent,
};
use crate::score::CallKind;
use crate::tile::Tile;
use serde_json::{json, Value};

/// The most moves a request may carry: a hanchan's decisions of one seat are a few hundred.
pub const MAX_TABLE_MOVES: usize = 2000;

/// A game to play again: its seed, its length, the built-in players and the player's moves
/// (action numbers, `hupai::game::Action`).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRequest {
    /// The walls' seed (as Tenhou shuffles them). Default 0.
    #[serde(default)]
    pub seed: u64,
    /// East only (東風戦). Default true: a game for a page.
    #[serde(default = "east_default")]
    pub east: bool,
    /// The other seats' players: `random`, `tsumogiri`, `ukeire` (default) or `odds`.
    #[serde(default = "agents_default")]
    pub agents: String,
    /// Seat 0's actions so far, in order.
    #[serde(default)]
    pub moves: Vec<u16>,
}

fn east_default() -> bool {
    true
}

fn agents_default() -> String {
    "ukeire".into()
}

pub(super) fn refuse(code: Code, message: String) -> Refused {
    Refused {
        code,
        message,
        shanten: None,
    }
}

/// Plays `request` again to seat 0's next decision (or the game's end) and answers the table
/// as seat 0 sees it: the round, honba and sticks, the points, the dora indicators, the tiles
/// left, its hand (`drawn` apart), every river (`called` marks a tile taken) and every
/// seat's calls, riichi, the legal actions (`action`, `name`) when it is to act, the events
/// since its last move as mjai objects, and at the end the ranking. A move that is not an
/// action is `BAD_ARGUMENT`; one the seat may not take, `ILLEGAL_ACTION` with its index.
///
/// ```
/// use hupai::protocol::{play_table, TableRequest};
/// let first: TableRequest = serde_json::from_str(r#"{"seed": 7}"#).unwrap();
/// let table = play_table(&first).unwrap();
/// let legal = table["legal"].as_array().unwrap();
/// assert!(!legal.is_empty() && table["moves"] == 0);
/// let next = TableRequest { moves: vec![legal[0]["action"].as_u64().unwrap() as u16], ..first };
/// assert_eq!(play_table(&next).unwrap()["moves"], 1);
/// let bad = TableRequest { moves: vec![500], ..next };
/// assert_eq!(play_table(&bad).unwrap_err().code.name(), "BAD_ARGUMENT");
/// ```
pub fn play_table(request: &TableRequest) -> Result<Value, Refused> {
    if !["random", "tsumogiri", "ukeire", "odds"].contains(&request.agents.as_str()) {
        return Err(refuse(
            Code::BadArgument,
            format!(
                "agents '{}': random, tsumogiri, ukeire or odds",
                request.agents
            ),
        ));
    }
    let mut players: [Box<dyn Agent>; 4] = std::array::from_fn(|seat| -> Box<dyn Agent> {
        match request.agents.as_str() {
            "random" => Box::new(RandomAgent::new(request.seed.wrapping_mul(4) + seat as u64)),
            "tsumogiri" => Box::new(Tsumogiri),
            "odds" => Box::new(OddsAgent),
            _ => Box::new(UkeireAgent),
        }
    });
    let rules = GameRules {
        length: if request.east {
            Length::East
        } else {
            Length::Hanchan
        },
        ..GameRules::default()
    };
    let mut game = Game::new(rules, Seed::from_u64(request.seed));
    let mut recent = String::new();
    let next = play_moves(
        &mut game,
        &request.moves,
        |game, seat| players[seat as usize].act(game, seat),
        |game, moved| {
            if moved {
                recent.clear();
            }
            game.write_events(Some(0), &mut recent);
            game.clear_events();
        },
    )?;
    Ok(view(&game, next, &recent))
}

/// A table a stateless door plays again: riichi's [`Game`] or a room's `RoomGame`.
pub(super) trait Replayed {
    /// Its actions.
    type Action;
    /// The seats that must answer now.
    fn seats(&self) -> crate::game::Seats;
    /// `seat` takes `a`.
    fn take(&mut self, seat: u8, a: Self::Action) -> Result<(), crate::game::GameError>;
    /// A move's number as an action.
    fn action(m: u16) -> Result<Self::Action, crate::game::GameError>;
}

impl Replayed for Game {
    type Action = crate::game::Action;
    fn seats(&self) -> crate::game::Seats {
        self.to_act()
    }
    fn take(&mut self, seat: u8, a: Self::Action) -> Result<(), crate::game::GameError> {
        self.step(seat, a)
    }
    fn action(m: u16) -> Result<Self::Action, crate::game::GameError> {
        action_of(m.into())
    }
}

/// Plays `moves` (seat 0's) on `game`, the built-in players (`others`) answering first, to
/// seat 0's next decision or the game's end: how many moves were played. `seen` is handed
/// the game before each decision (`true` right after a move of seat 0), to read and clear
/// its events. A move that is no action is refused with its code, one the seat may not take
/// (or after the end) with `ILLEGAL_ACTION`.
pub(super) fn play_moves<G: Replayed>(
    game: &mut G,
    moves: &[u16],
    mut others: impl FnMut(&G, u8) -> G::Action,
    mut seen: impl FnMut(&mut G, bool),
) -> Result<usize, Refused> {
    if moves.len() > MAX_TABLE_MOVES {
        return Err(refuse(
            Code::BadArgument,
            format!(
                "{} moves: a game takes at most {MAX_TABLE_MOVES}",
                moves.len()
            ),
        ));
    }
    let (mut next, mut moved) = (0usize, false);
    loop {
        seen(game, moved);
        moved = false;
        let to_act = game.seats();
        // The built-in players answer first; seat 0 answers with its next move.
        if let Some(seat) = to_act.iter().find(|&s| s != 0) {
            let a = others(game, seat);
            game.take(seat, a)
                .map_err(|e| refuse(Code::BadArgument, e.to_string()))?;
            continue;
        }
        if next == moves.len() {
            return Ok(next);
        }
        if to_act.first().is_none() {
            return Err(refuse(
                Code::IllegalAction,
                format!("move {next}: the game is over"),
            ));
        }
        let action =
            G::action(moves[next]).map_err(|e| refuse(e.code(), format!("move {next}: {e}")))?;
        game.take(0, action)
            .map_err(|e| refuse(Code::IllegalAction, format!("move {next}: {e}")))?;
        (next, moved) = (next + 1, true);
    }
}

/// A tile id as MPSZ (`0m` a red five).
fn name(game: &Game, id: u8) -> String {
    let t = Tile::from_index((id / 4) as usize).to_string();
    if game.is_red_id(id) {
        format!("0{}", &t[1..])
    } else {
        t
    }
}

/// The table as seat 0 sees it.
fn view(game: &Game, moves: usize, recent: &str) -> Value {
    let drawn = game.drawn(0);
    let hand: Vec<String> = game
        .hand_ids(0)
        .iter()
        .filter(|&id| Some(id) != drawn)
        .map(|id| name(game, id))
        .collect();
    let rivers: Vec<Value> = (0..4)
        .map(|s| {
            let river: Vec<Value> = game
                .river(s)
                .map(|(id, called)| json!({ "tile": name(game, id), "called": called }))
                .collect();
            Value::Array(river)
        })
        .collect();
    let calls: Vec<Value> = (0..4)
        .map(|s| {
            let calls: Vec<Value> = game
                .calls(s)
                .map(|c| {
                    let k = c.tile().index();
                    let kinds: Vec<usize> = match c.kind() {
                        CallKind::Chi => vec![k, k + 1, k + 2],
                        CallKind::Pon => vec![k; 3],
                        _ => vec![k; 4],
                    };
                    // The red fives shown first where the call holds them.
                    let mut red = c.red();
                    let tiles: Vec<String> = kinds
                        .iter()
                        .map(|&x| {
                            let t = Tile::from_index(x).to_string();
                            if red > 0 && x < 27 && x % 9 == 4 {
                                red -= 1;
                                format!("0{}", &t[1..])
                            } else {
                                t
                            }
                        })
                        .collect();
                    json!({ "kind": c.kind().word(), "tiles": tiles })
                })
                .collect();
            Value::Array(calls)
        })
        .collect();
    let legal: Vec<Value> = game
        .legal(0)
        .iter()
        .map(|a| json!({ "action": a.index(), "name": a.to_string() }))
        .collect();
    let events: Vec<Value> = recent
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let (honba, sticks) = game.sticks();
    let mut out = json!({
        "moves": moves,
        "round": game.round(),
        "dealer": game.round() % 4,
        "honba": honba,
        "sticks": sticks,
        "scores": game.scores(),
        "tiles_left": game.tiles_left(),
        "dora": game.dora_indicators().map(|t| t.to_string()).collect::<Vec<_>>(),
        "hand": hand,
        "drawn": drawn.map(|id| name(game, id)),
        "rivers": rivers,
        "calls": calls,
        "riichi": (0..4).map(|s| game.riichi(s)).collect::<Vec<_>>(),
        "legal": legal,
        "events": events,
        "over": game.is_over(),
    });
    if game.is_over() {
        let (ranks, points) = game.results();
        out["ranks"] = json!(ranks);
        out["results"] = json!(points);
    }
    out
}
