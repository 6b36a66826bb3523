//! The Chinese rooms from Python (`hupai.RoomGame`): one game of Sichuan 血战到底 or 红中麻将
//! stepped by seat, its switches as keywords (read by the engine's `Room::set`), its events
//! as JSON lines (every payment with its reason).

use crate::game::{refused, seat_of};
use hupai::game::room::{Room, RoomGame};
use hupai::game::{room_action_of, Seed};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

/// One game of a room (`rules`: "sichuan", "hongzhong", "changsha", "guobiao" or
/// "nanchang"), its walls from `seed`, each other keyword one of the room's switches
/// (`hands=1`, `cap=3`, `call_transfer=True`, `birds=6`, `bird_pay="multiply"`,
/// `kongs="1/1/1"` …; docs/SCORING.md). Actions are ints `0..ROOM_ACTIONS`
/// (`room_action_name` names them).
#[pyclass(name = "RoomGame", module = "hupai")]
pub struct PyRoomGame {
    game: RoomGame,
}

#[pymethods]
impl PyRoomGame {
    #[new]
    #[pyo3(signature = (rules = "sichuan", seed = 0, **switches))]
    fn new(rules: &str, seed: u64, switches: Option<&Bound<'_, PyDict>>) -> PyResult<PyRoomGame> {
        let mut room = Room::named(rules).map_err(refused)?;
        for (name, value) in switches.into_iter().flatten() {
            let name: String = name.extract()?;
            let value = if value.is_instance_of::<PyBool>() {
                value.extract::<bool>()?.to_string()
            } else {
                value.str()?.to_string()
            };
            room.set(&name, &value).map_err(refused)?;
        }
        Ok(PyRoomGame {
            game: RoomGame::new(room, Seed::from_u64(seed)),
        })
    }

    /// The room's name ("sichuan", "hongzhong", "changsha", "guobiao", "nanchang").
    #[getter]
    fn rules(&self) -> &'static str {
        self.game.room().name()
    }

    /// The seats that must answer now (empty when the game is over).
    fn to_act(&self) -> Vec<u32> {
        self.game.to_act().iter().map(u32::from).collect()
    }

    /// The actions `seat` may take now.
    fn legal(&self, seat: i64) -> PyResult<Vec<u32>> {
        let legal = self.game.legal(seat_of(seat)?);
        Ok(legal.iter().map(|a| u32::from(a.index())).collect())
    }

    /// `seat` takes `action`; HupaiError (code ILLEGAL_ACTION) when it may not, nothing changed.
    fn step(&mut self, seat: i64, action: i64) -> PyResult<()> {
        let seat = seat_of(seat)?;
        let action = room_action_of(action).map_err(refused)?;
        self.game.step(seat, action).map_err(refused)
    }

    /// The events so far as JSON lines (`deal`, `void`, `draw`, `discard`, `pon`, `kong`,
    /// `birds`, `win`, `pay`, `end_hand`, `end_game`).
    fn events(&self) -> Vec<String> {
        let mut text = String::new();
        self.game.write_events(&mut text);
        text.lines().map(str::to_string).collect()
    }

    /// Forgets the events told so far.
    fn clear_events(&mut self) {
        self.game.clear_events();
    }

    /// `seat`'s concealed tiles, 34 counts (1m … 7z; only 7z, the 红中, of the honors).
    fn hand(&self, seat: i64) -> PyResult<[u8; 34]> {
        Ok(*self.game.hand(seat_of(seat)?))
    }

    /// Each seat's points: the payments so far, from 0.
    #[getter]
    fn scores(&self) -> [i64; 4] {
        self.game.scores()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
}

/// The name of room action `action` ("discard 5m", "void p", "pon", "win", …).
#[pyfunction]
pub fn room_action_name(action: i64) -> PyResult<String> {
    Ok(room_action_of(action).map_err(refused)?.to_string())
}
