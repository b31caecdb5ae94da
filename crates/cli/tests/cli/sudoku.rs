//! Tests of `dlx sudoku`: the seeds' samples byte for byte, every engine on
//! generated puzzles, the exact-cover text through `dlx solve`, bad input,
//! exit codes, JSON, and a reader that goes away.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command as StdCommand, Stdio};

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Shape, Solver};
use serde_json::Value;

use super::common::*;

const ENGINES: [&str; 6] = ["dlx", "naive", "blank-list", "mrv", "stack", "bitmask"];

fn data(name: &str) -> String {
    std::fs::read_to_string(cli_data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 diagnostics")
}

/// Whether `line` (81 digits) solves `puzzle`, checked from the rules here.
fn solves(line: &str, puzzle: &Grid) -> bool {
    let Ok(solution) = line.parse::<Grid>() else {
        return false;
    };
    let cells = solution.cells();
    let givens_kept = cells
        .iter()
        .zip(puzzle.cells())
        .all(|(&s, &p)| s != 0 && (p == 0 || p == s));
    let unit_ok = |digits: Vec<u8>| {
        let mut seen = [false; 10];
        digits
            .into_iter()
            .all(|d| !std::mem::replace(&mut seen[d as usize], true))
    };
    givens_kept
        && (0..9).all(|u| {
            unit_ok((0..9).map(|k| cells[u * 9 + k]).collect())
                && unit_ok((0..9).map(|k| cells[k * 9 + u]).collect())
                && unit_ok(
                    (0..9)
                        .map(|k| cells[(3 * (u / 3) + k / 3) * 9 + 3 * (u % 3) + k % 3])
                        .collect(),
                )
        })
}

/// A corpus of puzzles, one per line: unique, several solutions, none.
fn corpus(seed: u64) -> Vec<Grid> {
    let mut generator = Generator::new(seed);
    let mut puzzles = Vec::new();
    for k in 0..12 {
        puzzles.push(generator.unique_puzzle(Shape::CLASSIC, if k % 2 == 0 { 0 } else { 30 }));
        puzzles.push(generator.puzzle(Shape::CLASSIC, 24 + k % 6));
        if k % 3 == 0 {
            puzzles.push(generator.unsolvable_puzzle(Shape::CLASSIC));
        }
    }
    puzzles
}

fn lines_of(puzzles: &[Grid]) -> String {
    puzzles.iter().map(|p| format!("{p}\n")).collect()
}

// ---------------------------------------------------------------------------
// The seeds' samples.

#[test]
fn acwing_166_sample_lines_in_lines_out_end_honoured() {
    for engine in ENGINES {
        dlx()
            .args(["sudoku", "--engine", engine])
            .arg(cli_data("sudoku_acwing166.in"))
            .assert()
            .success()
            .stdout(data("sudoku_acwing166.out"))
            .stderr("");
    }
}

#[test]
fn poj_3074_sample_from_standard_input() {
    dlx()
        .arg("sudoku")
        .write_stdin(data("sudoku_poj3074.in"))
        .assert()
        .success()
        .stdout(data("sudoku_poj3074.out"))
        .stderr("");
}

#[test]
fn poj_2676_sample_count_and_grids_in_grids_out() {
    for engine in ENGINES {
        dlx()
            .args(["sudoku", "--engine", engine])
            .arg(cli_data("sudoku_poj2676.in"))
            .assert()
            .success()
            .stdout(data("sudoku_poj2676.out"));
    }
    // Forced, the same.
    dlx()
        .args(["sudoku", "--format", "poj2676"])
        .arg(cli_data("sudoku_poj2676.in"))
        .assert()
        .success()
        .stdout(data("sudoku_poj2676.out"));
}

#[test]
fn hundred_lines_example_in_its_ans_layout_and_as_blocks() {
    for engine in ENGINES {
        dlx()
            .args(["sudoku", "--output", "ans", "--engine", engine])
            .arg(cli_data("sudoku_100lines.in"))
            .assert()
            .success()
            .stdout(data("sudoku_100lines_ans.out"));
    }
    dlx()
        .arg("sudoku")
        .arg(cli_data("sudoku_100lines.in"))
        .assert()
        .success()
        .stdout(data("sudoku_100lines_blocks.out"));
}

#[test]
fn leetcode_example_as_an_sdk_grid() {
    dlx()
        .args(["sudoku", "--engine", "stack"])
        .arg(cli_data("sudoku_leetcode.sdk"))
        .assert()
        .success()
        .stdout(data("sudoku_leetcode.out"));
}

#[test]
fn crlf_line_ends_change_nothing() {
    dlx()
        .arg("sudoku")
        .write_stdin(data("sudoku_acwing166.in").replace('\n', "\r\n"))
        .assert()
        .success()
        .stdout(data("sudoku_acwing166.out"));
}

// ---------------------------------------------------------------------------
// Output layouts.

#[test]
fn output_layouts_can_be_chosen() {
    let solution = data("sudoku_poj3074.out");
    let solution = solution.trim_end();
    let rows: Vec<&str> = (0..9).map(|r| &solution[9 * r..9 * r + 9]).collect();
    let run = |layout: &str| {
        let output = dlx()
            .args(["sudoku", "--output", layout])
            .arg(cli_data("sudoku_poj3074.in"))
            .output()
            .unwrap();
        assert!(output.status.success(), "{layout}");
        stdout_of(&output)
    };
    assert_eq!(run("line"), format!("{solution}\n"));
    assert_eq!(run("rows"), format!("{}\n", rows.join("\n")));
    assert_eq!(run("poj2676"), run("rows"));
    let blocks = run("blocks");
    assert_eq!(blocks.lines().next(), Some("5 2 7 3 8 9 4 1 6"));
    let grid = run("grid");
    assert_eq!(
        grid.lines().take(4).collect::<Vec<_>>(),
        ["527|389|416", "819|426|735", "436|751|829", "---+---+---"]
    );
    // What the binary writes, it reads.
    for layout in ["line", "rows", "blocks", "grid"] {
        dlx()
            .arg("sudoku")
            .write_stdin(run(layout))
            .assert()
            .success()
            .stdout(run(layout));
    }
}

// ---------------------------------------------------------------------------
// Every engine through the binary.

#[test]
fn every_engine_solves_the_corpus_and_they_agree() {
    let puzzles = corpus(41);
    let input = lines_of(&puzzles);
    let mut outputs = Vec::new();
    for engine in ENGINES {
        let output = dlx()
            .args(["sudoku", "--placeholder", "none", "--engine", engine])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(1),
            "{engine}: some puzzles have no solution"
        );
        let text = stdout_of(&output);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), puzzles.len(), "{engine}: one line per puzzle");
        let mut library = Solver::new(Engine::Dlx);
        for (line, puzzle) in lines.iter().zip(&puzzles) {
            let count = library.count_up_to(puzzle, 1).unwrap();
            if count == 0 {
                assert_eq!(*line, "none", "{engine} on {puzzle}");
            } else {
                assert!(
                    solves(line, puzzle),
                    "{engine}: {line} does not solve {puzzle}"
                );
            }
        }
        outputs.push(text);
    }
    // naive, blank-list and stack walk the same tree: the same answers.
    assert_eq!(outputs[1], outputs[2]);
    assert_eq!(outputs[1], outputs[4]);
}

#[test]
fn counts_agree_across_engines_and_with_the_library() {
    let puzzles = corpus(43);
    let input = lines_of(&puzzles);
    let mut library = Solver::new(Engine::Dlx);
    let expected: String = puzzles
        .iter()
        .map(|p| format!("{}\n", library.count_up_to(p, 25).unwrap()))
        .collect();
    assert!(expected.lines().any(|c| c == "25") && expected.lines().any(|c| c == "0"));
    for engine in ENGINES {
        dlx()
            .args(["sudoku", "--count", "--limit", "25", "--engine", engine])
            .write_stdin(input.clone())
            .assert()
            .code(1) // some counts are 0
            .stdout(expected.clone());
    }
}

#[test]
fn unique_prints_only_unique_puzzles_and_reports_the_others() {
    let puzzles = corpus(47);
    let input = lines_of(&puzzles);
    let mut library = Solver::new(Engine::Dlx);
    let mut expected_out = String::new();
    let mut expected_err = String::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        match library.count_up_to(puzzle, 2).unwrap() {
            0 => expected_err += &format!("<stdin>:{}: no solution\n", k + 1),
            1 => expected_out += &format!("{}\n", library.solve(puzzle).unwrap().unwrap()),
            _ => expected_err += &format!("<stdin>:{}: more than one solution\n", k + 1),
        }
    }
    for engine in ENGINES {
        dlx()
            .args(["sudoku", "--unique", "--engine", engine])
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .stdout(expected_out.clone())
            .stderr(expected_err.clone());
    }
}

// ---------------------------------------------------------------------------
// The exact-cover text.

/// The grid of a `dlx solve` solution of `--to-dlx` output, from the item
/// names of its options.
fn decode_dlx_solution(text: &str) -> String {
    let mut cells = vec![b'.'; 81];
    for line in text.lines().filter(|line| !line.is_empty()) {
        let names: Vec<&str> = line.split(' ').collect();
        assert_eq!(names.len(), 4, "{line}");
        let cell = names
            .iter()
            .find(|n| n.starts_with('p'))
            .unwrap()
            .as_bytes();
        let row_digit = names
            .iter()
            .find(|n| n.starts_with('r'))
            .unwrap()
            .as_bytes();
        let index = (cell[1] - b'0') as usize * 9 + (cell[2] - b'0') as usize;
        assert_eq!(cells[index], b'.', "each cell once");
        cells[index] = row_digit[2];
    }
    String::from_utf8(cells).unwrap()
}

#[test]
fn to_dlx_output_solves_in_dlx_solve() {
    for sample in ["sudoku_poj3074", "sudoku_acwing166"] {
        let input = data(&format!("{sample}.in"));
        let expected = data(&format!("{sample}.out"));
        for (line, solution) in input.lines().filter(|l| *l != "end").zip(expected.lines()) {
            let problem = dlx()
                .args(["sudoku", "--to-dlx"])
                .write_stdin(format!("{line}\n"))
                .output()
                .unwrap();
            assert!(problem.status.success());
            let text = stdout_of(&problem);
            assert!(
                text.starts_with(&format!("| sudoku {line}\np00 p11 ")),
                "{text}"
            );
            let solved = dlx()
                .arg("solve")
                .write_stdin(text.clone())
                .output()
                .unwrap();
            assert!(solved.status.success(), "{}", stderr_of(&solved));
            assert_eq!(decode_dlx_solution(&stdout_of(&solved)), solution);
            dlx()
                .args(["solve", "--count"])
                .write_stdin(text)
                .assert()
                .success()
                .stdout("1\n");
        }
    }
}

#[test]
fn to_dlx_rejects_contradictory_givens() {
    let bad = format!("55{}\n", ".".repeat(79));
    dlx()
        .args(["sudoku", "--to-dlx"])
        .write_stdin(bad)
        .assert()
        .code(2)
        .stdout("")
        .stderr("<stdin>:1: invalid puzzle: 5 twice in row 1 (r1c1, r1c2); 5 twice in box 1 (r1c1, r1c2)\n");
}

// ---------------------------------------------------------------------------
// Bad input, exit codes, several files.

#[test]
fn bad_puzzles_are_reported_by_line_and_the_batch_goes_on() {
    let mixed = cli_data("sudoku_mixed.in");
    let name = mixed.display().to_string();
    let acwing = data("sudoku_acwing166.out");
    let poj3074 = data("sudoku_poj3074.out");
    let output = dlx().arg("sudoku").arg(&mixed).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        3,
        "two unique puzzles and one with several solutions"
    );
    assert_eq!(lines[0], acwing.lines().next().unwrap());
    assert_eq!(lines[2], poj3074.trim_end());
    let several: Grid =
        "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    assert!(solves(lines[1], &several));
    assert_eq!(
        stderr_of(&output),
        format!(
            "{name}:3: expected 81 cells, found 80\n\
             {name}:4:55: bad character 'x' (expected 1-9, '.', '_' or '0')\n\
             {name}:5: invalid puzzle: 4 twice in row 1 (r1c1, r1c2); 4 twice in box 1 (r1c1, r1c2)\n\
             {name}:6: no solution\n"
        )
    );
}

#[test]
fn exit_codes_say_solved_unsolvable_or_bad() {
    let solvable = data("sudoku_poj3074.in");
    let unsolvable = format!("12345678.........9{}\n", ".".repeat(63));
    let several = format!("{}\n", ".".repeat(81));
    dlx()
        .arg("sudoku")
        .write_stdin(solvable.clone())
        .assert()
        .code(0);
    dlx()
        .arg("sudoku")
        .write_stdin(unsolvable.clone())
        .assert()
        .code(1)
        .stdout("")
        .stderr("<stdin>:1: no solution\n");
    dlx()
        .args(["sudoku", "--unique"])
        .write_stdin(several.clone())
        .assert()
        .code(1);
    dlx()
        .args(["sudoku", "--count", "--limit", "3"])
        .write_stdin(several)
        .assert()
        .code(0)
        .stdout("3\n");
    dlx()
        .args(["sudoku", "--count"])
        .write_stdin(unsolvable.clone())
        .assert()
        .code(1)
        .stdout("0\n");
    // Bad input wins over no solution.
    dlx()
        .arg("sudoku")
        .write_stdin(format!("{unsolvable}x\n"))
        .assert()
        .code(2);
}

#[test]
fn a_count_line_that_does_not_match_is_an_error() {
    let poj = data("sudoku_poj2676.in").replacen("1\n", "2\n", 1);
    dlx()
        .arg("sudoku")
        .write_stdin(poj)
        .assert()
        .code(2)
        .stdout(data("sudoku_poj2676.out"))
        .stderr("<stdin>:1: the count line announces 2 puzzles, but 1 puzzle follows\n");
    let poj = data("sudoku_poj2676.in");
    let grid: String = poj.lines().skip(1).map(|l| format!("{l}\n")).collect();
    dlx()
        .args(["sudoku", "--format", "poj2676"])
        .write_stdin(grid)
        .assert()
        .code(2)
        .stdout(data("sudoku_poj2676.out"))
        .stderr("<stdin>:1: expected the number of puzzles on the first line (POJ 2676 format)\n");
}

#[test]
fn a_broken_grid_is_skipped_and_the_next_is_solved() {
    let poj = data("sudoku_poj2676.in");
    let rows: Vec<&str> = poj.lines().skip(1).collect();
    let mut broken: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    broken[3] = "30050200".into();
    let input = format!("2\n{}\n{}\n", broken.join("\n"), rows.join("\n"));
    dlx()
        .arg("sudoku")
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(data("sudoku_poj2676.out"))
        .stderr("<stdin>:5: expected a row of 9 cells, found 8\n");
}

#[test]
fn several_files_in_order_and_a_missing_one_does_not_stop_the_rest() {
    let output = dlx()
        .arg("sudoku")
        .arg(cli_data("sudoku_acwing166.in"))
        .arg("no/such/file.txt")
        .arg(cli_data("sudoku_poj2676.in"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stdout_of(&output),
        data("sudoku_acwing166.out") + &data("sudoku_poj2676.out")
    );
    let stderr = stderr_of(&output);
    assert!(
        stderr.starts_with("no/such/file.txt: cannot open: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}

#[test]
fn forced_formats_that_do_not_fit_report_every_line() {
    let output = dlx()
        .args(["sudoku", "--format", "line"])
        .arg(cli_data("sudoku_100lines.in"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout_of(&output), "");
    let stderr = stderr_of(&output);
    assert_eq!(stderr.lines().count(), 9);
    assert!(
        stderr
            .lines()
            .all(|l| l.ends_with(": expected 16 cells, found 1")),
        "{stderr}"
    );
}

#[test]
fn placeholders_keep_the_output_aligned() {
    let output = dlx()
        .args(["sudoku", "--placeholder", "-"])
        .arg(cli_data("sudoku_mixed.in"))
        .output()
        .unwrap();
    let stdout = stdout_of(&output);
    let marks: Vec<bool> = stdout.lines().map(|l| l == "-").collect();
    assert_eq!(marks, [false, true, true, true, true, false, false]);
    let output = dlx()
        .args(["sudoku", "--count", "--placeholder", "?"])
        .arg(cli_data("sudoku_mixed.in"))
        .output()
        .unwrap();
    let counts: Vec<String> = stdout_of(&output).lines().map(str::to_owned).collect();
    assert_eq!(counts[..5], ["1", "?", "?", "?", "0"]);
    assert!(counts[5].parse::<u64>().unwrap() > 1);
    assert_eq!(counts[6], "1");
}

#[test]
fn contradictory_arguments_are_refused() {
    for args in [
        &["sudoku", "--count", "--unique"][..],
        &["sudoku", "--limit", "3"],
        &["sudoku", "--count", "--limit", "0"],
        &["sudoku", "--to-dlx", "--json"],
        &["sudoku", "--engine", "magic"],
        &["sudoku", "--format", "csv"],
    ] {
        dlx().args(args).write_stdin("").assert().code(2);
    }
    let help = dlx().args(["sudoku", "--help"]).output().unwrap();
    let help = stdout_of(&help);
    assert!(
        help.contains("Exit status") && help.contains("poj2676") && help.contains("blank-list"),
        "{help}"
    );
}

// ---------------------------------------------------------------------------
// JSON and statistics.

#[test]
fn json_records_every_puzzle_and_a_summary() {
    let output = dlx()
        .args(["sudoku", "--json", "--unique"])
        .arg(cli_data("sudoku_mixed.in"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let records: Vec<Value> = stdout_of(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(records.len(), 8);
    let statuses: Vec<&str> = records[..7]
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "solved",
            "invalid",
            "invalid",
            "invalid",
            "no-solution",
            "not-unique",
            "solved"
        ]
    );
    let lines: Vec<u64> = records[..7]
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(
        records[0]["solution"],
        data("sudoku_acwing166.out").lines().next().unwrap()
    );
    assert_eq!(records[0]["count"], 1);
    // At least the root; deduction before the search may solve it there.
    assert!(records[0]["nodes"].as_u64().unwrap() >= 1);
    assert_eq!(records[1]["error"], "expected 81 cells, found 80");
    assert_eq!(records[3]["puzzle"].as_str().unwrap().len(), 81);
    assert_eq!(records[5]["count"], 2);
    assert!(records[5]["solution"].is_null());
    // Two solutions: the search branched.
    assert!(records[5]["nodes"].as_u64().unwrap() > 2);
    let summary = &records[7];
    assert_eq!(summary["type"], "summary");
    let counts: Vec<u64> = [
        "puzzles",
        "solved",
        "unsolvable",
        "not_unique",
        "invalid",
        "errors",
    ]
    .iter()
    .map(|key| summary[key].as_u64().unwrap())
    .collect();
    assert_eq!(counts, [7, 2, 1, 1, 3, 0]);
    let nodes: u64 = records[..7]
        .iter()
        .filter_map(|r| r["nodes"].as_u64())
        .sum();
    assert_eq!(summary["nodes"], nodes);
}

#[test]
fn stats_summarise_the_run_on_stderr() {
    let output = dlx()
        .args(["sudoku", "--stats", "--engine", "mrv"])
        .arg(cli_data("sudoku_mixed.in"))
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    let summary = stderr.lines().last().unwrap();
    let fields: Vec<&str> = summary.split(' ').collect();
    let value = |name: &str| fields[fields.iter().position(|f| *f == name).unwrap() + 1];
    assert_eq!(
        ["engine", "puzzles", "solved", "unsolvable", "invalid"].map(value),
        ["mrv", "7", "3", "1", "3"]
    );
    assert!(value("nodes").parse::<u64>().unwrap() > 0);
    assert!(value("time").ends_with('s'));
    assert!(value("us-per-puzzle").parse::<f64>().unwrap() > 0.0);
}

// ---------------------------------------------------------------------------
// A reader that goes away.

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let puzzles = lines_of(&corpus(53)).repeat(400);
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("dlx"))
        .arg("sudoku")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The child may stop reading at any point: ignore write errors.
        let _ = stdin.write_all(puzzles.as_bytes());
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim_end().len(), 81);
    // The reader is dropped here, like `head -1` exiting.
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("error writing"),
        "{stderr}"
    );
    // Some corpus puzzles have no solution, so 1 is fine; 2 or a signal is not.
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{:?}",
        output.status
    );
}
