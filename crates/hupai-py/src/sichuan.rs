//! Sichuan 血战到底 from Python (`hupai.SichuanGame`): one game stepped by seat, its events as
//! JSON lines (every payment with its reason).

use crate::game::{refused, seat_of};
use hupai::game::sichuan::{SichuanGame, SichuanRules};
use hupai::game::{room_action_of, Seed};
use pyo3::prelude::*;

/// One Sichuan 血战到底 game (`hands` hands, the cap of fans `cap`, 0 for none; 呼叫转移 with
/// `call_transfer`), its walls from `seed`. Actions are ints `0..ROOM_ACTIONS`
/// (`room_action_name` names them).
#[pyclass(name = "SichuanGame", module = "hupai")]
pub struct PySichuanGame {
    game: SichuanGame,
}

#[pymethods]
impl PySichuanGame {
    #[new]
    #[pyo3(signature = (seed = 0, hands = 8, cap = 3, call_transfer = false))]
    fn new(seed: u64, hands: u16, cap: u8, call_transfer: bool) -> PySichuanGame {
        let mut rules = SichuanRules {
            hands: hands.max(1),
            call_transfer,
            ..SichuanRules::default()
        };
        rules.scoring.cap = cap;
        PySichuanGame {
            game: SichuanGame::new(rules, Seed::from_u64(seed)),
        }
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
    /// `win`, `pay`, `end_hand`, `end_game`).
    fn events(&self) -> Vec<String> {
        let mut line = String::new();
        self.game
            .events()
            .iter()
            .map(|e| {
                line.clear();
                e.write_json(&mut line);
                line.clone()
            })
            .collect()
    }

    /// Forgets the events told so far.
    fn clear_events(&mut self) {
        self.game.clear_events();
    }

    /// `seat`'s concealed tiles, 27 counts (1m … 9s).
    fn hand(&self, seat: i64) -> PyResult<[u8; 27]> {
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
