//! `dancing.Stats`: the figures of the last search of a problem.

use pyo3::prelude::*;

/// The figures of a search, as Knuth's programs print them.
///
/// `solutions`, `nodes` (1 + the options chosen), `updates` and
/// `cleansings` (Algorithms C and M) are Knuth's; `complete` says whether
/// the search explored the whole tree, and `stop` why it ended:
/// "complete", "max-solutions" (a limit on solutions, or `first()`),
/// "max-nodes", "time-limit", "interrupted" (Ctrl-C) or "failed".
/// A figure of an incomplete search counts only what was explored.
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
        }
    }
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(solutions={}, nodes={}, updates={}, cleansings={}, max_depth={}, \
             complete={}, stop={:?}, threads={}, time={:.6})",
            self.solutions,
            self.nodes,
            self.updates,
            self.cleansings,
            self.max_depth,
            if self.complete { "True" } else { "False" },
            self.stop,
            self.threads,
            self.time
        )
    }
}
