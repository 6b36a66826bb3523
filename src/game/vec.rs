//! Many games stepped together, for learning: each game's deciding seat observed into one
//! row of a caller's buffers with its legal actions as a mask, one action a game applied, a
//! finished game's results handed back and a new game dealt in its place — what the Python
//! `VecGame` and `RoomVecGame` fill their numpy arrays with (no allocation a step but a
//! room's events, cleared each step). One loop for every table: [`VecTable`] is what a game
//! gives it (riichi's [`Game`], a room's [`RoomGame`]).

use super::action::{Action, ACTIONS};
use super::error::GameError;
use super::observe::OBSERVATION;
use super::room::{Room, RoomAction, RoomGame, ROOM_ACTIONS, ROOM_OBSERVATION};
use super::rules::GameRules;
use super::table::Game;
use super::wall::Seed;

/// A table [`VecGame`] steps: dealt from rules and a seed, observed and masked for its
/// deciding seat, stepped by action index, its results at the end.
pub trait VecTable: Sized {
    /// What deals a game (riichi's [`GameRules`], a room's [`Room`]).
    type Rules: Copy;
    /// Bytes of an observation.
    const OBSERVATION: usize;
    /// Actions in a mask.
    const ACTIONS: usize;
    /// A game under `rules` from `seed`.
    fn deal(rules: Self::Rules, seed: Seed) -> Self;
    /// The seat that answers now (the first of those that must; 0 at the end).
    fn decider(&self) -> u8;
    /// What `seat` sees, into `row` ([`VecTable::OBSERVATION`] bytes).
    fn observe_row(&self, seat: u8, row: &mut [u8]);
    /// What `seat` may do, into `mask` ([`VecTable::ACTIONS`] of them).
    fn mask(&self, seat: u8, mask: &mut [bool]);
    /// `seat` takes action number `action`, the events forgotten; refused as the table
    /// refuses it (a number that is no action: an illegal pass).
    fn step_index(&mut self, seat: u8, action: u8) -> Result<(), GameError>;
    /// Each seat's result once the game is over (riichi: points with uma and oka in
    /// thousands; a room: its points).
    fn results(&self) -> Option<[f32; 4]>;
}

impl VecTable for Game {
    type Rules = GameRules;
    const OBSERVATION: usize = OBSERVATION;
    const ACTIONS: usize = ACTIONS;

    fn deal(rules: GameRules, seed: Seed) -> Game {
        Game::new(rules, seed)
    }

    fn decider(&self) -> u8 {
        self.to_act().first().unwrap_or(0)
    }

    fn observe_row(&self, seat: u8, row: &mut [u8]) {
        let row: &mut [u8; OBSERVATION] = row.try_into().expect("a row of OBSERVATION bytes");
        self.observe(seat, row);
    }

    fn mask(&self, seat: u8, mask: &mut [bool]) {
        let legal = self.legal(seat);
        for (a, m) in mask.iter_mut().enumerate() {
            *m = legal.0[a >> 6] >> (a & 63) & 1 == 1;
        }
    }

    fn step_index(&mut self, seat: u8, action: u8) -> Result<(), GameError> {
        let action = Action::from_index(action).ok_or(GameError::Illegal {
            seat,
            action: Action::PASS,
        })?;
        self.step(seat, action)?;
        self.clear_events();
        Ok(())
    }

    fn results(&self) -> Option<[f32; 4]> {
        self.is_over()
            .then(|| Game::results(self).1.map(|x| x as f32))
    }
}

impl VecTable for RoomGame {
    type Rules = Room;
    const OBSERVATION: usize = ROOM_OBSERVATION;
    const ACTIONS: usize = ROOM_ACTIONS;

    fn deal(rules: Room, seed: Seed) -> RoomGame {
        RoomGame::new(rules, seed)
    }

    fn decider(&self) -> u8 {
        self.to_act().first().unwrap_or(0)
    }

    fn observe_row(&self, seat: u8, row: &mut [u8]) {
        let row: &mut [u8; ROOM_OBSERVATION] =
            row.try_into().expect("a row of ROOM_OBSERVATION bytes");
        self.observe(seat, row);
    }

    fn mask(&self, seat: u8, mask: &mut [bool]) {
        let legal = self.legal(seat);
        for (a, m) in mask.iter_mut().enumerate() {
            *m = legal.0 >> a & 1 == 1;
        }
    }

    fn step_index(&mut self, seat: u8, action: u8) -> Result<(), GameError> {
        let action = RoomAction::from_index(action).ok_or(GameError::IllegalRoom {
            seat,
            action: RoomAction::PASS,
        })?;
        self.step(seat, action)?;
        self.clear_events();
        Ok(())
    }

    fn results(&self) -> Option<[f32; 4]> {
        self.is_over().then(|| self.scores().map(|x| x as f32))
    }
}

/// `n` games side by side, each dealt again when it ends (game `k` of the run seeded
/// `seed + k`): riichi's ([`VecGame::new`]), or a room's ([`VecGame::rooms`], a
/// `VecGame<RoomGame>`).
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
///
/// A room's games alike:
///
/// ```
/// use hupai::game::room::{Room, ROOM_ACTIONS, ROOM_OBSERVATION};
/// use hupai::game::VecGame;
/// let mut room = Room::named("sichuan").unwrap();
/// room.set("hands", "1").unwrap();
/// let mut games = VecGame::rooms(room, 2, 0);
/// let (mut obs, mut masks, mut seats) = (vec![0u8; 2 * ROOM_OBSERVATION], vec![false; 2 * ROOM_ACTIONS], [0u8; 2]);
/// let (mut rewards, mut dones) = ([0f32; 8], [false; 2]);
/// while games.games_finished() < 2 {
///     games.observe(&mut obs, &mut masks, &mut seats);
///     let actions: Vec<u8> = masks.chunks(ROOM_ACTIONS).map(|m| m.iter().position(|&b| b).unwrap() as u8).collect();
///     games.step(&actions, &mut rewards, &mut dones).unwrap();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct VecGame<G: VecTable = Game> {
    rules: G::Rules,
    games: Vec<G>,
    next_seed: u64,
    finished: u64,
}

impl VecGame {
    /// `n` riichi games under `rules`, the first seeded `seed`, the next `seed + 1`, …
    pub fn new(rules: GameRules, n: usize, seed: u64) -> VecGame {
        VecGame::deal_all(rules, n, seed)
    }
}

impl VecGame<RoomGame> {
    /// `n` games of `room`, the first seeded `seed`, the next `seed + 1`, …
    pub fn rooms(room: Room, n: usize, seed: u64) -> VecGame<RoomGame> {
        VecGame::deal_all(room, n, seed)
    }
}

impl<G: VecTable> VecGame<G> {
    /// `n` games under `rules`, the first seeded `seed`, the next `seed + 1`, …
    fn deal_all(rules: G::Rules, n: usize, seed: u64) -> VecGame<G> {
        let games = (0..n as u64)
            .map(|k| G::deal(rules, Seed::from_u64(seed.wrapping_add(k))))
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
    pub fn game(&self, i: usize) -> &G {
        &self.games[i]
    }

    /// Games ended so far (each dealt again).
    pub fn games_finished(&self) -> u64 {
        self.finished
    }

    /// Each game's deciding seat (the first that must answer) into `seats`, what it sees
    /// into its row of `obs` (`G::OBSERVATION` bytes a game) and its legal actions into its
    /// row of `masks` (`G::ACTIONS` a game).
    pub fn observe(&self, obs: &mut [u8], masks: &mut [bool], seats: &mut [u8]) {
        let (o, a) = (G::OBSERVATION, G::ACTIONS);
        for (i, g) in self.games.iter().enumerate() {
            let seat = g.decider();
            seats[i] = seat;
            g.observe_row(seat, &mut obs[i * o..(i + 1) * o]);
            g.mask(seat, &mut masks[i * a..(i + 1) * a]);
        }
    }

    /// Game `i`'s deciding seat takes `actions[i]`; a game that ends puts its results (by
    /// seat: riichi's points with uma and oka in thousands, a room's points) into its four of
    /// `rewards` and `true` into `dones[i]`, and is dealt again; the others put zeros and
    /// `false`. Refused at the first illegal action (its game's index and why; the games
    /// before it have stepped).
    pub fn step(
        &mut self,
        actions: &[u8],
        rewards: &mut [f32],
        dones: &mut [bool],
    ) -> Result<(), (usize, GameError)> {
        for (i, g) in self.games.iter_mut().enumerate() {
            rewards[4 * i..4 * i + 4].fill(0.0);
            dones[i] = false;
            let seat = g.decider();
            g.step_index(seat, actions[i]).map_err(|e| (i, e))?;
            if let Some(results) = g.results() {
                rewards[4 * i..4 * i + 4].copy_from_slice(&results);
                dones[i] = true;
                self.finished += 1;
                *g = G::deal(self.rules, Seed::from_u64(self.next_seed));
                self.next_seed = self.next_seed.wrapping_add(1);
            }
        }
        Ok(())
    }
}
