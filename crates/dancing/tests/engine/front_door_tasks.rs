//! Tasks through the front door, against an independent brute force: a
//! split's tasks run by `Engine::run_task` (one thread or several, within
//! node limits, their frontiers run after them) find every solution once;
//! `Engine::best_task` over the tasks and their frontiers finds the
//! brute-force cheapest; a request's token, clock and node limit each stop
//! a call with its own reason; the walked split is the collected one.

use std::collections::{BTreeSet, VecDeque};
use std::ops::ControlFlow;
use std::time::Duration;

use dancing::mincost::{self, MinCostError};
use dancing::task::{Choice, NodePath, Sizing, SplitGoal};
use dancing::{Config, Engine, ItemId, OptionId, Problem, Request, Stop, StopReason, format};
use dancing_testkit::brute;
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config};
use dancing_testkit::verify::assert_exact_cover;
use proptest::prelude::*;

/// The split of `engine`'s problem into about `tasks` tasks.
fn split(engine: &Engine, tasks: usize) -> Vec<NodePath> {
    let outcome = engine.split(
        SplitGoal::Tasks(tasks),
        false,
        Sizing::default(),
        &Request::new(),
        |_| ControlFlow::Continue(()),
    );
    assert_eq!(outcome.stopped, None);
    outcome.tasks
}

/// Runs `tasks`, each within `request`, and the frontier each leaves right
/// after it: every solution found, each sorted and checked.
fn run_all(engine: &Engine, tasks: Vec<NodePath>, request: &Request) -> Vec<Vec<OptionId>> {
    let mut queue: VecDeque<NodePath> = tasks.into();
    let mut found = Vec::new();
    let mut runs = 0;
    while let Some(task) = queue.pop_front() {
        runs += 1;
        assert!(runs < 100_000, "the frontiers must shrink");
        let threaded = engine.run_task(&task, true, request).expect("a task");
        let stats = threaded.outcome.stats;
        assert_eq!(threaded.solutions.len() as u64, stats.solutions);
        if stats.is_complete() {
            assert!(threaded.outcome.frontier.is_empty());
        } else {
            assert_eq!(stats.stop, StopReason::NodeLimit, "{task:?}");
            assert!(!threaded.outcome.frontier.is_empty());
        }
        for solution in threaded.solutions {
            assert_exact_cover(engine.problem(), &solution);
            let mut solution = solution;
            solution.sort();
            found.push(solution);
        }
        for child in threaded.outcome.frontier.into_iter().rev() {
            assert_eq!(child.prefix[..task.prefix.len()], task.prefix[..]);
            queue.push_front(child);
        }
    }
    found
}

/// Runs `tasks` for their `k` cheapest, each within `request`, and the
/// frontier each leaves: the costs of the `k` cheapest of all they found.
fn best_of_all(engine: &Engine, tasks: Vec<NodePath>, k: usize, request: &Request) -> Vec<u64> {
    let mut queue: VecDeque<NodePath> = tasks.into();
    let mut costs = Vec::new();
    let mut runs = 0;
    while let Some(task) = queue.pop_front() {
        runs += 1;
        assert!(runs < 100_000, "the frontiers must shrink");
        let found = engine.best_task(&task, k, request).expect("a task");
        assert!(found.best.len() <= k);
        assert_eq!(found.is_proven(), found.frontier.is_empty());
        if !found.is_proven() {
            assert_eq!(found.stop(), StopReason::NodeLimit);
        }
        for solution in &found.best {
            assert_exact_cover(engine.problem(), &solution.options);
            let cost: u64 = solution
                .options
                .iter()
                .map(|&o| engine.problem().option_cost(o))
                .sum();
            assert_eq!(solution.cost, cost);
            costs.push(cost);
        }
        queue.extend(found.frontier);
    }
    costs.sort_unstable();
    costs.truncate(k);
    costs
}

/// The costs of the `k` cheapest solutions, by brute force.
fn brute_best(problem: &Problem, k: usize) -> Vec<u64> {
    let mut costs: Vec<u64> = brute::exact_covers(problem)
        .iter()
        .map(|options| options.iter().map(|&o| problem.option_cost(o)).sum())
        .collect();
    costs.sort_unstable();
    costs.truncate(k);
    costs
}

/// A random small problem with costs: up to 6 primary and 2 secondary
/// items, up to 12 options, each cost from 0 to 9.
fn costed_problem() -> impl Strategy<Value = Problem> {
    let option = (proptest::collection::btree_set(0usize..8, 1..=3), 0u64..10);
    proptest::collection::vec(option, 1..12).prop_map(|options| {
        let mut text = String::from("p0 p1 p2 p3 p4 p5 | s0 s1\n");
        for (items, cost) in options {
            let names: Vec<String> = items
                .iter()
                .map(|&i| {
                    if i < 6 {
                        format!("p{i}")
                    } else {
                        format!("s{}", i - 6)
                    }
                })
                .collect();
            text += &format!("{} |{cost}\n", names.join(" "));
        }
        format::read_str(&text).expect("a costed problem").problem
    })
}

proptest! {
    #![proptest_config(proptest_config(48))]

    #[test]
    fn tasks_run_through_the_engine_find_every_solution_once(
        problem in colored_bounded_problem(),
        tasks in 1usize..12,
        nodes in 2u64..12,
    ) {
        let truth = brute::exact_covers(&problem);
        let engine = Engine::new(problem);
        for threads in [1, 2] {
            let engine = engine.with_config(Config::new().threads(threads));
            for request in [Request::new(), Request::new().max_nodes(nodes)] {
                let found = run_all(&engine, split(&engine, tasks), &request);
                let distinct: BTreeSet<Vec<OptionId>> = found.iter().cloned().collect();
                prop_assert_eq!(distinct.len(), found.len(), "a solution found twice");
                prop_assert_eq!(&distinct, &truth, "{} threads, {:?}", threads, request);
            }
        }
    }

    #[test]
    fn the_best_of_the_tasks_are_the_brute_force_cheapest(
        problem in costed_problem(),
        tasks in 1usize..8,
        k in 1usize..4,
        nodes in 2u64..8,
    ) {
        let truth = brute_best(&problem, k);
        let engine = Engine::new(problem);
        for request in [Request::new(), Request::new().max_nodes(nodes)] {
            let found = best_of_all(&engine, split(&engine, tasks), k, &request);
            prop_assert_eq!(&found, &truth, "{:?}", request);
        }
    }
}

fn queens8() -> Problem {
    format::read_str(include_str!("../data/queens8.dlx"))
        .unwrap()
        .problem
}

fn queens12() -> Problem {
    format::read_str(include_str!("../data/queens12.dlx"))
        .unwrap()
        .problem
}

#[test]
fn each_limit_stops_a_task_with_its_reason() {
    let root = NodePath::root();
    let cancelled = Stop::new();
    cancelled.request();
    for threads in [1, 2] {
        let engine = Engine::builder()
            .config(Config::new().threads(threads))
            .build(queens8());
        let stop = |request: &Request| {
            let threaded = engine.run_task(&root, false, request).unwrap();
            (threaded.outcome.stats.stop, threaded.outcome.frontier.len())
        };
        let (reason, frontier) = stop(&Request::new().stop(&cancelled));
        assert_eq!((reason, frontier > 0), (StopReason::Cancelled, true));
        let (reason, frontier) = stop(&Request::new().time_limit(Duration::ZERO));
        assert_eq!((reason, frontier > 0), (StopReason::TimeLimit, true));
        let (reason, frontier) = stop(&Request::new().max_nodes(50));
        assert_eq!((reason, frontier > 0), (StopReason::NodeLimit, true));
        let whole = engine.run_task(&root, true, &Request::new()).unwrap();
        assert!(whole.outcome.stats.is_complete());
        assert_eq!(whole.solutions.len(), 92);
        assert_eq!(whole.outcome.stats.solutions, 92);
    }
    // The cheapest search looks at the token and the clock every few
    // thousand nodes: a search of 1000 solutions of 12 queens (all of cost
    // 0) takes more.
    let engine = Engine::new(queens12());
    let best = |request: &Request| engine.best_task(&root, 1000, request).unwrap();
    assert_eq!(
        best(&Request::new().stop(&cancelled)).stop(),
        StopReason::Cancelled
    );
    let timed = best(&Request::new().time_limit(Duration::ZERO));
    assert_eq!(timed.stop(), StopReason::TimeLimit);
    assert!(!timed.frontier.is_empty());
    let capped = best(&Request::new().max_nodes(5));
    assert_eq!(capped.stop(), StopReason::NodeLimit);
    assert!(!capped.frontier.is_empty());
    let whole = best(&Request::new());
    assert!(whole.is_proven() && whole.frontier.is_empty());
    assert_eq!(whole.best.len(), 1000);
}

#[test]
fn a_task_on_one_thread_runs_as_the_task_runner_does() {
    use bumpalo::Bump;
    use dancing::FnVisitor;
    use dancing::task::TaskRunner;

    let problem = queens8();
    let engine = Engine::builder()
        .config(Config::new().threads(1))
        .build(problem.clone());
    let template = dancing::expert::Template::new(&problem);
    let bump = Bump::new();
    let mut runner = TaskRunner::new(&problem, &template, &bump);
    for task in split(&engine, 6) {
        for limit in [None, Some(3), Some(40)] {
            runner.set_config(dancing::expert::SearchConfig::new().node_limit(limit));
            runner.select(&task).unwrap();
            let mut solutions = Vec::new();
            let Ok(expected) = runner.run(FnVisitor {
                solution: |solution: &dancing::Solution<'_>| {
                    solutions.push(solution.options().to_vec());
                    ControlFlow::Continue(())
                },
                progress: |_: &dancing::Progress| ControlFlow::Continue(()),
            });
            let mut request = Request::new();
            if let Some(limit) = limit {
                request = request.max_nodes(limit);
            }
            let threaded = engine.run_task(&task, true, &request).unwrap();
            assert_eq!(threaded.outcome.stats, expected.stats, "{task:?} {limit:?}");
            assert_eq!(threaded.outcome.frontier, expected.frontier);
            assert_eq!(threaded.solutions, solutions);
        }
    }
}

#[test]
fn a_walked_split_is_the_collected_one_and_says_what_stopped_it() {
    let engine = Engine::new(queens8());
    for balance in [false, true] {
        let collected = engine.split(
            SplitGoal::Tasks(20),
            balance,
            Sizing::default(),
            &Request::new(),
            |_| ControlFlow::Continue(()),
        );
        let walked = engine.split_walked(
            SplitGoal::Tasks(20),
            balance,
            Sizing::default(),
            &Request::new(),
            |_| ControlFlow::Continue(()),
            |split| {
                let mut walked = Vec::new();
                let Ok(()) =
                    split.for_each(|task, estimate| -> Result<(), std::convert::Infallible> {
                        walked.push((task.clone(), estimate));
                        Ok(())
                    });
                assert_eq!(split.stopped(), None);
                assert!(!split.over_work_limit());
                walked
            },
        );
        let expected: Vec<(NodePath, Option<f64>)> = collected
            .tasks
            .iter()
            .cloned()
            .zip(collected.estimates.iter().copied().map(Some))
            .collect();
        assert_eq!(walked, expected);
        assert!(walked.len() >= 20);
    }
    // The split asks its monitor (and so the request) every 50 ms: sizing
    // the tasks at depth 5 of 12 queens takes longer.
    let engine = Engine::new(queens12());
    let stopped = |request: &Request, monitor: ControlFlow<()>| {
        engine.split_walked(
            SplitGoal::Depth(5),
            false,
            Sizing::default(),
            request,
            |_| monitor,
            |split| split.stopped(),
        )
    };
    let cancelled = Stop::new();
    cancelled.request();
    let go = ControlFlow::Continue(());
    assert_eq!(
        stopped(&Request::new().stop(&cancelled), go),
        Some(StopReason::Cancelled)
    );
    assert_eq!(
        stopped(&Request::new().time_limit(Duration::ZERO), go),
        Some(StopReason::TimeLimit)
    );
    assert_eq!(
        stopped(&Request::new(), ControlFlow::Break(())),
        Some(StopReason::Interrupted)
    );
}

#[test]
fn a_cheapest_search_refuses_what_dlx5_cannot_search() {
    let costed = format::read_str("a b\na b |5\na |1\nb |2\n")
        .unwrap()
        .problem;
    let engine = Engine::new(costed.clone());
    let retire = NodePath {
        own: 0,
        prefix: vec![Choice::Retire(ItemId::new(0))],
    };
    assert_eq!(
        engine.best_task(&retire, 1, &Request::new()),
        Err(MinCostError::Retire)
    );
    assert_eq!(
        MinCostError::Retire.to_string(),
        "a path with Algorithm M's moves, from a problem with bounds"
    );
    assert_eq!(
        engine.best_task(&NodePath::root(), 0, &Request::new()),
        Err(MinCostError::BadCount(0))
    );
    assert_eq!(mincost::check(&costed, 2), Ok(()));
    let bounded = format::read_str("2:3|a b\na\nb\na b\n").unwrap().problem;
    assert_eq!(mincost::check(&bounded, 2), Err(MinCostError::Bounds));
    let engine = Engine::new(bounded);
    assert_eq!(
        engine.best_task(&NodePath::root(), 2, &Request::new()),
        Err(MinCostError::Bounds)
    );
    assert_eq!(
        engine
            .best(2, &Request::new(), |_| ControlFlow::Continue(()))
            .map(|report| report.best),
        Err(MinCostError::Bounds)
    );
}
