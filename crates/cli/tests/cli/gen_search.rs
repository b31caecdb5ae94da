//! `dlx gen --solve/--count` on the runner of `dlx solve`: the same flags
//! (-j, --max-nodes, --time-limit, -q, --stats, --profile), the same
//! output whatever the number of threads, and the same stop-and-report on
//! Ctrl-C or a budget.

use std::time::Duration;

use super::common::*;
use super::running::spawn;

/// `dlx gen ARGS`: (exit code, stdout, stderr).
fn gen_run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = dlx().arg("gen").args(args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The value after `name` on a `--stats` line.
fn stat(stderr: &str, name: &str) -> String {
    let words: Vec<&str> = stderr
        .lines()
        .last()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let at = words
        .iter()
        .position(|&word| word == name)
        .unwrap_or_else(|| panic!("no {name} in {stderr:?}"));
    words[at + 1].to_owned()
}

/// Checks a 6x10 pentomino drawing: 12 letters, each five times.
fn assert_pentomino_packing(picture: &str) {
    let rows: Vec<&str> = picture.lines().collect();
    assert_eq!(rows.len(), 6, "{picture}");
    assert!(rows.iter().all(|row| row.len() == 10), "{picture}");
    for letter in "FILNPTUVWXYZ".chars() {
        assert_eq!(
            picture.chars().filter(|&c| c == letter).count(),
            5,
            "{letter} in\n{picture}"
        );
    }
}

#[test]
fn drawings_and_counts_are_the_same_on_any_thread_count() {
    for args in [
        &["langford", "8", "--solve"][..],
        &["pentomino", "3x20", "--solve", "--color", "never"],
        &["queens", "6", "--solve", "--max", "3"],
        &["queens", "9", "--count"],
    ] {
        let (code, one, _) = gen_run(&[args, &["-j", "1"]].concat());
        assert_eq!(code, Some(0), "{args:?}");
        assert!(!one.is_empty());
        for threads in ["2", "3"] {
            let (_, several, _) = gen_run(&[args, &["-j", threads]].concat());
            assert_eq!(several, one, "{args:?} -j {threads}");
        }
    }
}

#[test]
fn stats_and_profile_describe_the_search() {
    let (code, stdout, stderr) = gen_run(&["queens", "8", "--count", "--stats", "--profile"]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout, "92\n");
    let lines: Vec<&str> = stderr.lines().collect();
    // As `dlx solve --stats` prints for Knuth's queens8.dlx.
    assert!(
        lines[0].starts_with("solutions 92 nodes 1199 updates 21375 max-depth 8 time "),
        "{stderr}"
    );
    let per_level: u64 = lines[1..]
        .iter()
        .map(|line| line.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(lines.len(), 1 + 9, "levels 0 to 8: {stderr}");
    assert_eq!(per_level, 1199, "{stderr}");
}

#[test]
fn budgets_stop_the_search_with_a_partial_report() {
    let (code, stdout, stderr) = gen_run(&[
        "queens",
        "10",
        "--count",
        "-j",
        "1",
        "--stats",
        "--max-nodes",
        "5000",
    ]);
    assert_eq!(code, Some(0), "solutions were found: {stderr}");
    assert_eq!(stat(&stderr, "nodes"), "5000");
    assert_eq!(stat(&stderr, "stopped"), "max-nodes");
    assert_eq!(stat(&stderr, "solutions"), stdout.trim());
    let count: u64 = stdout.trim().parse().unwrap();
    assert!(count > 0 && count < 724, "{count}");

    // Twenty queens take hours; the clock stops them.
    let (code, stdout, stderr) = gen_run(&["queens", "20", "--count", "--time-limit", "300ms"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.trim().parse::<u64>().is_ok(), "{stdout}");
    assert!(
        stderr.contains("(stopped: time limit; incomplete)"),
        "{stderr}"
    );
    assert!(stderr.contains("% of the tree explored"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_partial_count_and_exits_130() {
    for threads in ["1", "2"] {
        let running = spawn(&["gen", "queens", "20", "--count", "--stats", "-j", threads]);
        std::thread::sleep(Duration::from_millis(600));
        running.interrupt();
        let finished = running.finish(Duration::from_secs(10));
        eprintln!("-j {threads}: stopped {:?} after SIGINT", finished.waited);
        assert_eq!(finished.code, Some(130), "{finished:?}");
        let count = finished.stdout.trim();
        assert!(count.parse::<u64>().is_ok(), "{finished:?}");
        assert_eq!(stat(&finished.stderr, "solutions"), count);
        assert_eq!(stat(&finished.stderr, "complete"), "no");
        assert_eq!(stat(&finished.stderr, "stopped"), "interrupted");
        let explored: f64 = stat(&finished.stderr, "explored-estimate").parse().unwrap();
        assert!((0.0..1.0).contains(&explored), "{finished:?}");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_drawings_made_so_far() {
    let running = spawn(&[
        "gen",
        "pentomino",
        "6x10",
        "--solve",
        "--color",
        "never",
        "-j",
        "2",
    ]);
    std::thread::sleep(Duration::from_millis(800));
    running.interrupt();
    let finished = running.finish(Duration::from_secs(10));
    assert_eq!(finished.code, Some(130), "{}", finished.stderr);
    let pictures: Vec<&str> = finished
        .stdout
        .split("\n\n")
        .filter(|picture| !picture.is_empty())
        .collect();
    // Every drawing printed is whole, and the summary counts them.
    for picture in &pictures {
        assert_pentomino_packing(picture);
    }
    assert!(pictures.len() < 9356);
    let summary = finished.stderr.lines().last().unwrap();
    let plural = if pictures.len() == 1 { "" } else { "s" };
    assert!(
        summary.starts_with(&format!(
            "{} solution{plural} (interrupted; incomplete), ",
            pictures.len()
        )),
        "{summary}"
    );
}

#[test]
fn search_flags_need_a_search() {
    for flags in [
        &["-j", "2"][..],
        &["--time-limit", "1s"],
        &["--max-nodes", "10"],
        &["--stats"],
        &["-q"],
    ] {
        let (code, stdout, stderr) = gen_run(&[&["queens", "8"], flags].concat());
        assert_eq!(code, Some(2), "{flags:?}");
        assert!(stdout.is_empty(), "{flags:?}");
        assert!(
            stderr.contains("with --solve, --count or --max"),
            "{flags:?}: {stderr}"
        );
    }
    // Quiet is accepted with a search.
    let (code, stdout, _) = gen_run(&["queens", "8", "--count", "-q"]);
    assert_eq!((code, stdout.as_str()), (Some(0), "92\n"));
}
