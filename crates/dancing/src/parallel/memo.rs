//! Memoized counting on several threads: the split pass cuts the top of
//! the tree into subtrees, as for any parallel search, and each worker
//! counts the subtrees of the units it takes with the memoized walk,
//! keeping its cache from subtree to subtree.
//!
//! The threads share one cache ([`SharedCache`]): a count one thread made
//! serves all, and the memory bound is the total. (A cache per thread,
//! without locks, costs more: each thread counts again the subproblems
//! below the others' subtrees, 1.7 to 1.95 times the nodes of one thread
//! and twice the memory and CPU time.)
//!
//! The count is the split's solutions plus the subtrees' counts. A cache
//! that turns itself off (see [`MemoConfig::adaptive`]) turns off for the
//! subtrees still to come on its thread (or, shared, on every thread); with
//! [`MemoConfig::hand_back`] the whole count stops there instead, for the
//! caller to run the plain search.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use bumpalo::Bump;

use crate::config::SearchConfig;
use crate::schedule::{self, Queue};
use crate::search::{
    CacheStats, MemoConfig, MemoCount, MemoError, MemoWalker, SharedCache, Solver, Subsearch,
};
use crate::visit::{Explorer, Progress, Solution, Stats, StopReason};

use super::order::lock;
use super::split::{Split, SplitBudget};
use super::{ParallelSolver, Throttled, copy_monitored};

/// Nodes a worker counts between two looks at the shared state (a stop,
/// the node budget).
const WORKER_CHECKPOINT_INTERVAL: u64 = 1 << 12;

/// What the workers of a memoized count share.
struct Shared<'a> {
    split: &'a Split,
    memo: &'a MemoConfig,
    cache: &'a SharedCache,
    stopping: AtomicBool,
    stop: Mutex<Option<StopReason>>,
    overflow: AtomicBool,
    /// A cache turned itself off with `hand_back`: the count stopped.
    handed_back: AtomicBool,
    node_limit: u64,
    /// Nodes counted by the workers so far.
    nodes: AtomicU64,
    /// Solutions of the subtrees done, capped (for progress only).
    solutions: AtomicU64,
    /// Weight of the subtrees done.
    done_weight: Mutex<f64>,
}

/// What a worker did, and the sums over the workers.
#[derive(Default)]
struct Totals {
    /// Solutions counted; none if the count overflowed.
    count: Option<u128>,
    stats: Stats,
    cache: CacheStats,
    /// Every subtree the worker took was counted to its end.
    complete: bool,
    /// The weight of the subtrees explored, the stopped ones in part.
    explored: f64,
}

impl Totals {
    /// Nothing done yet, which is complete.
    fn new() -> Self {
        Totals {
            count: Some(0),
            complete: true,
            ..Totals::default()
        }
    }

    /// Adds what one worker did.
    fn add(mut self, worker: Totals) -> Self {
        self.count = self
            .count
            .zip(worker.count)
            .and_then(|(a, b)| a.checked_add(b));
        self.stats.nodes += worker.stats.nodes;
        self.stats.updates += worker.stats.updates;
        self.stats.cleansings += worker.stats.cleansings;
        self.stats.max_depth = self.stats.max_depth.max(worker.stats.max_depth);
        self.complete &= worker.complete;
        self.explored += worker.explored;
        self.cache.hits += worker.cache.hits;
        self.cache.misses += worker.cache.misses;
        self.cache.turned_off |= worker.cache.turned_off;
        self
    }
}

impl Shared<'_> {
    fn stopping(&self) -> bool {
        self.stopping.load(Ordering::Relaxed)
    }

    /// Stops every worker; the first reason given is kept.
    fn request_stop(&self, reason: StopReason) {
        let mut stop = lock(&self.stop);
        stop.get_or_insert(reason);
        self.stopping.store(true, Ordering::Relaxed);
    }

    /// Adds `nodes` to the shared count; stops the count at the node limit.
    fn add_nodes(&self, nodes: u64) {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if total >= self.node_limit {
            self.request_stop(StopReason::NodeLimit);
        }
    }
}

impl ParallelSolver {
    /// The number of solutions, counted with a cache of subproblems on the
    /// threads of the configuration, which share one cache (see
    /// [`Solver::count_memoized`] for the count on one thread). The
    /// statistics add up over the threads, and so do the cache's hits and
    /// misses; its peaks are those of the shared table.
    ///
    /// ```
    /// use dancing::format;
    /// use dancing::expert::{MemoConfig, ParallelSolver, SearchConfig};
    ///
    /// // Domino tilings of a 4x4 board: 36.
    /// let mut text = String::new();
    /// for cell in 0..16 {
    ///     text.push_str(&format!("c{cell} "));
    /// }
    /// text.push('\n');
    /// for cell in 0..16 {
    ///     if cell % 4 < 3 {
    ///         text.push_str(&format!("c{cell} c{}\n", cell + 1));
    ///     }
    ///     if cell < 12 {
    ///         text.push_str(&format!("c{cell} c{}\n", cell + 4));
    ///     }
    /// }
    /// let problem = format::read_str(&text)?.problem;
    /// let mut parallel =
    ///     ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(2));
    /// let counted = parallel.count_memoized(&MemoConfig::new().adaptive(false))?;
    /// assert_eq!(counted.solutions, 36);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MemoError::Overflow`] if the count exceeds `u128::MAX`.
    pub fn count_memoized(&mut self, memo: &MemoConfig) -> Result<MemoCount, MemoError> {
        self.count_memoized_monitored(memo, |_| ControlFlow::Continue(()))
    }

    /// [`count_memoized`](Self::count_memoized), calling `monitor` on the
    /// caller's thread about every
    /// [`progress_interval`](SearchConfig::progress_interval) with the
    /// progress over all threads; it stops the count by returning
    /// `ControlFlow::Break`, and the node limit stops it too. A stopped
    /// count is a lower bound, its `stats.stop` saying why.
    ///
    /// # Errors
    /// As [`count_memoized`](Self::count_memoized).
    pub fn count_memoized_monitored<M>(
        &mut self,
        memo: &MemoConfig,
        mut monitor: M,
    ) -> Result<MemoCount, MemoError>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let depth_limit = self.template.max_depth();
        self.profile = vec![0; depth_limit + 1];
        self.tasks = 0;
        let threads = self.config.get_threads();
        let interval = self.config.get_progress_interval();
        if threads == 1 {
            return self.count_memoized_sequential(memo, interval, &mut monitor);
        }
        let node_limit = self.config.get_node_limit().unwrap_or(u64::MAX);
        let split = {
            let bump = Bump::new();
            let mut monitoring = Monitoring(&mut monitor);
            let mut clocked = Throttled::new(&mut monitoring, interval);
            let Some(mut solver) = copy_monitored(&self.template, &bump, &mut clocked) else {
                self.stopped_before_search();
                return Ok(stopped_count());
            };
            solver.set_node_limit(self.config.get_node_limit());
            Split::run(
                &mut solver,
                depth_limit,
                SplitBudget {
                    target: threads.saturating_mul(self.config.get_tasks_per_thread()),
                    max_depth: usize::MAX,
                    keep_dead_ends: false,
                    // Every task a path: the memoized walk goes down it.
                    sibling_runs: false,
                    node_limit,
                    interval,
                    monitor: &mut |progress| clocked.checkpoint(progress),
                },
            )
        };
        self.tasks = split.subtrees();
        let base = u128::from(split.stats.solutions);
        if split.stopped.is_some() || self.tasks == 0 {
            let mut stats = split.stats;
            stats.stop = split.stopped.unwrap_or(StopReason::Complete);
            self.explored = if split.stopped.is_some() {
                split.explored
            } else {
                1.0
            };
            self.stats = stats;
            return Ok(MemoCount {
                solutions: base,
                stats,
                cache: CacheStats::default(),
            });
        }
        let workers = threads.min(split.units.len());
        let shared_cache = SharedCache::new(memo);
        let shared = Shared {
            split: &split,
            memo,
            cache: &shared_cache,
            stopping: AtomicBool::new(false),
            stop: Mutex::new(None),
            overflow: AtomicBool::new(false),
            handed_back: AtomicBool::new(false),
            node_limit: node_limit.saturating_sub(split.stats.nodes),
            nodes: AtomicU64::new(0),
            solutions: AtomicU64::new(split.stats.solutions),
            done_weight: Mutex::new(0.0),
        };
        let template = &self.template;
        let stopping = || shared.stopping();
        // The caller's side: progress, and the monitor's stop, until every
        // worker is done.
        let mut monitoring = true;
        let watch = || {
            if !monitoring {
                return;
            }
            let progress = Progress {
                stats: Stats {
                    nodes: split.stats.nodes + shared.nodes.load(Ordering::Relaxed),
                    solutions: shared.solutions.load(Ordering::Relaxed),
                    stop: StopReason::Running,
                    ..split.stats
                },
                fraction: (1.0 - subtree_weight(&split) + *lock(&shared.done_weight))
                    .clamp(0.0, 1.0),
            };
            if monitor(&progress).is_break() {
                monitoring = false;
                shared.request_stop(StopReason::Interrupted);
            }
        };
        let Some(done) = schedule::run_watched(
            workers,
            split.units.len(),
            &stopping,
            |queue| work(&shared, template, queue),
            interval,
            watch,
        ) else {
            // No threads to be had: the count on this one, from the top.
            return self.count_memoized_sequential(memo, interval, &mut monitor);
        };
        let totals = done.into_iter().fold(Totals::new(), Totals::add);
        if shared.overflow.load(Ordering::Relaxed) {
            return Err(MemoError::Overflow);
        }
        let Some(solutions) = totals.count.and_then(|count| base.checked_add(count)) else {
            return Err(MemoError::Overflow);
        };
        let mut stats = split.stats;
        stats.nodes += totals.stats.nodes;
        stats.updates += totals.stats.updates;
        stats.cleansings += totals.stats.cleansings;
        stats.max_depth = stats.max_depth.max(totals.stats.max_depth);
        stats.solutions = u64::try_from(solutions).unwrap_or(u64::MAX);
        let stop = *lock(&shared.stop);
        stats.stop = if totals.complete && stop.is_none() {
            StopReason::Complete
        } else {
            stop.unwrap_or(StopReason::Interrupted)
        };
        let mut cache = totals.cache;
        let table = shared_cache.table_stats();
        cache.peak_entries = table.peak_entries;
        cache.peak_bytes = table.peak_bytes;
        cache.evictions = table.evictions;
        cache.turned_off |= table.turned_off;
        self.explored = if stats.is_complete() {
            1.0
        } else {
            (1.0 - subtree_weight(&split) + totals.explored).clamp(0.0, 1.0)
        };
        self.stats = stats;
        Ok(MemoCount {
            solutions,
            stats,
            cache,
        })
    }

    /// The memoized count on the caller's thread alone.
    fn count_memoized_sequential<M>(
        &mut self,
        memo: &MemoConfig,
        interval: Duration,
        monitor: &mut M,
    ) -> Result<MemoCount, MemoError>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let bump = Bump::new();
        let mut monitoring = Monitoring(monitor);
        let mut clocked = Throttled::new(&mut monitoring, interval);
        let Some(solver) = copy_monitored(&self.template, &bump, &mut clocked) else {
            self.stopped_before_search();
            return Ok(stopped_count());
        };
        let mut solver = solver.with_config(
            SearchConfig::new()
                .node_limit(self.config.get_node_limit())
                .checkpoint_interval(self.config.get_checkpoint_interval()),
        );
        let counted =
            solver.count_memoized_monitored(memo, |progress| clocked.checkpoint(progress))?;
        self.stats = counted.stats;
        self.explored = solver.explored();
        Ok(counted)
    }
}

/// The weight of the split's subtrees (the rest of the tree is its
/// solutions and dead ends, explored by the split).
fn subtree_weight(split: &Split) -> f64 {
    split
        .tasks
        .iter()
        .filter(|task| !task.solution)
        .map(|task| task.weight)
        .sum()
}

/// The count of a search stopped before it began.
fn stopped_count() -> MemoCount {
    MemoCount {
        solutions: 0,
        stats: Stats {
            stop: StopReason::Interrupted,
            ..Stats::default()
        },
        cache: CacheStats::default(),
    }
}

/// Runs one worker on the units it takes from `queue`, to the end of the
/// count or its stop.
fn work(shared: &Shared<'_>, template: &crate::matrix::Template, queue: &Queue<'_>) -> Totals {
    let bump = Bump::new();
    let Some(solver) = Solver::from_template_until(template, &bump, &mut || shared.stopping())
    else {
        return Totals {
            complete: false,
            ..Totals::new()
        };
    };
    let mut solver =
        solver.with_config(SearchConfig::new().checkpoint_interval(WORKER_CHECKPOINT_INTERVAL));
    let mut walker = MemoWalker::new(&mut solver, shared.memo, shared.cache);
    let split = shared.split;
    let mut count: u128 = 0;
    let mut stats = Stats::default();
    let mut complete = true;
    let mut explored = 0.0;
    let mut path = Vec::new();
    'units: while let Some(unit) = queue.take() {
        let range = split.units[unit];
        for task in &split.tasks[range.start..range.end] {
            if shared.stopping() {
                complete = false;
                break 'units;
            }
            if task.solution {
                // Found and counted by the split.
                continue;
            }
            split.task_path(task, &mut path);
            if shared.node_limit != u64::MAX {
                // The budget left, as far as this thread knows.
                let left = shared
                    .node_limit
                    .saturating_sub(shared.nodes.load(Ordering::Relaxed));
                solver.set_node_limit(Some(left));
            }
            let mut reported = 0;
            let counted = solver.count_memoized_below(&mut walker, &path, &mut |progress| {
                shared.add_nodes(progress.stats.nodes - reported);
                reported = progress.stats.nodes;
                if shared.stopping() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            let (solutions, walked) = match counted {
                Ok(counted) => counted,
                Err(MemoError::Overflow) => {
                    shared.overflow.store(true, Ordering::Relaxed);
                    shared.request_stop(StopReason::Interrupted);
                    complete = false;
                    break 'units;
                }
            };
            shared.add_nodes(walked.nodes - reported);
            stats.nodes += walked.nodes;
            stats.updates += walked.updates;
            stats.cleansings += walked.cleansings;
            stats.max_depth = stats.max_depth.max(walked.max_depth);
            let Some(sum) = count.checked_add(solutions) else {
                shared.overflow.store(true, Ordering::Relaxed);
                shared.request_stop(StopReason::Interrupted);
                complete = false;
                break 'units;
            };
            count = sum;
            shared.solutions.fetch_add(
                u64::try_from(solutions).unwrap_or(u64::MAX),
                Ordering::Relaxed,
            );
            if !walked.is_complete() {
                complete = false;
                explored += task.weight * solver.explored();
                if shared.memo.get_hand_back() && !walker.cache_on() {
                    shared.handed_back.store(true, Ordering::Relaxed);
                    shared.request_stop(StopReason::Interrupted);
                } else if walked.stop == StopReason::NodeLimit {
                    shared.request_stop(StopReason::NodeLimit);
                } else {
                    shared.request_stop(walked.stop);
                }
                break 'units;
            }
            explored += task.weight;
            *lock(&shared.done_weight) += task.weight;
        }
    }
    Totals {
        count: Some(count),
        stats,
        cache: walker.cache_stats(),
        complete,
        explored,
    }
}

/// A progress monitor as an explorer (which looks at no solution), to be
/// [`Throttled`].
struct Monitoring<'m, M>(&'m mut M);

impl<M: FnMut(&Progress) -> ControlFlow<()>> Explorer for Monitoring<'_, M> {
    fn solution(&mut self, _solution: &Solution<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        (self.0)(progress)
    }
}
