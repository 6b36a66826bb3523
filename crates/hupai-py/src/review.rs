//! `hupai._review`: a game record's text reviewed into rows (dicts) for pandas — the rows
//! every door gives (`hupai::record::Review::to_rows`), each with the record's name. The
//! package's `hupai.review` reads paths and gzip around it (python/hupai/_review.py).

use crate::errors::{raise, RecordError};
use hupai::protocol::Code;
use hupai::record::{is_room_record, read, review_room_text, review_until, ReviewOptions};
use pyo3::prelude::*;
use std::time::Duration;

/// Reviews `text` (any record format) named `name`; the GIL released, Ctrl-C honoured.
#[pyfunction]
#[pyo3(signature = (text, name, seat=None, quick=false, max_shanten=3, budget=5.0, extra=0, strict=false))]
#[allow(clippy::too_many_arguments)]
pub fn _review<'py>(
    py: Python<'py>,
    text: &str,
    name: &str,
    seat: Option<u8>,
    quick: bool,
    max_shanten: i8,
    budget: f64,
    extra: u8,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if seat.is_some_and(|s| s > 3) {
        return Err(raise(Code::BadArgument, "seat must be 0 to 3"));
    }
    let in_range = (0..=8).contains(&max_shanten) && budget > 0.0 && budget <= 60.0 && extra <= 2;
    if !in_range {
        return Err(raise(
            Code::BadArgument,
            "max_shanten must be 0 to 8, budget 0 to 60 seconds, extra 0 to 2",
        ));
    }
    let refused = |e: hupai::record::RecordError| {
        let err = RecordError::new_err(format!("{name}: {e}"));
        let _ = err.value(py).setattr("round", e.round);
        let _ = err.value(py).setattr("turn", e.turn);
        let _ = err.value(py).setattr("code", Code::BadArgument.name());
        err
    };
    let opts = ReviewOptions {
        seat,
        odds: !quick,
        max_shanten,
        budget: Duration::from_secs_f64(budget),
        extra,
        max_states: ReviewOptions::default().max_states,
        deadline: None,
    };
    if is_room_record(text) {
        // A room's record: reviewed at its table, by efficiency (quick: no odds to stop).
        let review = py
            .detach(|| review_room_text(text, &opts))
            .map_err(refused)?;
        let rows: Vec<_> = review.rows(Some(name)).collect();
        return pythonize::pythonize(py, &rows)
            .map_err(|e| raise(Code::BadArgument, e.to_string()));
    }
    let record = py
        .detach(|| read(text).and_then(|r| if strict { r.whole() } else { Ok(r) }))
        .map_err(refused)?;
    // Ctrl-C stops the work: the signal handlers run when asked, with the GIL.
    let done = crate::errors::interruptible(py, |stop| review_until(&record, &opts, stop))?;
    let Some(review) = done else {
        return Err(raise(Code::Stopped, "the review was stopped"));
    };
    let rows: Vec<_> = review.rows(Some(name)).collect();
    pythonize::pythonize(py, &rows).map_err(|e| raise(Code::BadArgument, e.to_string()))
}
