//! The searches of `Problem.count` and `Problem.first`, run without the
//! GIL: a plain or memoized count on any number of threads, and the
//! figures kept when Ctrl-C stops one.

use std::sync::Arc;
use std::time::Instant;

use dancing::engine::Algorithm;
use dancing::{Branching, Config, Counting, Engine, StopReason};
use pyo3::prelude::*;

use crate::last_search::{LastSearch, SearchId};
use crate::stats::Stats;
use crate::stop::{Limits, PROGRESS_INTERVAL, Stopper};

/// Runs a search without the GIL. On Ctrl-C the figures so far (of
/// `search`, on `threads`, or the engine's default where they are not
/// given) become the problem's `stats` (`last`, as search `by`) before
/// KeyboardInterrupt is raised.
pub fn catch_stats<T, F>(
    last: &LastSearch,
    by: SearchId,
    stopper: &Stopper,
    py: Python<'_>,
    (threads, search): (Option<usize>, Algorithm),
    started: Instant,
    work: F,
) -> PyResult<(T, dancing::Stats)>
where
    T: Send,
    F: FnOnce() -> (T, dancing::Stats) + Send,
{
    let mut kept = None;
    let result = stopper.run_detached(py, || {
        let (value, stats) = work();
        kept = Some(stats);
        (value, stats)
    });
    if let (Err(_), Some(stats)) = (&result, kept) {
        let mut stats = stats;
        if stats.is_complete() {
            // Interrupted after the end: the figures are whole, but the
            // caller sees the interrupt, not them.
            stats.stop = StopReason::Interrupted;
        }
        let solutions = u128::from(stats.solutions);
        let elapsed = started.elapsed().as_secs_f64();
        last.record(
            by,
            Stats::new(&stats, solutions, engine_threads(threads), elapsed).searched_by(search),
        );
    }
    result
}

/// Figures of a search stopped before it started.
pub fn stopped_stats(stop: StopReason) -> dancing::Stats {
    dancing::Stats {
        stop,
        ..dancing::Stats::default()
    }
}

/// How a count searches: its threads (`None`: the engine's default, which
/// it asks the system for only when the tree is not tiny), whether with
/// the cache of subproblems, and its branching rule.
#[derive(Clone, Copy, Debug)]
pub struct CountPlan {
    pub threads: Option<usize>,
    pub memo: bool,
    pub branching: Branching,
}

/// Counts as `plan` says, as `dlx solve --count [--memo] [--heuristic]`
/// does: through the engine's front door, which falls back to the plain
/// search when the cache does not pay. Returns the count, the search that
/// ran and the threads it ran on, and its figures.
pub fn count_through_engine(
    problem: &Arc<dancing::Problem>,
    plan: CountPlan,
    limits: Limits,
    stopper: &Stopper,
) -> ((u128, Algorithm, usize), dancing::Stats) {
    let CountPlan {
        threads,
        memo,
        branching,
    } = plan;
    let counting = if memo {
        Counting::memo()
    } else {
        Counting::Plain
    };
    let mut config = Config::new()
        .counting(counting)
        .branching(branching)
        .progress_interval(PROGRESS_INTERVAL);
    if let Some(threads) = threads {
        config = config.threads(threads);
    }
    // Linking a huge problem takes a while: Ctrl-C stops it too.
    let Some(engine) = Engine::builder()
        .config(config)
        .build_until(Arc::clone(problem), &stopper.stop())
    else {
        let threads = engine_threads(threads);
        return (
            (0, Algorithm::Links, threads),
            stopped_stats(StopReason::Cancelled),
        );
    };
    match engine.count(&limits.request(stopper)) {
        Ok(report) => (
            (report.solutions, report.algorithm, report.threads),
            report.stats,
        ),
        // Only an overflow of u128, which no search lives to see; reported
        // as the incomplete count it is.
        Err(_) => (
            (u128::MAX, Algorithm::Links, engine_threads(threads)),
            stopped_stats(StopReason::Failed),
        ),
    }
}

/// The threads of a count that did not report them: as given, else the
/// engine's default.
pub fn engine_threads(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(dancing::engine::default_threads)
}
