//! Flags of the task commands that would change nothing are refused,
//! naming them (issue 46): `--chunk` without an index to size, `--seed`
//! with no probe to draw, `-n 0`; and a split never passes its limit of
//! tasks, however the last cut falls.

use std::path::Path;
use std::process::Output;

use super::common::{assert_exit, dlx, engine_data, scratch, stderr};

fn run<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    dlx().args(args).output().unwrap()
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Expects exit 2, nothing on standard output, and every needle on
/// standard error.
#[track_caller]
fn refused<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(args: &[S], needles: &[&str]) {
    let output = run(args);
    assert_exit(&output, 2);
    assert!(
        output.stdout.is_empty(),
        "{args:?}: {:?}",
        String::from_utf8_lossy(&output.stdout)
    );
    let message = stderr(&output);
    for needle in needles {
        assert!(
            message.contains(needle),
            "{args:?}: `{needle}` not in {message}"
        );
    }
}

/// The ids of the result lines a run printed, in order.
fn ids(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            let result = dancing_tasks::TaskResult::parse(line).unwrap();
            result.task.id
        })
        .collect()
}

#[test]
fn chunk_needs_an_index_to_size() {
    let dir = scratch("chunk-flags");
    let problem = engine_data("queens8.dlx");
    let tasks = dir.join("tasks");
    let split = run(&["split", p(&problem), "--tasks", "10"]);
    assert_exit(&split, 0);
    std::fs::write(&tasks, &split.stdout).unwrap();
    let file = std::fs::read_to_string(&tasks).unwrap();
    let listed: Vec<&str> = file
        .lines()
        .skip(1)
        .map(|line| line.split(' ').next().unwrap())
        .collect();
    assert!(listed.len() >= 9);
    let solve = |extra: &[&'static str]| -> Vec<String> {
        let mut args: Vec<String> = [
            "solve",
            p(&problem),
            "--tasks",
            p(&tasks),
            "--count",
            "-j",
            "1",
        ]
        .map(str::to_owned)
        .to_vec();
        args.extend(extra.iter().map(|word| (*word).to_owned()));
        args
    };
    // Without --task or --task-from-env, --chunk would run every task.
    refused(
        &solve(&["--chunk", "3"]),
        &["--chunk 3", "--task I or --task-from-env"],
    );
    // With --task-range, it would run the range whatever it says.
    refused(
        &solve(&["--chunk", "3", "--task-range", "0..4"]),
        &["--chunk", "--task-range", "cannot be used with"],
    );
    // With an index it is honoured: index 2 of chunks of 3 is places 6 to 8.
    let output = run(&solve(&["--chunk", "3", "--task", "2"]));
    assert_exit(&output, 0);
    assert_eq!(ids(&output), listed[6..9]);
    let output = dlx()
        .env_remove("JOB_COMPLETION_INDEX")
        .env("SLURM_ARRAY_TASK_ID", "1")
        .args(solve(&["--chunk", "4", "--task-from-env"]))
        .output()
        .unwrap();
    assert_exit(&output, 0);
    assert_eq!(ids(&output), listed[4..8]);
    // A range alone runs its places.
    let output = run(&solve(&["--task-range", "0..4"]));
    assert_exit(&output, 0);
    assert_eq!(ids(&output), listed[..4]);
}

#[test]
fn a_seed_with_nothing_to_draw_and_zero_solutions_are_refused() {
    let problem = engine_data("queens8.dlx");
    let problem = p(&problem);
    for seed in ["3", "0"] {
        refused(
            &["split", problem, "--seed", seed, "--probes", "0"],
            &[
                &format!("--seed {seed} with --probes 0"),
                "no probe is drawn",
            ],
        );
    }
    // --balance probes once a subtree: the seed draws those.
    assert_exit(
        &run(&[
            "split",
            problem,
            "--tasks",
            "8",
            "--balance",
            "--probes",
            "0",
            "--seed",
            "3",
        ]),
        0,
    );
    // No seed, or probes to draw: as before.
    assert_exit(&run(&["split", problem, "--probes", "0"]), 0);
    let seeded = run(&["split", problem, "--seed", "3", "--probes", "5"]);
    assert_exit(&seeded, 0);
    let other = run(&["split", problem, "--seed", "4", "--probes", "5"]);
    assert_ne!(seeded.stdout, other.stdout, "the seed draws the probes");
    // -n 0 would search nothing and say there is no solution.
    for flag in ["-n", "--max-solutions"] {
        refused(
            &["solve", problem, flag, "0"],
            &["--max-solutions", "0 is not in 1.."],
        );
    }
    let one = run(&["solve", problem, "-n", "1", "--count"]);
    assert_exit(&one, 0);
    assert_eq!(String::from_utf8_lossy(&one.stdout), "1\n");
}

/// Queens 16 cut for 1,048,576 tasks: the last cut makes 1,048,578, past
/// the limit, so the split is refused (and nothing written); a split
/// under the limit is written.
#[test]
fn a_split_never_passes_its_limit_of_tasks() {
    let dir = scratch("split-limit");
    let problem = dir.join("q16.dlx");
    let generated = run(&["gen", "queens", "16"]);
    assert_exit(&generated, 0);
    std::fs::write(&problem, &generated.stdout).unwrap();
    refused(
        &["split", p(&problem), "--tasks", "1048576", "--probes", "0"],
        &[
            "--tasks 1048576 made",
            "more than the 1048576 a split may have",
        ],
    );
    let output = run(&["split", p(&problem), "--tasks", "1000", "--probes", "0"]);
    assert_exit(&output, 0);
    let text = String::from_utf8(output.stdout).unwrap();
    let count: usize = text
        .lines()
        .next()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(count, text.lines().count() - 1);
    assert!((1000..=1 << 20).contains(&count), "{count} tasks");
}
