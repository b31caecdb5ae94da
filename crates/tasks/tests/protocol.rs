//! The task protocol: a split's tasks are numbered in the order of the
//! search and the tasks a stopped run leaves are named below their
//! parent's id; the task file reads back what was written, and refuses
//! damaged files with the line. (That the tasks add up to the sequential
//! search is the engine's, tested with its runner.)

use std::collections::{HashSet, VecDeque};
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::Problem;
use dancing::expert::{Search, SearchConfig, Solver, Template};
use dancing::task::{self, SplitGoal, TaskRunner};
use dancing_tasks::{Digest, Task, read_tasks, write_split, write_split_streamed};
use dancing_testkit::figures;
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config};
use proptest::prelude::*;

fn data(file: &str) -> Problem {
    let path = figures::reference_file(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    dancing::format::read_str(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .problem
}

/// The tasks of a split, numbered.
fn split(problem: &Problem, template: &Template, goal: SplitGoal) -> Vec<Task> {
    let outcome = task::split(problem, template, goal, false, &mut |_| {
        ControlFlow::Continue(())
    });
    assert!(outcome.stopped.is_none());
    Task::numbered_sized(outcome.tasks, &outcome.estimates)
}

proptest! {
    #![proptest_config(proptest_config(200))]

    /// The task file reads back what was written, and arbitrary bytes
    /// never panic the reader: an error names a line the input has.
    #[test]
    fn task_files_read_back_and_damage_is_located(problem in colored_bounded_problem(), cut in any::<prop::sample::Index>(), junk in proptest::collection::vec(any::<u8>(), 0..40)) {
        let template = Template::new(&problem);
        let tasks = split(&problem, &template, SplitGoal::Depth(2));
        let digest = Digest::of(&problem).unwrap();
        let mut text = Vec::new();
        let split_id = write_split(&mut text, digest, &tasks).unwrap();
        let file = read_tasks(&text[..]).unwrap();
        prop_assert_eq!(file.digest, digest);
        prop_assert_eq!(file.split, split_id);
        prop_assert_eq!(&file.tasks, &tasks);
        // Damaged: cut somewhere and junk appended.
        let mut damaged = text[..cut.index(text.len() + 1)].to_vec();
        damaged.extend(&junk);
        let lines = damaged.split(|&b| b == b'\n').count();
        if let Err(error) = read_tasks(&damaged[..]) {
            prop_assert!(error.line >= 1 && error.line <= lines, "line {} of {}", error.line, lines);
        }
    }
}

proptest! {
    #![proptest_config(proptest_config(100))]

    /// The streamed task file (`dlx split`'s: the tasks walked twice, to
    /// hash then to write) is byte for byte the one written from the
    /// collected tasks, balanced or not.
    #[test]
    fn a_streamed_task_file_is_the_collected_one(problem in colored_bounded_problem(), depth in 1usize..4, count in 1usize..40, balance in any::<bool>()) {
        let template = Template::new(&problem);
        let digest = Digest::of(&problem).unwrap();
        for goal in [SplitGoal::Depth(depth), SplitGoal::Tasks(count)] {
            let outcome = task::split(&problem, &template, goal, balance, &mut |_| ControlFlow::Continue(()));
            let tasks = Task::numbered_sized(outcome.tasks, &outcome.estimates);
            let mut collected = Vec::new();
            let id = write_split(&mut collected, digest, &tasks).unwrap();
            let bump = Bump::new();
            let split = task::SplitTasks::new(&problem, &template, &bump, goal, balance, &mut |_| ControlFlow::Continue(()));
            let mut streamed = Vec::new();
            let streamed_id = write_split_streamed(&mut streamed, digest, split.len(), |emit| split.for_each(emit)).unwrap();
            prop_assert_eq!(id, streamed_id);
            prop_assert_eq!(String::from_utf8(collected).unwrap(), String::from_utf8(streamed).unwrap());
        }
    }
}

/// A split's ids count from 0 in the order of the search.
#[test]
fn split_ids_count_from_zero() {
    let problem = data("queens8.dlx");
    let template = Template::new(&problem);
    for goal in [SplitGoal::Tasks(100), SplitGoal::Depth(3)] {
        let tasks = split(&problem, &template, goal);
        assert!(
            tasks
                .iter()
                .enumerate()
                .all(|(k, task)| task.id == k.to_string())
        );
    }
}

/// Tasks run within a node limit, each frontier run right after its task
/// (as a scheduler that reruns the long tail would): every frontier task
/// is named `ID.K` below its parent, K counting from 0 in the order of the
/// search, owns nothing and extends its parent's path; no id comes twice,
/// and every id is one the task file accepts.
#[test]
fn frontier_tasks_are_named_below_their_parent() {
    for (file, limit) in [
        ("queens8.dlx", 50),
        ("langford7.dlx", 40),
        ("knuth_dlx3_example.dlx", 1),
    ] {
        let problem = data(file);
        let template = Template::new(&problem);
        let bump = Bump::new();
        let mut runner = TaskRunner::new(&problem, &template, &bump);
        runner.set_config(SearchConfig::new().node_limit(Some(limit)));
        let mut queue: VecDeque<Task> = split(&problem, &template, SplitGoal::Tasks(16)).into();
        let (mut seen, mut solutions, mut stopped) = (HashSet::new(), 0, 0);
        while let Some(task) = queue.pop_front() {
            assert!(dancing_tasks::is_valid_id(&task.id), "{}", task.id);
            assert!(seen.insert(task.id.clone()), "{} twice", task.id);
            runner
                .select(&task.node)
                .expect("a task of the split selects");
            let outcome = runner.count();
            solutions += outcome.stats.solutions;
            let frontier = task.frontier(outcome.frontier);
            stopped += usize::from(!frontier.is_empty());
            for (k, child) in frontier.iter().enumerate() {
                assert_eq!(child.id, format!("{}.{k}", task.id));
                assert!(
                    child.id.starts_with(&format!("{}.", task.id)),
                    "{}",
                    child.id
                );
                assert_eq!(child.node.own, 0);
                assert!(child.node.prefix.len() >= task.node.prefix.len());
                assert_eq!(
                    child.node.prefix[..task.node.prefix.len()],
                    task.node.prefix[..]
                );
            }
            for child in frontier.into_iter().rev() {
                queue.push_front(child);
            }
            assert!(seen.len() < 100_000, "the frontier must shrink");
        }
        let whole = Solver::new(&problem, &bump).count();
        assert_eq!(solutions, whole, "{file}");
        if file != "knuth_dlx3_example.dlx" {
            assert!(stopped > 0, "{file}: a budget this small leaves frontiers");
        }
    }
}

/// Estimates: a split's file carries each task's (`~N` after its own
/// count), reads back, and the split's identity covers them: a changed
/// estimate in a whole split is refused like a changed path. A file
/// without estimates (an older `dlx split`'s, or `--probes 0`) reads as
/// before; a malformed estimate is refused at its line.
#[test]
fn estimates_are_written_read_back_and_bound_to_the_split() {
    let problem = data("queens8.dlx");
    let template = Template::new(&problem);
    let digest = Digest::of(&problem).unwrap();
    let tasks = split(&problem, &template, SplitGoal::Tasks(10));
    assert!(
        tasks
            .iter()
            .all(|task| task.estimate.is_some_and(|e| e >= 1))
    );
    let mut text = Vec::new();
    write_split(&mut text, digest, &tasks).unwrap();
    let text = String::from_utf8(text).unwrap();
    let file = read_tasks(text.as_bytes()).unwrap();
    assert_eq!(file.tasks, tasks);
    let second = text.lines().nth(1).unwrap();
    let estimate = tasks[0].estimate.unwrap();
    assert!(
        second.starts_with(&format!("0 {} ~{estimate} ", tasks[0].node.own)),
        "{second}"
    );

    // Changed: the identity no longer holds.
    let changed = text.replacen(&format!("~{estimate} "), &format!("~{} ", estimate + 1), 1);
    let error = read_tasks(changed.as_bytes()).unwrap_err();
    assert_eq!(error.line, 1, "{error}");
    assert!(error.message.contains("changed"), "{error}");

    // Malformed: located, naming the estimate.
    for bad in [
        "~",
        "~x",
        "~-3",
        "~1.5",
        "~+4",
        "~99999999999999999999999",
        "~~2",
    ] {
        let damaged = text.replacen(&format!("~{estimate} "), &format!("{bad} "), 1);
        let error = read_tasks(damaged.as_bytes()).unwrap_err();
        assert_eq!(error.line, 2, "{bad}: {error}");
        assert!(error.message.contains("estimated size"), "{bad}: {error}");
    }

    // Without estimates (`--probes 0`): the same tasks, read back.
    let bare: Vec<Task> = tasks
        .iter()
        .map(|task| Task {
            estimate: None,
            ..task.clone()
        })
        .collect();
    let mut old = Vec::new();
    let old_id = write_split(&mut old, digest, &bare).unwrap();
    assert!(!String::from_utf8_lossy(&old).contains('~'));
    let file = read_tasks(&old[..]).unwrap();
    assert_eq!((file.split, file.tasks), (old_id, bare));
}

/// A rerun's task file holds part of a split: it reads back, is not taken
/// for the whole split, and a task not of the split (an id past its
/// count) is refused at its line. A whole split in another order (a
/// rerun's file of every task, regrouped) is still bound to its identity.
#[test]
fn part_of_a_split_is_not_the_whole_and_every_task_is_of_the_split() {
    let problem = data("queens8.dlx");
    let template = Template::new(&problem);
    let digest = Digest::of(&problem).unwrap();
    let tasks = split(&problem, &template, SplitGoal::Tasks(10));
    let n = tasks.len();
    assert!(n > 3);
    let mut text = Vec::new();
    let id = write_split(&mut text, digest, &tasks).unwrap();
    let whole = read_tasks(&text[..]).unwrap();
    assert!(whole.is_whole_split());
    let lines: Vec<String> = String::from_utf8(text)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let file_of = |header_count: usize, body: &[String]| {
        format!(
            "dlx-tasks 2 {digest} {id} {header_count}\n{}\n",
            body.join("\n")
        )
    };
    // The last three tasks, as `dlx merge --rerun` writes them.
    let part = read_tasks(file_of(3, &lines[n - 2..]).as_bytes()).unwrap();
    assert_eq!(part.split, id);
    assert_eq!(part.tasks, tasks[n - 3..]);
    assert!(!part.is_whole_split());
    // Frontier tasks below a split task are of the split too.
    let frontier = tasks[1].frontier([tasks[1].node.clone()]);
    let mut below = Vec::new();
    dancing_tasks::write_task(&mut below, &frontier[0]).unwrap();
    let below = String::from_utf8(below).unwrap();
    let part = read_tasks(file_of(1, &[below.trim_end().to_owned()]).as_bytes()).unwrap();
    assert_eq!(part.tasks[0].id, "1.0");
    assert!(!part.is_whole_split());
    // Ids past the split's count, at the split's level or below.
    for bad in [format!("{n}"), format!("{}.0", n + 7), "999999999".into()] {
        let line = lines[1].replacen("0 ", &format!("{bad} "), 1);
        let error = read_tasks(file_of(1, &[line]).as_bytes()).unwrap_err();
        assert_eq!(error.line, 2, "{bad}: {error}");
        assert!(
            error
                .message
                .contains(&format!("task {bad} is not of the split")),
            "{bad}: {error}"
        );
    }
    // Every task, reversed: whole, and checked against the identity.
    let mut reversed: Vec<String> = lines[1..].to_vec();
    reversed.reverse();
    let file = read_tasks(file_of(n, &reversed).as_bytes()).unwrap();
    assert!(file.is_whole_split());
    let mut changed = reversed.clone();
    changed[0].push_str(" 0");
    let error = read_tasks(file_of(n, &changed).as_bytes()).unwrap_err();
    assert_eq!(error.line, 1, "{error}");
    assert!(
        error.message.contains("changed after `dlx split`"),
        "{error}"
    );
}
