//! Algorithm M, as Knuth's DLX3 runs it: exact cover with multiplicities
//! (primary items with bounds `u:v`) and colors. Its own loop, because a
//! level does more than choose an option: it branches on the item of
//! smallest branching degree, lowers its bound, and either covers it (no
//! room to spare: the options of its list, one by one, as Algorithm X
//! does) or *tweaks* its options one by one, ending with the *null move*
//! that retires the item where its lower bound allows (see the matrix's
//! bounded dance). Nodes, updates and cleansings are counted as DLX3 counts
//! them.

use std::marker::PhantomData;
use std::ops::ControlFlow;

use super::walk::{OnStop, Paused};
use super::{Dance, Solver};
use crate::matrix::{Branch, Column, Hiding, Matrix};
use crate::visit::{Explorer, Solution, Stats, StopReason};

/// Exact cover with bounds on primary items, hiding options as `H` does
/// (with colors or without).
pub(crate) struct Multiplicities<H>(PhantomData<H>);

impl<H: Hiding> Dance for Multiplicities<H> {
    /// Selecting an option from `item`'s list takes `item` once.
    fn cover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.take::<H>(item);
    }

    fn uncover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.untake::<H>(item);
    }

    fn commit(matrix: &mut Matrix<'_>, node: u32) {
        matrix.commit_bounded::<H>(node);
    }

    fn uncommit(matrix: &mut Matrix<'_>, node: u32) {
        matrix.uncommit_bounded::<H>(node);
    }

    /// The option leaves every list first, as the search's tweak takes it
    /// out (an item with room left would offer it again), then its items
    /// are taken.
    fn select(matrix: &mut Matrix<'_>, node: u32) {
        matrix.tweak::<H>(node, true);
        let item = matrix.item_of(node);
        matrix.take::<H>(item);
        matrix.commit_bounded::<H>(node);
    }

    fn unselect(matrix: &mut Matrix<'_>, node: u32) {
        matrix.uncommit_bounded::<H>(node);
        let item = matrix.item_of(node);
        matrix.untake::<H>(item);
        matrix.untweak_option::<H>(node);
    }
}

impl Matrix<'_> {
    /// DLX3's step into the branch on `item`: tries `node` (an option of
    /// its list, or `item` itself for the null move), tweaking it out where
    /// the item has room to spare and committing it; or, when the branch
    /// has no more ways to go on, does nothing. Whether it stepped in (if
    /// not, the search backs up).
    #[inline(always)]
    pub(super) fn step_into<H: Hiding>(&mut self, item: u32, node: u32) -> bool {
        self.step_into_as::<H, false>(item, node)
    }

    /// [`step_into`](Self::step_into), for a problem without slack if
    /// `TIGHT` (see `Matrix::is_tight`).
    #[inline(always)]
    pub(super) fn step_into_as<H: Hiding, const TIGHT: bool>(
        &mut self,
        item: u32,
        node: u32,
    ) -> bool {
        if !self.try_step_as::<H, TIGHT>(item, node) {
            return false;
        }
        if node != item {
            self.commit_bounded::<H>(node);
        }
        true
    }

    /// [`step_into`](Self::step_into) but for the commit: whether the
    /// branch goes on to `node`, which is then tweaked out (or, the null
    /// move, the item retired) as the search does before committing it.
    #[inline(always)]
    pub(super) fn try_step<H: Hiding>(&mut self, item: u32, node: u32) -> bool {
        self.try_step_as::<H, false>(item, node)
    }

    /// [`try_step`](Self::try_step), for a problem without slack if
    /// `TIGHT`: the slack, 0, is not read.
    #[inline(always)]
    fn try_step_as<H: Hiding, const TIGHT: bool>(&mut self, item: u32, node: u32) -> bool {
        let Column { bound, slack, .. } = self.columns[item as usize];
        let slack = if TIGHT { 0 } else { slack };
        let backup = if bound == 0 && slack == 0 {
            node == item
        } else {
            // Without slack, an item with some bound left is not covered:
            // its length is its key without the column.
            let length = if TIGHT {
                debug_assert!(!self.is_covered(item));
                self.bounded_length(item)
            } else {
                self.length(item)
            };
            i64::from(length) <= i64::from(bound) - i64::from(slack)
        };
        if backup {
            return false;
        }
        if bound != 0 || slack != 0 {
            if node != item {
                self.tweak::<H>(node, bound != 0);
            } else if bound != 0 {
                // The null move: no more options for this item.
                self.deactivate(item);
            }
        }
        true
    }
}

/// Whether `node` comes after `current` in the branch on `item` (each an
/// option node of its list, or the item's header for the null move). Not
/// found by following the list from `current`: its commit may have hidden
/// later options from the list (an uncolored secondary item it shares with
/// them), and their links lead past them. But a list keeps the order its
/// options were laid out in, node numbers growing down it, and the null
/// move comes last.
pub(super) fn later_in_branch(item: u32, current: u32, node: u32) -> bool {
    current != item && (node == item || node > current)
}

impl Solver<'_> {
    /// The search loop of Algorithm M, below the selection, down to level
    /// `cutoff` (see `Solver::explore_to`).
    pub(super) fn walk_bounded<H: Hiding, E: Explorer>(
        &mut self,
        cutoff: usize,
        explorer: &mut E,
    ) -> Stats {
        if self.matrix.is_tight() {
            self.walk_bounded_as::<H, E, true>(cutoff, explorer)
        } else {
            self.walk_bounded_as::<H, E, false>(cutoff, explorer)
        }
    }

    /// [`walk_bounded`](Self::walk_bounded), for a problem without slack
    /// if `TIGHT` (see `Matrix::is_tight`).
    fn walk_bounded_as<H: Hiding, E: Explorer, const TIGHT: bool>(
        &mut self,
        cutoff: usize,
        explorer: &mut E,
    ) -> Stats {
        let (base, mut clock, paused_at) = self.begin_or_resume();
        let mut level = base;
        // The item branched on at `level`, and the node being tried there.
        let (mut item, mut node) = (0, 0);
        // The nodes so far, in a register: `self.stats.nodes` is a load
        // and a store at every node. Written back before anything reads
        // the statistics.
        let mut nodes = self.stats.nodes;
        // DLX3's steps as nested loops, so that each jump is a plain
        // branch: a `match` on the next step compiles to an indirect jump,
        // which the processor mispredicts at about every node.
        let stop = 'search: {
            if let Some(paused) = paused_at {
                // Resume after the solution the search paused at.
                level = paused;
                if !self.next_branch::<H, TIGHT>(base, &mut level, &mut item, &mut node, false) {
                    break 'search StopReason::Complete;
                }
            }
            loop {
                // Forward: enter a new level; whether there is a branch to try.
                let advancing = 'forward: {
                    if nodes == clock.next {
                        self.stats.nodes = nodes;
                        self.settle_depth(base);
                        let stats = self.stats_so_far();
                        let fraction = || self.bounded_estimate(base, level);
                        if let Some(stop) = clock.check(stats, fraction, explorer) {
                            break 'search stop;
                        }
                    }
                    nodes += 1;
                    self.profile[level] += 1;
                    match self.matrix.choose_bounded_as::<TIGHT>() {
                        Branch::Solution => {
                            self.stats.solutions += 1;
                            let solution = if E::LISTS_OPTIONS {
                                self.bounded_solution(level)
                            } else {
                                Solution { options: &[] }
                            };
                            if explorer.solution(&solution).is_break() {
                                break 'search StopReason::Visitor;
                            }
                            false
                        }
                        Branch::On { degree, .. } if degree <= 0 => false,
                        Branch::On {
                            item: chosen,
                            degree,
                        } => {
                            item = chosen;
                            node = self.open_branch::<H>(level, item, degree as u32);
                            if level + 1 == cutoff {
                                // The children are listed, not entered: see
                                // `Solver::explore_to`.
                                let listed = self.list_branch::<H, E>(base, level, item, explorer);
                                self.restore_branch_as::<H, TIGHT>(level, item);
                                if listed.is_break() {
                                    break 'search StopReason::Interrupted;
                                }
                                break 'forward false;
                            }
                            true
                        }
                    }
                };
                if !self.next_branch::<H, TIGHT>(base, &mut level, &mut item, &mut node, advancing)
                {
                    break 'search StopReason::Complete;
                }
            }
        };
        self.stats.nodes = nodes;
        self.settle_depth(base);
        self.end_search(stop);
        if stop == StopReason::Complete {
            self.explored = 1.0;
        } else {
            self.explored = self.bounded_estimate(base, level);
            self.stop_level = level;
            // Every stop is on entering `level`: nothing is set up there.
            if self.on_stop.restores(stop) {
                self.unwind_bounded::<H>(base, level);
            } else if stop == StopReason::Visitor && self.on_stop == OnStop::Pause {
                self.paused = Some(Paused { clock, level });
            }
        }
        self.stats
    }

    /// DLX3's advance, backup and backdown from the node at `level`: tries
    /// the node in `choices[level]` if `advancing` (else backs up at once),
    /// and so on up the levels, until a step leads into a new level (true,
    /// `level` that level) or the tree below `base` is done (false).
    #[inline(always)]
    fn next_branch<H: Hiding, const TIGHT: bool>(
        &mut self,
        base: usize,
        level: &mut usize,
        item: &mut u32,
        node: &mut u32,
        mut advancing: bool,
    ) -> bool {
        loop {
            if advancing {
                // Advance: try the node in `choices[level]` (or stop
                // trying, and back up).
                if self.matrix.step_into_as::<H, TIGHT>(*item, *node) {
                    *level += 1;
                    return true;
                }
                // Backup: restore the item branched on at this level.
                self.restore_branch_as::<H, TIGHT>(*level, *item);
            }
            // Backdown: go back to the level above.
            if *level == base {
                return false;
            }
            *level -= 1;
            *node = self.choices[*level];
            *item = self.matrix.item_of(*node);
            if *node == *item {
                // Back from the null move, then back up.
                self.matrix.reactivate(*item);
                self.restore_branch_as::<H, TIGHT>(*level, *item);
                advancing = false;
                continue;
            }
            self.matrix.uncommit_bounded::<H>(*node);
            *node = self.matrix.next_option(*node);
            self.choices[*level] = *node;
            advancing = true;
        }
    }

    /// Sets the deepest level of the search from `base` so far, and the
    /// levels of the profile it touched, from the profile: the loop counts
    /// a node in the profile alone (`count_node` also keeps these two at
    /// every node). The levels a search reaches are those from `base` up
    /// to its deepest, each with a node, and the profile is 0 above them.
    fn settle_depth(&mut self, base: usize) {
        let reached = self.profile[base..]
            .iter()
            .take_while(|&&nodes| nodes != 0)
            .count();
        if reached > 0 {
            self.stats.max_depth = base + reached - 1;
        }
        self.profile_touched.1 = base + reached;
    }

    /// Opens the branch on `item` at `level` as DLX3 does: lowers its
    /// bound, covers it if that leaves none, and chooses its first node,
    /// which it returns (to step into).
    #[inline(always)]
    pub(super) fn open_branch<H: Hiding>(&mut self, level: usize, item: u32, degree: u32) -> u32 {
        self.degrees[level] = degree;
        let node = self.matrix.first_option(item);
        self.choices[level] = node;
        // The first node of the branch, where the untweak starts and the
        // estimate counts the nodes tried from (see `branch_position`).
        self.tweaks[level] = node;
        let matrix = &mut self.matrix;
        let bound = matrix.columns.bound_mut(item);
        *bound -= 1;
        if *bound == 0 {
            H::cover(matrix, item);
            matrix.deactivate(item);
        }
        node
    }

    /// Sets up a branch on the item that `node` belongs to (a header for the
    /// null move) at the next selected level, and takes the step to `node`
    /// as the search does: the siblings before it tweaked (their subtrees
    /// are searched elsewhere), then `node` tried. So a subtree of the
    /// parallel split is reached with the matrix, the bounds and the active
    /// list exactly as the search has them there.
    pub(super) fn replay_branch<H: Hiding>(&mut self, node: u32) {
        let level = self.selected;
        let item = self.matrix.item_of(node);
        let degree = self.replayed_degree(item);
        let first = self.open_branch::<H>(level, item, degree);
        self.step_branch_to::<H>(level, item, first, node);
        self.selected += 1;
    }

    /// Moves the replayed branch at `level`, the last selected, on to
    /// `node`, a later node of it, as the search moves to a sibling (its
    /// option uncommitted, the nodes between tried and left): the work of
    /// the search between the two, not a replay of the branch from its
    /// start. False, nothing done, if `node` is not later in the branch.
    pub(super) fn step_replayed_branch<H: Hiding>(&mut self, level: usize, node: u32) -> bool {
        let current = self.choices[level];
        let item = self.matrix.item_of(current);
        if self.matrix.item_of(node) != item || !later_in_branch(item, current, node) {
            return false;
        }
        self.matrix.uncommit_bounded::<H>(current);
        let next = self.matrix.next_option(current);
        self.step_branch_to::<H>(level, item, next, node);
        true
    }

    /// Tries the nodes of the branch on `item` at `level` from `from` on
    /// to `node` as the search does (tweaked out where the item has room),
    /// entering only `node`: what its tweak and commit cost is what
    /// entering it costs (see `entering`).
    pub(super) fn step_branch_to<H: Hiding>(
        &mut self,
        level: usize,
        item: u32,
        from: u32,
        node: u32,
    ) {
        let mut current = from;
        while current != node {
            let stepped = self.matrix.try_step::<H>(item, current);
            debug_assert!(stepped, "a path's node is in its branch");
            current = self.matrix.next_option(current);
        }
        let before = self.matrix.counts();
        let stepped = self.matrix.step_into::<H>(item, node);
        debug_assert!(stepped, "a path's node is in its branch");
        self.record_entering(level, before);
        self.choices[level] = node;
    }

    /// Lists the children of the node at `level`, whose branch on `item`
    /// is open, to `explorer.frontier`: each node of the branch the search
    /// would try, tweaked out as it goes (the tweaks are not counted: each
    /// child's entering counts its own, see `explore_to`), but none
    /// committed. The branch is left to `restore_branch`.
    #[inline(never)]
    fn list_branch<H: Hiding, E: Explorer>(
        &mut self,
        base: usize,
        level: usize,
        item: u32,
        explorer: &mut E,
    ) -> ControlFlow<()> {
        let counted = self.matrix.counts();
        let share = self.bounded_share(base, level + 1);
        let mut node = self.choices[level];
        let mut listed = ControlFlow::Continue(());
        while self.matrix.try_step::<H>(item, node) {
            listed = explorer.frontier(node, share);
            if node == item {
                // The null move, always the last: back from it.
                self.matrix.reactivate(item);
                break;
            }
            if listed.is_break() {
                break;
            }
            node = self.matrix.next_option(node);
        }
        (self.matrix.updates, self.matrix.cleansings) = counted;
        listed
    }

    /// The branching degree of `item`, where a path that the search went
    /// down branches on it (so the search's choice must be `item`).
    pub(super) fn replayed_degree(&self, item: u32) -> u32 {
        match self.matrix.choose_bounded() {
            Branch::On {
                item: chosen,
                degree,
            } if chosen == item && degree > 0 => degree as u32,
            other => unreachable!("a path branches as the search did: {other:?}"),
        }
    }

    /// Undoes a branch at `level` as the search backs up from it, trying
    /// no more of its nodes.
    pub(super) fn undo_branch<H: Hiding>(&mut self, level: usize) {
        let node = self.choices[level];
        let item = self.matrix.item_of(node);
        if node == item {
            self.matrix.reactivate(item);
        } else {
            self.matrix.uncommit_bounded::<H>(node);
            // An item covered at its branch with slack left is put back in
            // the active list by the null move that ends its branch (see
            // `restore_branch`); cut short before it, the branch does so
            // here.
            let matrix = &self.matrix;
            if matrix.columns[item as usize].bound == 0 && matrix.columns[item as usize].slack != 0
            {
                self.matrix.reactivate(item);
            }
        }
        self.restore_branch::<H>(level, item);
    }

    /// Undoes what branching on `item` at `level` did: its cover, or its
    /// tweaks; and gives its bound back. (An item covered with slack left
    /// stays out of the active list: the null move, always the last move of
    /// such a branch, has put it back already.)
    #[inline(always)]
    pub(super) fn restore_branch<H: Hiding>(&mut self, level: usize, item: u32) {
        self.restore_branch_as::<H, false>(level, item);
    }

    /// [`restore_branch`](Self::restore_branch), for a problem without
    /// slack if `TIGHT`.
    #[inline(always)]
    fn restore_branch_as<H: Hiding, const TIGHT: bool>(&mut self, level: usize, item: u32) {
        let matrix = &mut self.matrix;
        let bound = matrix.columns[item as usize].bound;
        if bound == 0 && (TIGHT || matrix.columns[item as usize].slack == 0) {
            H::uncover(matrix, item);
            matrix.reactivate(item);
        } else {
            matrix.untweak::<H>(item, self.tweaks[level], bound != 0);
        }
        *matrix.columns.bound_mut(item) += 1;
    }

    /// Restores the matrix to the selection after a search from `base`
    /// stopped on entering `level`.
    pub(super) fn unwind_bounded<H: Hiding>(&mut self, base: usize, mut level: usize) {
        while level > base {
            level -= 1;
            self.undo_branch::<H>(level);
        }
    }

    /// The options chosen down to `level` (the null moves choose none).
    pub(super) fn bounded_solution(&mut self, level: usize) -> Solution<'_> {
        let mut length = 0;
        for &node in &self.choices[..level] {
            if self.matrix.item_of(node) != node {
                self.solution[length] = self.matrix.option_of(node);
                length += 1;
            }
        }
        Solution {
            options: &self.solution[..length],
        }
    }

    /// Knuth's estimate of the share of the search below `base` under the
    /// node reached at `level`: one over the product of the degrees.
    fn bounded_share(&self, base: usize, level: usize) -> f64 {
        self.degrees[base..level]
            .iter()
            .fold(1.0, |share, &degree| share / f64::from(degree.max(1)))
    }

    /// Knuth's estimate of the fraction explored, with each level's
    /// branching degree as its number of subtrees.
    pub(super) fn bounded_estimate(&self, base: usize, level: usize) -> f64 {
        let (mut fraction, mut share) = (0.0, 1.0);
        for (branch, &degree) in (base..level).zip(&self.degrees[base..level]) {
            share /= f64::from(degree.max(1));
            fraction += share * f64::from(self.branch_position(branch));
        }
        fraction.min(1.0)
    }

    /// The place of `choices[level]` among the nodes of its branch (the
    /// null move last), counted from 0, found when an estimate needs it
    /// rather than counted at every step. The nodes tried before it are
    /// tweaked out of their list, or the list is intact (its item covered),
    /// and either way each still points down to the next one: the walk from
    /// the branch's first node (`tweaks[level]`) reaches it.
    fn branch_position(&self, level: usize) -> u32 {
        let (target, mut node) = (self.choices[level], self.tweaks[level]);
        let mut position = 0;
        while node != target {
            node = self.matrix.next_option(node);
            position += 1;
        }
        position
    }
}
