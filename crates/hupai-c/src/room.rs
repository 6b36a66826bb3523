//! The Chinese rooms from C: one game of a room, stepped by seat (`hupai::game::room`). A
//! handle per game (not shared between threads while stepped); the legal actions as a 128-bit
//! mask, what a seat sees as bytes, the events as JSON lines (every payment with its reason).

use super::game::status;
use super::{arg, guard, out, put_text, text, HupaiStatus};
use hupai::game::room::{Room, RoomGame, ROOM_ACTIONS, ROOM_OBSERVATION};
use hupai::game::{room_action_of, seat_of, Seed};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A room's actions: indices `0..HUPAI_ROOM_ACTIONS` (`hupai_room_action_name` names them).
pub const HUPAI_ROOM_ACTIONS: usize = 114;

/// Bytes of a room's observation ([`hupai_room_observe`]; the layout is
/// `hupai::game::room::ROOM_OBSERVATION`'s, docs/GAME.md).
pub const HUPAI_ROOM_OBSERVATION: usize = 362;
// Numbers, so that the header defines them (as `HUPAI_ACTIONS`); the engine's are the truth.
const _: () =
    assert!(HUPAI_ROOM_ACTIONS == ROOM_ACTIONS && HUPAI_ROOM_OBSERVATION == ROOM_OBSERVATION);

/// One game of a room. Opaque to C.
pub struct HupaiRoom {
    game: RoomGame,
    /// The JSON lines of the events not yet read by [`hupai_room_events`].
    lines: String,
}

/// Starts a game of the room named `rules` (`"sichuan"`, `"hongzhong"`, `"changsha"`,
/// `"guobiao"`, `"nanchang"`), its walls from `seed`, its switches from `switches` (null or
/// `"NAME=VALUE,…"`, as `"birds=6,kongs=1/1/1"`; docs/SCORING.md names each room's).
/// [`HupaiStatus::BadArgument`] for a room or switch that is none or a value it cannot take. On success `*room` is a handle to free with
/// [`hupai_room_free`].
///
/// # Safety
/// `rules` is a NUL-terminated string, `switches` null or one; `room` points to writable
/// memory for one pointer.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_new(
    rules: *const c_char,
    seed: u64,
    switches: *const c_char,
    room: *mut *mut HupaiRoom,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (slot, name) = unsafe { (out(room)?, text(rules)?) };
        let mut table = Room::named(name).map_err(status)?;
        if !switches.is_null() {
            // SAFETY: non-null, NUL-terminated as documented.
            table.set_list(unsafe { text(switches)? }).map_err(status)?;
        }
        let handle = HupaiRoom {
            game: RoomGame::new(table, Seed::from_u64(seed)),
            lines: String::new(),
        };
        *slot = Box::into_raw(Box::new(handle));
        Ok(())
    })
}

/// Frees a game made by [`hupai_room_new`] (null is ignored).
///
/// # Safety
/// `room` is null or a handle from [`hupai_room_new`] not freed before.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_free(room: *mut HupaiRoom) {
    if !room.is_null() {
        let _ = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: a handle from `hupai_room_new` (`Box::into_raw`), freed once.
            drop(unsafe { Box::from_raw(room) })
        }));
    }
}

/// The seats that must answer now, a bit each (bit `s` for seat `s`), into `*seats`: 0 when
/// the game is over.
///
/// # Safety
/// `room` is a live handle; `seats` points to one writable byte.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_to_act(room: *const HupaiRoom, seats: *mut u8) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (room, seats) = unsafe { (arg(room)?, out(seats)?) };
        *seats = room.game.to_act().iter().fold(0, |m, s| m | 1 << s);
        Ok(())
    })
}

/// The actions `seat` may take now, into `mask[0..2]`: bit `a % 64` of `mask[a / 64]` for
/// action `a`.
///
/// # Safety
/// `room` is a live handle; `mask` points to 2 writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_legal(
    room: *const HupaiRoom,
    seat: u8,
    mask: *mut u64,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (room, mask) = unsafe { (arg(room)?, out(mask.cast::<[u64; 2]>())?) };
        let seat = seat_of(seat.into()).map_err(status)?;
        let legal = room.game.legal(seat).0;
        *mask = [legal as u64, (legal >> 64) as u64];
        Ok(())
    })
}

/// `seat` takes `action`: [`HupaiStatus::IllegalAction`] when it may not (nothing changes),
/// [`HupaiStatus::BadArgument`] for a seat or action out of range.
///
/// # Safety
/// `room` is a live handle, not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_step(
    room: *mut HupaiRoom,
    seat: u8,
    action: u8,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let room = unsafe { out(room)? };
        let seat = seat_of(seat.into()).map_err(status)?;
        let action = room_action_of(action.into()).map_err(status)?;
        room.game.step(seat, action).map_err(status)
    })
}

/// What `seat` sees now, into `row` ([`HUPAI_ROOM_OBSERVATION`] bytes): its hand, every river
/// and meld, the wild kinds, the void suits, who has won, the points.
///
/// # Safety
/// `room` is a live handle; `row` points to [`HUPAI_ROOM_OBSERVATION`] writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_observe(
    room: *const HupaiRoom,
    seat: u8,
    row: *mut u8,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (room, row) = unsafe { (arg(room)?, out(row.cast::<[u8; ROOM_OBSERVATION]>())?) };
        let seat = seat_of(seat.into()).map_err(status)?;
        room.game.observe(seat, row);
        Ok(())
    })
}

/// Each seat's points (the payments so far) into `scores[0..4]`, and whether the game is over
/// into `*over` (1 or 0).
///
/// # Safety
/// `room` is a live handle; `scores` points to 4 writable `int64_t`, `over` to one byte.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_scores(
    room: *const HupaiRoom,
    scores: *mut i64,
    over: *mut u8,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let (room, scores, over) =
            unsafe { (arg(room)?, out(scores.cast::<[i64; 4]>())?, out(over)?) };
        *scores = room.game.scores();
        *over = u8::from(room.game.is_over());
        Ok(())
    })
}

/// The events since the last call as JSON lines (each ending in `\n`: `deal`, `void`,
/// `draw`, `discard`, `pon`, `kong`, `birds`, `win`, `pay`, `end_hand`, `end_game`),
/// NUL-terminated into `buf[0..capacity]`; `*length` is their length without the NUL. When
/// they do not fit ([`HupaiStatus::BufferTooSmall`], `*length` the length needed) they are
/// kept for the next call; else they are read and forgotten.
///
/// # Safety
/// `room` is a live handle not used by another thread during the call; `buf` is null or
/// points to `capacity` writable bytes; `length` to one writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_events(
    room: *mut HupaiRoom,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let room = unsafe { out(room)? };
        room.game.write_events(&mut room.lines);
        room.game.clear_events();
        // SAFETY: as documented.
        unsafe { put_text(&room.lines, buf, capacity, length)? };
        room.lines.clear();
        Ok(())
    })
}

/// The name of room action `action` (`"discard 5m"`, `"void p"`, `"pon"`, `"win"` …),
/// NUL-terminated into `buf[0..capacity]`, its length without the NUL into `*length`.
///
/// # Safety
/// `buf` is null or points to `capacity` writable bytes; `length` to one writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_room_action_name(
    action: u8,
    buf: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> HupaiStatus {
    guard(|| {
        let action = room_action_of(action.into()).map_err(status)?;
        // SAFETY: as documented.
        unsafe { put_text(&action.to_string(), buf, capacity, length) }
    })
}
