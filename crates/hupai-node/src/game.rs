//! The table from Node (`new Game(seed, { east })`): one riichi game under Tenhou's rules
//! stepped by seat — the seats to act, the legal actions (as numbers, or a mask of
//! `ACTIONS` bytes), `step`, a seat's observation (`OBSERVATION` bytes), the events as mjai
//! lines. An action the seat may not take throws an `Error` with code `ILLEGAL_ACTION`.

use super::throw;
use hupai::game::{self as table, Action, Game as Table, GameError, GameRules, Length, Seed};
use hupai::protocol::Code;
use napi::bindgen_prelude::*;
use napi_derive::napi;

/// Actions a seat may take: numbers `0 … ACTIONS - 1` (`actionName` names them).
#[napi]
pub const ACTIONS: u32 = table::ACTIONS as u32;

/// Bytes of an observation (`Game.observe`; the layout is `hupai::game::OBSERVATION`'s).
#[napi]
pub const OBSERVATION: u32 = table::OBSERVATION as u32;

/// How a game is played besides its seed.
#[napi(object)]
pub struct GameOptions {
    /// An east-only game (東風戦) instead of east and south.
    pub east: Option<bool>,
}

/// A game's final ranking and results.
#[napi(object)]
pub struct GameResults {
    /// The seats, first to last.
    pub ranks: Vec<u32>,
    /// Each seat's result in thousands: points less 30,000, with uma and oka.
    pub points: Vec<f64>,
}

/// The table's refusal as an `Error` of its code.
pub(crate) fn refused(e: GameError) -> Error<String> {
    throw(e.code(), e.to_string())
}

/// A game's seed from JavaScript: an integer from 0 to 2^53 (0 when none).
pub(crate) fn seed_of(seed: Option<f64>) -> std::result::Result<Seed, Error<String>> {
    let seed = seed.unwrap_or(0.0);
    if !(seed >= 0.0 && seed.fract() == 0.0 && seed <= 9_007_199_254_740_992.0) {
        return Err(throw(
            Code::BadArgument,
            format!("seed {seed}: an integer from 0 to 2^53"),
        ));
    }
    Ok(Seed::from_u64(seed as u64))
}

pub(crate) fn seat_of(seat: u32) -> std::result::Result<u8, Error<String>> {
    table::seat_of(seat.into()).map_err(refused)
}

fn action_of(action: u32) -> std::result::Result<Action, Error<String>> {
    table::action_of(action.into()).map_err(refused)
}

/// The name of an action (`"discard 1m"`, `"riichi 0p"` a red five, `"chi low"`, `"ron"` …).
#[napi]
pub fn action_name(action: u32) -> std::result::Result<String, Error<String>> {
    Ok(action_of(action)?.to_string())
}

/// One riichi game under Tenhou's rules, its walls shuffled from the seed as Tenhou shuffles
/// them.
#[napi]
pub struct Game {
    game: Table,
}

#[napi]
impl Game {
    /// `new Game()`, `new Game(42)`, `new Game(42, { east: true })`. A seed is an integer
    /// from 0 to 2^53.
    #[napi(constructor)]
    pub fn new(
        seed: Option<f64>,
        options: Option<GameOptions>,
    ) -> std::result::Result<Game, Error<String>> {
        let seed = seed_of(seed)?;
        let east = options.and_then(|o| o.east).unwrap_or(false);
        let rules = GameRules {
            length: if east { Length::East } else { Length::Hanchan },
            ..GameRules::default()
        };
        Ok(Game {
            game: Table::new(rules, seed),
        })
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

    /// The actions `seat` may take now as `ACTIONS` bytes, 1 for each legal one.
    #[napi]
    pub fn legal_mask(&self, seat: u32) -> std::result::Result<Uint8Array, Error<String>> {
        let legal = self.game.legal(seat_of(seat)?).0;
        let mask: Vec<u8> = (0..table::ACTIONS)
            .map(|a| (legal[a >> 6] >> (a & 63) & 1) as u8)
            .collect();
        Ok(Uint8Array::new(mask))
    }

    /// `seat` takes `action`; an `Error` with code `ILLEGAL_ACTION` when it may not (nothing
    /// changes).
    #[napi]
    pub fn step(&mut self, seat: u32, action: u32) -> std::result::Result<(), Error<String>> {
        let (seat, action) = (seat_of(seat)?, action_of(action)?);
        self.game.step(seat, action).map_err(refused)
    }

    /// What `seat` sees now: `OBSERVATION` bytes.
    #[napi]
    pub fn observe(&self, seat: u32) -> std::result::Result<Uint8Array, Error<String>> {
        let mut row = [0u8; table::OBSERVATION];
        self.game.observe(seat_of(seat)?, &mut row);
        Ok(Uint8Array::new(row.to_vec()))
    }

    /// The events since the last `clearEvents` as mjai JSON lines, as `seat` sees them (every
    /// tile when no seat is given).
    #[napi]
    pub fn events(&self, seat: Option<u32>) -> std::result::Result<Vec<String>, Error<String>> {
        let seat = seat.map(seat_of).transpose()?;
        let mut text = String::new();
        self.game.write_events(seat, &mut text);
        Ok(text.lines().map(str::to_string).collect())
    }

    /// Forgets the events told so far.
    #[napi]
    pub fn clear_events(&mut self) {
        self.game.clear_events();
    }

    /// Each seat's points.
    #[napi(getter)]
    pub fn scores(&self) -> Vec<i32> {
        self.game.scores().to_vec()
    }

    /// Whether the game is over.
    #[napi(getter)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The final ranking and each seat's result in thousands (points less 30,000, uma, oka).
    #[napi]
    pub fn results(&self) -> GameResults {
        let (ranks, points) = self.game.results();
        GameResults {
            ranks: ranks.iter().map(|&s| u32::from(s)).collect(),
            points: points.to_vec(),
        }
    }
}
