//! What `hupai.VecGame` and `hupai.RoomVecGame` share: `n` games of one table stepped
//! together (`hupai::game::VecGame`) into numpy arrays the object keeps and fills in place
//! with the GIL released — nothing allocated a step.

use crate::errors::raise;
use hupai::game::{VecGame, VecTable};
use hupai::protocol::Code;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// The games and their arrays: `obs` (n, G::OBSERVATION) uint8, `masks` (n, G::ACTIONS)
/// bool, `seats` (n,) uint8, `rewards` (n, 4) float32, `dones` (n,) bool.
pub(crate) struct Stepper<G: VecTable> {
    pub games: VecGame<G>,
    obs: Py<PyArray2<u8>>,
    masks: Py<PyArray2<bool>>,
    seats: Py<PyArray1<u8>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
}

/// What `observe` returns: `(obs, masks, seats)`.
pub(crate) type Seen<'py> = (
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<u8>>,
);

/// What `step` returns: `(obs, masks, seats, rewards, dones)`.
pub(crate) type Stepped<'py> = (
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

/// `n` from 1 to 1,048,576, else HupaiError (BAD_ARGUMENT).
pub(crate) fn games_wanted(n: usize) -> PyResult<usize> {
    if n == 0 || n > 1 << 20 {
        return Err(raise(
            Code::BadArgument,
            format!("n = {n}: from 1 to 1,048,576 games"),
        ));
    }
    Ok(n)
}

impl<G: VecTable + Send + Sync> Stepper<G>
where
    G::Rules: Send + Sync,
{
    pub fn new(py: Python<'_>, games: VecGame<G>) -> Stepper<G> {
        let n = games.len();
        Stepper {
            games,
            obs: PyArray2::zeros(py, [n, G::OBSERVATION], false).unbind(),
            masks: PyArray2::zeros(py, [n, G::ACTIONS], false).unbind(),
            seats: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, 4], false).unbind(),
            dones: PyArray1::zeros(py, n, false).unbind(),
        }
    }

    /// Fills and returns `(obs, masks, seats)` for the games as they are.
    pub fn observe<'py>(&self, py: Python<'py>) -> PyResult<Seen<'py>> {
        let (obs, masks, seats) = (self.obs.bind(py), self.masks.bind(py), self.seats.bind(py));
        {
            let (mut o, mut m, mut s) = (obs.readwrite(), masks.readwrite(), seats.readwrite());
            let (o, m, s) = (o.as_slice_mut()?, m.as_slice_mut()?, s.as_slice_mut()?);
            let games = &self.games;
            py.detach(|| games.observe(o, m, s));
        }
        Ok((obs.clone(), masks.clone(), seats.clone()))
    }

    /// Each game's deciding seat takes `actions[i]`; then `observe`, with the rewards and
    /// dones. HupaiError (the table's code) at an illegal action, naming the game.
    pub fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
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
