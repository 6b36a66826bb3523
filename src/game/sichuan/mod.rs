//! Sichuan 血战到底 at the table: [`SichuanGame`] plays whole games of the room — the void
//! suits, pon and kong, wins by several seats on one discard, the hand played on until three
//! have won, the kongs paid at once, the checks at the wall's end — each rule a switch of
//! [`SichuanRules`], every payment an event with its reason (docs/GAME.md, "The rooms").
//!
//! ```
//! use hupai::game::sichuan::{RoomEvent, SichuanGame, SichuanRules};
//! use hupai::game::{RandomAgent, Seed};
//! let mut game = SichuanGame::new(SichuanRules { hands: 1, ..SichuanRules::default() }, Seed::from_u64(3));
//! let mut player = RandomAgent::new(3);
//! while let Some(seat) = game.to_act().first() {
//!     game.step(seat, player.pick_room(game.legal(seat))).unwrap();
//! }
//! let paid: i64 = game.events().iter().map(|e| match e {
//!     RoomEvent::Pay { amount, .. } => *amount,
//!     _ => 0,
//! }).sum();
//! assert!(paid >= 0 && game.scores().iter().sum::<i64>() == 0);
//! ```

mod play;
pub(super) mod rules;
mod settle;
mod table;

pub use rules::{
    NextDealer, Reason, RoomAction, RoomActionKind, RoomActions, RoomEvent, SichuanRules,
    ROOM_ACTIONS,
};
pub use table::SichuanGame;
