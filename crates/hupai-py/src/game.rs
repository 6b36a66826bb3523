//! The table from Python (`hupai.Game`, `hupai.VecGame`): one game stepped by seat, and many
//! stepped together into numpy arrays kept by the object (filled in place with the GIL
//! released: nothing allocated a step) — a Gym-style loop for learning, every seat played by
//! the one policy.

use crate::errors::raise;
use hupai::game::{self as table, Action, Game, GameError, GameRules, Length, Seed, VecGame};
use hupai::game::{ACTIONS, OBSERVATION};
use hupai::protocol::Code;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
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
    games: VecGame,
    obs: Py<PyArray2<u8>>,
    masks: Py<PyArray2<bool>>,
    seats: Py<PyArray1<u8>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
}

type Arrays<'py> = (
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<u8>>,
);

#[pymethods]
impl PyVecGame {
    #[new]
    #[pyo3(signature = (n, seed = 0, east = false))]
    fn new(py: Python<'_>, n: usize, seed: u64, east: bool) -> PyResult<PyVecGame> {
        if n == 0 || n > 1 << 20 {
            return Err(raise(
                Code::BadArgument,
                format!("n = {n}: from 1 to 1,048,576 games"),
            ));
        }
        Ok(PyVecGame {
            games: VecGame::new(rules(east), n, seed),
            obs: PyArray2::zeros(py, [n, OBSERVATION], false).unbind(),
            masks: PyArray2::zeros(py, [n, ACTIONS], false).unbind(),
            seats: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, 4], false).unbind(),
            dones: PyArray1::zeros(py, n, false).unbind(),
        })
    }

    /// How many games.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// Games ended so far.
    #[getter]
    fn games_finished(&self) -> u64 {
        self.games.games_finished()
    }

    /// Fills and returns `(obs, masks, seats)` for the games as they are.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        let (obs, masks, seats) = (self.obs.bind(py), self.masks.bind(py), self.seats.bind(py));
        {
            let (mut o, mut m, mut s) = (obs.readwrite(), masks.readwrite(), seats.readwrite());
            let (o, m, s) = (o.as_slice_mut()?, m.as_slice_mut()?, s.as_slice_mut()?);
            let games = &self.games;
            py.detach(|| games.observe(o, m, s));
        }
        Ok((obs.clone(), masks.clone(), seats.clone()))
    }

    /// Each game's deciding seat takes `actions[i]` (an int array of n); returns `(obs, masks,
    /// seats, rewards, dones)`: a finished game's results in its row of rewards (thousands of
    /// points, by seat) and `dones[i]` true, the game dealt again. HupaiError (code
    /// BAD_ARGUMENT) at an illegal action, naming the game; the games before it have stepped.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(
        Bound<'py, PyArray2<u8>>,
        Bound<'py, PyArray2<bool>>,
        Bound<'py, PyArray1<u8>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let n = self.games.len();
        if actions.len() != n {
            return Err(raise(
                Code::BadArgument,
                format!("{} actions for {n} games", actions.len()),
            ));
        }
        let acts: Vec<u8> = actions
            .as_array()
            .iter()
            .map(|&a| u8::try_from(a).unwrap_or(u8::MAX))
            .collect();
        let (rewards, dones) = (self.rewards.bind(py), self.dones.bind(py));
        {
            let (mut r, mut d) = (rewards.readwrite(), dones.readwrite());
            let (r, d) = (r.as_slice_mut()?, d.as_slice_mut()?);
            let games = &mut self.games;
            py.detach(|| games.step(&acts, r, d))
                .map_err(|(i, e)| raise(e.code(), format!("game {i}: {e}")))?;
        }
        let (obs, masks, seats) = self.observe(py)?;
        Ok((obs, masks, seats, rewards.clone(), dones.clone()))
    }
}
