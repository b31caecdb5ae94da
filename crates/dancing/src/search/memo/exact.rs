//! The memoized walk of Algorithms X and C: the plain loop's backtrack,
//! with a key made and looked up at each node, and each node's count (the
//! sum of its children's) cached when its subtree is done.

use std::ops::ControlFlow;

use super::{MemoError, Tally};
use crate::search::{Algorithm, Solver};
use crate::visit::{Progress, Stats, StopReason};

impl Solver<'_> {
    /// The memoized search of `A` below the selection.
    pub(super) fn memo_walk<A: Algorithm, M>(
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
                    let fraction = self.path_estimate(base, level);
                    match self.delegate(tally, level, fraction, monitor) {
                        Ok(count) => break 'node count,
                        Err(stop) => break 'search stop,
                    }
                }
                let fraction = || self.path_estimate(base, level);
                if let Some(stop) = tally.enter(&self.matrix, level, fraction, monitor) {
                    break 'search stop;
                }
                let Some(item) = A::choose(&self.matrix) else {
                    break 'node 1;
                };
                if let Some(count) = tally.look_up(&self.matrix, level) {
                    break 'node count;
                }
                A::cover(&mut self.matrix, item);
                let first = self.matrix.first_option(item);
                if first == item {
                    A::uncover(&mut self.matrix, item);
                    break 'node tally.close(level);
                }
                self.choices[level] = first;
                self.positions[level] = 0;
                tally.keys.purifications(&self.matrix, first, true);
                A::commit(&mut self.matrix, first);
                level += 1;
                continue 'search;
            };
            // Hand the finished node's count up, and backtrack to the
            // deepest level with an option left to try.
            let mut count = finished;
            loop {
                if level == base {
                    tally.frames[base].count = count;
                    break 'search StopReason::Complete;
                }
                level -= 1;
                if !tally.add(level, count) {
                    // The option at `level` is still committed.
                    overflow = true;
                    level += 1;
                    break 'search StopReason::Complete;
                }
                let node = self.choices[level];
                A::uncommit(&mut self.matrix, node);
                tally.keys.purifications(&self.matrix, node, false);
                let item = self.matrix.item_of(node);
                let next = self.matrix.next_option(node);
                if next != item {
                    self.choices[level] = next;
                    self.positions[level] += 1;
                    tally.keys.purifications(&self.matrix, next, true);
                    A::commit(&mut self.matrix, next);
                    level += 1;
                    continue 'search;
                }
                A::uncover(&mut self.matrix, item);
                count = tally.close(level);
            }
        };
        // A stopped search: the matrix back to the selection.
        let explored = if stop == StopReason::Complete && !overflow {
            1.0
        } else {
            let explored = self.path_estimate(base, level);
            self.unwind::<A>(base, level);
            explored
        };
        self.memo_result(tally, stop, level, overflow, explored)
    }
}
