//! The searches of `Problem.count` and `Problem.first`, run without the
//! GIL: a plain or memoized count on any number of threads, and the
//! figures kept when Ctrl-C stops one.

use std::ops::ControlFlow;
use std::time::Instant;

use dancing::{MemoConfig, ParallelSolver, Search, SearchConfig, StopReason, Template};
use pyo3::prelude::*;

use crate::last_search::{LastSearch, SearchId};
use crate::stats::Stats;
use crate::stop::{Limits, PROGRESS_INTERVAL, Stopper};

/// Runs a search without the GIL. On Ctrl-C the figures so far become the
/// problem's `stats` (`last`, as search `by`) before KeyboardInterrupt is
/// raised.
pub fn catch_stats<T, F>(
    last: &LastSearch,
    by: SearchId,
    stopper: &Stopper,
    py: Python<'_>,
    threads: usize,
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
        last.record(by, Stats::new(&stats, solutions, threads, elapsed));
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

/// Counts without a cache on `threads` threads, as `dlx solve --count`.
pub fn count_plain(
    problem: &dancing::Problem,
    threads: usize,
    limits: Limits,
    stopper: &Stopper,
) -> (u128, dancing::Stats) {
    // Linking a huge problem takes a while: Ctrl-C stops it too.
    let Some(template) = Template::new_cancellable(problem, || stopper.poll()) else {
        return (0, stopped_stats(StopReason::Cancelled));
    };
    let mut solver =
        ParallelSolver::from_template(template).with_config(limits.config(stopper, threads));
    let solutions = solver.count();
    (u128::from(solutions), solver.stats())
}

/// Counts with the cache of subproblems, as `dlx solve --count --memo`; a
/// cache that turns itself off (too few repeats) hands the count to the
/// plain search, with the time left.
pub fn count_memoized(
    problem: &dancing::Problem,
    threads: usize,
    limits: Limits,
    stopper: &Stopper,
    started: Instant,
) -> (u128, dancing::Stats) {
    let Some(template) = Template::new_cancellable(problem, || stopper.poll()) else {
        return (0, stopped_stats(StopReason::Cancelled));
    };
    let config = SearchConfig::new()
        .threads(threads)
        .node_limit(limits.nodes)
        .progress_interval(PROGRESS_INTERVAL);
    let mut solver = ParallelSolver::from_template(template).with_config(config);
    let deadline = limits.time.and_then(|time| started.checked_add(time));
    let mut stop = None;
    let memo = MemoConfig::new().hand_back(true);
    let counted = solver.count_memoized_monitored(&memo, |_| {
        if stopper.poll() {
            stop = Some(StopReason::Cancelled);
        } else if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            stop = Some(StopReason::TimeLimit);
        }
        if stop.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let counted = match counted {
        Ok(counted) => counted,
        // Only an overflow of u128, which no search lives to see; reported
        // as the incomplete count it is.
        Err(_) => return (u128::MAX, stopped_stats(StopReason::Failed)),
    };
    if counted.cache.turned_off && stop.is_none() {
        drop(solver);
        let left = Limits {
            time: limits
                .time
                .map(|time| time.saturating_sub(started.elapsed())),
            nodes: limits.nodes,
        };
        return count_plain(problem, threads, left, stopper);
    }
    let mut stats = counted.stats;
    if let Some(stop) = stop {
        stats.stop = stop;
    }
    (counted.solutions, stats)
}
