//! The search loop of Algorithms X and C: Knuth's backtrack with an
//! explicit level stack, generic over the algorithm's way of choosing an
//! item, covering it and committing an option; and what a search loop
//! (this one or Algorithm M's) does with the matrix when it stops early
//! ([`OnStop`]), down to a pause at a solution ([`Paused`]) that the
//! resumable search of `resume.rs` goes on from.

use std::ops::ControlFlow;
use std::time::Duration;

use super::Solver;
use crate::budget::BudgetClock;
use crate::clock::Instant;
use crate::config::SearchConfig;
use crate::matrix::Matrix;
use crate::visit::{Explorer, Progress, Solution, Stats, StopReason};

/// How an algorithm chooses the item to branch on, for the search loop of
/// Algorithms X and C. The loop calls these, monomorphized, so each
/// algorithm compiles to its own loop with no test of which one it is.
pub(crate) trait Algorithm: Dance {
    /// The item to branch on; `None` when every primary item is covered (a
    /// solution).
    fn choose(matrix: &Matrix<'_>) -> Option<u32>;

    /// `unselect(current)` then `select(wanted)`, for two options of the
    /// same item, with the least work: the item stays covered.
    fn swap(matrix: &mut Matrix<'_>, current: u32, wanted: u32) {
        Self::uncommit(matrix, current);
        Self::commit(matrix, wanted);
    }
}

/// An algorithm's dance: what choosing an option does to the matrix, and
/// its undoing (what selections and the search loop of X and C need).
pub(crate) trait Dance {
    /// Covers `item`, the item branched on (or that a selected option is
    /// chosen from).
    fn cover(matrix: &mut Matrix<'_>, item: u32);

    /// Undoes `cover(item)`.
    fn uncover(matrix: &mut Matrix<'_>, item: u32);

    /// Chooses the option of `node` (in the list of the item branched on,
    /// which is covered): takes its other items out of the problem.
    fn commit(matrix: &mut Matrix<'_>, node: u32);

    /// Undoes `commit(node)`.
    fn uncommit(matrix: &mut Matrix<'_>, node: u32);

    /// Chooses the option of `node` before a search: its item is covered
    /// and the rest of the option committed.
    fn select(matrix: &mut Matrix<'_>, node: u32) {
        let item = matrix.item_of(node);
        Self::cover(matrix, item);
        Self::commit(matrix, node);
    }

    /// Undoes `select(node)`.
    fn unselect(matrix: &mut Matrix<'_>, node: u32) {
        Self::uncommit(matrix, node);
        let item = matrix.item_of(node);
        Self::uncover(matrix, item);
    }
}

/// The longest a search goes without a checkpoint, as far as it can tell:
/// when nodes are slow (a huge matrix), the interval in nodes shrinks until
/// checkpoints come this often, so that a stop request is seen soon.
const CHECKPOINT_GAP: Duration = Duration::from_millis(20);

/// The nodes before a search's first checkpoint (at most): the interval
/// then doubles at each checkpoint while they come fast. Few, because a
/// node can take milliseconds (its commit covering an item in a million
/// options), and a parallel worker's task, a search of its own, may be
/// over before a later first checkpoint: its first solution would wait.
const FIRST_CHECKPOINT: u64 = 16;

impl Solver<'_> {
    /// The search loop of `A`, compiled for the best CPU features available.
    pub(super) fn walk<A: Algorithm, E: Explorer>(
        &mut self,
        cutoff: usize,
        explorer: &mut E,
    ) -> Stats {
        #[cfg(target_arch = "x86_64")]
        if super::cpu::has_avx2() {
            // SAFETY: the CPU has AVX2, checked just above.
            #[allow(unsafe_code)]
            return unsafe { self.walk_avx2::<A, E>(cutoff, explorer) };
        }
        self.walk_portable::<A, E>(cutoff, explorer)
    }

    /// [`walk`](Self::walk) compiled for AVX2, whose wider vectors choose
    /// the branching item faster: 6% fewer instructions on `queens12.dlx`,
    /// 9% on Langford pairs, 10% for Sudoku, about 5% less time. The result
    /// is the same (a unit test runs both builds).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn walk_avx2<A: Algorithm, E: Explorer>(&mut self, cutoff: usize, explorer: &mut E) -> Stats {
        self.walk_portable::<A, E>(cutoff, explorer)
    }

    /// The loop itself: explores the tree below the selection, down to
    /// level `cutoff` (see `Solver::explore_to`).
    #[inline(always)]
    pub(super) fn walk_portable<A: Algorithm, E: Explorer>(
        &mut self,
        cutoff: usize,
        explorer: &mut E,
    ) -> Stats {
        let (base, mut clock, paused_at) = self.begin_or_resume();
        let mut level = base;
        let stop = 'search: {
            if let Some(paused) = paused_at {
                // Resume after the solution the search paused at.
                match self.backtrack::<A>(base, paused) {
                    Some(next) => level = next,
                    None => break 'search StopReason::Complete,
                }
            }
            'enter: loop {
                // Enter a new node of the search tree at `level`.
                'node: {
                    if self.stats.nodes == clock.next {
                        let stats = self.stats_so_far();
                        let fraction = || self.path_estimate(base, level);
                        if let Some(stop) = clock.check(stats, fraction, explorer) {
                            break 'search self.stop_at::<A>(base, level, stop);
                        }
                    }
                    self.count_node(level);
                    if let Some(item) = A::choose(&self.matrix) {
                        A::cover(&mut self.matrix, item);
                        if level + 1 == cutoff {
                            // The children are listed, not entered: see
                            // `Solver::explore_to`.
                            let listed = self.list_children(base, level, item, explorer);
                            A::uncover(&mut self.matrix, item);
                            if listed.is_break() {
                                break 'search self.stop_at::<A>(
                                    base,
                                    level,
                                    StopReason::Interrupted,
                                );
                            }
                            break 'node;
                        }
                        let first = self.matrix.first_option(item);
                        if first != item {
                            self.choices[level] = first;
                            self.positions[level] = 0;
                            A::commit(&mut self.matrix, first);
                            level += 1;
                            continue 'enter;
                        }
                        A::uncover(&mut self.matrix, item);
                    } else {
                        self.stats.solutions += 1;
                        let solution = if E::LISTS_OPTIONS {
                            self.fill_solution(level)
                        } else {
                            Solution { options: &[] }
                        };
                        if explorer.solution(&solution).is_break() {
                            break 'search self.stop_at::<A>(base, level, StopReason::Visitor);
                        }
                    }
                }
                // Backtrack to the deepest level that has an option left to try.
                match self.backtrack::<A>(base, level) {
                    Some(next) => level = next,
                    None => break 'search StopReason::Complete,
                }
            }
        };
        if stop == StopReason::Visitor && self.on_stop == OnStop::Pause {
            self.paused = Some(Paused {
                clock,
                level: self.stop_level,
            });
        }
        self.end_search(stop);
        if stop == StopReason::Complete {
            self.explored = 1.0;
        }
        self.stats
    }

    /// Backtracks from the node at `level` (its subtree done) to the
    /// deepest level with an option left to try, and commits that option:
    /// the level to enter next, or `None` when the tree below `base` is
    /// done.
    #[inline(always)]
    fn backtrack<A: Algorithm>(&mut self, base: usize, mut level: usize) -> Option<usize> {
        loop {
            if level == base {
                if self.run.left == 0 {
                    return None;
                }
                // The next sibling of a run (see `explore_run`): the
                // selection's last option moves to it, and its commit
                // counts as entering it, as in the full search.
                self.run.left -= 1;
                let current = self.choices[base - 1];
                let next = self.matrix.next_option(current);
                A::swap(&mut self.matrix, current, next);
                self.choices[base - 1] = next;
                return Some(level);
            }
            level -= 1;
            let node = self.choices[level];
            A::uncommit(&mut self.matrix, node);
            let item = self.matrix.item_of(node);
            let next = self.matrix.next_option(node);
            if next != item {
                self.choices[level] = next;
                self.positions[level] += 1;
                A::commit(&mut self.matrix, next);
                return Some(level + 1);
            }
            A::uncover(&mut self.matrix, item);
        }
    }

    /// Lists the children of the node at `level` to `explorer.frontier`,
    /// the options of `item` (covered, the item branched on) in order,
    /// each with its share of the tree below `base`.
    #[inline(never)]
    fn list_children<E: Explorer>(
        &mut self,
        base: usize,
        level: usize,
        item: u32,
        explorer: &mut E,
    ) -> ControlFlow<()> {
        let share = self.path_share(base, level) / f64::from(self.matrix.covered_list_length(item));
        let mut node = self.matrix.first_option(item);
        while node != item {
            explorer.frontier(node, share)?;
            node = self.matrix.next_option(node);
        }
        ControlFlow::Continue(())
    }

    /// Clears what the last search counted, and starts the clock of this
    /// one: returns the level it starts from (below the selection).
    pub(super) fn begin_search(&mut self) -> (usize, Checkpoints) {
        // Only the levels the last search counted can be nonzero.
        let (from, to) = self.profile_touched;
        self.profile[from..to].fill(0);
        self.stats = Stats::default();
        self.matrix.updates = 0;
        self.matrix.cleansings = 0;
        let base = self.selected;
        self.profile_touched = (base, base);
        (base, Checkpoints::new(&self.config))
    }

    /// The start of a search loop: the level it starts from, its clock, and
    /// where it paused if it resumes (see [`Solver::next_solution`]).
    pub(super) fn begin_or_resume(&mut self) -> (usize, Checkpoints, Option<usize>) {
        match self.paused.take() {
            Some(Paused { clock, level }) => (self.selected, clock, Some(level)),
            None => {
                let (base, clock) = self.begin_search();
                (base, clock, None)
            }
        }
    }

    /// Counts a node of the search tree at `level`.
    #[inline(always)]
    pub(super) fn count_node(&mut self, level: usize) {
        self.stats.nodes += 1;
        self.profile[level] += 1;
        self.profile_touched.1 = self.profile_touched.1.max(level + 1);
        self.stats.max_depth = self.stats.max_depth.max(level);
    }

    /// The statistics so far, the matrix's counts included.
    pub(super) fn stats_so_far(&self) -> Stats {
        Stats {
            updates: self.matrix.updates,
            cleansings: self.matrix.cleansings,
            stop: StopReason::Running,
            ..self.stats
        }
    }

    /// Records the end of a search, and why.
    pub(super) fn end_search(&mut self, stop: StopReason) {
        self.stats = Stats {
            stop,
            ..self.stats_so_far()
        };
    }

    /// Records how far a search from `base` got when it stopped at `level`,
    /// and why, and restores the matrix to the selection unless the solver
    /// leaves it (see [`OnStop`]): returns `why`.
    fn stop_at<A: Algorithm>(&mut self, base: usize, level: usize, why: StopReason) -> StopReason {
        self.explored = self.path_estimate(base, level);
        self.stop_level = level;
        if self.on_stop.restores(why) {
            self.unwind::<A>(base, level);
        }
        why
    }

    /// Restores the matrix to the selection after a search from `base`
    /// stopped at `level`.
    pub(super) fn unwind<A: Algorithm>(&mut self, base: usize, level: usize) {
        for &node in self.choices[base..level].iter().rev() {
            A::uncommit(&mut self.matrix, node);
            let item = self.matrix.item_of(node);
            A::uncover(&mut self.matrix, item);
        }
    }
}

/// What a search that stops early does with the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OnStop {
    /// Puts it back to the selection, ready for another search.
    Restore,
    /// Leaves it where the search stopped: the solver's last search
    /// ([`Solver::run_once`]).
    Leave,
    /// At a solution, leaves it there and records where to resume
    /// ([`Solver::next_solution`]); at any other stop, restores it.
    Pause,
}

impl OnStop {
    /// Whether a search that stopped for `why` puts the matrix back.
    pub(super) fn restores(self, why: StopReason) -> bool {
        match self {
            OnStop::Restore => true,
            OnStop::Leave => false,
            OnStop::Pause => why != StopReason::Visitor,
        }
    }
}

/// A search paused at a solution: its checkpoints (the node limit, the
/// time it started) and the level of the solution.
pub(super) struct Paused {
    pub(super) clock: Checkpoints,
    pub(super) level: usize,
}

/// When a search checks its budget and reports progress: every
/// `interval` nodes, fewer when nodes are slow.
pub(super) struct Checkpoints {
    node_limit: u64,
    /// The budget's time and cancel check, looked at in checkpoints only.
    budget: BudgetClock,
    wanted: u64,
    interval: u64,
    last: Instant,
    /// The node count of the next checkpoint.
    pub(super) next: u64,
}

impl Checkpoints {
    fn new(config: &SearchConfig) -> Checkpoints {
        let budget = config.get_budget().start();
        let node_limit = budget.node_limit().unwrap_or(u64::MAX);
        let wanted = config.get_checkpoint_interval();
        // The first checkpoints come soon, and the interval grows to the
        // one wanted while nodes are fast: a search whose nodes are slow
        // from the start (a million items) must not run its whole first
        // interval, seconds of it, before a budget is looked at.
        let interval = wanted.min(FIRST_CHECKPOINT);
        Checkpoints {
            node_limit,
            budget,
            wanted,
            interval,
            last: Instant::now(),
            next: interval.min(node_limit),
        }
    }

    /// A checkpoint, with the statistics so far and Knuth's estimate of
    /// the fraction explored (worked out here, past the budget's tests,
    /// not at every node): the reason to stop, if there is one.
    pub(super) fn check<E: Explorer>(
        &mut self,
        stats: Stats,
        fraction: impl FnOnce() -> f64,
        explorer: &mut E,
    ) -> Option<StopReason> {
        if stats.nodes >= self.node_limit {
            return Some(StopReason::NodeLimit);
        }
        if let Some(stop) = self.budget.poll() {
            return Some(stop);
        }
        let progress = Progress {
            stats,
            fraction: fraction(),
        };
        // The time the nodes took since the last checkpoint, without the
        // explorer's own.
        self.interval = adapt_interval(self.interval, self.wanted, self.last.elapsed());
        if explorer.checkpoint(&progress).is_break() {
            return Some(StopReason::Interrupted);
        }
        self.last = Instant::now();
        self.next = self.next.saturating_add(self.interval).min(self.node_limit);
        None
    }
}

/// The next number of nodes between checkpoints, after the last `interval`
/// nodes took `gap`: shrunk when checkpoints come further apart than
/// [`CHECKPOINT_GAP`], grown back towards `wanted` when they come fast.
fn adapt_interval(interval: u64, wanted: u64, gap: Duration) -> u64 {
    if gap > CHECKPOINT_GAP {
        let scaled = interval as f64 * CHECKPOINT_GAP.as_secs_f64() / gap.as_secs_f64() / 2.0;
        (scaled as u64).clamp(1, wanted)
    } else if gap < CHECKPOINT_GAP / 4 {
        interval.saturating_mul(2).min(wanted)
    } else {
        interval
    }
}
