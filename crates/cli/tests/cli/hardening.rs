//! The edges a hostile tester found (issue 36): Ctrl-C on every command,
//! memory weighed before threads start, output that reads back, input
//! that must be refused, flags that do not apply, figures that mislead.

use std::io::Write;
use std::time::Duration;

use super::common::{assert_exit, dlx, engine_data, stderr};
use super::running::spawn;

/// How long a stopped command may take to exit after Ctrl-C.
const PROMPT: Duration = Duration::from_millis(2000);

#[test]
fn ctrl_c_stops_an_endless_generation_with_the_puzzles_written() {
    for args in [
        &["sudoku", "--generate", "18446744073709551615", "-j", "2"][..],
        &["gen", "sudoku-puzzles", "18446744073709551615"][..],
    ] {
        let run = spawn(args);
        std::thread::sleep(Duration::from_millis(700));
        run.interrupt();
        let finished = run.finish(PROMPT);
        assert_eq!(finished.code, Some(130), "{args:?}: {}", finished.stderr);
        let written = finished.stdout.lines().count();
        assert!(
            finished.stderr.contains(&format!(
                "interrupted; {written} of 18446744073709551615 puzzles written"
            )),
            "{args:?}: {written} lines, {}",
            finished.stderr
        );
    }
}

/// A named pipe that nobody writes to: opening it blocks.
fn silent_fifo(dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("silent");
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    path.to_str().expect("a UTF-8 path").to_owned()
}

#[test]
fn ctrl_c_stops_every_reader_waiting_on_a_silent_source() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = silent_fifo(&dir);
    let problem = dir.path().join("p.dlx");
    std::fs::write(&problem, "a b\na\nb\n").unwrap();
    let problem = problem.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        // A named pipe with no writer: the opening waits.
        vec!["split", &fifo],
        vec!["merge", &fifo],
        vec!["verify", problem, &fifo],
        vec!["reduce", &fifo],
        // Standard input held open and silent: the reading waits.
        vec!["split"],
        vec!["merge", "-"],
        vec!["verify", problem, "-"],
        vec!["reduce"],
    ];
    for args in commands {
        let run = spawn(&args);
        std::thread::sleep(Duration::from_millis(300));
        run.interrupt();
        let finished = run.finish(PROMPT);
        assert_eq!(finished.code, Some(130), "{args:?}: {}", finished.stderr);
        assert!(
            finished.stderr.contains("interrupted"),
            "{args:?}: {}",
            finished.stderr
        );
        assert!(finished.stdout.is_empty(), "{args:?}: {}", finished.stdout);
        assert!(!finished.stderr.contains("panicked"), "{}", finished.stderr);
    }
}

#[test]
fn ctrl_c_stops_a_long_reduction_with_nothing_written() {
    // Latin squares: a reduction of about a second at order 40 on a slow
    // machine. A faster machine may finish it before the signal (before
    // the 300 ms are up, or between the check and the signal, when it
    // takes about 0.3 s); then the next, larger order is tried (the time
    // grows with the cube), where a signal that went unheeded would show.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin.dlx");
    for order in ["40", "60", "80"] {
        let problem = dlx().args(["gen", "latin", order]).output().unwrap();
        assert_exit(&problem, 0);
        std::fs::write(&path, &problem.stdout).unwrap();
        let mut run = spawn(&["reduce", path.to_str().unwrap()]);
        std::thread::sleep(Duration::from_millis(300));
        if run.has_exited() {
            let finished = run.finish(PROMPT);
            assert_eq!(finished.code, Some(0), "{}", finished.stderr);
            continue;
        }
        run.interrupt();
        let finished = run.finish(PROMPT);
        if finished.code == Some(0) && finished.stderr.contains(": removed ") {
            continue;
        }
        assert_eq!(finished.code, Some(130), "{}", finished.stderr);
        assert!(
            finished
                .stderr
                .contains("interrupted while reducing; nothing written"),
            "{}",
            finished.stderr
        );
        assert!(finished.stdout.is_empty());
        return;
    }
    panic!("every reduction ended before the signal: the test needs a larger problem");
}

#[test]
fn a_search_on_more_threads_than_memory_holds_runs_on_fewer_with_a_note() {
    // A 20 MB problem whose copies do not fit 1,024 times under the limit.
    let problem = dlx().args(["gen", "latin", "60"]).output().unwrap();
    assert_exit(&problem, 0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin.dlx");
    std::fs::write(&path, &problem.stdout).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("dlx");
    let script = format!(
        "ulimit -v 3000000 && exec {} solve -n 1 -q -j 1024 {}",
        bin.display(),
        path.display()
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let message = stderr(&output);
    assert!(message.contains("-j 1024 would copy the"), "{message}");
    assert!(message.contains("1 solution"), "{message}");
    assert_eq!(message.matches("panicked").count(), 0, "{message}");
}

#[test]
fn under_a_memory_limit_the_threads_are_weighed_before_even_a_tiny_search() {
    // Without a limit a tiny count runs before the cores are asked for, on
    // one thread; under `ulimit -v` the default threads' copies are
    // weighed first, so the count is given them all.
    let bin = assert_cmd::cargo::cargo_bin("dlx");
    let toy = engine_data("toy.dlx");
    let summary = |limit: &str| {
        let script = format!(
            "{limit} exec {} solve --count --json {}",
            bin.display(),
            toy.display()
        );
        let output = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap();
        assert_exit(&output, 0);
        String::from_utf8(output.stdout).unwrap()
    };
    let free = summary("");
    assert!(free.contains("\"threads\":1"), "{free}");
    let limited = summary("ulimit -v 3000000 &&");
    let threads = format!("\"threads\":{}", dancing::engine::default_threads());
    assert!(limited.contains(&threads), "{limited}");
    assert!(limited.contains("\"solutions\":1"), "{limited}");
}

#[test]
fn memory_that_runs_out_is_one_line_and_status_2_at_any_limit() {
    let problem = dlx().args(["gen", "latin", "60"]).output().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin.dlx");
    std::fs::write(&path, &problem.stdout).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("dlx");
    // From too little to start reading to enough to solve: every run
    // either solves or says, in one line, that memory ran out.
    let mut ran_out = 0;
    let mut solved = 0;
    for megabytes in (40..=1000).step_by(40) {
        let script = format!(
            "ulimit -v {} && exec {} solve -n 1 -q -j 2 {}",
            megabytes * 1024,
            bin.display(),
            path.display()
        );
        let output = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap();
        let message = stderr(&output);
        match output.status.code() {
            Some(0) => {
                assert!(message.contains("1 solution"), "{megabytes} MB: {message}");
                solved += 1;
            }
            Some(2) => {
                // One line, after at most the note that cut the threads
                // (a regular file is read without a thread of its own, so
                // under a low limit the search gets as far as that note).
                let lines: Vec<&str> = message.lines().collect();
                let (last, before) = lines.split_last().expect("a message");
                assert!(
                    last.starts_with("dlx: out of memory"),
                    "{megabytes} MB: {message}"
                );
                assert!(before.len() <= 1, "{megabytes} MB: {message}");
                for line in before {
                    assert!(
                        line.contains("-j 2 would copy the"),
                        "{megabytes} MB: {message}"
                    );
                }
                ran_out += 1;
            }
            // Too little to load the program at all: not dlx's doing.
            Some(127) | None if !message.contains("dlx") => {}
            code => panic!("{megabytes} MB: exit {code:?}: {message}"),
        }
    }
    assert!(
        ran_out > 0 && solved > 0,
        "{ran_out} ran out, {solved} solved"
    );
}

#[test]
fn a_split_too_deep_is_refused_soon() {
    let problem = dlx().args(["gen", "queens", "40"]).output().unwrap();
    let mut split = dlx()
        .args(["split", "--depth", "100000"])
        .write_stdin(problem.stdout)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_exit(&split, 2);
    assert!(
        stderr(&split).contains("more than 1048576 tasks"),
        "{}",
        stderr(&split)
    );
    split.stdout.clear();
    let too_many = dlx()
        .args(["split", "--tasks", "1048577"])
        .output()
        .unwrap();
    assert_exit(&too_many, 2);
}

#[test]
fn generated_puzzles_of_any_box_shape_read_back_as_they_are() {
    for (shape, variant) in [
        ("3x2", "classic"),
        ("2x3", "classic"),
        ("4x2", "x"),
        ("2x2", "classic"),
    ] {
        let generated = dlx()
            .args([
                "sudoku",
                "--generate",
                "3",
                "--box",
                shape,
                "--seed",
                "4",
                "--variant",
                variant,
            ])
            .output()
            .unwrap();
        assert_exit(&generated, 0);
        let counted = dlx()
            .args(["sudoku", "--count"])
            .write_stdin(generated.stdout.clone())
            .output()
            .unwrap();
        assert_exit(&counted, 0);
        let counts: Vec<&str> = std::str::from_utf8(&counted.stdout)
            .unwrap()
            .lines()
            .collect();
        assert_eq!(
            counts,
            ["1", "1", "1"],
            "{shape} {variant}: {}",
            stderr(&counted)
        );
    }
    for shape in ["1x1", "1x2", "1x3", "2x1", "3x1"] {
        let refused = dlx()
            .args(["sudoku", "--generate", "1", "--box", shape])
            .output()
            .unwrap();
        assert_exit(&refused, 2);
        assert!(
            stderr(&refused).contains("smallest size is 4x4"),
            "{}",
            stderr(&refused)
        );
    }
}

#[test]
fn a_box_line_must_agree_with_the_box_given() {
    let generated = dlx()
        .args(["sudoku", "--generate", "1", "--box", "3x2", "--seed", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(generated.stdout).unwrap();
    assert!(text.starts_with("box 3x2\n"), "{text}");
    let same = dlx()
        .args(["sudoku", "--count", "--box", "3x2"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    assert_exit(&same, 0);
    let other = dlx()
        .args(["sudoku", "--count", "--box", "2x3"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_exit(&other, 2);
    assert!(stderr(&other).contains("<stdin>:1:"), "{}", stderr(&other));
    assert!(
        stderr(&other).contains("the puzzles were given --box 2x3"),
        "{}",
        stderr(&other)
    );
}

#[test]
fn the_empty_solution_is_printed_visibly_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("e.dlx");
    std::fs::write(&problem, "0:1|A\nA\n").unwrap();
    let solved = dlx().arg("solve").arg(&problem).output().unwrap();
    assert_exit(&solved, 0);
    let text = String::from_utf8(solved.stdout.clone()).unwrap();
    assert_eq!(
        text.lines()
            .filter(|line| line.starts_with("| the empty solution"))
            .count(),
        1,
        "{text}"
    );
    assert!(
        stderr(&solved).starts_with("2 solutions"),
        "{}",
        stderr(&solved)
    );
    let verified = dlx()
        .arg("verify")
        .arg(&problem)
        .write_stdin(text)
        .output()
        .unwrap();
    assert_exit(&verified, 0);
    assert!(
        stderr(&verified).starts_with("2 solutions verified"),
        "{}",
        stderr(&verified)
    );
    // The empty solution is no solution where an item must be covered.
    std::fs::write(&problem, "A\nA\n").unwrap();
    let wrong = dlx()
        .arg("verify")
        .arg(&problem)
        .write_stdin("| the empty solution: no options\n")
        .output()
        .unwrap();
    assert_exit(&wrong, 1);
}

/// Found by `scripts/crosscheck`: `dlx merge --solutions` wrote the empty
/// solution as nothing, so the text held one solution fewer than the total.
#[test]
fn merged_solutions_show_the_empty_solution_as_solve_does() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    // Solutions A (either option), A A, and the empty one.
    std::fs::write(p("e.dlx"), "0:2|A\nA\nA\n").unwrap();
    let solved = dlx().arg("solve").arg(p("e.dlx")).output().unwrap();
    let split = dlx()
        .arg("split")
        .arg(p("e.dlx"))
        .args(["--tasks", "3"])
        .output()
        .unwrap();
    std::fs::write(p("e.tasks"), &split.stdout).unwrap();
    let results = dlx()
        .arg("solve")
        .arg(p("e.dlx"))
        .arg("--tasks")
        .arg(p("e.tasks"))
        .output()
        .unwrap();
    std::fs::write(p("e.results"), &results.stdout).unwrap();
    let merged = dlx()
        .args(["merge", "--solutions", "--tasks"])
        .arg(p("e.tasks"))
        .arg(p("e.results"))
        .output()
        .unwrap();
    assert_exit(&merged, 0);
    // A, A, AA and the empty solution: four blocks, the same as solve's.
    let blocks = |text: &[u8]| {
        let mut blocks: Vec<String> = String::from_utf8_lossy(text)
            .split("\n\n")
            .map(|block| block.trim().to_owned())
            .filter(|block| !block.is_empty())
            .collect();
        blocks.sort();
        blocks
    };
    assert_eq!(
        blocks(&merged.stdout).len(),
        4,
        "{}",
        String::from_utf8_lossy(&merged.stdout)
    );
    assert_eq!(blocks(&merged.stdout), blocks(&solved.stdout));
}

#[test]
fn a_sum_after_the_last_cage_is_an_error_not_a_comment() {
    let cells = ".".repeat(16);
    let line = |sums: &str| format!("variant killer\n{cells} AABBCCDDEEFFGGHH {sums}\n");
    let all = "A=3 B=7 C=3 D=7 E=5 F=5 G=5 H=5";
    let ok = dlx()
        .args(["sudoku", "--count"])
        .write_stdin(line(&format!("{all} a comment")))
        .output()
        .unwrap();
    // Counted (exit 1: not exactly one solution), not refused.
    assert_exit(&ok, 1);
    assert!(stderr(&ok).is_empty(), "{}", stderr(&ok));
    for (extra, says) in [
        ("Z=9", "which the cage map lacks"),
        ("A=4", "a second sum for cage 'A'"),
    ] {
        let refused = dlx()
            .args(["sudoku", "--count"])
            .write_stdin(line(&format!("{all} {extra}")))
            .output()
            .unwrap();
        assert_exit(&refused, 2);
        assert!(
            stderr(&refused).contains(says),
            "{extra}: {}",
            stderr(&refused)
        );
        assert!(
            stderr(&refused).contains("<stdin>:2:"),
            "{}",
            stderr(&refused)
        );
    }
}

#[test]
fn messages_name_a_killer_cage_by_its_label() {
    // Cage 'q' is r1c1 and r2c3, which share no row, column or box: the
    // twice-given 1 breaks the cage alone.
    let line = "variant killer\n1.....1......... q%%...q....BB... q=3 %=7 B=5\n";
    for args in [
        &["sudoku"][..],
        &["sudoku", "--count"],
        &["sudoku", "--json"],
    ] {
        let refused = dlx().args(args).write_stdin(line).output().unwrap();
        assert_exit(&refused, 2);
        let said = format!(
            "{}{}",
            stderr(&refused),
            String::from_utf8_lossy(&refused.stdout)
        );
        assert!(
            said.contains("1 twice in cage 'q' (r1c1, r2c3)"),
            "{args:?}: {said}"
        );
    }
}

#[test]
fn task_and_result_files_with_blank_lines_and_a_byte_order_mark_still_merge() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("q.dlx");
    let queens = dlx().args(["gen", "queens", "6"]).output().unwrap();
    std::fs::write(&problem, &queens.stdout).unwrap();
    let split = dlx()
        .arg("split")
        .arg(&problem)
        .args(["--tasks", "4"])
        .output()
        .unwrap();
    assert_exit(&split, 0);
    let mut tasks = b"\xEF\xBB\xBF".to_vec();
    for line in split.stdout.split_inclusive(|&b| b == b'\n') {
        tasks.extend_from_slice(line);
        tasks.extend_from_slice(b"\n");
    }
    let tasks_path = dir.path().join("tasks");
    std::fs::write(&tasks_path, &tasks).unwrap();
    let ran = dlx()
        .arg("solve")
        .arg(&problem)
        .arg("--tasks")
        .arg(&tasks_path)
        .output()
        .unwrap();
    assert_exit(&ran, 0);
    let mut results = b"\xEF\xBB\xBF\n".to_vec();
    for line in ran.stdout.split_inclusive(|&b| b == b'\n') {
        results.extend_from_slice(line);
        results.extend_from_slice(b"\r\n\n");
    }
    let results_path = dir.path().join("results");
    std::fs::write(&results_path, &results).unwrap();
    let merged = dlx()
        .arg("merge")
        .arg("--tasks")
        .arg(&tasks_path)
        .arg(&results_path)
        .output()
        .unwrap();
    assert_exit(&merged, 0);
    assert_eq!(String::from_utf8_lossy(&merged.stdout).trim(), "4");
}

/// Pairs that were taken with one flag ignored: clap refuses each, and the
/// message says why (a `tip:` line).
#[test]
fn ignored_flag_pairs_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("q.dlx");
    std::fs::write(&problem, "A B\nA\nB\nA B\n").unwrap();
    let problem = problem.to_str().unwrap();
    for (args, why) in [
        (
            &["solve", "--count", "--memo", "-n", "1", problem][..],
            "cannot stop after N",
        ),
        (
            &["solve", "--count", "--memo-limit", "1M", "-n", "1", problem],
            "cannot stop after N",
        ),
        (
            &["solve", "--count", "--memo", "--profile", problem],
            "no nodes per level",
        ),
        (
            &["solve", "--count", "--memo", "--seed", "2", problem],
            "input order",
        ),
        (
            &["solve", "--best", "1", "--memo-limit", "1M", problem],
            "cheapest solutions",
        ),
        (
            &["solve", "--tasks", "t", "--task", "0", "--json", problem],
            "JSON already",
        ),
        (
            &["sudoku", "--count", "--seed", "3"],
            "--generate makes puzzles",
        ),
        (
            &["sudoku", "--unique", "--limit", "3"],
            "--limit stops the counting",
        ),
        (
            &["sudoku", "--output", "line", "--limit", "3"],
            "--limit stops the counting",
        ),
        (&["sudoku", "--to-dlx", "--engine", "mrv"], "no engine runs"),
        (
            &["sudoku", "--to-dlx-dir", "d", "--stats"],
            "solves no puzzle",
        ),
        (&["gen", "queens", "8", "--solve", "--memo"], "use --count"),
        (
            &["gen", "queens", "8", "--max", "3", "--count", "--memo"],
            "cannot stop after N",
        ),
        (
            &["gen", "pentomino", "3x5", "--color", "never", "--count"],
            "draws none",
        ),
        (&["merge", "--json", "--verbose", "r"], "names every task"),
        (&["merge", "--rerun", "--stats", "r"], "no figures"),
    ] {
        let output = dlx().args(args).write_stdin("").output().unwrap();
        assert_exit(&output, 2);
        let said = stderr(&output);
        assert!(said.contains("cannot be used with"), "{args:?}: {said}");
        assert!(
            said.contains("tip: ") && said.contains(why),
            "{args:?}: {said}"
        );
    }
}

#[test]
fn flags_that_do_not_apply_to_generation_are_errors() {
    for flag in [
        &["--engine", "mrv"][..],
        &["--format", "csv"][..],
        &["--stats"][..],
    ] {
        let output = dlx()
            .args(["sudoku", "--generate", "1"])
            .args(flag)
            .output()
            .unwrap();
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains("cannot be used with"),
            "{flag:?}: {}",
            stderr(&output)
        );
    }
    for flag in ["--rate", "--symmetric"] {
        let output = dlx()
            .args(["sudoku", flag])
            .write_stdin("")
            .output()
            .unwrap();
        assert_exit(&output, 2);
    }
}

#[test]
fn budgets_and_limits_say_what_they_mean() {
    let zero = dlx()
        .args(["solve", "--max-nodes", "0"])
        .write_stdin("a\na\n")
        .output()
        .unwrap();
    assert_exit(&zero, 2);
    let one_ns = dlx()
        .args(["solve", "--time-limit", "1ns", "--count"])
        .write_stdin("a\na\n")
        .output()
        .unwrap();
    assert_ne!(one_ns.status.code(), Some(2), "{}", stderr(&one_ns));
    assert!(
        !stderr(&one_ns).contains("not a duration"),
        "{}",
        stderr(&one_ns)
    );
    let too_short = dlx()
        .args(["solve", "--time-limit", "0.0000000001"])
        .write_stdin("a\na\n")
        .output()
        .unwrap();
    assert_exit(&too_short, 2);
    assert!(stderr(&too_short).contains("1ns"), "{}", stderr(&too_short));
}

#[test]
fn a_diagnostic_that_cannot_be_written_is_not_success() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("p.dlx");
    std::fs::write(&problem, "a\na\n").unwrap();
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(full) = full else {
        return; // No /dev/full here.
    };
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .arg("verify")
        .arg(&problem)
        .stdin(std::process::Stdio::piped())
        .stderr(full)
        .stdout(std::process::Stdio::null())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"a\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn the_licenses_the_manifests_name_are_in_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mit = std::fs::read_to_string(root.join("LICENSE-MIT")).expect("LICENSE-MIT");
    assert!(mit.contains("Permission is hereby granted, free of charge"));
    let apache = std::fs::read_to_string(root.join("LICENSE-APACHE")).expect("LICENSE-APACHE");
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0"));
}

#[test]
fn reduce_keeps_the_costs_of_the_options_it_keeps() {
    // `b c` can never be chosen (it leaves `a` only `a b`, which clashes
    // with it): it goes, `b` merges into `a`, and the costs of the others
    // stay.
    let output = dlx()
        .arg("reduce")
        .write_stdin("a b c\na b |3\nb c |1\nc |5\n")
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let written = String::from_utf8_lossy(&output.stdout).into_owned();
    let options: Vec<&str> = written.lines().skip(2).collect();
    assert_eq!(options.len(), 2, "{written}");
    assert!(!options.iter().any(|o| o.ends_with("|1")), "{written}");
    for cost in ["|3", "|5"] {
        assert!(
            options.iter().any(|o| o.ends_with(cost)),
            "{cost} lost: {written}"
        );
    }
}
