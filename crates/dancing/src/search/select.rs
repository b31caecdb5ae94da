//! Selections: options chosen before a search, as if the search had
//! chosen them (the givens of a puzzle, or the path to one subtree).

use super::walk::Dance;
use super::{AlgorithmX, Colors, Entering, Multiplicities, Solver};
use crate::matrix::{Colored, Kind, Plain, SelectError};
use crate::problem::OptionId;

impl Solver<'_> {
    /// Chooses `option` before the search, as if the search had chosen it:
    /// its items are covered, the options that share an item with it are
    /// gone, and every solution found from now on contains it (first, in
    /// the order of selection). This solves a problem under some fixed
    /// choices (the givens of a puzzle, say), or one subtree of the search.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::{format, OptionId};
    /// use dancing::expert::{SelectError, Solver, Search};
    ///
    /// let problem = format::read_str("a b c\na\nb\nc\na b\nb c\n")?.problem;
    /// let bump = Bump::new();
    /// let mut solver = Solver::new(&problem, &bump);
    /// solver.select(OptionId::new(3))?; // a b
    /// assert_eq!(solver.collect(10), [[OptionId::new(3), OptionId::new(2)]]);
    /// assert_eq!(solver.select(OptionId::new(4)), Err(SelectError::Conflict(OptionId::new(4))));
    /// solver.clear_selection();
    /// assert_eq!(solver.count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// If there is no such option, if it has no primary item, or if one of
    /// its items is already covered by a selected option; the selection is
    /// then unchanged.
    pub fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        self.abandon_search();
        let node = self.matrix.option_node(option).ok_or(
            if option.index() < self.matrix.option_count() {
                SelectError::Ignored(option)
            } else {
                SelectError::NoSuchOption(option)
            },
        )?;
        if !self.matrix.option_is_active(node) {
            return Err(SelectError::Conflict(option));
        }
        // An option with a primary item covers one that no selected option
        // covers, so there is a free level for it.
        self.select_node(node);
        Ok(())
    }

    /// Chooses the option of `node`, an option node of an active option, by
    /// covering `node`'s item and committing the rest of the option.
    pub(super) fn select_node(&mut self, node: u32) {
        let level = self.selected;
        if self.matrix.kind.is_bounded() {
            by_hiding!(self, H => Multiplicities::<H>::select(&mut self.matrix, node));
            // A selected option, not a replayed branch (see `m.rs`): no
            // search is entered below it for the split.
            self.degrees[level] = 0;
            self.entering[level] = Entering::default();
        } else {
            by_algorithm!(self, A => {
                let item = self.matrix.item_of(node);
                A::cover(&mut self.matrix, item);
                self.commit_entering::<A>(level, node);
            }, bounded => unreachable!("a bounded problem is handled above"));
        }
        self.choices[level] = node;
        self.selected += 1;
    }

    /// Commits `node` at `level` (Algorithms X and C), recording what that
    /// cost as the cost of entering its node of the tree.
    pub(super) fn commit_entering<A: Dance>(&mut self, level: usize, node: u32) {
        let before = self.matrix.counts();
        A::commit(&mut self.matrix, node);
        self.record_entering(level, before);
    }

    /// Records what the matrix counted since `before` (its updates and
    /// cleansings then) as the cost of entering the node at `level + 1`.
    pub(super) fn record_entering(&mut self, level: usize, before: (u64, u64)) {
        let (updates, cleansings) = self.matrix.counts();
        // A commit (Algorithm M: a tweak and a commit) unlinks each node of
        // the matrix, fewer than 2^32, at most once.
        let fit = |count: u64| u32::try_from(count).unwrap_or(u32::MAX);
        self.entering[level] = Entering {
            updates: fit(updates - before.0),
            cleansings: fit(cleansings - before.1),
        };
    }

    /// Makes the selection the option nodes of `path`, a path of the search
    /// tree from the root (each node chosen by the search from the item it
    /// branched on, given the nodes before it), with the least work: the
    /// levels shared with the current selection stay, and where the two
    /// part at a level that branched on the same item, only the option
    /// there is swapped (the item stays covered), as a search moving to a
    /// sibling does. So walking the nodes of a tree level in order costs
    /// about what searching them does.
    #[cfg(test)]
    pub(crate) fn reselect(&mut self, path: &[u32]) {
        let common = self.choices[..self.selected]
            .iter()
            .zip(path)
            .take_while(|(current, wanted)| current == wanted)
            .count();
        self.reselect_from(common, &path[common..]);
    }

    /// Undoes the last [`select`](Self::select), returning its option.
    pub fn unselect(&mut self) -> Option<OptionId> {
        self.abandon_search();
        let level = self.selected.checked_sub(1)?;
        let node = self.choices[level];
        if self.matrix.kind.is_bounded() && self.degrees[level] != 0 {
            // A branch replayed by the parallel split, not an option.
            by_hiding!(self, H => self.undo_branch::<H>(level));
            self.selected = level;
            return (self.matrix.item_of(node) != node).then(|| self.matrix.option_of(node));
        }
        by_dance!(self, A => A::unselect(&mut self.matrix, node));
        self.selected = level;
        Some(self.matrix.option_of(node))
    }

    /// Undoes every selection: the solver is back to the whole problem.
    pub fn clear_selection(&mut self) {
        // Not until `unselect` gives `None`: it does for Algorithm M's null
        // move, a level that is undone all the same.
        while self.selected > 0 {
            self.unselect();
        }
    }

    /// The number of options selected.
    pub fn selected_count(&self) -> usize {
        self.selected
    }
}
