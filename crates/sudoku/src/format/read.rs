//! Reading puzzles from a stream, one at a time, in any input format.

use std::fmt;
use std::io::{self, BufRead};

use dancing::format::text::Lines;

use super::{Format, Layout};
use crate::grid::{Grid, Shape};

/// The longest line kept, in bytes: an 81-character puzzle with a generous
/// comment. Longer lines are reported, not stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The cells of a 9x9 grid, of a row, and the longest count line accepted.
const CELLS: usize = 81;
const ROW: usize = 9;
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
    },
    /// A puzzle line without 81 cells.
    WrongLength {
        /// The number of characters before the first space.
        found: usize,
    },
    /// A grid row without 9 cells.
    RowLength {
        /// The number of cells in the row.
        found: usize,
    },
    /// A `blocks` row without 9 numbers.
    RowNumbers {
        /// The number of numbers in the row.
        found: usize,
    },
    /// A `blocks` entry that is not a single cell.
    BadNumber {
        /// 1-based column, in bytes.
        column: usize,
        /// The entry (its first characters if long).
        text: String,
    },
    /// A grid cut short by a blank line, `end`, or the end of the input.
    IncompleteGrid {
        /// The rows it had.
        rows: usize,
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
}

impl ReadError {
    /// Whether the error stands for one puzzle that was skipped (as opposed
    /// to a problem of the input as a whole: reading failed, or the count
    /// line is missing or wrong).
    pub fn is_puzzle_error(&self) -> bool {
        !matches!(
            self.kind,
            ReadErrorKind::Io(_)
                | ReadErrorKind::MissingCount
                | ReadErrorKind::BadCount
                | ReadErrorKind::CountMismatch { .. }
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
            ReadErrorKind::BadCharacter { column, character } => {
                write!(
                    f,
                    "bad character {character:?} at column {column} (expected 1-9, '.' or '0')"
                )
            }
            ReadErrorKind::WrongLength { found } => {
                write!(f, "expected {CELLS} cells, found {found}")
            }
            ReadErrorKind::RowLength { found } => {
                write!(f, "expected a row of {ROW} cells, found {found}")
            }
            ReadErrorKind::RowNumbers { found } => {
                write!(f, "expected a row of {ROW} numbers, found {found}")
            }
            ReadErrorKind::BadNumber { column, text } => {
                write!(
                    f,
                    "bad number {text:?} at column {column} (expected 0-9 or '.')"
                )
            }
            ReadErrorKind::IncompleteGrid { rows } => {
                let plural = if *rows == 1 { "" } else { "s" };
                write!(f, "incomplete grid: {rows} row{plural} instead of {ROW}")
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Reading,
    /// The input ended (or said `end`); the count is still to be checked.
    Ended,
    Done,
}

/// Reads 9x9 puzzles from a stream, one at a time, in a given format or in
/// the format its first lines show.
///
/// Detection looks at the first line that is not blank or a comment: a line
/// holding only a number is a count, and the line after it decides; a line
/// of 81 or so characters is the `line` format; nine single-character
/// entries are `blocks`; nine cells (with a count line first) are POJ 2676;
/// a row with `|` or spaces between boxes, a rule line, or nine cells with no
/// count are the `grid` format. Anything else is read as `line`, whose
/// errors then say what is wrong.
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
    /// The grid being read: rows so far, its first line, its first error.
    rows: usize,
    grid_line: usize,
    grid_error: Option<ReadError>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input` in `format`, or in the format detected from its
    /// first lines when `format` is `None`.
    pub fn new(input: R, format: Option<Format>) -> PuzzleReader<R> {
        PuzzleReader {
            lines: Lines::new(input, MAX_LINE_BYTES),
            forced: format,
            format,
            layout: format.map(Format::layout),
            state: State::Reading,
            at_start: true,
            count: None,
            puzzles: 0,
            rows: 0,
            grid_line: 0,
            grid_error: None,
        }
    }

    /// The input format: the one given, or the one detected (known once a
    /// puzzle has been read).
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The layout that writes grids the way the input holds them: like
    /// [`Format::layout`], except that `grid` input whose rows are plain
    /// runs of nine cells is answered in [`Layout::Rows`].
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    /// The number of the last line read.
    pub fn line_number(&self) -> usize {
        self.lines.number()
    }

    /// Reads the next puzzle into `grid` (reusing its memory) and returns
    /// its line; `None` at the end of the input. After an error, reading
    /// goes on with the next puzzle (except after an I/O error, which ends
    /// the input); the contents of `grid` are then unspecified.
    pub fn read_into(&mut self, grid: &mut Grid) -> Option<Result<usize, ReadError>> {
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
            let content = trim(line);
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
            }

            if self.at_start {
                self.at_start = false;
                if !too_long && looks_like_count(content) {
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
                    let (format, layout) = sniff(content, self.count.is_some());
                    self.format = Some(format);
                    self.layout = Some(layout);
                    format
                }
            };

            if format == Format::Line {
                self.puzzles += 1;
                grid.reset(Shape::CLASSIC);
                let parsed = if too_long {
                    Err(ReadErrorKind::LineTooLong)
                } else {
                    parse_line(line, grid.cells_mut())
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
                grid.reset(Shape::CLASSIC);
                self.grid_line = number;
                self.grid_error = None;
            }
            let row = &mut grid.cells_mut()[self.rows * ROW..(self.rows + 1) * ROW];
            let parsed = if too_long {
                Err(ReadErrorKind::LineTooLong)
            } else {
                parse_row(format, line, row)
            };
            if let Err(kind) = parsed {
                self.grid_error
                    .get_or_insert(ReadError { line: number, kind });
            }
            self.rows += 1;
            if self.rows == ROW {
                self.rows = 0;
                self.puzzles += 1;
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
            kind: ReadErrorKind::IncompleteGrid { rows },
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

/// The line without surrounding whitespace.
fn trim(line: &[u8]) -> &[u8] {
    line.trim_ascii()
}

/// A line that is only a number, and not a row of nine cells.
fn looks_like_count(content: &[u8]) -> bool {
    content.len() != ROW
        && content.len() <= MAX_COUNT_DIGITS + 2
        && content.iter().all(u8::is_ascii_digit)
}

/// The format (and the layout to answer in) that the first puzzle line shows.
fn sniff(content: &[u8], counted: bool) -> (Format, Layout) {
    let mut tokens = content
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty());
    let first = tokens.clone().next().unwrap_or_default();
    if is_rule(content) || content.contains(&b'|') {
        (Format::Grid, Layout::Grid)
    } else if first.len() > 3 * ROW {
        (Format::Line, Layout::Line)
    } else if tokens.clone().count() == ROW && tokens.all(|token| token.len() == 1) {
        (Format::Blocks, Layout::Blocks)
    } else if content.len() == ROW && content.iter().all(|&c| cell(c).is_some()) {
        if counted {
            (Format::Poj2676, Layout::Rows)
        } else {
            (Format::Grid, Layout::Rows)
        }
    } else if content
        .iter()
        .all(|&c| cell(c).is_some() || c.is_ascii_whitespace())
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

/// The value of a cell character of a 9x9 grid: 0 for `.` and `0`.
fn cell(c: u8) -> Option<u8> {
    match c {
        b'.' | b'0' => Some(0),
        b'1'..=b'9' => Some(c - b'0'),
        _ => None,
    }
}

/// The error for the character at byte `at` of `line`.
fn bad_character(line: &[u8], at: usize) -> ReadErrorKind {
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
    }
}

/// Reads a puzzle line: 81 cells from the first non-blank character, then
/// the end of the line or whitespace and a comment.
fn parse_line(line: &[u8], cells: &mut [u8]) -> Result<(), ReadErrorKind> {
    let start = line
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .unwrap_or(line.len());
    let length = line[start..]
        .iter()
        .position(u8::is_ascii_whitespace)
        .unwrap_or(line.len() - start);
    for (k, &c) in line[start..start + length].iter().enumerate() {
        let digit = cell(c).ok_or_else(|| bad_character(line, start + k))?;
        if k < CELLS {
            cells[k] = digit;
        }
    }
    if length != CELLS {
        return Err(ReadErrorKind::WrongLength { found: length });
    }
    Ok(())
}

/// Reads one row of a grid into `row`, by the rules of `format`.
fn parse_row(format: Format, line: &[u8], row: &mut [u8]) -> Result<(), ReadErrorKind> {
    let mut found = 0;
    match format {
        Format::Blocks => {
            let mut at = 0;
            while at < line.len() {
                if line[at].is_ascii_whitespace() {
                    at += 1;
                    continue;
                }
                let length = line[at..]
                    .iter()
                    .position(u8::is_ascii_whitespace)
                    .unwrap_or(line.len() - at);
                let token = &line[at..at + length];
                match (token, cell(token[0])) {
                    ([_], Some(digit)) => {
                        if found < ROW {
                            row[found] = digit;
                        }
                    }
                    _ => {
                        let text =
                            String::from_utf8_lossy(&token[..token.len().min(12)]).into_owned();
                        return Err(ReadErrorKind::BadNumber {
                            column: at + 1,
                            text,
                        });
                    }
                }
                found += 1;
                at += length;
            }
            if found != ROW {
                return Err(ReadErrorKind::RowNumbers { found });
            }
        }
        Format::Poj2676 | Format::Grid | Format::Line => {
            // POJ 2676 rows are nine cells and nothing else; `.sdk` rows may
            // put `|` and spaces between boxes.
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
                let digit = cell(c).ok_or_else(|| bad_character(line, at))?;
                if found < ROW {
                    row[found] = digit;
                }
                found += 1;
            }
            if found != ROW {
                return Err(ReadErrorKind::RowLength { found });
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
            sniff(PUZZLE.as_bytes(), false),
            (Format::Line, Layout::Line)
        );
        assert_eq!(
            sniff(b"0 0 0 0 0 4 5 0 0", false),
            (Format::Blocks, Layout::Blocks)
        );
        assert_eq!(sniff(b"103000509", true), (Format::Poj2676, Layout::Rows));
        assert_eq!(sniff(b"103000509", false), (Format::Grid, Layout::Rows));
        assert_eq!(sniff(b"..3|.2.|6..", false), (Format::Grid, Layout::Grid));
        assert_eq!(sniff(b"..3 .2. 6..", false), (Format::Grid, Layout::Grid));
        assert_eq!(sniff(b"---+---+---", false), (Format::Grid, Layout::Grid));
        assert_eq!(sniff(b"hello", false), (Format::Line, Layout::Line));
        assert!(looks_like_count(b"95"));
        assert!(!looks_like_count(b"103000509"));
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
                "2: bad character 'x' at column 7 (expected 1-9, '.' or '0')",
                "3: bad character 'x' at column 82 (expected 1-9, '.' or '0')",
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
                "2: bad number \"80\" at column 3 (expected 0-9 or '.')".to_owned()
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
