//! Reading puzzles from a stream, one at a time, in any input format, of
//! any size from 4x4 to 64x64, and with variant data.

use std::fmt;
use std::io::{self, BufRead};

use dancing::format::text::Lines;

use super::{Format, Layout};
use crate::grid::{Grid, Shape};
use crate::rules::{Cage, Rules, RulesError, Variant};
use crate::symbols::Symbols;

/// The longest line kept, in bytes: a 64x64 puzzle line with its region
/// and cage maps fits with room to spare. Longer lines are reported, not
/// stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The longest count line accepted.
const MAX_COUNT_DIGITS: usize = 18;

/// A puzzle and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The 1-based line of the puzzle (its first row, for grids).
    pub line: usize,
    /// The givens.
    pub grid: Grid,
}

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
    /// `LINE: message`, so that a caller can print `FILE:LINE: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.kind)
    }
}

impl fmt::Display for ReadErrorKind {
    /// The message alone, without the line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadErrorKind::Io(error) => write!(f, "read error: {error}"),
            ReadErrorKind::LineTooLong => write!(f, "line longer than {MAX_LINE_BYTES} bytes"),
            ReadErrorKind::BadCharacter {
                column,
                character,
                expected,
            } => write!(
                f,
                "bad character {character:?} at column {column} (expected {expected})"
            ),
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
            ReadErrorKind::BadNumber { column, text, size } => write!(
                f,
                "bad number {text:?} at column {column} (expected 0-{size}, '.' or a symbol)"
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
            ReadErrorKind::BadVariantData { column, message } => match column {
                Some(column) => write!(f, "{message} at column {column}"),
                None => write!(f, "{message}"),
            },
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
            ReadErrorKind::CsvQuote { column } => {
                write!(f, "unterminated or misplaced quote at column {column}")
            }
            ReadErrorKind::BadSolution { column, message } => {
                write!(f, "bad solution field at column {column}: {message}")
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

/// Header names of the puzzle column of a CSV file (Kaggle's sets use
/// `quizzes` or `puzzle`), compared without case.
const PUZZLE_COLUMNS: [&str; 5] = ["quizzes", "quiz", "puzzle", "puzzles", "question"];

/// Header names of the solution column.
const SOLUTION_COLUMNS: [&str; 4] = ["solutions", "solution", "answer", "answers"];

/// The columns of a CSV input.
#[derive(Clone, Copy, Debug)]
struct CsvColumns {
    fields: usize,
    puzzle: usize,
    solution: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Reading,
    /// The input ended (or said `end`); the count is still to be checked.
    Ended,
    Done,
}

/// Settings of a [`PuzzleReader`] beyond the format.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The shape of every puzzle (`--box`): line lengths and rows must fit
    /// it. By default each puzzle's size comes from its line length (or
    /// its first row), with the usual boxes ([`Shape::for_size`]).
    pub shape: Option<Shape>,
    /// The alphabet of digits.
    pub symbols: Symbols,
    /// The variant of the puzzles, until a `variant` line says otherwise.
    pub variant: Variant,
}

/// Reads puzzles from a stream, one at a time, in a given format or in the
/// format its first lines show.
///
/// Detection looks at the first line that is not blank, a comment or a
/// `variant` line: a line holding only a number is a count, and the line
/// after it decides; a line with commas is CSV (its header names the
/// columns); whitespace-separated short entries (4 to 64 of them) are
/// `blocks`; a first word of n² characters (n from 4 to 64), or of 16
/// characters or more, is the `line` format; a run of 4 to 15 cells (with a
/// count line first) is POJ 2676; a
/// row with `|` or spaces between boxes, a rule line, or a run of cells
/// with no count are the `grid` format. Anything else is read as `line`,
/// whose errors then say what is wrong. (So a 16x16 grid written as bare
/// rows of 16 cells reads as 4x4 lines unless the format is given.)
///
/// ```
/// use dancing_sudoku::format::{Format, Layout, PuzzleReader};
///
/// let text = "2\n# a comment\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
///             ......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3. hard\nend\nignored\n";
/// let mut reader = PuzzleReader::new(text.as_bytes(), None);
/// let first = reader.next().unwrap()?;
/// assert_eq!((first.line, first.grid.given_count()), (3, 17));
/// assert_eq!(reader.next().unwrap()?.line, 4);
/// assert!(reader.next().is_none());
/// assert_eq!(reader.format(), Some(Format::Line));
/// assert_eq!(reader.layout(), Some(Layout::Line));
/// # Ok::<(), dancing_sudoku::format::ReadError>(())
/// ```
pub struct PuzzleReader<R> {
    lines: Lines<R>,
    options: ReadOptions,
    forced: Option<Format>,
    format: Option<Format>,
    layout: Option<Layout>,
    state: State,
    /// Until the first line with content has been seen, which may be a count.
    at_start: bool,
    /// The count line: its number and what it says.
    count: Option<(usize, u64)>,
    /// Puzzles read, bad ones included.
    puzzles: u64,
    /// The variant of the puzzles read now.
    variant: Variant,
    /// The columns of a CSV input, once its header is read.
    csv: Option<CsvColumns>,
    /// The grid being read: its size (from its first row), rows so far, its
    /// first line, its first error.
    size: usize,
    rows: usize,
    grid_line: usize,
    grid_error: Option<ReadError>,
    /// The rules of the last puzzle read.
    rules: Rules,
    /// The solution given with the last puzzle read (CSV), if any.
    solution: Option<Grid>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input` in `format`, or in the format detected from its
    /// first lines when `format` is `None`.
    pub fn new(input: R, format: Option<Format>) -> PuzzleReader<R> {
        PuzzleReader::with_options(input, format, ReadOptions::default())
    }

    /// A reader with `options`: a fixed shape, an alphabet, a variant.
    pub fn with_options(input: R, format: Option<Format>, options: ReadOptions) -> PuzzleReader<R> {
        let variant = options.variant;
        PuzzleReader {
            lines: Lines::new(input, MAX_LINE_BYTES),
            options,
            forced: format,
            format,
            layout: format.map(Format::layout),
            state: State::Reading,
            at_start: true,
            count: None,
            puzzles: 0,
            variant,
            csv: None,
            size: 0,
            rows: 0,
            grid_line: 0,
            grid_error: None,
            rules: Rules::classic(Shape::CLASSIC),
            solution: None,
        }
    }

    /// The input format: the one given, or the one detected (known once a
    /// puzzle has been read).
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The layout that writes grids the way the input holds them: like
    /// [`Format::layout`], except that `grid` input whose rows are plain
    /// runs of cells is answered in [`Layout::Rows`].
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    /// The number of the last line read.
    pub fn line_number(&self) -> usize {
        self.lines.number()
    }

    /// The rules of the puzzle read last: its shape, and its variant's
    /// diagonals, windows, regions and cages.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The solution given with the puzzle read last (a CSV solution column),
    /// taken out of the reader.
    pub fn take_solution(&mut self) -> Option<Grid> {
        self.solution.take()
    }

    /// Reads the next puzzle into `grid` (reusing its memory) and returns
    /// its line; `None` at the end of the input. Its rules are then
    /// [`rules`](Self::rules). After an error, reading goes on with the next
    /// puzzle (except after an I/O error or a bad CSV header, which end the
    /// input); the contents of `grid` are then unspecified.
    pub fn read_into(&mut self, grid: &mut Grid) -> Option<Result<usize, ReadError>> {
        self.solution = None;
        loop {
            match self.state {
                State::Reading => {}
                State::Ended => {
                    self.state = State::Done;
                    match self.count {
                        Some((line, declared)) if declared != self.puzzles => {
                            let kind = ReadErrorKind::CountMismatch {
                                declared,
                                found: self.puzzles,
                            };
                            return Some(Err(ReadError { line, kind }));
                        }
                        _ => return None,
                    }
                }
                State::Done => return None,
            }
            match self.lines.advance() {
                Ok(true) => {}
                Ok(false) => {
                    self.state = State::Ended;
                    if self.rows > 0 {
                        return Some(self.incomplete_grid());
                    }
                    continue;
                }
                Err(error) => {
                    self.state = State::Done;
                    let line = self.lines.number() + 1;
                    return Some(Err(ReadError {
                        line,
                        kind: ReadErrorKind::Io(error),
                    }));
                }
            }
            let number = self.lines.number();
            let too_long = self.lines.too_long();
            let line = self.lines.line();
            let content = line.trim_ascii();
            if !too_long {
                if content.is_empty() || content == b"end" {
                    if content == b"end" {
                        self.state = State::Ended;
                    }
                    if self.rows > 0 {
                        return Some(self.incomplete_grid());
                    }
                    continue;
                }
                if content[0] == b'#' {
                    continue;
                }
                if let Some(name) = variant_line(content) {
                    if self.rows > 0 {
                        // A variant line inside a grid ends it, short of
                        // rows; the line is read again after.
                        self.lines.hold();
                        return Some(self.incomplete_grid());
                    }
                    match name.parse::<Variant>() {
                        Ok(variant) => self.variant = variant,
                        Err(message) => {
                            let kind = ReadErrorKind::BadVariant(message);
                            return Some(Err(ReadError { line: number, kind }));
                        }
                    }
                    continue;
                }
            }

            if self.at_start {
                self.at_start = false;
                if !too_long && looks_like_count(content, self.options.shape, self.forced) {
                    match std::str::from_utf8(content)
                        .ok()
                        .and_then(|text| text.parse::<u64>().ok())
                    {
                        Some(declared) => self.count = Some((number, declared)),
                        None => {
                            return Some(Err(ReadError {
                                line: number,
                                kind: ReadErrorKind::BadCount,
                            }));
                        }
                    }
                    continue;
                }
                if self.forced == Some(Format::Poj2676) {
                    // Report the missing count, then read this line as a row.
                    self.lines.hold();
                    return Some(Err(ReadError {
                        line: number,
                        kind: ReadErrorKind::MissingCount,
                    }));
                }
            }
            let format = match self.format {
                Some(format) => format,
                None => {
                    let (format, layout) =
                        sniff(content, self.count.is_some(), &self.options.symbols);
                    self.format = Some(format);
                    self.layout = Some(layout);
                    format
                }
            };

            if format == Format::Csv && self.csv.is_none() {
                match csv_header(content) {
                    Some(columns) => {
                        self.csv = Some(columns);
                        continue;
                    }
                    None => {
                        // Nothing after a bad header can be placed.
                        self.state = State::Done;
                        let kind = ReadErrorKind::CsvHeader;
                        return Some(Err(ReadError { line: number, kind }));
                    }
                }
            }
            if matches!(format, Format::Line | Format::Csv) {
                self.puzzles += 1;
                let parsed = if too_long {
                    Err(ReadErrorKind::LineTooLong)
                } else if let Some(columns) = self.csv {
                    let line = self.lines.line();
                    read_csv_record(line, columns, &self.options, self.variant, grid).map(
                        |(rules, solution)| {
                            self.rules = rules;
                            self.solution = solution;
                        },
                    )
                } else {
                    let line = self.lines.line();
                    read_line(line, &self.options, self.variant, grid)
                        .map(|(rules, _)| self.rules = rules)
                };
                return Some(
                    parsed
                        .map(|()| number)
                        .map_err(|kind| ReadError { line: number, kind }),
                );
            }
            if format == Format::Grid && !too_long && is_rule(content) {
                continue;
            }
            if self.rows == 0 {
                self.grid_line = number;
                self.grid_error = None;
                if self.variant.needs_data() {
                    self.grid_error = Some(ReadError {
                        line: number,
                        kind: ReadErrorKind::VariantNeedsLines(self.variant),
                    });
                }
                // The first row gives the size.
                let size = if too_long {
                    Err(ReadErrorKind::LineTooLong)
                } else {
                    first_row_size(format, self.lines.line(), &self.options)
                };
                match size {
                    Ok(size) => {
                        self.size = size;
                        grid.reset(self.options.shape.unwrap_or_else(|| {
                            Shape::for_size(size).expect("a size from 4 to 64")
                        }));
                    }
                    Err(kind) => {
                        // Unreadable as the first row of a grid: this line
                        // alone is the puzzle reported.
                        self.puzzles += 1;
                        return Some(Err(ReadError { line: number, kind }));
                    }
                }
            }
            let size = self.size;
            let row = &mut grid.cells_mut()[self.rows * size..(self.rows + 1) * size];
            let parsed = if too_long {
                Err(ReadErrorKind::LineTooLong)
            } else {
                parse_row(format, self.lines.line(), row, &self.options.symbols)
            };
            if let Err(kind) = parsed {
                self.grid_error
                    .get_or_insert(ReadError { line: number, kind });
            }
            self.rows += 1;
            if self.rows == size {
                self.rows = 0;
                self.puzzles += 1;
                self.rules = variant_rules(grid.shape(), self.variant);
                return Some(match self.grid_error.take() {
                    Some(error) => Err(error),
                    None => Ok(self.grid_line),
                });
            }
        }
    }

    /// Ends the grid being read, which lacks rows.
    fn incomplete_grid(&mut self) -> Result<usize, ReadError> {
        let rows = self.rows;
        self.rows = 0;
        self.puzzles += 1;
        let incomplete = ReadError {
            line: self.grid_line,
            kind: ReadErrorKind::IncompleteGrid {
                rows,
                expected: self.size,
            },
        };
        Err(self.grid_error.take().unwrap_or(incomplete))
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Result<Puzzle, ReadError>> {
        let mut grid = Grid::new(Shape::CLASSIC);
        let line = self.read_into(&mut grid)?;
        Some(line.map(|line| Puzzle { line, grid }))
    }
}

/// The variant named by a `variant NAME` line, if this is one.
fn variant_line(content: &[u8]) -> Option<&str> {
    let rest = content.strip_prefix(b"variant")?;
    if !rest.first().is_some_and(u8::is_ascii_whitespace) {
        return None;
    }
    std::str::from_utf8(rest.trim_ascii()).ok()
}

/// A line that is only a number, and not a row or a line of cells: with a
/// shape or a line format given, not of their lengths; else not 9 digits
/// (a classic row) nor a square number of them (a line). So a grid of
/// another size whose first row is all digits (`1002`) needs its format or
/// shape given.
fn looks_like_count(content: &[u8], shape: Option<Shape>, format: Option<Format>) -> bool {
    let length = content.len();
    if length == 0 || length > MAX_COUNT_DIGITS + 2 || !content.iter().all(u8::is_ascii_digit) {
        return false;
    }
    if let Some(shape) = shape {
        return length != shape.size() && length != shape.cell_count();
    }
    if matches!(format, Some(Format::Line | Format::Csv)) {
        return !is_square_size(length);
    }
    length != 9 && !is_square_size(length)
}

/// Whether `length` is the cell count of a size a line stands for.
fn is_square_size(length: usize) -> bool {
    Shape::for_cell_count(length).is_some()
}

/// The format (and the layout to answer in) that the first puzzle line shows.
fn sniff(content: &[u8], counted: bool, symbols: &Symbols) -> (Format, Layout) {
    let tokens = content
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty());
    let first = tokens.clone().next().unwrap_or_default();
    let count = tokens.clone().count();
    let is_cell = |c: u8| symbols.read(c, Shape::MAX_SIZE).is_some();
    if is_rule(content) || content.contains(&b'|') {
        (Format::Grid, Layout::Grid)
    } else if content.contains(&b',') || csv_header(content).is_some() {
        (Format::Csv, Layout::Line)
    } else if (Shape::MIN_LINE_SIZE..=Shape::MAX_SIZE).contains(&count)
        && tokens.clone().all(|token| token.len() <= 2)
    {
        (Format::Blocks, Layout::Blocks)
    } else if is_square_size(first.len()) || first.len() >= 16 {
        (Format::Line, Layout::Line)
    } else if (Shape::MIN_LINE_SIZE..16).contains(&content.len())
        && content.iter().all(|&c| is_cell(c))
    {
        if counted {
            (Format::Poj2676, Layout::Rows)
        } else {
            (Format::Grid, Layout::Rows)
        }
    } else if content
        .iter()
        .all(|&c| is_cell(c) || c.is_ascii_whitespace())
    {
        (Format::Grid, Layout::Grid)
    } else {
        (Format::Line, Layout::Line)
    }
}

/// A rule between bands of a grid: `---+---+---`, `-----------`,
/// `*-----------*`, `===`.
fn is_rule(content: &[u8]) -> bool {
    content.iter().any(|&c| c == b'-' || c == b'=')
        && content
            .iter()
            .all(|&c| matches!(c, b'-' | b'=' | b'+' | b'|' | b'*') || c.is_ascii_whitespace())
}

/// The error for the character at byte `at` of `line`, in a grid of `size`.
fn bad_character(line: &[u8], at: usize, symbols: &Symbols, size: usize) -> ReadErrorKind {
    let rest = &line[at..line.len().min(at + 4)];
    let character = match std::str::from_utf8(rest) {
        Ok(text) => text.chars().next(),
        Err(error) => std::str::from_utf8(&rest[..error.valid_up_to()])
            .ok()
            .and_then(|t| t.chars().next()),
    };
    ReadErrorKind::BadCharacter {
        column: at + 1,
        character: character.unwrap_or(char::REPLACEMENT_CHARACTER),
        expected: symbols.describe(size),
    }
}

/// The whitespace-separated words of `line`, with their byte offsets.
fn words(line: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < line.len() && line[at].is_ascii_whitespace() {
            at += 1;
        }
        if at == line.len() {
            return None;
        }
        let start = at;
        while at < line.len() && !line[at].is_ascii_whitespace() {
            at += 1;
        }
        Some((start, &line[start..at]))
    })
}

/// The shape of a puzzle of `length` cells: the one asked for, or the
/// usual one of the length; else the error, naming the nearest fit.
fn shape_of_length(length: usize, options: &ReadOptions) -> Result<Shape, ReadErrorKind> {
    match options.shape {
        Some(shape) if shape.cell_count() == length => Ok(shape),
        Some(shape) => Err(ReadErrorKind::WrongLength {
            expected: shape.cell_count(),
            found: length,
        }),
        None => Shape::for_cell_count(length).ok_or_else(|| {
            // The nearest square of a supported size, ties upward.
            let nearest = (Shape::MIN_LINE_SIZE..=Shape::MAX_SIZE)
                .map(|n| n * n)
                .min_by_key(|&cells| (cells.abs_diff(length), usize::MAX - cells))
                .unwrap_or(81);
            ReadErrorKind::WrongLength {
                expected: nearest,
                found: length,
            }
        }),
    }
}

/// Reads the cells `word` (at byte `start` of `line`) into `grid`, of the
/// shape its length gives.
fn read_cells(
    line: &[u8],
    start: usize,
    word: &[u8],
    options: &ReadOptions,
    grid: &mut Grid,
) -> Result<(), ReadErrorKind> {
    // A bad character first: it is the likelier mistake in a line of the
    // wrong length, and its column says where.
    // (For a length that fits no shape: the nearest square's size, and at
    // least the classic 9, so that a short classic line names its bad
    // characters by classic rules.)
    let size_hint = match shape_of_length(word.len(), options) {
        Ok(shape) => shape.size(),
        Err(ReadErrorKind::WrongLength { expected, .. }) => expected.isqrt().max(9),
        Err(_) => Shape::MAX_SIZE,
    };
    if let Some(k) = word
        .iter()
        .position(|&c| options.symbols.read(c, size_hint).is_none())
    {
        return Err(bad_character(line, start + k, &options.symbols, size_hint));
    }
    let shape = shape_of_length(word.len(), options)?;
    if !options.symbols.supports(shape.size()) {
        return Err(ReadErrorKind::BadVariantData {
            column: None,
            message: format!(
                "a {n}x{n} puzzle needs {n} symbols, and the alphabet has {} (give --symbols)",
                options.symbols.len(),
                n = shape.size(),
            ),
        });
    }
    grid.reset(shape);
    for (cell, &c) in grid.cells_mut().iter_mut().zip(word) {
        *cell = options.symbols.read(c, shape.size()).unwrap_or(0);
    }
    Ok(())
}

/// Reads a puzzle line: its cells from the first non-blank character, then
/// the variant's data, then the end of the line or whitespace and a
/// comment. Returns the puzzle's rules and where the comment starts.
fn read_line(
    line: &[u8],
    options: &ReadOptions,
    variant: Variant,
    grid: &mut Grid,
) -> Result<(Rules, usize), ReadErrorKind> {
    let mut words = words(line);
    let (start, cells) = words.next().unwrap_or((line.len(), &[]));
    read_cells(line, start, cells, options, grid)?;
    let mut rules = variant_rules(grid.shape(), variant);
    let n = grid.size();
    if variant.jigsaw {
        let (at, map) = words
            .next()
            .ok_or_else(|| missing("a region map", line.len()))?;
        let regions = region_map(map, at, n)?;
        rules = rules
            .with_regions(regions)
            .map_err(ReadErrorKind::BadRules)?;
    }
    if variant.killer {
        let (at, map) = words
            .next()
            .ok_or_else(|| missing("a cage map", line.len()))?;
        let (labels, cells_of) = cage_map(map, at, n)?;
        let mut sums: Vec<Option<u32>> = vec![None; labels.len()];
        // Where each cage's sum was written, to locate a sum it cannot have.
        let mut sum_columns = vec![at; labels.len()];
        let mut given = 0;
        for (at, word) in words.by_ref() {
            let (label, sum) = cage_sum(word, at)?;
            let Some(k) = labels.iter().position(|&l| l == label) else {
                return Err(ReadErrorKind::BadVariantData {
                    column: Some(at + 1),
                    message: format!(
                        "a sum for cage {:?}, which the cage map lacks",
                        label as char
                    ),
                });
            };
            sum_columns[k] = at;
            if sums[k].replace(sum).is_some() {
                return Err(ReadErrorKind::BadVariantData {
                    column: Some(at + 1),
                    message: format!("a second sum for cage {:?}", label as char),
                });
            }
            given += 1;
            if given == labels.len() {
                break;
            }
        }
        if let Some(k) = sums.iter().position(Option::is_none) {
            return Err(ReadErrorKind::BadVariantData {
                column: None,
                message: format!(
                    "no sum for cage {:?} (expected LABEL=SUM words after the cage map)",
                    labels[k] as char
                ),
            });
        }
        let cages = cells_of
            .into_iter()
            .zip(sums)
            .map(|(cells, sum)| Cage {
                cells,
                sum: sum.unwrap_or(0),
            })
            .collect();
        rules = rules.with_cages(cages).map_err(|error| {
            // Named by the cage's label, at its sum (or the map).
            match (&error, error.cage_detail()) {
                (RulesError::CageSum { .. }, Some((cage, detail))) => {
                    ReadErrorKind::BadVariantData {
                        column: Some(sum_columns[cage] + 1),
                        message: format!("cage {:?} {detail}", labels[cage] as char),
                    }
                }
                (_, Some((cage, detail))) => ReadErrorKind::BadVariantData {
                    column: Some(at + 1),
                    message: format!("cage {:?} {detail}", labels[cage] as char),
                },
                (_, None) => ReadErrorKind::BadRules(error),
            }
        })?;
    }
    let rest = words.next().map_or(line.len(), |(at, _)| at);
    refuse_unread_variant_data(line, rest, n, variant)?;
    Ok((rules, rest))
}

/// Refuses a comment that is in fact the data of a variant the puzzle is not
/// read as: a jigsaw region map, or a killer cage map with its sums. Read as
/// a comment, it would be ignored and the puzzle solved by the wrong rules,
/// a wrong answer printed as a right one.
fn refuse_unread_variant_data(
    line: &[u8],
    rest: usize,
    n: usize,
    variant: Variant,
) -> Result<(), ReadErrorKind> {
    let mut comment = words(&line[rest..]);
    let Some((at, first)) = comment.next() else {
        return Ok(());
    };
    let (what, missing) = if !variant.killer && is_cage_map_with_sums(first, comment.next(), n) {
        let killer = Variant {
            killer: true,
            ..variant
        };
        ("a killer cage map with its sums", killer)
    } else if !variant.jigsaw && is_region_map(first, n) {
        let jigsaw = Variant {
            jigsaw: true,
            ..variant
        };
        ("a jigsaw region map", jigsaw)
    } else {
        return Ok(());
    };
    Err(ReadErrorKind::BadVariantData {
        column: Some(rest + at + 1),
        message: format!(
            "the text after the cells is {what}, but the puzzle is read as {variant}: \
             give --variant {missing} or a line `variant {missing}` \
             before the puzzle, or write `#` before the text to keep it a comment",
        ),
    })
}

/// Whether `word`, the first word of a comment, is a cage map: `n²`
/// characters followed by a `LABEL=SUM` word whose label is in the map.
fn is_cage_map_with_sums(word: &[u8], next: Option<(usize, &[u8])>, n: usize) -> bool {
    let Some((_, sum)) = next else {
        return false;
    };
    word.len() == n * n
        && matches!(sum, [label, b'=', digits @ ..]
            if !digits.is_empty()
                && digits.iter().all(u8::is_ascii_digit)
                && word.contains(label))
}

/// Whether `word`, the first word of a comment, is a region map: `n²`
/// labels, `n` of them each `n` times, with some row holding a label twice.
/// The last test tells it from a solution written after its puzzle, whose
/// rows never repeat a symbol.
fn is_region_map(word: &[u8], n: usize) -> bool {
    if word.len() != n * n {
        return false;
    }
    let mut counts = [0usize; 256];
    for &label in word {
        counts[usize::from(label)] += 1;
    }
    let labels = counts.iter().filter(|&&count| count > 0).count();
    let repeats_in_a_row = word.chunks(n).any(|row| {
        let mut seen = [false; 256];
        row.iter()
            .any(|&label| std::mem::replace(&mut seen[usize::from(label)], true))
    });
    labels == n && counts.iter().all(|&count| count == 0 || count == n) && repeats_in_a_row
}

/// The rules of `variant` that need no data: diagonals and windows.
fn variant_rules(shape: Shape, variant: Variant) -> Rules {
    let mut rules = Rules::classic(shape);
    if variant.diagonals {
        rules = rules.with_diagonals();
    }
    if variant.windows {
        rules = rules.with_windows();
    }
    rules
}

fn missing(what: &str, at: usize) -> ReadErrorKind {
    ReadErrorKind::BadVariantData {
        column: Some(at + 1),
        message: format!("expected {what} after the cells"),
    }
}

/// A jigsaw region map: `n²` labels (any characters but whitespace), one per
/// cell; labels are numbered in order of first appearance.
fn region_map(map: &[u8], at: usize, n: usize) -> Result<Vec<u8>, ReadErrorKind> {
    if map.len() != n * n {
        return Err(ReadErrorKind::BadVariantData {
            column: Some(at + 1),
            message: format!(
                "a region map of {} characters, expected {}",
                map.len(),
                n * n
            ),
        });
    }
    let mut labels: Vec<u8> = Vec::new();
    let mut regions = Vec::with_capacity(n * n);
    for (k, &label) in map.iter().enumerate() {
        let index = match labels.iter().position(|&l| l == label) {
            Some(index) => index,
            None if labels.len() < n => {
                labels.push(label);
                labels.len() - 1
            }
            None => {
                return Err(ReadErrorKind::BadVariantData {
                    column: Some(at + k + 1),
                    message: format!(
                        "region label {:?} is one more than the {n} regions",
                        label as char
                    ),
                });
            }
        };
        regions.push(index as u8);
    }
    Ok(regions)
}

/// A killer cage map: `n²` labels, `.` for a cell in no cage; returns the
/// labels in order of first appearance and each one's cells.
#[allow(clippy::type_complexity)]
fn cage_map(map: &[u8], at: usize, n: usize) -> Result<(Vec<u8>, Vec<Vec<usize>>), ReadErrorKind> {
    if map.len() != n * n {
        return Err(ReadErrorKind::BadVariantData {
            column: Some(at + 1),
            message: format!("a cage map of {} characters, expected {}", map.len(), n * n),
        });
    }
    let mut labels: Vec<u8> = Vec::new();
    let mut cells: Vec<Vec<usize>> = Vec::new();
    for (cell, &label) in map.iter().enumerate() {
        if label == b'.' {
            continue;
        }
        if !label.is_ascii_graphic() || label == b'=' {
            return Err(ReadErrorKind::BadVariantData {
                column: Some(at + cell + 1),
                message: format!("bad cage label {:?}", label as char),
            });
        }
        match labels.iter().position(|&l| l == label) {
            Some(k) => cells[k].push(cell),
            None => {
                labels.push(label);
                cells.push(vec![cell]);
            }
        }
    }
    Ok((labels, cells))
}

/// A cage sum word: `LABEL=SUM`.
fn cage_sum(word: &[u8], at: usize) -> Result<(u8, u32), ReadErrorKind> {
    let bad = || ReadErrorKind::BadVariantData {
        column: Some(at + 1),
        message: format!(
            "bad cage sum {:?} (expected LABEL=SUM, such as a=12)",
            String::from_utf8_lossy(&word[..word.len().min(16)])
        ),
    };
    match word {
        [label, b'=', digits @ ..] if !digits.is_empty() && digits.len() <= 6 => {
            let sum = std::str::from_utf8(digits)
                .ok()
                .and_then(|text| text.parse().ok())
                .ok_or_else(bad)?;
            Ok((*label, sum))
        }
        _ => Err(bad()),
    }
}

/// The columns of a CSV header line, or `None` if it names no puzzle
/// column.
fn csv_header(content: &[u8]) -> Option<CsvColumns> {
    let fields = csv_fields(content).ok()?;
    let named = |names: &[&str]| {
        fields.iter().position(|&(_, field)| {
            let name = String::from_utf8_lossy(field).trim().to_ascii_lowercase();
            names.contains(&name.as_str())
        })
    };
    Some(CsvColumns {
        fields: fields.len(),
        puzzle: named(&PUZZLE_COLUMNS)?,
        solution: named(&SOLUTION_COLUMNS),
    })
}

/// The fields of a CSV record, with their byte offsets: separated by
/// commas, each bare or in double quotes (`""` for a quote inside). Sudoku
/// fields never hold commas or line ends, so a record is one line.
fn csv_fields(line: &[u8]) -> Result<Vec<(usize, &[u8])>, ReadErrorKind> {
    let mut fields = Vec::new();
    let mut at = 0;
    loop {
        if line.get(at) == Some(&b'"') {
            let start = at + 1;
            let Some(length) = line[start..].iter().position(|&c| c == b'"') else {
                return Err(ReadErrorKind::CsvQuote { column: at + 1 });
            };
            fields.push((start, &line[start..start + length]));
            at = start + length + 1;
            match line.get(at) {
                None => return Ok(fields),
                Some(b',') => at += 1,
                Some(_) => return Err(ReadErrorKind::CsvQuote { column: at + 1 }),
            }
        } else {
            let length = line[at..]
                .iter()
                .position(|&c| c == b',')
                .unwrap_or(line.len() - at);
            let field = &line[at..at + length];
            if let Some(k) = field.iter().position(|&c| c == b'"') {
                return Err(ReadErrorKind::CsvQuote { column: at + k + 1 });
            }
            fields.push((at, field));
            at += length;
            if at == line.len() {
                return Ok(fields);
            }
            at += 1;
        }
    }
}

/// Reads a CSV record: the puzzle field as a puzzle line, and the solution
/// field, if any, as a complete grid of the same shape.
fn read_csv_record(
    line: &[u8],
    columns: CsvColumns,
    options: &ReadOptions,
    variant: Variant,
    grid: &mut Grid,
) -> Result<(Rules, Option<Grid>), ReadErrorKind> {
    if variant.needs_data() {
        return Err(ReadErrorKind::VariantNeedsLines(variant));
    }
    let fields = csv_fields(line.trim_ascii_end())?;
    if fields.len() != columns.fields {
        return Err(ReadErrorKind::CsvFields {
            expected: columns.fields,
            found: fields.len(),
        });
    }
    let (start, cells) = fields[columns.puzzle];
    let cells = cells.trim_ascii();
    read_cells(line, start, cells, options, grid)?;
    let rules = variant_rules(grid.shape(), variant);
    let Some(column) = columns.solution else {
        return Ok((rules, None));
    };
    let (start, text) = fields[column];
    let text = text.trim_ascii();
    if text.is_empty() {
        return Ok((rules, None));
    }
    let mut solution = Grid::new(grid.shape());
    let bad = |message: String| ReadErrorKind::BadSolution {
        column: start + 1,
        message,
    };
    let forced = ReadOptions {
        shape: Some(grid.shape()),
        ..options.clone()
    };
    read_cells(line, start, text, &forced, &mut solution).map_err(|kind| bad(kind.to_string()))?;
    if !solution.is_complete() {
        return Err(bad("it has blanks".to_owned()));
    }
    Ok((rules, Some(solution)))
}

/// The size of a grid whose first row is `line`: its number of cells.
fn first_row_size(
    format: Format,
    line: &[u8],
    options: &ReadOptions,
) -> Result<usize, ReadErrorKind> {
    let found = match format {
        Format::Blocks => words(line).count(),
        _ => line
            .iter()
            .filter(|&&c| !(c.is_ascii_whitespace() || (format == Format::Grid && c == b'|')))
            .count(),
    };
    let error = |expected| match format {
        Format::Blocks => ReadErrorKind::RowNumbers { expected, found },
        _ => ReadErrorKind::RowLength { expected, found },
    };
    let fits = match options.shape {
        Some(shape) => shape.size() == found,
        None => (Shape::MIN_LINE_SIZE..=Shape::MAX_SIZE).contains(&found),
    };
    if fits {
        return Ok(found);
    }
    if format == Format::Blocks {
        // A word that no grid takes is the likelier mistake.
        if let Some((at, word)) = words(line).find(|(_, word)| word.len() > 2) {
            return Err(ReadErrorKind::BadNumber {
                column: at + 1,
                text: String::from_utf8_lossy(&word[..word.len().min(12)]).into_owned(),
                size: options.shape.map_or(Shape::MAX_SIZE, Shape::size),
            });
        }
    }
    Err(error(options.shape.map(Shape::size)))
}

/// Reads one row of a grid into `row`, by the rules of `format`.
fn parse_row(
    format: Format,
    line: &[u8],
    row: &mut [u8],
    symbols: &Symbols,
) -> Result<(), ReadErrorKind> {
    let size = row.len();
    let mut found = 0;
    match format {
        Format::Blocks => {
            for (at, token) in words(line) {
                let digit = match token {
                    [c] => symbols.read(*c, size),
                    // Numbers of several digits are decimal.
                    _ if token.len() <= 2 && token.iter().all(u8::is_ascii_digit) => {
                        let value = token.iter().fold(0, |v, &d| v * 10 + usize::from(d - b'0'));
                        (value <= size).then_some(value as u8)
                    }
                    _ => None,
                };
                let Some(digit) = digit else {
                    let text = String::from_utf8_lossy(&token[..token.len().min(12)]).into_owned();
                    return Err(ReadErrorKind::BadNumber {
                        column: at + 1,
                        text,
                        size,
                    });
                };
                if found < size {
                    row[found] = digit;
                }
                found += 1;
            }
            if found != size {
                return Err(ReadErrorKind::RowNumbers {
                    expected: Some(size),
                    found,
                });
            }
        }
        Format::Poj2676 | Format::Grid | Format::Line | Format::Csv => {
            // POJ 2676 rows are cells and nothing else; `.sdk` rows may put
            // `|` and spaces between boxes.
            let separators_allowed = format == Format::Grid;
            let start = line
                .iter()
                .position(|c| !c.is_ascii_whitespace())
                .unwrap_or(line.len());
            let end = line
                .iter()
                .rposition(|c| !c.is_ascii_whitespace())
                .map_or(start, |end| end + 1);
            for at in start..end {
                let c = line[at];
                if separators_allowed && (c == b'|' || c.is_ascii_whitespace()) {
                    continue;
                }
                let digit = symbols
                    .read(c, size)
                    .ok_or_else(|| bad_character(line, at, symbols, size))?;
                if found < size {
                    row[found] = digit;
                }
                found += 1;
            }
            if found != size {
                return Err(ReadErrorKind::RowLength {
                    expected: Some(size),
                    found,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each puzzle's line and grid, or its error message.
    type Results = Vec<Result<(usize, String), String>>;

    fn read_all(text: &str, format: Option<Format>) -> (Results, Option<Format>) {
        let mut reader = PuzzleReader::new(text.as_bytes(), format);
        let mut results = Vec::new();
        let mut grid = Grid::default();
        while let Some(result) = reader.read_into(&mut grid) {
            results.push(
                result
                    .map(|line| (line, grid.to_line()))
                    .map_err(|e| e.to_string()),
            );
        }
        (results, reader.format())
    }

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn sniffing_tells_the_formats_apart() {
        assert_eq!(
            sniff(PUZZLE.as_bytes(), false, &Symbols::default()),
            (Format::Line, Layout::Line)
        );
        assert_eq!(
            sniff(b"0 0 0 0 0 4 5 0 0", false, &Symbols::default()),
            (Format::Blocks, Layout::Blocks)
        );
        assert_eq!(
            sniff(b"103000509", true, &Symbols::default()),
            (Format::Poj2676, Layout::Rows)
        );
        assert_eq!(
            sniff(b"103000509", false, &Symbols::default()),
            (Format::Grid, Layout::Rows)
        );
        assert_eq!(
            sniff(b"..3|.2.|6..", false, &Symbols::default()),
            (Format::Grid, Layout::Grid)
        );
        assert_eq!(
            sniff(b"..3 .2. 6..", false, &Symbols::default()),
            (Format::Grid, Layout::Grid)
        );
        assert_eq!(
            sniff(b"---+---+---", false, &Symbols::default()),
            (Format::Grid, Layout::Grid)
        );
        assert_eq!(
            sniff(b"hello world!", false, &Symbols::default()),
            (Format::Line, Layout::Line)
        );
        assert!(looks_like_count(b"95", None, None));
        assert!(looks_like_count(b"100000", None, None));
        assert!(!looks_like_count(b"103000509", None, None));
        assert!(!looks_like_count(b"1000000000000000", None, None));
        let four = Some(Shape::new(2, 2).unwrap());
        assert!(!looks_like_count(b"1030", four, None));
        assert!(looks_like_count(b"1030", None, Some(Format::Line)));
    }

    #[test]
    fn lines_with_comments_crlf_and_end() {
        let text =
            format!("# header\r\n\r\n{PUZZLE}\r\n  {PUZZLE}\tsecond, indented\nend\n{PUZZLE}\n");
        let (results, format) = read_all(&text, None);
        assert_eq!(format, Some(Format::Line));
        assert_eq!(
            results,
            [Ok((3, PUZZLE.to_owned())), Ok((4, PUZZLE.to_owned()))]
        );
    }

    #[test]
    fn bad_lines_are_reported_and_reading_goes_on() {
        let short = &PUZZLE[..80];
        let bad = PUZZLE.replacen('8', "x", 1);
        let text = format!("{short}\n{bad}\n{PUZZLE}x\n{PUZZLE}\n");
        let (results, _) = read_all(&text, Some(Format::Line));
        let errors: Vec<&str> = results
            .iter()
            .filter_map(|r| r.as_ref().err())
            .map(String::as_str)
            .collect();
        assert_eq!(
            errors,
            [
                "1: expected 81 cells, found 80",
                "2: bad character 'x' at column 7 (expected 1-9, '.', '_' or '0')",
                "3: bad character 'x' at column 82 (expected 1-9, '.', '_' or '0')",
            ]
        );
        assert_eq!(results[3], Ok((4, PUZZLE.to_owned())));
    }

    #[test]
    fn a_count_line_is_checked() {
        let (results, _) = read_all(&format!("3\n{PUZZLE}\n{PUZZLE}\n"), None);
        assert_eq!(results.len(), 3);
        assert_eq!(
            results[2],
            Err("1: the count line announces 3 puzzles, but 2 puzzles follow".to_owned())
        );
        let (results, _) = read_all(&format!("1\n{PUZZLE}\n"), None);
        assert_eq!(results, [Ok((2, PUZZLE.to_owned()))]);
    }

    #[test]
    fn poj2676_grids() {
        let rows = [
            "103000509",
            "002109400",
            "000704000",
            "300502006",
            "060000050",
            "700803004",
            "000401000",
            "009205800",
            "804000107",
        ];
        let text = format!("2\n{}\n{}\n", rows.join("\n"), rows.join("\n"));
        let (results, format) = read_all(&text, None);
        assert_eq!(format, Some(Format::Poj2676));
        let expected = rows.concat().replace('0', ".");
        assert_eq!(results, [Ok((2, expected.clone())), Ok((11, expected))]);

        // A bad row spoils its grid only; a missing count is reported.
        let mut broken = rows.map(str::to_owned);
        broken[4] = "06000005".to_owned();
        let text = format!("{}\n{}\n", broken.join("\n"), rows.join("\n"));
        let (results, _) = read_all(&text, Some(Format::Poj2676));
        assert_eq!(
            results[0],
            Err("1: expected the number of puzzles on the first line (POJ 2676 format)".into())
        );
        assert_eq!(
            results[1],
            Err("5: expected a row of 9 cells, found 8".into())
        );
        assert!(results[2].is_ok());
    }

    #[test]
    fn blocks_and_sdk_grids() {
        let blocks = "0 0 0 0 0 4 5 0 0\n6 8 0 0 0 9 0 0 0\n2 5 0 3 8 0 0 0 0\n0 2 0 0 4 3 8 0 0\n3 4 0 0 0 8 0 0 6\n\
                      8 0 0 6 5 2 4 7 0\n1 6 2 8 9 0 7 0 0\n5 0 8 0 6 7 2 0 9\n0 7 0 0 0 0 6 0 5\n";
        let (results, format) = read_all(&format!("{blocks}\n{blocks}"), None);
        assert_eq!(format, Some(Format::Blocks));
        assert_eq!(results.len(), 2);
        assert_eq!(results[1].as_ref().unwrap().0, 11);

        let bad_blocks = blocks.replacen("6 8 0", "6 80", 1);
        let (results, _) = read_all(&bad_blocks, None);
        assert_eq!(
            results,
            [Err(
                "2: bad number \"80\" at column 3 (expected 0-9, '.' or a symbol)".to_owned()
            )]
        );

        let sdk = "..3|.2.|6..\n9..|3.5|..1\n..1|8.6|4..\n---+---+---\n..8|1.2|9..\n7..|...|..8\n..6|7.8|2..\n\
                   ---+---+---\n..2|6.9|5..\n8..|2.3|..9\n..5|.1.|3..\n";
        let (results, format) = read_all(sdk, None);
        assert_eq!(format, Some(Format::Grid));
        let expected =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        assert_eq!(results, [Ok((1, expected.to_owned()))]);

        let cut = sdk.replacen("7..|...|..8\n", "\n", 1);
        let (results, _) = read_all(&cut, None);
        assert_eq!(
            results[0],
            Err("1: incomplete grid: 4 rows instead of 9".to_owned())
        );
    }

    /// Each puzzle's line, grid and variant, or its error message, read
    /// with `options`.
    fn read_with(
        text: &str,
        format: Option<Format>,
        options: ReadOptions,
    ) -> Vec<Result<(usize, String, String), String>> {
        let mut reader = PuzzleReader::with_options(text.as_bytes(), format, options);
        let mut results = Vec::new();
        let mut grid = Grid::default();
        while let Some(result) = reader.read_into(&mut grid) {
            let variant = reader.rules().variant().to_string();
            results.push(
                result
                    .map(|line| (line, grid.to_line(), variant))
                    .map_err(|e| e.to_string()),
            );
        }
        results
    }

    #[test]
    fn line_lengths_give_sizes_and_a_box_forces_one() {
        let four = "1..2....3..4...1";
        let six = ".".repeat(36);
        let twelve = "_".repeat(144);
        let text = format!("{four}\n{six}\n{twelve}\n{}\n", ".".repeat(80));
        let results = read_with(&text, None, ReadOptions::default());
        assert_eq!(results[0].as_ref().unwrap().1, four);
        assert_eq!(results[1].as_ref().unwrap().1.len(), 36);
        assert_eq!(results[2].as_ref().unwrap().1, ".".repeat(144));
        assert_eq!(results[3], Err("4: expected 81 cells, found 80".to_owned()));

        let mut grid = Grid::default();
        let mut reader = PuzzleReader::new(six.as_bytes(), None);
        reader.read_into(&mut grid).unwrap().unwrap();
        assert_eq!(grid.shape(), Shape::new(2, 3).unwrap());
        let options = ReadOptions {
            shape: Some(Shape::new(3, 2).unwrap()),
            ..ReadOptions::default()
        };
        let mut reader = PuzzleReader::with_options(six.as_bytes(), None, options.clone());
        reader.read_into(&mut grid).unwrap().unwrap();
        assert_eq!(grid.shape(), Shape::new(3, 2).unwrap());
        let results = read_with(four, None, options);
        assert_eq!(results, [Err("1: expected 36 cells, found 16".to_owned())]);

        // A symbol beyond the size, and a huge line: located errors.
        let results = read_with(
            &format!("1..G{}\n{}\n", ".".repeat(12), "1".repeat(70_000)),
            None,
            ReadOptions::default(),
        );
        assert_eq!(
            results[0],
            Err("1: bad character 'G' at column 4 (expected 1-4, '.', '_' or '0')".to_owned())
        );
        assert_eq!(
            results[1],
            Err(format!("2: line longer than {MAX_LINE_BYTES} bytes"))
        );
    }

    #[test]
    fn grids_of_other_sizes_take_their_size_from_the_first_row() {
        let hex = Symbols::new("0123456789ABCDEF").unwrap();
        let options = ReadOptions {
            symbols: hex,
            ..ReadOptions::default()
        };
        let rows: Vec<String> = (0..16)
            .map(|r| {
                if r == 3 {
                    "0123|4567|89AB|CDEF".to_owned()
                } else {
                    "....|....|....|....".to_owned()
                }
            })
            .collect();
        let results = read_with(&rows.join("\n"), None, options);
        let (line, cells, _) = results[0].as_ref().unwrap();
        assert_eq!(*line, 1);
        assert_eq!(&cells[48..64], "123456789ABCDEFG");

        let blocks = "1 0 0 12\n0 3 0 0\n0 0 4 0\n0 0 0 1\n";
        let results = read_with(blocks, None, ReadOptions::default());
        assert_eq!(
            results,
            [Err(
                "1: bad number \"12\" at column 7 (expected 0-4, '.' or a symbol)".to_owned()
            )]
        );
        let results = read_with("1 . . 2\n. . . .\n3 . . 4\n", None, ReadOptions::default());
        assert_eq!(
            results,
            [Err("1: incomplete grid: 3 rows instead of 4".to_owned())]
        );
    }

    #[test]
    fn variant_data_in_a_comment_is_refused() {
        let cells = ".".repeat(16);
        let regions = "aabbaabbccddccdd";
        let cages = "AABBCCDDEEFFGGHH";
        let sums = "A=3 B=7 C=3 D=7 E=5 F=5 G=5 H=5";
        // A solution after its puzzle, and other comments, are still comments.
        let solution = "1234341221434321";
        let text = format!(
            "{cells} {regions}\n{cells} {cages} {sums}\nvariant x\n{cells} {regions}\n\
             variant jigsaw\n{cells} {regions} {cages} {sums}\nvariant classic\n\
             {cells} {solution}\n{cells} {cages}\n{cells} #{regions}\n{cells} aabbaabbccddccdx\n"
        );
        let results = read_with(&text, None, ReadOptions::default());
        let refused = |line: usize, what: &str, variant: &str| {
            format!(
                "{line}: the text after the cells is {what}, but the puzzle is read as \
                 {}: give --variant {variant} or a line `variant {variant}` before the puzzle, \
                 or write `#` before the text to keep it a comment at column {}",
                variant.rsplit_once('+').map_or("classic", |(read, _)| read),
                if variant.ends_with("killer") && line == 6 {
                    35
                } else {
                    18
                },
            )
        };
        assert_eq!(results[0], Err(refused(1, "a jigsaw region map", "jigsaw")));
        assert_eq!(
            results[1],
            Err(refused(2, "a killer cage map with its sums", "killer"))
        );
        assert_eq!(
            results[2],
            Err(refused(4, "a jigsaw region map", "x+jigsaw"))
        );
        assert_eq!(
            results[3],
            Err(refused(
                6,
                "a killer cage map with its sums",
                "jigsaw+killer"
            ))
        );
        for (k, result) in results[4..].iter().enumerate() {
            assert_eq!(
                result.as_ref().map(|(_, c, _)| c),
                Ok(&cells),
                "line {}",
                8 + k
            );
        }
    }

    #[test]
    fn variant_lines_and_their_data() {
        let cells = ".".repeat(16);
        let regions = "aabbaabbccddccdd";
        let cages = "AABBCCDDEEFFGGHH";
        let sums = "A=3 B=7 C=3 D=7 E=5 F=5 G=5 H=5";
        let text = format!(
            "variant x\n{cells}\nvariant jigsaw\n{cells} {regions}\n{cells} aaaabbbbccccdddd comment\n\
             variant killer\n{cells} {cages} {sums}\n{cells} {cages} A=3\n{cells} {cages} {sums} Z=4\nvariant sudoku\n"
        );
        let results = read_with(&text, None, ReadOptions::default());
        let variants: Vec<Result<String, String>> = results
            .iter()
            .map(|r| r.as_ref().map(|(_, _, v)| v.clone()).map_err(Clone::clone))
            .collect();
        assert_eq!(variants[0], Ok("x".to_owned()));
        assert_eq!(variants[1], Ok("jigsaw".to_owned()));
        assert_eq!(variants[2], Ok("jigsaw".to_owned()));
        assert_eq!(variants[3], Ok("killer".to_owned()));
        assert_eq!(
            variants[4],
            Err("8: no sum for cage 'B' (expected LABEL=SUM words after the cage map)".to_owned())
        );
        // Z=4 is after every cage's sum: a comment.
        assert_eq!(variants[5], Ok("killer".to_owned()));
        assert!(
            variants[6]
                .as_ref()
                .unwrap_err()
                .starts_with("10: unknown variant \"sudoku\"")
        );

        let bad_map = format!("variant jigsaw\n{cells} aabbaabbccddccdx\n{cells}\n");
        let results = read_with(&bad_map, None, ReadOptions::default());
        assert_eq!(
            results[0],
            Err("2: region label 'x' is one more than the 4 regions at column 33".to_owned())
        );
        assert_eq!(
            results[1],
            Err("3: expected a region map after the cells at column 17".to_owned())
        );
        let lopsided = format!("variant jigsaw\n{cells} aaaaabbbccccdddd\n");
        let results = read_with(&lopsided, None, ReadOptions::default());
        assert_eq!(
            results,
            [Err("2: region 1 has 5 cells, expected 4".to_owned())]
        );
    }

    #[test]
    fn csv_with_a_header_bom_crlf_and_quotes() {
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let solution =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let text = format!(
            "\u{feff}id,puzzle,solution,clues,difficulty\r\n1,{puzzle},{solution},17,2.5\r\n2,\"{puzzle}\",,17,1\r\n\
             3,{puzzle},{},17\r\n4,{},{solution},17,0\r\n5,\"{puzzle},{solution},1,1\r\n",
            &solution[..80],
            puzzle.replacen('4', "x", 1)
        );
        let mut reader = PuzzleReader::new(text.as_bytes(), None);
        let mut grid = Grid::default();
        let mut results = Vec::new();
        while let Some(result) = reader.read_into(&mut grid) {
            let given = reader.take_solution().map(|s| s.to_line());
            results.push(
                result
                    .map(|line| (line, grid.to_line(), given))
                    .map_err(|e| e.to_string()),
            );
        }
        assert_eq!(reader.format(), Some(Format::Csv));
        assert_eq!(
            results[0],
            Ok((2, puzzle.to_owned(), Some(solution.to_owned())))
        );
        assert_eq!(results[1], Ok((3, puzzle.to_owned(), None)));
        assert_eq!(
            results[2],
            Err("4: expected 5 CSV fields, found 4".to_owned())
        );
        assert_eq!(
            results[3],
            Err("5: bad character 'x' at column 3 (expected 1-9, '.', '_' or '0')".to_owned())
        );
        assert_eq!(
            results[4],
            Err("6: unterminated or misplaced quote at column 3".to_owned())
        );

        let short = format!("quizzes,solutions\n{puzzle},{}\n", &solution[..80]);
        let results = read_with(&short, None, ReadOptions::default());
        assert_eq!(
            results,
            [Err(
                "2: bad solution field at column 83: expected 81 cells, found 80".to_owned()
            )]
        );
        let headless = format!("{puzzle},{solution}\n{puzzle},{solution}\n");
        let results = read_with(&headless, Some(Format::Csv), ReadOptions::default());
        assert_eq!(
            results,
            [Err("1: expected a CSV header naming the puzzle column (quizzes, quiz, puzzle, puzzles, question)".to_owned())]
        );
    }

    #[test]
    fn io_errors_end_the_input() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let mut reader = PuzzleReader::new(io::BufReader::new(Failing), None);
        let error = reader.next().unwrap().unwrap_err();
        assert!(!error.is_puzzle_error());
        assert_eq!(error.to_string(), "1: read error: disk on fire");
        assert!(reader.next().is_none());
    }
}
