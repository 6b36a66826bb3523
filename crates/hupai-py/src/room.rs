//! The Chinese rooms from Python (`hupai.RoomGame`, `hupai.RoomVecGame`): one game of a room
//! stepped by seat, its switches as keywords (read by the engine's `Room::set`), its events
//! as JSON lines (every payment with its reason); and many stepped together into numpy
//! arrays, as `hupai.VecGame` steps riichi's.

use crate::game::{refused, seat_of};
use crate::stepper::{games_wanted, Seen, Stepped, Stepper};
use hupai::game::room::{Room, RoomGame, ROOM_OBSERVATION};
use hupai::game::{room_action_of, Seed, VecGame};
use numpy::{PyArray1, PyReadonlyArray1};
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
        Ok(PyRoomGame {
            game: RoomGame::new(room_of(rules, switches)?, Seed::from_u64(seed)),
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

    /// What `seat` sees, a uint8 array of ROOM_OBSERVATION (docs/GAME.md).
    fn observe<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let mut row = [0u8; ROOM_OBSERVATION];
        self.game.observe(seat_of(seat)?, &mut row);
        Ok(PyArray1::from_slice(py, &row))
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

/// The room `rules` under the switches given as keywords (a bool as `true`/`false`, any other
/// value as its text, read by `Room::set`).
fn room_of(rules: &str, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Room> {
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
    Ok(room)
}

/// `n` games of a room (`rules` and its switches as keywords, as `RoomGame` takes them)
/// stepped together, each dealt again when it ends (game k seeded `seed + k`). Its arrays are
/// kept and filled in place, the GIL released: `obs` (n, ROOM_OBSERVATION) uint8, `masks` (n,
/// ROOM_ACTIONS) bool, `seats` (n,) uint8 — each game's deciding seat and what it sees and
/// may do —, `rewards` (n, 4) float32 (a finished game's points, by seat) and `dones` (n,)
/// bool after a step.
#[pyclass(name = "RoomVecGame", module = "hupai")]
pub struct PyRoomVecGame {
    inner: Stepper<RoomGame>,
}

#[pymethods]
impl PyRoomVecGame {
    #[new]
    #[pyo3(signature = (n, rules = "sichuan", seed = 0, **switches))]
    fn new(
        py: Python<'_>,
        n: usize,
        rules: &str,
        seed: u64,
        switches: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyRoomVecGame> {
        let games = VecGame::rooms(room_of(rules, switches)?, games_wanted(n)?, seed);
        Ok(PyRoomVecGame {
            inner: Stepper::new(py, games),
        })
    }

    /// The room's name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.games.game(0).room().name()
    }

    /// How many games.
    fn __len__(&self) -> usize {
        self.inner.games.len()
    }

    /// Games ended so far.
    #[getter]
    fn games_finished(&self) -> u64 {
        self.inner.games.games_finished()
    }

    /// Fills and returns `(obs, masks, seats)` for the games as they are.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Seen<'py>> {
        self.inner.observe(py)
    }

    /// Each game's deciding seat takes `actions[i]` (an int array of n, room action numbers);
    /// returns `(obs, masks, seats, rewards, dones)`: a finished game's points in its row of
    /// rewards and `dones[i]` true, the game dealt again. HupaiError (code ILLEGAL_ACTION) at
    /// an illegal action, naming the game; the games before it have stepped.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
        self.inner.step(py, actions)
    }
}
