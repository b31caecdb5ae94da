//! Tests of `dlx solve`.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::process::Stdio;

use super::common::*;

/// The solutions printed in the default format: blocks of option lines
/// separated by blank lines, each option as a sorted set of item names.
fn printed_solutions(stdout: &[u8]) -> Vec<BTreeSet<BTreeSet<String>>> {
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    text.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            block
                .lines()
                .map(|line| line.split_whitespace().map(str::to_owned).collect())
                .collect()
        })
        .collect()
}

/// Checks a printed solution against the problem file: every option is one
/// of the file's options, every primary item is covered exactly once and
/// every secondary item at most once.
fn assert_exact_cover(file: &str, solution: &BTreeSet<BTreeSet<String>>) {
    let text = std::fs::read_to_string(engine_data(file)).unwrap();
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'));
    let item_line = lines.next().unwrap();
    let (primary, secondary) = item_line.split_once('|').unwrap_or((item_line, ""));
    let options: BTreeSet<BTreeSet<String>> = lines
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect();
    let mut covered = std::collections::BTreeMap::new();
    for option in solution {
        assert!(
            options.contains(option),
            "{option:?} is not an option of {file}"
        );
        for item in option {
            *covered.entry(item.clone()).or_insert(0) += 1;
        }
    }
    for item in primary.split_whitespace() {
        assert_eq!(covered.get(item), Some(&1), "primary item {item} in {file}");
    }
    for item in secondary.split_whitespace() {
        assert!(
            covered.get(item).copied().unwrap_or(0) <= 1,
            "secondary item {item} in {file}"
        );
    }
}

#[test]
fn prints_knuths_toy_solution_and_a_summary() {
    let output = dlx()
        .args(["solve"])
        .arg(engine_data("toy.dlx"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "A D\nC E F\nB G\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("1 solution, 6 nodes"), "{stderr}");
}

#[test]
fn every_printed_solution_is_an_exact_cover() {
    for (file, count) in [
        ("queens6.dlx", 4),
        ("langford7.dlx", 52),
        ("latin4.dlx", 576),
    ] {
        let output = dlx().arg("solve").arg(engine_data(file)).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{file}");
        let solutions = printed_solutions(&output.stdout);
        assert_eq!(solutions.len(), count, "{file}");
        let distinct: BTreeSet<_> = solutions.iter().collect();
        assert_eq!(distinct.len(), count, "{file}: repeated solutions");
        for solution in &solutions {
            assert_exact_cover(file, solution);
        }
    }
}

#[test]
fn count_prints_one_integer() {
    let output = dlx()
        .args(["solve", "--count"])
        .arg(engine_data("queens8.dlx"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "92\n");
}

#[test]
fn max_solutions_stops_early() {
    let output = dlx()
        .args(["solve", "-n", "3"])
        .arg(engine_data("queens8.dlx"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let solutions = printed_solutions(&output.stdout);
    assert_eq!(solutions.len(), 3);
    for solution in &solutions {
        assert_exact_cover("queens8.dlx", solution);
    }
    let output = dlx()
        .args(["solve", "--count", "--max-solutions", "10"])
        .arg(engine_data("queens8.dlx"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "10\n");
}

#[test]
fn stats_line_has_dlx1_figures() {
    let output = dlx()
        .args(["solve", "--count", "--stats"])
        .arg(engine_data("queens8.dlx"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("solutions 92 nodes 1199 updates 21375 max-depth 8 time "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn json_lines_have_a_record_per_solution_and_a_summary() {
    let output = dlx()
        .args(["solve", "--json"])
        .arg(engine_data("queens6.dlx"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let records: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect();
    assert_eq!(records.len(), 5);
    for (k, record) in records[..4].iter().enumerate() {
        assert_eq!(record["type"], "solution");
        assert_eq!(record["solution"], k as u64 + 1);
        let solution: BTreeSet<BTreeSet<String>> = record["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                o.as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_str().unwrap().to_owned())
                    .collect()
            })
            .collect();
        assert_exact_cover("queens6.dlx", &solution);
    }
    let summary = &records[4];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["solutions"], 4);
    assert_eq!(summary["nodes"], 111);
    assert_eq!(summary["complete"], true);
}

#[test]
fn reads_standard_input_with_no_file_or_a_dash() {
    let text = std::fs::read_to_string(engine_data("toy.dlx")).unwrap();
    for args in [&["solve", "--count"][..], &["solve", "--count", "-"]] {
        let output = dlx().args(args).write_stdin(text.clone()).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n");
    }
}

#[test]
fn no_solution_exits_1() {
    let output = dlx()
        .args(["solve"])
        .write_stdin("a b\na\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("0 solutions"));
}

#[test]
fn bad_input_names_file_line_and_column_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("dlx-solve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.dlx");
    std::fs::write(&bad, "| comment\na b\na c\n").unwrap();
    let output = dlx().arg("solve").arg(&bad).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!("{}:3:3: unknown item `c`", bad.display())),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"));

    for garbage in [&b"\xff\xfe\n"[..], b"", b"a b\na a\n", b"a | b | c\n"] {
        let output = dlx().args(["solve"]).write_stdin(garbage).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{garbage:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("<stdin>:"), "{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_file_does_not_stop_the_others() {
    let output = dlx()
        .args(["solve", "--count"])
        .arg(engine_data("toy.dlx"))
        .arg("no-such-file.dlx")
        .arg(engine_data("rowcol4_2_2.dlx"))
        .arg(engine_data("colors.dlx"))
        .arg(engine_data("queens6.dlx"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let counts: Vec<&str> = stdout
        .lines()
        .map(|l| l.rsplit(':').next().unwrap())
        .collect();
    assert_eq!(counts, ["1", "90", "1", "4"], "{stdout}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no-such-file.dlx: cannot open"), "{stderr}");
}

#[test]
fn options_without_primary_items_are_reported_as_warnings() {
    let output = dlx()
        .args(["solve"])
        .write_stdin("a | x\na x\nx\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("<stdin>:3: warning: option has no primary item; ignored"),
        "{stderr}"
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), "a x\n");
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .arg("solve")
        .arg(engine_data("queens12.dlx"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first_line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first_line)
        .unwrap();
    // The reader is dropped here: the pipe closes with most output unwritten.
    let output = child.wait_with_output().unwrap();
    assert!(!first_line.is_empty());
    assert!(output.status.success(), "{:?}", output.status);
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
}

/// The JSON records of a run, without the fields that depend on the clock
/// or on the number of threads.
fn json_records(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|line| {
            let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
            if let Some(object) = record.as_object_mut() {
                object.remove("time_seconds");
                object.remove("threads");
            }
            record
        })
        .collect()
}

#[test]
fn several_threads_print_what_one_thread_prints() {
    for file in [
        "queens10.dlx",
        "langford8.dlx",
        "partitions8.dlx",
        "toy.dlx",
    ] {
        let run = |threads: &str, extra: &[&str]| {
            dlx()
                .args(["solve", "-j", threads, "--stats"])
                .args(extra)
                .arg(engine_data(file))
                .output()
                .unwrap()
        };
        for extra in [&[][..], &["-n", "7"], &["--count"], &["--profile"]] {
            let one = run("1", extra);
            assert_eq!(one.status.code(), Some(0));
            let one_stderr = String::from_utf8_lossy(&one.stderr);
            // Everything but the time and the thread count: DLX1's figures.
            let figures = |stderr: &str| {
                stderr
                    .lines()
                    .map(|line| line.split(" time ").next().unwrap().to_owned())
                    .collect::<Vec<_>>()
            };
            for threads in ["2", "3"] {
                let many = run(threads, extra);
                let context = format!("{file} -j {threads} {extra:?}");
                assert_eq!(many.status.code(), Some(0), "{context}");
                assert_eq!(many.stdout, one.stdout, "{context}: solutions in order");
                let many_stderr = String::from_utf8_lossy(&many.stderr);
                if extra.contains(&"-n") {
                    // Stopped early: other threads may have done more work.
                    let solutions =
                        |stderr: &str| stderr.split(" nodes ").next().unwrap().to_owned();
                    assert_eq!(solutions(&many_stderr), solutions(&one_stderr), "{context}");
                } else {
                    assert_eq!(figures(&many_stderr), figures(&one_stderr), "{context}");
                }
                assert!(many_stderr.contains(&format!(" threads {threads} ")));
            }
        }
        let one = run("1", &["--json"]);
        let two = run("2", &["--json"]);
        assert_eq!(
            json_records(&two.stdout),
            json_records(&one.stdout),
            "{file}"
        );
    }
}

#[test]
fn a_node_budget_stops_the_search_with_a_partial_report() {
    let output = dlx()
        .args([
            "solve",
            "-j",
            "1",
            "--count",
            "--stats",
            "--max-nodes",
            "5000",
        ])
        .arg(engine_data("queens10.dlx"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(" nodes 5000 "), "{stderr}");
    assert!(
        stderr.contains(" complete no stopped max-nodes"),
        "{stderr}"
    );
    let count: u64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap();
    assert!(count > 0 && count < 724, "{count}");
    assert_eq!(output.status.code(), Some(0), "solutions were found");

    // With several threads the budget is approximate, but it stops the search.
    let output = dlx()
        .args(["solve", "-j", "2", "--json", "--max-nodes", "5000"])
        .arg(engine_data("queens10.dlx"))
        .output()
        .unwrap();
    let summary = json_records(&output.stdout).pop().unwrap();
    assert_eq!(summary["complete"], false);
    assert_eq!(summary["stopped"], "max-nodes");
    assert!(summary["nodes"].as_u64().unwrap() < 16_448);

    // A budget that finds nothing: exit 1, and the report says it stopped.
    let output = dlx()
        .args(["solve", "-j", "1", "--max-nodes", "3"])
        .arg(engine_data("queens10.dlx"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("0 solutions (stopped: node budget spent; incomplete)"),
        "{stderr}"
    );
}

#[test]
fn bad_budgets_and_thread_counts_are_usage_errors() {
    for args in [
        &["--time-limit", "0"][..],
        &["--time-limit", "soon"],
        &["--time-limit=-3s"],
        &["-j", "0"],
        &["-j", "many"],
        &["--max-nodes=-1"],
    ] {
        let output = dlx()
            .arg("solve")
            .args(args)
            .arg(engine_data("toy.dlx"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("error: invalid value"),
            "{args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn without_j_a_search_runs_on_the_default_threads() {
    // The one default thread policy of every front end, for a tree larger
    // than the few hundred nodes counted before the cores are asked for.
    let output = dlx()
        .args(["solve", "--count", "--json"])
        .arg(engine_data("queens10.dlx"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let summary = stdout.lines().last().unwrap_or_default();
    let threads = format!("\"threads\":{}", dancing::engine::default_threads());
    assert!(summary.contains(&threads), "{summary}");
    assert!(summary.contains("\"solutions\":724"), "{summary}");
}

#[test]
fn without_j_a_tiny_count_is_made_on_one_thread_with_one_threads_figures() {
    // Counted before the cores are asked for: the figures of -j 1, and the
    // summary says one thread searched.
    let summary = |args: &[&str]| {
        let output = dlx()
            .args(["solve", "--count", "--json"])
            .args(args)
            .arg(engine_data("queens6.dlx"))
            .output()
            .unwrap();
        assert!(output.status.success());
        let stdout = String::from_utf8(output.stdout).unwrap();
        let last = stdout.lines().last().unwrap_or_default().to_owned();
        // The figures without the time.
        let figures: Vec<String> = last
            .split(',')
            .filter(|field| !field.contains("seconds") && !field.contains("elapsed"))
            .map(str::to_owned)
            .collect();
        (last, figures)
    };
    let (unset, unset_figures) = summary(&[]);
    let (one, one_figures) = summary(&["-j", "1"]);
    assert!(unset.contains("\"threads\":1"), "{unset}");
    assert!(unset.contains("\"solutions\":4"), "{unset}");
    assert_eq!(unset_figures, one_figures, "{unset}\n{one}");
}

/// A problem whose full count takes several seconds: the 9356 ways to pack
/// the pentominoes into a 6x10 box.
pub(crate) fn long_problem() -> tempfile_path::TempPath {
    let output = dlx().args(["gen", "pentomino", "6x10"]).output().unwrap();
    assert!(output.status.success());
    tempfile_path::write("pentomino6x10.dlx", &output.stdout)
}

/// Just enough of a temporary file for these tests.
pub(crate) mod tempfile_path {
    use std::path::{Path, PathBuf};

    pub struct TempPath(PathBuf);

    impl AsRef<Path> for TempPath {
        fn as_ref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempPath {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(self.0.parent().unwrap());
        }
    }

    pub fn write(name: &str, contents: &[u8]) -> TempPath {
        let dir = std::env::temp_dir().join(format!(
            "dlx-test-{}-{name}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        TempPath(path)
    }
}

#[test]
fn a_time_limit_stops_the_search_and_piped_runs_show_no_progress() {
    let problem = long_problem();
    let output = dlx()
        .args(["solve", "--count", "--time-limit", "1.2s"])
        .arg(problem.as_ref())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    // One line: the summary; no progress bar on a pipe, though the search
    // ran longer than the bar's delay.
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("(stopped: time limit; incomplete)"),
        "{stderr}"
    );
    assert!(stderr.contains("% of the tree explored"), "{stderr}");
    let count: u64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap();
    assert!(count < 9356, "{count}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_partial_count_and_statistics() {
    let problem = long_problem();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(["solve", "--count", "--stats", "-j", "2"])
        .arg(problem.as_ref())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    let count: u64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap();
    assert!(count < 9356, "{count}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!("solutions {count} nodes ")),
        "{stderr}"
    );
    assert!(
        stderr.contains(" complete no stopped interrupted"),
        "{stderr}"
    );
}

#[test]
fn json_count_writes_only_the_summary() {
    for threads in ["1", "2"] {
        let output = dlx()
            .args(["solve", "--json", "--count", "-j", threads])
            .arg(engine_data("queens8.dlx"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let records = json_records(&output.stdout);
        assert_eq!(records.len(), 1, "-j {threads}: {records:?}");
        assert_eq!(records[0]["type"], "summary");
        assert_eq!(records[0]["solutions"], 92);
        assert_eq!(records[0]["nodes"], 1199);
        assert_eq!(records[0]["complete"], true);
    }
    // With -n the count stops there; one summary per file.
    let output = dlx()
        .args(["solve", "--json", "--count", "-n", "10"])
        .arg(engine_data("queens8.dlx"))
        .arg(engine_data("queens6.dlx"))
        .output()
        .unwrap();
    let records = json_records(&output.stdout);
    assert_eq!(records.len(), 2, "{records:?}");
    assert!(records.iter().all(|r| r["type"] == "summary"));
    assert_eq!(records[0]["solutions"], 10);
    assert_eq!(records[0]["stopped"], "max-solutions");
    assert_eq!(records[1]["solutions"], 4);
    assert_eq!(records[1]["complete"], true);
}
