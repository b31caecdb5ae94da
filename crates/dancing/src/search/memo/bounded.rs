//! The memoized walk of Algorithm M: DLX3's loop (see `search/m.rs`), with
//! a key made and looked up at each node that branches, and each node's
//! count (the sum of its children's: its options, then its null move)
//! cached when its branch is done.
//!
//! The key (see `key.rs`) holds the bounds left and the options that the
//! branches on the path tweaked out of every list, so the walk tells the
//! key maker each tweak as it makes it, and forgets a level's tweaks when
//! its branch is restored.

use std::ops::ControlFlow;

use super::{MemoError, Tally};
use crate::matrix::{Branch, Hiding};
use crate::search::Solver;
use crate::visit::{Progress, Stats, StopReason};

impl Solver<'_> {
    /// The memoized search of Algorithm M below the selection, hiding
    /// options as `H` does.
    pub(super) fn memo_walk_bounded<H: Hiding, M>(
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
                    let fraction = self.bounded_estimate(base, level);
                    match self.delegate(tally, level, fraction, monitor) {
                        Ok(count) => break 'node count,
                        Err(stop) => break 'search stop,
                    }
                }
                let fraction = || self.bounded_estimate(base, level);
                if let Some(stop) = tally.enter(&self.matrix, level, fraction, monitor) {
                    break 'search stop;
                }
                let (item, degree) = match self.matrix.choose_bounded() {
                    Branch::Solution => break 'node 1,
                    Branch::On { degree, .. } if degree <= 0 => break 'node 0,
                    Branch::On { item, degree } => (item, degree),
                };
                if let Some(count) = tally.look_up(&self.matrix, level) {
                    break 'node count;
                }
                let node = self.open_branch::<H>(level, item, degree as u32);
                if self.memo_step::<H>(tally, item, node) {
                    level += 1;
                    continue 'search;
                }
                break 'node self.close_branch::<H>(tally, level, item);
            };
            // Hand the finished node's count up, and back up to the deepest
            // level with a node left to try.
            let mut count = finished;
            loop {
                if level == base {
                    tally.frames[base].count = count;
                    break 'search StopReason::Complete;
                }
                level -= 1;
                if !tally.add(level, count) {
                    // The branch at `level` is still set up.
                    overflow = true;
                    level += 1;
                    break 'search StopReason::Complete;
                }
                let node = self.choices[level];
                let item = self.matrix.item_of(node);
                let stepped = if node == item {
                    // Back from the null move, the branch's last.
                    self.matrix.reactivate(item);
                    false
                } else {
                    self.matrix.uncommit_bounded::<H>(node);
                    tally.keys.purifications(&self.matrix, node, false);
                    let next = self.matrix.next_option(node);
                    self.choices[level] = next;
                    self.memo_step::<H>(tally, item, next)
                };
                if stepped {
                    level += 1;
                    continue 'search;
                }
                count = self.close_branch::<H>(tally, level, item);
            }
        };
        // A stopped search: the matrix back to the selection.
        let explored = if stop == StopReason::Complete && !overflow {
            1.0
        } else {
            let explored = self.bounded_estimate(base, level);
            // Every level below `level` has its branch set up.
            self.unwind_bounded::<H>(base, level);
            explored
        };
        self.memo_result(tally, stop, level, overflow, explored)
    }

    /// DLX3's step to `node` in the branch on `item` (see
    /// `Matrix::step_into`), telling the key maker what it did: the option
    /// it tweaked out of every list, the colors its commit put in force.
    pub(super) fn memo_step<H: Hiding>(
        &mut self,
        tally: &mut Tally<'_>,
        item: u32,
        node: u32,
    ) -> bool {
        let blocks = self.matrix.columns[item as usize].bound != 0;
        if !self.matrix.step_into::<H>(item, node) {
            return false;
        }
        if node != item {
            if blocks {
                tally.keys.tweak(&self.matrix, node);
            }
            tally.keys.purifications(&self.matrix, node, true);
        }
        true
    }

    /// Restores the branch on `item` at `level`, all its nodes tried, and
    /// closes its node: its count.
    fn close_branch<H: Hiding>(&mut self, tally: &mut Tally<'_>, level: usize, item: u32) -> u128 {
        self.restore_branch::<H>(level, item);
        tally.keys.untweak_to(tally.frames[level].tweak_mark);
        tally.close(level)
    }
}
