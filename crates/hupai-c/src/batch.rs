//! Many hands per call. One call per hand costs what the crossing costs in the caller's
//! language (cgo's call, JNA's interface mapping: many times the answer itself, as
//! `examples/run` prints beside the C benchmark); a batch call crosses once for `n` hands.
//!
//! Every batch call takes the hands as `n × 34` count bytes (hand `i` at `counts[34 i]`), and
//! optionally their declared melds: `meld_counts[i]` melds at `melds[HUPAI_MAX_MELDS × i]`
//! (both null: no melds). It writes `n` answers and `n` statuses into the caller's arrays:
//! hand `i`'s answer is valid when `statuses[i]` is `HUPAI_STATUS_OK` (else it is written as
//! 0, or zeroed); a bad hand never spoils the others. The call returns `HUPAI_STATUS_OK` when
//! every hand was answered, else the status of the first hand that was not (or the status of
//! a bad argument, with nothing written). Each hand is answered exactly as the single-hand
//! call answers it (the same code, `answer.rs`). Like every call, a batch allocates nothing
//! and may run on any number of threads at once with one engine.

use super::answer;
use super::{arg, HupaiEngine, HupaiMeld, HupaiStatus, HupaiUkeire, HUPAI_KINDS, HUPAI_MAX_MELDS};
use hupai::HandError;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The hands of a batch call.
struct Hands<'a> {
    counts: &'a [[u8; HUPAI_KINDS]],
    melds: Option<&'a [[HupaiMeld; HUPAI_MAX_MELDS]]>,
    meld_counts: Option<&'a [u8]>,
}

impl Hands<'_> {
    /// The declared melds of hand `i`.
    #[inline(always)]
    fn melds(&self, i: usize) -> Result<&[HupaiMeld], HupaiStatus> {
        let Some(counts) = self.meld_counts else {
            return Ok(&[]);
        };
        match counts[i] as usize {
            0 => Ok(&[]),
            k if k > HUPAI_MAX_MELDS => Err(HupaiStatus::BadMeld),
            k => Ok(&self.melds.ok_or(HupaiStatus::NullPointer)?[i][..k]),
        }
    }
}

/// A hand's declared melds, or why they cannot be read (checked where the single-hand call
/// checks them, so that a hand bad in two ways is reported alike).
type Melds<'a> = Result<&'a [HupaiMeld], HupaiStatus>;

/// A batch call's checked arguments: the engine, the hands' counts, the answers and the
/// statuses as slices; `Err` the status of a bad argument, `Ok(None)` no hands (nothing read).
type Args<'a, T> = Option<(
    &'a HupaiEngine,
    &'a [[u8; HUPAI_KINDS]],
    &'a mut [T],
    &'a mut [HupaiStatus],
)>;

/// Checks a batch call's arguments ([`Args`]).
///
/// # Safety
/// As the batch calls document: `engine` null or a live handle, `counts` `n × 34` bytes,
/// `out` and `statuses` `n` writable elements each.
#[inline(always)]
unsafe fn checked<'a, T>(
    engine: *const HupaiEngine,
    n: usize,
    counts: *const u8,
    out: *mut T,
    statuses: *mut HupaiStatus,
) -> Result<Args<'a, T>, HupaiStatus> {
    // SAFETY: `engine` is null or a live handle.
    let Ok(e) = (unsafe { arg(engine) }) else {
        return Err(HupaiStatus::NullPointer);
    };
    if n == 0 {
        return Ok(None);
    }
    if counts.is_null() || out.is_null() || statuses.is_null() {
        return Err(HupaiStatus::NullPointer);
    }
    if n > isize::MAX as usize / (HUPAI_KINDS * HUPAI_MAX_MELDS * 4) {
        return Err(HupaiStatus::BadArgument);
    }
    // SAFETY: the caller's contract: `n` hands of counts, `n` answers and statuses. (Counts
    // are bytes: no alignment to meet.)
    Ok(Some(unsafe {
        (
            e,
            std::slice::from_raw_parts(counts.cast::<[u8; HUPAI_KINDS]>(), n),
            std::slice::from_raw_parts_mut(out, n),
            std::slice::from_raw_parts_mut(statuses, n),
        )
    }))
}

/// Runs `answer` over the `n` hands, writing answers and statuses; `none` is the answer
/// written for a hand that has none. A panic (a bug) marks its hand `Internal` and the batch
/// goes on with the next.
///
/// # Safety
/// As the batch calls document: `counts` points to `n × 34` bytes, `melds` is null or points
/// to `n × HUPAI_MAX_MELDS` melds, `meld_counts` is null or points to `n` bytes, `out` and
/// `statuses` point to `n` writable elements each.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn run<T: Copy>(
    engine: *const HupaiEngine,
    n: usize,
    counts: *const u8,
    melds: *const HupaiMeld,
    meld_counts: *const u8,
    out: *mut T,
    statuses: *mut HupaiStatus,
    none: T,
    answer: impl Fn(&HupaiEngine, &[u8; HUPAI_KINDS], Melds, usize) -> Result<T, HupaiStatus>,
) -> HupaiStatus {
    // SAFETY: as documented.
    let (e, counts, out, statuses) = match unsafe { checked(engine, n, counts, out, statuses) } {
        Err(status) => return status,
        Ok(None) => return HupaiStatus::Ok,
        Ok(Some(args)) => args,
    };
    // SAFETY: the caller's contract: the melds and meld counts, when not null, of `n` hands.
    // (Melds are bytes: no alignment to meet.)
    let hands = unsafe {
        Hands {
            counts,
            melds: (!melds.is_null()).then(|| {
                std::slice::from_raw_parts(melds.cast::<[HupaiMeld; HUPAI_MAX_MELDS]>(), n)
            }),
            meld_counts: (!meld_counts.is_null())
                .then(|| std::slice::from_raw_parts(meld_counts, n)),
        }
    };
    let mut first = HupaiStatus::Ok;
    let mut i = 0;
    while i < n {
        // One unwind guard for the run of hands up to a panic, not one per hand.
        let done = catch_unwind(AssertUnwindSafe(|| {
            while i < n {
                let reply = answer(e, &hands.counts[i], hands.melds(i), i);
                (out[i], statuses[i]) = match reply {
                    Ok(v) => (v, HupaiStatus::Ok),
                    Err(s) => (none, s),
                };
                if first == HupaiStatus::Ok {
                    first = statuses[i];
                }
                i += 1;
            }
        }));
        if done.is_err() {
            (out[i], statuses[i]) = (none, HupaiStatus::Internal);
            if first == HupaiStatus::Ok {
                first = HupaiStatus::Internal;
            }
            i += 1;
        }
    }
    first
}

/// An engine batch entry for concealed hands: one loop compiled for the engine's instruction
/// set, giving each answer to a sink with its index (a generic sink, inlined into the loop).
trait Each {
    /// The answer of a hand.
    type T: Copy;
    /// Answers `hands`, each to `put`.
    fn each(
        e: &HupaiEngine,
        hands: &[[u8; HUPAI_KINDS]],
        put: impl FnMut(usize, Result<Self::T, HandError>),
    );
}

/// [`Each`] of the shanten.
struct ShantenEach;

impl Each for ShantenEach {
    type T = i8;
    #[inline(always)]
    fn each(
        e: &HupaiEngine,
        hands: &[[u8; HUPAI_KINDS]],
        put: impl FnMut(usize, Result<i8, HandError>),
    ) {
        e.engine.shanten_counts_each(hands, e.wild, put)
    }
}

/// [`Each`] of the win check (1 a win, 0 not).
struct WinEach;

impl Each for WinEach {
    type T = u8;
    #[inline(always)]
    fn each(
        e: &HupaiEngine,
        hands: &[[u8; HUPAI_KINDS]],
        mut put: impl FnMut(usize, Result<u8, HandError>),
    ) {
        e.engine
            .is_win_counts_each(hands, e.wild, |i, r| put(i, r.map(u8::from)))
    }
}

/// [`run`] for hands with no declared meld, through an engine batch entry ([`Each`]). A panic
/// marks the hands not yet answered `Internal`.
///
/// # Safety
/// As [`run`], with no melds.
#[inline(always)]
unsafe fn run_concealed<A: Each>(
    engine: *const HupaiEngine,
    n: usize,
    counts: *const u8,
    out: *mut A::T,
    statuses: *mut HupaiStatus,
    none: A::T,
) -> HupaiStatus {
    // SAFETY: as documented.
    let (e, hands, out, statuses) = match unsafe { checked(engine, n, counts, out, statuses) } {
        Err(status) => return status,
        Ok(None) => return HupaiStatus::Ok,
        Ok(Some(args)) => args,
    };
    let mut first = HupaiStatus::Ok;
    let mut answered = 0;
    let done = catch_unwind(AssertUnwindSafe(|| {
        A::each(e, hands, |i, r| {
            (out[i], statuses[i]) = match r {
                Ok(v) => (v, HupaiStatus::Ok),
                Err(err) => (none, super::hand_status(err)),
            };
            if first == HupaiStatus::Ok {
                first = statuses[i];
            }
            answered = i + 1;
        })
    }));
    if done.is_err() {
        for i in answered..n {
            (out[i], statuses[i]) = (none, HupaiStatus::Internal);
        }
        if first == HupaiStatus::Ok {
            first = HupaiStatus::Internal;
        }
    }
    first
}

/// Shanten of `n` hands (see [`crate::hupai_shanten`]): `shanten[i]` for hand `i`.
///
/// Hands as `n × 34` count bytes; `melds` (`n × HUPAI_MAX_MELDS`) and `meld_counts` (`n`) null
/// for hands with no declared meld; one status per hand in `statuses`. Returns
/// `HUPAI_STATUS_OK` when every hand was answered, else the first hand's failure.
///
/// Every array is the caller's: the call reads and writes them while it runs and keeps no
/// pointer after. Any number of threads may make batch calls at once with one engine (each
/// with its own arrays). Nothing is allocated.
///
/// # Safety
/// `engine` is a live handle; `counts` points to `n × 34` bytes; `melds` is null or points to
/// `n × HUPAI_MAX_MELDS` melds; `meld_counts` is null or points to `n` bytes; `shanten` and
/// `statuses` point to `n` writable elements each.
#[no_mangle]
pub unsafe extern "C" fn hupai_shanten_batch(
    engine: *const HupaiEngine,
    n: usize,
    counts: *const u8,
    melds: *const HupaiMeld,
    meld_counts: *const u8,
    shanten: *mut i8,
    statuses: *mut HupaiStatus,
) -> HupaiStatus {
    if melds.is_null() && meld_counts.is_null() {
        // SAFETY: as documented, with no melds.
        return unsafe { run_concealed::<ShantenEach>(engine, n, counts, shanten, statuses, 0) };
    }
    // SAFETY: as documented.
    unsafe {
        run(
            engine,
            n,
            counts,
            melds,
            meld_counts,
            shanten,
            statuses,
            0,
            |e, c, m, _| answer::shanten(e, c, m?),
        )
    }
}

/// Win verdicts of `n` hands (see [`crate::hupai_is_win`]): `win[i]` is 1 or 0.
///
/// # Safety
/// As [`hupai_shanten_batch`]; `win` points to `n` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hupai_is_win_batch(
    engine: *const HupaiEngine,
    n: usize,
    counts: *const u8,
    melds: *const HupaiMeld,
    meld_counts: *const u8,
    win: *mut u8,
    statuses: *mut HupaiStatus,
) -> HupaiStatus {
    if melds.is_null() && meld_counts.is_null() {
        // SAFETY: as documented, with no melds.
        return unsafe { run_concealed::<WinEach>(engine, n, counts, win, statuses, 0) };
    }
    // SAFETY: as documented.
    unsafe {
        run(
            engine,
            n,
            counts,
            melds,
            meld_counts,
            win,
            statuses,
            0,
            |e, c, m, _| answer::is_win(e, c, m?),
        )
    }
}

/// Fewest wildcards of `n` hands (see [`crate::hupai_wildcards_needed`]): `needed[i]`, -1 when
/// no number completes hand `i`.
///
/// # Safety
/// As [`hupai_shanten_batch`]; `needed` points to `n` writable `int32_t`s.
#[no_mangle]
pub unsafe extern "C" fn hupai_wildcards_needed_batch(
    engine: *const HupaiEngine,
    n: usize,
    counts: *const u8,
    melds: *const HupaiMeld,
    meld_counts: *const u8,
    needed: *mut i32,
    statuses: *mut HupaiStatus,
) -> HupaiStatus {
    // SAFETY: as documented.
    unsafe {
        run(
            engine,
            n,
            counts,
            melds,
            meld_counts,
            needed,
            statuses,
            -1,
            |e, c, m, _| answer::wildcards_needed(e, c, m?),
        )
    }
}

/// Shanten, waits and ukeire of `n` 13-tile hands (see [`crate::hupai_ukeire`]): `ukeire[i]`
/// for hand `i`, whose other visible tiles are `seen[34 i..34 i + 34]` (`seen` null: none).
///
/// # Safety
/// As [`hupai_shanten_batch`]; `seen` is null or points to `n × 34` bytes; `ukeire` points to
/// `n` writable [`HupaiUkeire`]s.
#[no_mangle]
pub unsafe extern "C" fn hupai_ukeire_batch(
    engine: *const HupaiEngine,
    n: usize,
    counts: *const u8,
    melds: *const HupaiMeld,
    meld_counts: *const u8,
    seen: *const u8,
    ukeire: *mut HupaiUkeire,
    statuses: *mut HupaiStatus,
) -> HupaiStatus {
    let seen: &[[u8; HUPAI_KINDS]] = if seen.is_null() || n == 0 {
        &[]
    } else {
        // SAFETY: `seen` points to `n × 34` bytes by the caller's contract.
        unsafe { std::slice::from_raw_parts(seen.cast::<[u8; HUPAI_KINDS]>(), n) }
    };
    const NOTHING: [u8; HUPAI_KINDS] = [0; HUPAI_KINDS];
    // SAFETY: as documented.
    unsafe {
        run(
            engine,
            n,
            counts,
            melds,
            meld_counts,
            ukeire,
            statuses,
            HupaiUkeire::default(),
            |e, c, m, i| {
                let seen = seen.get(i).unwrap_or(&NOTHING);
                if seen.iter().any(|&x| x > 4) {
                    return Err(HupaiStatus::TooManySeen);
                }
                answer::ukeire(e, c, m?, seen)
            },
        )
    }
}
