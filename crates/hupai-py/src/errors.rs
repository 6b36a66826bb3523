//! The exceptions: `HupaiError(ValueError)` and its family, with the messages of the command
//! line (the engine's `Display`), and the row of a batch where one is at fault.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    hupai,
    HupaiError,
    PyValueError,
    "Every error of hupai: a ValueError, so `except ValueError` catches it too."
);
pyo3::create_exception!(
    hupai,
    HandError,
    HupaiError,
    "A hand, meld, wild kind or `seen` that is not a hand: bad tile text, 5 copies, 15 tiles.\n\n\
     In a batch, `row` is the index of the first bad row (None for one hand)."
);
pyo3::create_exception!(
    hupai,
    RulesError,
    HupaiError,
    "Rules that are not rules: an unknown preset or switch, a wild kind out of play, a `jing`\n\
     (Nanchang's indicator) under rules that do not play it."
);
pyo3::create_exception!(
    hupai,
    TablesError,
    HupaiError,
    "A table set that cannot be loaded or lacks a table the rules need."
);

pyo3::create_exception!(
    hupai,
    OddsError,
    HupaiError,
    "Odds that cannot be computed: more hands than the state budget (`max_states`), or no\n\
     tile left to draw."
);

pyo3::create_exception!(
    hupai,
    ScoreError,
    HupaiError,
    "A win that cannot be scored: a hand that does not win, bad calls or counts, an impossible\n\
     situation (riichi with an open hand…), rules that score nothing."
);
pyo3::create_exception!(
    hupai,
    NoYakuError,
    ScoreError,
    "A win without a yaku (dora do not count): the hand may not be claimed."
);

/// An [`OddsError`] with its message.
pub(crate) fn odds_error(message: impl Into<String>) -> PyErr {
    OddsError::new_err(message.into())
}

/// A [`HandError`] with its message.
pub(crate) fn hand_error(message: impl Into<String>) -> PyErr {
    HandError::new_err(message.into())
}

/// A [`HandError`] of a batch row: the message names the row, and the exception carries it
/// as `row` (and the engine's message alone as `reason`).
pub(crate) fn row_error(py: Python<'_>, row: usize, reason: &str) -> PyErr {
    let err = HandError::new_err(format!("row {row}: {reason}"));
    let value = err.value(py);
    // Setting attributes on a fresh exception object cannot fail but for memory; the message
    // still names the row if it does.
    let _ = value.setattr("row", row);
    let _ = value.setattr("reason", reason);
    err
}

/// The text of a Python string: one that cannot be UTF-8 (a lone surrogate, as from a bad
/// decode with `surrogateescape`) is a [`HandError`], not a `UnicodeEncodeError`.
pub(crate) fn text<'a>(
    s: &'a Bound<'_, pyo3::types::PyString>,
) -> PyResult<std::borrow::Cow<'a, str>> {
    s.to_cow().map_err(|_| {
        hand_error("the text holds a lone surrogate, which no tile is: give MPSZ text such as \"123m456p\"")
    })
}

/// A [`RulesError`].
pub(crate) fn rules_error(message: impl Into<String>) -> PyErr {
    RulesError::new_err(message.into())
}

/// A `TypeError`: an argument of the wrong Python type or numpy dtype.
pub(crate) fn type_error(message: impl Into<String>) -> PyErr {
    PyTypeError::new_err(message.into())
}

/// The engine's hand errors as [`HandError`].
pub(crate) trait OrHandError<T> {
    /// The value, or a [`HandError`] with the engine's message.
    fn or_hand_error(self) -> PyResult<T>;
}

impl<T, E: std::fmt::Display> OrHandError<T> for Result<T, E> {
    fn or_hand_error(self) -> PyResult<T> {
        self.map_err(|e| hand_error(e.to_string()))
    }
}
