//! Why the table refuses: [`GameError`], and the checked reading of a caller's seat and
//! action numbers that every door (Python, Node, C, HTTP) shares.

use super::action::{Action, ACTIONS};
use super::room::action::{RoomAction, ROOM_ACTIONS};
use crate::code::Code;
use std::fmt;

/// Why the table refused a call: an action or a seat it cannot take now, or a number that
/// is no seat or no action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The seat has nothing to answer now.
    NotToAct {
        /// The seat.
        seat: u8,
    },
    /// The action is not among the seat's legal ones.
    Illegal {
        /// The seat.
        seat: u8,
        /// The action.
        action: Action,
    },
    /// The room action is not among the seat's legal ones.
    IllegalRoom {
        /// The seat.
        seat: u8,
        /// The action.
        action: RoomAction,
    },
    /// A wall that is not its tiles once each (riichi's 136, Sichuan's 108, 红中's 112).
    BadWall,
    /// A number that is no seat (seats are 0, 1, 2 and 3).
    NoSeat {
        /// The number given.
        seat: i64,
    },
    /// A number that is no action (actions are `0 .. ACTIONS`).
    NoAction {
        /// The number given.
        action: i64,
    },
    /// A number that is no room action (`0 .. ROOM_ACTIONS`).
    NoRoomAction {
        /// The number given.
        action: i64,
    },
    /// A room or a room's switch that is none, or a value it cannot take (the message says
    /// which and what it takes).
    BadSwitch {
        /// What was wrong.
        message: String,
    },
}

impl GameError {
    /// Its stable code: `ILLEGAL_ACTION` for an action the seat may not take now or a seat
    /// with nothing to answer, `BAD_ARGUMENT` for a wall that is not one or a number that is
    /// no seat or no action.
    ///
    /// ```
    /// use hupai::game::{Action, Game, GameRules, Seed};
    /// let mut game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// let e = game.step(1, Action::PASS).unwrap_err(); // the dealer is to play
    /// assert_eq!(e.code().name(), "ILLEGAL_ACTION");
    /// let e = game.step(4, Action::PASS).unwrap_err();
    /// assert_eq!(e.code().name(), "BAD_ARGUMENT");
    /// ```
    pub fn code(&self) -> Code {
        match self {
            GameError::NotToAct { .. }
            | GameError::Illegal { .. }
            | GameError::IllegalRoom { .. } => Code::IllegalAction,
            GameError::BadWall
            | GameError::NoSeat { .. }
            | GameError::NoAction { .. }
            | GameError::NoRoomAction { .. }
            | GameError::BadSwitch { .. } => Code::BadArgument,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NotToAct { seat } => write!(f, "seat {seat} has nothing to answer now"),
            GameError::Illegal { seat, action } => {
                write!(f, "seat {seat} may not {action} now")
            }
            GameError::IllegalRoom { seat, action } => {
                write!(f, "seat {seat} may not {action} now")
            }
            GameError::BadWall => f.write_str(
                "a wall holds each of its tiles once (riichi: the 136 ids; Sichuan: four of each of the 27 suited kinds; 红中麻将: and four 7z)",
            ),
            GameError::NoSeat { seat } => write!(f, "seat {seat}: a seat is 0, 1, 2 or 3"),
            GameError::NoAction { action } => {
                write!(f, "action {action}: actions are 0 … {}", ACTIONS - 1)
            }
            GameError::NoRoomAction { action } => {
                write!(f, "action {action}: a room's actions are 0 … {}", ROOM_ACTIONS - 1)
            }
            GameError::BadSwitch { message } => f.write_str(message),
        }
    }
}

impl std::error::Error for GameError {}

/// A caller's seat number, checked: 0 to 3, else [`GameError::NoSeat`] (what a door reads
/// from Python, Node, C or JSON before it asks the table).
///
/// ```
/// use hupai::game::seat_of;
/// assert_eq!(seat_of(3), Ok(3));
/// assert_eq!(seat_of(-1).unwrap_err().to_string(), "seat -1: a seat is 0, 1, 2 or 3");
/// ```
pub fn seat_of(seat: i64) -> Result<u8, GameError> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| s < 4)
        .ok_or(GameError::NoSeat { seat })
}

/// A caller's action number, checked: `0 .. ACTIONS`, else [`GameError::NoAction`].
///
/// ```
/// use hupai::game::{action_of, ACTIONS};
/// assert_eq!(action_of(0).unwrap().index(), 0);
/// assert_eq!(action_of(ACTIONS as i64).unwrap_err().code().name(), "BAD_ARGUMENT");
/// ```
pub fn action_of(action: i64) -> Result<Action, GameError> {
    u8::try_from(action)
        .ok()
        .and_then(Action::from_index)
        .ok_or(GameError::NoAction { action })
}

/// A caller's room action number, checked: `0 .. ROOM_ACTIONS`, else
/// [`GameError::NoRoomAction`].
///
/// ```
/// use hupai::game::room_action_of;
/// assert_eq!(room_action_of(108).unwrap().to_string(), "pass");
/// assert_eq!(room_action_of(33).unwrap().to_string(), "discard 7z");
/// assert_eq!(room_action_of(111).unwrap().to_string(), "chi high");
/// assert_eq!(room_action_of(114).unwrap_err().code().name(), "BAD_ARGUMENT");
/// ```
pub fn room_action_of(action: i64) -> Result<RoomAction, GameError> {
    u8::try_from(action)
        .ok()
        .and_then(RoomAction::from_index)
        .ok_or(GameError::NoRoomAction { action })
}
