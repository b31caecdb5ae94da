//! `dlx sudoku` on every size, the variants and Kaggle's CSV, as a user
//! runs it: answers verified here, bad input reported in place while the
//! rest of the batch is answered.

use crate::common::dlx;

/// A complete grid of size `box_rows * box_cols` by the classic pattern, as
/// digits `1..=n`, row by row.
fn pattern(box_rows: usize, box_cols: usize) -> Vec<u8> {
    let n = box_rows * box_cols;
    (0..n * n)
        .map(|cell| {
            let (row, col) = (cell / n, cell % n);
            ((box_cols * (row % box_rows) + row / box_rows + col) % n) as u8 + 1
        })
        .collect()
}

/// `cells` written in `alphabet`, blanks (0) as `.`.
fn write(cells: &[u8], alphabet: &str) -> String {
    cells
        .iter()
        .map(|&d| {
            if d == 0 {
                '.'
            } else {
                alphabet.as_bytes()[d as usize - 1] as char
            }
        })
        .collect()
}

/// `cells` with every `k`-th cell (from `offset`) kept and the rest blank.
fn blanked(cells: &[u8], k: usize, offset: usize) -> Vec<u8> {
    cells
        .iter()
        .enumerate()
        .map(|(i, &d)| if (i + offset).is_multiple_of(k) { d } else { 0 })
        .collect()
}

/// Whether `line` is a solution of `puzzle` with boxes `box_rows x
/// box_cols`, checked here: rows, columns and boxes hold every symbol once,
/// givens kept.
fn solves(line: &str, puzzle: &str, box_rows: usize, box_cols: usize) -> bool {
    let n = box_rows * box_cols;
    let cells: Vec<char> = line.chars().collect();
    if cells.len() != n * n || cells.contains(&'.') {
        return false;
    }
    let kept = puzzle.chars().zip(&cells).all(|(p, &s)| p == '.' || p == s);
    let distinct = |group: Vec<usize>| {
        let mut seen: Vec<char> = group.iter().map(|&i| cells[i]).collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len() == n
    };
    kept && (0..n).all(|k| {
        let (top, left) = ((k / box_rows) * box_rows, (k % box_rows) * box_cols);
        distinct((0..n).map(|c| k * n + c).collect())
            && distinct((0..n).map(|r| r * n + k).collect())
            && distinct(
                (0..n)
                    .map(|j| (top + j / box_cols) * n + left + j % box_cols)
                    .collect(),
            )
    })
}

const DEFAULT: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

#[test]
fn every_size_in_one_batch_in_input_order() {
    let shapes = [
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
    ];
    let puzzles: Vec<String> = shapes
        .iter()
        .map(|&(r, c)| write(&blanked(&pattern(r, c), 2, 1), DEFAULT))
        .collect();
    let input = puzzles.join("\n") + "\n";
    let one = dlx()
        .args(["sudoku", "-q", "-j", "1"])
        .write_stdin(input.clone())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let several = dlx()
        .args(["sudoku", "-q", "-j", "3"])
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(one, several);
    let text = String::from_utf8(one).unwrap();
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), shapes.len());
    for ((answer, puzzle), &(r, c)) in answers.iter().zip(&puzzles).zip(&shapes) {
        assert!(solves(answer, puzzle, r, c), "{r}x{c}: {answer}");
    }
}

#[test]
fn a_box_shape_and_an_alphabet_are_obeyed() {
    // 6x6 with 3x2 boxes: the default would be 2x3.
    let tall = write(&blanked(&pattern(3, 2), 3, 0), DEFAULT);
    let output = dlx()
        .args(["sudoku", "-q", "--box", "3x2"])
        .write_stdin(format!("{tall}\n"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let answer = String::from_utf8(output).unwrap();
    assert!(solves(answer.trim(), &tall, 3, 2), "{answer}");

    // Hexadecimal 16x16: `0` is a digit, blanks are `.`; answers in hex too,
    // in every layout.
    let hex = "0123456789ABCDEF";
    let puzzle = write(&blanked(&pattern(4, 4), 2, 0), hex);
    let output = dlx()
        .args(["sudoku", "-q", "--symbols", hex])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let answer = String::from_utf8(output).unwrap();
    assert!(answer.contains('0') && !answer.contains('G'));
    assert!(solves(answer.trim(), &puzzle, 4, 4), "{answer}");
    let grid = dlx()
        .args(["sudoku", "-q", "--symbols", hex, "--output", "grid"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let grid = String::from_utf8(grid).unwrap();
    assert_eq!(grid.lines().count(), 16 + 3);
    assert_eq!(grid.lines().nth(4), Some("----+----+----+----"));

    // 64x64 needs an alphabet of 64 symbols.
    let sixty_four = ".".repeat(64 * 64);
    dlx()
        .args(["sudoku", "-q"])
        .write_stdin(format!("{sixty_four}\n"))
        .assert()
        .code(2)
        .stderr("<stdin>:1: a 64x64 puzzle needs 64 symbols, and the alphabet has 61 (give --symbols)\n");
    let refused = dlx()
        .args(["sudoku", "--symbols", "1123"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(
        String::from_utf8(refused)
            .unwrap()
            .contains("symbol '1' is given twice")
    );
}

#[test]
fn bad_lines_of_any_size_are_located_and_the_rest_is_answered() {
    let good = write(&blanked(&pattern(2, 2), 2, 0), DEFAULT);
    let sixteen = write(&blanked(&pattern(4, 4), 2, 0), DEFAULT);
    let input = format!(
        "{good}\n{}\n{}H\n{}\n{good}x\n{sixteen}\n",
        &sixteen[..255],
        &sixteen[..255],
        "1".repeat(70_000),
    );
    let assert = dlx()
        .args(["sudoku", "-q", "--placeholder", "-"])
        .write_stdin(input)
        .assert()
        .code(2);
    let output = assert.get_output();
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(solves(lines[0], &good, 2, 2));
    assert_eq!(&lines[1..5], ["-", "-", "-", "-"]);
    assert!(solves(lines[5], &sixteen, 4, 4));
    assert_eq!(
        String::from_utf8(output.stderr.clone()).unwrap(),
        "<stdin>:2: expected 256 cells, found 255\n\
         <stdin>:3:256: bad character 'H' (expected 1-9, A-G, '.', '_' or '0')\n\
         <stdin>:4: line longer than 65536 bytes\n\
         <stdin>:5:17: bad character 'x' (expected 1-9, '.', '_' or '0')\n"
    );
}

/// The sums of cages of two cells side by side in `cells` (of size `n`),
/// as a cage map and `LABEL=SUM` words.
fn domino_cages(cells: &[u8], n: usize) -> (String, String) {
    let labels: Vec<char> = ('a'..='z').chain('A'..='Z').chain('0'..='9').collect();
    let mut map = String::new();
    let mut sums = Vec::new();
    for row in 0..n {
        for left in (0..n).step_by(2) {
            let k = sums.len();
            let width = 2.min(n - left);
            map.extend(std::iter::repeat_n(labels[k], width));
            let sum: u32 = (left..left + width)
                .map(|c| u32::from(cells[row * n + c]))
                .sum();
            sums.push(format!("{}={sum}", labels[k]));
        }
    }
    (map, sums.join(" "))
}

#[test]
fn variants_from_the_file_and_the_command_line() {
    let solution = pattern(3, 3);
    let puzzle = write(&blanked(&solution, 3, 0), DEFAULT);
    let empty = ".".repeat(81);
    let (cage_map, sums) = domino_cages(&solution, 9);
    let boxes: String = (0..81)
        .map(|cell| (b'a' + (3 * (cell / 27) + (cell % 9) / 3) as u8) as char)
        .collect();
    let input = format!(
        "variant killer\n{empty} {cage_map} {sums}\n{empty} {cage_map} a=3\n\
         variant jigsaw\n{puzzle} {boxes}\n{puzzle} {}\n\
         variant x\n{empty}\nvariant y\n",
        boxes.replacen('a', "b", 1),
    );
    let assert = dlx()
        .args(["sudoku", "-q", "--json"])
        .write_stdin(input)
        .assert()
        .code(2);
    let output = assert.get_output();
    let records: Vec<serde_json::Value> = String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 7, "{records:?}");
    // Killer: the solution keeps every cage's sum, checked here.
    assert_eq!(records[0]["variant"], "killer");
    let killer: Vec<u32> = records[0]["solution"]
        .as_str()
        .unwrap()
        .bytes()
        .map(|c| u32::from(c - b'0'))
        .collect();
    let killer_cells: Vec<u8> = killer.iter().map(|&d| d as u8).collect();
    assert_eq!(domino_cages(&killer_cells, 9).1, sums);
    assert!(solves(
        records[0]["solution"].as_str().unwrap(),
        &empty,
        3,
        3
    ));
    assert_eq!(records[1]["status"], "invalid");
    assert_eq!(records[2]["variant"], "jigsaw");
    assert!(solves(
        records[2]["solution"].as_str().unwrap(),
        &puzzle,
        3,
        3
    ));
    assert_eq!(records[3]["status"], "invalid");
    // X: both diagonals hold every digit.
    let x: Vec<char> = records[4]["solution"].as_str().unwrap().chars().collect();
    let mut main: Vec<char> = (0..9).map(|k| x[k * 10]).collect();
    let mut anti: Vec<char> = (0..9).map(|k| x[k * 8 + 8]).collect();
    main.sort_unstable();
    main.dedup();
    anti.sort_unstable();
    anti.dedup();
    assert_eq!((main.len(), anti.len()), (9, 9));
    assert_eq!(records[5]["type"], "error");
    assert_eq!(records[6]["type"], "summary");
    assert_eq!(
        String::from_utf8(output.stderr.clone()).unwrap(),
        "<stdin>:3: no sum for cage 'b' (expected LABEL=SUM words after the cage map)\n\
         <stdin>:6: region 1 has 10 cells, expected 9\n\
         <stdin>:9: unknown variant \"y\": expected classic, x, hyper, jigsaw or killer, joined by '+'\n"
    );

    // The seeds' engines refuse variants by name; --to-dlx writes the
    // variant's cover, which `dlx solve` solves.
    dlx()
        .args(["sudoku", "-q", "--variant", "x", "--engine", "mrv"])
        .write_stdin(format!("{empty}\n"))
        .assert()
        .code(2)
        .stderr("<stdin>:1: the mrv engine solves classic Sudoku only, not the x variant (use --engine dlx)\n");
    let cover = dlx()
        .args(["sudoku", "--variant", "x+hyper", "--to-dlx"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(cover).unwrap();
    assert!(text.lines().nth(1) == Some("| variant x+hyper"));
    assert!(text.lines().nth(2).unwrap().ends_with("w39"));
}

#[test]
fn kaggle_csv_with_solutions_checked_and_bad_records_in_place() {
    let solution = write(&pattern(3, 3), DEFAULT);
    let puzzle = write(&blanked(&pattern(3, 3), 2, 0), DEFAULT);
    let wrong = format!("{}{}", &solution[1..2], &solution[1..]);
    let input = format!(
        "\u{feff}id,puzzle,solution,clues,difficulty\r\n\
         1,{puzzle},{solution},41,0.0\r\n\
         2,{puzzle},{wrong},41,0.0\r\n\
         3,{puzzle}\r\n\
         4,\"{puzzle}\",,41,0.0\r\n"
    );
    for threads in ["1", "2"] {
        let assert = dlx()
            .args(["sudoku", "-q", "-j", threads, "--placeholder", "?"])
            .write_stdin(input.clone())
            .assert()
            .code(2);
        let output = assert.get_output();
        let stdout = String::from_utf8(output.stdout.clone()).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        // The mismatch still gets its answer: the solution found.
        assert_eq!(lines.len(), 4, "{stdout}");
        assert!(solves(lines[0], &puzzle, 3, 3));
        assert!(solves(lines[1], &puzzle, 3, 3));
        assert_eq!(lines[2], "?");
        assert!(solves(lines[3], &puzzle, 3, 3));
        assert_eq!(
            String::from_utf8(output.stderr.clone()).unwrap(),
            "<stdin>:3: the given solution does not solve the puzzle: r1c1 holds digit 2, not the given 1\n\
             <stdin>:4: expected 5 CSV fields, found 2\n"
        );
    }
    dlx()
        .args(["sudoku", "-q", "--format", "csv"])
        .write_stdin(format!("{puzzle},{solution}\n"))
        .assert()
        .code(2)
        .stderr(
            "<stdin>:1: expected a CSV header naming the puzzle column \
             (quizzes, quiz, puzzle, puzzles, question)\n",
        );
}

#[test]
fn generated_puzzles_do_not_depend_on_threads_and_solve_uniquely() {
    let run = |threads: &str| {
        dlx()
            .args([
                "sudoku",
                "--generate",
                "20",
                "--seed",
                "9",
                "--box",
                "2x3",
                "--variant",
                "x",
                "--rate",
                "-j",
                threads,
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let one = run("1");
    assert_eq!(one, run("3"));
    let output = String::from_utf8(one).unwrap();
    let text = output.strip_prefix("variant x\n").unwrap();
    assert_eq!(text.lines().count(), 20);
    assert!(
        text.lines()
            .all(|line| line.contains(" singles=") && line.contains(" search-effort="))
    );
    // The lines read back (the rating is a comment; the variant line names
    // the rules) and each has one solution.
    let answers = dlx()
        .args(["sudoku", "-q", "--unique"])
        .write_stdin(output.clone())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let answers = String::from_utf8(answers).unwrap();
    for (answer, line) in answers.lines().zip(text.lines()) {
        let puzzle = line.split(' ').next().unwrap();
        assert!(solves(answer, puzzle, 2, 3), "{answer}");
    }
    let refused = dlx()
        .args([
            "sudoku",
            "--generate",
            "1",
            "--variant",
            "killer",
            "--box",
            "5x5",
        ])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(
        String::from_utf8(refused)
            .unwrap()
            .contains("cannot generate killer puzzles of 25x25 with 5x5 boxes: killer puzzles are generated up to 9x9")
    );
}

/// 64x64 needs an alphabet of its own (the default has 61 symbols): every
/// digit, 62 to 64 included, is written in it in every layout, in the
/// `--to-dlx` comment and in the messages about conflicting givens (which
/// once fell back to the default alphabet and printed `?`).
#[test]
fn a_64x64_grid_is_written_in_its_alphabet_everywhere() {
    let alphabet = format!("{DEFAULT}@$%");
    let full = pattern(8, 8);
    // Every third cell blank: quick to solve, every digit given.
    let holes: Vec<u8> = full
        .iter()
        .enumerate()
        .map(|(i, &d)| if i % 3 == 0 { 0 } else { d })
        .collect();
    let puzzle = write(&holes, &alphabet);
    let solution = write(&full, &alphabet);
    let run = |args: &[&str], input: &str| {
        let output = dlx()
            .args(["sudoku", "-q", "-j", "1", "--symbols", &alphabet])
            .args(args)
            .write_stdin(format!("{input}\n"))
            .output()
            .unwrap();
        (
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    for layout in ["line", "rows", "blocks", "grid", "ans"] {
        let (out, _) = run(&["--output", layout], &puzzle);
        // The layout's cells, read back in order: each is a symbol.
        let cells: String = out
            .trim_start_matches("ans:")
            .chars()
            .filter(|c| !c.is_whitespace() && !"|-+".contains(*c))
            .collect();
        assert_eq!(cells, solution, "{layout}");
    }
    let (json, _) = run(&["--json"], &puzzle);
    assert!(
        json.contains(&format!("\"solution\":\"{solution}\"")),
        "{json}"
    );
    let (dlx_text, _) = run(&["--to-dlx"], &puzzle);
    assert_eq!(
        dlx_text.lines().next(),
        Some(format!("| sudoku {puzzle}").as_str())
    );
    // Digit 64 (`%`) given twice in row 1.
    let mut repeated = full.clone();
    repeated[0] = 64;
    repeated[1] = 64;
    let bad = write(&repeated, &alphabet);
    let (_, err) = run(&[], &bad);
    assert!(
        err.contains("invalid puzzle: % 3 times in row 1 (r1c1, r1c2,"),
        "{err}"
    );
    assert!(!err.contains('?'), "{err}");
}

/// A conflict names its digit in the alphabet the puzzle was written in.
#[test]
fn a_conflict_is_named_in_the_puzzles_alphabet() {
    let hex = "0123456789ABCDEF";
    let line = format!("00{}", ".".repeat(254));
    let output = dlx()
        .args(["sudoku", "-q", "--symbols", hex])
        .write_stdin(format!("{line}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        err.contains("invalid puzzle: 0 twice in row 1 (r1c1, r1c2); 0 twice in box 1"),
        "{err}"
    );
}

/// The fields of a CSV line that `dlx sudoku --output csv` wrote: Sudoku
/// fields and plain ids need no quotes.
fn fields(line: &str) -> Vec<&str> {
    line.split(',').collect()
}

#[test]
fn csv_output_keeps_the_columns_and_adds_the_solutions() {
    let puzzle = write(&blanked(&pattern(3, 3), 2, 0), DEFAULT);
    // Two 1s in the first row: no solution.
    let broken = format!("11{}", &puzzle[2..]);
    let input = format!(
        "id,puzzle,difficulty\n\
         a,{puzzle},0.5\n\
         b,{broken},0.5\n\
         c,{puzzle}\n\
         d,\"{puzzle}\",2\n"
    );
    for threads in ["1", "2"] {
        let output = dlx()
            .args(["sudoku", "-q", "-j", threads, "--output", "csv"])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stdout = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 5, "{stdout}");
        assert_eq!(lines[0], "id,puzzle,difficulty,solution");
        for (line, id, difficulty) in [(lines[1], "a", "0.5"), (lines[4], "d", "2")] {
            let row = fields(line);
            assert_eq!(row[..3], [id, &puzzle, difficulty], "{line}");
            assert!(solves(row[3], &puzzle, 3, 3), "{line}");
        }
        assert_eq!(fields(lines[2]), ["b", &broken, "0.5", ""]);
        // A record without the header's columns is written as it was.
        assert_eq!(lines[3], format!("c,{puzzle}"));
        let stderr = String::from_utf8(output.stderr).unwrap();
        let reported: Vec<&str> = stderr.lines().collect();
        assert_eq!(reported.len(), 2, "{stderr}");
        assert!(reported[0].starts_with("<stdin>:3: "), "{stderr}");
        assert_eq!(reported[1], "<stdin>:4: expected 3 CSV fields, found 2");
    }
    // --placeholder fills the solution column of the puzzles with none.
    let output = dlx()
        .args(["sudoku", "-q", "--output", "csv", "--placeholder", "none"])
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout.lines().nth(2),
        Some(&*format!("b,{broken},0.5,none"))
    );
    // Kaggle's `quizzes,solutions`: the solution column filled in, which
    // `dlx sudoku` then reads back and checks.
    let kaggle = format!("quizzes,solutions\n{puzzle},\n{puzzle},\n");
    let answered = dlx()
        .args(["sudoku", "-q", "--output", "csv"])
        .write_stdin(kaggle)
        .output()
        .unwrap();
    assert_eq!(answered.status.code(), Some(0));
    let answered = String::from_utf8(answered.stdout).unwrap();
    let lines: Vec<&str> = answered.lines().collect();
    assert_eq!(lines.len(), 3, "{answered}");
    assert_eq!(lines[0], "quizzes,solutions");
    for line in &lines[1..] {
        let row = fields(line);
        assert_eq!(row[0], puzzle);
        assert!(solves(row[1], &puzzle, 3, 3), "{line}");
    }
    dlx()
        .args(["sudoku", "-q", "--output", "csv"])
        .write_stdin(answered.clone())
        .assert()
        .success()
        .stdout(answered)
        .stderr("");
}

#[test]
fn csv_output_is_refused_without_csv_input() {
    let puzzle = write(&blanked(&pattern(3, 3), 2, 0), DEFAULT);
    for (args, message) in [
        (
            &["--output", "csv"][..],
            "<stdin>: --output csv needs CSV input, and this input is line\n",
        ),
        (
            &["--output", "csv", "--format", "line"],
            "dlx sudoku: --output csv writes CSV input back, and --format line is not CSV\n",
        ),
    ] {
        let output = dlx()
            .arg("sudoku")
            .arg("-q")
            .args(args)
            .write_stdin(format!("{puzzle}\n"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(String::from_utf8(output.stderr).unwrap(), message);
    }
    for other in ["--count", "--json", "--rate", "--to-dlx"] {
        let output = dlx()
            .args(["sudoku", "--output", "csv", other])
            .write_stdin(format!("puzzle\n{puzzle}\n"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{other}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("--output") && stderr.contains(other),
            "{stderr}"
        );
    }
}
