//! `Problem.estimate`: Knuth's random-probe estimate of the search tree,
//! through the front door's [`dancing::Engine::estimate`] (as `dlx
//! estimate`), run without the GIL; the result is a `dancing.Estimate`
//! (python/dancing/_estimate.py).

use std::sync::Arc;
use std::time::Instant;

use dancing::engine::Figure;
use dancing::{Config, Engine};
use pyo3::prelude::*;

use crate::args;
use crate::stats::Stats;
use crate::stop::{Limits, Stopper};

/// The most probes, as `dlx estimate --probes` allows.
const MAX_PROBES: u64 = 1_000_000_000;

/// The arguments of `Problem.estimate`, as given.
pub struct EstimateArgs<'a, 'py> {
    pub probes: &'a Bound<'py, PyAny>,
    pub seed: &'a Bound<'py, PyAny>,
    pub time_limit: Option<f64>,
}

/// The estimate of `problem`'s search tree, as a `dancing.Estimate`.
pub fn estimate(
    py: Python<'_>,
    problem: &Arc<dancing::Problem>,
    given: &EstimateArgs<'_, '_>,
) -> PyResult<Py<PyAny>> {
    let probes = args::whole_in("probes", given.probes, 1, MAX_PROBES)?;
    let seed = args::whole("seed", given.seed)?;
    let limits = Limits::new(given.time_limit, None)?;
    let stopper = Stopper::new();
    let watch = stopper.clone();
    let problem = Arc::clone(problem);
    let started = Instant::now();
    let estimate = stopper.run_detached(py, move || {
        // One thread, as `dlx estimate`: the probes follow the tree of the
        // problem as given.
        let engine = Engine::builder()
            .config(Config::new().threads(1))
            .build_until(problem, &watch.stop())?;
        Some(engine.estimate(probes, seed, &limits.request(&watch)))
    })?;
    // Only Ctrl-C stops the linking, and its KeyboardInterrupt is raised
    // above; an estimate of no probes is what is left.
    let estimate = estimate.unwrap_or_default();
    let elapsed = started.elapsed().as_secs_f64();
    let module = py.import("dancing._estimate")?;
    let figure = module.getattr("Figure")?;
    let as_figure = |value: Figure| figure.call1((value.mean, value.std_error));
    let exact = estimate
        .exact
        .map(|stats| Stats::new(&stats, u128::from(stats.solutions), 1, elapsed));
    Ok(module
        .getattr("Estimate")?
        .call1((
            estimate.probes,
            probes,
            seed,
            as_figure(estimate.nodes)?,
            as_figure(estimate.updates)?,
            as_figure(estimate.solutions)?,
            estimate.max_depth,
            exact,
        ))?
        .unbind())
}
