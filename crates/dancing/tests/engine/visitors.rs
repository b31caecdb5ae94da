//! The search seam: one configuration for both solvers, visitors that stop
//! or fail a search, and the reason every search gives for its end, on one
//! thread and on several.

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::{ParallelSolver, SearchConfig, Solver};
use dancing::{Progress, Solution, StopReason, Visitor};

use super::{data, dlx1};
use dancing::expert::Search;

/// Fails at the `fail_at`-th solution, stops at the `stop_at`-th, and
/// stops at the first progress report if `interrupt`.
struct Scripted {
    seen: u64,
    stop_at: u64,
    fail_at: u64,
    interrupt: bool,
}

impl Scripted {
    fn new() -> Scripted {
        Scripted {
            seen: 0,
            stop_at: u64::MAX,
            fail_at: u64::MAX,
            interrupt: false,
        }
    }
}

#[derive(Debug, PartialEq)]
struct Failure(u64);

impl Visitor for Scripted {
    type Error = Failure;

    fn solution(&mut self, _solution: &Solution<'_>) -> Result<ControlFlow<()>, Failure> {
        self.seen += 1;
        if self.seen == self.fail_at {
            return Err(Failure(self.seen));
        }
        Ok(if self.seen == self.stop_at {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        })
    }

    fn progress(&mut self, _progress: &Progress) -> Result<ControlFlow<()>, Failure> {
        Ok(if self.interrupt {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        })
    }
}

/// Runs `visitor` on queens10 with `config`, on one thread through
/// `Solver` or on `threads` through `ParallelSolver`, and checks that the
/// solver is whole again afterwards.
fn run(
    config: SearchConfig,
    threads: Option<usize>,
    visitor: &mut Scripted,
) -> (Result<dancing::Stats, Failure>, dancing::Stats) {
    let problem = data("queens10.dlx");
    let queens10 = dlx1("queens10.dlx");
    match threads {
        None => {
            let bump = Bump::new();
            let mut solver = Solver::new(&problem, &bump).with_config(config);
            let result = solver.run(&mut *visitor);
            let kept = solver.stats();
            solver.set_config(SearchConfig::new());
            assert_eq!(solver.count(), queens10.solutions, "unwound after the stop");
            (result, kept)
        }
        Some(threads) => {
            let mut solver =
                ParallelSolver::new(&problem).with_config(config.threads(threads).ordered(true));
            let result = solver.run(&mut *visitor);
            let kept = solver.stats();
            solver.set_config(SearchConfig::new().threads(threads));
            assert_eq!(solver.count(), queens10.solutions);
            (result, kept)
        }
    }
}

#[test]
fn every_search_says_why_it_ended() {
    let queens10 = dlx1("queens10.dlx");
    for threads in [None, Some(1), Some(2), Some(3)] {
        let mut complete = Scripted::new();
        let (result, _) = run(SearchConfig::new(), threads, &mut complete);
        let stats = result.unwrap();
        assert_eq!(stats.stop, StopReason::Complete, "{threads:?}");
        assert_eq!(
            (stats.solutions, stats.nodes),
            (queens10.solutions, queens10.nodes)
        );

        let mut stopping = Scripted {
            stop_at: 7,
            ..Scripted::new()
        };
        let (result, _) = run(SearchConfig::new(), threads, &mut stopping);
        let stats = result.unwrap();
        assert_eq!(stats.stop, StopReason::Visitor, "{threads:?}");
        assert_eq!((stats.solutions, stopping.seen), (7, 7));

        let (result, _) = run(
            SearchConfig::new().node_limit(Some(2_000)),
            threads,
            &mut Scripted::new(),
        );
        assert_eq!(result.unwrap().stop, StopReason::NodeLimit, "{threads:?}");

        let mut interrupting = Scripted {
            interrupt: true,
            ..Scripted::new()
        };
        let config = SearchConfig::new()
            .checkpoint_interval(100)
            .progress_interval(std::time::Duration::ZERO);
        let (result, _) = run(config, threads, &mut interrupting);
        let stats = result.unwrap();
        assert_eq!(stats.stop, StopReason::Interrupted, "{threads:?}");
        assert!(stats.nodes < queens10.nodes);
    }
}

#[test]
fn a_visitor_error_stops_the_search_and_is_returned() {
    for threads in [None, Some(1), Some(2), Some(3)] {
        let mut failing = Scripted {
            fail_at: 5,
            ..Scripted::new()
        };
        let (result, kept) = run(SearchConfig::new(), threads, &mut failing);
        assert_eq!(result, Err(Failure(5)), "{threads:?}");
        assert_eq!(kept.stop, StopReason::Failed);
        assert_eq!(failing.seen, 5, "no solution after the error");
    }
}

#[test]
fn one_configuration_serves_both_solvers() {
    let config = SearchConfig::new()
        .node_limit(Some(123))
        .checkpoint_interval(0)
        .threads(0)
        .tasks_per_thread(0)
        .ordered(true);
    // Settings out of range are brought into it.
    assert_eq!(config.get_checkpoint_interval(), 1);
    assert_eq!(config.get_threads(), 1);
    assert_eq!(config.get_tasks_per_thread(), 1);
    let problem = data("queens8.dlx");
    let bump = Bump::new();
    let solver = Solver::new(&problem, &bump).with_config(config.clone());
    assert_eq!(solver.config(), &config);
    let parallel = ParallelSolver::new(&problem).with_config(config.clone());
    assert_eq!(parallel.config(), &config);
    assert_eq!(SearchConfig::new().get_node_limit(), None);
}

/// The first checkpoints come within a few hundred nodes, whatever the
/// interval asked for, so that a search whose nodes are slow from the
/// start sees its budget soon; then they space out to the interval.
#[test]
fn the_first_checkpoint_comes_early_then_they_space_out() {
    let problem = data("queens8.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let mut seen = Vec::new();
    let stats = solver.search_monitored(
        |_| ControlFlow::Continue(()),
        |progress| {
            seen.push(progress.stats.nodes);
            ControlFlow::Continue(())
        },
    );
    // Far fewer nodes than the default interval of 16,384.
    assert_eq!(stats.nodes, dlx1("queens8.dlx").nodes);
    assert!(stats.nodes < dancing::expert::DEFAULT_CHECKPOINT_INTERVAL);
    assert!(!seen.is_empty() && seen[0] <= 256, "{seen:?}");
    assert!(seen.windows(2).all(|pair| pair[1] > pair[0]), "{seen:?}");
    assert!(seen.len() < 10, "{seen:?}");
}
