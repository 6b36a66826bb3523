//! Why a table set cannot be used.

use std::fmt;

use hupai_gen::image::ImageError;
use hupai_gen::GroupSpec;

/// A table set that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// Another format version.
    Format {
        /// Version found.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// Wrong sizes, or entries that disagree with each other.
    Shape(String),
    /// The set lacks a table that the rules asked for need.
    Missing {
        /// The spec of the missing table.
        spec: GroupSpec,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Format { found, expected } => {
                write!(
                    f,
                    "table format version {found}, this build reads version {expected}"
                )
            }
            TableError::Shape(e) => write!(f, "table data has the wrong shape: {e}"),
            TableError::Missing { spec } => write!(
                f,
                "the table set has no {spec} table, which these rules need (generate a table set for these rules)"
            ),
        }
    }
}

impl std::error::Error for TableError {}

impl From<ImageError> for TableError {
    fn from(e: ImageError) -> TableError {
        match e {
            ImageError::Format { found, expected } => TableError::Format { found, expected },
            ImageError::Invalid(e) => TableError::Shape(e),
        }
    }
}
