//! `Problem.best`: the cheapest solutions of a problem whose options carry
//! costs, through the front door's [`dancing::Engine::best`] (Knuth's
//! DLX5, as `dlx solve --best K`), run without the GIL; the result is a
//! `dancing.Best` (python/dancing/_best.py).

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dancing::engine::{Algorithm, CostedSolution};
use dancing::expert::MinCostError;
use dancing::mincost::MAX_BEST;
use dancing::{Config, Engine, StopReason};
use pyo3::prelude::*;

use crate::args;
use crate::counting::{catch_stats, stopped_stats};
use crate::errors::{Location, ProblemError, located};
use crate::last_search::{LastSearch, SearchId};
use crate::stats::Stats;
use crate::stop::{self, Limits, PROGRESS_INTERVAL, Stopper};

/// The arguments of `Problem.best`, as given.
pub struct BestArgs<'a, 'py> {
    pub k: &'a Bound<'py, PyAny>,
    pub threads: Option<&'a Bound<'py, PyAny>>,
    pub time_limit: Option<f64>,
    pub max_nodes: Option<&'a Bound<'py, PyAny>>,
}

/// The `k` cheapest solutions of `problem` (whose `stats` are `last`), as
/// a `dancing.Best`.
pub fn best(
    py: Python<'_>,
    problem: &Arc<dancing::Problem>,
    last: &LastSearch,
    given: &BestArgs<'_, '_>,
) -> PyResult<Py<PyAny>> {
    let k = args::size_in("k", given.k, 1, MAX_BEST)?;
    let threads = stop::threads(given.threads)?;
    let max_nodes = args::optional_whole("max_nodes", given.max_nodes)?;
    let limits = Limits::new(given.time_limit, max_nodes)?;
    let stopper = Stopper::new();
    let watch = stopper.clone();
    let problem = Arc::clone(problem);
    let started = Instant::now();
    let by = SearchId::new();
    let (found, stats) = catch_stats(
        last,
        by,
        &stopper,
        py,
        (Some(threads), Algorithm::Links),
        started,
        move || {
            let config = Config::new()
                .threads(threads)
                .progress_interval(PROGRESS_INTERVAL);
            // Linking a huge problem takes a while: Ctrl-C stops it too.
            let Some(engine) = Engine::builder()
                .config(config)
                .build_until(problem, &watch.stop())
            else {
                return (Ok(Vec::new()), stopped_stats(StopReason::Cancelled));
            };
            let request = limits.request(&watch);
            let search = || engine.best(k, &request, |_| ControlFlow::Continue(()));
            let outcome = if threads == 1 {
                search()
            } else {
                watched(&watch, search)
            };
            match outcome {
                Ok(report) => (Ok(report.best), report.stats),
                Err(error) => (Err(error), stopped_stats(StopReason::Failed)),
            }
        },
    )?;
    let best = found.map_err(|error| min_cost_error(py, &error))?;
    // `solutions` of the figures: the improvements the search found.
    let solutions = u128::from(stats.solutions);
    let elapsed = started.elapsed().as_secs_f64();
    let stats = Stats::new(&stats, solutions, threads, elapsed);
    last.record(by, stats.clone());
    let module = py.import("dancing._best")?;
    let costed = module.getattr("CostedSolution")?;
    let solutions = best
        .iter()
        .map(|solution| costed.call1(as_python(solution)))
        .collect::<PyResult<Vec<_>>>()?;
    let proven = stats.complete;
    Ok(module
        .getattr("Best")?
        .call1((solutions, proven, stats))?
        .unbind())
}

/// How often the calling thread looks at Python's signals while the
/// threads of [`watched`] search.
const WATCH_INTERVAL: Duration = Duration::from_millis(10);

/// Runs `work` on a thread of its own while this thread, the one Python
/// delivers signals to, looks at them for `stopper`: the minimum-cost
/// search on several threads polls its token on its workers only, where
/// Python's signal handlers never run. A panic of `work` is passed on.
fn watched<T: Send>(stopper: &Stopper, work: impl FnOnce() -> T + Send) -> T {
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            let done = work();
            // Wakes the watch at once, rather than at its next look.
            caller.unpark();
            done
        });
        while !worker.is_finished() {
            stopper.poll();
            std::thread::park_timeout(WATCH_INTERVAL);
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// A costed solution as `CostedSolution`'s arguments: its options'
/// indices (in the order the search chose them) and its cost.
fn as_python(solution: &CostedSolution) -> (Vec<usize>, u64) {
    let options = solution
        .options
        .iter()
        .map(|option| option.index())
        .collect();
    (options, solution.cost)
}

/// Why the problem cannot be searched for costs, as a `ProblemError`.
fn min_cost_error(py: Python<'_>, error: &MinCostError) -> PyErr {
    let message = match error {
        MinCostError::Bounds => "best() cannot search a problem with item bounds: the \
             minimum-cost search (Knuth's DLX5) is Algorithm C with costs; count() and \
             solutions() take bounds"
            .to_owned(),
        error => error.to_string(),
    };
    located::<ProblemError>(py, message, Location::default())
}
