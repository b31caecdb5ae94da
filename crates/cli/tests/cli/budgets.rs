//! Budgets in every phase of `dlx solve`: the clock of `--time-limit`
//! starts when reading starts, and a huge or stalled input stops on the
//! clock or on Ctrl-C with a message that names the line it got to; time
//! limits take units from microseconds to hours; and a stopped search
//! reports the same fields whatever the number of threads.

use std::collections::BTreeSet;
use std::io::Write;
use std::time::{Duration, Instant};

use super::common::*;
use super::running::{Finished, spawn};

/// Generous: a stop must come within 0.1 s, but the machine may be busy.
const PROMPTLY: Duration = Duration::from_secs(5);

/// `<stdin>:LINE: ...`: the line a stop while reading names.
fn stopped_line(stderr: &str, name: &str, why: &str) -> usize {
    let line = stderr
        .lines()
        .find(|line| line.contains(&format!("{why} while reading")))
        .unwrap_or_else(|| panic!("no `{why} while reading` in {stderr:?}"));
    let rest = line
        .strip_prefix(&format!("{name}:"))
        .unwrap_or_else(|| panic!("{line:?} does not start with {name}:"));
    let number = rest.split(':').next().unwrap();
    number
        .parse()
        .unwrap_or_else(|_| panic!("no line number in {line:?}"))
}

/// An exact-cover problem that never ends: a writer feeds options into the
/// program's standard input until the pipe closes.
fn feed_endlessly(stdin: std::process::ChildStdin) {
    std::thread::spawn(move || {
        let mut stdin = std::io::BufWriter::new(stdin);
        let items: Vec<String> = (0..100).map(|k| format!("i{k}")).collect();
        if writeln!(stdin, "{}", items.join(" ")).is_err() {
            return;
        }
        for k in 0u64.. {
            let (a, b) = (k % 100, (k / 100) % 99);
            let b = if b >= a { b + 1 } else { b };
            if writeln!(stdin, "i{a} i{b}").is_err() {
                return;
            }
        }
    });
}

#[test]
fn ctrl_c_stops_reading_a_silent_pipe_and_names_the_line() {
    let mut running = spawn(&["solve", "--count"]);
    let mut stdin = running.stdin().take().unwrap();
    // Two lines, then silence: reading waits for line 3.
    stdin.write_all(b"a b c\na b\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(400));
    running.interrupt();
    let finished = running.finish(PROMPTLY);
    drop(stdin);
    eprintln!("stopped {:?} after SIGINT", finished.waited);
    assert_eq!(finished.code, Some(130), "{finished:?}");
    assert_eq!(stopped_line(&finished.stderr, "<stdin>", "interrupted"), 3);
    // Nothing was counted: no count is printed.
    assert_eq!(finished.stdout, "", "{finished:?}");
    assert!(!finished.stderr.contains("panicked"));
}

#[test]
fn ctrl_c_stops_reading_an_endless_input() {
    let mut running = spawn(&["solve", "--json", "--count", "-j", "1"]);
    feed_endlessly(running.stdin().take().unwrap());
    std::thread::sleep(Duration::from_millis(500));
    running.interrupt();
    let finished = running.finish(PROMPTLY);
    eprintln!("stopped {:?} after SIGINT", finished.waited);
    assert_eq!(finished.code, Some(130), "{finished:?}");
    let line = stopped_line(&finished.stderr, "<stdin>", "interrupted");
    // Half a second of reading got well past the item line.
    assert!(line > 2, "{finished:?}");
    let summary: serde_json::Value = serde_json::from_str(finished.stdout.trim()).unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["stopped"], "interrupted");
    assert_eq!(summary["complete"], false);
    assert_eq!(summary["solutions"], 0);
    assert_eq!(summary["stopped_reading_at_line"], line);
}

#[test]
fn the_time_limit_counts_the_reading_of_an_endless_input() {
    let started = Instant::now();
    let mut running = spawn(&["solve", "--count", "--stats", "--time-limit", "300ms"]);
    feed_endlessly(running.stdin().take().unwrap());
    let finished = running.finish(PROMPTLY);
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(300), "{took:?}");
    // Stopped by the clock, no solution found: exit 1, not an error.
    assert_eq!(finished.code, Some(1), "{finished:?}");
    let line = stopped_line(&finished.stderr, "<stdin>", "time limit reached");
    assert!(line > 2, "{finished:?}");
    assert!(
        finished
            .stderr
            .contains(" complete no stopped time-limit explored-estimate 0.0000"),
        "{finished:?}"
    );
}

#[test]
fn a_stalled_input_does_not_hold_up_the_next_one() {
    let toy = engine_data("toy.dlx");
    let started = Instant::now();
    let mut running = spawn(&[
        "solve".as_ref(),
        "--count".as_ref(),
        "--time-limit".as_ref(),
        "200ms".as_ref(),
        "-".as_ref(),
        toy.as_os_str(),
    ]);
    // Standard input stays open and silent.
    let stdin = running.stdin().take();
    let finished: Finished = running.finish(PROMPTLY);
    drop(stdin);
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(
        stopped_line(&finished.stderr, "<stdin>", "time limit reached"),
        1
    );
    // The file after it is solved; the exit status is the worse of the two.
    assert_eq!(finished.stdout, format!("{}:1\n", toy.display()));
    assert_eq!(finished.code, Some(1), "{finished:?}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_waiting_for_a_named_pipe_without_a_writer() {
    let dir = std::env::temp_dir().join(format!("dlx-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("problem.dlx");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    // Opening a named pipe blocks until a writer comes; none does.
    let running = spawn(&["solve".as_ref(), fifo.as_os_str()]);
    std::thread::sleep(Duration::from_millis(300));
    running.interrupt();
    let finished = running.finish(PROMPTLY);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(finished.code, Some(130), "{finished:?}");
    let name = fifo.display().to_string();
    assert_eq!(stopped_line(&finished.stderr, &name, "interrupted"), 1);
}

#[test]
fn time_limits_take_units_from_microseconds_to_hours() {
    for limit in ["1ms", "20us", "0.5s", "2m", "1h", "1e3", "30"] {
        let output = dlx()
            .args(["solve", "--count", "--time-limit", limit])
            .arg(engine_data("toy.dlx"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        // Accepted: the search ran (or the tiny budgets stopped it).
        assert!(!stderr.contains("invalid value"), "{limit}: {stderr}");
        assert!(matches!(output.status.code(), Some(0 | 1)), "{limit}");
    }
    // The same parser serves dlx gen.
    dlx()
        .args(["gen", "queens", "6", "--count", "--time-limit", "1h"])
        .assert()
        .code(0)
        .stdout("4\n");
}

#[test]
fn out_of_range_and_bad_time_limits_say_what_is_wrong() {
    for (limit, says) in [
        ("1e20", "is out of range"),
        ("1e17h", "is out of range"),
        ("0", "is not a positive duration"),
        ("-1ms", "is not a positive duration"),
        ("1e-12s", "is too short"),
        ("soon", "is not a duration"),
        ("5 fortnights", "is not a duration"),
    ] {
        let toy = engine_data("toy.dlx").display().to_string();
        for command in [&["solve", &toy][..], &["gen", "queens", "4", "--count"]] {
            let output = dlx()
                .args(command)
                .arg(format!("--time-limit={limit}"))
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{command:?} {limit}");
            assert!(stderr.contains(says), "{command:?} {limit}: {stderr}");
            assert!(output.stdout.is_empty());
        }
    }
}

/// The names of a `--stats` line (every other word: `name value` pairs).
fn stats_names(stderr: &str) -> Vec<String> {
    let line = stderr.lines().last().unwrap_or_default();
    line.split_whitespace()
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

fn json_keys(stdout: &str) -> BTreeSet<String> {
    let summary: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    summary.as_object().unwrap().keys().cloned().collect()
}

#[test]
fn a_stopped_search_reports_the_same_fields_on_any_thread_count() {
    // Several seconds of search: neither budget lets it finish.
    let problem = super::solve::long_problem();
    let problem: &std::path::Path = problem.as_ref();
    for budget in [&["--max-nodes", "5000"][..], &["--time-limit", "300ms"]] {
        let mut names = Vec::new();
        let mut keys = Vec::new();
        for threads in ["1", "2", "3"] {
            let stats = dlx()
                .args(["solve", "--count", "--stats", "-j", threads])
                .args(budget)
                .arg(problem)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&stats.stderr);
            assert!(stderr.contains(" complete no stopped "), "{stderr}");
            assert!(stderr.contains(" explored-estimate "), "{stderr}");
            names.push(stats_names(&stderr));
            let json = dlx()
                .args(["solve", "--json", "--count", "-j", threads])
                .args(budget)
                .arg(problem)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&json.stdout);
            let summary: serde_json::Value =
                serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
            assert_eq!(summary["complete"], false, "{budget:?} -j {threads}");
            assert!(summary["stopped"].is_string(), "{summary}");
            keys.push(json_keys(&stdout));
        }
        assert!(
            names.windows(2).all(|w| w[0] == w[1]),
            "{budget:?}: {names:?}"
        );
        assert!(
            keys.windows(2).all(|w| w[0] == w[1]),
            "{budget:?}: {keys:?}"
        );
    }
    // A complete search has the same JSON fields too.
    let complete = dlx()
        .args(["solve", "--json", "--count"])
        .arg(engine_data("queens8.dlx"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&complete.stdout);
    let summary: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(summary["stopped"], serde_json::Value::Null);
    assert_eq!(summary["explored_estimate"], 1.0);
    let stopped = dlx()
        .args(["solve", "--json", "--count", "--max-nodes", "10"])
        .arg(engine_data("queens8.dlx"))
        .output()
        .unwrap();
    assert_eq!(
        json_keys(&stdout),
        json_keys(&String::from_utf8_lossy(&stopped.stdout))
    );
}
