//! Tests of `dlx gen`.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use super::common::*;

/// The standard output of a successful `dlx gen` run.
fn generated(args: &[&str]) -> String {
    let output = dlx().arg("gen").args(args).output().unwrap();
    assert!(
        output.status.success(),
        "dlx gen {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The lines of a DLX file without its comments.
fn without_comments(text: &str) -> Vec<&str> {
    text.lines().filter(|line| !line.starts_with('|')).collect()
}

#[test]
fn generators_write_knuths_reference_files_line_for_line() {
    for (file, args) in [
        ("queens6.dlx", &["queens", "6"][..]),
        ("queens8.dlx", &["queens", "8"]),
        ("queens12.dlx", &["queens", "12"]),
        ("langford7.dlx", &["langford", "7"]),
        ("langford8.dlx", &["langford", "8"]),
        ("latin4.dlx", &["latin", "4"]),
        ("sudoku4x4_grids.dlx", &["sudoku-grids", "2x2"]),
        ("matchings12.dlx", &["matchings", "12"]),
        ("partitions8.dlx", &["partitions", "8"]),
        ("pentomino3x20.dlx", &["pentomino", "3x20"]),
    ] {
        let reference = std::fs::read_to_string(engine_data(file)).unwrap();
        let output = generated(args);
        assert!(
            output.starts_with("| "),
            "{file}: a comment says what the problem is"
        );
        assert_eq!(
            without_comments(&output),
            without_comments(&reference),
            "{file}"
        );
    }
}

#[test]
fn twelve_queens_piped_into_solve() {
    let problem = generated(&["queens", "12"]);
    dlx()
        .args(["solve", "--count"])
        .write_stdin(problem)
        .assert()
        .success()
        .stdout("14200\n");
}

#[test]
fn up_to_symmetry_files_solve_to_the_reduced_counts() {
    let problem = generated(&["pentomino", "3x20", "--up-to-symmetry"]);
    assert!(
        problem.lines().nth(1).unwrap().ends_with("| X~ud"),
        "X on the axis is tied to a second piece"
    );
    dlx()
        .args(["solve", "--count"])
        .write_stdin(problem)
        .assert()
        .success()
        .stdout("2\n");
    let problem = generated(&["langford", "8", "--up-to-reversal"]);
    dlx()
        .args(["solve", "--count"])
        .write_stdin(problem)
        .assert()
        .success()
        .stdout("150\n");
}

/// Every problem of `dlx gen`, by its name on the command line.
const PROBLEMS: [&str; 14] = [
    "queens",
    "langford",
    "pentomino",
    "dominoes",
    "tiling",
    "latin",
    "sudoku-grids",
    "sudoku-puzzles",
    "partitions",
    "matchings",
    "debruijn",
    "matrices",
    "assignment",
    "words",
];

#[test]
fn help_lists_the_problems_in_a_line_each() {
    let help = generated(&["--help"]);
    assert!(
        help.lines().count() < 60,
        "{} lines:\n{help}",
        help.lines().count()
    );
    for problem in PROBLEMS {
        let listed = help
            .lines()
            .find(|line| line.trim_start().starts_with(&format!("{problem} ")))
            .unwrap_or_else(|| panic!("{problem} not listed in:\n{help}"));
        // A sentence of its own, not the flags every problem shares.
        assert!(listed.split_whitespace().count() > 3, "{listed:?}");
    }
    // The flags are each problem's help, not the list's (the examples
    // after the list name some).
    for flag in [
        "--pieces <PIECES>",
        "--threads <N>",
        "--color <WHEN>",
        "--distinct",
    ] {
        assert!(!help.contains(flag), "{flag} in:\n{help}");
    }
}

#[test]
fn each_problem_has_a_help_of_its_own() {
    let queens = generated(&["queens", "--help"]);
    assert!(
        queens.contains("Usage: dlx gen queens [OPTIONS] <N>"),
        "{queens}"
    );
    assert!(queens.starts_with("N queens"), "{queens}");
    for flag in [
        "--solve",
        "--count",
        "--max <N>",
        "--threads <N>",
        "--color <WHEN>",
    ] {
        assert!(queens.contains(flag), "missing {flag:?} in:\n{queens}");
    }
    // Not another problem's flags.
    for flag in [
        "--up-to-reversal",
        "--pieces",
        "--shapes",
        "--words",
        "--row-sums",
    ] {
        assert!(!queens.contains(flag), "{flag} in:\n{queens}");
    }
    for (problem, usage, flags) in [
        (
            "langford",
            "dlx gen langford [OPTIONS] <N>",
            &["--up-to-reversal"][..],
        ),
        (
            "pentomino",
            "dlx gen pentomino [OPTIONS] <BOARD>",
            &["--up-to-symmetry", "--pieces <PIECES>", "--color <WHEN>"],
        ),
        (
            "tiling",
            "dlx gen tiling [OPTIONS] <BOARD>",
            &["--shapes <SHAPES>", "--prices"],
        ),
        (
            "words",
            "dlx gen words [OPTIONS] --words <FILE> <RxC>",
            &["--distinct"],
        ),
    ] {
        let help = generated(&[problem, "--help"]);
        assert!(help.contains(usage), "missing {usage:?} in:\n{help}");
        for flag in flags {
            assert!(help.contains(flag), "missing {flag:?} in:\n{help}");
        }
    }
}

#[test]
fn counts_without_leaving_the_command() {
    for (args, count) in [
        (&["queens", "8", "--count"][..], "92"),
        (&["langford", "7", "--up-to-reversal", "--count"], "26"),
        (&["langford", "7", "--count"], "52"),
        (&["latin", "4", "--count"], "576"),
        (&["sudoku-grids", "2x2", "--count"], "288"),
        (&["partitions", "8", "--count"], "4140"),
        (&["matchings", "12", "--count"], "10395"),
        (&["pentomino", "3x20", "--count"], "8"),
        (&["pentomino", "20x3", "--up-to-symmetry", "--count"], "2"),
        (&["queens", "12", "--count", "--max", "100"], "100"),
    ] {
        assert_eq!(generated(args), format!("{count}\n"), "{args:?}");
    }
}

#[test]
fn queens_are_drawn_with_the_count_on_stderr() {
    let output = dlx()
        .args(["gen", "queens", "4", "--solve"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n"
    );
    let summary = String::from_utf8(output.stderr).unwrap();
    assert!(
        summary.starts_with("2 solutions, 17 nodes, ") && summary.ends_with("s\n"),
        "{summary}"
    );
}

#[test]
fn langford_sequences_are_drawn_one_per_line() {
    assert_eq!(
        generated(&["langford", "3", "--solve"]),
        "3 1 2 1 3 2\n2 3 1 2 1 3\n"
    );
    assert_eq!(
        generated(&["langford", "3", "--up-to-reversal", "--solve"]),
        "3 1 2 1 3 2\n"
    );
    let both = generated(&["langford", "4", "--solve"]);
    let lines: Vec<&str> = both.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[0].split(' ').rev().collect::<Vec<_>>().join(" "),
        lines[1],
        "mirror images"
    );
    assert_eq!(
        generated(&["langford", "4", "--max", "1"]),
        format!("{}\n", lines[0])
    );
}

#[test]
fn max_stops_early_and_no_solution_exits_1() {
    let boards = generated(&[
        "pentomino",
        "6x10",
        "--up-to-symmetry",
        "--solve",
        "--max",
        "3",
        "--color",
        "never",
    ]);
    let pictures: Vec<&str> = boards.split("\n\n").collect();
    assert_eq!(pictures.len(), 3);
    for picture in pictures {
        let rows: Vec<&str> = picture.lines().collect();
        assert_eq!(rows.len(), 6);
        assert!(
            rows.iter()
                .all(|row| row.len() == 10 && row.chars().all(|c| "FILNPTUVWXYZ".contains(c)))
        );
        for letter in "FILNPTUVWXYZ".chars() {
            assert_eq!(
                picture.chars().filter(|&c| c == letter).count(),
                5,
                "{letter} in\n{picture}"
            );
        }
    }
    let output = dlx()
        .args(["gen", "queens", "3", "--solve"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .starts_with("0 solutions, ")
    );
    dlx()
        .args(["gen", "matchings", "5", "--count"])
        .assert()
        .code(1)
        .stdout("0\n");
}

#[test]
fn slash_and_newline_separate_picture_rows_alike_inline_and_in_files() {
    let slashed = generated(&["dominoes", "..#/.../#.."]);
    assert!(slashed.contains("x0y0"), "{slashed}");
    let from_stdin = |picture: &str| {
        let output = dlx()
            .args(["gen", "dominoes", "@-"])
            .write_stdin(picture)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(from_stdin("..#\n...\n#..\n"), slashed);
    assert_eq!(from_stdin("..#/...\n#..\n"), slashed);
    // A different picture gives a different problem: the comparison sees it.
    assert_ne!(from_stdin("..#\n...\n...\n"), slashed);
}

#[test]
fn boards_with_holes_from_a_file_or_inline() {
    let board = cli_data("gen_board_centre_hole.txt");
    let at_file = format!("@{}", board.display());
    assert_eq!(
        generated(&["pentomino", &at_file, "--up-to-symmetry", "--count"]),
        "65\n"
    );
    let inline = std::fs::read_to_string(&board)
        .unwrap()
        .trim_end()
        .replace('\n', "/");
    let problem = generated(&["pentomino", &inline, "--up-to-symmetry"]);
    assert!(
        problem.contains("a board of 60 cells (8x8 with holes), up to the board's 8 symmetries")
    );
    assert!(!problem.contains(" x3y3 "), "the holes are not items");
    // The same picture on standard input.
    let output = dlx()
        .args([
            "gen",
            "pentomino",
            "@-",
            "--up-to-symmetry",
            "--solve",
            "--max",
            "1",
        ])
        .write_stdin(std::fs::read_to_string(&board).unwrap())
        .output()
        .unwrap();
    assert!(output.status.success());
    let picture = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<&str> = picture.lines().collect();
    assert_eq!(rows.len(), 8, "{picture}");
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let hole = (3..5).contains(&x) && (3..5).contains(&y);
            assert_eq!(c == ' ', hole, "({x}, {y}) in\n{picture}");
        }
    }
}

#[test]
fn custom_pieces() {
    let pieces = format!("@{}", cli_data("gen_pieces_l_trominoes.txt").display());
    assert_eq!(
        generated(&["polyomino", "3x4", "--pieces", &pieces, "--count"]),
        "96\n"
    );
    assert_eq!(
        generated(&[
            "polyomino",
            "3x4",
            "--pieces",
            &pieces,
            "--count",
            "--up-to-symmetry"
        ]),
        "24\n"
    );
    let drawn = generated(&[
        "pentomino",
        ".../.#./...",
        "--pieces",
        "LLL/L..//KK/K./K.",
        "--solve",
    ]);
    assert!(drawn.contains("KKK\nK L\nLLL\n"), "{drawn}");
    assert_eq!(drawn.split("\n\n").count(), 8);
}

#[test]
fn colors_only_when_asked_or_on_a_terminal() {
    let colored = generated(&[
        "pentomino",
        "3x20",
        "--solve",
        "--max",
        "1",
        "--color",
        "always",
    ]);
    assert!(colored.contains("\u{1b}["), "{colored}");
    assert_eq!(colored.lines().count(), 3);
    // Standard output is a pipe here, so `auto` means no color.
    for args in [&["--color", "never"][..], &["--color", "auto"], &[]] {
        let plain =
            generated(&[&["pentomino", "3x20", "--solve", "--max", "1"][..], args].concat());
        assert!(!plain.contains('\u{1b}'), "{args:?}");
        assert_eq!(plain.lines().count(), 3);
    }
}

/// The letter and background (the escape sequence in force, `None` for
/// none) of each cell of a colored picture, row by row: cells are two
/// characters wide, the letter first.
fn colored_cells(picture: &str) -> Vec<Vec<(char, Option<String>)>> {
    picture
        .lines()
        .map(|row| {
            let mut characters = Vec::new();
            let mut style: Option<String> = None;
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                if c == '\u{1b}' {
                    let sequence: String = chars.by_ref().take_while(|&c| c != 'm').collect();
                    style = (sequence != "[0").then_some(sequence);
                } else {
                    characters.push((c, style.clone()));
                }
            }
            characters.into_iter().step_by(2).collect()
        })
        .collect()
}

#[test]
fn tilings_are_colored_as_packings_are() {
    for args in [
        &["dominoes", "3x4", "--solve"][..],
        &["tiling", "3x6", "--solve", "--max", "5"],
        &["pentomino", "3x20", "--solve", "--max", "2"],
    ] {
        let plain = generated(args);
        let colored = generated(&[args, &["--color", "always"]].concat());
        let plain: Vec<&str> = plain.split("\n\n").collect();
        let colored: Vec<&str> = colored.split("\n\n").collect();
        assert_eq!(plain.len(), colored.len(), "{args:?}");
        for (plain, colored) in plain.iter().zip(&colored) {
            let cells = colored_cells(colored);
            // The same letters, each on a background.
            let letters: Vec<String> = cells
                .iter()
                .map(|row| row.iter().map(|&(c, _)| c).collect())
                .collect();
            assert_eq!(letters, plain.lines().collect::<Vec<_>>(), "{args:?}");
            assert!(cells.iter().flatten().all(|(_, style)| style.is_some()));
            // Neighbours of different letters (different pieces or tiles)
            // have different backgrounds; the same letter, the same one.
            for (y, row) in cells.iter().enumerate() {
                for (x, (letter, style)) in row.iter().enumerate() {
                    let right = row.get(x + 1);
                    let below = cells.get(y + 1).and_then(|next| next.get(x));
                    for (other, other_style) in right.into_iter().chain(below) {
                        assert_eq!(letter == other, style == other_style, "{args:?}\n{colored}");
                    }
                }
            }
        }
    }
}

#[test]
fn problems_that_draw_without_colors_refuse_color() {
    for problem in PROBLEMS {
        let draws_in_color = matches!(problem, "pentomino" | "dominoes" | "tiling");
        let argument: &[&str] = match problem {
            "sudoku-grids" => &["2x2"],
            "pentomino" => &["3x20"],
            "dominoes" | "tiling" | "matrices" => &["3x4"],
            "words" => &["2x2", "--words", "-"],
            _ => &["4"],
        };
        for when in ["always", "never", "auto"] {
            let output = dlx()
                .arg("gen")
                .arg(problem)
                .args(argument)
                .args(["--color", when])
                .write_stdin("ab ba\n")
                .output()
                .unwrap();
            if draws_in_color {
                assert_exit(&output, 0);
                continue;
            }
            assert_exit(&output, 2);
            let said = stderr(&output);
            assert!(
                said.starts_with(&format!("dlx gen {problem}: --color: ")),
                "{said}"
            );
            assert!(said.contains("pentomino, dominoes and tiling"), "{said}");
            assert!(!said.contains("-- --color"), "{said}");
            assert!(output.stdout.is_empty());
        }
    }
}

#[test]
fn pictures_of_grids_and_combinatorics() {
    assert_eq!(
        generated(&["sudoku-grids", "2x2", "--max", "1"]),
        "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
    );
    assert_eq!(
        generated(&["latin", "2", "--solve"]),
        "1 2\n2 1\n\n2 1\n1 2\n"
    );
    assert_eq!(
        generated(&["matchings", "4", "--solve"]),
        "0-1 2-3\n0-2 1-3\n0-3 1-2\n"
    );
    assert_eq!(
        generated(&["partitions", "2", "--solve"]),
        "{0} {1}\n{0,1}\n"
    );
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for (args, message) in [
        (&["queens"][..], "required"),
        (&["queens", "0"], "0 is not in 1..=1000"),
        (&["queens", "1001"], "1001 is not in 1..=1000"),
        (&["queens", "abc"], "invalid digit"),
        (&["queens", "99999999999999999999999"], "invalid value"),
        (&["queens", "-3"], "unexpected argument"),
        (&["langford", "1001"], "not in 1..=1000"),
        (&["latin", "101"], "not in 1..=100"),
        (&["partitions", "17"], "not in 1..=16"),
        (&["matchings", "0"], "not in 1..=1000"),
        (&["sudoku-grids", "3"], "like 2x3"),
        (
            &["sudoku-grids", "0x3"],
            "the rows of a box must be between 1 and 100, not 0",
        ),
        (&["sudoku-grids", "3x"], "like 2x3"),
        (&["sudoku-grids", "11x10"], "between 1 and 100"),
        (
            &["pentomino", "8x8"],
            "the board has 64 cells but the pieces cover 60",
        ),
        (&["pentomino", "6x"], "expected ROWSxCOLUMNS"),
        (
            &["pentomino", "0x60"],
            "the rows of a board must be between 1 and 256, not 0",
        ),
        (&["pentomino", "1x100000"], "between 1 and 256"),
        (
            &["pentomino", "100x100"],
            "the cells of a board must be between 1 and 4096",
        ),
        (
            &["pentomino", "..x/..."],
            "line 1, column 3: unexpected 'x'",
        ),
        (
            &["pentomino", "@/nonexistent/board.txt"],
            "/nonexistent/board.txt: cannot open: ",
        ),
        (
            &["pentomino", "6x10", "--pieces", "a:b"],
            "cannot name a piece",
        ),
        (
            &["pentomino", "6x10", "--pieces", "@/nonexistent"],
            "/nonexistent: cannot open: ",
        ),
        (
            &[
                "pentomino",
                "2x4",
                "--pieces",
                "aabbccdd",
                "--up-to-symmetry",
            ],
            "cannot count up to the board's 4 symmetries",
        ),
        (
            &["pentomino", "6x10", "--color", "sometimes"],
            "possible values: auto, always, never",
        ),
        (
            &["queens", "8", "--solve", "--count"],
            "cannot be used with",
        ),
        (&["queens", "8", "--max", "0"], "0 is not in 1.."),
        (&["chess"], "unrecognized subcommand"),
        (&[], "Usage"),
    ] {
        let output = dlx().arg("gen").args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "dlx gen {args:?}: {stderr}");
        assert!(
            stderr.contains(message),
            "dlx gen {args:?}: {stderr:?} lacks {message:?}"
        );
        assert!(!stderr.contains("panicked"), "dlx gen {args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "dlx gen {args:?}");
    }
}

/// Reads the first line of `dlx gen ARGS`, then closes the pipe: the command
/// must end quietly with status 0.
fn assert_quiet_on_broken_pipe(args: &[&str]) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .arg("gen")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    // The reader is dropped here: the pipe closes.
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "dlx gen {args:?}: {stderr}");
    assert!(
        !stderr.contains("error") && !stderr.contains("panicked"),
        "dlx gen {args:?}: {stderr}"
    );
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    assert_quiet_on_broken_pipe(&["queens", "12", "--solve"]);
    assert_quiet_on_broken_pipe(&["queens", "1000"]);
    assert_quiet_on_broken_pipe(&["langford", "12", "--solve"]);
}
