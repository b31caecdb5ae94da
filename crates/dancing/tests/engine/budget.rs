//! Budgets: time limits, deadlines and cancel checks end the searches on
//! one thread and on several, at checkpoints, and change nothing when they
//! are not reached.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bumpalo::Bump;
use dancing::expert::{Budget, ParallelSolver, SearchConfig, Solver};
use dancing::{Problem, Stats, Stop, StopReason};

use crate::data;
use dancing::expert::Search;

/// The `n` queens problem (rows and columns primary, diagonals secondary):
/// for `n = 20`, about 39 billion solutions, a count that never ends here.
fn queens(n: usize) -> Problem {
    let mut text = String::new();
    for k in 0..n {
        text.push_str(&format!("r{k} c{k} "));
    }
    text.push('|');
    for d in 0..2 * n - 1 {
        text.push_str(&format!(" a{d} b{d}"));
    }
    text.push('\n');
    for i in 0..n {
        for j in 0..n {
            text.push_str(&format!("r{i} c{j} a{} b{}\n", i + j, i + n - 1 - j));
        }
    }
    dancing::format::read_str(&text).unwrap().problem
}

/// A cancel check on a flag, and the flag.
fn flag_budget() -> (Arc<AtomicBool>, Budget) {
    let flag = Arc::new(AtomicBool::new(false));
    let seen = Arc::clone(&flag);
    (
        flag,
        Budget::default().stop_on(&Stop::new().with_poll(move || seen.load(Ordering::Relaxed))),
    )
}

/// Counts with `ParallelSolver` on `threads` threads as `config` says.
fn parallel_count(problem: &Problem, config: SearchConfig, threads: usize) -> Stats {
    let mut solver = ParallelSolver::new(problem).with_config(config.threads(threads));
    solver.count();
    solver.stats()
}

#[test]
fn a_time_limit_stops_an_endless_count_on_one_and_two_threads() {
    let problem = queens(20);
    let config =
        SearchConfig::new().budget(Budget::default().time_limit(Duration::from_millis(50)));
    // Generous: the machine may be busy.
    let bound = Duration::from_secs(10);
    let started = Instant::now();
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump).with_config(config.clone());
    solver.count();
    assert_eq!(solver.stats().stop, StopReason::TimeLimit);
    assert!(solver.stats().solutions > 0);
    assert!(started.elapsed() < bound, "{:?}", started.elapsed());
    for threads in [1, 2] {
        let started = Instant::now();
        let stats = parallel_count(&problem, config.clone(), threads);
        assert_eq!(stats.stop, StopReason::TimeLimit, "{threads} threads");
        assert!(stats.nodes > 0, "{threads} threads");
        assert!(
            started.elapsed() < bound,
            "{threads} threads: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn a_deadline_passed_stops_every_search() {
    let problem = queens(20);
    let config = SearchConfig::new().budget(Budget::default().deadline(Instant::now()));
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump).with_config(config.clone());
    solver.search(|_| ControlFlow::Continue(()));
    assert_eq!(solver.stats().stop, StopReason::TimeLimit);
    for threads in [1, 2] {
        let stats = parallel_count(&problem, config.clone(), threads);
        assert_eq!(stats.stop, StopReason::TimeLimit, "{threads} threads");
    }
}

#[test]
fn a_cancel_flag_set_before_the_search_stops_it_at_the_first_checkpoint() {
    let problem = queens(20);
    let (flag, budget) = flag_budget();
    flag.store(true, Ordering::Relaxed);
    let config = SearchConfig::new().budget(budget);
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump).with_config(config.clone());
    solver.count();
    let stats = solver.stats();
    assert_eq!(stats.stop, StopReason::Cancelled);
    // The first checkpoint comes within a few dozen nodes.
    assert!(stats.nodes <= 64, "{} nodes", stats.nodes);
    for threads in [1, 2] {
        let stats = parallel_count(&problem, config.clone(), threads);
        assert_eq!(stats.stop, StopReason::Cancelled, "{threads} threads");
        assert!(
            stats.nodes <= 64,
            "{threads} threads: {} nodes",
            stats.nodes
        );
    }
    // Lowered, the flag lets the next search run.
    flag.store(false, Ordering::Relaxed);
    let small = data("queens8.dlx");
    let mut solver = Solver::new(&small, &bump).with_config(config);
    solver.count();
    assert_eq!(solver.stats().stop, StopReason::Complete);
}

#[test]
fn a_cancel_during_a_parallel_search_stops_the_workers_promptly() {
    let problem = queens(20);
    let (flag, budget) = flag_budget();
    let config = SearchConfig::new()
        .threads(2)
        .progress_interval(Duration::from_millis(10))
        .budget(budget);
    let mut solver = ParallelSolver::new(&problem).with_config(config);
    let mut found = 0;
    let mut raised = None;
    let stats = solver.search(|_| {
        found += 1;
        if found == 1000 {
            flag.store(true, Ordering::Relaxed);
            raised = Some(Instant::now());
        }
        ControlFlow::Continue(())
    });
    assert_eq!(stats.stop, StopReason::Cancelled);
    let took = raised.expect("the flag was raised").elapsed();
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_budget_not_reached_changes_no_figure() {
    let (_flag, budget) = flag_budget();
    let budget = budget
        .max_nodes(u64::MAX)
        .time_limit(Duration::from_secs(3600));
    for file in [
        "queens8.dlx",
        "langford7.dlx",
        "knuth_dlx2_example.dlx",
        "rowcol4_1_2.dlx",
    ] {
        let problem = data(file);
        let bump = Bump::new();
        let mut free = Solver::new(&problem, &bump);
        let count = free.count();
        let config = SearchConfig::new()
            .checkpoint_interval(7)
            .budget(budget.clone());
        let mut budgeted = Solver::new(&problem, &bump).with_config(config.clone());
        assert_eq!(budgeted.count(), count, "{file}");
        assert_eq!(budgeted.stats(), free.stats(), "{file}");
        assert_eq!(budgeted.profile(), free.profile(), "{file}");
        if !problem_is_bounded(file) {
            for threads in [1, 2] {
                let stats = parallel_count(&problem, config.clone(), threads);
                assert_eq!(stats, free.stats(), "{file} on {threads} threads");
            }
        }
    }
}

/// Whether the reference file has item bounds (no parallel search).
fn problem_is_bounded(file: &str) -> bool {
    file.starts_with("rowcol")
}

#[test]
fn the_node_limit_is_the_budgets_node_cap() {
    let budget = Budget::default().time_limit(Duration::from_secs(3600));
    let config = SearchConfig::new()
        .budget(budget.clone())
        .node_limit(Some(100));
    assert_eq!(config.get_node_limit(), Some(100));
    assert_eq!(config.get_budget().node_limit(), Some(100));
    assert_eq!(
        config.get_budget().get_time_limit(),
        budget.get_time_limit()
    );
    let problem = data("queens8.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump).with_config(config.clone().node_limit(None));
    solver.count();
    assert_eq!(solver.stats().stop, StopReason::Complete);
    solver.set_config(config);
    solver.count();
    assert_eq!(
        (solver.stats().stop, solver.stats().nodes),
        (StopReason::NodeLimit, 100)
    );
    assert_eq!(
        SearchConfig::new()
            .budget(Budget::default().max_nodes(5))
            .get_node_limit(),
        Some(5)
    );
}
