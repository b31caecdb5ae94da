//! The kinds of text: the input formats and the output layouts, by name.

use std::fmt;
use std::str::FromStr;

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
