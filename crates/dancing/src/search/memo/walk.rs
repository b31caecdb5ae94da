//! The memoized walk, one loop for every algorithm: the plain loop's
//! backtrack, with a key made and looked up at each node that branches,
//! and each node's count (the sum of its children's) cached when its
//! subtree is done.
//!
//! What differs between Algorithms X and C (`exact.rs`) and Algorithm M
//! (`bounded.rs`) is how a node branches and how the walk steps from one
//! child to the next: a [`MemoCase`] says it.

use std::ops::ControlFlow;

use super::{MemoError, Tally};
use crate::search::Solver;
use crate::visit::{Progress, Stats, StopReason};

/// How one kind of search branches, for the memoized walk.
pub(super) trait MemoCase {
    /// What a node branches on.
    type Branch: Copy;

    /// The branch of the node the matrix is at, or, when it has none, the
    /// node's count (1 for a solution, 0 for a dead end).
    fn branch(solver: &Solver<'_>) -> Result<Self::Branch, u128>;

    /// Opens `branch` at `level` and steps into its first child: true; or,
    /// when it has none, restores the branch: false.
    fn open(
        solver: &mut Solver<'_>,
        tally: &mut Tally<'_>,
        level: usize,
        branch: Self::Branch,
    ) -> bool;

    /// Back from the child at `level`: steps into its next sibling (true),
    /// or restores the branch when none is left (false).
    fn next(solver: &mut Solver<'_>, tally: &mut Tally<'_>, level: usize) -> bool;

    /// Knuth's estimate of the share of the search below `base` explored
    /// when the walk enters `level`.
    fn estimate(solver: &Solver<'_>, base: usize, level: usize) -> f64;

    /// Restores the matrix to the selection `base` from a walk stopped on
    /// entering `level` (every level below it has its branch open).
    fn unwind(solver: &mut Solver<'_>, base: usize, level: usize);
}

impl Solver<'_> {
    /// The memoized search of case `C` below the selection.
    pub(super) fn memo_walk<C: MemoCase, M>(
        &mut self,
        tally: &mut Tally<'_>,
        monitor: &mut M,
    ) -> Result<(u128, Stats), MemoError>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let base = self.selected;
        let mut level = base;
        let mut overflow = false;
        let stop = 'search: loop {
            // Enter a node at `level`; `finished` is its count once known.
            let finished: u128 = 'node: {
                if !tally.cache.is_on() {
                    if tally.hand_back {
                        break 'search StopReason::Interrupted;
                    }
                    // The cache does not pay: the plain loop runs the
                    // subtree.
                    let fraction = C::estimate(self, base, level);
                    match self.delegate(tally, level, fraction, monitor) {
                        Ok(count) => break 'node count,
                        Err(stop) => break 'search stop,
                    }
                }
                let fraction = || C::estimate(self, base, level);
                if let Some(stop) = tally.enter(&self.matrix, level, fraction, monitor) {
                    break 'search stop;
                }
                let branch = match C::branch(self) {
                    Ok(branch) => branch,
                    Err(count) => break 'node count,
                };
                if let Some(count) = tally.look_up(&self.matrix, level) {
                    break 'node count;
                }
                if C::open(self, tally, level, branch) {
                    level += 1;
                    continue 'search;
                }
                break 'node tally.close(level);
            };
            // Hand the finished node's count up, and backtrack to the
            // deepest level with a child left to try.
            let mut count = finished;
            loop {
                if level == base {
                    tally.frames[base].count = count;
                    break 'search StopReason::Complete;
                }
                level -= 1;
                if !tally.add(level, count) {
                    // The branch at `level` is still open on its child.
                    overflow = true;
                    level += 1;
                    break 'search StopReason::Complete;
                }
                if C::next(self, tally, level) {
                    level += 1;
                    continue 'search;
                }
                count = tally.close(level);
            }
        };
        // A stopped search: the matrix back to the selection.
        let explored = if stop == StopReason::Complete && !overflow {
            1.0
        } else {
            let explored = C::estimate(self, base, level);
            C::unwind(self, base, level);
            explored
        };
        self.memo_result(tally, stop, level, overflow, explored)
    }
}
