//! Many games stepped together, for learning: each game's deciding seat observed into one
//! row of a caller's buffers with its legal actions as a mask, one action a game applied, a
//! finished game's results handed back and a new game dealt in its place — what the Python
//! `VecGame` fills its numpy arrays with (no allocation a step).

use super::action::ACTIONS;
use super::error::GameError;
use super::observe::OBSERVATION;
use super::rules::GameRules;
use super::table::Game;
use super::wall::Seed;

/// `n` games side by side, each dealt again when it ends (game `k` of the run seeded
/// `seed + k`).
///
/// ```
/// use hupai::game::{GameRules, VecGame, ACTIONS, OBSERVATION};
/// let mut games = VecGame::new(GameRules::default(), 4, 0);
/// let (mut obs, mut masks, mut seats) = (vec![0u8; 4 * OBSERVATION], vec![false; 4 * ACTIONS], [0u8; 4]);
/// let (mut rewards, mut dones) = ([0f32; 16], [false; 4]);
/// for _ in 0..1000 {
///     games.observe(&mut obs, &mut masks, &mut seats);
///     // The first legal action of each game.
///     let actions: Vec<u8> = masks.chunks(ACTIONS).map(|m| m.iter().position(|&b| b).unwrap() as u8).collect();
///     games.step(&actions, &mut rewards, &mut dones).unwrap();
/// }
/// assert!(games.games_finished() > 0);
/// ```
#[derive(Clone, Debug)]
pub struct VecGame {
    rules: GameRules,
    games: Vec<Game>,
    next_seed: u64,
    finished: u64,
}

impl VecGame {
    /// `n` games under `rules`, the first seeded `seed`, the next `seed + 1`, …
    pub fn new(rules: GameRules, n: usize, seed: u64) -> VecGame {
        let games = (0..n as u64)
            .map(|k| Game::new(rules, Seed::from_u64(seed.wrapping_add(k))))
            .collect();
        VecGame {
            rules,
            games,
            next_seed: seed.wrapping_add(n as u64),
            finished: 0,
        }
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// No game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Game `i`.
    pub fn game(&self, i: usize) -> &Game {
        &self.games[i]
    }

    /// Games ended so far (each dealt again).
    pub fn games_finished(&self) -> u64 {
        self.finished
    }

    /// Each game's deciding seat (the first that must answer) into `seats`, what it sees
    /// into its row of `obs` ([`OBSERVATION`] bytes a game) and its legal actions into its
    /// row of `masks` ([`ACTIONS`] a game).
    pub fn observe(&self, obs: &mut [u8], masks: &mut [bool], seats: &mut [u8]) {
        for (i, g) in self.games.iter().enumerate() {
            let seat = g.to_act().first().unwrap_or(0);
            seats[i] = seat;
            let row: &mut [u8; OBSERVATION] = (&mut obs[i * OBSERVATION..(i + 1) * OBSERVATION])
                .try_into()
                .expect("a row of OBSERVATION bytes");
            g.observe(seat, row);
            let legal = g.legal(seat);
            for (a, m) in masks[i * ACTIONS..(i + 1) * ACTIONS].iter_mut().enumerate() {
                *m = legal.0[a >> 6] >> (a & 63) & 1 == 1;
            }
        }
    }

    /// Game `i`'s deciding seat takes `actions[i]`; a game that ends puts its results (points
    /// with uma and oka, in thousands, by seat) into its four of `rewards` and `true` into
    /// `dones[i]`, and is dealt again; the others put zeros and `false`. Refused at the first
    /// illegal action (its game's index and why; the games before it have stepped).
    pub fn step(
        &mut self,
        actions: &[u8],
        rewards: &mut [f32],
        dones: &mut [bool],
    ) -> Result<(), (usize, GameError)> {
        for (i, g) in self.games.iter_mut().enumerate() {
            rewards[4 * i..4 * i + 4].fill(0.0);
            dones[i] = false;
            let seat = g.to_act().first().unwrap_or(0);
            let action = super::action::Action::from_index(actions[i]).ok_or((
                i,
                GameError::Illegal {
                    seat,
                    action: super::action::Action::PASS,
                },
            ))?;
            g.step(seat, action).map_err(|e| (i, e))?;
            g.clear_events();
            if g.is_over() {
                let (_, results) = g.results();
                for (r, x) in rewards[4 * i..4 * i + 4].iter_mut().zip(results) {
                    *r = x as f32;
                }
                dones[i] = true;
                self.finished += 1;
                *g = Game::new(self.rules, Seed::from_u64(self.next_seed));
                self.next_seed = self.next_seed.wrapping_add(1);
            }
        }
        Ok(())
    }
}
