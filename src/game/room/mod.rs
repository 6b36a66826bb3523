//! The Chinese rooms at the table: [`RoomGame`] plays whole games of a [`Room`] — Sichuan
//! 血战到底 (the void suits, wins by several seats on one discard, the hand played on until
//! three have won, the checks at the wall's end), 红中麻将 (the 红中 wild, self-drawn wins,
//! the birds) and 长沙麻将 (chi, the 2-5-8 pair, the big wins, the starting hand's small wins,
//! birds naming seats), Guobiao (every kind of tile, the 8-fan minimum, the base from each
//! seat) and 南昌麻将 (the 精 turned each hand, wild, and settled) — pon and kong, the kongs
//! paid at once, each rule a switch of the room's rules ([`SichuanRules`],
//! [`HongzhongRules`], [`ChangshaRules`], [`GuobiaoRules`], [`NanchangRules`]), every payment
//! an event with its reason
//! (docs/GAME.md, "The rooms").
//!
//! ```
//! use hupai::game::room::{RoomEvent, RoomGame, SichuanRules};
//! use hupai::game::{RandomAgent, Seed};
//! let mut game = RoomGame::new(SichuanRules { hands: 1, ..SichuanRules::default() }, Seed::from_u64(3));
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

pub(super) mod action;
mod agent;
mod changsha;
mod event;
mod guobiao;
mod hongzhong;
mod nanchang;
mod observe;
mod open_kong;
mod play;
mod rooms;
mod rules;
mod settle;
mod sichuan;
mod switch;
mod table;

pub use action::{RoomAction, RoomActionKind, RoomActions, ROOM_ACTIONS};
pub use agent::RoomUkeire;
pub use event::{Reason, RoomEvent};
pub use observe::ROOM_OBSERVATION;
pub use rooms::Room;
pub use rules::{
    BirdPay, ChangshaRules, DiscardPays, DiscardWins, Exchange, GuobiaoRules, HongzhongRules,
    KongPay, NanchangRules, NextDealer, NotReadyPays, SichuanRules,
};
pub use table::RoomGame;
