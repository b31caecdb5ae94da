//! `dlx merge` never gives a wrong total: each fault of issue 33 (mixed
//! splits, changed numbers and paths, ghost ids, a scheduler's message in
//! a results file, lost lines) ends in a located error (exit 2) or the
//! incomplete status (exit 3), and a rerun loop driven by the exit status
//! ends with the figures of one `dlx solve -j 1`.

use std::path::{Path, PathBuf};
use std::process::Output;

use dancing_tasks::TaskResult;

use super::common::{Scratch, assert_exit, dlx, engine_data, scratch, stderr};

fn run(args: &[&str]) -> Output {
    dlx().args(args).output().unwrap()
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Writes what a successful run prints to `path`.
fn write_out(path: &Path, args: &[&str]) {
    let output = run(args);
    assert_exit(&output, 0);
    std::fs::write(path, &output.stdout).unwrap();
}

/// Expects `code` and every needle on stderr, and no total on stdout.
#[track_caller]
fn refused(output: &Output, code: i32, needles: &[&str]) {
    assert_exit(output, code);
    let message = stderr(output);
    for needle in needles {
        assert!(message.contains(needle), "`{needle}` not in: {message}");
    }
    assert!(output.stdout.is_empty(), "no total: {:?}", output.stdout);
}

/// `solutions N nodes N updates N` from a `--stats` line.
fn figures(stats: &str) -> Vec<String> {
    let words: Vec<&str> = stats.split_whitespace().collect();
    words
        .chunks(2)
        .filter(|pair| ["solutions", "nodes", "updates"].contains(&pair[0]))
        .map(|pair| pair.join(" "))
        .collect()
}

/// The figures of one `dlx solve -j 1`, computed here.
fn whole(problem: &Path) -> Vec<String> {
    figures(&stderr(&run(&[
        "solve",
        "--count",
        "--stats",
        "-j",
        "1",
        p(problem),
    ])))
}

/// A problem, two splits of it, and all results of the first.
struct Setup {
    dir: Scratch,
    problem: PathBuf,
    tasks: PathBuf,
    other_tasks: PathBuf,
    results: PathBuf,
    lines: Vec<String>,
}

fn setup(test: &str) -> Setup {
    let dir = scratch(test);
    let problem = engine_data("queens8.dlx");
    let tasks = dir.join("t20");
    let other_tasks = dir.join("t10");
    write_out(&tasks, &["split", p(&problem), "--tasks", "20"]);
    write_out(&other_tasks, &["split", p(&problem), "--tasks", "10"]);
    // One thread, so that the result lines come in the order of the tasks
    // (on more, each is written as its task ends).
    let results = dir.join("r20");
    write_out(
        &results,
        &[
            "solve",
            p(&problem),
            "--tasks",
            p(&tasks),
            "--count",
            "-j",
            "1",
        ],
    );
    let lines = std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    Setup {
        dir,
        problem,
        tasks,
        other_tasks,
        results,
        lines,
    }
}

impl Setup {
    fn write(&self, name: &str, lines: &[String]) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        path
    }

    fn merge(&self, files: &[&Path]) -> Output {
        let mut args = vec!["merge", "--tasks", p(&self.tasks)];
        args.extend(files.iter().map(|f| p(f)));
        run(&args)
    }
}

#[test]
fn results_of_another_split_are_refused() {
    let s = setup("mixed");
    // All the results of one split, merged against the other's file.
    let output = run(&["merge", "--tasks", p(&s.other_tasks), p(&s.results)]);
    refused(&output, 2, &["r20:1: task 0: a result of another split"]);
    // Half of each split, with and without the task file.
    let other = s.dir.join("r10");
    write_out(
        &other,
        &[
            "solve",
            p(&s.problem),
            "--tasks",
            p(&s.other_tasks),
            "--count",
        ],
    );
    let other_lines: Vec<String> = std::fs::read_to_string(&other)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let half = s.lines.len() / 2;
    let first = s.write("first", &s.lines[..half]);
    let second = s.write("second", &other_lines[other_lines.len() / 2..]);
    refused(
        &s.merge(&[&first, &second]),
        2,
        &["second:1:", "another split"],
    );
    refused(
        &run(&["merge", p(&first), p(&second)]),
        2,
        &["second:1:", "another split"],
    );
}

#[test]
fn changed_numbers_paths_and_ghost_ids_are_named() {
    let s = setup("changed");
    let complete = s.merge(&[&s.results]);
    assert_exit(&complete, 0);
    // A changed number or path: the line's checksum names it.
    for (from, to) in [
        ("\"solutions\":", "\"solutions\":1"),
        ("\"nodes\":", "\"nodes\":9"),
        ("\"prefix\":\"", "\"prefix\":\"1 "),
    ] {
        let mut lines = s.lines.clone();
        let at = 1;
        lines[at] = lines[at].replacen(from, to, 1);
        let edited = s.write("edited", &lines);
        refused(
            &s.merge(&[&edited]),
            2,
            &[&format!("edited:{}:", at + 1), "checksum"],
        );
        refused(
            &run(&["merge", p(&edited)]),
            2,
            &[&format!("edited:{}:", at + 1), "checksum"],
        );
    }
    // A line rewritten whole with a good checksum: another task's path
    // under this id, or an id the split has not.
    let mut forged = TaskResult::parse(&s.lines[3]).unwrap();
    let other = TaskResult::parse(&s.lines[4]).unwrap();
    forged.task.node = other.task.node.clone();
    let mut lines = s.lines.clone();
    lines[3] = forged.to_line();
    let edited = s.write("path", &lines);
    refused(&s.merge(&[&edited]), 2, &["path:4:", "its path is"]);
    let mut ghost = TaskResult::parse(&s.lines[3]).unwrap();
    ghost.task.id = "999".into();
    let mut lines = s.lines.clone();
    lines.push(ghost.to_line());
    let edited = s.write("ghost", &lines);
    let at = format!("ghost:{}:", lines.len());
    refused(
        &s.merge(&[&edited]),
        2,
        &[&at, "task 999", "neither in the task file"],
    );
    refused(
        &run(&["merge", p(&edited)]),
        2,
        &[&at, "task 999", "not a task of the split"],
    );
}

#[test]
fn lost_lines_are_incomplete_and_named_even_without_the_task_file() {
    let s = setup("lost");
    let mut lines = s.lines.clone();
    let dropped = TaskResult::parse(&lines.remove(5)).unwrap().task.id;
    let part = s.write("part", &lines);
    let needle = format!("task {dropped} has no result");
    refused(&s.merge(&[&part]), 3, &[&needle, "1 missing"]);
    refused(&run(&["merge", p(&part)]), 3, &[&needle, "without --tasks"]);
    // --rerun lists it (exit 3), and without the task file refuses, having
    // no path to write.
    let rerun = run(&["merge", "--rerun", "--tasks", p(&s.tasks), p(&part)]);
    assert_exit(&rerun, 3);
    assert_eq!(String::from_utf8_lossy(&rerun.stdout).lines().count(), 2);
    refused(
        &run(&["merge", "--rerun", p(&part)]),
        2,
        &["needs the task file"],
    );
    // --json lists it.
    let json = run(&["merge", "--json", "--tasks", p(&s.tasks), p(&part)]);
    assert_exit(&json, 3);
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(report["status"], "incomplete");
    assert_eq!(report["missing"][0]["task"], dropped.as_str());
}

#[test]
fn a_slurm_message_in_a_results_file_is_named() {
    let s = setup("slurm");
    let mut lines = s.lines.clone();
    let cancelled = TaskResult::parse(&lines[2]).unwrap().task.id;
    lines[2] = "slurmstepd: error: *** JOB 12 ON node1 CANCELLED AT 2026-11-27T01:00:00 ***".into();
    let file = s.write("7.jsonl", &lines);
    refused(
        &s.merge(&[&file]),
        2,
        &["7.jsonl:3:", "a message of Slurm's", "--error"],
    );
    // With the message in its own --error file, the task is only missing.
    lines.remove(2);
    let file = s.write("7.jsonl", &lines);
    refused(
        &s.merge(&[&file]),
        3,
        &[&format!("task {cancelled} has no result")],
    );
}

#[test]
fn duplicates_unreadable_files_and_reruns_drive_a_loop() {
    let s = setup("loop");
    // The same results twice count once; a result that says otherwise
    // for the same task is refused.
    let twice = s.merge(&[&s.results, &s.results]);
    assert_exit(&twice, 0);
    assert!(
        stderr(&twice).contains("duplicates (counted once)"),
        "{}",
        stderr(&twice)
    );
    assert_eq!(
        figures(&stderr(&run(&[
            "merge",
            "--stats",
            "--tasks",
            p(&s.tasks),
            p(&s.results),
            p(&s.results)
        ]))),
        whole(&s.problem)
    );
    let stopped = s.dir.join("stopped");
    write_out(
        &stopped,
        &[
            "solve",
            p(&s.problem),
            "--tasks",
            p(&s.tasks),
            "--count",
            "--max-nodes",
            "2",
        ],
    );
    refused(
        &s.merge(&[&s.results, &stopped]),
        2,
        &["stopped:", "says otherwise"],
    );
    // A file that cannot be read is an error, and --rerun then hands
    // nothing out; complete results have nothing to rerun.
    let nowhere = s.dir.join("nowhere");
    refused(
        &s.merge(&[&s.results, &nowhere]),
        2,
        &["nowhere: cannot read"],
    );
    refused(
        &run(&["merge", "--rerun", "--tasks", p(&s.tasks), p(&nowhere)]),
        2,
        &["nowhere"],
    );
    let done = run(&["merge", "--rerun", "--tasks", p(&s.tasks), p(&s.results)]);
    assert_exit(&done, 0);
    assert!(done.stdout.is_empty());
    // A tiny time limit: every task writes its line, started or not, and
    // the loop "rerun while merge exits 3" ends with one search's figures.
    // The problem must outlast 1 ms on any machine (12 queens is about
    // 40 ms of search; Langford 7 once finished all its tasks in 1 ms).
    let problem = engine_data("queens12.dlx");
    let tasks = s.dir.join("lt");
    write_out(&tasks, &["split", p(&problem), "--tasks", "30"]);
    let count = std::fs::read_to_string(&tasks).unwrap().lines().count() - 1;
    let mut to_run = tasks.clone();
    let mut results: Vec<PathBuf> = Vec::new();
    let mut not_started = 0;
    for round in 0.. {
        assert!(round < 500, "the loop ends");
        let out = s.dir.join(format!("lr{round}"));
        let limit = if round % 2 == 0 { "1ms" } else { "50ms" };
        write_out(
            &out,
            &[
                "solve",
                p(&problem),
                "--tasks",
                p(&to_run),
                "--count",
                "-j",
                "1",
                "--time-limit",
                limit,
            ],
        );
        let text = std::fs::read_to_string(&out).unwrap();
        let asked = std::fs::read_to_string(&to_run).unwrap().lines().count() - 1;
        assert_eq!(
            text.lines().count(),
            asked,
            "a line per task, started or not"
        );
        not_started += text.matches("\"not-started\"").count();
        results.push(out);
        let mut args = vec!["merge", "--rerun", "--tasks", p(&tasks)];
        args.extend(results.iter().map(|r| p(r)));
        let merged = run(&args);
        if merged.status.code() == Some(0) {
            break;
        }
        assert_exit(&merged, 3);
        to_run = s.dir.join(format!("lt{round}"));
        std::fs::write(&to_run, &merged.stdout).unwrap();
    }
    assert!(
        count >= 30 && not_started > 0,
        "{count} tasks, {not_started} not started"
    );
    let mut args = vec!["merge", "--stats", "--tasks", p(&tasks)];
    args.extend(results.iter().map(|r| p(r)));
    let merged = run(&args);
    assert_exit(&merged, 0);
    assert_eq!(figures(&stderr(&merged)), whole(&problem));
}

#[test]
fn flags_a_task_run_cannot_honour_are_refused() {
    let s = setup("flags");
    for flags in [
        &["--seed", "3"][..],
        &["--count", "--memo"],
        &["--stats"],
        &["--json"],
    ] {
        let mut args = vec!["solve", p(&s.problem), "--tasks", p(&s.tasks)];
        args.extend(flags);
        // Refused by clap, with the reason as a tip.
        refused(&run(&args), 2, &["cannot be used with", "--tasks", "tip: "]);
    }
    refused(
        &run(&[
            "solve",
            p(&s.problem),
            "--tasks",
            p(&s.tasks),
            "--task",
            "99",
        ]),
        2,
        &["places 0 to"],
    );
    // An old task file is refused with its version named.
    let old = s.dir.join("old");
    std::fs::write(&old, "dlx-tasks 1 fnv1a64:00000000000000ff 1\n0 0\n").unwrap();
    refused(
        &run(&["merge", "--tasks", p(&old), p(&s.results)]),
        2,
        &["old:1:", "version 1"],
    );
}

/// The figure after `word` in a `--progress` line (`nodes: 12 done`).
fn progress_figure(text: &str, line: &str, before: &str) -> f64 {
    let line = text
        .lines()
        .find(|l| l.starts_with(line))
        .unwrap_or_else(|| panic!("no `{line}` line in: {text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == before)
        .unwrap_or_else(|| panic!("no `{before}` in `{line}`"));
    words[at - 1]
        .trim_start_matches('(')
        .parse()
        .unwrap_or_else(|_| panic!("`{}` in `{line}`", words[at - 1]))
}

/// `dlx merge --progress` on a run half done: some tasks stopped by a
/// budget (their frontiers left), some complete, some never run. The
/// nodes done are those of the lines given (added up here), the nodes
/// left are near the truth (one search's total less those done), and a
/// complete run is all done; the exit status is the merge's.
#[test]
fn progress_tells_what_is_done_and_estimates_what_is_left() {
    let s = setup("progress");
    let stopped = s.dir.join("stopped");
    write_out(
        &stopped,
        &[
            "solve",
            p(&s.problem),
            "--tasks",
            p(&s.tasks),
            "--task-range",
            "0..6",
            "--count",
            "-j",
            "1",
            "--max-nodes",
            "20",
        ],
    );
    let stopped_lines: Vec<String> = std::fs::read_to_string(&stopped)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let complete = s.write("complete", &s.lines[6..14]);
    let mut done_nodes = 0;
    let mut stopped_count = 0;
    for line in stopped_lines.iter().chain(&s.lines[6..14]) {
        let result = TaskResult::parse(line).unwrap();
        let dancing_tasks::results::ResultOutcome::Ran {
            stats, frontier, ..
        } = result.outcome
        else {
            panic!("{line}")
        };
        done_nodes += stats.nodes;
        stopped_count += usize::from(!frontier.is_empty());
    }
    assert!(stopped_count > 0, "a budget of 20 nodes stops some tasks");
    let all_nodes: u64 = whole(&s.problem)
        .iter()
        .find_map(|pair| pair.strip_prefix("nodes ").map(|n| n.parse().unwrap()))
        .unwrap();
    let output = run(&[
        "merge",
        "--progress",
        "--tasks",
        p(&s.tasks),
        p(&stopped),
        p(&complete),
    ]);
    assert_exit(&output, 3);
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert!(
        text.starts_with(&format!(
            "tasks: {} done, {stopped_count} stopped",
            6 - stopped_count + 8
        )),
        "{text}"
    );
    assert_eq!(progress_figure(&text, "nodes:", "done,"), done_nodes as f64);
    let left = progress_figure(&text, "nodes:", "left:");
    let truth = (all_nodes - done_nodes) as f64;
    assert!(
        (0.6 * truth..1.6 * truth).contains(&left),
        "estimated {left} nodes left, truly {truth}: {text}"
    );
    assert!(text.contains("task-seconds so far"), "{text}");
    // The tasks left are not listed (they are with --verbose).
    assert!(!stderr(&output).contains("has no result"));
    let verbose = run(&[
        "merge",
        "--progress",
        "-v",
        "--tasks",
        p(&s.tasks),
        p(&stopped),
        p(&complete),
    ]);
    assert!(stderr(&verbose).contains("has no result"));
    // The same as JSON, in the account.
    let json = run(&[
        "merge",
        "--progress",
        "--json",
        "--tasks",
        p(&s.tasks),
        p(&stopped),
        p(&complete),
    ]);
    assert_exit(&json, 3);
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let progress = &report["progress"];
    assert_eq!(progress["nodes_done"], done_nodes);
    assert_eq!(progress["estimated_nodes_left"].as_f64().unwrap(), left);
    let fraction = progress["fraction_done"].as_f64().unwrap();
    assert!((fraction - done_nodes as f64 / (done_nodes as f64 + left)).abs() < 1e-9);
    // Complete: everything done, exit 0.
    let output = run(&["merge", "--progress", "--tasks", p(&s.tasks), p(&s.results)]);
    assert_exit(&output, 0);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(&format!("nodes: {all_nodes} done, about 0 left: 100.0%")),
        "{text}"
    );
    // A task file without estimates: what is left is of unknown size, and
    // no fraction or time is made up.
    let bare = s.dir.join("bare");
    write_out(
        &bare,
        &["split", p(&s.problem), "--tasks", "20", "--probes", "0"],
    );
    let part = s.dir.join("part");
    write_out(
        &part,
        &[
            "solve",
            p(&s.problem),
            "--tasks",
            p(&bare),
            "--task-range",
            "0..5",
            "--count",
        ],
    );
    let output = run(&["merge", "--progress", "--tasks", p(&bare), p(&part)]);
    assert_exit(&output, 3);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("done, the rest of unknown size"), "{text}");
    assert!(text.contains("the time left unknown"), "{text}");
    let json = run(&[
        "merge",
        "--progress",
        "--json",
        "--tasks",
        p(&bare),
        p(&part),
    ]);
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(report["progress"]["fraction_done"].is_null(), "{report}");
    assert!(report["progress"]["tasks_left_unsized"].as_u64().unwrap() > 0);
    // Estimates live in the task file: --progress needs it; it prints no
    // total, so it takes no --stats, --rerun or --solutions.
    for extra in [
        &[][..],
        &["--tasks", p(&s.tasks), "--stats"],
        &["--tasks", p(&s.tasks), "--rerun"],
    ] {
        let mut args = vec!["merge", "--progress"];
        args.extend(extra);
        args.push(p(&s.results));
        assert_exit(&run(&args), 2);
    }
}

/// `dlx merge --rerun --chunk N`: the tasks left (some never run, the
/// frontiers of others stopped by a budget) regrouped into about N jobs
/// of equal counts, each job a `--task K --chunk C` of the rerun's file;
/// every task is in it once, and the jobs' results with the first
/// round's merge to the figures of one `dlx solve -j 1`.
#[test]
fn rerun_chunks_regroup_the_tasks_left_into_jobs() {
    let s = setup("chunk");
    let stopped = s.dir.join("stopped");
    write_out(
        &stopped,
        &[
            "solve",
            p(&s.problem),
            "--tasks",
            p(&s.tasks),
            "--task-range",
            "0..10",
            "--count",
            "-j",
            "1",
            "--max-nodes",
            "15",
        ],
    );
    let complete = s.write("complete", &s.lines[10..14]);
    let plain = run(&[
        "merge",
        "--rerun",
        "--tasks",
        p(&s.tasks),
        p(&stopped),
        p(&complete),
    ]);
    assert_exit(&plain, 3);
    let left: usize = String::from_utf8_lossy(&plain.stdout).lines().count() - 1;
    assert!(left > 12, "{left} tasks left");
    let jobs = 4;
    let chunked = run(&[
        "merge",
        "--rerun",
        "--chunk",
        &jobs.to_string(),
        "--tasks",
        p(&s.tasks),
        p(&stopped),
        p(&complete),
    ]);
    assert_exit(&chunked, 3);
    let per = left.div_ceil(jobs);
    assert!(
        stderr(&chunked).contains(&format!("--task K --chunk {per}`")),
        "{}",
        stderr(&chunked)
    );
    // The same tasks, once each, regrouped.
    let lines = |output: &Output| -> Vec<String> {
        let mut lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .skip(1)
            .map(str::to_owned)
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(lines(&chunked), lines(&plain));
    let todo = s.dir.join("todo");
    std::fs::write(&todo, &chunked.stdout).unwrap();
    let mut results = vec![stopped.clone(), complete.clone()];
    for job in 0..left.div_ceil(per) {
        let out = s.dir.join(format!("job{job}"));
        write_out(
            &out,
            &[
                "solve",
                p(&s.problem),
                "--tasks",
                p(&todo),
                "--task",
                &job.to_string(),
                "--chunk",
                &per.to_string(),
                "--count",
            ],
        );
        results.push(out);
    }
    let mut args = vec!["merge", "--stats", "--tasks", p(&s.tasks)];
    args.extend(results.iter().map(|r| p(r)));
    let merged = run(&args);
    assert_exit(&merged, 0);
    assert_eq!(figures(&stderr(&merged)), whole(&s.problem));
    // --chunk is --rerun's.
    assert_exit(
        &run(&[
            "merge",
            "--chunk",
            "3",
            "--tasks",
            p(&s.tasks),
            p(&s.results),
        ]),
        2,
    );
}
