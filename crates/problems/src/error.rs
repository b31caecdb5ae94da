//! Why a problem could not be built.

use std::fmt;

use dancing::BuildError;

/// Why a problem could not be built: a parameter out of range, a picture that
/// cannot be read, pieces that cannot fill the board, or a problem too large
/// to hold in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A size parameter is outside the range this crate accepts.
    OutOfRange {
        /// What the parameter is, as a phrase ("the number of queens").
        what: &'static str,
        /// The value given.
        value: usize,
        /// The smallest value accepted.
        min: usize,
        /// The largest value accepted.
        max: usize,
    },
    /// A board or piece picture could not be read.
    Picture {
        /// The 1-based line (row) of the picture.
        line: usize,
        /// The 1-based column (in characters).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A piece is not usable: empty, badly named, or named like another item.
    InvalidPiece {
        /// The piece's name.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// The pieces cannot fill the board exactly: their cells do not add up to
    /// the board's.
    AreaMismatch {
        /// Cells of the board.
        board: usize,
        /// Cells of all the pieces together.
        pieces: usize,
    },
    /// The problem would have more option entries than this crate builds.
    TooLarge {
        /// The number of entries, or a lower bound on it.
        entries: usize,
        /// The limit.
        limit: usize,
    },
    /// Solutions up to symmetry were asked for, but no piece can carry the
    /// symmetry breaking (see [`polyomino`](crate::polyomino)).
    NoSymmetryBreaking {
        /// The number of symmetries of the board.
        symmetries: usize,
    },
    /// A word of a word list that cannot be used.
    InvalidWord {
        /// Its 0-based index in the list.
        index: usize,
        /// The word.
        word: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A cost matrix that cannot be used: not square, or a cost too large.
    InvalidCosts {
        /// What is wrong.
        reason: String,
    },
    /// A parameter's text that cannot be read (a board that is neither
    /// `ROWSxCOLUMNS` nor a picture, say).
    Syntax {
        /// What is wrong.
        message: String,
    },
    /// The engine rejected the problem (a name clash, most likely).
    Build(BuildError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::OutOfRange {
                what,
                value,
                min,
                max,
            } => {
                write!(f, "{what} must be between {min} and {max}, not {value}")
            }
            Error::Picture {
                line,
                column,
                message,
            } => {
                write!(f, "picture line {line}, column {column}: {message}")
            }
            Error::InvalidPiece { name, reason } => write!(f, "piece `{name}`: {reason}"),
            Error::AreaMismatch { board, pieces } => write!(
                f,
                "the board has {board} cells but the pieces cover {pieces}: \
                 an exact packing needs the same number"
            ),
            Error::TooLarge { entries, limit } => write!(
                f,
                "the problem is too large: at least {entries} option entries, the limit is {limit}"
            ),
            Error::NoSymmetryBreaking { symmetries } => write!(
                f,
                "cannot count up to the board's {symmetries} symmetries: no piece (or pair of \
                 pieces) avoids being mapped onto itself by them"
            ),
            Error::InvalidWord {
                index,
                word,
                reason,
            } => write!(f, "word {} ({:?}): {reason}", index + 1, word),
            Error::InvalidCosts { reason } => write!(f, "{reason}"),
            Error::Syntax { message } => write!(f, "{message}"),
            Error::Build(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Build(error) => Some(error),
            _ => None,
        }
    }
}

impl From<BuildError> for Error {
    fn from(error: BuildError) -> Error {
        Error::Build(error)
    }
}

/// Checks that `value` lies in `min..=max`.
pub(crate) fn check_range(
    what: &'static str,
    value: usize,
    min: usize,
    max: usize,
) -> Result<(), Error> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(Error::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}
