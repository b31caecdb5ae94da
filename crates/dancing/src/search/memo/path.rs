//! A memoized count on many threads: each thread counts subtrees of the
//! parallel split, one after another, with one tally for all of them and
//! the cache that all threads share. To reach a subtree the walk goes down its path as the
//! search would, so the key maker sees every step: the colors each option
//! on the path put in force, and (Algorithm M) the options each branch
//! tweaked out. Then a key means the same subproblem whatever path led to
//! it, and counts cached below one subtree serve every other, on any
//! thread.
//!
//! The nodes on the path are not looked up or cached: the split explored
//! them, and the count below a path node is only the part of it that this
//! subtree holds.

use std::ops::ControlFlow;

use super::cache::{SharedCache, Store};
use super::{CacheStats, MemoConfig, MemoError, Tally};
use crate::matrix::{Hiding, Kind};
use crate::search::m::later_in_branch;
use crate::search::{Algorithm, AlgorithmX, Colored, Colors, Plain, Solver};
use crate::visit::{Progress, Stats};

/// The state of a memoized count on one thread, kept from subtree to
/// subtree: the shared cache and the keys of the path.
pub(crate) struct MemoWalker<'s> {
    tally: Tally<'s>,
}

impl<'s> MemoWalker<'s> {
    /// A walker for `solver`, which has nothing selected, with the
    /// shared `cache`.
    pub(crate) fn new(
        solver: &mut Solver<'_>,
        memo: &MemoConfig,
        cache: &'s SharedCache,
    ) -> MemoWalker<'s> {
        debug_assert_eq!(solver.selected, 0);
        let store = Store::Shared {
            cache,
            stats: CacheStats::default(),
            adaptive: memo.adaptive,
        };
        MemoWalker {
            tally: Tally::new(solver, memo, store),
        }
    }

    /// What this thread's lookups found, and whether it turned the cache
    /// off.
    pub(crate) fn cache_stats(&self) -> CacheStats {
        self.tally.cache.stats()
    }

    /// Whether the cache is still on.
    pub(crate) fn cache_on(&self) -> bool {
        self.tally.cache.is_on()
    }
}

impl Solver<'_> {
    /// Counts the subtree at the end of `path` (option nodes from the root,
    /// each chosen as the search chooses, as the parallel split gives
    /// them), with `walker`'s cache; the solver's configuration gives the
    /// node limit and checkpoints, `monitor` may stop it. Returns the count
    /// (a lower bound if stopped) and the statistics of the subtree.
    ///
    /// # Errors
    /// [`MemoError::Overflow`] if the count exceeds `u128::MAX`.
    pub(crate) fn count_memoized_below<M>(
        &mut self,
        walker: &mut MemoWalker<'_>,
        path: &[u32],
        monitor: &mut M,
    ) -> Result<(u128, Stats), MemoError>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let tally = &mut walker.tally;
        self.memo_reselect(tally, path);
        tally.begin(self);
        // The split listed the path's last node without entering it: the
        // count below it enters it (see `Solver::explore_to`).
        (self.matrix.updates, self.matrix.cleansings) = self.entering_cost();
        self.memo_walk_any(tally, monitor)
    }

    /// Makes the selection `path`, going down as the memoized walk goes
    /// and telling `tally`'s key maker each step: the levels shared with
    /// the current selection stay, the others are undone and redone.
    fn memo_reselect(&mut self, tally: &mut Tally<'_>, path: &[u32]) {
        let common = self.choices[..self.selected]
            .iter()
            .zip(path)
            .take_while(|(a, b)| a == b)
            .count();
        // Where the two paths part at a level that branched on the same
        // item, the branch stays open and moves to the new node, as the
        // walk moves to a sibling: covering an item with thousands of
        // options again for each of thousands of sibling subtrees would
        // cost more than counting them.
        let sibling = common < self.selected
            && common < path.len()
            && self.matrix.item_of(self.choices[common]) == self.matrix.item_of(path[common]);
        let kept = common + usize::from(sibling);
        by_algorithm!(
            self,
            A => {
                while self.selected > kept {
                    self.selected -= 1;
                    self.memo_up::<A>(tally, self.selected);
                }
                if sibling {
                    self.memo_swap::<A>(tally, common, path[common]);
                }
                for &node in &path[kept..] {
                    self.memo_down::<A>(tally, self.selected, node);
                    self.selected += 1;
                }
            },
            bounded => by_hiding!(self, H => {
                while self.selected > kept {
                    self.selected -= 1;
                    self.memo_up_bounded::<H>(tally, self.selected);
                }
                if sibling && !self.memo_step_to::<H>(tally, common, path[common]) {
                    // Not a later sibling: the branch is set up again.
                    self.memo_up_bounded::<H>(tally, common);
                    self.memo_down_bounded::<H>(tally, common, path[common]);
                }
                for &node in &path[kept..] {
                    self.memo_down_bounded::<H>(tally, self.selected, node);
                    self.selected += 1;
                }
            })
        );
    }

    /// Moves the choice at `level` (the last selected) to `node`, another
    /// option of the same item, which stays covered (Algorithms X and C).
    fn memo_swap<A: Algorithm>(&mut self, tally: &mut Tally<'_>, level: usize, node: u32) {
        let old = self.choices[level];
        A::uncommit(&mut self.matrix, old);
        tally.keys.purifications(&self.matrix, old, false);
        self.choices[level] = node;
        tally.keys.purifications(&self.matrix, node, true);
        self.commit_entering::<A>(level, node);
    }

    /// Chooses `node` at `level` (Algorithms X and C).
    fn memo_down<A: Algorithm>(&mut self, tally: &mut Tally<'_>, level: usize, node: u32) {
        let item = self.matrix.item_of(node);
        A::cover(&mut self.matrix, item);
        self.choices[level] = node;
        self.positions[level] = 0;
        tally.keys.purifications(&self.matrix, node, true);
        self.commit_entering::<A>(level, node);
    }

    /// Undoes [`memo_down`](Self::memo_down) at `level`.
    fn memo_up<A: Algorithm>(&mut self, tally: &mut Tally<'_>, level: usize) {
        let node = self.choices[level];
        A::uncommit(&mut self.matrix, node);
        tally.keys.purifications(&self.matrix, node, false);
        let item = self.matrix.item_of(node);
        A::uncover(&mut self.matrix, item);
    }

    /// Opens the branch at `level` and steps through it to `node` (an
    /// option, or the item for the null move) as the memoized walk does:
    /// each option before it tried (tweaked out where the item has room)
    /// and left.
    fn memo_down_bounded<H: Hiding>(&mut self, tally: &mut Tally<'_>, level: usize, node: u32) {
        let item = self.matrix.item_of(node);
        let degree = self.replayed_degree(item);
        tally.frames[level].tweak_mark = tally.keys.tweak_mark();
        let first = self.open_branch::<H>(level, item, degree);
        let stepped = self.memo_step_counted::<H>(tally, level, item, first);
        debug_assert!(stepped, "a path's branch has its nodes");
        let reached = self.memo_step_to::<H>(tally, level, node);
        debug_assert!(reached, "a path's node is in its branch");
    }

    /// Steps the open branch at `level` (the last selected) on from its
    /// node to `node`, a later one, as the walk steps to the next sibling:
    /// false, the branch left as it was, if `node` does not come later.
    fn memo_step_to<H: Hiding>(&mut self, tally: &mut Tally<'_>, level: usize, node: u32) -> bool {
        let mut current = self.choices[level];
        let item = self.matrix.item_of(current);
        if current == node {
            return true;
        }
        if !later_in_branch(item, current, node) {
            return false;
        }
        while current != node {
            self.matrix.uncommit_bounded::<H>(current);
            tally.keys.purifications(&self.matrix, current, false);
            current = self.matrix.next_option(current);
            self.choices[level] = current;
            let stepped = self.memo_step_counted::<H>(tally, level, item, current);
            debug_assert!(stepped, "a path's branch has its nodes");
        }
        true
    }

    /// [`memo_step`](Self::memo_step), keeping what it cost as what
    /// entering the node at `level + 1` costs (see `entering`).
    fn memo_step_counted<H: Hiding>(
        &mut self,
        tally: &mut Tally<'_>,
        level: usize,
        item: u32,
        node: u32,
    ) -> bool {
        let before = self.matrix.counts();
        let stepped = self.memo_step::<H>(tally, item, node);
        self.record_entering(level, before);
        stepped
    }

    /// Undoes [`memo_down_bounded`](Self::memo_down_bounded) at `level`.
    fn memo_up_bounded<H: Hiding>(&mut self, tally: &mut Tally<'_>, level: usize) {
        let node = self.choices[level];
        self.undo_branch::<H>(level);
        if node != self.matrix.item_of(node) {
            tally.keys.purifications(&self.matrix, node, false);
        }
        tally.keys.untweak_to(tally.frames[level].tweak_mark);
    }
}

#[cfg(test)]
mod tests {
    use crate::search::Search;
    use bumpalo::Bump;

    use super::*;
    use crate::format;
    use crate::matrix::Branch;

    /// Counts each option's subtree below the root, each time on a fresh
    /// solver and then all on one solver from the last to the first (a
    /// thread's subtrees come in any order), and compares them with the
    /// counts of a walk that goes to each sibling in order. With `no_null`,
    /// the root's item must be covered (no null move): the subtrees hold
    /// every solution.
    fn subtree_counts_in_any_order(text: &str, no_null: bool) {
        let problem = format::read_str(text).unwrap().problem;
        let bump = Bump::new();
        let memo = MemoConfig::new().adaptive(false);
        let cache = SharedCache::new(&memo);
        let count_below = |solver: &mut Solver<'_>, walker: &mut MemoWalker<'_>, path: &[u32]| {
            solver
                .count_memoized_below(walker, path, &mut |_| ControlFlow::Continue(()))
                .unwrap()
                .0
        };
        let mut solver = Solver::new(&problem, &bump);
        let Branch::On { item, .. } = solver.matrix.choose_bounded() else {
            panic!("the root branches");
        };
        // The root's options, from the untouched list.
        let mut children = Vec::new();
        let mut node = solver.matrix.first_option(item);
        while node != item {
            children.push(node);
            node = solver.matrix.next_option(node);
        }
        let mut walker = MemoWalker::new(&mut solver, &memo, &cache);
        let in_order: Vec<u128> = children
            .iter()
            .map(|&child| count_below(&mut solver, &mut walker, &[child]))
            .collect();
        let fresh: Vec<u128> = children
            .iter()
            .map(|&child| {
                let mut solver = Solver::new(&problem, &bump);
                let mut walker = MemoWalker::new(&mut solver, &memo, &cache);
                count_below(&mut solver, &mut walker, &[child])
            })
            .collect();
        assert_eq!(fresh, in_order, "{text}");
        let mut solver = Solver::new(&problem, &bump);
        let mut walker = MemoWalker::new(&mut solver, &memo, &cache);
        let mut backwards: Vec<u128> = children
            .iter()
            .rev()
            .map(|&child| count_below(&mut solver, &mut walker, &[child]))
            .collect();
        backwards.reverse();
        assert_eq!(backwards, in_order, "{text}");
        let total = u128::from(Solver::new(&problem, &bump).count());
        let sum = in_order.iter().sum::<u128>();
        assert!(if no_null { sum == total } else { sum <= total }, "{text}");
    }

    /// A subtree reached on a fresh solver, below an earlier sibling
    /// whose commit hides later options (an uncolored secondary item they
    /// share): a thread that started there counted the wrong subtree.
    #[test]
    fn subtrees_of_a_bounded_branch_are_reached_in_any_order() {
        subtree_counts_in_any_order(
            "1:3|p0 | s0\np0 s0\np0 s0:c1\np0\np0 s0:c1\np0\np0 s0:c1\np0 s0:c1\n",
            true,
        );
        subtree_counts_in_any_order("0:2|p q | s\np s\nq\np\np s\nq s\np q\n", false);
        subtree_counts_in_any_order(
            include_str!("../../../tests/data/knuth_dlx3_example.dlx"),
            false,
        );
    }
}
