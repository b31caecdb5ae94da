//! How a search runs: one configuration for the search on one thread and
//! on several.

use std::time::Duration;

use crate::budget::Budget;

/// Nodes between two checkpoints of a search on one thread (the node limit
/// is checked, progress reported), unless set otherwise: a few milliseconds
/// of search.
pub const DEFAULT_CHECKPOINT_INTERVAL: u64 = 1 << 14;

/// How a search runs: its [`Budget`] (nodes, time, cancellation), how often it reports progress, and,
/// for a [`ParallelSolver`](crate::expert::ParallelSolver), its threads and the
/// order of its solutions. A value with builder-style setters, shared by
/// [`Solver`](crate::expert::Solver) (which runs on one thread and ignores the
/// settings of threads and order) and [`ParallelSolver`](crate::expert::ParallelSolver).
///
/// ```
/// use std::time::Duration;
/// use dancing::{format, StopReason};
/// use dancing::expert::{ParallelSolver, SearchConfig, Search};
///
/// let problem = format::read_str(include_str!("../tests/data/queens8.dlx"))?.problem;
/// let config = SearchConfig::new()
///     .threads(2)
///     .node_limit(Some(500))
///     .progress_interval(Duration::from_millis(50));
/// let mut solver = ParallelSolver::new(&problem).with_config(config);
/// let stats = solver.search(|_| std::ops::ControlFlow::Continue(()));
/// assert_eq!(stats.stop, StopReason::NodeLimit);
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    budget: Budget,
    checkpoint_interval: u64,
    threads: Option<usize>,
    ordered: bool,
    tasks_per_thread: usize,
    progress_interval: Duration,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            budget: Budget::default(),
            checkpoint_interval: DEFAULT_CHECKPOINT_INTERVAL,
            threads: None,
            ordered: false,
            tasks_per_thread: 64,
            progress_interval: Duration::from_millis(100),
        }
    }
}

impl SearchConfig {
    /// The default configuration: no budget, a checkpoint every
    /// [`DEFAULT_CHECKPOINT_INTERVAL`] nodes, one thread per core, solutions
    /// as they come, progress every 100 ms.
    pub fn new() -> SearchConfig {
        SearchConfig::default()
    }

    /// Limits every search to `budget`: its node cap, its time limit or
    /// deadline, its cancel check. A search stops at the first checkpoint
    /// past one of them, with [`StopReason::NodeLimit`](crate::StopReason::NodeLimit),
    /// [`StopReason::TimeLimit`](crate::StopReason::TimeLimit) or
    /// [`StopReason::Cancelled`](crate::StopReason::Cancelled). On one
    /// thread the clock and the cancel check are looked at every
    /// checkpoint (see [`checkpoint_interval`](Self::checkpoint_interval));
    /// on several, by the caller's thread as it waits for the workers, and
    /// the workers stop at their next checkpoint. A time limit counts from
    /// the start of each search. (Memoized counts honour the node cap
    /// only.)
    ///
    /// ```
    /// use dancing::{format, StopReason};
    /// use dancing::expert::{Budget, ParallelSolver, SearchConfig, Search};
    ///
    /// let problem = format::read_str(include_str!("../tests/data/queens8.dlx"))?.problem;
    /// let stop = dancing::Stop::new();
    /// stop.request();
    /// let budget = Budget::default().stop_on(&stop);
    /// for threads in [1, 2] {
    ///     let config = SearchConfig::new().threads(threads).budget(budget.clone());
    ///     let mut solver = ParallelSolver::new(&problem).with_config(config);
    ///     solver.count();
    ///     assert_eq!(solver.stats().stop, StopReason::Cancelled);
    /// }
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> SearchConfig {
        self.budget = budget;
        self
    }

    /// Stops the search (with [`StopReason::NodeLimit`](crate::StopReason::NodeLimit))
    /// once it has counted `limit` nodes; `None` (the default) lifts the
    /// limit: the node cap of the [`budget`](Self::budget), the rest of
    /// which stays. Exact on one thread; on several, each thread looks at
    /// the shared count every few thousand nodes, so the search may run
    /// past it by that much per thread.
    pub fn node_limit(mut self, limit: Option<u64>) -> SearchConfig {
        // Not `Budget::max_nodes`, which keeps at least the root: a limit
        // of 0 nodes has always stopped before it.
        self.budget.nodes = limit;
        self
    }

    /// Nodes between two checkpoints of a search on one thread, where it
    /// checks its node limit and reports progress (at least 1). When nodes
    /// are slow, checkpoints come more often, so that a stop request is
    /// seen within about 20 ms.
    pub fn checkpoint_interval(mut self, nodes: u64) -> SearchConfig {
        self.checkpoint_interval = nodes.max(1);
        self
    }

    /// Searches on `threads` threads (at least 1; one per core by default).
    /// One thread runs the plain search of a [`Solver`](crate::expert::Solver) on
    /// the caller's thread.
    pub fn threads(mut self, threads: usize) -> SearchConfig {
        self.threads = Some(threads.max(1));
        self
    }

    /// Whether a parallel search visits the solutions in the order one
    /// thread finds them (holding, in bounded memory, the solutions of the
    /// subtrees searched ahead of that order), or as they come (the
    /// default). A search on one thread is always in order.
    pub fn ordered(mut self, ordered: bool) -> SearchConfig {
        self.ordered = ordered;
        self
    }

    /// How many subtrees per thread a parallel search aims for (at least 1;
    /// 64 by default): more balance the load better, at some cost in the
    /// split.
    pub fn tasks_per_thread(mut self, tasks: usize) -> SearchConfig {
        self.tasks_per_thread = tasks.max(1);
        self
    }

    /// How often a parallel search (or [`ParallelSolver`](crate::expert::ParallelSolver)
    /// on one thread) reports progress (100 ms unless set).
    pub fn progress_interval(mut self, interval: Duration) -> SearchConfig {
        self.progress_interval = interval;
        self
    }

    /// The node limit: the node cap of the budget.
    pub fn get_node_limit(&self) -> Option<u64> {
        self.budget.node_limit()
    }

    /// The budget of every search.
    pub fn get_budget(&self) -> &Budget {
        &self.budget
    }

    /// The nodes between two checkpoints.
    pub fn get_checkpoint_interval(&self) -> u64 {
        self.checkpoint_interval
    }

    /// The number of threads: as set, or
    /// [`default_threads`](crate::engine::default_threads).
    pub fn get_threads(&self) -> usize {
        self.threads
            .unwrap_or_else(crate::schedule::default_threads)
    }

    /// The number of threads, if set.
    pub(crate) fn threads_set(&self) -> Option<usize> {
        self.threads
    }

    /// Whether a parallel search keeps the order of one thread.
    pub fn get_ordered(&self) -> bool {
        self.ordered
    }

    /// The subtrees per thread a parallel search aims for.
    pub fn get_tasks_per_thread(&self) -> usize {
        self.tasks_per_thread
    }

    /// How often a parallel search reports progress.
    pub fn get_progress_interval(&self) -> Duration {
        self.progress_interval
    }
}
