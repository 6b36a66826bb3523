//! [`hupai_odds`]: the chance to reach tenpai and to win within 1..=k draws, per discard
//! (`Engine::odds`, `docs/ODDS.md`), into the caller's buffers.

use crate::{arg, guard, hand_of, hand_status, out, seen_of};
use crate::{HupaiEngine, HupaiMeld, HupaiOddsOptions, HupaiOddsRow, HupaiStatus};
use hupai::{OddsError, OddsOptions, WallModel};

/// The options from the caller's struct (null: the defaults).
fn options_of(o: Option<&HupaiOddsOptions>) -> Result<OddsOptions, HupaiStatus> {
    let Some(o) = o else {
        return Ok(OddsOptions::default());
    };
    if o.draws == 0 || o.extra > 4 || o.max_states == 0 || o.backward > 1 || o.sideways > 1 {
        return Err(HupaiStatus::BadArgument);
    }
    Ok(OddsOptions {
        draws: o.draws,
        backward: o.backward == 1,
        sideways: o.sideways == 1,
        // The struct's layout is the ABI's: the riichi model is asked through
        // `hupai_json_line` (`"odds": {"riichi": true}`).
        riichi: false,
        extra: o.extra,
        model: match o.model {
            0 => WallModel::Unseen,
            1 => WallModel::Simulator,
            _ => return Err(HupaiStatus::BadArgument),
        },
        max_states: o.max_states,
        max_bytes: hupai::DEFAULT_ODDS_BYTES,
        // The caller's thread only: a C server calls from threads of its own.
        threads: 1,
    })
}

/// The odds of a 14-tile hand per distinct discard (best first: the win chance at the
/// horizon, then tenpai, then ukeire), or of a 13-tile hand (one row, `tile` 255).
///
/// Row `i`'s chance to be tenpai within `k` draws is `tenpai[i * draws + k - 1]`, its chance
/// to win `win[i * draws + k - 1]`, where `*draws` is the horizon answered (the one asked for,
/// capped at the wall). 14 rows of 136 values always suffice ([`crate::HUPAI_MAX_DISCARDS`]
/// rows, `draws` values each). When `row_capacity` or `value_capacity` (values per buffer) is
/// too small, nothing is written but `*rows_written` and `*draws`, the sizes needed, and the
/// status is `BufferTooSmall`. `TooLarge` past the state budget, `EmptyWall` with no tile
/// left, `BadArgument` for options out of range. Allocates (the graph of hands); not a hot
/// call.
///
/// # Safety
/// As [`crate::hupai_discards`]; `options` is null or points to a [`HupaiOddsOptions`];
/// `rows` to `row_capacity` writable rows; `tenpai` and `win` to `value_capacity` writable
/// doubles each; `rows_written` to a writable `size_t`, `draws` to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_odds(
    engine: *const HupaiEngine,
    counts: *const u8,
    melds: *const HupaiMeld,
    meld_count: usize,
    seen: *const u8,
    options: *const HupaiOddsOptions,
    rows: *mut HupaiOddsRow,
    row_capacity: usize,
    tenpai: *mut f64,
    win: *mut f64,
    value_capacity: usize,
    rows_written: *mut usize,
    draws: *mut u32,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the pointers as documented.
        let (e, rows_written, draws, seen) = unsafe {
            (
                arg(engine)?,
                out(rows_written)?,
                out(draws)?,
                seen_of(seen)?,
            )
        };
        (*rows_written, *draws) = (0, 0);
        // SAFETY: null or a valid struct, as documented.
        let opts = options_of(unsafe { options.as_ref() })?;
        // SAFETY: as documented.
        let hand = unsafe { hand_of(e, counts, melds, meld_count)? };
        let odds = e
            .engine
            .odds(&hand, &seen, &opts)
            .map_err(|err| match err {
                // The hand was read already: what is wrong now is what `seen` adds.
                OddsError::Hand(h) => match hand_status(h) {
                    HupaiStatus::BadHand => HupaiStatus::TooManySeen,
                    s => s,
                },
                // Past the state budget or the memory budget (256 MiB, every door's), no
                // tile left: the stable code's status.
                err => err.code().into(),
            })?;
        let (n, k) = (odds.rows.len(), odds.draws as usize);
        (*rows_written, *draws) = (n, odds.draws);
        if n > row_capacity || n * k > value_capacity {
            return Err(HupaiStatus::BufferTooSmall);
        }
        if rows.is_null() || tenpai.is_null() || win.is_null() {
            return Err(HupaiStatus::NullPointer);
        }
        // SAFETY: `rows` holds `row_capacity` >= n rows, `tenpai` and `win` `value_capacity`
        // >= n * k doubles each, writable, by the caller's contract.
        let (rows, tenpai, win) = unsafe {
            (
                std::slice::from_raw_parts_mut(rows, n),
                std::slice::from_raw_parts_mut(tenpai, n * k),
                std::slice::from_raw_parts_mut(win, n * k),
            )
        };
        for (i, r) in odds.rows.iter().enumerate() {
            let played = !r.win.is_empty();
            rows[i] = HupaiOddsRow {
                tile: r.discard.map_or(255, |t| t.index() as u8),
                shanten: r.shanten,
                played: played as u8,
                ukeire_count: r.ukeire.count,
                states: r.states,
            };
            let place = i * k..(i + 1) * k;
            if played {
                tenpai[place.clone()].copy_from_slice(&r.tenpai);
                win[place].copy_from_slice(&r.win);
            } else {
                tenpai[place.clone()].fill(0.0);
                win[place].fill(0.0);
            }
        }
        Ok(())
    })
}
