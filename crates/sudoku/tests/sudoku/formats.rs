//! Reading and writing: every layout reads back as the grids written, the
//! formats are told apart, bad input is reported by line without stopping
//! the rest, and no input makes the reader panic.

use dancing_sudoku::format::{
    Format, GridWriter, Layout, MAX_LINE_BYTES, PuzzleReader, ReadErrorKind,
};
use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Grid, Shape};
use proptest::prelude::*;

/// Each puzzle's line and grid, or its error message.
type Results = Vec<Result<(usize, Grid), String>>;

/// What the reader gives for `input`, and the format and layout it saw.
fn read_all(input: &[u8], format: Option<Format>) -> (Results, Option<Format>, Option<Layout>) {
    let mut reader = PuzzleReader::new(input, format);
    let results = reader
        .by_ref()
        .map(|r| r.map(|p| (p.line, p.grid)).map_err(|e| e.to_string()))
        .collect();
    (results, reader.format(), reader.layout())
}

fn puzzles(seed: u64, count: usize) -> Vec<Grid> {
    let mut generator = Generator::new(seed);
    (0..count)
        .map(|k| generator.puzzle(Shape::CLASSIC, 20 + k * 7 % 40))
        .collect()
}

fn written(grids: &[Grid], layout: Layout) -> Vec<u8> {
    let mut writer = GridWriter::new(layout);
    let mut out = Vec::new();
    for grid in grids {
        writer.write(&mut out, grid).unwrap();
    }
    out
}

#[test]
fn every_readable_layout_reads_back_as_written() {
    let grids = puzzles(1, 12);
    let cases = [
        (Layout::Line, Format::Line, Layout::Line),
        (Layout::Rows, Format::Grid, Layout::Rows),
        (Layout::Blocks, Format::Blocks, Layout::Blocks),
        (Layout::Grid, Format::Grid, Layout::Grid),
    ];
    for (layout, format, answer_layout) in cases {
        let text = written(&grids, layout);
        let (results, detected, answer) = read_all(&text, None);
        assert_eq!(
            (detected, answer),
            (Some(format), Some(answer_layout)),
            "{layout}"
        );
        let read: Vec<Grid> = results.into_iter().map(|r| r.unwrap().1).collect();
        assert_eq!(read, grids, "{layout}");
        // And when the format is given.
        let (results, _, _) = read_all(&text, Some(format));
        assert!(results.iter().all(Result::is_ok), "{layout} forced");
    }
}

#[test]
fn poj2676_is_a_count_then_rows() {
    let grids = puzzles(2, 3);
    let mut text = b"3\n".to_vec();
    text.extend(written(&grids, Layout::Rows));
    let (results, format, layout) = read_all(&text, None);
    assert_eq!(
        (format, layout),
        (Some(Format::Poj2676), Some(Layout::Rows))
    );
    let lines: Vec<usize> = results.iter().map(|r| r.as_ref().unwrap().0).collect();
    assert_eq!(lines, [2, 11, 20]);

    let mut short = b"4\n".to_vec();
    short.extend(written(&grids, Layout::Rows));
    let (results, _, _) = read_all(&short, None);
    assert_eq!(results.len(), 4);
    assert_eq!(
        results[3],
        Err("1: the count line announces 4 puzzles, but 3 puzzles follow".into())
    );

    let mut long = b"1\n".to_vec();
    long.extend(written(&grids[..2], Layout::Rows));
    let (results, _, _) = read_all(&long, None);
    assert_eq!(
        results.last().unwrap(),
        &Err("1: the count line announces 1 puzzle, but 2 puzzles follow".into())
    );
}

#[test]
fn grids_may_be_separated_by_blank_lines_comments_and_rules() {
    let grids = puzzles(3, 2);
    let [first, second] = [&grids[0], &grids[1]]
        .map(|g| String::from_utf8(written(std::slice::from_ref(g), Layout::Grid)).unwrap());
    let ss_style = second.replace("---+---+---", "-----------");
    let bordered: String = ss_style.lines().map(|line| format!("|{line}|\n")).collect();
    let text =
        format!("# two grids\n\n{first}\n# next\n\n*-----------*\n{bordered}*-----------*\n\n");
    let (results, format, _) = read_all(text.as_bytes(), None);
    assert_eq!(format, Some(Format::Grid));
    let read: Vec<Grid> = results.into_iter().map(|r| r.unwrap().1).collect();
    assert_eq!(read, grids);
}

#[test]
fn errors_name_their_line_and_the_next_puzzle_is_read() {
    let good = puzzles(4, 1)[0].to_line();
    let text = format!(
        "{good}\n{}\n{good}   # comment\n{}\n\n{good}\n",
        &good[..79],
        good.replacen('.', "?", 1)
    );
    let (results, _, _) = read_all(text.as_bytes(), None);
    let summary: Vec<String> = results
        .iter()
        .map(|r| match r {
            Ok((line, _)) => format!("ok {line}"),
            Err(message) => message.clone(),
        })
        .collect();
    let bad_column = good.find('.').unwrap() + 1;
    assert_eq!(
        summary,
        [
            "ok 1".to_owned(),
            "2: expected 81 cells, found 79".to_owned(),
            "ok 3".to_owned(),
            format!("4:{bad_column}: bad character '?' (expected 1-9, '.', '_' or '0')"),
            "ok 6".to_owned(),
        ]
    );
}

#[test]
fn long_lines_and_bytes_that_are_not_utf8_are_reported() {
    let good = puzzles(5, 1)[0].to_line();
    let mut text = vec![b'.'; MAX_LINE_BYTES + 100];
    text.push(b'\n');
    text.extend_from_slice(good.as_bytes());
    text.extend_from_slice(b" comment\n");
    text.extend_from_slice(&[0xff; 81]);
    text.push(b'\n');
    let mut with_invalid_comment = good.clone().into_bytes();
    with_invalid_comment.extend_from_slice(b" \xfe\xff\n");
    text.extend_from_slice(&with_invalid_comment);
    let mut reader = PuzzleReader::new(&text[..], Some(Format::Line));
    let first = reader.next().unwrap().unwrap_err();
    assert!(matches!(first.kind, ReadErrorKind::LineTooLong));
    assert_eq!(first.line, 1);
    assert!(first.is_puzzle_error());
    assert_eq!(reader.next().unwrap().unwrap().line, 2);
    let bad = reader.next().unwrap().unwrap_err();
    assert_eq!(
        bad.to_string(),
        "3:1: bad character '\u{fffd}' (expected 1-9, '.', '_' or '0')"
    );
    assert_eq!(reader.next().unwrap().unwrap().grid.to_line(), good);
    assert!(reader.next().is_none());
}

#[test]
fn end_stops_the_input_even_inside_a_grid() {
    let grid = String::from_utf8(written(&puzzles(6, 1), Layout::Blocks)).unwrap();
    let cut: Vec<&str> = grid.lines().take(4).collect();
    let text = format!("{grid}\n{}\nend\n{grid}", cut.join("\n"));
    let (results, _, _) = read_all(text.as_bytes(), None);
    assert_eq!(results.len(), 2);
    assert!(results[0].is_ok());
    assert_eq!(
        results[1],
        Err("11: incomplete grid: 4 rows instead of 9".into())
    );
}

#[test]
fn forced_formats_reject_what_does_not_fit() {
    let grids = puzzles(7, 1);
    let blocks = written(&grids, Layout::Blocks);
    let (results, _, _) = read_all(&blocks, Some(Format::Line));
    assert_eq!(results.len(), 9, "nine bad lines");
    assert!(results.iter().all(|r| {
        r.as_ref()
            .is_err_and(|e| e.contains("expected 16 cells, found 1"))
    }));
    let (results, _, _) = read_all(&blocks, Some(Format::Poj2676));
    assert_eq!(
        results[0],
        Err("1: expected the number of puzzles on the first line (POJ 2676 format)".into())
    );
    assert_eq!(
        results[1],
        Err("1:2: bad character ' ' (expected 1-9, '.', '_' or '0')".into())
    );
    let line = written(&grids, Layout::Line);
    let (results, _, _) = read_all(&line, Some(Format::Blocks));
    assert_eq!(
        results,
        [Err("1:1: bad number \"".to_owned()
            + &grids[0].to_line()[..12]
            + "\" (expected 0-64, '.' or a symbol)")]
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Nothing panics, every result names a line that exists (or the one
    /// after, for an input that ends early), and every grid is 9x9.
    #[test]
    fn any_bytes_are_read_without_panic(
        bytes in proptest::collection::vec(prop_oneof![
            Just(b'\n'), Just(b'.'), Just(b'0'), Just(b'5'), Just(b' '), Just(b'|'), Just(b'-'),
            Just(b'#'), Just(b'\r'), any::<u8>()
        ], 0..400),
        format in prop_oneof![Just(None), Just(Some(Format::Line)), Just(Some(Format::Poj2676)), Just(Some(Format::Blocks)), Just(Some(Format::Grid))],
    ) {
        // Every line end, `\r\n` and a lone `\r` included.
        let lines = bytes.split(|&b| b == b'\n' || b == b'\r').count();
        let mut reader = PuzzleReader::new(&bytes[..], format);
        let mut grid = Grid::default();
        let mut results = 0;
        while let Some(result) = reader.read_into(&mut grid) {
            results += 1;
            prop_assert!(results <= lines + 1);
            match result {
                Ok(line) => {
                    prop_assert!(line >= 1 && line <= lines);
                    prop_assert_eq!(grid.shape(), Shape::CLASSIC);
                    prop_assert!(grid.cells().iter().all(|&d| d <= 9));
                }
                Err(error) => prop_assert!(error.line >= 1 && error.line <= lines + 1),
            }
        }
    }

    /// One damaged line in a file of puzzles spoils that puzzle at most.
    #[test]
    fn a_damaged_line_spoils_only_its_puzzle(seed in any::<u64>(), victim in 0usize..8, at in 0usize..81, byte in any::<u8>()) {
        // A new line end or a comment mark would make other lines, not damage one.
        prop_assume!(byte != b'\n' && byte != b'\r' && !(at == 0 && byte == b'#'));
        let grids = puzzles(seed, 8);
        let mut lines: Vec<Vec<u8>> = grids.iter().map(|g| g.to_line().into_bytes()).collect();
        lines[victim][at] = byte;
        let text: Vec<u8> = lines.join(&b'\n');
        let (results, _, _) = read_all(&text, Some(Format::Line));
        prop_assert_eq!(results.len(), 8);
        for (k, result) in results.iter().enumerate() {
            if k != victim {
                prop_assert_eq!(result, &Ok((k + 1, grids[k].clone())));
            } else if let Err(message) = result {
                // `LINE: message`, or `LINE:COLUMN: message`.
                let prefix = format!("{}:", k + 1);
                let located = message.strip_prefix(&prefix).is_some_and(|rest| {
                    let after_column = rest.trim_start_matches(|c: char| c.is_ascii_digit());
                    rest.starts_with(' ') || (after_column.len() < rest.len() && after_column.starts_with(": "))
                });
                prop_assert!(located, "{} does not start with {}", message, prefix);
            }
        }
    }
}
