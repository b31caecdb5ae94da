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

    let output = dlx()
        .arg("solve")
        .arg(engine_data("colors.dlx"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("colors.dlx:3:5: colors"), "{stderr}");
    assert!(
        output.stdout.is_empty(),
        "nothing is solved from a misread file"
    );

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
    assert_eq!(counts, ["1", "4"], "{stdout}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no-such-file.dlx: cannot open"), "{stderr}");
    assert!(stderr.contains("colors.dlx:3:5:"), "{stderr}");
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
