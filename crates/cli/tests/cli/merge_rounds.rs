//! `dlx merge` over the rounds of a rerun loop (issue 46): a rerun's task
//! file holds part of the split, so merged with its own results alone it
//! is incomplete, never a total; with the first round's results too it
//! is the whole search, whichever task file is given.

use std::path::{Path, PathBuf};
use std::process::Output;

use super::common::{Scratch, assert_exit, dlx, engine_data, scratch, stderr};

fn run(args: &[&str]) -> Output {
    dlx().args(args).output().unwrap()
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Writes what `args` prints on standard output to `dir/name`, expecting
/// the exit status `code`.
fn write_out(dir: &Scratch, name: &str, code: i32, args: &[&str]) -> PathBuf {
    let output = run(args);
    assert_exit(&output, code);
    let path = dir.join(name);
    std::fs::write(&path, &output.stdout).unwrap();
    path
}

/// `dlx merge` of `results` against the task file `tasks`, with `flags`.
fn merge(flags: &[&str], tasks: &Path, results: &[&Path]) -> Output {
    let mut args = vec!["merge"];
    args.extend(flags);
    args.extend(["--tasks", p(tasks)]);
    args.extend(results.iter().map(|r| p(r)));
    run(&args)
}

/// The number of tasks a task file's header says it holds.
fn task_count(tasks: &Path) -> usize {
    let text = std::fs::read_to_string(tasks).unwrap();
    let header = text.lines().next().unwrap();
    header.split_whitespace().last().unwrap().parse().unwrap()
}

/// The count of one `dlx solve --count`, computed here.
fn truth(problem: &Path) -> String {
    let output = run(&["solve", "--count", p(problem)]);
    assert_exit(&output, 0);
    String::from_utf8(output.stdout).unwrap()
}

/// Expects a complete merge with the count of one search.
#[track_caller]
fn complete(output: &Output, count: &str) {
    assert_exit(output, 0);
    assert_eq!(String::from_utf8_lossy(&output.stdout), count);
    assert!(stderr(output).contains(": complete"), "{}", stderr(output));
}

/// Expects an incomplete merge (exit 3) that prints no total and names
/// the split's whole number of tasks.
#[track_caller]
fn incomplete(output: &Output, split_tasks: usize) {
    assert_exit(output, 3);
    assert!(output.stdout.is_empty(), "no total: {:?}", output.stdout);
    let message = stderr(output);
    assert!(
        message.contains(&format!("dlx merge: {split_tasks} tasks (split ")),
        "{message}"
    );
    assert!(message.contains(": incomplete"), "{message}");
}

/// A rerun of the tasks that never ran: merged with its own results and
/// its own task file, three tasks of fifteen are not the total.
#[test]
fn a_rerun_file_is_never_taken_for_the_whole_split() {
    let dir = scratch("rerun-file");
    let problem = engine_data("queens8.dlx");
    let count = truth(&problem);
    let split = write_out(&dir, "A", 0, &["split", p(&problem), "--tasks", "10"]);
    let n = task_count(&split);
    assert!(n > 4, "{n} tasks");
    let range = format!("0..{}", n - 3);
    let part = write_out(
        &dir,
        "part",
        0,
        &[
            "solve",
            p(&problem),
            "--tasks",
            p(&split),
            "--count",
            "--task-range",
            &range,
        ],
    );
    let rerun = dir.join("R");
    let listed = merge(&["--rerun"], &split, &[&part]);
    assert_exit(&listed, 3);
    std::fs::write(&rerun, &listed.stdout).unwrap();
    assert_eq!(task_count(&rerun), 3);
    let rerun_results = write_out(
        &dir,
        "rR",
        0,
        &["solve", p(&problem), "--tasks", p(&rerun), "--count"],
    );
    // The rerun's tasks alone are 3 of the split's n: incomplete.
    let alone = merge(&[], &rerun, &[&rerun_results]);
    incomplete(&alone, n);
    assert!(
        stderr(&alone).contains("a rerun's file"),
        "{}",
        stderr(&alone)
    );
    let json = merge(&["--json"], &rerun, &[&rerun_results]);
    assert_exit(&json, 3);
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(report["status"], "incomplete");
    assert_eq!(report["tasks"], n);
    assert_eq!(report["missing"].as_array().unwrap().len(), n - 3);
    assert!(report["solutions"].is_null(), "{report}");
    // Nor can it rerun the tasks it has no path for.
    let again = merge(&["--rerun"], &rerun, &[&rerun_results]);
    assert_exit(&again, 2);
    assert!(again.stdout.is_empty());
    assert!(
        stderr(&again).contains("needs the paths of the missing tasks 0, 1"),
        "{}",
        stderr(&again)
    );
    // Both rounds: the total, against either task file.
    complete(&merge(&[], &split, &[&part, &rerun_results]), &count);
    complete(&merge(&[], &rerun, &[&part, &rerun_results]), &count);
    // --progress goes by the split's whole number of tasks too.
    let progress = merge(&["--progress"], &rerun, &[&rerun_results]);
    assert_exit(&progress, 3);
    let text = String::from_utf8_lossy(&progress.stdout);
    assert!(
        text.starts_with(&format!(
            "tasks: 3 done, 0 stopped (their frontiers expected), {} left",
            n - 3
        )),
        "{text}"
    );
}

/// Rounds of a budget's frontiers: a rerun's file of frontier tasks,
/// merged with its own results alone, waits for the tasks that left them;
/// every round's results make the total against any round's task file,
/// and a rerun file changed, or of other results, is refused.
#[test]
fn rounds_of_frontiers_merge_to_the_total_only_with_every_round() {
    let dir = scratch("rerun-rounds");
    let problem = engine_data("queens8.dlx");
    let count = truth(&problem);
    let split = write_out(&dir, "A", 0, &["split", p(&problem), "--tasks", "10"]);
    let n = task_count(&split);
    let round0 = write_out(
        &dir,
        "r0",
        0,
        &[
            "solve",
            p(&problem),
            "--tasks",
            p(&split),
            "--count",
            "--max-nodes",
            "8",
        ],
    );
    let todo1 = dir.join("todo1");
    let listed = merge(&["--rerun"], &split, &[&round0]);
    assert_exit(&listed, 3);
    std::fs::write(&todo1, &listed.stdout).unwrap();
    let text = std::fs::read_to_string(&todo1).unwrap();
    assert!(
        text.lines()
            .skip(1)
            .any(|line| line.split(' ').next().unwrap().contains('.')),
        "frontier tasks to rerun: {text}"
    );
    let round1 = write_out(
        &dir,
        "r1",
        0,
        &["solve", p(&problem), "--tasks", p(&todo1), "--count"],
    );
    // The frontier tasks' results alone: their stopped tasks have no
    // result here, so they wait (no fault), and nothing is complete.
    let alone = merge(&[], &todo1, &[&round1]);
    incomplete(&alone, n);
    assert!(stderr(&alone).contains("not counted"), "{}", stderr(&alone));
    // Every round's results: the total, whichever task file is given.
    complete(&merge(&[], &split, &[&round0, &round1]), &count);
    complete(&merge(&[], &todo1, &[&round0, &round1]), &count);
    let nothing = merge(&["--rerun"], &todo1, &[&round0, &round1]);
    assert_exit(&nothing, 0);
    assert!(nothing.stdout.is_empty());
    // A rerun's file whose frontier task has another path than the
    // stopped task's result says: refused, naming the task file.
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let at = lines
        .iter()
        .position(|line| line.split(' ').next().unwrap().contains('.'))
        .unwrap();
    let id = lines[at].split(' ').next().unwrap().to_owned();
    lines[at].push_str(" 0");
    let changed = dir.join("changed");
    std::fs::write(&changed, lines.join("\n") + "\n").unwrap();
    let output = merge(&[], &changed, &[&round0, &round1]);
    assert_exit(&output, 2);
    assert!(output.stdout.is_empty());
    let message = stderr(&output);
    assert!(
        message.contains(&format!(
            "{}: task {id}: its path in the task file",
            p(&changed)
        )),
        "{message}"
    );
    // A rerun's file of frontier tasks that these results did not leave:
    // the split's tasks run without a budget, none stopped.
    let unstopped = write_out(
        &dir,
        "r0-whole",
        0,
        &["solve", p(&problem), "--tasks", p(&split), "--count"],
    );
    let output = merge(&[], &todo1, &[&unstopped]);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("no stopped task of these results left it"),
        "{}",
        stderr(&output)
    );
}
