//! Output that cannot be written: a full disk (`/dev/full`) on standard
//! error loses only the diagnostics, and on standard output it is an error
//! (exit 2) said on standard error; never a panic (exit 101).

#![cfg(target_os = "linux")]

use std::fs::File;
use std::process::{Command, Output, Stdio};

use super::common::*;

/// The commands of the findings, each of which writes on both streams.
fn commands() -> Vec<Vec<String>> {
    let path = |p: std::path::PathBuf| p.display().to_string();
    let toy = path(engine_data("toy.dlx"));
    let queens = path(engine_data("queens8.dlx"));
    let sudoku = path(cli_data("sudoku_poj2676.in"));
    [
        vec!["solve", &toy],
        vec!["solve", "--stats", "--json", &queens],
        vec!["solve", "--count", "-j", "2", &queens],
        vec!["sudoku", "--stats", &sudoku],
        vec!["gen", "queens", "8", "--count"],
        vec!["gen", "queens", "8", "--solve", "--stats"],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(str::to_owned).collect())
    .collect()
}

/// The binary as a plain command, whose streams can be files.
fn dlx_with_streams() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("dlx"))
}

fn full() -> File {
    File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

/// What the command writes with both streams captured.
fn normal(args: &[String]) -> Output {
    dlx().args(args).output().unwrap()
}

#[test]
fn a_full_stderr_keeps_the_results_and_says_so_by_exit_2() {
    for args in commands() {
        let expected = normal(&args);
        assert_eq!(expected.status.code(), Some(0), "{args:?}");
        assert!(!expected.stderr.is_empty(), "{args:?} writes on stderr");
        let output = dlx_with_streams()
            .args(&args)
            .stderr(Stdio::from(full()))
            .output()
            .unwrap();
        // A diagnostic nobody could read (a summary, a verdict) is not
        // success: the status says it was lost.
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        // The results are whole; only the timings may differ (JSON).
        let lines = |bytes: &[u8]| String::from_utf8_lossy(bytes).lines().count();
        assert_eq!(lines(&output.stdout), lines(&expected.stdout), "{args:?}");
        if !args.contains(&"--json".to_owned()) {
            assert_eq!(output.stdout, expected.stdout, "{args:?}");
        }
    }
}

#[test]
fn a_full_stdout_is_an_error_said_on_stderr() {
    for args in commands() {
        let output = dlx_with_streams()
            .args(&args)
            .stdout(Stdio::from(full()))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("error writing output"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("No space left"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn both_streams_full_is_still_exit_2_and_no_panic() {
    for args in commands() {
        let output = dlx_with_streams()
            .args(&args)
            .stdout(Stdio::from(full()))
            .stderr(Stdio::from(full()))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn help_and_version_on_a_full_stdout_are_errors_said_on_stderr() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["solve", "--help"],
        &["help", "sudoku"],
    ] {
        let output = dlx_with_streams()
            .args(args)
            .stdout(Stdio::from(full()))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("dlx: error writing output: No space left"),
            "{args:?}: {stderr}"
        );
        // Written where it can be, it is the help, with status 0.
        let shown = dlx().args(args).output().unwrap();
        assert_eq!(shown.status.code(), Some(0), "{args:?}");
        assert!(
            !shown.stdout.is_empty() && shown.stderr.is_empty(),
            "{args:?}"
        );
    }
}

/// A run started with standard output closed (`>&-`) writes its results
/// nowhere, as if to `/dev/null`, and the files it opens do not take the
/// closed stream's number: the diagram written with `--write` is the one
/// written with standard output open, and the run succeeds.
#[test]
fn a_closed_stdout_does_not_become_a_file_the_run_opens() {
    let folder = tempfile::tempdir().unwrap();
    let queens = engine_data("queens8.dlx");
    let written = |name: &str, close_stdout: bool| {
        let out = folder.path().join(name);
        let mut command = Command::new("sh");
        let script = if close_stdout {
            r#"exec "$0" "$@" >&-"#
        } else {
            r#"exec "$0" "$@""#
        };
        command
            .arg("-c")
            .arg(script)
            .arg(assert_cmd::cargo::cargo_bin("dlx"))
            .args(["zdd", "--write"])
            .arg(&out)
            .arg(&queens);
        let output = command.output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read(out).unwrap()
    };
    let open = written("open.zdd", false);
    let closed = written("closed.zdd", true);
    assert!(!open.is_empty());
    assert_eq!(open, closed);
}
