//! Exploring for the parallel split: moving the selection along the
//! search tree, listing a level's nodes, and searching one subtree or a
//! run of siblings, with figures that add up to the whole search's.

use super::walk::Dance;
use super::{AlgorithmX, Colors, Entering, Run, Solver};
use crate::matrix::{Colored, Kind, Plain};
use crate::problem::OptionId;
use crate::visit::{Explorer, Stats};

/// What the parallel search needs of a search on one thread, whatever its
/// algorithm: moving its selection along the search tree, and exploring
/// below it. [`Solver`] is one; a search that keeps other state (a cache, a
/// random order) is another.
pub(crate) trait Subsearch {
    /// The selection becomes the first `common` nodes selected and then
    /// `rest` (see `Solver::reselect_from`).
    fn reselect_from(&mut self, common: usize, rest: &[u32]);

    /// Undoes every selection.
    fn clear_selection(&mut self);

    /// Searches below the selection down to level `cutoff` (see
    /// `Solver::explore_to`).
    fn explore_to<E: Explorer>(&mut self, cutoff: usize, explorer: &mut E) -> Stats;

    /// Searches a run of siblings (see `Solver::explore_run`).
    fn explore_run<E: Explorer>(&mut self, siblings: u32, explorer: &mut E) -> Stats;

    /// Whether [`explore_run`](Self::explore_run) works for this
    /// algorithm (not for Algorithm M).
    fn runs_siblings(&self) -> bool;

    /// The option of `node`, a node of a path: `None` for Algorithm M's
    /// null move (an item's header, which chooses no option).
    fn option_of(&self, node: u32) -> Option<OptionId>;

    /// Knuth's estimate of the fraction of its tree the last search explored.
    fn explored(&self) -> f64;

    /// The levels of the profile the last search counted, and their counts.
    fn counted_profile(&self) -> (usize, &[u64]);

    /// Stops later searches after `limit` nodes.
    fn set_node_limit(&mut self, limit: Option<u64>);
}

impl Subsearch for Solver<'_> {
    fn reselect_from(&mut self, common: usize, rest: &[u32]) {
        Solver::reselect_from(self, common, rest);
    }

    fn clear_selection(&mut self) {
        Solver::clear_selection(self);
    }

    fn explore_to<E: Explorer>(&mut self, cutoff: usize, explorer: &mut E) -> Stats {
        Solver::explore_to(self, cutoff, explorer)
    }

    fn explore_run<E: Explorer>(&mut self, siblings: u32, explorer: &mut E) -> Stats {
        Solver::explore_run(self, siblings, explorer)
    }

    fn runs_siblings(&self) -> bool {
        !self.matrix.kind.is_bounded()
    }

    fn option_of(&self, node: u32) -> Option<OptionId> {
        Solver::option_of(self, node)
    }

    fn explored(&self) -> f64 {
        Solver::explored(self)
    }

    fn counted_profile(&self) -> (usize, &[u64]) {
        Solver::counted_profile(self)
    }

    fn set_node_limit(&mut self, limit: Option<u64>) {
        let config = self.config.clone().node_limit(limit);
        self.set_config(config);
    }
}

impl Solver<'_> {
    /// [`reselect`](Self::reselect) to the path made of the first `common`
    /// selected nodes and then `rest`, for a caller that knows how much of
    /// the selection stays (so the cost does not grow with the depth).
    pub(crate) fn reselect_from(&mut self, common: usize, rest: &[u32]) {
        self.abandon_search();
        if self.matrix.kind.is_bounded() {
            while self.selected > common + 1 {
                self.unselect();
            }
            let mut start = 0;
            if self.selected == common + 1 {
                // Where the paths part at a branch replayed on the same
                // item, the branch moves on to the later sibling, as the
                // search does, rather than being replayed from its start.
                let stepped = self.degrees[common] != 0
                    && rest.first().is_some_and(|&wanted| {
                        by_hiding!(self, H => self.step_replayed_branch::<H>(common, wanted))
                    });
                if stepped {
                    start = 1;
                } else {
                    self.unselect();
                }
            }
            for &node in &rest[start..] {
                by_hiding!(self, H => self.replay_branch::<H>(node));
            }
            return;
        }
        debug_assert!(common <= self.selected);
        while self.selected > common + 1 {
            self.unselect();
        }
        let mut start = 0;
        if self.selected == common + 1 {
            let current = self.choices[common];
            match rest.first() {
                Some(&wanted) if self.matrix.item_of(wanted) == self.matrix.item_of(current) => {
                    by_algorithm!(self, A => {
                        A::uncommit(&mut self.matrix, current);
                        self.commit_entering::<A>(common, wanted);
                    }, bounded => unreachable!("a bounded problem replays its branches"));
                    self.choices[common] = wanted;
                    start = 1;
                }
                _ => {
                    self.unselect();
                }
            }
        }
        for &node in &rest[start..] {
            self.select_node(node);
        }
    }

    /// The option of `node`, a node of a path: `None` for Algorithm M's
    /// null move (an item's header, which chooses no option).
    pub(crate) fn option_of(&self, node: u32) -> Option<OptionId> {
        (self.matrix.item_of(node) != node).then(|| self.matrix.option_of(node))
    }

    /// Runs the search down to level `cutoff` only: the children of each
    /// node at the level above it go to `explorer.frontier`, listed but not
    /// entered (no option of theirs committed, so a node with a million
    /// children costs a walk down its item's list, not a million commits),
    /// and each solution found above it to `explorer.solution`, in the
    /// order of the full search. Searching from each frontier node in turn
    /// (selecting its options with `reselect_from`) then completes the full
    /// search: its nodes, updates and solutions are those of this search
    /// plus those of the subsearches.
    ///
    /// For that, a search from a selection counts entering the selection's
    /// last node (what committing its option cost, see `entering`), which
    /// the search that listed it did not do.
    pub(crate) fn explore_to<E: Explorer>(&mut self, cutoff: usize, explorer: &mut E) -> Stats {
        debug_assert!(cutoff > self.selected, "a cutoff below the selection");
        self.explore(cutoff, explorer);
        self.charge_entering()
    }

    /// Searches the subtree of the selection's last node, as
    /// `explore_to(usize::MAX, ..)` does, and then those of the `siblings`
    /// options after it in its item's list, one after the other: a run of
    /// consecutive children of a node with very many, searched as one task
    /// at the cost of the full search (one option swapped per sibling,
    /// whose commit the run counts as entering the sibling). Afterwards the
    /// selection ends with the last sibling reached. Not for Algorithm M
    /// (whose tree has null moves among the siblings).
    pub(crate) fn explore_run<E: Explorer>(&mut self, siblings: u32, explorer: &mut E) -> Stats {
        debug_assert!(self.selected > 0 && !self.matrix.kind.is_bounded());
        debug_assert!({
            // The run stays inside its item's list.
            let mut node = self.choices[self.selected - 1];
            (0..siblings).all(|_| {
                node = self.matrix.next_option(node);
                node != self.matrix.item_of(node)
            })
        });
        self.run = Run {
            len: siblings + 1,
            left: siblings,
        };
        self.explore(usize::MAX, explorer);
        self.run = Run::SINGLE;
        self.charge_entering()
    }

    /// What entering the selection's last node cost (updates,
    /// cleansings): see `explore_to`.
    pub(crate) fn entering_cost(&self) -> (u64, u64) {
        self.selected.checked_sub(1).map_or((0, 0), |level| {
            let Entering {
                updates,
                cleansings,
            } = self.entering[level];
            (u64::from(updates), u64::from(cleansings))
        })
    }

    /// Adds entering the selection's last node to the last search's
    /// statistics (see `explore_to`), and returns them.
    fn charge_entering(&mut self) -> Stats {
        let (updates, cleansings) = self.entering_cost();
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
        self.stats
    }

    /// The path of the node where the last search stopped early (see
    /// `stop_level`), from the root, the selection included. Meaningless
    /// after a search that ran to its end, or a run of siblings (whose
    /// unsearched siblings are not on the path).
    pub(crate) fn stopped_path(&self) -> &[u32] {
        &self.choices[..self.stop_level]
    }

    /// The levels of the profile the last search counted, and their counts:
    /// a search from a deep selection counts only levels below it, so this
    /// is what a caller summing many searches needs to add.
    pub(crate) fn counted_profile(&self) -> (usize, &[u64]) {
        let (from, to) = self.profile_touched;
        (from, &self.profile[from..to])
    }
}
