//! The walk: the search below a path of choices, with its cutoff, its
//! clock, and its unwinding to a frontier when it stops.

use super::best::{Kept, OwnBest};
use std::ops::ControlFlow;

use super::{CostedSolution, INFINITE, MAX_BEST, MinCostError, MinCostOutcome, MinCostSolver};
use crate::budget::{Budget, BudgetClock};
use crate::problem::OptionId;
use crate::visit::{Stats, StopReason};

impl MinCostSolver {
    /// Searches for the `k` cheapest solutions within `budget`, reporting
    /// each solution found that is cheaper than the `k`-th best known then
    /// to `report` (which may stop the search). See [`MinCostOutcome`].
    ///
    /// # Panics
    /// If `k` is 0 or above [`MAX_BEST`] (see [`check_count`](Self::check_count)).
    pub fn search(
        &mut self,
        k: usize,
        budget: Budget,
        report: impl FnMut(&CostedSolution) -> ControlFlow<()>,
    ) -> MinCostOutcome {
        Self::check_count(k).expect("a count of best solutions from 1 to MAX_BEST");
        let mut walk = Walk::new(self, budget.start());
        let mut kept = OwnBest::new(k, self.total_tax, report);
        let stop = if self.hopeless {
            walk.stats.nodes = 1;
            StopReason::Complete
        } else {
            self.search_below(&[], &mut walk, &mut kept)
        };
        let mut stats = walk.stats;
        stats.stop = stop;
        stats.solutions = kept.best.found;
        MinCostOutcome {
            best: kept.best.into_best(k, self.total_tax),
            stats,
            total_tax: self.total_tax,
            frontier: Vec::new(),
        }
    }

    /// Searches below the subtree of `options` (chosen one after another
    /// from the root, as a task of `dlx split` names its subtree) for its
    /// `k` cheapest solutions, as [`search`](Self::search) does from the
    /// root; the nodes above the subtree are not counted. An empty list is
    /// the whole search.
    ///
    /// # Errors
    /// [`MinCostError::Path`] if an option is not one of the problem's,
    /// covers no primary item, or conflicts with one before it.
    ///
    /// # Panics
    /// If `k` is 0 or above [`MAX_BEST`].
    pub fn search_subtree(
        &mut self,
        options: &[OptionId],
        k: usize,
        budget: Budget,
        report: impl FnMut(&CostedSolution) -> ControlFlow<()>,
    ) -> Result<MinCostOutcome, MinCostError> {
        Self::check_count(k).expect("a count of best solutions from 1 to MAX_BEST");
        let mut path = Vec::with_capacity(options.len());
        for (place, &option) in options.iter().enumerate() {
            path.push(self.entry_of(option).ok_or(MinCostError::Path(place))?);
        }
        // Check the whole path once, before any cutoff could prune it.
        let mut scratch = Stats::default();
        let mut thresholds = Vec::new();
        if self.hopeless && !path.is_empty() {
            return Err(MinCostError::Path(0));
        }
        if !self.hopeless {
            for end in 1..=path.len() {
                if self
                    .force(&path[..end], INFINITE, &mut thresholds, &mut scratch)
                    .is_none()
                {
                    return Err(MinCostError::Path(end - 1));
                }
                self.unforce(&path[..end], &thresholds);
            }
        }
        let mut walk = Walk::new(self, budget.start());
        walk.frontier = Some(Vec::new());
        let mut kept = OwnBest::new(k, self.total_tax, report);
        let stop = if self.hopeless {
            walk.stats.nodes = 1;
            StopReason::Complete
        } else {
            self.search_below(&path, &mut walk, &mut kept)
        };
        let mut stats = walk.stats;
        stats.stop = stop;
        stats.solutions = kept.best.found;
        let frontier = walk
            .frontier
            .unwrap_or_default()
            .iter()
            .map(|nodes| self.options_of(nodes))
            .collect();
        Ok(MinCostOutcome {
            best: kept.best.into_best(k, self.total_tax),
            stats,
            total_tax: self.total_tax,
            frontier,
        })
    }

    /// DLX5's search of the subtree below `path` (entry nodes chosen from
    /// the root; empty for the whole tree), keeping solutions in `kept`;
    /// the counts go to `walk.stats`. The links are as they were when it
    /// returns, however it stopped.
    pub(super) fn search_below<K: Kept>(
        &mut self,
        path: &[u32],
        walk: &mut Walk,
        kept: &mut K,
    ) -> StopReason {
        let Walk {
            clock,
            checkpoint,
            stats,
            choice,
            spent_at,
            item_threshold,
            option_threshold,
            thresholds,
            frontier,
        } = walk;
        let mut cutoff = kept.cutoff();
        let Some(mut spent) = self.force(path, cutoff, thresholds, stats) else {
            // Pruned: the path alone costs the cutoff.
            return StopReason::Complete;
        };
        let base = path.len();
        for (level, (&node, &threshold)) in path.iter().zip(thresholds.iter()).enumerate() {
            choice[level] = node;
            item_threshold[level] = threshold;
            option_threshold[level] = threshold;
        }
        if self.next[0] == 0 {
            // The path is a solution: a node, as DLX5 counts one.
            stats.nodes += 1;
            stats.max_depth = stats.max_depth.max(base);
            let options = self.options_of(&choice[..base]);
            let asked = kept.keep(spent, options);
            self.unwind(base, choice, item_threshold, option_threshold);
            return if asked.is_break() {
                StopReason::Visitor
            } else {
                StopReason::Complete
            };
        }
        let mut level = base;
        let mut item;
        let mut node;
        let mut next_cost;
        let stop = 'search: {
            // DLX5's steps as labeled loops: `forward` enters a node,
            // `advance` commits the option at `level`, `backup` and
            // `backdown` go back up.
            'forward: loop {
                // At or past: a solution counts as a node without coming
                // here (two in a row, or a subtree's path that is one),
                // so the count can step over a checkpoint, which an
                // equality would then never see again: no node cap, no
                // cancel, no clock.
                if stats.nodes >= *checkpoint {
                    let reason = match clock.checkpoint(stats.nodes) {
                        ControlFlow::Continue(next) => {
                            *checkpoint = next;
                            kept.poll(stats.nodes)
                        }
                        ControlFlow::Break(reason) => Some(reason),
                    };
                    if let Some(reason) = reason {
                        if let Some(frontier) = frontier {
                            // Undoes the levels, listing what is left.
                            let levels = Levels {
                                base,
                                choice,
                                spent_at,
                                item_threshold,
                                option_threshold,
                            };
                            self.unwind_to_frontier(level, &levels, cutoff, frontier);
                            return reason;
                        }
                        break 'search reason;
                    }
                }
                stats.nodes += 1;
                stats.max_depth = stats.max_depth.max(level);
                // Another thread may have found a cheaper solution.
                cutoff = cutoff.min(kept.cutoff());
                let (chosen, count) = if spent < cutoff {
                    self.choose(spent, cutoff)
                } else {
                    (0, 0)
                };
                // Where the search goes on from: a level to back down
                // from, or an option to advance to.
                let mut backing_down = count == 0;
                item = chosen;
                node = 0;
                next_cost = 0;
                if !backing_down {
                    spent_at[level] = spent;
                    node = self.nodes[item as usize].down;
                    choice[level] = node;
                    next_cost = spent + self.nodes[node as usize].cost;
                    item_threshold[level] = cutoff - next_cost;
                    self.cover(item, item_threshold[level], stats);
                }
                loop {
                    if !backing_down {
                        // Advance: commit the option at `level`.
                        option_threshold[level] = cutoff - next_cost;
                        self.commit(node, option_threshold[level], stats);
                        if self.next[0] == 0 {
                            // A solution, which DLX5 counts as a node.
                            stats.nodes += 1;
                            stats.max_depth = stats.max_depth.max(level + 1);
                            let options = self.options_of(&choice[..=level]);
                            let asked = kept.keep(next_cost, options);
                            cutoff = cutoff.min(kept.cutoff());
                            if asked.is_break() {
                                self.uncommit(node, option_threshold[level]);
                                self.uncover(item, item_threshold[level]);
                                break 'search StopReason::Visitor;
                            }
                            // Recover at this level.
                        } else {
                            level += 1;
                            spent = next_cost;
                            continue 'forward;
                        }
                    } else {
                        // Backdown: to the level above.
                        if level == base {
                            break 'search StopReason::Complete;
                        }
                        level -= 1;
                        node = choice[level];
                        item = self.nodes[node as usize].item;
                        spent = spent_at[level];
                    }
                    // Recover: undo the option at `level`, try the next.
                    self.uncommit(node, option_threshold[level]);
                    node = self.nodes[node as usize].down;
                    choice[level] = node;
                    let next_usable = node != item && {
                        next_cost = spent + self.nodes[node as usize].cost;
                        next_cost < cutoff
                    };
                    if next_usable {
                        backing_down = false;
                    } else {
                        // Backup: the item's options are done.
                        self.uncover(item, item_threshold[level]);
                        backing_down = true;
                    }
                }
            }
        };
        // The levels still committed: those above `level` when the search
        // stopped entering or leaving a node, and always the path.
        self.unwind(level.max(base), choice, item_threshold, option_threshold);
        stop
    }

    /// Undoes the levels above `level` after a budget stopped the search
    /// entering `level`, pushing onto `frontier` the subtrees left: the
    /// node being entered, and at each level from `levels.base` up the
    /// options after its choice that the cutoff allows.
    pub(super) fn unwind_to_frontier(
        &mut self,
        level: usize,
        levels: &Levels<'_>,
        cutoff: u64,
        frontier: &mut Vec<Vec<u32>>,
    ) {
        let Levels {
            base,
            choice,
            spent_at,
            item_threshold,
            option_threshold,
        } = *levels;
        frontier.push(choice[..level].to_vec());
        for l in (0..level).rev() {
            let node = choice[l];
            self.uncommit(node, option_threshold[l]);
            let item = self.nodes[node as usize].item;
            if l >= base {
                // The item's list is whole again here (the levels below
                // are undone): the siblings still to try, cheapest first.
                let mut sibling = self.nodes[node as usize].down;
                while sibling != item && spent_at[l] + self.nodes[sibling as usize].cost < cutoff {
                    let mut path = choice[..l].to_vec();
                    path.push(sibling);
                    frontier.push(path);
                    sibling = self.nodes[sibling as usize].down;
                }
            }
            self.uncover(item, item_threshold[l]);
        }
    }

    /// The options of the entry nodes `nodes`.
    pub(super) fn options_of(&self, nodes: &[u32]) -> Vec<OptionId> {
        nodes
            .iter()
            .map(|&n| OptionId::new(self.option_of[n as usize] as usize))
            .collect()
    }

    /// Undoes the levels above `level` (each with its item covered and its
    /// option committed).
    pub(super) fn unwind(
        &mut self,
        level: usize,
        choice: &[u32],
        item_threshold: &[u64],
        option_threshold: &[u64],
    ) {
        for l in (0..level).rev() {
            let node = choice[l];
            self.uncommit(node, option_threshold[l]);
            let item = self.nodes[node as usize].item;
            self.uncover(item, item_threshold[l]);
        }
    }

    /// Whether `k` best solutions can be kept: from 1 to [`MAX_BEST`].
    ///
    /// # Errors
    /// [`MinCostError::BadCount`] otherwise.
    pub fn check_count(k: usize) -> Result<(), MinCostError> {
        if (1..=MAX_BEST).contains(&k) {
            Ok(())
        } else {
            Err(MinCostError::BadCount(k))
        }
    }
}

/// The state of one thread's walk through the tree, kept from one subtree
/// to the next: its clock, counts, and the choices of each level.
pub(super) struct Walk {
    pub(super) clock: BudgetClock,
    /// The node count at which to look at the clock next.
    pub(super) checkpoint: u64,
    pub(super) stats: Stats,
    /// The entry node chosen at each level.
    pub(super) choice: Vec<u32>,
    /// The net cost of the options above each level.
    pub(super) spent_at: Vec<u64>,
    /// The thresholds each level covered its item and committed its
    /// option with (undone with the same).
    pub(super) item_threshold: Vec<u64>,
    pub(super) option_threshold: Vec<u64>,
    /// Scratch for `force`.
    pub(super) thresholds: Vec<u64>,
    /// Where a search stopped by its budget lists the subtrees it left,
    /// if it is asked to.
    pub(super) frontier: Option<Vec<Vec<u32>>>,
}

/// The levels of a search, for [`MinCostSolver::unwind_to_frontier`].
pub(super) struct Levels<'a> {
    /// The first level below the subtree's path.
    pub(super) base: usize,
    pub(super) choice: &'a [u32],
    pub(super) spent_at: &'a [u64],
    pub(super) item_threshold: &'a [u64],
    pub(super) option_threshold: &'a [u64],
}

impl Walk {
    pub(super) fn new(solver: &MinCostSolver, clock: BudgetClock) -> Walk {
        // A level per primary item at most.
        let depth = (solver.first_secondary as usize).max(1);
        Walk {
            checkpoint: clock.first_checkpoint(),
            clock,
            stats: Stats::default(),
            choice: vec![0; depth],
            spent_at: vec![0; depth],
            item_threshold: vec![0; depth],
            option_threshold: vec![0; depth],
            thresholds: Vec::new(),
            frontier: None,
        }
    }
}
