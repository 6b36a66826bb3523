//! A room's game against the built-in players, as a stateless door answers it (`POST
//! /v1/room`): the game is played again from its room, switches, seed and the player's moves
//! — the player in seat 0, the efficiency or random players in the others — up to the player's next decision,
//! and the table is answered as seat 0 sees it. The work of a request is bounded by
//! [`MAX_TABLE_MOVES`] moves, each followed by at most the rest of one hand.

use super::session::Refused;
use super::table::{play_moves, refuse, Replayed};
use crate::code::Code;
use crate::game::room::{Room, RoomAction, RoomActionKind, RoomEvent, RoomGame, RoomUkeire};
use crate::game::{room_action_of, GameError, RandomAgent, Seats, Seed};
use crate::score::CallKind;
use crate::tile::Tile;
use serde_json::{json, Value};

/// A room's game to play again: the room and its switches, the walls' seed, the other seats'
/// players and the player's moves (room action numbers, `hupai::game::room::RoomAction`).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomTableRequest {
    /// The room: `sichuan`, `hongzhong`, `changsha`, `guobiao` or `nanchang`.
    pub rules: String,
    /// Its switches, `NAME=VALUE` pairs separated by commas (`"birds=6,bird_pay=add"`).
    #[serde(default)]
    pub switches: String,
    /// The walls' seed. Default 0.
    #[serde(default)]
    pub seed: u64,
    /// The other seats' players: `ukeire` (the efficiency player, default) or `random`.
    #[serde(default = "ukeire")]
    pub agents: String,
    /// Seat 0's actions so far, in order.
    #[serde(default)]
    pub moves: Vec<u16>,
}

fn ukeire() -> String {
    "ukeire".into()
}

/// Plays `request` again to seat 0's next decision (or the game's end) and answers the table
/// as seat 0 sees it: the hand's number and dealer, the points, the tiles left, the 精,
/// the void suits and the flowers (Guobiao) shown, the tiles it picked to pass (换三张, `passing`; its legal picks
/// are named `give …`), its concealed tiles, every river (`called` marks a tile taken) and
/// every seat's melds, who has won, the legal actions (`action`, `name`) when it is to act,
/// and the events since its last move as the room's event objects — another seat's dealt
/// tiles and draws hidden (`""`, `null`). A room or switch it cannot take, or a move that is
/// no action, is `BAD_ARGUMENT`; a move the seat may not make then, `ILLEGAL_ACTION`.
///
/// ```
/// use hupai::protocol::{play_room_table, RoomTableRequest};
/// let first: RoomTableRequest = serde_json::from_str(r#"{"rules": "sichuan", "seed": 7}"#).unwrap();
/// let table = play_room_table(&first).unwrap();
/// assert_eq!(table["legal"][0]["name"], "void m"); // every seat first declares its void suit
/// let next = RoomTableRequest { moves: vec![34], ..first };
/// assert_eq!(play_room_table(&next).unwrap()["moves"], 1);
/// let bad = RoomTableRequest { moves: vec![108], ..next };
/// assert_eq!(play_room_table(&bad).unwrap_err().code.name(), "ILLEGAL_ACTION");
/// ```
pub fn play_room_table(request: &RoomTableRequest) -> Result<Value, Refused> {
    let ukeire = match request.agents.as_str() {
        "ukeire" => true,
        "random" => false,
        other => {
            return Err(refuse(
                Code::BadArgument,
                format!("agents '{other}': the rooms' players are ukeire or random"),
            ))
        }
    };
    let mut room = Room::named(&request.rules).map_err(|e| refuse(e.code(), e.to_string()))?;
    room.set_list(&request.switches)
        .map_err(|e| refuse(e.code(), e.to_string()))?;
    let mut game = RoomGame::new(room, Seed::from_u64(request.seed));
    let mut players: [RandomAgent; 4] = std::array::from_fn(|seat| {
        RandomAgent::new(request.seed.wrapping_mul(4).wrapping_add(seat as u64))
    });
    let mut table = RoomView::default();
    let next = play_moves(
        &mut game,
        &request.moves,
        |game, seat| match ukeire {
            true => RoomUkeire.act(game, seat),
            false => players[seat as usize].pick_room(game.legal(seat)),
        },
        |game, moved| {
            if moved {
                // Only the events since seat 0's last move are answered; no other seat asks.
                (0..4).for_each(|s| table.forget(s));
            }
            table.read(game.events());
            game.clear_events();
        },
    )?;
    Ok(table.show(&game, 0, next))
}

/// What each seat at a room's table is shown, kept from the game's events as they come: the
/// table as the seat sees it and the events since it was last shown, the tiles it may not see
/// hidden — what `POST /v1/room` answers for seat 0 ([`play_room_table`]) and what `hupai game
/// play --rules ROOM --bot` sends a bot each time it must answer (docs/GAME.md).
///
/// ```
/// use hupai::game::room::{Room, RoomGame};
/// use hupai::game::Seed;
/// use hupai::protocol::RoomView;
/// let game = RoomGame::new(Room::named("hongzhong").unwrap(), Seed::from_u64(1));
/// let mut view = RoomView::default();
/// view.read(game.events());
/// let table = view.show(&game, 2, 0);
/// assert_eq!(table["seat"], 2);
/// assert_eq!(table["hand"].as_array().unwrap().len(), 13);
/// let deal = &table["events"][0];
/// assert_eq!(deal["hands"][0], ""); // the others' tiles hidden
/// assert_eq!(view.show(&game, 2, 0)["events"].as_array().unwrap().len(), 0); // shown once
/// ```
#[derive(Clone, Debug, Default)]
pub struct RoomView {
    table: Seen,
    /// The events not yet shown to every seat, from `base`; each seat's next unshown one.
    log: Vec<RoomEvent>,
    base: usize,
    shown: [usize; 4],
}

impl RoomView {
    /// Reads the game's new events (each once, in order: [`RoomGame::events`] since the last
    /// [`RoomGame::clear_events`]).
    pub fn read(&mut self, events: &[RoomEvent]) {
        for e in events {
            self.table.read(e);
        }
        self.log.extend_from_slice(events);
    }

    /// The table as `seat` (0–3; above is 3) sees it now ([`play_room_table`] names the fields;
    /// `moves` is answered as given) with the events since it was last shown them.
    pub fn show(&mut self, game: &RoomGame, seat: u8, moves: usize) -> Value {
        let seat = seat.min(3);
        let from = self.shown[seat as usize].max(self.base) - self.base;
        let events = self.log[from..]
            .iter()
            .map(|e| seat_view(e, seat))
            .collect();
        self.forget(seat);
        view(game, &self.table, seat, moves, events)
    }

    /// Marks every event read as shown to `seat`; the events every seat was shown are dropped.
    pub fn forget(&mut self, seat: u8) {
        self.shown[seat.min(3) as usize] = self.base + self.log.len();
        let oldest = self.shown.iter().copied().min().unwrap_or(0);
        if oldest > self.base {
            self.log.drain(..oldest - self.base);
            self.base = oldest;
        }
    }
}

impl Replayed for RoomGame {
    type Action = RoomAction;
    fn seats(&self) -> Seats {
        self.to_act()
    }
    fn take(&mut self, seat: u8, a: RoomAction) -> Result<(), GameError> {
        self.step(seat, a)
    }
    fn action(m: u16) -> Result<RoomAction, GameError> {
        room_action_of(m.into())
    }
}

/// What the events of the hand so far show every seat: its number and dealer, the rivers.
#[derive(Clone, Debug, Default)]
struct Seen {
    hand: u16,
    dealer: u8,
    rivers: [Vec<(u8, bool)>; 4],
}

impl Seen {
    fn read(&mut self, e: &RoomEvent) {
        match *e {
            RoomEvent::Deal { hand, dealer, .. } => {
                (self.hand, self.dealer) = (hand, dealer);
                self.rivers = Default::default();
            }
            RoomEvent::Discard { seat, tile } => self.rivers[seat as usize].push((tile, false)),
            RoomEvent::Pon { from, .. }
            | RoomEvent::Chi { from, .. }
            | RoomEvent::Kong {
                from: Some(from), ..
            } => {
                if let Some(last) = self.rivers[from as usize].last_mut() {
                    last.1 = true;
                }
            }
            _ => {}
        }
    }
}

/// An event as `me` sees it: another seat's dealt tiles `""`, its draws `null`, of an
/// exchange the tiles of the seats it neither passed to nor got from `""`.
fn seat_view(e: &RoomEvent, me: u8) -> Value {
    let mut line = String::new();
    e.write_json(&mut line);
    let mut v: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
    let me = usize::from(me);
    let hide = |list: &mut Value, keep: &dyn Fn(usize) -> bool| {
        if let Some(items) = list.as_array_mut() {
            items
                .iter_mut()
                .enumerate()
                .filter(|&(s, _)| !keep(s))
                .for_each(|(_, x)| *x = json!(""));
        }
    };
    match *e {
        RoomEvent::Deal { .. } => hide(&mut v["hands"], &|s| s == me),
        RoomEvent::Draw { seat, .. } if usize::from(seat) != me => v["tile"] = Value::Null,
        RoomEvent::Exchange { shift, .. } => {
            // Its own tiles and those it got (from the seat `shift` before it).
            let from = (me + 4 - usize::from(shift)) % 4;
            hide(&mut v["given"], &|s| s == me || s == from);
        }
        _ => {}
    }
    v
}

/// The table as `seat` sees it.
fn view(game: &RoomGame, seen: &Seen, seat: u8, moves: usize, events: Vec<Value>) -> Value {
    let t = |k: u8| Tile::from_index(k as usize).to_string();
    let hand: Vec<String> = game
        .hand(seat)
        .iter()
        .enumerate()
        .flat_map(|(k, &n)| std::iter::repeat_n(t(k as u8), n as usize))
        .collect();
    let rivers: Vec<Value> = seen
        .rivers
        .iter()
        .map(|r| {
            r.iter()
                .map(|&(k, called)| json!({ "tile": t(k), "called": called }))
                .collect()
        })
        .collect();
    let melds: Vec<Value> = (0..4)
        .map(|s| {
            game.melds(s)
                .map(|(kind, low)| {
                    let k = low.index() as u8;
                    let tiles: Vec<String> = match kind {
                        CallKind::Chi => (k..k + 3).map(t).collect(),
                        CallKind::Pon => vec![t(k); 3],
                        _ => vec![t(k); 4],
                    };
                    json!({ "kind": kind.word(), "tiles": tiles })
                })
                .collect()
        })
        .collect();
    let legal: Vec<Value> = game
        .legal(seat)
        .iter()
        .map(|a| {
            // 换三张's picks are the discard actions: named as what they do then.
            let name = match (game.exchanging(), a.kind()) {
                (true, RoomActionKind::Discard(t)) => format!("give {t}"),
                _ => a.to_string(),
            };
            json!({ "action": a.index(), "name": name })
        })
        .collect();
    let voids: Vec<Value> = (0..4)
        .map(|s| match game.void(s) {
            Some(suit) => json!(["m", "p", "s"][suit as usize % 3]),
            None => Value::Null,
        })
        .collect();
    json!({
        "moves": moves,
        "seat": seat,
        "rules": game.room().name(),
        "hand_number": seen.hand,
        "dealer": seen.dealer,
        "scores": game.scores(),
        "tiles_left": game.tiles_left(),
        "jing": game.jing().map(|j| j.to_string()),
        "voids": voids,
        "flowers": (0..4).map(|s| game.flowers(s)).collect::<Vec<_>>(),
        "passing": game.passing(seat).iter().map(|&k| t(k)).collect::<Vec<_>>(),
        "hand": hand,
        "rivers": rivers,
        "melds": melds,
        "won": (0..4).map(|s| game.has_won(s)).collect::<Vec<_>>(),
        "legal": legal,
        "events": events,
        "over": game.is_over(),
    })
}
