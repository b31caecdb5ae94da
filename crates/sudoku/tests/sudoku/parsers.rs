//! The Sudoku reader against untrusted input, in every format and with
//! detection: properties over arbitrary and damaged bytes, and regression
//! tests for byte-order marks, lone CR line ends and untrusted sizes.

use std::io::{self, BufReader, Read};

use dancing_sudoku::format::{
    Format, GridWriter, MAX_LINE_BYTES, PuzzleReader, ReadError, ReadErrorKind,
};
use dancing_sudoku::{Grid, Shape};
use proptest::prelude::*;

/// The input's lines as an editor shows them, written independently of the
/// reader: `\n`, `\r\n` and a lone `\r` end a line, and a byte-order mark at
/// the very start is not part of line 1.
fn editor_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut lines = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') else {
            lines.push(rest);
            break;
        };
        lines.push(&rest[..end]);
        let ending = if rest[end..].starts_with(b"\r\n") {
            2
        } else {
            1
        };
        rest = &rest[end + ending..];
    }
    lines
}

/// The column an error names, if any (in bytes).
fn column(error: &ReadError) -> Option<usize> {
    match error.kind {
        ReadErrorKind::BadCharacter { column, .. } | ReadErrorKind::BadNumber { column, .. } => {
            Some(column)
        }
        _ => None,
    }
}

/// What a reader gave: the good grids with their lines, the error messages,
/// and the format read.
type Reading = (Vec<(usize, Grid)>, Vec<String>, Option<Format>);

/// Every puzzle of `bytes` read in `format` (or detected), checking on the
/// way that each names an existing line (and column) and that each message
/// prints no control character.
fn read_checked(bytes: &[u8], format: Option<Format>) -> Result<Reading, TestCaseError> {
    let lines = editor_lines(bytes);
    let mut reader = PuzzleReader::new(bytes, format);
    let (mut good, mut errors) = (Vec::new(), Vec::new());
    for result in reader.by_ref() {
        // A puzzle per line at most, plus a missing count and a mismatch.
        prop_assert!(good.len() + errors.len() < lines.len() + 2);
        match result {
            Ok(puzzle) => {
                prop_assert!(puzzle.line >= 1 && puzzle.line <= lines.len());
                prop_assert_eq!(puzzle.grid.shape(), Shape::CLASSIC);
                prop_assert!(puzzle.grid.cells().iter().all(|&d| d <= 9));
                good.push((puzzle.line, puzzle.grid));
            }
            Err(error) => {
                let message = error.to_string();
                prop_assert!(
                    error.line >= 1 && error.line <= lines.len().max(1),
                    "{}: line {} of {}",
                    message,
                    error.line,
                    lines.len()
                );
                if let Some(column) = column(&error) {
                    let width = lines[error.line - 1].len();
                    prop_assert!(
                        column >= 1 && column <= width,
                        "{}: column {} of {}",
                        message,
                        column,
                        width
                    );
                }
                prop_assert!(
                    !message.chars().any(char::is_control),
                    "control character in {:?}",
                    message
                );
                errors.push(message);
            }
        }
    }
    Ok((good, errors, reader.format()))
}

/// Writes `grids` as a file in `format` (a count line first for POJ 2676).
fn file(grids: &[Grid], format: Format) -> Vec<u8> {
    let mut text = Vec::new();
    if format == Format::Poj2676 {
        text.extend_from_slice(format!("{}\n", grids.len()).as_bytes());
    }
    if format == Format::Csv {
        text.extend_from_slice(b"quizzes\n");
    }
    let mut writer = GridWriter::new(format.layout());
    for grid in grids {
        writer.write(&mut text, grid).unwrap();
    }
    text
}

/// The properties that hold for any input, plus: the good puzzles written
/// in the format read read back as the same grids.
fn check_any_input(bytes: &[u8], format: Option<Format>) -> Result<(), TestCaseError> {
    let (good, _, read_as) = read_checked(bytes, format)?;
    let Some(read_as) = read_as else {
        prop_assert!(good.is_empty());
        return Ok(());
    };
    let grids: Vec<Grid> = good.into_iter().map(|(_, grid)| grid).collect();
    let (again, errors, _) = read_checked(&file(&grids, read_as), Some(read_as))?;
    prop_assert_eq!(errors, Vec::<String>::new());
    let again: Vec<Grid> = again.into_iter().map(|(_, grid)| grid).collect();
    prop_assert_eq!(again, grids);
    Ok(())
}

fn formats() -> impl Strategy<Value = Option<Format>> {
    prop_oneof![
        Just(None),
        Just(Some(Format::Line)),
        Just(Some(Format::Poj2676)),
        Just(Some(Format::Blocks)),
        Just(Some(Format::Grid)),
    ]
}

fn any_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec(0u8..=9, 81)
        .prop_map(|cells| Grid::from_cells(Shape::CLASSIC, &cells).unwrap())
}

/// Line ends to write a file with.
fn line_ends() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["\n", "\r\n", "\r"])
}

/// One edit of a valid file: replace, insert or delete a byte.
fn edit() -> impl Strategy<Value = (u8, usize, u8)> {
    let byte = prop_oneof![
        3 => prop::sample::select(b"\n\r .0519#|-\t\xEF\xBB\xBF\x1b".to_vec()),
        1 => any::<u8>(),
    ];
    (0u8..3, any::<usize>(), byte)
}

fn apply(text: &mut Vec<u8>, edits: &[(u8, usize, u8)]) {
    for &(kind, at, byte) in edits {
        let len = text.len();
        match kind {
            0 if len > 0 => text[at % len] = byte,
            1 => text.insert(at % (len + 1), byte),
            2 if len > 0 => {
                text.remove(at % len);
            }
            _ => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, .. ProptestConfig::default() })]

    /// Any bytes, in every format and detected: no panic, reading ends, every
    /// puzzle and error names an existing line (and column), no message
    /// prints a control character, and the good puzzles round-trip.
    #[test]
    fn any_bytes_are_read_at_places_that_exist(
        bytes in prop::collection::vec(prop_oneof![
            4 => prop::sample::select(b"\n\r.0159 |-+#\tend".to_vec()),
            1 => prop::sample::select(vec![0xEF, 0xBB, 0xBF, 0x1B, 0x07, 0xFF]),
            1 => any::<u8>(),
        ], 0..400),
        format in formats(),
    ) {
        check_any_input(&bytes, format)?;
    }

    /// Valid files in every format, with any line ends and perhaps a
    /// byte-order mark: read back exactly; then with a few damaged bytes, the
    /// properties of any input.
    #[test]
    fn valid_files_read_back_and_damaged_ones_are_reported_in_place(
        grids in prop::collection::vec(any_grid(), 1..4),
        format in prop::sample::select(Format::ALL.to_vec()),
        line_end in line_ends(),
        mark in any::<bool>(),
        edits in prop::collection::vec(edit(), 1..5),
        detect in any::<bool>(),
    ) {
        let text = String::from_utf8(file(&grids, format)).unwrap().replace('\n', line_end);
        let mut bytes = if mark { b"\xEF\xBB\xBF".to_vec() } else { Vec::new() };
        bytes.extend_from_slice(text.as_bytes());

        let (good, errors, read_as) = read_checked(&bytes, Some(format))?;
        prop_assert_eq!(errors, Vec::<String>::new());
        prop_assert_eq!(read_as, Some(format));
        let read: Vec<Grid> = good.into_iter().map(|(_, grid)| grid).collect();
        prop_assert_eq!(&read, &grids);

        apply(&mut bytes, &edits);
        check_any_input(&bytes, if detect { None } else { Some(format) })?;
    }
}

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SECOND: &str =
    "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.";

fn read(bytes: &[u8], format: Option<Format>) -> Reading {
    read_checked(bytes, format).unwrap()
}

fn lines_of(good: &[(usize, Grid)]) -> Vec<usize> {
    good.iter().map(|(line, _)| *line).collect()
}

// ---------------------------------------------------------------------------
// Finding 13: a byte-order mark.

#[test]
fn a_byte_order_mark_at_the_start_is_skipped_in_every_format() {
    let grids = [grid(PUZZLE), grid(SECOND)];
    for format in Format::ALL {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend(file(&grids, format));
        for given in [Some(format), None] {
            let (good, errors, read_as) = read(&bytes, given);
            assert_eq!(errors, Vec::<String>::new(), "{format} ({given:?})");
            assert_eq!(read_as, Some(format));
            let read: Vec<Grid> = good.into_iter().map(|(_, grid)| grid).collect();
            assert_eq!(read, grids, "{format} ({given:?})");
        }
    }
    // Columns on line 1 count from after the mark.
    let text = format!("\u{feff}{}x", &PUZZLE[..40]);
    let (_, errors, _) = read(text.as_bytes(), None);
    assert_eq!(
        errors,
        ["1:41: bad character 'x' (expected 1-9, '.', '_' or '0')"]
    );
}

#[test]
fn a_byte_order_mark_elsewhere_is_a_bad_character() {
    // Two files pasted together.
    let text = format!("\u{feff}{PUZZLE}\n\u{feff}{SECOND}\n");
    let (good, errors, _) = read(text.as_bytes(), None);
    assert_eq!(lines_of(&good), [1]);
    assert_eq!(
        errors,
        ["2:1: bad character '\\u{feff}' (expected 1-9, '.', '_' or '0')"]
    );
}

fn grid(line: &str) -> Grid {
    let cells: Vec<u8> = line
        .bytes()
        .map(|c| if c == b'.' { 0 } else { c - b'0' })
        .collect();
    Grid::from_cells(Shape::CLASSIC, &cells).unwrap()
}

// ---------------------------------------------------------------------------
// Finding 14: line ends.

#[test]
fn lone_cr_line_ends_keep_every_puzzle() {
    // Two puzzles with CR-only line ends: both read, on lines 1 and 2 (the
    // second was once taken for a comment after the first).
    let text = format!("{PUZZLE}\r{SECOND}\r");
    let (good, errors, format) = read(text.as_bytes(), None);
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(format, Some(Format::Line));
    assert_eq!(
        good,
        [(1, grid(PUZZLE)), (2, grid(SECOND))],
        "both puzzles, each on its line"
    );

    // Grids, a count line and comments with CR-only and mixed line ends.
    let grids = [grid(PUZZLE), grid(SECOND)];
    for format in Format::ALL {
        let text = String::from_utf8(file(&grids, format)).unwrap();
        let text = format!("# a comment\r{}", text.replace('\n', "\r"));
        let (good, errors, read_as) = read(text.as_bytes(), None);
        assert_eq!(errors, Vec::<String>::new(), "{format}");
        assert_eq!(read_as, Some(format));
        let read: Vec<Grid> = good.into_iter().map(|(_, grid)| grid).collect();
        assert_eq!(read, grids, "{format}");
    }
}

#[test]
fn line_numbers_count_every_kind_of_line_end() {
    let text = format!("# one\r\n# two\r{PUZZLE}\n\r{}x\r\n{SECOND}", &PUZZLE[..80]);
    let (good, errors, _) = read(text.as_bytes(), None);
    assert_eq!(lines_of(&good), [3, 6]);
    assert_eq!(
        errors,
        ["5:81: bad character 'x' (expected 1-9, '.', '_' or '0')"]
    );
}

// ---------------------------------------------------------------------------
// Untrusted sizes.

#[test]
fn a_line_of_a_gigabyte_is_reported_without_being_stored() {
    // Streamed: the reader keeps MAX_LINE_BYTES of it, and the lines after
    // it keep their numbers.
    let head = format!("{PUZZLE}\n").into_bytes();
    let tail = format!("\r\n{SECOND}\n").into_bytes();
    let input = head
        .as_slice()
        .chain(io::repeat(b'.').take(1 << 30))
        .chain(tail.as_slice());
    let results: Vec<_> = PuzzleReader::new(BufReader::with_capacity(1 << 16, input), None)
        .map(|result| result.map(|puzzle| puzzle.line).map_err(|e| e.to_string()))
        .collect();
    assert_eq!(
        results,
        [
            Ok(1),
            Err(format!("2: line longer than {MAX_LINE_BYTES} bytes")),
            Ok(3)
        ]
    );
}

#[test]
fn a_count_of_ten_to_the_eighteen_is_a_mismatch_not_an_allocation() {
    let text = format!("1000000000000000000\n{PUZZLE}\n");
    let (good, errors, _) = read(text.as_bytes(), None);
    assert_eq!(lines_of(&good), [2]);
    assert_eq!(
        errors,
        ["1: the count line announces 1000000000000000000 puzzles, but 1 puzzle follows"]
    );
    // Past u64: too large to be a count at all.
    let text = format!("99999999999999999999\n{PUZZLE}\n");
    let (good, errors, _) = read(text.as_bytes(), None);
    assert_eq!(lines_of(&good), [2]);
    assert_eq!(errors, ["1: the number of puzzles is too large"]);
}

#[test]
fn control_characters_in_bad_input_are_printed_escaped() {
    let text = format!("{}\u{1b}]0;owned\u{7}\n", &PUZZLE[..70]);
    let (_, errors, _) = read(text.as_bytes(), Some(Format::Line));
    assert_eq!(
        errors,
        ["1:71: bad character '\\u{1b}' (expected 1-9, '.', '_' or '0')"]
    );
    let text = "0 0 0 0 0 4 5 0 \u{1b}[2J\n".repeat(9);
    let (_, errors, _) = read(text.as_bytes(), Some(Format::Blocks));
    assert_eq!(
        errors,
        ["1:17: bad number \"\\u{1b}[2J\" (expected 0-9, '.' or a symbol)"]
    );
}

// ---------------------------------------------------------------------------
// Found by the fuzzer (`sudoku_grid`): a `variant` line inside a grid.

/// A `variant` line between the rows of a grid ends that grid, short of
/// rows (a reader left half-way through it would be in a larger grid than
/// the next one it is given, and panic); the line then takes effect.
#[test]
fn a_variant_line_inside_a_grid_ends_it_short_of_rows() {
    let crash: &[u8] = b"-RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR4222\n_\0z~\nvariant  !\xb9RRRRRRRRRRRRRR22\x0c2_\0z22\n_\0z~\nvariant  22\x0c2_\0z22\n_\0z~\nvarRRi";
    let (_, errors, _) = read(crash, Some(Format::Grid));
    assert!(!errors.is_empty());

    let row = "1234 5678 9ABC DEFG\n";
    let mut text = String::new();
    text.push_str(&row.repeat(2));
    text.push_str("variant x\n");
    let (good, errors, _) = read_any_shape(text.as_bytes());
    assert!(good.is_empty());
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors, ["1: incomplete grid: 2 rows instead of 16"]);
}

/// Reads `bytes` as grids of any size, without the classic-only checks of
/// `read_checked`: the puzzles' lines and the errors' messages.
fn read_any_shape(bytes: &[u8]) -> (Vec<usize>, Vec<String>, Option<Format>) {
    let mut reader = PuzzleReader::new(bytes, Some(Format::Grid));
    let (mut good, mut errors) = (Vec::new(), Vec::new());
    for result in reader.by_ref() {
        match result {
            Ok(puzzle) => good.push(puzzle.line),
            Err(error) => errors.push(error.to_string()),
        }
    }
    (good, errors, reader.format())
}
