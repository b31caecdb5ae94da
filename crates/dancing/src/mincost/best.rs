//! The best-`K` bookkeeping: the solutions kept so far and the cutoff
//! they set, for one thread's search.

use std::collections::BinaryHeap;
use std::ops::ControlFlow;

use super::{CostedSolution, INFINITE};
use crate::problem::OptionId;
use crate::visit::StopReason;

/// The best solutions found so far: the `k` best net costs (a max-heap
/// whose top is the cutoff), and every solution that was kept, in the
/// order found.
pub(super) struct Best {
    pub(super) costs: BinaryHeap<u64>,
    pub(super) kept: Vec<(u64, u64, Vec<OptionId>)>,
    /// How many solutions were kept.
    pub(super) found: u64,
}

impl Best {
    pub(super) fn new(k: usize) -> Best {
        Best {
            costs: std::iter::repeat_n(INFINITE, k).collect(),
            kept: Vec::new(),
            found: 0,
        }
    }

    /// The net cost a solution must be below to be among the `k` best.
    pub(super) fn cutoff(&self) -> u64 {
        *self.costs.peek().expect("k > 0 costs")
    }

    pub(super) fn insert(&mut self, net: u64, options: Vec<OptionId>) {
        self.costs.pop();
        self.costs.push(net);
        self.found += 1;
        self.kept.push((net, self.found, options));
    }

    /// The `k` cheapest kept, cheapest first, the earlier found first
    /// among equal costs.
    pub(super) fn into_best(mut self, k: usize, total_tax: u64) -> Vec<CostedSolution> {
        self.kept.sort_by_key(|&(cost, order, _)| (cost, order));
        self.kept.truncate(k);
        self.kept
            .into_iter()
            .map(|(cost, _, options)| CostedSolution {
                cost: total_tax + cost,
                options,
            })
            .collect()
    }
}

/// Where a search keeps the solutions it finds and gets its cutoff: its
/// own, or shared with the other threads of one search.
pub(super) trait Kept {
    /// The net cost a solution must be below to be kept.
    fn cutoff(&self) -> u64;
    /// A solution of net cost `net` (below the cutoff when it was found):
    /// kept and reported; `Break` stops the search.
    fn keep(&mut self, net: u64, options: Vec<OptionId>) -> ControlFlow<()>;
    /// At each checkpoint of the clock, after `nodes` nodes: a reason to
    /// stop, if there is one.
    fn poll(&mut self, nodes: u64) -> Option<StopReason>;
}

/// The solutions of a search on one thread, each reported as it is kept.
pub(super) struct OwnBest<R> {
    pub(super) best: Best,
    pub(super) total_tax: u64,
    pub(super) report: R,
}

impl<R: FnMut(&CostedSolution) -> ControlFlow<()>> OwnBest<R> {
    pub(super) fn new(k: usize, total_tax: u64, report: R) -> OwnBest<R> {
        OwnBest {
            best: Best::new(k),
            total_tax,
            report,
        }
    }
}

impl<R: FnMut(&CostedSolution) -> ControlFlow<()>> Kept for OwnBest<R> {
    #[inline]
    fn cutoff(&self) -> u64 {
        self.best.cutoff()
    }

    fn keep(&mut self, net: u64, options: Vec<OptionId>) -> ControlFlow<()> {
        let solution = CostedSolution {
            cost: self.total_tax + net,
            options,
        };
        let asked = (self.report)(&solution);
        self.best.insert(net, solution.options);
        asked
    }

    #[inline]
    fn poll(&mut self, _nodes: u64) -> Option<StopReason> {
        None
    }
}
