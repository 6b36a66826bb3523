//! The table from C: one riichi game under Tenhou's rules, stepped by seat (`hupai::game`).
//! A handle per game (not shared between threads while stepped); the legal actions as a
//! 155-bit mask, the observation as 358 bytes, the events as mjai JSON lines.

use super::{arg, guard, out, put_text, HupaiStatus};
use hupai::game::{
    action_of, seat_of, Game, GameError, GameRules, Length, Seed, ACTIONS, OBSERVATION,
};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Actions a seat may take: indices `0..HUPAI_ACTIONS` (`hupai_action_name` names them).
pub const HUPAI_ACTIONS: usize = 155;
/// Bytes of an observation ([`hupai_game_observe`]; the layout is `hupai::game::OBSERVATION`'s).
pub const HUPAI_OBSERVATION: usize = 358;
// Written as numbers so that the header defines them (cbindgen writes a constant named after
// another as that name, which C does not know); the engine's are the truth.
const _: () = assert!(HUPAI_ACTIONS == ACTIONS && HUPAI_OBSERVATION == OBSERVATION);

/// One game at the table. Opaque to C.
pub struct HupaiGame {
    game: Game,
    /// The mjai lines of the events not yet read by [`hupai_game_events`].
    lines: String,
}

/// Starts a game under Tenhou's rules, its walls shuffled from `seed` as Tenhou shuffles
/// them; `east` nonzero for an east-only game (東風戦), else east and south. On success
/// `*game` is a handle to free with [`hupai_game_free`].
///
/// # Safety
/// `game` points to writable memory for one pointer.
#[no_mangle]
pub unsafe extern "C" fn hupai_game_new(
    seed: u64,
    east: u8,
    game: *mut *mut HupaiGame,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let slot = unsafe { out(game)? };
        let rules = GameRules {
            length: if east != 0 {
                Length::East
            } else {
                Length::Hanchan
            },
            ..GameRules::default()
        };
        let handle = HupaiGame {
            game: Game::new(rules, Seed::from_u64(seed)),
            lines: String::new(),
        };
        *slot = Box::into_raw(Box::new(handle));
        Ok(())
    })
}

/// Frees a game made by [`hupai_game_new`] (null is ignored).
///
/// # Safety
/// `game` is null or a handle from [`hupai_game_new`] not freed before.
#[no_mangle]
pub unsafe extern "C" fn hupai_game_free(game: *mut HupaiGame) {
    if !game.is_null() {
        let _ = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: a handle from `hupai_game_new` (`Box::into_raw`), freed once.
            drop(unsafe { Box::from_raw(game) })
        }));
    }
}

/// The seats that must answer now, a bit each (bit `s` for seat `s`), into `*seats`: 0 when
/// the game is over.
///
/// # Safety
/// `game` is a live handle; `seats` points to one writable byte.
#[no_mangle]
pub unsafe extern "C" fn hupai_game_to_act(game: *const HupaiGame, seats: *mut u8) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (game, seats) = unsafe { (arg(game)?, out(seats)?) };
        *seats = game.game.to_act().iter().fold(0, |m, s| m | 1 << s);
        Ok(())
    })
}

/// The actions `seat` may take now, into `mask[0..3]`: bit `a % 64` of `mask[a / 64]` for
/// action `a`.
///
/// # Safety
/// `game` is a live handle; `mask` points to 3 writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_game_legal(
    game: *const HupaiGame,
    seat: u8,
    mask: *mut u64,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (game, mask) = unsafe { (arg(game)?, out(mask.cast::<[u64; 3]>())?) };
        let seat = checked(seat_of(seat.into()))?;
        *mask = game.game.legal(seat).0;
        Ok(())
    })
}

/// `seat` takes `action`: [`HupaiStatus::IllegalAction`] when it is not among the seat's
/// legal actions (nothing changes), [`HupaiStatus::BadArgument`] for a seat or action out of
/// range.
///
/// # Safety
/// `game` is a live handle, not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn hupai_game_step(
    game: *mut HupaiGame,
    seat: u8,
    action: u8,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let game = unsafe { out(game)? };
        let (seat, action) = (
            checked(seat_of(seat.into()))?,
            checked(action_of(action.into()))?,
        );
        game.game.step(seat, action).map_err(status)
    })
}

/// What `seat` sees now, into `row` ([`HUPAI_OBSERVATION`] bytes).
///
/// # Safety
/// `game` is a live handle; `row` points to [`HUPAI_OBSERVATION`] writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hupai_game_observe(
    game: *const HupaiGame,
    seat: u8,
    row: *mut u8,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (game, row) = unsafe { (arg(game)?, out(row.cast::<[u8; OBSERVATION]>())?) };
        let seat = checked(seat_of(seat.into()))?;
        game.game.observe(seat, row);
        Ok(())
    })
}

/// Each seat's points into `scores[0..4]`, and whether the game is over into `*over` (1 or
/// 0).
///
/// # Safety
/// `game` is a live handle; `scores` points to 4 writable `int32_t`, `over` to one byte.
#[no_mangle]
pub unsafe extern "C" fn hupai_game_scores(
    game: *const HupaiGame,
    scores: *mut i32,
    over: *mut u8,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (game, scores, over) =
            unsafe { (arg(game)?, out(scores.cast::<[i32; 4]>())?, out(over)?) };
        *scores = game.game.scores();
        *over = u8::from(game.game.is_over());
        Ok(())
    })
}

/// The events since the last call as mjai JSON lines (each ending in `\n`), as `seat` sees
/// them (another seat's draws hidden; `seat` 4 for every tile), NUL-terminated into
/// `buf[0..capacity]`; `*length` is their length without the NUL. When they do not fit
/// ([`HupaiStatus::BufferTooSmall`], `*length` the length needed) they are kept for the next
/// call (as the seat of this one sees them); else they are read and forgotten.
///
/// # Safety
/// `game` is a live handle not used by another thread during the call; `buf` is null or
/// points to `capacity` writable bytes; `length` to one writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_game_events(
    game: *mut HupaiGame,
    seat: u8,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let game = unsafe { out(game)? };
        if seat > 4 {
            return Err(HupaiStatus::BadArgument);
        }
        game.game
            .write_events((seat < 4).then_some(seat), &mut game.lines);
        game.game.clear_events();
        // SAFETY: as documented.
        unsafe { put_text(&game.lines, buf, capacity, length)? };
        game.lines.clear();
        Ok(())
    })
}

/// The name of action `action` (`"discard 1m"`, `"riichi 0m"` a red five, `"chi low"` … `"ron"`,
/// as `hupai::game::Action` shows it), NUL-terminated into `buf[0..capacity]`, its length
/// without the NUL into `*length`.
///
/// # Safety
/// `buf` is null or points to `capacity` writable bytes; `length` to one writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_action_name(
    action: u8,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> HupaiStatus {
    guard(|| {
        let action = checked(action_of(action.into()))?;
        // SAFETY: as documented.
        unsafe { put_text(&action.to_string(), buf, capacity, length) }
    })
}

/// The table's refusal as the status of its code.
pub(crate) fn status(e: GameError) -> HupaiStatus {
    HupaiStatus::from(e.code())
}

/// A checked number, or the status of its refusal.
fn checked<T>(read: Result<T, GameError>) -> Result<T, HupaiStatus> {
    read.map_err(status)
}
