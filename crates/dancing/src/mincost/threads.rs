//! The search on threads: the first levels of the tree cut into subtrees,
//! run by the workers of the [scheduler](crate::schedule) with one shared
//! cutoff and one shared stop.

use super::best::{Best, Kept};
use super::search::Walk;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::{
    CostedSolution, FRONTIER_DEPTH, INFINITE, MinCostOutcome, MinCostSolver, SUBTREES_PER_THREAD,
};
use crate::budget::Budget;
use crate::problem::OptionId;
use crate::schedule;
use crate::visit::{Stats, StopReason};

impl MinCostSolver {
    /// Searches for the `k` cheapest solutions on `threads` threads, which
    /// share the cutoff: the subtrees below the first levels of the search
    /// (cheapest first) are handed out one at a time, and a solution found
    /// by one thread prunes the search of all. The best costs are those of
    /// [`search`](Self::search) (among solutions of equal cost, which are
    /// kept may differ); nodes and updates are those of a different tree
    /// and vary from run to run. `report` is called under a lock, by the
    /// thread that found the solution. A node cap counts the nodes of all
    /// threads, looked at every [`POLL_INTERVAL`](crate::budget::POLL_INTERVAL)
    /// nodes of each.
    ///
    /// ```
    /// use dancing::format;
    /// use dancing::expert::{Budget, MinCostSolver};
    ///
    /// let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
    /// let mut solver = MinCostSolver::new(&problem)?;
    /// let outcome = solver.search_threads(2, 2, Budget::new(), |_| std::ops::ControlFlow::Continue(()));
    /// let costs: Vec<u64> = outcome.best.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [3, 5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// If `k` is 0 or above [`MAX_BEST`](super::MAX_BEST).
    pub fn search_threads(
        &mut self,
        k: usize,
        threads: usize,
        budget: Budget,
        report: impl FnMut(&CostedSolution) -> ControlFlow<()> + Send,
    ) -> MinCostOutcome {
        if threads <= 1 || self.hopeless {
            return self.search(k, budget, report);
        }
        Self::check_count(k).expect("a count of best solutions from 1 to MAX_BEST");
        let clock = budget.start();
        let node_cap = clock.node_limit();
        let subtrees = self.frontier(threads.saturating_mul(SUBTREES_PER_THREAD));
        let shared = SharedBest {
            best: Mutex::new((Best::new(k), report)),
            cutoff: AtomicU64::new(INFINITE),
            stop: Arc::new(AtomicBool::new(false)),
            reason: Mutex::new(None),
            nodes: AtomicU64::new(0),
            total_tax: self.total_tax,
        };
        // Each thread's clock: the deadline fixed now, the node cap counted
        // over all threads (in `SharedHandle::poll`), and a stop by any
        // thread stopping all.
        let mut thread_budget = clock.remaining();
        thread_budget.nodes = None;
        let stop = Arc::clone(&shared.stop);
        let thread_budget = thread_budget.also_cancel_when(move || stop.load(Ordering::Relaxed));
        let this = &*self;
        let stopped = || shared.stop.load(Ordering::Relaxed);
        let all_stats = schedule::run(threads, subtrees.len(), &stopped, |queue| {
            let mut solver = this.clone();
            let mut walk = Walk::new(&solver, thread_budget.start());
            let mut handle = SharedHandle {
                shared: &shared,
                node_cap,
                counted: 0,
            };
            while let Some(next) = queue.take() {
                let reason = solver.search_below(&subtrees[next], &mut walk, &mut handle);
                if reason != StopReason::Complete {
                    shared.stop_for(reason);
                    break;
                }
            }
            walk.stats
        });
        let mut stats = Stats::default();
        for one in &all_stats {
            stats.nodes += one.nodes;
            stats.updates += one.updates;
            stats.cleansings += one.cleansings;
            stats.max_depth = stats.max_depth.max(one.max_depth);
        }
        stats.stop = shared
            .reason
            .into_inner()
            .expect("no thread panics holding the stop reason")
            .unwrap_or(StopReason::Complete);
        let (best, _) = shared
            .best
            .into_inner()
            .expect("no thread panics holding the best solutions");
        stats.solutions = best.found;
        MinCostOutcome {
            best: best.into_best(k, self.total_tax),
            stats,
            total_tax: self.total_tax,
            frontier: Vec::new(),
        }
    }

    /// The subtrees of the first levels of the search (with no cutoff), at
    /// least `target` of them unless the tree is smaller, each as the path
    /// of entry nodes that leads to it, cheapest path first: between them
    /// they hold every solution once.
    pub(super) fn frontier(&mut self, target: usize) -> Vec<Vec<u32>> {
        let mut stats = Stats::default();
        let mut thresholds = Vec::new();
        let mut leaves: Vec<(u64, Vec<u32>)> = Vec::new();
        let mut level: Vec<(u64, Vec<u32>)> = vec![(0, Vec::new())];
        for _ in 0..FRONTIER_DEPTH {
            if leaves.len() + level.len() >= target {
                break;
            }
            let mut below = Vec::new();
            for (spent, path) in level {
                let forced = self.force(&path, INFINITE, &mut thresholds, &mut stats);
                debug_assert_eq!(forced, Some(spent), "a path of the search is usable");
                let solved = self.next[0] == 0;
                if !solved {
                    let (item, count) = self.choose(spent, INFINITE);
                    let mut node = self.nodes[item as usize].down;
                    // No usable option: a dead end, which holds nothing.
                    while count > 0 && node != item {
                        let mut child = path.clone();
                        child.push(node);
                        below.push((spent + self.nodes[node as usize].cost, child));
                        node = self.nodes[node as usize].down;
                    }
                }
                self.unforce(&path, &thresholds);
                if solved {
                    // A solution: a subtree of one node.
                    leaves.push((spent, path));
                }
            }
            level = below;
            if level.is_empty() {
                break;
            }
        }
        leaves.extend(level);
        leaves.sort_by_key(|&(spent, _)| spent);
        leaves.into_iter().map(|(_, path)| path).collect()
    }

    /// Covers the item and commits the option of each entry node of
    /// `path`, in order, as the search would going down it with `cutoff`:
    /// the net cost of the path, with the thresholds used in
    /// `thresholds`; or `None`, with nothing changed, if the path costs
    /// `cutoff` or more or one of its options is no longer usable (it
    /// shares an item with, or disagrees in color with, one before it).
    pub(super) fn force(
        &mut self,
        path: &[u32],
        cutoff: u64,
        thresholds: &mut Vec<u64>,
        stats: &mut Stats,
    ) -> Option<u64> {
        thresholds.clear();
        let mut spent = 0u64;
        for (forced, &node) in path.iter().enumerate() {
            let next_cost = spent.saturating_add(self.nodes[node as usize].cost);
            if next_cost >= cutoff || !self.is_usable(node) {
                self.unforce(&path[..forced], thresholds);
                return None;
            }
            // Options costing this much or more can no longer be used
            // below, so they need not be hidden.
            let threshold = cutoff - next_cost;
            self.cover(self.nodes[node as usize].item, threshold, stats);
            self.commit(node, threshold, stats);
            thresholds.push(threshold);
            spent = next_cost;
        }
        Some(spent)
    }

    /// Undoes `force(path)`, which used `thresholds`.
    pub(super) fn unforce(&mut self, path: &[u32], thresholds: &[u64]) {
        for (&node, &threshold) in path.iter().zip(thresholds).rev() {
            self.uncommit(node, threshold);
            self.uncover(self.nodes[node as usize].item, threshold);
        }
    }
}

/// What the threads of [`MinCostSolver::search_threads`] share.
pub(super) struct SharedBest<R> {
    /// The best so far and the caller's report, under one lock.
    pub(super) best: Mutex<(Best, R)>,
    /// The cutoff of `best`, read at every node without the lock.
    pub(super) cutoff: AtomicU64,
    /// Set when a thread stops: the others stop at their next checkpoint.
    pub(super) stop: Arc<AtomicBool>,
    /// Why the first thread to stop stopped.
    pub(super) reason: Mutex<Option<StopReason>>,
    /// The nodes counted by all threads at their last checkpoints.
    pub(super) nodes: AtomicU64,
    pub(super) total_tax: u64,
}

impl<R> SharedBest<R> {
    /// Records why the search stops (the first reason wins) and stops
    /// every thread.
    pub(super) fn stop_for(&self, reason: StopReason) {
        let mut first = self
            .reason
            .lock()
            .expect("no thread panics holding the stop reason");
        first.get_or_insert(reason);
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// One thread's view of [`SharedBest`].
pub(super) struct SharedHandle<'a, R> {
    pub(super) shared: &'a SharedBest<R>,
    /// The node cap of the whole search.
    pub(super) node_cap: Option<u64>,
    /// The nodes of this thread already added to `shared.nodes`.
    pub(super) counted: u64,
}

impl<R: FnMut(&CostedSolution) -> ControlFlow<()>> Kept for SharedHandle<'_, R> {
    #[inline]
    fn cutoff(&self) -> u64 {
        self.shared.cutoff.load(Ordering::Relaxed)
    }

    fn keep(&mut self, net: u64, options: Vec<OptionId>) -> ControlFlow<()> {
        let mut guard = self
            .shared
            .best
            .lock()
            .expect("no thread panics holding the best solutions");
        let (best, report) = &mut *guard;
        if net >= best.cutoff() {
            // Another thread found as good meanwhile.
            return ControlFlow::Continue(());
        }
        let solution = CostedSolution {
            cost: self.shared.total_tax + net,
            options,
        };
        let asked = report(&solution);
        best.insert(net, solution.options);
        self.shared.cutoff.store(best.cutoff(), Ordering::Relaxed);
        asked
    }

    fn poll(&mut self, nodes: u64) -> Option<StopReason> {
        let new = nodes - self.counted;
        self.counted = nodes;
        let total = self.shared.nodes.fetch_add(new, Ordering::Relaxed) + new;
        self.node_cap
            .is_some_and(|cap| total >= cap)
            .then_some(StopReason::NodeLimit)
    }
}
