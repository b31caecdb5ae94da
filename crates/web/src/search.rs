//! One search of an exact-cover problem on one thread, as the page runs
//! it: a count, or the first k solutions, within a node and time budget,
//! with a progress report every [`PROGRESS_EVERY`] that can stop it.

use std::ops::ControlFlow;
use std::time::Duration;

use dancing::expert::Instant;
use dancing::{Branching, Config, Engine, FnVisitor, OptionId, Problem, Solution};
use serde::Serialize;

/// The most time between two progress reports: the page's progress line
/// moves ten times a second, and a report costs a message to the page.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The most solutions a listing keeps: each is drawn on the page.
pub const MAX_LISTED: u64 = 10_000;

/// What to search for, and how far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    /// List the first `list` solutions (at most [`MAX_LISTED`]); 0 counts
    /// them all without keeping any.
    pub list: u64,
    /// Stop after this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this long.
    pub time_limit: Option<Duration>,
    /// How the item to branch on is chosen (the engine's
    /// [`Config::branching`]): fewest options unless told otherwise.
    pub branching: Branching,
}

impl Request {
    /// Count every solution, with no budget.
    pub fn count() -> Request {
        Request::default()
    }

    /// The first `k` solutions, with no budget.
    pub fn first(k: u64) -> Request {
        Request {
            list: k,
            ..Request::default()
        }
    }

    /// The engine's request: this one's budget.
    fn engine_request(&self) -> dancing::Request {
        let mut request = dancing::Request::new();
        if let Some(time) = self.time_limit {
            request = request.time_limit(time);
        }
        if let Some(nodes) = self.max_nodes {
            request = request.max_nodes(nodes);
        }
        if self.list > 0 {
            request = request.max_solutions(self.list.min(MAX_LISTED));
        }
        request
    }
}

/// How far a search has gone: what the progress line shows.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Progress {
    /// Search-tree nodes so far.
    pub nodes: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// Knuth's estimate of the fraction of the tree explored (0 to 1).
    pub fraction: f64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
}

/// What a search did: Knuth's statistics, why it ended, and the
/// solutions it was asked to list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Solutions found (all of them if `complete`).
    pub solutions: u64,
    /// Search-tree nodes (1 for the root plus one per option chosen).
    pub nodes: u64,
    /// Link updates, as DLX1 counts them.
    pub updates: u64,
    /// Purifications of colored items, as DLX2 counts them.
    pub cleansings: u64,
    /// The deepest level reached.
    pub max_depth: usize,
    /// Search-tree nodes at each depth (the root is depth 0).
    pub profile: Vec<u64>,
    /// Why it ended, in `dlx solve`'s words: `complete`, `max-solutions`,
    /// `max-nodes`, `time-limit`, `interrupted`.
    pub stop: &'static str,
    /// Whether the whole tree was explored: the count is then exact.
    pub complete: bool,
    /// Knuth's estimate of the fraction of the tree explored.
    pub explored: f64,
    /// Milliseconds the search took (linking included), by the engine's
    /// clock: in the browser, the Worker's `performance.now()`.
    pub elapsed_ms: f64,
    /// Which search ran, in `dlx solve --json`'s words (its `search`):
    /// `links`, or `cells-wtd` and `cells-frb` under a learning rule.
    #[serde(rename = "search")]
    pub algorithm: &'static str,
    /// The solutions listed, each as the indices of its options (0 for the
    /// first option of the input), in the order they were found.
    pub listed: Vec<Vec<usize>>,
}

/// Milliseconds since `started`.
fn millis_since(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1000.0
}

/// Runs `request` on `problem` on this thread, calling `progress` at most
/// every [`PROGRESS_EVERY`] (from the engine's checkpoints): a `Break`
/// stops the search (`interrupted`).
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing_web::search::{run, Request};
///
/// let problem = dancing::format::read_str("a b\na\nb\na b\n")?.problem;
/// let report = run(&problem, &Request::first(5), &mut |_| ControlFlow::Continue(()));
/// assert_eq!(report.solutions, 2);
/// assert_eq!(report.listed, [vec![0, 1], vec![2]]);
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
pub fn run(
    problem: &Problem,
    request: &Request,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Report {
    let started = Instant::now();
    // One thread: WebAssembly in the page's Worker has one (the thread
    // policy of every front end is documented at
    // `dancing::engine::default_threads`).
    let engine = Engine::builder()
        .config(Config::new().threads(1).branching(request.branching))
        .build(problem.clone());
    let mut last_report = started;
    let mut monitor = |at: &dancing::Progress| {
        if last_report.elapsed() < PROGRESS_EVERY {
            return ControlFlow::Continue(());
        }
        last_report = Instant::now();
        progress(&Progress {
            nodes: at.stats.nodes,
            solutions: at.stats.solutions,
            fraction: at.fraction,
            elapsed_ms: millis_since(started),
        })
    };
    let mut listed: Vec<Vec<usize>> = Vec::new();
    let searched = if request.list == 0 {
        engine.count_monitored(&request.engine_request(), &mut monitor)
    } else {
        Ok(engine
            .search(
                &request.engine_request(),
                FnVisitor {
                    solution: |solution: &Solution<'_>| {
                        listed.push(solution.options().iter().map(|o| o.index()).collect());
                        ControlFlow::Continue(())
                    },
                    progress: &mut monitor,
                },
            )
            .unwrap_or_else(|never| match never {}))
    };
    // Only a memoized count can overflow, and this engine counts plainly.
    let report = searched.expect("a plain count does not overflow");
    let stats = report.stats;
    Report {
        solutions: stats.solutions,
        nodes: stats.nodes,
        updates: stats.updates,
        cleansings: stats.cleansings,
        max_depth: stats.max_depth,
        profile: report.profile,
        stop: stats.stop.as_str(),
        complete: stats.is_complete(),
        explored: report.explored,
        elapsed_ms: millis_since(started),
        algorithm: report.algorithm.as_str(),
        listed,
    }
}

/// The option ids of a listed solution.
pub fn option_ids(listed: &[usize]) -> Vec<OptionId> {
    listed.iter().map(|&index| OptionId::new(index)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of the options of `problem` (small), checked as an
    /// exact cover by brute force: the number of solutions.
    fn brute_force(problem: &Problem) -> u64 {
        let options: Vec<Vec<usize>> = problem
            .options()
            .map(|(_, items)| items.iter().map(|item| item.index()).collect())
            .collect();
        let mut count = 0;
        for mask in 0u32..1 << options.len() {
            let mut covered = vec![0; problem.item_count()];
            for (k, option) in options.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    for &item in option {
                        covered[item] += 1;
                    }
                }
            }
            if covered.iter().all(|&c| c == 1) {
                count += 1;
            }
        }
        count
    }

    const SMALL: &str = "a b c d\na b\nc d\na c\nb d\na\nb\nc\nd\na d\nb c\n";

    #[test]
    fn counts_as_brute_force_does() {
        let problem = dancing::format::read_str(SMALL).unwrap().problem;
        let report = run(&problem, &Request::count(), &mut |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(report.solutions, brute_force(&problem));
        assert!(report.complete);
        assert_eq!(report.stop, "complete");
        assert_eq!(report.explored, 1.0);
        assert_eq!(report.profile.iter().sum::<u64>(), report.nodes);
    }

    #[test]
    fn lists_exact_covers_and_stops_at_k() {
        let problem = dancing::format::read_str(SMALL).unwrap().problem;
        let report = run(&problem, &Request::first(3), &mut |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(report.listed.len(), 3);
        assert_eq!(report.stop, "max-solutions");
        for solution in &report.listed {
            let mut covered = vec![0; problem.item_count()];
            for option in option_ids(solution) {
                for item in problem.option(option) {
                    covered[item.index()] += 1;
                }
            }
            assert!(covered.iter().all(|&c| c == 1), "{solution:?}");
        }
    }

    #[test]
    fn a_node_budget_stops_the_count_exactly() {
        let problem = dancing_problems::Queens::new(8).unwrap();
        let problem = dancing::expert::ExactCover::problem(&problem);
        let request = Request {
            max_nodes: Some(100),
            ..Request::count()
        };
        let report = run(problem, &request, &mut |_| ControlFlow::Continue(()));
        assert_eq!(
            (report.nodes, report.stop, report.complete),
            (100, "max-nodes", false)
        );
        assert!(report.explored < 1.0);
    }

    /// Knuth's figures for queens 8 (`ssxcc-wtd0` and `ssxcc-frb0` on
    /// the reference file queens8.dlx, which `dlx gen queens 8` writes:
    /// see crates/dancing/tests/engine/heuristics.rs).
    #[test]
    fn a_learning_rule_walks_knuths_tree() {
        let queens = dancing_problems::Queens::new(8).unwrap();
        let problem = dancing::expert::ExactCover::problem(&queens);
        for (branching, nodes, search) in [
            (Branching::Mrv, None, "links"),
            (Branching::Weighted, Some(945), "cells-wtd"),
            (Branching::FailureRate, Some(966), "cells-frb"),
        ] {
            let request = Request {
                branching,
                ..Request::count()
            };
            let report = run(problem, &request, &mut |_| ControlFlow::Continue(()));
            assert_eq!((report.solutions, report.algorithm), (92, search));
            if let Some(nodes) = nodes {
                assert_eq!(report.nodes, nodes);
            }
            let listing = Request {
                branching,
                ..Request::first(3)
            };
            let listed = run(problem, &listing, &mut |_| ControlFlow::Continue(()));
            assert_eq!((listed.listed.len(), listed.algorithm), (3, search));
        }
    }

    #[test]
    fn progress_can_stop_a_long_count() {
        // Queens 13 takes seconds: the first report stops it.
        let queens = dancing_problems::Queens::new(13).unwrap();
        let mut reports = 0;
        let report = run(
            dancing::expert::ExactCover::problem(&queens),
            &Request::count(),
            &mut |progress| {
                reports += 1;
                assert!(progress.fraction >= 0.0 && progress.fraction < 1.0);
                ControlFlow::Break(())
            },
        );
        assert_eq!(reports, 1);
        assert_eq!(report.stop, "interrupted");
        assert!(!report.complete);
    }
}
