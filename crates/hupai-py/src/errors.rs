//! The exceptions: `HupaiError(ValueError)` and its family, with the messages of the command
//! line (the engine's `Display`), and the row of a batch where one is at fault.

use hupai::protocol::Code;
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

pyo3::create_exception!(
    hupai,
    RecordError,
    HupaiError,
    "A game record that cannot be read, or that breaks a rule at an event: `round` and `turn`\n\
     (from 0; None where the record as a whole is at fault) say where."
);

/// The exception of a stable code (`hupai::protocol::Code`, the one map every door shares),
/// its message, and the code's name as the exception's `code` ("BAD_TILE", "NO_YAKU", …).
pub(crate) fn raise(code: Code, message: impl Into<String>) -> PyErr {
    let message = message.into();
    let err = match code {
        Code::BadTile
        | Code::TooManyCopies
        | Code::WrongCount
        | Code::NotInPlay
        | Code::BadMeld
        | Code::BadHand => HandError::new_err(message),
        Code::BadRules => RulesError::new_err(message),
        Code::NoYaku => NoYakuError::new_err(message),
        Code::NotAWin | Code::BadWin | Code::NotScored => ScoreError::new_err(message),
        Code::TooLarge | Code::EmptyWall | Code::Stopped => OddsError::new_err(message),
        Code::Ok | Code::BadArgument | Code::Busy | Code::IllegalAction => {
            HupaiError::new_err(message)
        }
    };
    with_code(err, code)
}

/// `err` with the code's name as its `code`.
fn with_code(err: PyErr, code: Code) -> PyErr {
    // Setting an attribute on a fresh exception cannot fail but for memory; the class and
    // message still say what is wrong if it does.
    Python::attach(|py| {
        let _ = err.value(py).setattr("code", code.name());
    });
    err
}

/// The exception of odds that cannot be computed: a bad hand is a [`HandError`], anything
/// else an [`OddsError`] (an expected score under rules that score none too), each with its
/// stable code.
pub(crate) fn odds_error(e: &hupai::OddsError) -> PyErr {
    match e {
        hupai::OddsError::Hand(h) => coded(h),
        e => with_code(OddsError::new_err(e.to_string()), e.code()),
    }
}

/// A [`HandError`] with its message (`code` "BAD_HAND": a hand the engine's reader did not
/// see, such as a numpy row of the wrong shape).
pub(crate) fn hand_error(message: impl Into<String>) -> PyErr {
    raise(Code::BadHand, message)
}

/// An error of the engine or the protocol, raised as its stable code says ([`raise`]).
pub(crate) trait Coded: std::fmt::Display {
    /// The stable code.
    fn code(&self) -> Code;
}

impl Coded for hupai::HandError {
    fn code(&self) -> Code {
        self.code()
    }
}

impl Coded for hupai::ScoreError {
    fn code(&self) -> Code {
        self.code()
    }
}

impl Coded for hupai::protocol::RequestError {
    fn code(&self) -> Code {
        self.code
    }
}

impl Coded for hupai::protocol::Refused {
    fn code(&self) -> Code {
        self.code
    }
}

/// The exception of an engine or protocol error.
pub(crate) fn coded(e: &impl Coded) -> PyErr {
    raise(e.code(), e.to_string())
}

/// A [`HandError`] of a batch row: the message names the row, and the exception carries it
/// as `row` (and the engine's message alone as `reason`).
pub(crate) fn row_error(py: Python<'_>, row: usize, reason: &str) -> PyErr {
    let err = hand_error(format!("row {row}: {reason}"));
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

/// A [`RulesError`] (`code` "BAD_RULES").
pub(crate) fn rules_error(message: impl Into<String>) -> PyErr {
    raise(Code::BadRules, message)
}

/// A `TypeError`: an argument of the wrong Python type or numpy dtype.
pub(crate) fn type_error(message: impl Into<String>) -> PyErr {
    PyTypeError::new_err(message.into())
}

/// The engine's errors as the exceptions of their codes.
pub(crate) trait OrRaise<T> {
    /// The value, or the exception of the error's code with the engine's message.
    fn or_raise(self) -> PyResult<T>;
}

impl<T, E: Coded> OrRaise<T> for Result<T, E> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(|e| coded(&e))
    }
}

/// Runs `work` with the GIL released, handing it a stop check that runs Python's signal
/// handlers (Ctrl-C) every time it is asked; when a handler raised, that exception.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&dyn Fn() -> bool) -> T + Send,
) -> PyResult<T> {
    let interrupted: std::sync::Mutex<Option<PyErr>> = std::sync::Mutex::new(None);
    let stop = || {
        Python::attach(|py| match py.check_signals() {
            Ok(()) => false,
            Err(e) => {
                *interrupted.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                true
            }
        })
    };
    let done = py.detach(|| work(&stop));
    match interrupted.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e),
        None => Ok(done),
    }
}
