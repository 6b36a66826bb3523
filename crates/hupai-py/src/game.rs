//! The table from Python (`hupai.Game`, `hupai.VecGame`): one game stepped by seat, and many
//! stepped together into numpy arrays kept by the object (filled in place with the GIL
//! released: nothing allocated a step) — a Gym-style loop for learning, every seat played by
//! the one policy.

use crate::errors::raise;
use crate::stepper::{games_wanted, Seen, Stepped, Stepper};
use hupai::game::{self as table, Action, Game, GameError, GameRules, Length, Seed, VecGame};
use hupai::game::{ACTIONS, OBSERVATION};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;

fn rules(east: bool) -> GameRules {
    GameRules {
        length: if east { Length::East } else { Length::Hanchan },
        ..GameRules::default()
    }
}

/// The table's refusal as a HupaiError of its code.
pub(crate) fn refused(e: GameError) -> PyErr {
    raise(e.code(), e.to_string())
}

pub(crate) fn seat_of(seat: i64) -> PyResult<u8> {
    table::seat_of(seat).map_err(refused)
}

fn action_of(action: i64) -> PyResult<Action> {
    table::action_of(action).map_err(refused)
}

/// One riichi game under Tenhou's rules (`east=True` for an east-only game), its walls from
/// `seed` as Tenhou shuffles them. Actions are ints `0..ACTIONS` (`action_name` names them).
#[pyclass(name = "Game", module = "hupai")]
pub struct PyGame {
    game: Game,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (seed = 0, east = false))]
    fn new(seed: u64, east: bool) -> PyGame {
        PyGame {
            game: Game::new(rules(east), Seed::from_u64(seed)),
        }
    }

    /// The seats that must answer now (empty when the game is over).
    fn to_act(&self) -> Vec<u32> {
        self.game.to_act().iter().map(u32::from).collect()
    }

    /// The actions `seat` may take now.
    fn legal(&self, seat: i64) -> PyResult<Vec<u32>> {
        Ok(self
            .game
            .legal(seat_of(seat)?)
            .iter()
            .map(|a| u32::from(a.index()))
            .collect())
    }

    /// The actions `seat` may take now as a bool array of ACTIONS.
    fn legal_mask<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let legal = self.game.legal(seat_of(seat)?);
        let mask: Vec<bool> = (0..ACTIONS)
            .map(|a| legal.0[a >> 6] >> (a & 63) & 1 == 1)
            .collect();
        Ok(PyArray1::from_vec(py, mask))
    }

    /// `seat` takes `action`; HupaiError (code ILLEGAL_ACTION) when it may not, nothing changed.
    fn step(&mut self, seat: i64, action: i64) -> PyResult<()> {
        let (seat, action) = (seat_of(seat)?, action_of(action)?);
        self.game.step(seat, action).map_err(refused)
    }

    /// What `seat` sees, a uint8 array of OBSERVATION (the layout: `hupai::game::OBSERVATION`).
    fn observe<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let mut row = [0u8; OBSERVATION];
        self.game.observe(seat_of(seat)?, &mut row);
        Ok(PyArray1::from_slice(py, &row))
    }

    /// The events so far as mjai JSON lines (as `seat` sees them when given).
    #[pyo3(signature = (seat = None))]
    fn events(&self, seat: Option<i64>) -> PyResult<Vec<String>> {
        let seat = seat.map(seat_of).transpose()?;
        let mut text = String::new();
        self.game.write_events(seat, &mut text);
        Ok(text.lines().map(str::to_string).collect())
    }

    /// Forgets the events told so far.
    fn clear_events(&mut self) {
        self.game.clear_events();
    }

    /// Each seat's points.
    #[getter]
    fn scores(&self) -> [i32; 4] {
        self.game.scores()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The final ranking (seats, first to last) and each seat's result in thousands (points
    /// less 30,000, uma, oka).
    fn results(&self) -> ([u32; 4], [f64; 4]) {
        let (ranks, results) = self.game.results();
        (ranks.map(u32::from), results)
    }

    fn __repr__(&self) -> String {
        format!("{:?}", self.game)
    }
}

/// The name of action `action` ("discard 5m", "riichi 0p", "chi low", "ron", …).
#[pyfunction]
pub fn action_name(action: i64) -> PyResult<String> {
    Ok(action_of(action)?.to_string())
}

/// `n` games stepped together, each dealt again when it ends (game k seeded `seed + k`). Its
/// arrays are kept and filled in place, the GIL released: `obs` (n, OBSERVATION) uint8,
/// `masks` (n, ACTIONS) bool, `seats` (n,) uint8 — each game's deciding seat and what it sees
/// and may do —, `rewards` (n, 4) float32 and `dones` (n,) bool after a step.
#[pyclass(name = "VecGame", module = "hupai")]
pub struct PyVecGame {
    inner: Stepper<Game>,
}

#[pymethods]
impl PyVecGame {
    #[new]
    #[pyo3(signature = (n, seed = 0, east = false))]
    fn new(py: Python<'_>, n: usize, seed: u64, east: bool) -> PyResult<PyVecGame> {
        let games = VecGame::new(rules(east), games_wanted(n)?, seed);
        Ok(PyVecGame {
            inner: Stepper::new(py, games),
        })
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

    /// Each game's deciding seat takes `actions[i]` (an int array of n); returns `(obs, masks,
    /// seats, rewards, dones)`: a finished game's results in its row of rewards (thousands of
    /// points, by seat) and `dones[i]` true, the game dealt again. HupaiError (code
    /// ILLEGAL_ACTION) at an illegal action, naming the game; the games before it have stepped.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
        self.inner.step(py, actions)
    }
}
