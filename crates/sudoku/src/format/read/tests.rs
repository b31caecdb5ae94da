//! The reader's tests: every format, sizes, variants and errors, read
//! through [`PuzzleReader`].

use std::io;

use super::*;
use crate::format::Naming;
use crate::symbols::Symbols;

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
fn lines_with_comments_crlf_and_end() {
    let text = format!("# header\r\n\r\n{PUZZLE}\r\n  {PUZZLE}\tsecond, indented\nend\n{PUZZLE}\n");
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
            "2:7: bad character 'x' (expected 1-9, '.', '_' or '0')",
            "3:82: bad character 'x' (expected 1-9, '.', '_' or '0')",
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
            "2:3: bad number \"80\" (expected 0-9, '.' or a symbol)".to_owned()
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
        Err("1:4: bad character 'G' (expected 1-4, '.', '_' or '0')".to_owned())
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
            "1:7: bad number \"12\" (expected 0-4, '.' or a symbol)".to_owned()
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
            "{line}:{}: the text after the cells is {what}, but the puzzle is read as \
             {}: give --variant {variant} or a line `variant {variant}` before the puzzle, \
             or write `#` before the text to keep it a comment",
            if variant.ends_with("killer") && line == 6 {
                35
            } else {
                18
            },
            variant.rsplit_once('+').map_or("classic", |(read, _)| read),
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
    // Z=4 after every cage's sum is still a sum, of no cage: an error, never
    // a comment taken silently.
    assert_eq!(
        variants[5],
        Err("9:67: a sum for cage 'Z', which the cage map lacks".to_owned())
    );
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
        Err("2:33: region label 'x' is one more than the 4 regions".to_owned())
    );
    assert_eq!(
        results[1],
        Err("3:17: expected a region map after the cells".to_owned())
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
        Err("5:3: bad character 'x' (expected 1-9, '.', '_' or '0')".to_owned())
    );
    assert_eq!(
        results[4],
        Err("6:3: unterminated or misplaced quote".to_owned())
    );

    let short = format!("quizzes,solutions\n{puzzle},{}\n", &solution[..80]);
    let results = read_with(&short, None, ReadOptions::default());
    assert_eq!(
        results,
        [Err(
            "2:83: bad solution field: expected 81 cells, found 80".to_owned()
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

#[test]
fn one_puzzle_reads_a_line_of_digits_as_its_cells() {
    // Read as a file, "11111" is a count line with no puzzles after it.
    let (results, _) = read_all("11111\n", None);
    assert_eq!(
        results,
        [Err(
            "1: the count line announces 11111 puzzles, but 0 puzzles follow".to_owned()
        )]
    );
    let read_one = |text: &str| {
        let mut reader = PuzzleReader::of_one_puzzle(text, ReadOptions::default());
        let results: Vec<_> = reader
            .by_ref()
            .map(|read| {
                read.map(|puzzle| puzzle.grid.to_line())
                    .map_err(|e| e.to_string())
            })
            .collect();
        results
    };
    assert_eq!(
        read_one("11111"),
        [Err("1: expected 16 cells, found 5".to_owned())]
    );
    assert_eq!(
        read_one(&format!("# a comment\n{PUZZLE}\n")),
        [Ok(PUZZLE.to_owned())]
    );
    // A puzzle written as rows is still read as a grid.
    let rows: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    assert_eq!(read_one(&rows), [Ok(PUZZLE.to_owned())]);
}

#[test]
fn messages_name_settings_as_the_caller_does() {
    let cells = ".".repeat(16);
    let text = format!("{cells} AABBCCDDEEFFGGHH A=3 B=7 C=3 D=7 E=5 F=5 G=5 H=5\n");
    let as_arguments = ReadOptions {
        naming: Naming::Arguments,
        ..ReadOptions::default()
    };
    let flags = read_with(&text, None, ReadOptions::default());
    let arguments = read_with(&text, None, as_arguments.clone());
    assert!(
        flags[0]
            .as_ref()
            .unwrap_err()
            .contains("give --variant killer or")
    );
    let message = arguments[0].as_ref().unwrap_err();
    assert!(message.contains("give variant=\"killer\" or"), "{message}");
    assert!(!message.contains("--"), "{message}");
    let boxes = ReadOptions {
        shape: Some(Shape::new(2, 3).unwrap()),
        ..as_arguments
    };
    let results = read_with(&format!("box 3x2\n{}\n", ".".repeat(36)), None, boxes);
    let message = results[0].as_ref().unwrap_err();
    assert!(message.contains("box=\"2x3\""), "{message}");
}
