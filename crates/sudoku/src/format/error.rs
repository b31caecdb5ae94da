//! Why a puzzle (or the input) could not be read, and where.

use std::fmt;
use std::io;

use super::options::MAX_LINE_BYTES;
use crate::grid::Shape;
use crate::rules::{RulesError, Variant};

/// Why a puzzle (or the input) could not be read, and where.
#[derive(Debug)]
pub struct ReadError {
    /// The 1-based line it concerns.
    pub line: usize,
    /// What is wrong.
    pub kind: ReadErrorKind,
}

/// What is wrong with the input.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// Reading failed; the reader stops.
    Io(io::Error),
    /// The line is longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// A character that is not a cell.
    BadCharacter {
        /// 1-based column, in bytes.
        column: usize,
        /// The character (U+FFFD for bytes that are not UTF-8).
        character: char,
        /// What the grid's cells may be.
        expected: String,
    },
    /// A puzzle line whose length is not the cell count of a supported
    /// shape (or of the shape asked for).
    WrongLength {
        /// The cells expected: those of the shape asked for, or the
        /// nearest square.
        expected: usize,
        /// The number of characters before the first space.
        found: usize,
    },
    /// A grid row of the wrong length.
    RowLength {
        /// The cells expected (those of the first row), if known.
        expected: Option<usize>,
        /// The number of cells in the row.
        found: usize,
    },
    /// A `blocks` row of the wrong length.
    RowNumbers {
        /// The numbers expected (those of the first row), if known.
        expected: Option<usize>,
        /// The number of numbers in the row.
        found: usize,
    },
    /// A `blocks` entry that is not a cell.
    BadNumber {
        /// 1-based column, in bytes.
        column: usize,
        /// The entry (its first characters if long).
        text: String,
        /// The size of the grid.
        size: usize,
    },
    /// A grid cut short by a blank line, `end`, or the end of the input.
    IncompleteGrid {
        /// The rows it had.
        rows: usize,
        /// The rows it needs.
        expected: usize,
    },
    /// POJ 2676 input that does not start with the number of puzzles.
    MissingCount,
    /// A count line too large to be a number of puzzles.
    BadCount,
    /// The count line does not match the puzzles that follow.
    CountMismatch {
        /// The number on the count line.
        declared: u64,
        /// The puzzles that followed, bad ones included.
        found: u64,
    },
    /// A `variant` line that names no known variant.
    BadVariant(String),
    /// Variant data (a region map, a cage map, cage sums) that is missing
    /// or malformed, at a column when one is to blame.
    BadVariantData {
        /// 1-based column, in bytes, if known.
        column: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// Variant data that makes no valid rules.
    BadRules(RulesError),
    /// A variant with data outside the `line` and `csv` formats.
    VariantNeedsLines(Variant),
    /// A CSV header without a puzzle column.
    CsvHeader,
    /// A CSV record with a field count other than the header's.
    CsvFields {
        /// The header's fields.
        expected: usize,
        /// The record's.
        found: usize,
    },
    /// A CSV field that is not well quoted.
    CsvQuote {
        /// 1-based column, in bytes.
        column: usize,
    },
    /// A CSV solution field that is not a complete grid of the puzzle's
    /// shape.
    BadSolution {
        /// 1-based column of the field, in bytes.
        column: usize,
        /// What is wrong.
        message: String,
    },
}

impl ReadError {
    /// Whether the error stands for one puzzle that was skipped (as opposed
    /// to a problem of the input as a whole: reading failed, the count line
    /// is missing or wrong, a `variant` line or CSV header is bad).
    pub fn is_puzzle_error(&self) -> bool {
        !matches!(
            self.kind,
            ReadErrorKind::Io(_)
                | ReadErrorKind::MissingCount
                | ReadErrorKind::BadCount
                | ReadErrorKind::CountMismatch { .. }
                | ReadErrorKind::BadVariant(_)
                | ReadErrorKind::CsvHeader
        )
    }
}

impl fmt::Display for ReadError {
    /// `LINE:COLUMN: message` (`LINE: message` when no column is to
    /// blame), so that a caller can print `FILE:LINE:COLUMN: message`, as
    /// every located error of `dlx` reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind.column() {
            Some(column) => write!(f, "{}:{column}: {}", self.line, self.kind),
            None => write!(f, "{}: {}", self.line, self.kind),
        }
    }
}

impl ReadErrorKind {
    /// The 1-based column (in bytes) to blame, if one is: the place that
    /// [`ReadError`]'s message starts with, after the line.
    pub fn column(&self) -> Option<usize> {
        match self {
            ReadErrorKind::BadCharacter { column, .. }
            | ReadErrorKind::BadNumber { column, .. }
            | ReadErrorKind::CsvQuote { column }
            | ReadErrorKind::BadSolution { column, .. } => Some(*column),
            ReadErrorKind::BadVariantData { column, .. } => *column,
            _ => None,
        }
    }
}

impl fmt::Display for ReadErrorKind {
    /// The message alone, without the line or the column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadErrorKind::Io(error) => write!(f, "read error: {error}"),
            ReadErrorKind::LineTooLong => write!(f, "line longer than {MAX_LINE_BYTES} bytes"),
            ReadErrorKind::BadCharacter {
                character,
                expected,
                ..
            } => write!(f, "bad character {character:?} (expected {expected})"),
            ReadErrorKind::WrongLength { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            ReadErrorKind::RowLength { expected, found } => match expected {
                Some(expected) => write!(f, "expected a row of {expected} cells, found {found}"),
                None => write!(
                    f,
                    "a first row of {found} cells: grids are 4 to {} cells wide",
                    Shape::MAX_SIZE
                ),
            },
            ReadErrorKind::RowNumbers { expected, found } => match expected {
                Some(expected) => {
                    write!(f, "expected a row of {expected} numbers, found {found}")
                }
                None => write!(
                    f,
                    "a first row of {found} numbers: grids are 4 to {} cells wide",
                    Shape::MAX_SIZE
                ),
            },
            ReadErrorKind::BadNumber { text, size, .. } => write!(
                f,
                "bad number {text:?} (expected 0-{size}, '.' or a symbol)"
            ),
            ReadErrorKind::IncompleteGrid { rows, expected } => {
                let plural = if *rows == 1 { "" } else { "s" };
                write!(
                    f,
                    "incomplete grid: {rows} row{plural} instead of {expected}"
                )
            }
            ReadErrorKind::MissingCount => {
                write!(
                    f,
                    "expected the number of puzzles on the first line (POJ 2676 format)"
                )
            }
            ReadErrorKind::BadCount => write!(f, "the number of puzzles is too large"),
            ReadErrorKind::CountMismatch { declared, found } => {
                let (noun, verb) = if *found == 1 {
                    ("", "follows")
                } else {
                    ("s", "follow")
                };
                let declared_noun = if *declared == 1 { "" } else { "s" };
                write!(
                    f,
                    "the count line announces {declared} puzzle{declared_noun}, but {found} puzzle{noun} {verb}"
                )
            }
            ReadErrorKind::BadVariant(message) => write!(f, "{message}"),
            ReadErrorKind::BadVariantData { message, .. } => write!(f, "{message}"),
            ReadErrorKind::BadRules(error) => write!(f, "{error}"),
            ReadErrorKind::VariantNeedsLines(variant) => write!(
                f,
                "{variant} puzzles carry a region or cage map and are read in the line format only"
            ),
            ReadErrorKind::CsvHeader => write!(
                f,
                "expected a CSV header naming the puzzle column ({})",
                PUZZLE_COLUMNS.join(", ")
            ),
            ReadErrorKind::CsvFields { expected, found } => {
                write!(f, "expected {expected} CSV fields, found {found}")
            }
            ReadErrorKind::CsvQuote { .. } => write!(f, "unterminated or misplaced quote"),
            ReadErrorKind::BadSolution { message, .. } => {
                write!(f, "bad solution field: {message}")
            }
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ReadErrorKind::Io(error) => Some(error),
            _ => None,
        }
    }
}

// The CSV header names live here, where the header error lists them; the
// CSV reader matches a header against them.
/// Header names of the puzzle column of a CSV file (Kaggle's sets use
/// `quizzes` or `puzzle`), compared without case.
pub(super) const PUZZLE_COLUMNS: [&str; 5] = ["quizzes", "quiz", "puzzle", "puzzles", "question"];

/// Header names of the solution column.
pub(super) const SOLUTION_COLUMNS: [&str; 4] = ["solutions", "solution", "answer", "answers"];
