//! Tasks: a split's tasks, run one by one, explore the sequential search's
//! tree exactly once (statistics and solutions in order); a budget's
//! frontier plus the finished part is the whole. (Task ids, the task file
//! and the result lines are the `dancing-tasks` crate's, tested there.)

use std::collections::VecDeque;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::{SearchConfig, Solver, Template};
use dancing::task::{self, Choice, NodePath, SplitGoal, TaskRunner};
use dancing::{FnVisitor, OptionId, Problem, Stats};
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use proptest::prelude::*;

use super::data;
use dancing::expert::Search;

/// The figures that must add up, and the solutions in order.
#[derive(Debug, Default, PartialEq)]
struct Totals {
    nodes: u64,
    updates: u64,
    cleansings: u64,
    solutions: u64,
    max_depth: usize,
    found: Vec<Vec<OptionId>>,
}

impl Totals {
    fn add(&mut self, stats: &Stats) {
        self.nodes += stats.nodes;
        self.updates += stats.updates;
        self.cleansings += stats.cleansings;
        self.solutions += stats.solutions;
        self.max_depth = self.max_depth.max(stats.max_depth);
    }
}

fn sequential(problem: &Problem) -> Totals {
    let bump = Bump::new();
    let mut solver = Solver::new(problem, &bump);
    let mut totals = Totals::default();
    let stats = solver.search(|solution| {
        totals.found.push(solution.options().to_vec());
        ControlFlow::Continue(())
    });
    assert!(stats.is_complete());
    totals.add(&stats);
    totals
}

fn split(problem: &Problem, template: &Template, goal: SplitGoal) -> Vec<NodePath> {
    split_balanced(problem, template, goal, false)
}

fn split_balanced(
    problem: &Problem,
    template: &Template,
    goal: SplitGoal,
    balance: bool,
) -> Vec<NodePath> {
    let outcome = task::split(problem, template, goal, balance, &mut |_| {
        ControlFlow::Continue(())
    });
    assert!(outcome.stopped.is_none());
    outcome.tasks
}

/// Runs `tasks` in order, each within `node_limit`, and the frontier each
/// leaves right after it (as a scheduler that reruns the long tail would,
/// in the order of the search): the totals, and how many tasks ran.
fn run_all(
    problem: &Problem,
    template: &Template,
    tasks: Vec<NodePath>,
    node_limit: Option<u64>,
) -> (Totals, usize) {
    let bump = Bump::new();
    let mut runner = TaskRunner::new(problem, template, &bump);
    runner.set_config(SearchConfig::new().node_limit(node_limit));
    let mut totals = Totals::default();
    let mut queue: VecDeque<NodePath> = tasks.into();
    let mut ran = 0;
    while let Some(task) = queue.pop_front() {
        ran += 1;
        runner.select(&task).expect("a task of the split selects");
        let mut found = Vec::new();
        let Ok(outcome) = runner.run(FnVisitor {
            solution: |solution: &dancing::Solution<'_>| {
                found.push(solution.options().to_vec());
                ControlFlow::Continue(())
            },
            progress: |_: &dancing::Progress| ControlFlow::Continue(()),
        });
        // Every solution seen is in the finished part.
        assert_eq!(found.len() as u64, outcome.stats.solutions);
        totals.found.extend(found);
        totals.add(&outcome.stats);
        assert_eq!(outcome.stats.is_complete(), outcome.frontier.is_empty());
        check_stop(&task, &outcome, node_limit);
        for (k, child) in outcome.frontier.iter().enumerate().rev() {
            assert_eq!(child.prefix[..task.prefix.len()], task.prefix[..]);
            queue.push_front(outcome.frontier[k].clone());
        }
        assert!(ran < 100_000, "the frontier must shrink");
    }
    (totals, ran)
}

/// What a task stopped by its node limit (`node_limit`, if exact) must
/// have: kept every node it explored (its owned ancestors come first, whatever the limit), and
/// left a frontier of distinct paths below its own, in the order of the
/// search, owning nothing (their ids, derived from the task's, are the
/// protocol's: see the `dancing-tasks` crate's tests).
fn check_stop(task: &NodePath, outcome: &task::TaskOutcome, node_limit: Option<u64>) {
    if let (dancing::StopReason::NodeLimit, Some(limit)) = (outcome.stats.stop, node_limit) {
        assert_eq!(outcome.stats.nodes, limit.max(task.own as u64), "{task:?}");
    }
    for child in &outcome.frontier {
        assert_eq!(child.own, 0);
        assert!(child.prefix.len() >= task.prefix.len());
        assert_eq!(child.prefix[..task.prefix.len()], task.prefix[..]);
    }
    assert!(
        outcome
            .frontier
            .windows(2)
            .all(|pair| pair[0].prefix < pair[1].prefix),
        "{:?}",
        outcome.frontier
    );
}

/// The whole search as one task stopped after `k` nodes, for every `k`
/// up to the tree's size (or `ks`), then its frontier run to the end
/// without a budget: the finished part keeps exactly `k` nodes and with
/// the frontier adds up to one thread's figures and solutions in order.
fn check_stopped_root_completes(
    problem: &Problem,
    ks: impl Iterator<Item = u64>,
) -> Result<(), TestCaseError> {
    let whole = sequential(problem);
    let template = Template::new(problem);
    let bump = Bump::new();
    let mut runner = TaskRunner::new(problem, &template, &bump);
    let root = NodePath::root();
    for k in ks.take_while(|&k| k <= whole.nodes) {
        runner.set_config(SearchConfig::new().node_limit(Some(k)));
        runner.select(&root).unwrap();
        let mut totals = Totals::default();
        let Ok(outcome) = runner.run(FnVisitor {
            solution: |solution: &dancing::Solution<'_>| {
                totals.found.push(solution.options().to_vec());
                ControlFlow::Continue(())
            },
            progress: |_: &dancing::Progress| ControlFlow::Continue(()),
        });
        totals.add(&outcome.stats);
        check_stop(&root, &outcome, Some(k));
        let stopped = !outcome.stats.is_complete();
        prop_assert_eq!(stopped, k < whole.nodes, "k = {}", k);
        if stopped {
            prop_assert_eq!(outcome.stats.nodes, k);
        }
        let (rest, _) = run_all(problem, &template, outcome.frontier, None);
        totals.found.extend(rest.found.iter().cloned());
        totals.add(&Stats {
            nodes: rest.nodes,
            updates: rest.updates,
            cleansings: rest.cleansings,
            solutions: rest.solutions,
            max_depth: rest.max_depth,
            ..Stats::default()
        });
        prop_assert_eq!(&totals, &whole, "stopped after {} nodes", k);
    }
    Ok(())
}

fn check_tasks_add_up(problem: &Problem) -> Result<(), TestCaseError> {
    let whole = sequential(problem);
    let template = Template::new(problem);
    for goal in [
        SplitGoal::Tasks(1),
        SplitGoal::Tasks(5),
        SplitGoal::Depth(1),
        SplitGoal::Depth(3),
    ] {
        let balanced = split_balanced(problem, &template, goal, true);
        let (totals, _) = run_all(problem, &template, balanced, None);
        prop_assert_eq!(&totals, &whole, "{:?} balanced", goal);
        let tasks = split(problem, &template, goal);
        let (totals, _) = run_all(problem, &template, tasks.clone(), None);
        prop_assert_eq!(&totals, &whole, "{:?}", goal);
        for limit in [1, 2, 5] {
            let (budgeted, _) = run_all(problem, &template, tasks.clone(), Some(limit));
            prop_assert_eq!(&budgeted, &whole, "{:?}, {} nodes a task", goal, limit);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config(200))]

    /// Algorithm X (and secondary items): every split, with and without
    /// budgets, adds up to the sequential search.
    #[test]
    fn exact_cover_tasks_add_up(problem in small_problem()) {
        check_tasks_add_up(&problem)?;
    }

    /// Algorithms C and M (colors, bounds, null moves).
    #[test]
    fn colored_and_bounded_tasks_add_up(problem in colored_bounded_problem()) {
        check_tasks_add_up(&problem)?;
    }

    /// Nothing lost on a budget: a task stopped after k nodes keeps them,
    /// and its frontier completes it exactly (Algorithm X).
    #[test]
    fn exact_cover_stopped_tasks_complete(problem in small_problem()) {
        check_stopped_root_completes(&problem, 0..60)?;
    }

    /// The same for Algorithms C and M, null moves included.
    #[test]
    fn colored_and_bounded_stopped_tasks_complete(problem in colored_bounded_problem()) {
        check_stopped_root_completes(&problem, 0..60)?;
    }

    /// One task on threads: the figures of one thread, and a budget's
    /// frontier that completes it (Algorithm X).
    #[test]
    fn exact_cover_tasks_on_threads_agree(problem in small_problem()) {
        check_threads_agree(&problem)?;
    }

    /// The same for Algorithms C and M.
    #[test]
    fn colored_and_bounded_tasks_on_threads_agree(problem in colored_bounded_problem()) {
        check_threads_agree(&problem)?;
    }
}

/// Larger trees: the reference files of all three algorithms, split by
/// count and by depth, with a budget that leaves frontiers several deep.
#[test]
fn reference_files_add_up_by_tasks() {
    for (file, limit) in [
        ("queens8.dlx", 50),
        ("langford7.dlx", 40),
        ("knuth_dlx2_example.dlx", 1),
        ("knuth_dlx3_example.dlx", 1),
        ("rowcol4_2_2.dlx", 30),
    ] {
        let problem = data(file);
        let whole = sequential(&problem);
        let template = Template::new(&problem);
        for (goal, balance) in [
            (SplitGoal::Tasks(16), false),
            (SplitGoal::Tasks(16), true),
            (SplitGoal::Depth(2), false),
        ] {
            let tasks = split_balanced(&problem, &template, goal, balance);
            let count = tasks.len();
            let (totals, ran) = run_all(&problem, &template, tasks.clone(), None);
            assert_eq!(totals, whole, "{file} {goal:?}");
            assert_eq!(ran, count);
            let (budgeted, ran) = run_all(&problem, &template, tasks, Some(limit));
            assert_eq!(budgeted, whole, "{file} {goal:?} budget {limit}");
            if whole.nodes > 4 * limit * count as u64 {
                assert!(ran > count, "{file}: a budget this small leaves frontiers");
            }
        }
    }
}

/// Deeper trees stopped at many places: the three algorithms' reference
/// files, and a bounded problem whose paths end in null moves.
#[test]
fn reference_files_stopped_anywhere_complete() {
    let null_moves = dancing::format::read_str("1:2|p0 0:2|p1\np0 p1\np0\np0\np1\n")
        .unwrap()
        .problem;
    for (problem, step) in [
        (data("queens8.dlx"), 37),
        (data("langford7.dlx"), 29),
        (data("knuth_dlx2_example.dlx"), 1),
        (data("knuth_dlx3_example.dlx"), 1),
        (data("rowcol4_2_2.dlx"), 7),
        (null_moves, 1),
    ] {
        check_stopped_root_completes(&problem, (0..).step_by(step)).unwrap();
        check_threads_agree(&problem).unwrap();
    }
}

/// A node with far more children than the tasks wanted (which `-j` groups
/// into runs of siblings) is split into one task per child: a task file
/// never holds a run, so each task's frontier is its own node's.
#[test]
fn splits_make_no_runs_of_siblings() {
    let text: String = std::iter::once("a b\n".to_owned())
        .chain((0..300).map(|k| {
            if k % 2 == 0 {
                "a\n".to_owned()
            } else {
                "a b\n".to_owned()
            }
        }))
        .collect();
    let problem = dancing::format::read_str(&text).unwrap().problem;
    let template = Template::new(&problem);
    let tasks = split(&problem, &template, SplitGoal::Tasks(2));
    // The root branches on `b` (150 options), each child a solution.
    assert_eq!(tasks.len(), 150);
    assert!(tasks.iter().all(|task| task.prefix.len() == 1));
    let (totals, _) = run_all(&problem, &template, tasks, Some(1));
    assert_eq!(totals, sequential(&problem));
}

/// One task on several threads: to its end, the figures and solutions of
/// one thread; stopped by a node limit (the whole task's, shared by the
/// threads), a frontier that completes it exactly, solutions in order
/// when collected. Every task of a split is run so, `tasks_per_thread`
/// small enough that pieces are few or many.
fn check_threads_agree(problem: &Problem) -> Result<(), TestCaseError> {
    let whole = sequential(problem);
    let template = Template::new(problem);
    let tasks = split(problem, &template, SplitGoal::Tasks(3));
    let bump = Bump::new();
    let mut runner = TaskRunner::new(problem, &template, &bump);
    for task in &tasks {
        runner.set_config(SearchConfig::new());
        runner.select(task).unwrap();
        let one = runner.count();
        for (threads, per_thread) in [(2, 1), (3, 4), (2, 64)] {
            let config = SearchConfig::new().tasks_per_thread(per_thread);
            let threaded =
                task::run_on_threads(problem, &template, task, threads, &config, true, &|| false)
                    .unwrap();
            prop_assert_eq!(threaded.outcome.stats, one.stats);
            prop_assert!(threaded.outcome.frontier.is_empty());
            prop_assert_eq!(threaded.solutions.len() as u64, one.stats.solutions);
        }
    }
    // The whole search as one task, stopped after k nodes on threads.
    let root = NodePath::root();
    for k in [1, 2, 3, 5, 8, 13, 40] {
        for collect in [true, false] {
            let config = SearchConfig::new().tasks_per_thread(2).node_limit(Some(k));
            let threaded =
                task::run_on_threads(problem, &template, &root, 2, &config, collect, &|| false)
                    .unwrap();
            let outcome = &threaded.outcome;
            check_stop(&root, outcome, None);
            prop_assert_eq!(outcome.stats.is_complete(), outcome.frontier.is_empty());
            let mut totals = Totals::default();
            totals.add(&outcome.stats);
            if collect {
                prop_assert_eq!(threaded.solutions.len() as u64, outcome.stats.solutions);
                totals.found = threaded.solutions.clone();
            }
            let (rest, _) = run_all(problem, &template, outcome.frontier.clone(), None);
            totals.found.extend(rest.found.iter().cloned());
            totals.add(&Stats {
                nodes: rest.nodes,
                updates: rest.updates,
                cleansings: rest.cleansings,
                solutions: rest.solutions,
                max_depth: rest.max_depth,
                ..Stats::default()
            });
            let mut expected = sequential(problem);
            if !collect {
                // A count keeps pieces that finished past a stopped one:
                // which solutions are whose is no longer an order.
                expected.found.clear();
                totals.found.clear();
            }
            prop_assert_eq!(&totals, &expected, "k = {}, collect {}", k, collect);
        }
    }
    prop_assert!(whole.nodes > 0);
    Ok(())
}

/// A split by count has at least that many tasks when the tree has them;
/// by depth, every path is that long unless it ends in a leaf above it.
#[test]
fn splits_reach_their_goal() {
    let problem = data("queens8.dlx");
    let template = Template::new(&problem);
    let tasks = split(&problem, &template, SplitGoal::Tasks(100));
    assert!(tasks.len() >= 100, "{}", tasks.len());
    let tasks = split(&problem, &template, SplitGoal::Depth(3));
    assert!(tasks.iter().all(|task| task.prefix.len() == 3));
    // 8 * 6 * ... : the third level of the 8-queens tree, as the profile says.
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    solver.count();
    assert_eq!(tasks.len() as u64, solver.profile()[3]);
    // Only the first task owns the root (ids, counted from 0 in the order
    // of the search, are the protocol's).
    assert_eq!(tasks[0].own, 3);
    assert_eq!(
        tasks.iter().map(|task| task.own).sum::<usize>() as u64,
        solver.profile()[..3].iter().sum::<u64>()
    );
}

/// A path that is not the search's, or of another problem, is refused
/// with the level of the first wrong choice; the runner is usable after.
#[test]
fn foreign_paths_are_refused() {
    let problem = data("queens8.dlx");
    let template = Template::new(&problem);
    let bump = Bump::new();
    let mut runner = TaskRunner::new(&problem, &template, &bump);
    let tasks = split(&problem, &template, SplitGoal::Depth(2));
    let mut wrong = tasks[0].clone();
    wrong.prefix[1] = Choice::Option(OptionId::new(100_000));
    let error = runner.select(&wrong).unwrap_err();
    assert_eq!(error.level, 1);
    let mut retire = tasks[0].clone();
    retire.prefix[0] = Choice::Retire(dancing::ItemId::new(0));
    assert_eq!(runner.select(&retire).unwrap_err().level, 0);
    // The same option twice is no path either.
    let mut twice = tasks[0].clone();
    twice.prefix[1] = twice.prefix[0];
    assert_eq!(runner.select(&twice).unwrap_err().level, 1);
    runner.select(&tasks[5]).unwrap();
    assert!(runner.count().stats.is_complete());
}

/// A path ending in Algorithm M's null move is undone whole: the next
/// task selects (it once left the first level selected).
#[test]
fn a_null_move_at_the_end_of_a_path_is_undone() {
    let problem = dancing::format::read_str("1:2|p0\np0\np0\np0\n")
        .unwrap()
        .problem;
    let template = Template::new(&problem);
    let tasks = split(&problem, &template, SplitGoal::Depth(3));
    assert!(
        tasks
            .iter()
            .any(|task| matches!(task.prefix.last(), Some(Choice::Retire(_))))
    );
    let (totals, ran) = run_all(&problem, &template, tasks.clone(), None);
    assert_eq!(ran, tasks.len());
    assert_eq!(totals, sequential(&problem));
}

/// The nodes each task of `tasks` explores, run one by one to its end.
fn nodes_per_task(problem: &Problem, template: &Template, tasks: &[NodePath]) -> Vec<u64> {
    let bump = Bump::new();
    let mut runner = TaskRunner::new(problem, template, &bump);
    tasks
        .iter()
        .map(|task| {
            runner.select(task).expect("a task of the split selects");
            runner.count().stats.nodes
        })
        .collect()
}

/// Each task's estimate is Knuth's from its own node: a leaf's is exactly
/// 1, and with many probes each task's is near the nodes it explores
/// (checked by running it), so their sum is near the tree's. The same seed
/// gives the same estimates, another seed others; no probes, none.
#[test]
fn split_tasks_carry_their_estimated_sizes() {
    for file in ["queens8.dlx", "langford7.dlx", "rowcol4_2_2.dlx"] {
        let problem = data(file);
        let template = Template::new(&problem);
        let whole = sequential(&problem);
        let sized = |probes, seed, balance| {
            task::split_sized(
                &problem,
                &template,
                SplitGoal::Tasks(12),
                balance,
                task::Sizing {
                    probes,
                    seed,
                    ..task::Sizing::default()
                },
                &mut |_| ControlFlow::Continue(()),
            )
        };
        for balance in [false, true] {
            let outcome = sized(4000, 7, balance);
            assert_eq!(outcome.estimates.len(), outcome.tasks.len());
            let real = nodes_per_task(&problem, &template, &outcome.tasks);
            assert_eq!(real.iter().sum::<u64>(), whole.nodes, "{file}");
            for ((task, &estimate), &nodes) in
                outcome.tasks.iter().zip(&outcome.estimates).zip(&real)
            {
                // A task owns a few ancestors besides its subtree.
                let subtree = nodes.saturating_sub(task.own as u64) as f64;
                if subtree <= 1.0 {
                    assert_eq!(estimate, 1.0, "{file}: a leaf task {task:?}");
                } else {
                    assert!(
                        (estimate - subtree).abs() <= 0.25 * subtree + 3.0,
                        "{file} balance {balance}: task {task:?} explores {subtree} nodes below it, estimated {estimate}"
                    );
                }
            }
            let sum: f64 = outcome.estimates.iter().sum();
            let ratio = sum / whole.nodes as f64;
            assert!(
                (0.9..1.1).contains(&ratio),
                "{file}: estimated {sum}, {} nodes",
                whole.nodes
            );
        }
        assert_eq!(sized(50, 3, false).estimates, sized(50, 3, false).estimates);
        assert_ne!(
            sized(50, 3, false).estimates,
            sized(50, 4, false).estimates,
            "{file}"
        );
        assert!(sized(0, 3, false).estimates.is_empty());
        // Balancing without probes still balances (once per subtree), and
        // writes no estimate.
        let unsized_balanced = sized(0, 3, true);
        assert!(unsized_balanced.estimates.is_empty());
        let (totals, _) = run_all(&problem, &template, unsized_balanced.tasks, None);
        assert_eq!(totals, whole, "{file}");
    }
}

/// `--balance` by the estimates evens the tasks out: on 10 queens the
/// largest task of a balanced split is a smaller multiple of the mean
/// than the largest of the plain split, and well under the cut-off's
/// neighbourhood.
#[test]
fn balancing_by_estimates_evens_the_tasks() {
    let problem = data("queens10.dlx");
    let template = Template::new(&problem);
    let spread = |balance| {
        let tasks = split_balanced(&problem, &template, SplitGoal::Tasks(30), balance);
        let nodes = nodes_per_task(&problem, &template, &tasks);
        let mean = nodes.iter().sum::<u64>() as f64 / nodes.len() as f64;
        (*nodes.iter().max().unwrap() as f64 / mean, nodes.len())
    };
    let (plain, plain_count) = spread(false);
    let (balanced, balanced_count) = spread(true);
    assert!(balanced_count > plain_count && balanced_count <= 4 * plain_count);
    assert!(
        balanced < plain && balanced < 3.0,
        "max/mean {plain} in {plain_count} tasks, {balanced} balanced in {balanced_count}"
    );
}

/// `items` items and `options` random options of three of them.
fn random_triples(items: usize, options: usize, seed: u64) -> Problem {
    let mut random = dancing::random::SplitMix64::new(seed);
    let mut text: String = (0..items).map(|i| format!("i{i} ")).collect();
    text.push('\n');
    for _ in 0..options {
        let mut chosen: Vec<usize> = Vec::new();
        while chosen.len() < 3 {
            let item = random.below(items);
            if !chosen.contains(&item) {
                chosen.push(item);
            }
        }
        let names: Vec<String> = chosen.iter().map(|i| format!("i{i}")).collect();
        text.push_str(&names.join(" "));
        text.push('\n');
    }
    dancing::format::read_str(&text).unwrap().problem
}

/// A probe of many random options of three goes through most of the
/// links: 200 of them for one task already pass a small work limit. The
/// probes stop there, within one probe (and the way down to one task),
/// not at the end of the task's probes; the tasks have no estimates.
#[test]
fn the_probes_of_a_split_stop_within_one_probe_of_the_work_limit() {
    let problem = random_triples(150, 5_000, 46);
    assert!(problem.entry_count() <= task::CACHED_ENTRIES);
    let template = Template::new(&problem);
    let bump = Bump::new();
    let limit = 300_000;
    let sizing = task::Sizing {
        probes: 200,
        seed: 0,
        work_limit: limit,
    };
    let tasks = task::SplitTasks::sized(
        &problem,
        &template,
        &bump,
        SplitGoal::Tasks(8),
        false,
        sizing,
        &mut |_| ControlFlow::Continue(()),
    );
    assert!(tasks.over_work_limit());
    assert_eq!(tasks.work_limit(), limit);
    // A probe, as the way down to a task, unlinks each entry and covers
    // each item at most once.
    let one_probe = (problem.entry_count() + problem.item_count()) as u64;
    assert!(
        tasks.probe_work() > limit && tasks.probe_work() <= limit + 2 * one_probe,
        "{} updates of probes",
        tasks.probe_work()
    );
    let mut estimated = 0;
    tasks
        .for_each(|_, estimate| {
            estimated += usize::from(estimate.is_some());
            Ok::<(), ()>(())
        })
        .unwrap();
    assert_eq!(estimated, 0);
}

/// On a problem too large for the cache the limit shrinks in proportion
/// to its entries.
#[test]
fn a_large_problems_probes_have_a_smaller_work_limit() {
    let problem = random_triples(1000, 4 * task::CACHED_ENTRIES / 3 + 1, 47);
    let entries = problem.entry_count();
    assert!(entries > 4 * task::CACHED_ENTRIES);
    let template = Template::new(&problem);
    let bump = Bump::new();
    let sizing = task::Sizing::default();
    let tasks = task::SplitTasks::sized(
        &problem,
        &template,
        &bump,
        SplitGoal::Tasks(8),
        false,
        task::Sizing {
            probes: 0,
            ..sizing
        },
        &mut |_| ControlFlow::Continue(()),
    );
    let expected =
        (task::DEFAULT_WORK_LIMIT as u128 * task::CACHED_ENTRIES as u128 / entries as u128) as u64;
    assert_eq!(tasks.work_limit(), expected);
    assert!(tasks.work_limit() < task::DEFAULT_WORK_LIMIT / 4);
    assert_eq!(
        sizing.work_limit_for(task::CACHED_ENTRIES),
        task::DEFAULT_WORK_LIMIT
    );
}
