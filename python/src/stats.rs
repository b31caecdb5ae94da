//! `dancing.Stats`: the figures of the last search of a problem.

use dancing::engine::Algorithm;
use dancing::{Branching, StopReason};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The figures of a search, as Knuth's programs print them.
///
/// `solutions`, `nodes` (1 + the options chosen), `updates` and
/// `cleansings` (Algorithms C and M) are Knuth's; `complete` says whether
/// the search explored the whole tree, and `stop` why it ended:
/// "complete", "max-solutions" (a limit on solutions, or `first()`),
/// "max-nodes", "time-limit", "interrupted" (Ctrl-C, or a ``solutions()``
/// iterator dropped before its end) or "failed"; "running" while a
/// ``solutions()`` iterator is paused between two solutions. A figure of
/// an incomplete search counts only what was explored.
///
/// `search` says which search ran: "links" (dancing links, fewest
/// options first: every search unless told otherwise), or "cells-wtd" and
/// "cells-frb" (dancing cells under Knuth's learning rules, asked for with
/// ``heuristic="wtd"`` or ``"frb"``).
///
/// Stats compare, pickle and copy by value.
#[pyclass(module = "dancing", frozen, eq, get_all, from_py_object)]
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Solutions found (exact even past 2**64 for a memoized count).
    pub solutions: u128,
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates (Knuth's "updates").
    pub updates: u64,
    /// Colored entries purified (Knuth's DLX2 and DLX3 "cleansings").
    pub cleansings: u64,
    /// The deepest level reached.
    pub max_depth: usize,
    /// Whether the whole search tree was explored.
    pub complete: bool,
    /// Why the search ended.
    pub stop: &'static str,
    /// Threads that searched.
    pub threads: usize,
    /// Wall-clock seconds of the search.
    pub time: f64,
    /// Which search ran: the engine's name of its algorithm.
    pub search: &'static str,
}

/// The stop reason of a search that has not ended (a paused iterator).
pub const RUNNING: &str = "running";
/// The stop reason of a search stopped by Ctrl-C, or given up before its
/// end.
pub const INTERRUPTED: &str = "interrupted";

/// The name of the search most figures come from (dancing links).
const LINKS: &str = "links";

/// Every search's name, in the engine's vocabulary.
fn search_names() -> [&'static str; 4] {
    [
        Algorithm::Links,
        Algorithm::Cells(Branching::Mrv),
        Algorithm::Cells(Branching::Weighted),
        Algorithm::Cells(Branching::FailureRate),
    ]
    .map(Algorithm::as_str)
}

/// Every stop reason's name, in the engine's one vocabulary.
fn stop_names() -> [&'static str; 8] {
    [
        StopReason::Complete,
        StopReason::Visitor,
        StopReason::NodeLimit,
        StopReason::TimeLimit,
        StopReason::Cancelled,
        StopReason::Interrupted,
        StopReason::Failed,
        StopReason::Running,
    ]
    .map(StopReason::as_str)
}

impl Stats {
    /// The engine's figures, with an exact count that may exceed them.
    pub fn new(stats: &dancing::Stats, solutions: u128, threads: usize, time: f64) -> Stats {
        Stats {
            solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            cleansings: stats.cleansings,
            max_depth: stats.max_depth,
            complete: stats.is_complete(),
            stop: stats.stop.as_str(),
            threads,
            time,
            search: LINKS,
        }
    }

    /// The same figures, of the search `algorithm`.
    #[must_use]
    pub fn searched_by(self, algorithm: Algorithm) -> Stats {
        Stats {
            search: algorithm.as_str(),
            ..self
        }
    }
}

#[pymethods]
impl Stats {
    /// Figures as ``repr`` shows them (what unpickling calls): ``complete``
    /// must say whether ``stop`` is "complete"; ``search`` is one of
    /// "links" (the default), "cells-mrv", "cells-wtd", "cells-frb".
    #[new]
    #[pyo3(signature = (solutions, nodes, updates, cleansings, max_depth, complete, stop, threads, time, search = LINKS))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        solutions: u128,
        nodes: u64,
        updates: u64,
        cleansings: u64,
        max_depth: usize,
        complete: bool,
        stop: &str,
        threads: usize,
        time: f64,
        search: &str,
    ) -> PyResult<Stats> {
        let Some(stop) = stop_names().into_iter().find(|&name| name == stop) else {
            return Err(PyValueError::new_err(format!(
                "stop must be one of {} (got {stop:?})",
                stop_names().join(", ")
            )));
        };
        let Some(search) = search_names().into_iter().find(|&name| name == search) else {
            return Err(PyValueError::new_err(format!(
                "search must be one of {} (got {search:?})",
                search_names().join(", ")
            )));
        };
        if complete != (stop == StopReason::Complete.as_str()) {
            return Err(PyValueError::new_err(format!(
                "complete={} but stop={stop:?}: a search is complete when, and only when, \
                 it stopped at \"complete\"",
                if complete { "True" } else { "False" }
            )));
        }
        Ok(Stats {
            solutions,
            nodes,
            updates,
            cleansings,
            max_depth,
            complete,
            stop,
            threads,
            time,
            search,
        })
    }

    /// Pickling and copying: the figures, by value.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (
            u128,
            u64,
            u64,
            u64,
            usize,
            bool,
            &'static str,
            usize,
            f64,
            &'static str,
        ),
    ) {
        let s = slf.get();
        (
            slf.get_type(),
            (
                s.solutions,
                s.nodes,
                s.updates,
                s.cleansings,
                s.max_depth,
                s.complete,
                s.stop,
                s.threads,
                s.time,
                s.search,
            ),
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Stats(solutions={}, nodes={}, updates={}, cleansings={}, max_depth={}, \
             complete={}, stop={:?}, threads={}, time={:.6}, search={:?})",
            self.solutions,
            self.nodes,
            self.updates,
            self.cleansings,
            self.max_depth,
            if self.complete { "True" } else { "False" },
            self.stop,
            self.threads,
            self.time,
            self.search
        )
    }
}
