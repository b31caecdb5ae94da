//! `Problem.reduce`: Knuth's DLX-PRE preprocessing through the front
//! door's [`dancing::Engine::reduce`] (as `dlx reduce`), run without the
//! GIL; the result is a `dancing.Reduction` (python/dancing/_reduction.py).

use std::sync::Arc;

use dancing::{Config, Engine, OptionId, Request};
use pyo3::prelude::*;

use crate::problem::Problem;
use crate::stop::Stopper;

/// `problem` reduced, as a `dancing.Reduction`. Ctrl-C raises
/// KeyboardInterrupt.
pub fn reduce(py: Python<'_>, problem: &Arc<dancing::Problem>) -> PyResult<Py<PyAny>> {
    let stopper = Stopper::new();
    let watch = stopper.clone();
    let shared = Arc::clone(problem);
    let reduction = stopper.run_detached(py, move || {
        let stop = watch.stop();
        let engine = Engine::builder()
            .config(Config::new().threads(1))
            .build_until(shared, &stop)?;
        engine.reduce(&Request::new().stop(&stop))
    })?;
    // Only Ctrl-C stops a reduction, and its KeyboardInterrupt was raised
    // above; without a handler that raises, the signal leaves nothing.
    let Some(reduction) = reduction else {
        return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
            "interrupted while reducing",
        ));
    };
    let reduced = reduction.problem();
    let originals: Vec<usize> = (0..reduced.option_count())
        .map(|k| reduction.original(OptionId::new(k)).index())
        .collect();
    let summary = reduction.summary(problem);
    let module = py.import("dancing._reduction")?;
    Ok(module
        .getattr("Reduction")?
        .call1((
            Problem::wrap(reduced.clone(), Vec::new()),
            pyo3::types::PyTuple::new(py, originals)?,
            reduction.removed_options(),
            reduction.removed_items(),
            reduction.tightened_bounds(),
            reduction.forced_items_kept(),
            reduction.rounds(),
            reduction.is_complete(),
            summary,
        ))?
        .unbind())
}
