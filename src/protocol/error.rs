//! A request that cannot be answered, with its stable code: what every part of the protocol
//! refuses with (the score object's fields, a request line, a session's calls).

use crate::code::Code;
use crate::score::ScoreError;

/// A request that cannot be answered: why, its stable code, and its `id` if it had a
/// readable one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    /// The stable code ([`Code::BadArgument`] for a request that cannot be read).
    pub code: Code,
    /// What is wrong, for a person.
    pub message: String,
    /// The request's `id` (JSON text), echoed in the error answer.
    pub id: Option<String>,
}

impl RequestError {
    /// An error of this code.
    pub fn new(code: Code, message: impl Into<String>) -> RequestError {
        RequestError {
            code,
            message: message.into(),
            id: None,
        }
    }

    /// Rules, wild kinds or 精 that cannot be read ([`Code::BadRules`]).
    pub fn rules(message: impl Into<String>) -> RequestError {
        RequestError::new(Code::BadRules, message)
    }

    /// A win that cannot be read ([`Code::BadWin`]).
    pub fn win(message: impl Into<String>) -> RequestError {
        RequestError::new(Code::BadWin, message)
    }

    /// The same error with the request's `id`.
    pub fn with_id(self, id: Option<String>) -> RequestError {
        RequestError { id, ..self }
    }
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RequestError {}

impl From<String> for RequestError {
    fn from(message: String) -> RequestError {
        RequestError::new(Code::BadArgument, message)
    }
}

impl From<&str> for RequestError {
    fn from(message: &str) -> RequestError {
        message.to_string().into()
    }
}

impl From<ScoreError> for RequestError {
    fn from(e: ScoreError) -> RequestError {
        RequestError::new(e.code(), e.to_string())
    }
}
