//! The table: a game engine that runs whole four-player riichi games under Tenhou's rules,
//! each difference a named switch ([`GameRules`]) — for game servers (legal actions, turns,
//! settlements), bots and learning (a fixed-size state, actions as one byte, legal actions as
//! a mask). The `game` feature (docs/GAME.md).
//!
//! A [`Game`] is made from rules and a [`Seed`] (Tenhou's shuffle) or given walls. Play goes
//! by decisions: [`Game::to_act`] names the seats that must answer now, [`Game::legal`] what
//! each may do, [`Game::step`] takes one seat's answer. Draws, claims' resolution, dora,
//! settlements and the next round follow by themselves; [`Game::events`] tells what happened,
//! in mjai's vocabulary.
//!
//! ```
//! use hupai::game::{Game, GameRules, Seed};
//! let mut game = Game::new(GameRules::default(), Seed::from_u64(42));
//! let mut steps = 0;
//! while let Some(seat) = game.to_act().first() {
//!     // Everyone plays the first legal action (a discard of the lowest kind, or pass).
//!     let action = game.legal(seat).iter().next().unwrap();
//!     game.step(seat, action).unwrap();
//!     steps += 1;
//! }
//! assert!(game.is_over() && steps > 100);
//! assert_eq!(game.scores().iter().sum::<i32>(), 100_000);
//! ```

mod action;
mod agent;
mod audit;
mod end;
mod error;
mod event;
mod ids;
mod legal;
mod mjai;
mod observe;
mod play;
pub mod room;
mod rules;
mod seat;
mod table;
mod vec;
mod wall;

pub use action::{Action, ActionKind, Actions, ACTIONS};
pub use agent::{Agent, OddsAgent, RandomAgent, Tsumogiri, UkeireAgent};
pub use error::{action_of, room_action_of, seat_of, GameError};
pub use event::{DrawKind, GameEvent, HIDDEN};
pub use ids::TileIds;
pub use mjai::mjai_tile;
pub use observe::OBSERVATION;
pub use rules::{GameRules, Length, Rons};
pub use table::{Game, Phase, RoundStart, Seats};
pub use vec::{VecGame, VecTable};
pub use wall::{Layout, Seed};
