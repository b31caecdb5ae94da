//! Reading puzzles from a stream, one at a time, in any input format, of
//! any size from 4x4 to 64x64, and with variant data.

use std::io::BufRead;

use dancing::format::text::Lines;

use super::cells::{first_row_size, parse_row, read_cells, words};
use super::csv::{CsvColumns, CsvRecord, csv_header, read_csv_record};
use super::detect::{is_rule, looks_like_count, sniff};
use super::error::{ReadError, ReadErrorKind};
use super::kind::{Format, Layout};
use super::options::{MAX_LINE_BYTES, ReadOptions};
use super::variant::{read_variant_data, variant_rules};
use crate::grid::{Grid, Shape};
use crate::rules::{Rules, Variant};

/// A puzzle and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The 1-based line of the puzzle (its first row, for grids).
    pub line: usize,
    /// The givens.
    pub grid: Grid,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Reading,
    /// The input ended (or said `end`); the count is still to be checked.
    Ended,
    Done,
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
    /// The shape `--box` gave ([`ReadOptions::shape`] as given): a `box`
    /// line may only repeat it.
    given_shape: Option<Shape>,
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
        let given_shape = options.shape;
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
            given_shape,
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

    /// The CSV record the puzzle read last came from, to write it back with
    /// its solution; `None` outside CSV input.
    pub fn csv_record(&self) -> Option<CsvRecord> {
        let columns = self.csv.as_ref()?;
        Some(CsvRecord::new(self.lines.line(), columns))
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
                if let Some(boxes) = box_line(content) {
                    if self.rows > 0 {
                        self.lines.hold();
                        return Some(self.incomplete_grid());
                    }
                    match self.box_shape(boxes) {
                        Ok(shape) => self.options.shape = Some(shape),
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
                if !too_long
                    && !self.options.one_puzzle
                    && looks_like_count(content, self.options.shape, self.forced)
                {
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
                } else if let Some(columns) = &self.csv {
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

    /// The shape a `box RxC` line names: one whose lines read back (at
    /// least 4x4), and the one `--box` gave if it gave one.
    fn box_shape(&self, boxes: &str) -> Result<Shape, String> {
        let shape = boxes.parse::<Shape>().map_err(|error| error.to_string())?;
        if shape.size() < Shape::MIN_LINE_SIZE {
            return Err(format!(
                "box {boxes}: the smallest puzzles are 4x4 (2x2 boxes)"
            ));
        }
        match self.given_shape {
            Some(given) if given != shape => Err(format!(
                "box {boxes}: the puzzles were given {}",
                self.options
                    .naming
                    .setting("box", format!("{}x{}", given.box_rows(), given.box_cols()))
            )),
            _ => Ok(shape),
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

impl<'t> PuzzleReader<&'t [u8]> {
    /// A reader of `text` as one puzzle (a library's argument, not a
    /// file): [`ReadOptions::one_puzzle`] is set, and a text whose only
    /// line of cells is one line is read in the line format, however
    /// short, so that `"11111"` is a puzzle of 5 cells (which its error
    /// says), not a count line or the first row of a grid.
    pub fn of_one_puzzle(text: &'t str, options: ReadOptions) -> PuzzleReader<&'t [u8]> {
        let content_lines = text
            .lines()
            .map(|line| line.trim().as_bytes())
            .filter(|content| {
                !content.is_empty()
                    && content[0] != b'#'
                    && variant_line(content).is_none()
                    && box_line(content).is_none()
            })
            .count();
        let format = (content_lines == 1).then_some(Format::Line);
        let options = ReadOptions {
            one_puzzle: true,
            ..options
        };
        PuzzleReader::with_options(text.as_bytes(), format, options)
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

/// The boxes named by a `box RxC` line, if this is one.
fn box_line(content: &[u8]) -> Option<&str> {
    let rest = content.strip_prefix(b"box")?;
    if !rest.first().is_some_and(u8::is_ascii_whitespace) {
        return None;
    }
    std::str::from_utf8(rest.trim_ascii()).ok()
}

/// The variant named by a `variant NAME` line, if this is one.
fn variant_line(content: &[u8]) -> Option<&str> {
    let rest = content.strip_prefix(b"variant")?;
    if !rest.first().is_some_and(u8::is_ascii_whitespace) {
        return None;
    }
    std::str::from_utf8(rest.trim_ascii()).ok()
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
    let rules = variant_rules(grid.shape(), variant);
    read_variant_data(line, words, rules, grid.size(), variant, options.naming)
}

#[cfg(test)]
mod tests;
