//! The searches of `Problem.count` and `Problem.first`, run without the
//! GIL: a plain or memoized count on any number of threads, and the
//! figures kept when Ctrl-C stops one.

use std::sync::Arc;
use std::time::Instant;

use dancing::{Config, Counting, Engine, StopReason};
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

/// Counts on `threads` threads, with the cache of subproblems if `memo`,
/// as `dlx solve --count [--memo]` does: through the engine's front door,
/// which falls back to the plain search when the cache does not pay.
pub fn count_through_engine(
    problem: &Arc<dancing::Problem>,
    threads: usize,
    memo: bool,
    limits: Limits,
    stopper: &Stopper,
) -> (u128, dancing::Stats) {
    let counting = if memo {
        Counting::memo()
    } else {
        Counting::Plain
    };
    let config = Config::new()
        .threads(threads)
        .counting(counting)
        .progress_interval(PROGRESS_INTERVAL);
    // Linking a huge problem takes a while: Ctrl-C stops it too.
    let Some(engine) = Engine::builder()
        .config(config)
        .build_until(Arc::clone(problem), &stopper.stop())
    else {
        return (0, stopped_stats(StopReason::Cancelled));
    };
    match engine.count(&limits.request(stopper)) {
        Ok(report) => (report.solutions, report.stats),
        // Only an overflow of u128, which no search lives to see; reported
        // as the incomplete count it is.
        Err(_) => (u128::MAX, stopped_stats(StopReason::Failed)),
    }
}
