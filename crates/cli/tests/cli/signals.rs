//! Signals and stalled reads on every command (issue 46): SIGTERM while
//! `dlx sudoku` opens a named pipe, SIGTERM while `dlx gen` writes, two
//! signals at once (`timeout -s INT`), and `--time-limit` on a stalled read
//! for `dlx solve --best` and `--tasks`.

use std::fs::OpenOptions;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::common::*;
use super::running::spawn;

/// Generous: a stop must come within 0.1 s, but the machine may be busy.
const PROMPTLY: Duration = Duration::from_secs(5);

/// A named pipe in `dir`.
fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let made = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    path
}

/// Sends signal `name` (`-TERM`) to `pid`.
fn kill(name: &str, pid: u32) {
    let sent = Command::new("kill")
        .args([name, &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill {name} failed");
}

/// Writes `text` into the named pipe `path` once a reader opens it, then
/// holds it open (silent) for `stall`, as `(printf ...; sleep 6) > fifo`.
fn stalled_writer(path: &Path, text: &'static str, stall: Duration) {
    let path = path.to_owned();
    std::thread::spawn(move || {
        let Ok(mut pipe) = OpenOptions::new().write(true).open(&path) else {
            return;
        };
        let _ = pipe.write_all(text.as_bytes());
        let _ = pipe.flush();
        std::thread::sleep(stall);
    });
}

#[test]
fn sigterm_stops_sudoku_waiting_for_a_named_pipe_to_open() {
    let dir = scratch("sudoku-fifo");
    let pipe = fifo(&dir, "puzzles");
    let running = spawn(&["sudoku".as_ref(), pipe.as_os_str()]);
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    kill("-TERM", running.pid());
    let finished = running.finish(PROMPTLY);
    eprintln!("stopped {:?} after SIGTERM", sent.elapsed());
    assert_eq!(finished.code, Some(130), "{finished:?}");
    assert!(finished.stderr.contains("interrupted"), "{finished:?}");
    assert!(!finished.stderr.contains("cannot open"), "{finished:?}");
    assert!(finished.stdout.is_empty(), "{finished:?}");
}

/// `dlx ARGS` writing into a pipe nobody reads yet: the program blocks in
/// a write, the signals come (each `after` the one before), then the pipe
/// is read to its end. The exit code, stdout and stderr.
fn blocked_on_its_output(
    args: &[&str],
    signals: &[(&str, Duration)],
) -> (Option<i32>, Vec<u8>, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx starts");
    let mut stdout = child.stdout.take().unwrap();
    // The first bytes: the writing has begun; then the pipe fills.
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    for &(name, after) in signals {
        std::thread::sleep(after);
        kill(name, child.id());
    }
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    let mut written = first.to_vec();
    written.extend(rest);
    (status.code(), written, stderr)
}

#[test]
fn sigterm_stops_gen_between_lines_with_the_usual_message() {
    let whole = dlx().args(["gen", "queens", "300"]).output().unwrap();
    assert_exit(&whole, 0);
    let (code, written, stderr) =
        blocked_on_its_output(&["gen", "queens", "300"], &[("-TERM", Duration::ZERO)]);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(!written.is_empty() && written.len() < whole.stdout.len());
    // Whole lines, each as the full output has it.
    assert_eq!(written.last(), Some(&b'\n'));
    assert!(whole.stdout.starts_with(&written));
    let lines = written.iter().filter(|&&byte| byte == b'\n').count();
    let total = whole.stdout.iter().filter(|&&byte| byte == b'\n').count();
    assert_eq!(
        stderr,
        format!("dlx gen queens: interrupted; {lines} of {total} lines written\n")
    );
}

#[test]
fn a_second_signal_after_the_first_ends_a_stuck_program_at_once() {
    // Blocked in a write, the program cannot look at the flag: the second
    // signal, a second after the first, ends it, with nothing more written.
    let (code, written, _) = blocked_on_its_output(
        &["gen", "queens", "300"],
        &[("-TERM", Duration::ZERO), ("-INT", Duration::from_secs(1))],
    );
    assert_eq!(code, Some(130));
    assert!(written.len() < 1 << 20);
}

#[test]
fn two_signals_at_once_count_as_one_and_keep_the_report() {
    // `timeout -s INT` signals the program, then its process group: two
    // signals within microseconds. Here 50 ms apart (each delivered alone),
    // while the program is blocked writing its solutions, so that it
    // cannot have ended between them.
    let signals = [
        ("-INT", Duration::ZERO),
        ("-INT", Duration::from_millis(50)),
    ];
    let (code, written, stderr) =
        blocked_on_its_output(&["gen", "queens", "12", "--solve", "-j", "1"], &signals);
    assert_eq!(code, Some(130), "{stderr}");
    // The partial report: the solutions drawn so far, and the summary
    // that says how many.
    let rows = String::from_utf8(written)
        .unwrap()
        .lines()
        .filter(|row| row.contains('Q'))
        .count();
    let drawn = rows / 12;
    let found: u64 = stderr
        .split(" solution")
        .next()
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no count in {stderr:?}"));
    assert!(stderr.contains("(interrupted; incomplete)"), "{stderr}");
    assert!(
        found < 14_200 && found >= drawn as u64,
        "{found} found, {drawn} drawn: {stderr}"
    );
}

/// `dlx solve PIPE ARGS --time-limit 1s` on a named pipe that holds two
/// options, then stays silent for 6 s: the run ends at the limit, not
/// when the writer goes.
fn solve_stalled(args: &[&str]) -> (super::running::Finished, Duration, String) {
    let dir = scratch("stalled");
    let pipe = fifo(&dir, "problem.dlx");
    stalled_writer(&pipe, "a b\na b |1\n", Duration::from_secs(6));
    let name = pipe.display().to_string();
    let mut all = vec!["solve", name.as_str()];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--time-limit", "1s"]);
    let started = Instant::now();
    let finished = spawn(&all).finish(Duration::from_secs(20));
    (finished, started.elapsed(), name)
}

#[test]
fn the_time_limit_stops_a_stalled_read_for_best_as_for_plain_solve() {
    for args in [&[][..], &["--best", "1"], &["--best", "2", "--json"]] {
        let (finished, took, name) = solve_stalled(args);
        eprintln!("{args:?}: {took:?}");
        assert!(took < Duration::from_secs(4), "{args:?}: {took:?}");
        assert_eq!(finished.code, Some(1), "{args:?}: {finished:?}");
        assert!(
            finished.stderr.starts_with(&format!(
                "{name}:3: time limit reached while reading, after 1.0"
            )),
            "{args:?}: {finished:?}"
        );
        assert!(
            finished.stderr.ends_with("s; nothing was searched\n"),
            "{finished:?}"
        );
        if args.contains(&"--json") {
            let summary: serde_json::Value = serde_json::from_str(finished.stdout.trim()).unwrap();
            assert_eq!(summary["stop"], "time limit reached", "{summary}");
            assert_eq!(summary["stopped_reading_at_line"], 3, "{summary}");
            assert_eq!(summary["best"], serde_json::json!([]), "{summary}");
        }
    }
}

#[test]
fn the_time_limit_stops_a_stalled_read_for_tasks_and_names_the_tasks_not_started() {
    let dir = scratch("stalled-tasks");
    let problem = dir.join("p.dlx");
    std::fs::write(&problem, "a b\na b |1\n").unwrap();
    let split = dlx()
        .args(["split", "--tasks", "3"])
        .arg(&problem)
        .output()
        .unwrap();
    assert_exit(&split, 0);
    let tasks = dir.join("tasks");
    std::fs::write(&tasks, &split.stdout).unwrap();
    let task_lines = String::from_utf8_lossy(&split.stdout).lines().count() - 1;
    let tasks = tasks.display().to_string();
    for best in [&[][..], &["--best", "1"]] {
        let mut args = vec!["--tasks", tasks.as_str()];
        args.extend_from_slice(best);
        let (finished, took, name) = solve_stalled(&args);
        eprintln!("{best:?}: {took:?}");
        assert!(took < Duration::from_secs(4), "{best:?}: {took:?}");
        assert_eq!(finished.code, Some(2), "{finished:?}");
        assert!(
            finished.stderr.starts_with(&format!(
                "{name}:3: time limit reached while reading, after 1.0"
            )),
            "{finished:?}"
        );
        assert!(finished.stderr.contains("s; no task ran\n"), "{finished:?}");
        let results: Vec<&str> = finished.stdout.lines().collect();
        assert_eq!(results.len(), task_lines, "{finished:?}");
        for line in results {
            let result: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(result["stop"], "not-started", "{line}");
            assert_eq!(result["why"], "time-limit", "{line}");
        }
    }
}

/// `dlx ARGS` with standard input a terminal (a pseudo-terminal, made by
/// Python's `pty`), on which `typed` is typed, then Ctrl-D: its stdout and
/// stderr.
fn typed_at_a_terminal(args: &[&str], typed: &str) -> (String, String) {
    let script = r#"
import os, pty, subprocess, sys
master, slave = pty.openpty()
run = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(slave)
os.write(master, os.environ["TYPED"].encode() + b"\x04")
out, err = run.communicate(timeout=60)
sys.stdout.write(out.decode())
sys.stderr.write(err.decode())
sys.exit(run.returncode)
"#;
    let output = Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(assert_cmd::cargo::cargo_bin("dlx"))
        .args(args)
        .env("TYPED", typed)
        .output()
        .expect("python3 runs (the Python package's tests need it too)");
    assert_exit(&output, 0);
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn solve_says_it_reads_standard_input_typed_at_a_terminal_and_only_then() {
    let (stdout, said) = typed_at_a_terminal(&["solve", "--count"], "a b\na b\n");
    assert_eq!(stdout, "1\n");
    assert!(
        said.starts_with("dlx solve: reading standard input (type the problem, then Ctrl-D)\n"),
        "{said}"
    );
    // From a pipe, nothing is said.
    let piped = dlx()
        .args(["solve", "--count"])
        .write_stdin("a b\na b\n")
        .output()
        .unwrap();
    assert_exit(&piped, 0);
    assert_eq!(String::from_utf8_lossy(&piped.stdout), "1\n");
    assert!(!stderr(&piped).contains("reading standard input"));
}
