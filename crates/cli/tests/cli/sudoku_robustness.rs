//! Tests of `dlx sudoku` under pressure: Ctrl-C and SIGTERM, input that
//! comes slowly, per-puzzle budgets, `--to-dlx` with several puzzles, and
//! inputs that hold no puzzle.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdout, Command as StdCommand, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Grid, Shape, Solver};
use serde_json::Value;

use super::common::*;

const ENGINES: [&str; 6] = ["dlx", "naive", "blank-list", "mrv", "stack", "bitmask"];

/// Generous bounds, so that a busy machine does not fail the tests.
const PATIENCE: Duration = Duration::from_secs(20);

fn empty_line() -> String {
    format!("{}\n", ".".repeat(81))
}

fn unique_puzzles(seed: u64, count: usize) -> Vec<Grid> {
    let mut generator = Generator::new(seed);
    (0..count)
        .map(|_| generator.unique_puzzle(Shape::CLASSIC, 0))
        .collect()
}

fn lines_of(puzzles: &[Grid]) -> String {
    puzzles.iter().map(|p| format!("{p}\n")).collect()
}

fn spawn(args: &[&str]) -> Child {
    StdCommand::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx starts")
}

fn signal(child: &Child, name: &str) {
    let sent = StdCommand::new("kill")
        .args([name, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
}

/// Reads `child`'s stdout, all of it, on a thread of its own.
fn collect(mut stdout: ChildStdout) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    })
}

/// Waits for `child` to exit, at most `within`; kills it and fails if not.
fn wait_within(child: &mut Child, within: Duration) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if started.elapsed() > within {
            let _ = child.kill();
            panic!("dlx did not exit within {within:?}");
        }
        thread::sleep(Duration::from_millis(5));
    }
}

// ---------------------------------------------------------------------------
// Ctrl-C and SIGTERM.

/// 300 puzzles, the empty grid (whose solutions cannot all be counted), 300
/// more: interrupted while counting the empty grid, `dlx sudoku` writes the
/// 300 counts before it, a partial summary, and exits 130, promptly. (The
/// naive search may still be on the first 300 when the signal comes: then
/// the counts written are those before the puzzle it was on.)
#[test]
fn a_signal_flushes_the_answers_so_far_and_exits_130() {
    let before = unique_puzzles(3, 300);
    let after = unique_puzzles(4, 300);
    let input = format!("{}{}{}", lines_of(&before), empty_line(), lines_of(&after));
    let dir = scratch("signal");
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, &input).unwrap();
    let file = file.to_str().unwrap();
    let cases: [(&[&str], &str, bool); 5] = [
        (&["sudoku", "--count", "-j", "1", file], "-INT", false),
        (&["sudoku", "--count", "-j", "2", file], "-INT", false),
        (
            &["sudoku", "--count", "-j", "2", "--engine", "naive", file],
            "-TERM",
            false,
        ),
        (
            &["sudoku", "--count", "-j", "1", "--engine", "mrv", "-"],
            "-INT",
            false,
        ),
        (
            &["sudoku", "--count", "-j", "2", "--json", "-"],
            "-INT",
            true,
        ),
    ];
    for (args, name, json) in cases {
        let mut child = spawn(args);
        let mut stdin = child.stdin.take().unwrap();
        // Standard input is left open: the run waits in the count, or for input.
        stdin.write_all(input.as_bytes()).unwrap();
        let stdout = collect(child.stdout.take().unwrap());
        // Long enough for 300 easy puzzles on a busy machine.
        thread::sleep(Duration::from_secs(2));
        let sent = Instant::now();
        signal(&child, name);
        let status = wait_within(&mut child, PATIENCE);
        let took = sent.elapsed();
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let stdout = stdout.join().unwrap();
        assert_eq!(status.code(), Some(130), "{args:?}: {stderr}");
        // The search in progress stops within a poll interval; the bound
        // here only keeps a busy machine from failing the test.
        assert!(took < Duration::from_secs(5), "{args:?}: {took:?}");
        let lines: Vec<&str> = stdout.lines().collect();
        let answered = if json { lines.len() - 1 } else { lines.len() };
        let slow = args.contains(&"naive");
        assert!(
            answered == 300 || (slow && answered < 300),
            "{args:?}: {answered}"
        );
        let lines = &lines[..];
        if json {
            for record in &lines[..answered] {
                let record: Value = serde_json::from_str(record).unwrap();
                assert_eq!(record["count"], 1);
            }
            let summary: Value = serde_json::from_str(lines[answered]).unwrap();
            assert_eq!(summary["interrupted"], true);
            assert_eq!(summary["puzzles"], answered);
        } else {
            assert!(lines.iter().all(|line| *line == "1"), "{args:?}");
        }
        let summary = format!("interrupted after {answered} puzzles answered");
        assert!(stderr.contains(&summary), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        drop(stdin);
    }
}

// ---------------------------------------------------------------------------
// Slow input.

/// Each answer comes out before the next puzzle is written, whatever the
/// number of threads: the reader does not wait for more input, or the end
/// of it, to write what it knows.
#[test]
fn answers_to_slow_input_come_as_soon_as_they_are_known() {
    let puzzles = unique_puzzles(8, 3);
    for threads in ["1", "2"] {
        for args in [
            vec!["sudoku", "-j", threads],
            vec!["sudoku", "-j", threads, "--count"],
            vec!["sudoku", "-j", threads, "--json"],
        ] {
            let mut child = spawn(&args);
            let mut stdin = child.stdin.take().unwrap();
            let (lines, answers) = mpsc::channel();
            let stdout = BufReader::new(child.stdout.take().unwrap());
            let reader = thread::spawn(move || {
                for line in stdout.lines() {
                    if lines.send(line.unwrap()).is_err() {
                        return;
                    }
                }
            });
            for puzzle in &puzzles {
                writeln!(stdin, "{puzzle}").unwrap();
                stdin.flush().unwrap();
                let answer = answers
                    .recv_timeout(PATIENCE)
                    .unwrap_or_else(|_| panic!("{args:?}: no answer before the next puzzle"));
                if args.contains(&"--count") {
                    assert_eq!(answer, "1");
                } else if args.contains(&"--json") {
                    let record: Value = serde_json::from_str(&answer).unwrap();
                    let solution: Grid = record["solution"].as_str().unwrap().parse().unwrap();
                    assert!(solution.solves(puzzle));
                } else {
                    let solution: Grid = answer.parse().unwrap();
                    assert!(solution.solves(puzzle), "{args:?}");
                }
            }
            drop(stdin);
            let status = wait_within(&mut child, PATIENCE);
            reader.join().unwrap();
            assert_eq!(status.code(), Some(0), "{args:?}");
            if args.contains(&"--json") {
                let summary = answers.recv().expect("the summary record");
                assert!(summary.contains("\"type\":\"summary\""), "{summary}");
            }
            assert!(answers.try_recv().is_err(), "{args:?}: nothing more");
        }
    }
}

// ---------------------------------------------------------------------------
// Budgets.

#[test]
fn every_engine_gives_up_at_its_node_budget_and_the_batch_goes_on() {
    // 45 clues: a few hundred nodes on every engine, far below the cap.
    let mut generator = Generator::new(12);
    let easy: Vec<Grid> = (0..2)
        .map(|_| generator.unique_puzzle(Shape::CLASSIC, 45))
        .collect();
    let input = format!("{}\n{}{}\n", easy[0], empty_line(), easy[1]);
    for engine in ENGINES {
        let output = dlx()
            .args(["sudoku", "--count", "--max-nodes", "5000", "--json"])
            .args(["--engine", engine])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{engine}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        let records: Vec<Value> = stdout
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(records.len(), 4, "{engine}: {stdout}");
        assert_eq!(records[0]["count"], 1, "{engine}: {stdout}");
        assert_eq!(records[2]["count"], 1);
        let given_up = &records[1];
        assert_eq!(given_up["status"], "gave-up", "{engine}");
        assert_eq!(given_up["cutoff"], "max-nodes");
        assert_eq!(given_up["nodes"], 5000, "{engine}: the cap is exact");
        assert!(given_up["count"].is_null(), "a cut-off count is no count");
        assert!(given_up["solutions_found"].as_u64().unwrap() > 0);
        assert_eq!(records[3]["gave_up"], 1);
        assert_eq!(records[3]["solved"], 2);
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(
                "<stdin>:2: gave up: node budget spent (--max-nodes) after 5000 nodes"
            ),
            "{engine}: {stderr}"
        );

        // In text, the placeholder keeps the counts aligned with the input.
        dlx()
            .args([
                "sudoku",
                "--count",
                "--max-nodes",
                "5000",
                "--placeholder",
                "?",
            ])
            .args(["--engine", engine])
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stdout("1\n?\n1\n");
    }
}

#[test]
fn a_budget_that_suffices_changes_nothing() {
    let puzzles = unique_puzzles(21, 20);
    let input = lines_of(&puzzles);
    for engine in ENGINES {
        let free = dlx()
            .args(["sudoku", "--engine", engine])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert!(free.status.success());
        dlx()
            .args(["sudoku", "--engine", engine, "--max-nodes", "100000000"])
            .args(["--time-limit", "1h"])
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout(free.stdout);
    }
}

/// The empty grid's count never ends on any engine; nor does the naive
/// search on a consistent puzzle with no solution whose dead cell (r9c9:
/// 1-8 in its row, 9 in its column) comes last in reading order.
#[test]
fn a_time_limit_stops_endless_searches_on_every_engine() {
    let dead_end = format!("........9{}12345678.\n", ".".repeat(63));
    let naive = dlx()
        .args(["sudoku", "--engine", "naive", "--time-limit", "300ms"])
        .write_stdin(dead_end.clone())
        .timeout(PATIENCE)
        .output()
        .unwrap();
    assert_eq!(naive.status.code(), Some(2));
    let stderr = String::from_utf8(naive.stderr).unwrap();
    assert!(
        stderr.starts_with("<stdin>:1: gave up: time limit reached"),
        "{stderr}"
    );
    dlx()
        .args(["sudoku", "--time-limit", "300ms"])
        .write_stdin(dead_end)
        .assert()
        .code(1)
        .stderr("<stdin>:1: no solution\n");
    let input = empty_line();
    for engine in ENGINES {
        let started = Instant::now();
        let output = dlx()
            .args(["sudoku", "--count", "--time-limit", "300ms", "--stats"])
            .args(["--engine", engine])
            .write_stdin(input.clone())
            .timeout(PATIENCE)
            .output()
            .unwrap();
        let took = started.elapsed();
        assert_eq!(output.status.code(), Some(2), "{engine}");
        assert!(output.stdout.is_empty());
        assert!(took >= Duration::from_millis(300), "{engine}: {took:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with("<stdin>:1: gave up: time limit reached (--time-limit)"),
            "{engine}: {stderr}"
        );
        assert!(stderr.contains(" gave-up 1 "), "{stderr}");
    }
}

#[test]
fn budgets_must_be_positive_and_meaningful() {
    for args in [
        &["sudoku", "--max-nodes", "0"][..],
        &["sudoku", "--time-limit", "0"],
        &["sudoku", "--time-limit", "soon"],
        &["sudoku", "--to-dlx", "--max-nodes", "10"],
    ] {
        dlx().args(args).write_stdin("").assert().code(2);
    }
}

// ---------------------------------------------------------------------------
// --to-dlx and --to-dlx-dir.

#[test]
fn to_dlx_refuses_a_second_puzzle_and_writes_nothing() {
    let puzzles = unique_puzzles(31, 2);
    let output = dlx()
        .args(["sudoku", "--to-dlx"])
        .write_stdin(format!("# two\n{}", lines_of(&puzzles)))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("<stdin>:3: a second puzzle: --to-dlx writes one puzzle's problem")
            && stderr.contains("--to-dlx-dir"),
        "{stderr}"
    );
    // Across files too.
    let dir = scratch("to-dlx");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, lines_of(&puzzles[..1])).unwrap();
    std::fs::write(&b, lines_of(&puzzles[1..])).unwrap();
    dlx()
        .args(["sudoku", "--to-dlx"])
        .args([&a, &b])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn to_dlx_dir_writes_one_problem_per_puzzle_that_dlx_solve_solves() {
    let puzzles = unique_puzzles(33, 3);
    let dir = scratch("to-dlx-dir");
    let input = dir.join("in.txt");
    let bad = format!("55{}", ".".repeat(79));
    std::fs::write(
        &input,
        format!("{}\n{bad}\n# note\n{}", puzzles[0], lines_of(&puzzles[1..])),
    )
    .unwrap();
    let out = dir.join("problems");
    for threads in ["1", "2"] {
        let output = dlx()
            .args(["sudoku", "-j", threads, "--to-dlx-dir"])
            .args([&out, &input])
            .output()
            .unwrap();
        // The contradictory puzzle is reported, the others written.
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        let place = format!("{}:2: invalid puzzle", input.display());
        assert!(stderr.starts_with(&place), "{stderr}");
        let paths: Vec<PathBuf> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(PathBuf::from)
            .collect();
        let expected: Vec<PathBuf> = [1, 4, 5]
            .iter()
            .map(|line| out.join(format!("in.txt-{line}.dlx")))
            .collect();
        assert_eq!(paths, expected);
        for (path, puzzle) in paths.iter().zip(&puzzles) {
            let text = std::fs::read_to_string(path).unwrap();
            assert!(
                text.starts_with(&format!("| sudoku {puzzle}\n")),
                "{path:?}"
            );
            dlx()
                .args(["solve", "--count"])
                .arg(path)
                .assert()
                .success()
                .stdout("1\n");
            // One problem per file: its solution is the puzzle's.
            let solved = dlx().arg("solve").arg(path).output().unwrap();
            let mut cells = puzzle.to_line().into_bytes();
            for option in String::from_utf8(solved.stdout).unwrap().lines() {
                let names: Vec<&str> = option.split(' ').collect();
                let cell = names
                    .iter()
                    .find(|n| n.starts_with('p'))
                    .unwrap()
                    .as_bytes();
                let digit = names
                    .iter()
                    .find(|n| n.starts_with('r'))
                    .unwrap()
                    .as_bytes()[2];
                cells[usize::from(cell[1] - b'0') * 9 + usize::from(cell[2] - b'0')] = digit;
            }
            let solution: Grid = String::from_utf8(cells).unwrap().parse().unwrap();
            assert!(solution.solves(puzzle));
            assert_eq!(Some(solution), Solver::default().solve(puzzle).unwrap());
        }
    }
    // Two inputs whose files would have the same names are refused.
    let other = dir.join("sub");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::copy(&input, other.join("in.txt")).unwrap();
    dlx()
        .args(["sudoku", "--to-dlx-dir"])
        .args([&out, &input, &other.join("in.txt")])
        .assert()
        .code(2)
        .stdout("");
}

// ---------------------------------------------------------------------------
// No puzzle at all.

#[test]
fn an_input_with_no_puzzle_is_an_error_naming_it() {
    dlx()
        .args(["sudoku", "/dev/null"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("/dev/null: no puzzle found\n");
    for (input, args) in [
        ("", &["sudoku"][..]),
        ("\n# only a comment\n\n", &["sudoku", "--count"]),
        ("end\n", &["sudoku", "-j", "2"]),
    ] {
        dlx()
            .args(args)
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr("<stdin>: no puzzle found\n");
    }
    // The other inputs are still answered.
    let puzzle = unique_puzzles(41, 1).remove(0);
    let dir = scratch("empty");
    let full = dir.join("one.txt");
    std::fs::write(&full, format!("{puzzle}\n")).unwrap();
    let output = dlx()
        .args(["sudoku", "--count", "/dev/null"])
        .arg(&full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(output.stdout, b"1\n");
    assert_eq!(output.stderr, b"/dev/null: no puzzle found\n");
}

#[test]
fn the_help_says_answers_are_checked_and_how_budgets_end() {
    let help = dlx().args(["sudoku", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for words in [
        "checked against its puzzle",
        "--max-nodes",
        "--time-limit",
        "given up",
        "130",
        "--to-dlx-dir",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
}
