//! `dlx merge` adds figures with checked sums (issue 46): result lines
//! whose counts pass `u64::MAX` together (each line well formed, its
//! checksum computed again) are an error naming the line, never a wrapped
//! total printed as complete; a total of exactly `u64::MAX` is still one.

use std::path::Path;
use std::process::Output;

use dancing_tasks::TaskResult;
use dancing_tasks::results::ResultOutcome;

use super::common::{assert_exit, dlx, engine_data, scratch, stderr};

fn run(args: &[&str]) -> Output {
    dlx().args(args).output().unwrap()
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The result lines of `lines` with `edit` applied to the figures of the
/// tasks at the places `at`, their checksums computed again.
fn edited(lines: &[String], at: &[usize], edit: &dyn Fn(&mut dancing::Stats)) -> String {
    let mut out = String::new();
    for (place, line) in lines.iter().enumerate() {
        let mut result = TaskResult::parse(line).unwrap();
        if at.contains(&place) {
            let ResultOutcome::Ran { stats, .. } = &mut result.outcome else {
                panic!("{line}")
            };
            edit(stats);
        }
        out.push_str(&result.to_line());
        out.push('\n');
    }
    out
}

/// The solutions of a result line.
fn solutions(line: &str) -> u64 {
    match TaskResult::parse(line).unwrap().outcome {
        ResultOutcome::Ran { stats, .. } => stats.solutions,
        _ => panic!("{line}"),
    }
}

#[test]
fn sums_past_u64_are_refused_and_u64_max_is_a_total() {
    let dir = scratch("sums");
    let problem = engine_data("queens8.dlx");
    let tasks = dir.join("tasks");
    let split = run(&["split", p(&problem), "--tasks", "10"]);
    assert_exit(&split, 0);
    std::fs::write(&tasks, &split.stdout).unwrap();
    // One thread: the lines in the order of the tasks, as the merge adds.
    let solved = run(&[
        "solve",
        p(&problem),
        "--tasks",
        p(&tasks),
        "--count",
        "-j",
        "1",
    ]);
    assert_exit(&solved, 0);
    let lines: Vec<String> = String::from_utf8(solved.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert!(lines.len() > 2);
    let merge = |name: &str, text: &str, flags: &[&str]| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let mut args = vec!["merge", "--tasks", p(&tasks)];
        args.extend(flags);
        args.push(p(&path));
        run(&args)
    };
    // Two lines of u64::MAX solutions: 2^65 - 2, which a wrapping sum
    // would print as a small count.
    let text = edited(&lines, &[0, 1], &|stats| stats.solutions = u64::MAX);
    for flags in [&[][..], &["--json"], &["--stats"], &["--solutions"]] {
        let output = merge("solutions", &text, flags);
        assert_exit(&output, 2);
        assert!(output.stdout.is_empty(), "{flags:?}: no total");
        let message = stderr(&output);
        assert!(
            message.contains("solutions:2: task ")
                && message
                    .contains("the solutions of the results add up past 18446744073709551615"),
            "{flags:?}: {message}"
        );
    }
    // Nodes past u64::MAX: no --progress made of a wrapped sum either.
    let text = edited(&lines, &[0, 1], &|stats| stats.nodes = u64::MAX);
    for flags in [&["--progress"][..], &["--progress", "--json"], &[]] {
        let output = merge("nodes", &text, flags);
        assert_exit(&output, 2);
        assert!(output.stdout.is_empty(), "{flags:?}: no progress");
        assert!(
            stderr(&output).contains("the nodes of the results add up past"),
            "{flags:?}: {}",
            stderr(&output)
        );
    }
    // The others' solutions, and the first line's made up to u64::MAX in
    // all: the total is exactly u64::MAX.
    let others: u64 = lines[1..].iter().map(|line| solutions(line)).sum();
    let text = edited(&lines, &[0], &|stats| stats.solutions = u64::MAX - others);
    let output = merge("most", &text, &[]);
    assert_exit(&output, 0);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}\n", u64::MAX)
    );
}
