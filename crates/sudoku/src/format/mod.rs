//! Text formats: puzzles read from a stream, grids written back.
//!
//! Five input formats are read, streamed line by line:
//!
//! | [`Format`] | what | example |
//! |---|---|---|
//! | `line` | one puzzle per line, n² cells | `4.....8.5.3..........7......2...` |
//! | `poj2676` | a count line, then n lines of n cells per puzzle | `1` / `103000509` / ... |
//! | `blocks` | n lines of n whitespace-separated cells | `0 0 0 0 0 4 5 0 0` / ... |
//! | `grid` | `.sdk`/`.ss` grids: n rows, `\|` and spaces ignored, rule lines skipped | `..3\|.2.\|6..` / `---+---+---` |
//! | `csv` | a header naming the puzzle (and solution) column, then a record per line | `quizzes,solutions` |
//!
//! Sizes run from 4x4 to 64x64: a line's length (or a grid's first row)
//! gives the size, with the usual boxes ([`Shape::for_size`](crate::Shape::for_size): 6x6 has
//! 2x3 boxes), unless [`ReadOptions::shape`] fixes the shape. A cell is a
//! symbol ([`Symbols`](crate::Symbols): `1`-`9`, `A`-`Z`, `a`-`z` by default), or `.`, `_` or
//! `0` (when `0` is not a symbol) when empty; in `blocks`, a number of two
//! digits is decimal (`12`).
//!
//! Variants: a line `variant NAME` (`x`, `hyper`, `jigsaw`, `killer`,
//! joined by `+`, or `classic`) sets the variant of the puzzles after it,
//! as does [`ReadOptions::variant`]. Jigsaw and killer puzzles carry data
//! on their line, after the cells and a space: a region map (n² labels, any
//! characters), then a cage map (n² labels, `.` for a cell in no cage) and
//! a `LABEL=SUM` word per cage:
//!
//! ```text
//! variant killer
//! ................ AABBCCDDEEFFGGHH A=3 B=7 C=3 D=7 E=5 F=5 G=5 H=5
//! ```
//!
//! Blank lines and lines starting with `#` are skipped (in a grid format a
//! blank line ends a grid early, which is reported); a line `end` stops the
//! input; lines end at `\n`, `\r\n` or a lone `\r`, a byte-order mark at
//! the start is skipped (the engine's [`dancing::format::text::Lines`] reads
//! them, as it does for Knuth's format), and lines are limited to
//! [`MAX_LINE_BYTES`]. In the `line` format anything after the cells (and
//! variant data) and a space or tab is a comment, unless it is the data of
//! a variant the line is not read as (a jigsaw region map, a killer cage map
//! with sums): that is refused, as it would be solved by the wrong rules.
//! Any format may start with
//! a line holding only the number of puzzles (POJ 2676 requires it); a
//! count that does not match the puzzles that follow is reported.
//!
//! The format is detected from the first lines unless it is given; see
//! [`PuzzleReader`]. Errors name the line (and column), and the reader goes
//! on with the next puzzle.
//!
//! Grids are written in one of the [`Layout`]s by a [`GridWriter`].

use std::fmt;
use std::str::FromStr;

mod line;
mod read;
mod write;

pub use line::{CAGE_LABELS, puzzle_line};
pub use read::{MAX_LINE_BYTES, Puzzle, PuzzleReader, ReadError, ReadErrorKind, ReadOptions};
pub use write::{GridWriter, write_grid};

/// An input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One puzzle per line: 81 cells, then optionally whitespace and a
    /// comment (AcWing 166, POJ 3074, and most puzzle collections).
    Line,
    /// POJ 2676: the number of puzzles on the first line, then each puzzle
    /// as 9 lines of 9 cells.
    Poj2676,
    /// 9 lines of 9 whitespace-separated cells ("100 lines").
    Blocks,
    /// `.sdk`/`.ss`-style grids: 9 rows of 9 cells, with `|` and spaces
    /// between boxes ignored and rule lines such as `---+---+---` skipped.
    Grid,
    /// CSV with a header naming the puzzle column and, optionally, the
    /// solution column (Kaggle's `quizzes,solutions` and
    /// `id,puzzle,solution,clues,difficulty`).
    Csv,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 5] = [
        Format::Line,
        Format::Poj2676,
        Format::Blocks,
        Format::Grid,
        Format::Csv,
    ];

    /// The format's name: `line`, `poj2676`, `blocks` or `grid`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Poj2676 => "poj2676",
            Format::Blocks => "blocks",
            Format::Grid => "grid",
            Format::Csv => "csv",
        }
    }

    /// The layout that writes grids the way this format reads them.
    pub fn layout(self) -> Layout {
        match self {
            Format::Line => Layout::Line,
            Format::Poj2676 => Layout::Rows,
            Format::Blocks => Layout::Blocks,
            Format::Grid => Layout::Grid,
            Format::Csv => Layout::Line,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Format, UnknownName> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| UnknownName {
                name: name.to_owned(),
                expected: "line, poj2676, blocks, grid or csv",
            })
    }
}

/// How grids are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// One line per grid, `.` for an empty cell.
    Line,
    /// One line of digits per row, `0` for an empty cell, no line between
    /// grids (POJ 2676's output).
    Rows,
    /// One line per row, cells separated by a space, `0` for an empty cell;
    /// a blank line between grids.
    Blocks,
    /// `.sdk` style: `417|369|825` rows and `---+---+---` rules, `.` for an
    /// empty cell; a blank line between grids.
    Grid,
    /// The "100 lines" output: the line `ans: ` (with its trailing space),
    /// then each row with every digit followed by three spaces, exactly as
    /// the seed prints it, trailing spaces included.
    Ans,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 5] = [
        Layout::Line,
        Layout::Rows,
        Layout::Blocks,
        Layout::Grid,
        Layout::Ans,
    ];

    /// The layout's name: `line`, `rows`, `blocks`, `grid` or `ans`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Line => "line",
            Layout::Rows => "rows",
            Layout::Blocks => "blocks",
            Layout::Grid => "grid",
            Layout::Ans => "ans",
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Layout {
    type Err = UnknownName;

    /// A layout by name; `poj2676` is another name for `rows`.
    fn from_str(name: &str) -> Result<Layout, UnknownName> {
        if name == "poj2676" {
            return Ok(Layout::Rows);
        }
        Layout::ALL
            .into_iter()
            .find(|layout| layout.name() == name)
            .ok_or_else(|| UnknownName {
                name: name.to_owned(),
                expected: "line, rows, blocks, grid or ans",
            })
    }
}

/// A format or layout name that is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// The name given.
    pub name: String,
    /// The names accepted.
    pub expected: &'static str,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown name {:?}: expected {}",
            self.name, self.expected
        )
    }
}

impl std::error::Error for UnknownName {}
