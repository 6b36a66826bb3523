//! The Chinese rooms from Node (`new RoomGame("hongzhong", 7, { birds: 6 })`): one game of
//! a room stepped by seat, what a seat sees as bytes, its switches read by the engine's `Room::set`,
//! its events as JSON lines (every payment with its reason). An action the seat may not take
//! throws an `Error` with code `ILLEGAL_ACTION`, a room or switch that is none `BAD_ARGUMENT`.

use super::game::{refused, seat_of, seed_of};
use hupai::game::room::{Room, RoomGame as Table};
use hupai::game::room_action_of;
use napi::bindgen_prelude::*;
use napi_derive::napi;
use std::collections::HashMap;

/// A room's actions: numbers `0 … ROOM_ACTIONS - 1` (`roomActionName` names them).
#[napi]
pub const ROOM_ACTIONS: u32 = hupai::game::room::ROOM_ACTIONS as u32;

/// Bytes of a room's observation (`RoomGame.observe`; the layout is
/// `hupai::game::room::ROOM_OBSERVATION`'s, docs/GAME.md).
#[napi]
pub const ROOM_OBSERVATION: u32 = hupai::game::room::ROOM_OBSERVATION as u32;

/// The name of a room action (`"discard 5m"`, `"void p"`, `"pon"`, `"win"` …).
#[napi]
pub fn room_action_name(action: u32) -> std::result::Result<String, Error<String>> {
    Ok(room_action_of(action.into()).map_err(refused)?.to_string())
}

/// One game of a room: `"sichuan"` (血战到底), `"hongzhong"` (红中麻将), `"changsha"` (长沙麻将),
/// `"guobiao"` (MCR) or `"nanchang"` (南昌麻将).
#[napi]
pub struct RoomGame {
    game: Table,
}

#[napi]
impl RoomGame {
    /// `new RoomGame("sichuan")`, `new RoomGame("hongzhong", 42, { birds: 6, bird_pay:
    /// "multiply", kongs: "1/1/1" })`: the room, its seed (an integer from 0 to 2^53) and its
    /// switches (docs/SCORING.md names each room's).
    #[napi(constructor)]
    pub fn new(
        rules: String,
        seed: Option<f64>,
        switches: Option<HashMap<String, Either3<bool, f64, String>>>,
    ) -> std::result::Result<RoomGame, Error<String>> {
        let mut room = Room::named(&rules).map_err(refused)?;
        let mut switches: Vec<_> = switches.unwrap_or_default().into_iter().collect();
        switches.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, value) in switches {
            let value = match value {
                Either3::A(b) => b.to_string(),
                Either3::B(n) => n.to_string(),
                Either3::C(s) => s,
            };
            room.set(&name, &value).map_err(refused)?;
        }
        Ok(RoomGame {
            game: Table::new(room, seed_of(seed)?),
        })
    }

    /// The room's name.
    #[napi(getter)]
    pub fn rules(&self) -> String {
        self.game.room().name().to_string()
    }

    /// The seats that must answer now (empty once the game is over).
    #[napi]
    pub fn to_act(&self) -> Vec<u32> {
        self.game.to_act().iter().map(u32::from).collect()
    }

    /// The actions `seat` may take now.
    #[napi]
    pub fn legal(&self, seat: u32) -> std::result::Result<Vec<u32>, Error<String>> {
        let legal = self.game.legal(seat_of(seat)?);
        Ok(legal.iter().map(|a| u32::from(a.index())).collect())
    }

    /// `seat` takes `action`; an `Error` with code `ILLEGAL_ACTION` when it may not (nothing
    /// changes).
    #[napi]
    pub fn step(&mut self, seat: u32, action: u32) -> std::result::Result<(), Error<String>> {
        let seat = seat_of(seat)?;
        let action = room_action_of(action.into()).map_err(refused)?;
        self.game.step(seat, action).map_err(refused)
    }

    /// The events since the last `clearEvents` as JSON lines (`deal`, `void`, `draw`,
    /// `discard`, `pon`, `kong`, `birds`, `win`, `pay`, `end_hand`, `end_game`).
    #[napi]
    pub fn events(&self) -> Vec<String> {
        let mut text = String::new();
        self.game.write_events(&mut text);
        text.lines().map(str::to_string).collect()
    }

    /// Forgets the events told so far.
    #[napi]
    pub fn clear_events(&mut self) {
        self.game.clear_events();
    }

    /// `seat`'s concealed tiles, 34 counts (1m … 7z; only 7z, the 红中, of the honors).
    #[napi]
    pub fn hand(&self, seat: u32) -> std::result::Result<Vec<u32>, Error<String>> {
        Ok(self
            .game
            .hand(seat_of(seat)?)
            .iter()
            .map(|&c| c.into())
            .collect())
    }

    /// What `seat` sees now: `ROOM_OBSERVATION` bytes.
    #[napi]
    pub fn observe(&self, seat: u32) -> std::result::Result<Uint8Array, Error<String>> {
        let mut row = [0u8; hupai::game::room::ROOM_OBSERVATION];
        self.game.observe(seat_of(seat)?, &mut row);
        Ok(Uint8Array::new(row.to_vec()))
    }

    /// Each seat's points: the payments so far, from 0.
    #[napi(getter)]
    pub fn scores(&self) -> Vec<i64> {
        self.game.scores().to_vec()
    }

    /// Whether the game is over.
    #[napi(getter)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }
}
