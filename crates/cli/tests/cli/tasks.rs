//! `dlx split`, `dlx solve --tasks` and `dlx merge`: tasks run in any
//! grouping add up to one `dlx solve`, budgets' frontiers included, and
//! every kind of bad input is named with its place (exit 2).

use std::path::Path;
use std::process::Output;

use super::common::{assert_exit, dlx, engine_data, scratch, stderr};

fn run(args: &[&str]) -> Output {
    dlx().args(args).output().unwrap()
}

fn text(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Writes the stdout of a successful `dlx` run to `path`.
fn write_out(path: &Path, args: &[&str]) {
    let output = run(args);
    assert_exit(&output, 0);
    std::fs::write(path, &output.stdout).unwrap();
}

/// Runs the tasks of `tasks` for `problem` with `extra` flags, the result
/// lines into `out`.
fn solve_tasks(out: &Path, problem: &Path, tasks: &Path, extra: &[&str]) {
    let mut args = vec!["solve", path(problem), "--tasks", path(tasks)];
    args.extend(extra);
    write_out(out, &args);
}

/// The `--stats` figures that must add up: `solutions N nodes N updates N
/// [cleansings N]`.
fn figures(stats: &str) -> Vec<(String, String)> {
    let words: Vec<&str> = stats.split_whitespace().collect();
    words
        .chunks(2)
        .filter(|pair| {
            ["solutions", "nodes", "updates", "cleansings", "max-depth"].contains(&pair[0])
        })
        .map(|pair| (pair[0].to_owned(), pair[1].to_owned()))
        .collect()
}

fn whole(problem: &Path) -> Vec<(String, String)> {
    let output = run(&[
        "solve",
        "--count",
        "--stats",
        "-j",
        "1",
        problem.to_str().unwrap(),
    ]);
    let mut figures = figures(&stderr(&output));
    if !figures.iter().any(|(name, _)| name == "cleansings") {
        figures.insert(3, ("cleansings".into(), "0".into()));
    }
    figures
}

/// The task id of a result line.
fn result_id(line: &str) -> String {
    let record: serde_json::Value = serde_json::from_str(line).unwrap();
    record["task"].as_str().unwrap().to_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn tasks_add_up_to_one_search_for_every_algorithm() {
    let dir = scratch("add-up");
    for file in [
        "queens8.dlx",
        "langford7.dlx",
        "colors.dlx",
        "debruijn3.dlx",
        "knuth_dlx3_example.dlx",
        "rowcol4_2_2.dlx",
    ] {
        let problem = engine_data(file);
        let tasks = dir.join("tasks");
        for split in [
            &["--tasks", "7"][..],
            &["--tasks", "7", "--balance"][..],
            &["--tasks", "7", "--balance", "--probes", "3", "--seed", "5"][..],
            &["--tasks", "7", "--balance", "--probes", "0"][..],
            &["--depth", "2"][..],
        ] {
            let mut args = vec!["split", path(&problem)];
            args.extend(split);
            write_out(&tasks, &args);
            let results = dir.join("results");
            for threads in ["1", "2"] {
                solve_tasks(&results, &problem, &tasks, &["--count", "-j", threads]);
                let merged = run(&["merge", "--stats", "--tasks", path(&tasks), path(&results)]);
                assert_exit(&merged, 0);
                assert_eq!(
                    figures(&stderr(&merged)),
                    whole(&problem),
                    "{file} {split:?} -j {threads}"
                );
            }
        }
    }
}

#[test]
fn ranges_env_indices_and_budgets_cover_every_task_once() {
    let dir = scratch("ranges");
    let problem = engine_data("queens8.dlx");
    let tasks = dir.join("tasks");
    write_out(&tasks, &["split", path(&problem), "--tasks", "20"]);
    let count: usize = text(&run(&["split", path(&problem), "--tasks", "20"]))
        .lines()
        .count()
        - 1;
    assert!(count >= 20);
    // Half by range, the rest one index at a time from the job-array
    // variables, two tasks per index.
    let half = count / 2;
    let first = dir.join("first");
    solve_tasks(
        &first,
        &problem,
        &tasks,
        &["--count", "--task-range", &format!("0..{half}")],
    );
    let mut parts = vec![first];
    for (k, index) in (half / 2..count.div_ceil(2)).enumerate() {
        let variable = if k % 2 == 0 {
            "SLURM_ARRAY_TASK_ID"
        } else {
            "JOB_COMPLETION_INDEX"
        };
        let part = dir.join(format!("part{index}"));
        let output = dlx()
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX")
            .env(variable, index.to_string())
            .args([
                "solve",
                path(&problem),
                "--tasks",
                path(&tasks),
                "--count",
                "--task-from-env",
                "--chunk",
                "2",
            ])
            .output()
            .unwrap();
        assert_exit(&output, 0);
        // An odd first half: the chunk that straddles it runs one task twice.
        let lines: Vec<&str> = std::str::from_utf8(&output.stdout)
            .unwrap()
            .lines()
            .collect();
        let kept: Vec<&str> = lines
            .into_iter()
            .filter(|line| {
                let id: usize = result_id(line).parse().unwrap();
                id >= half
            })
            .collect();
        std::fs::write(&part, kept.join("\n") + "\n").unwrap();
        parts.push(part);
    }
    let mut args = vec!["merge", "--stats", "--tasks", path(&tasks)];
    args.extend(parts.iter().map(|p| path(p)));
    let merged = run(&args);
    assert_exit(&merged, 0);
    assert_eq!(figures(&stderr(&merged)), whole(&problem));

    // A budget: stopped tasks list their frontier, `--rerun` hands it out
    // again, until the total is exact.
    let mut results = vec![dir.join("budget0")];
    solve_tasks(
        &results[0],
        &problem,
        &tasks,
        &["--count", "--max-nodes", "20"],
    );
    assert!(
        std::fs::read_to_string(&results[0])
            .unwrap()
            .contains("\"max-nodes\"")
    );
    for round in 1..20 {
        let mut args = vec!["merge", "--tasks", path(&tasks)];
        args.extend(results.iter().map(|p| path(p)));
        let check = run(&args);
        if check.status.code() == Some(0) {
            break;
        }
        assert_exit(&check, 3);
        assert!(
            stderr(&check).contains("has no result"),
            "{}",
            stderr(&check)
        );
        args.push("--rerun");
        let rerun = dir.join(format!("rerun{round}"));
        let output = run(&args);
        assert_exit(&output, 3);
        std::fs::write(&rerun, &output.stdout).unwrap();
        let result = dir.join(format!("budget{round}"));
        solve_tasks(&result, &problem, &rerun, &["--count", "--max-nodes", "20"]);
        results.push(result);
    }
    let mut args = vec!["merge", "--stats", "--tasks", path(&tasks)];
    args.extend(results.iter().map(|p| path(p)));
    let merged = run(&args);
    assert_exit(&merged, 0);
    assert!(results.len() > 2, "the budget left frontiers");
    assert_eq!(figures(&stderr(&merged)), whole(&problem));
}

/// Nothing lost on a budget, for Algorithms X, C and M: every task of a
/// split stopped after a few nodes keeps exactly those nodes (it owns its
/// ancestors besides), leaves its frontier as whole paths below its own,
/// and the rounds of frontiers, each run with the same budget, merge to
/// one search's figures.
#[test]
fn budgets_lose_nothing_for_every_algorithm() {
    let dir = scratch("budget-every");
    let mut deeper = false;
    for (file, budget) in [
        ("queens8.dlx", 9),
        ("langford7.dlx", 13),
        ("colors.dlx", 3),
        ("knuth_dlx3_example.dlx", 2),
        ("rowcol4_2_2.dlx", 11),
    ] {
        let problem = engine_data(file);
        let tasks = dir.join("tasks");
        write_out(&tasks, &["split", path(&problem), "--tasks", "3"]);
        let limit = budget.to_string();
        let mut results = Vec::new();
        let mut to_run = tasks.clone();
        for round in 0..200 {
            let result = dir.join(format!("result{round}"));
            let threads = if round % 2 == 0 { "1" } else { "2" };
            solve_tasks(
                &result,
                &problem,
                &to_run,
                &["--count", "--max-nodes", &limit, "-j", threads],
            );
            for line in std::fs::read_to_string(&result).unwrap().lines() {
                let record: serde_json::Value = serde_json::from_str(line).unwrap();
                let prefix = record["prefix"].as_str().unwrap();
                let depth = prefix.split_whitespace().count();
                let frontier = record["frontier"].as_array().unwrap();
                if record["stop"] == "complete" {
                    assert!(frontier.is_empty());
                    continue;
                }
                assert_eq!(record["stop"], "max-nodes", "{line}");
                let nodes = record["nodes"].as_u64().unwrap();
                assert!(nodes >= budget, "{file}: {line}");
                if depth > 0 && !record["task"].as_str().unwrap().contains('.') {
                    // A task of the split owns at most its ancestors.
                    assert!(nodes <= budget.max(depth as u64), "{file}: {line}");
                } else {
                    assert_eq!(nodes, budget, "{file}: {line}");
                }
                assert!(!frontier.is_empty(), "{line}");
                for task in frontier {
                    let below: Vec<&str> = task["prefix"]
                        .as_str()
                        .unwrap()
                        .split_whitespace()
                        .collect();
                    assert!(
                        below.len() >= depth && below[..depth].join(" ") == prefix,
                        "{file}: {below:?} is not below {prefix}"
                    );
                    deeper |= below.len() > depth + 1;
                }
            }
            results.push(result);
            let mut args = vec!["merge", "--tasks", path(&tasks)];
            args.extend(results.iter().map(|p| path(p)));
            if run(&args).status.code() == Some(0) {
                break;
            }
            args.push("--rerun");
            let output = run(&args);
            assert_exit(&output, 3);
            to_run = dir.join(format!("rerun{round}"));
            std::fs::write(&to_run, &output.stdout).unwrap();
        }
        let mut args = vec!["merge", "--stats", "--tasks", path(&tasks)];
        args.extend(results.iter().map(|p| path(p)));
        let merged = run(&args);
        assert_exit(&merged, 0);
        assert_eq!(figures(&stderr(&merged)), whole(&problem), "{file}");
    }
    assert!(
        deeper,
        "some frontier reaches below the stopped task's children"
    );
}

/// The result line without its time, which differs from run to run.
fn timeless(line: &str) -> serde_json::Value {
    let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
    let fields = record.as_object_mut().unwrap();
    fields.remove("seconds");
    // The checksum covers the time.
    fields.remove("check");
    record
}

/// Fewer tasks than threads: each task runs on all of them, with the
/// result line of one thread (figures, solutions in order); with a budget
/// its frontier still completes it.
#[test]
fn one_task_on_many_threads_reports_as_one_thread() {
    let dir = scratch("one-task-threads");
    for file in [
        "queens8.dlx",
        "colors.dlx",
        "knuth_dlx3_example.dlx",
        "langford7.dlx",
    ] {
        let problem = engine_data(file);
        let tasks = dir.join("tasks");
        write_out(&tasks, &["split", path(&problem), "--tasks", "4"]);
        for extra in [&["--count"][..], &[][..], &["--task", "1"][..]] {
            let one = dir.join("one");
            let many = dir.join("many");
            let mut args = vec!["--task-range", "0..2"];
            if extra.contains(&"--task") {
                args.clear();
            }
            args.extend(extra);
            solve_tasks(&one, &problem, &tasks, &[&args[..], &["-j", "1"]].concat());
            solve_tasks(&many, &problem, &tasks, &[&args[..], &["-j", "3"]].concat());
            let read = |file: &Path| -> Vec<serde_json::Value> {
                std::fs::read_to_string(file)
                    .unwrap()
                    .lines()
                    .map(timeless)
                    .collect()
            };
            assert_eq!(read(&one), read(&many), "{file} {extra:?}");
        }
        // A budget: the whole search as one task stopped every few nodes
        // on three threads, rounds of frontiers to the exact total.
        let root = dir.join("root");
        write_out(&root, &["split", path(&problem), "--tasks", "1"]);
        let mut results = Vec::new();
        let mut to_run = root.clone();
        for round in 0..400 {
            let result = dir.join(format!("budget{round}"));
            solve_tasks(
                &result,
                &problem,
                &to_run,
                &["--max-nodes", "10", "-j", "3", "--task", "0"],
            );
            results.push(result);
            let mut args = vec!["merge", "--tasks", path(&root)];
            args.extend(results.iter().map(|p| path(p)));
            if run(&args).status.code() == Some(0) {
                break;
            }
            args.push("--rerun");
            let output = run(&args);
            to_run = dir.join(format!("rerun{round}"));
            std::fs::write(&to_run, &output.stdout).unwrap();
        }
        let mut args = vec!["merge", "--stats", "--tasks", path(&root)];
        args.extend(results.iter().map(|p| path(p)));
        let merged = run(&args);
        assert_exit(&merged, 0);
        assert_eq!(figures(&stderr(&merged)), whole(&problem), "{file}");
        args[1] = "--solutions";
        let merged = run(&args);
        let one = run(&["solve", "-j", "1", path(&problem)]);
        assert_eq!(text(&merged), text(&one), "{file}");
    }
}

#[test]
fn merged_solutions_come_in_the_order_of_one_thread() {
    let dir = scratch("order");
    for file in ["queens8.dlx", "rowcol4_2_2.dlx", "colors.dlx"] {
        let problem = engine_data(file);
        let tasks = dir.join("tasks");
        write_out(&tasks, &["split", path(&problem), "--tasks", "9"]);
        let results = dir.join("results");
        solve_tasks(
            &results,
            &problem,
            &tasks,
            &["-j", "2", "--max-nodes", "15"],
        );
        let rerun = run(&["merge", "--rerun", "--tasks", path(&tasks), path(&results)]);
        let again = dir.join("again");
        std::fs::write(&again, "").unwrap();
        if rerun.status.code() == Some(3) {
            std::fs::write(dir.join("rerun"), &rerun.stdout).unwrap();
            solve_tasks(&again, &problem, &dir.join("rerun"), &[]);
        } else {
            assert_exit(&rerun, 0);
            assert!(rerun.stdout.is_empty(), "no task file when complete");
        }
        let merged = run(&[
            "merge",
            "--solutions",
            "--tasks",
            path(&tasks),
            path(&again),
            path(&results),
        ]);
        assert_exit(&merged, 0);
        let one = run(&["solve", "-j", "1", path(&problem)]);
        assert_eq!(text(&merged), text(&one), "{file}");
    }
}

/// Runs `args`, expects exit 2 and every `needles` in stderr.
#[track_caller]
fn refused(args: &[&str], needles: &[&str]) {
    let output = run(args);
    assert_exit(&output, 2);
    let message = stderr(&output);
    for needle in needles {
        assert!(message.contains(needle), "`{needle}` not in: {message}");
    }
}

#[test]
fn bad_task_files_and_selections_are_named() {
    let dir = scratch("bad-tasks");
    let problem = engine_data("queens8.dlx");
    let other = engine_data("queens6.dlx");
    let tasks = dir.join("tasks");
    write_out(&tasks, &["split", path(&problem), "--tasks", "5"]);
    let good = std::fs::read_to_string(&tasks).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    let bad = dir.join("bad");
    let solve = |file: &Path| {
        vec![
            "solve".to_owned(),
            path(&problem).to_owned(),
            "--tasks".into(),
            path(file).to_owned(),
            "--count".into(),
        ]
    };
    let cases: Vec<(String, Vec<String>)> = vec![
        // Truncated: the header counts more tasks than there are.
        (
            lines[..lines.len() - 1].join("\n") + "\n",
            vec![format!("bad:{}:", lines.len() - 1), "truncated".into()],
        ),
        // A malformed line.
        (
            good.replacen(
                &format!("\n{} ", lines[2].split(' ').next().unwrap()),
                "\nx.y ",
                1,
            ),
            vec!["bad:3:".into(), "not a task id".into()],
        ),
        (
            good.replace(
                lines[2],
                &format!("{} 0 12 zz", lines[2].split(' ').next().unwrap()),
            ),
            vec!["bad:3:".into(), "not a choice".into()],
        ),
        (
            good.replace(lines[1], "0"),
            vec!["bad:2:".into(), "ID OWN".into()],
        ),
        // A malformed estimate.
        (
            good.replacen(" ~", " ~1x", 2).replacen(" ~1x", " ~", 1),
            vec!["bad:3:".into(), "`~1x".into(), "estimated size".into()],
        ),
        // A header that is not one, or of another version.
        (
            good.replacen("dlx-tasks 2", "dlx-tasks 9", 1),
            vec!["bad:1:".into(), "version 9".into()],
        ),
        (
            good.replacen("dlx-tasks", "tasks", 1),
            vec!["bad:1:".into(), "not a task file".into()],
        ),
        (String::new(), vec!["bad:1:".into(), "empty".into()]),
        // Too many lines, an id twice.
        (
            good.clone() + lines[1] + "\n",
            vec![format!("bad:{}:", lines.len() + 1), "more tasks".into()],
        ),
        (
            good.replace(lines[2], lines[1]),
            vec!["bad:3:".into(), "twice".into()],
        ),
        (
            vec![0xffu8, b'\n'].into_iter().map(char::from).collect(),
            vec!["bad:1:".into()],
        ),
    ];
    for (content, needles) in cases {
        std::fs::write(&bad, content).unwrap();
        let args = solve(&bad);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
        refused(&args, &needles);
    }
    // A malformed estimate is refused by merge as by solve.
    std::fs::write(
        &bad,
        good.replacen(" ~", " ~1x", 2).replacen(" ~1x", " ~", 1),
    )
    .unwrap();
    refused(
        &["merge", "--tasks", path(&bad), path(&tasks)],
        &["bad:3:", "estimated size"],
    );
    // Tasks of another problem.
    refused(
        &["solve", path(&other), "--tasks", path(&tasks), "--count"],
        &["tasks:1:", "another problem"],
    );
    // Places out of range, a job-array variable that is not set or not a
    // number, -n, two problems.
    refused(
        &[
            "solve",
            path(&problem),
            "--tasks",
            path(&tasks),
            "--task",
            "99",
        ],
        &["task 99", &format!("places 0 to {}", lines.len() - 2)],
    );
    refused(
        &[
            "solve",
            path(&problem),
            "--tasks",
            path(&tasks),
            "--task-range",
            "2..99",
        ],
        &["2..99"],
    );
    // No job-array variable, then one that is not a number.
    for (value, needle) in [
        (None, "SLURM_ARRAY_TASK_ID"),
        (Some("seven"), "SLURM_ARRAY_TASK_ID=seven"),
    ] {
        let mut command = dlx();
        command
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX");
        if let Some(value) = value {
            command.env("SLURM_ARRAY_TASK_ID", value);
        }
        let output = command
            .args([
                "solve",
                path(&problem),
                "--tasks",
                path(&tasks),
                "--task-from-env",
            ])
            .output()
            .unwrap();
        assert_exit(&output, 2);
        assert!(stderr(&output).contains(needle), "{}", stderr(&output));
    }
    refused(
        &["solve", path(&problem), "--tasks", path(&tasks), "-n", "1"],
        &["-n"],
    );
    refused(
        &[
            "solve",
            path(&problem),
            path(&problem),
            "--tasks",
            path(&tasks),
        ],
        &["one FILE"],
    );
    // A whole split whose path was changed is not the split its identity
    // names.
    let changed = good.replace(
        lines[3],
        &format!("{} 0 3 4", lines[3].split(' ').next().unwrap()),
    );
    std::fs::write(&bad, &changed).unwrap();
    refused(
        &["solve", path(&problem), "--tasks", path(&bad), "--count"],
        &["bad:1:", "changed after `dlx split`"],
    );
    // In a rerun's file (not the whole split: the last task left out), a
    // path that is not the search's: a result line saying so, the other
    // tasks still run, exit 2.
    let header: Vec<&str> = lines[0].split(' ').collect();
    let mut rerun: Vec<String> = changed.lines().map(str::to_owned).collect();
    rerun.pop();
    rerun[0] = format!(
        "{} {} {} {} {}",
        header[0],
        header[1],
        header[2],
        header[3],
        lines.len() - 2
    );
    std::fs::write(&bad, rerun.join("\n") + "\n").unwrap();
    let output = run(&["solve", path(&problem), "--tasks", path(&bad), "--count"]);
    assert_exit(&output, 2);
    let out = text(&output);
    assert_eq!(out.lines().count(), lines.len() - 2);
    assert_eq!(out.matches("\"stop\":\"error\"").count(), 1, "{out}");
    assert!(out.contains("not a move of the search"));
    let results = dir.join("failed");
    std::fs::write(&results, out).unwrap();
    refused(
        &["merge", "--tasks", path(&bad), path(&results)],
        &["failed", "not a move"],
    );
    // The split of a file that is not a problem.
    std::fs::write(&bad, "a b\nc\n").unwrap();
    refused(&["split", path(&bad)], &["bad:2:"]);
    // A budget of no node would never shrink a task (refused by every
    // command that searches).
    let tasks = dir.join("zero-tasks");
    write_out(&tasks, &["split", path(&problem), "--tasks", "2"]);
    refused(
        &[
            "solve",
            path(&problem),
            "--tasks",
            path(&tasks),
            "--max-nodes",
            "0",
        ],
        &["invalid value '0' for '--max-nodes <N>'"],
    );
}

/// `dlx split` writes each task's estimated size (`~N` after its own
/// count): on every line by default, on none with `--probes 0`; the same
/// seed gives the same file, another seed another split identity; and
/// the estimates add up to about the tree's nodes (one search's count).
#[test]
fn split_writes_estimates_by_seed() {
    let dir = scratch("estimates");
    let problem = engine_data("langford7.dlx");
    let split = |extra: &[&str]| {
        let mut args = vec!["split", path(&problem), "--tasks", "20"];
        args.extend(extra);
        let output = run(&args);
        assert_exit(&output, 0);
        text(&output)
    };
    let sized = split(&[]);
    let estimates: Vec<u64> = sized
        .lines()
        .skip(1)
        .map(|line| {
            let word = line.split(' ').nth(2).unwrap();
            word.strip_prefix('~')
                .unwrap_or_else(|| panic!("no estimate in `{line}`"))
                .parse()
                .unwrap()
        })
        .collect();
    let nodes: f64 = whole(&problem)
        .iter()
        .find(|(name, _)| name == "nodes")
        .unwrap()
        .1
        .parse()
        .unwrap();
    let sum = estimates.iter().sum::<u64>() as f64;
    assert!(
        (0.8 * nodes..1.25 * nodes).contains(&sum),
        "estimated {sum}, {nodes} nodes"
    );
    assert_eq!(split(&["--seed", "0", "--probes", "200"]), sized);
    let reseeded = split(&["--seed", "9"]);
    assert_ne!(reseeded.lines().next(), sized.lines().next());
    let bare = split(&["--probes", "0"]);
    assert!(!bare.contains('~'), "{bare}");
    // The same tasks, with or without estimates.
    let paths = |file: &str| -> Vec<String> {
        file.lines()
            .skip(1)
            .map(|line| {
                line.split(' ')
                    .filter(|w| !w.starts_with('~'))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    assert_eq!(paths(&bare), paths(&sized));
    // Each runs and merges to one search's figures.
    let tasks = dir.join("bare");
    std::fs::write(&tasks, &bare).unwrap();
    let results = dir.join("results");
    solve_tasks(&results, &problem, &tasks, &["--count"]);
    let merged = run(&["merge", "--stats", "--tasks", path(&tasks), path(&results)]);
    assert_exit(&merged, 0);
    assert_eq!(figures(&stderr(&merged)), whole(&problem));
}
