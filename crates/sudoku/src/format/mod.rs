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
//! Boxes: a line `box RxC` (`box 3x2`: boxes 3 rows high and 2 columns
//! wide) sets the shape of the puzzles after it, for the shapes a line's
//! length does not tell (a 6x6 line is read with 2x3 boxes otherwise); it
//! must agree with [`ReadOptions::shape`] when that is given.
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

// The reader's pieces depend on each other one way:
// read -> detect -> csv -> variant -> cells -> error -> options (and kind).
mod cells;
mod csv;
mod detect;
mod error;
mod kind;
mod line;
mod options;
mod read;
mod variant;
mod write;

pub use crate::unit::CAGE_LABELS;
pub use csv::{CsvHeader, CsvRecord};
pub use error::{ReadError, ReadErrorKind};
pub use kind::{Format, Layout, UnknownName};
pub use line::puzzle_line;
pub use options::{MAX_LINE_BYTES, Naming, ReadOptions};
pub use read::{Puzzle, PuzzleReader};
pub use write::{GridWriter, write_grid};
