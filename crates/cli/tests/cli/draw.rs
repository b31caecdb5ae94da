//! Tests of `dlx solve --draw`: pictures of any problem whose items name
//! cells, drawn from the names as `dlx gen --solve` draws its own.

use std::collections::BTreeSet;

use super::common::*;

/// The standard output of `dlx gen ARGS`.
fn generated(args: &[&str]) -> String {
    let output = dlx().arg("gen").args(args).output().unwrap();
    assert_exit(&output, 0);
    String::from_utf8(output.stdout).unwrap()
}

/// The pictures `dlx solve --draw EXTRA` prints for `problem`.
fn drawn(problem: &str, extra: &[&str]) -> Vec<String> {
    let output = dlx()
        .args(["solve", "--draw"])
        .args(extra)
        .write_stdin(problem)
        .output()
        .unwrap();
    assert_exit(&output, 0);
    pictures(&String::from_utf8(output.stdout).unwrap())
}

/// Pictures separated by blank lines.
fn pictures(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(|picture| picture.trim_end_matches('\n').to_owned())
        .filter(|picture| !picture.is_empty())
        .collect()
}

#[test]
fn a_generated_tiling_solved_with_draw_is_drawn_as_dlx_gen_draws_it() {
    // The same set of pictures, letters included, whatever order the two
    // searches find them in.
    for args in [
        &["pentomino", "3x20"][..],
        &["dominoes", "4x5"],
        &["tiling", "4x6"],
        &["pentomino", "4x15", "--up-to-symmetry"],
    ] {
        let problem = generated(args);
        let ours: BTreeSet<String> = drawn(&problem, &[]).into_iter().collect();
        let mut solve = args.to_vec();
        solve.push("--solve");
        let theirs: BTreeSet<String> = pictures(&generated(&solve)).into_iter().collect();
        assert!(!ours.is_empty(), "{args:?}");
        assert_eq!(ours, theirs, "{args:?}");
    }
}

#[test]
fn a_users_own_tiling_named_by_rows_and_columns_is_drawn_with_its_piece_letters() {
    // An L tromino (A) and a domino (B) on a board of two rows, the top
    // right a hole (no item names r0c2): two tilings.
    let problem = "A B r0c0 r0c1 r1c0 r1c1 r1c2\n\
                   A r0c0 r0c1 r1c0\n\
                   B r1c1 r1c2\n\
                   A r0c1 r1c1 r1c2\n\
                   B r0c0 r1c0\n\
                   A r0c0 r1c0 r1c1\n";
    let ours: BTreeSet<String> = drawn(problem, &[]).into_iter().collect();
    let expected: BTreeSet<String> = ["AA\nABB", "BA\nBAA"].map(String::from).into();
    assert_eq!(ours, expected);
}

#[test]
fn cells_left_uncovered_are_dots_and_holes_spaces() {
    // One domino on a board of three secondary cells x0y0 x1y0 x2y0 and a
    // primary item D: the third cell stays uncovered; x0y1 is named only
    // by an option never chosen... it is still on the board.
    let problem = "D | x0y0 x1y0 x2y0 x1y1\nD x0y0 x1y0\n";
    assert_eq!(drawn(problem, &[]), ["DD.\n ."]);
}

#[test]
fn knuths_sudoku_items_are_drawn_as_a_grid_of_digits_that_is_a_sudoku() {
    // All 4x4 Sudoku grids in Knuth's naming (p{r}{c} r{r}{d} c{c}{d}
    // b{b}{d}), written here: each picture must be a grid whose rows,
    // columns and boxes hold 1..4, and there are 288 different ones.
    let mut problem = String::new();
    let mut items = Vec::new();
    for kind in ['p', 'r', 'c', 'b'] {
        for a in 0..4 {
            for b in 0..4 {
                let b = if kind == 'p' { b } else { b + 1 };
                items.push(format!("{kind}{a}{b}"));
            }
        }
    }
    problem.push_str(&items.join(" "));
    problem.push('\n');
    for row in 0..4 {
        for column in 0..4 {
            for digit in 1..=4 {
                let bx = row / 2 * 2 + column / 2;
                problem.push_str(&format!(
                    "p{row}{column} r{row}{digit} c{column}{digit} b{bx}{digit}\n"
                ));
            }
        }
    }
    let grids: BTreeSet<String> = drawn(&problem, &[]).into_iter().collect();
    assert_eq!(grids.len(), 288);
    let whole: BTreeSet<u32> = (1..=4).collect();
    for grid in &grids {
        let cells: Vec<Vec<u32>> = grid
            .lines()
            .map(|line| {
                line.split(' ')
                    .map(|digit| digit.parse().unwrap())
                    .collect()
            })
            .collect();
        assert_eq!(cells.len(), 4, "{grid}");
        for k in 0..4 {
            let row: BTreeSet<u32> = cells[k].iter().copied().collect();
            let column: BTreeSet<u32> = (0..4).map(|r| cells[r][k]).collect();
            let bx: BTreeSet<u32> = (0..4)
                .map(|i| cells[k / 2 * 2 + i / 2][k % 2 * 2 + i % 2])
                .collect();
            assert_eq!((&row, &column, &bx), (&whole, &whole, &whole), "{grid}");
        }
    }
}

#[test]
fn word_rectangles_are_drawn_by_the_colors_of_their_cells() {
    let dir = scratch("draw-words");
    let words = dir.join("words.txt");
    std::fs::write(&words, "CAT\nARE\nTEN\nACE\nAGE\nTAN\n").unwrap();
    let words = words.to_str().unwrap();
    let problem = generated(&["words", "3x3", "--words", words]);
    let ours: BTreeSet<String> = drawn(&problem, &[]).into_iter().collect();
    let theirs: BTreeSet<String> =
        pictures(&generated(&["words", "3x3", "--words", words, "--solve"]))
            .into_iter()
            .collect();
    assert!(ours.contains("CAT\nARE\nTEN"), "{ours:?}");
    assert_eq!(ours, theirs);
}

#[test]
fn color_draws_the_pieces_on_backgrounds_and_the_letters_stay() {
    let problem = generated(&["pentomino", "3x20"]);
    let plain = drawn(&problem, &["-n", "1"]);
    let colored = drawn(&problem, &["-n", "1", "--color", "always"]);
    assert!(colored[0].contains("\x1b["), "{colored:?}");
    // Without the escapes, each cell is its letter and a space.
    let mut stripped = String::new();
    let mut escape = false;
    for c in colored[0].chars() {
        match (escape, c) {
            (false, '\x1b') => escape = true,
            (true, 'm') => escape = false,
            (false, _) => stripped.push(c),
            (true, _) => {}
        }
    }
    let letters: Vec<String> = stripped.lines().map(|line| line.replace(' ', "")).collect();
    assert_eq!(letters.join("\n"), plain[0]);
    // --color never, or standard output not a terminal: no escapes.
    assert_eq!(drawn(&problem, &["-n", "1", "--color", "never"]), plain);
}

#[test]
fn a_problem_without_cell_names_and_bad_combinations_are_refused() {
    let queens = generated(&["queens", "5"]);
    let output = dlx()
        .args(["solve", "--draw"])
        .write_stdin(queens.clone())
        .output()
        .unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("<stdin>: --draw: no item names a cell"),
        "{}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty());
    // A board too large to draw is refused before the search.
    let output = dlx()
        .args(["solve", "--draw"])
        .write_stdin("x0y0 x99999y99999\nx0y0 x99999y99999\n")
        .output()
        .unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("more than the"),
        "{}",
        stderr(&output)
    );
    // In a batch the other inputs are still drawn.
    let dir = scratch("draw-batch");
    let (a, b) = (dir.join("a.dlx"), dir.join("b.dlx"));
    std::fs::write(&a, queens).unwrap();
    std::fs::write(&b, "x0y0 x1y0\nx0y0 x1y0\n").unwrap();
    let output = dlx()
        .args(["solve", "--draw"])
        .arg(&a)
        .arg(&b)
        .output()
        .unwrap();
    assert_exit(&output, 2);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("b.dlx <==\naa\n"), "{text}");
    for flags in [
        &["--count"][..],
        &["--json"],
        &["--best"],
        &["--memo"],
        &["--color", "always"],
    ] {
        let mut args = vec!["solve"];
        if flags != ["--color", "always"] {
            args.push("--draw");
        }
        args.extend_from_slice(flags);
        let output = dlx().args(&args).write_stdin("a\na\n").output().unwrap();
        assert_exit(&output, 2);
    }
}

#[test]
fn latin_squares_named_as_dlx_gen_latin_writes_them_are_drawn_by_their_symbols() {
    // `p2x5 r2x3 c5x3`: the cell in row 2, column 5 holds symbol 3. Every
    // picture is a Latin square of the symbols 0..4, and there are as many
    // different ones as `dlx solve --count` finds.
    let problem = generated(&["latin", "4"]);
    let squares: BTreeSet<String> = drawn(&problem, &[]).into_iter().collect();
    let count = dlx()
        .args(["solve", "--count"])
        .write_stdin(problem)
        .output()
        .unwrap();
    let count: usize = String::from_utf8(count.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert_eq!(squares.len(), count);
    let symbols: BTreeSet<&str> = ["0", "1", "2", "3"].into();
    for square in &squares {
        let rows: Vec<Vec<&str>> = square.lines().map(|row| row.split(' ').collect()).collect();
        for k in 0..4 {
            let row: BTreeSet<&str> = rows[k].iter().copied().collect();
            let column: BTreeSet<&str> = rows.iter().map(|row| row[k]).collect();
            assert_eq!((&row, &column), (&symbols, &symbols), "{square}");
        }
    }
}
