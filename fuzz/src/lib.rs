//! The checks behind the fuzz targets: one function per reader, each
//! panicking when a property of the reader does not hold.
//!
//! Line and column numbers are checked against a model of lines written
//! here, independently of the readers: a line ends at `\n`, `\r\n` or a lone
//! `\r`, and a byte-order mark at the very start is not part of line 1.

use dancing::format;
use dancing_sudoku::Grid;
use dancing_sudoku::format::{Format, GridWriter, PuzzleReader, ReadErrorKind};

/// The input's lines, as an editor shows them.
pub fn lines(data: &[u8]) -> Vec<&[u8]> {
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    let mut lines = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < data.len() {
        match data[at] {
            b'\n' => {
                lines.push(&data[start..at]);
                start = at + 1;
            }
            b'\r' => {
                lines.push(&data[start..at]);
                if data.get(at + 1) == Some(&b'\n') {
                    at += 1;
                }
                start = at + 1;
            }
            _ => {}
        }
        at += 1;
    }
    if start < data.len() {
        lines.push(&data[start..]);
    }
    lines
}

/// Panics unless `line` is a line of the input (line 1 stands for empty
/// input) and `column`, if given, is within it or just past its end.
fn assert_place(lines: &[&[u8]], line: usize, column: Option<usize>, width: fn(&[u8]) -> usize) {
    assert!(
        line >= 1 && line <= lines.len().max(1),
        "line {line} of {} lines",
        lines.len()
    );
    if let Some(column) = column {
        let width = lines.get(line - 1).map_or(0, |text| width(text));
        assert!(
            column >= 1 && column <= width + 1,
            "column {column} of a line of {width}"
        );
    }
}

fn characters(line: &[u8]) -> usize {
    String::from_utf8_lossy(line).chars().count()
}

fn bytes(line: &[u8]) -> usize {
    line.len()
}

/// Panics if a message holds a character that a terminal would act on.
fn assert_printable(message: &str) {
    assert!(
        !message.chars().any(char::is_control),
        "unescaped control character in {message:?}"
    );
}

/// Knuth's format: read; on error check the place and the message; else
/// write, read again and compare everything that was read, colors (`X:a`)
/// and bounds (`u:v|X`) included.
pub fn knuth_round_trip(data: &[u8]) {
    let lines = lines(data);
    let parsed = match format::read(data) {
        Ok(parsed) => parsed,
        Err(error) => {
            assert_place(&lines, error.line, Some(error.column), characters);
            assert_printable(&error.to_string());
            return;
        }
    };
    for warning in &parsed.warnings {
        assert_place(&lines, warning.line, None, characters);
    }
    let problem = &parsed.problem;
    assert_eq!(parsed.warnings.len(), problem.ignored_options().len());

    let mut text = Vec::new();
    format::write(problem, &mut text).expect("what was read can be written");
    let again = format::read(&text[..]).expect("what was written can be read");
    let again_problem = &again.problem;
    assert_eq!(problem, again_problem);
    for item in problem.items() {
        assert_eq!(problem.item_name(item), again_problem.item_name(item));
        assert_eq!(problem.item_kind(item), again_problem.item_kind(item));
        assert_eq!(problem.item_bounds(item), again_problem.item_bounds(item));
    }
    let options: Vec<_> = problem.options().map(|(_, items)| items).collect();
    let options_again: Vec<_> = again_problem.options().map(|(_, items)| items).collect();
    assert_eq!(options, options_again);
    // Colors by name, entry by entry (ids follow the order of first use,
    // which a round trip keeps too).
    for (id, _) in problem.options() {
        let names = |p: &dancing::Problem| -> Vec<Option<String>> {
            p.option_colors(id)
                .map(|color| color.and_then(|c| p.color_name(c)).map(String::from))
                .collect()
        };
        assert_eq!(names(problem), names(again_problem));
        assert!(
            problem
                .option_colors(id)
                .eq(again_problem.option_colors(id))
        );
    }
    assert_eq!(problem.has_colors(), again_problem.has_colors());
    assert_eq!(problem.has_bounds(), again_problem.has_bounds());
    assert_eq!(problem.ignored_options(), again_problem.ignored_options());
    assert_eq!(parsed.warnings.len(), again.warnings.len());

    let mut text_again = Vec::new();
    format::write(again_problem, &mut text_again).unwrap();
    assert_eq!(text, text_again, "writing is a fixed point");
}

/// A Sudoku reader in `format` (or detecting it): read every puzzle; check
/// the place of every error and puzzle and that reading ends; then write the
/// good puzzles in the format's layout and read them back unchanged.
pub fn sudoku_round_trip(data: &[u8], format: Option<Format>) {
    let lines = lines(data);
    let mut reader = PuzzleReader::new(data, format);
    let mut good: Vec<Grid> = Vec::new();
    let mut results = 0;
    while let Some(result) = reader.next() {
        results += 1;
        // At most a puzzle per line, a missing count and a count mismatch.
        assert!(results <= lines.len() + 2, "reading does not end");
        match result {
            Ok(puzzle) => {
                assert_place(&lines, puzzle.line, None, bytes);
                // Any size from 4x4 to 64x64: a cell holds 0 or a digit of
                // its grid.
                let size = puzzle.grid.size();
                assert!((4..=64).contains(&size), "size {size}");
                assert!(
                    puzzle
                        .grid
                        .cells()
                        .iter()
                        .all(|&cell| usize::from(cell) <= size)
                );
                good.push(puzzle.grid);
            }
            Err(error) => {
                let column = match error.kind {
                    ReadErrorKind::BadCharacter { column, .. }
                    | ReadErrorKind::BadNumber { column, .. } => Some(column),
                    _ => None,
                };
                assert_place(&lines, error.line, column, bytes);
                assert_printable(&error.to_string());
            }
        }
    }

    let Some(format) = reader.format() else {
        assert!(good.is_empty());
        return;
    };
    let mut text = Vec::new();
    if format == Format::Poj2676 {
        text.extend_from_slice(format!("{}\n", good.len()).as_bytes());
    }
    let mut writer = GridWriter::new(format.layout());
    for grid in &good {
        writer.write(&mut text, grid).unwrap();
    }
    // CSV puzzles are written as lines (the layout of their puzzle column).
    let written = if format == Format::Csv {
        Format::Line
    } else {
        format
    };
    let again: Vec<Grid> = PuzzleReader::new(&text[..], Some(written))
        .map(|result| result.map(|puzzle| puzzle.grid))
        .collect::<Result<_, _>>()
        .expect("written puzzles read back");
    assert_eq!(good, again);
}

/// The task file of `dlx split`: any bytes are read without a panic; an
/// error names a line of the input (for a file cut short, its last) with a
/// printable message; what is read is written and read back as the same
/// tasks.
pub fn task_file_round_trip(data: &[u8]) {
    use dancing_tasks as task;

    let lines = lines(data);
    let file = match task::read_tasks(data) {
        Ok(file) => file,
        Err(error) => {
            assert_place(&lines, error.line, None, bytes);
            assert_printable(&error.to_string());
            return;
        }
    };
    let mut text = Vec::new();
    task::write_header(&mut text, file.digest, file.tasks.len()).expect("a Vec takes it");
    for one in &file.tasks {
        task::write_task(&mut text, one).expect("a Vec takes it");
    }
    let again = task::read_tasks(&text[..]).expect("what was written can be read");
    assert_eq!(file, again);
}

/// The result lines of `dlx solve --tasks`, as `dlx merge` reads them: any
/// bytes are read line by line without a panic; a line that is read is
/// written and read back as the same result; a refusal is printable.
pub fn result_lines_round_trip(data: &[u8]) {
    use dancing_tasks::results::{TaskResult, read_line};

    let mut input = data;
    let mut buffer = Vec::new();
    while read_line(&mut input, &mut buffer)
        .expect("bytes in memory are read")
        .is_some()
    {
        let text = String::from_utf8_lossy(&buffer);
        match TaskResult::parse(&text) {
            Ok(result) => {
                let again = TaskResult::parse(&result.to_line()).expect("what was written is read");
                assert_eq!(result, again);
            }
            Err(message) => assert_printable(&message),
        }
    }
}
