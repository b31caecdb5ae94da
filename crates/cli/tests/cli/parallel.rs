//! `dlx sudoku -j N`: on a generated batch of a few thousand puzzles, with
//! bad lines, unsolvable puzzles and several files, every mode writes with
//! several threads exactly what it writes with one: stdout byte for byte,
//! the messages on stderr in the same order, the same exit status.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command as StdCommand, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Shape, Solver};
use serde_json::Value;

use super::common::*;

/// What a run wrote, and how it ended.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

/// The inputs of the comparisons: three generated files, one of them given
/// twice, a missing one, one that opens but cannot be read (a directory),
/// and one in another layout (POJ 2676 rows).
struct Batch {
    files: Vec<PathBuf>,
    /// Puzzles for standard input.
    stdin: String,
}

/// Where generated inputs go: a directory of this test process.
fn scratch_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sudoku-parallel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Lines of a generated batch: mostly random puzzles (often with several
/// solutions), some unique ones, some unsolvable, and bad lines (too short,
/// a bad character, contradictory givens), comments and blank lines.
fn generated_lines(seed: u64, count: usize) -> String {
    let mut generator = Generator::new(seed);
    let mut text = String::from("# generated\n");
    for k in 0..count {
        let puzzle = match k % 97 {
            0 => generator.unique_puzzle(Shape::CLASSIC, 0),
            50 => generator.unsolvable_puzzle(Shape::CLASSIC),
            _ => generator.puzzle(Shape::CLASSIC, 24 + k % 12),
        };
        let line = puzzle.to_line();
        match k % 211 {
            7 => text += &line[1..],                                   // 80 cells
            19 => text += &format!("{}x{}", &line[..40], &line[41..]), // bad character
            31 => text += &contradictory(&puzzle),
            43 => text += "\n",
            _ => text += &line,
        }
        text.push('\n');
    }
    text
}

/// `puzzle` with a given repeated in its row: contradictory givens.
fn contradictory(puzzle: &Grid) -> String {
    let mut cells: Vec<u8> = puzzle.to_line().into_bytes();
    cells[0] = b'5';
    cells[1] = b'5';
    String::from_utf8(cells).expect("ASCII")
}

/// The batch, generated once per test process.
fn batch() -> &'static Batch {
    static BATCH: OnceLock<Batch> = OnceLock::new();
    BATCH.get_or_init(|| {
        let dir = scratch_dir();
        let mut files = Vec::new();
        for (k, count) in [1500, 900, 700].into_iter().enumerate() {
            let path = dir.join(format!("batch{k}.txt"));
            std::fs::write(&path, generated_lines(100 + k as u64, count)).expect("written");
            files.push(path);
        }
        let poj = cli_data("sudoku_poj2676.in");
        let files = vec![
            files[0].clone(),
            poj.clone(),
            files[1].clone(),
            dir.join("no-such-file.txt"),
            files[2].clone(),
            dir.clone(),
            poj,
            files[0].clone(),
        ];
        Batch {
            files,
            stdin: generated_lines(7, 400),
        }
    })
}

/// `dlx sudoku -j THREADS ARGS FILES...`, with the batch's stdin when a file
/// is `-`.
fn sudoku(threads: usize, args: &[&str], files: &[PathBuf]) -> Run {
    let output = dlx()
        .arg("sudoku")
        .arg(format!("-j{threads}"))
        .args(args)
        .args(files)
        .write_stdin(batch().stdin.clone())
        .output()
        .expect("dlx runs");
    Run {
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 messages"),
        code: output.status.code(),
    }
}

/// Runs `args` over the batch with 1, 2 and 3 threads and checks that the
/// runs agree; returns the one-thread run.
fn same_with_threads(args: &[&str]) -> Run {
    let mut files = batch().files.clone();
    files.insert(2, PathBuf::from("-"));
    let one = sudoku(1, args, &files);
    for threads in [2, 3] {
        let several = sudoku(threads, args, &files);
        assert_eq!(several.code, one.code, "exit status, -j {threads} {args:?}");
        assert!(
            several.stdout == one.stdout,
            "stdout differs, -j {threads} {args:?}"
        );
        assert_eq!(several.stderr, one.stderr, "stderr, -j {threads} {args:?}");
    }
    one
}

/// The messages of a run about puzzles and inputs, which the batch holds.
fn assert_reports_the_bad_lines(run: &Run) {
    for message in [
        "expected 81 cells, found 80",
        ":41: bad character 'x'",
        "invalid puzzle: ",
        "no-such-file.txt: cannot open: ",
        ": read error: ",
        "<stdin>:",
    ] {
        assert!(run.stderr.contains(message), "{message}: {}", run.stderr);
    }
}

#[test]
fn solving_is_the_same_with_several_threads() {
    let run = same_with_threads(&[]);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.lines().count() > 4000, "answers for the batch");
    assert_reports_the_bad_lines(&run);
    assert!(run.stderr.contains(": no solution\n"));
}

#[test]
fn counting_is_the_same_with_several_threads() {
    let run = same_with_threads(&["--count", "--limit", "20"]);
    let counts: Vec<&str> = run.stdout.lines().collect();
    assert!(counts.contains(&"20") && counts.contains(&"0") && counts.contains(&"1"));
    same_with_threads(&["--count", "--limit", "2", "--placeholder", "?"]);
}

#[test]
fn unique_is_the_same_with_several_threads() {
    let run = same_with_threads(&["--unique"]);
    assert!(run.stderr.contains(": more than one solution\n"));
    assert_reports_the_bad_lines(&run);
}

#[test]
fn layouts_and_placeholders_are_the_same_with_several_threads() {
    // Blocks and grids are separated by blank lines, across chunks and
    // across inputs in other layouts.
    same_with_threads(&["--placeholder", "-"]);
    same_with_threads(&["--output", "blocks"]);
    same_with_threads(&["--output", "grid", "--placeholder", "none", "--unique"]);
    same_with_threads(&["--output", "ans", "--engine", "mrv"]);
}

#[test]
fn to_dlx_is_the_same_with_several_threads() {
    let files = [cli_data("sudoku_mixed.in"), batch().files[2].clone()];
    // Several puzzles: refused alike, before anything is written.
    let one = sudoku(1, &["--to-dlx"], &files);
    assert_eq!(one.code, Some(2));
    assert!(one.stdout.is_empty());
    assert_eq!(sudoku(2, &["--to-dlx"], &files), one);
}

/// The records of a `--json` run, without the summary's timings.
fn records(run: &Run) -> Vec<Value> {
    run.stdout
        .lines()
        .map(|line| {
            let mut record: Value = serde_json::from_str(line).expect("one JSON record per line");
            if record["type"] == "summary" {
                for timing in ["time_seconds", "solve_seconds", "us_per_puzzle"] {
                    let removed = record.as_object_mut().and_then(|r| r.remove(timing));
                    assert!(removed.is_some(), "{timing} in the summary");
                }
            }
            record
        })
        .collect()
}

#[test]
fn json_records_are_the_same_with_several_threads() {
    let mut files = batch().files.clone();
    files.insert(1, PathBuf::from("-"));
    for args in [
        &["--json"][..],
        &["--json", "--count", "--limit", "5"],
        &["--json", "--unique"],
    ] {
        let one = sudoku(1, args, &files);
        let expected = records(&one);
        let summary = expected.last().expect("a summary");
        assert_eq!(summary["type"], "summary");
        assert!(summary["puzzles"].as_u64().is_some_and(|n| n > 4000));
        assert_eq!(summary["errors"], 2, "the missing file, the directory");
        for threads in [2, 3] {
            let several = sudoku(threads, args, &files);
            assert_eq!(several.code, one.code, "-j {threads} {args:?}");
            assert_eq!(several.stderr, one.stderr, "-j {threads} {args:?}");
            assert!(records(&several) == expected, "-j {threads} {args:?}");
        }
    }
}

/// The `--stats` line without its timings.
fn stats_counts(stderr: &str) -> String {
    let line = stderr.lines().last().expect("a stats line");
    let fields: Vec<&str> = line.split(' ').collect();
    fields
        .chunks(2)
        .filter(|pair| !matches!(pair[0], "time" | "solve-time" | "us-per-puzzle"))
        .map(|pair| pair.join(" "))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn stats_count_the_same_with_several_threads() {
    let files = &batch().files;
    let one = sudoku(1, &["--stats", "--unique"], files);
    let counts = stats_counts(&one.stderr);
    assert!(counts.starts_with("engine dlx puzzles "), "{counts}");
    assert!(counts.contains(" nodes "), "{counts}");
    for threads in [2, 3] {
        let several = sudoku(threads, &["--stats", "--unique"], files);
        assert_eq!(stats_counts(&several.stderr), counts, "-j {threads}");
        assert_eq!(several.stdout, one.stdout);
        assert_eq!(several.code, one.code);
    }
}

#[test]
fn more_threads_than_puzzles_and_no_puzzles_at_all() {
    for input in ["", "# nothing\n"] {
        let out = dlx()
            .args(["sudoku", "-j", "8", "--stats"])
            .write_stdin(input)
            .output()
            .expect("dlx runs");
        // No puzzle at all is an error, named.
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("<stdin>: no puzzle found\n"), "{stderr}");
        assert!(stderr.contains(" puzzles 0 "), "{stderr}");
    }
    let puzzle = data_line("sudoku_acwing166.in");
    let expected = data_line("sudoku_acwing166.out");
    dlx()
        .args(["sudoku", "-j", "7"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success()
        .stdout(format!("{expected}\n"))
        .stderr("");
}

/// The first line of a test data file.
fn data_line(name: &str) -> String {
    let text = std::fs::read_to_string(cli_data(name)).expect("test data");
    text.lines().next().expect("a line").to_owned()
}

#[test]
fn thread_counts_out_of_range_are_refused() {
    for threads in ["0", "-1", "1025", "many"] {
        dlx()
            .args(["sudoku", "--threads", threads])
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("");
    }
    dlx()
        .args(["sudoku", "--threads", "1024", "--quiet"])
        .write_stdin(format!("{}\n", data_line("sudoku_acwing166.in")))
        .assert()
        .success();
}

#[test]
fn a_long_run_on_a_pipe_prints_nothing_but_answers() {
    // Long enough for progress to appear, were stderr a terminal: it is not.
    let input = batch_unique_lines().repeat(40);
    let started = Instant::now();
    let out = dlx()
        .args(["sudoku", "-j", "2", "--engine", "mrv"])
        .write_stdin(input.clone())
        .output()
        .expect("dlx runs");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stderr, b"", "{:?}", started.elapsed());
    assert_eq!(
        out.stdout.iter().filter(|&&b| b == b'\n').count(),
        input.lines().count()
    );
}

/// Puzzles with exactly one solution, one per line.
fn batch_unique_lines() -> String {
    static LINES: OnceLock<String> = OnceLock::new();
    LINES
        .get_or_init(|| {
            let mut generator = Generator::new(11);
            (0..600)
                .map(|_| format!("{}\n", generator.unique_puzzle(Shape::CLASSIC, 0)))
                .collect()
        })
        .clone()
}

#[test]
fn a_closed_pipe_stops_every_thread_promptly() {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(["sudoku", "-j", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    let writer = std::thread::spawn(move || {
        // Puzzles without end, until the child stops reading.
        let lines = batch_unique_lines();
        while stdin.write_all(lines.as_bytes()).is_ok() {}
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("a pipe"))
        .read_line(&mut first)
        .expect("an answer");
    assert_eq!(first.trim_end().len(), 81);
    // The reader is gone, like `head -1` exiting.
    let closed = Instant::now();
    let output = child.wait_with_output().expect("dlx ends");
    assert!(
        closed.elapsed() < Duration::from_secs(10),
        "{:?}",
        closed.elapsed()
    );
    writer.join().expect("the writer ends");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn gen_sudoku_puzzles_are_minimal_unique_and_fixed_by_the_seed() {
    let run = |count: &str, seed: &str| {
        let out = dlx()
            .args(["gen", "sudoku-puzzles", count, "--seed", seed])
            .output()
            .expect("dlx runs");
        assert!(out.status.success());
        assert!(out.stderr.is_empty());
        String::from_utf8(out.stdout).expect("UTF-8 output")
    };
    let puzzles = run("70", "5");
    assert_eq!(puzzles.lines().count(), 70);
    // Blocks of puzzles do not depend on the count asked for, nor on threads.
    assert!(puzzles.starts_with(&run("3", "5")));
    assert_ne!(run("3", "6"), run("3", "5"));
    let mut solver = Solver::new(Engine::Dlx);
    for line in puzzles.lines().step_by(7) {
        let mut puzzle: Grid = line.parse().expect("an 81-character puzzle");
        assert_eq!(solver.count_up_to(&puzzle, 2), Ok(1), "{line}");
        for cell in 0..81 {
            let (row, col) = (cell / 9, cell % 9);
            let Some(digit) = puzzle.get(row, col) else {
                continue;
            };
            puzzle.set(row, col, None);
            assert_eq!(solver.count_up_to(&puzzle, 2), Ok(2), "{line} minimal");
            puzzle.set(row, col, Some(digit));
        }
    }
    // What it writes, `dlx sudoku --unique` solves.
    dlx()
        .args(["sudoku", "--unique"])
        .write_stdin(puzzles)
        .assert()
        .success();
}
