//! The search: a [`Solver`] holds the linked matrix and the level stack of
//! one search in the caller's arena, and runs one of the algorithms on it.
//!
//! - [`walk`]: the search loop of Algorithms X and C, an iterative
//!   backtrack with an explicit level stack, generic over the [`Algorithm`]
//!   (how to choose an item, cover it and commit an option);
//! - [`x`]: Algorithm X (Knuth's DLX1): plain exact cover;
//! - [`c`]: Algorithm C (Knuth's DLX2): exact cover with colors;
//! - [`m`]: Algorithm M (Knuth's DLX3): bounds on primary items (and
//!   colors), with its own loop.
//!
//! The algorithm is chosen once per search, from the problem, never by a
//! flag inside a loop.

/// Runs `$body` with `$algorithm` the [`Algorithm`] of `$solver`'s problem
/// if it has no bounds, else `$bounded` (Algorithm M has its own loop):
/// chosen once per call, never inside a loop. A problem with many primary
/// items keeps the list of active chunks (see `matrix/chunks.rs`): its
/// algorithm is compiled apart, `WIDE`.
macro_rules! by_algorithm {
    ($solver:expr, $algorithm:ident => $body:expr, bounded => $bounded:expr) => {{
        let wide = $solver.matrix.is_wide();
        match $solver.matrix.kind {
            Kind::ExactCover if wide => {
                type $algorithm = ExactCover<true>;
                $body
            }
            Kind::ExactCover => {
                type $algorithm = ExactCover<false>;
                $body
            }
            Kind::Colors if wide => {
                type $algorithm = Colors<true>;
                $body
            }
            Kind::Colors => {
                type $algorithm = Colors<false>;
                $body
            }
            Kind::Multiplicities { .. } => $bounded,
        }
    }};
}

/// Runs `$body` with `$hiding` the `Hiding` of `$solver`'s problem, one
/// with bounds (Algorithm M): DLX2's colored dance when it has colors,
/// DLX1's when not.
macro_rules! by_hiding {
    ($solver:expr, $hiding:ident => $body:expr) => {{
        debug_assert!($solver.matrix.kind.is_bounded());
        if $solver.matrix.kind == (Kind::Multiplicities { colors: true }) {
            type $hiding = Colored;
            $body
        } else {
            type $hiding = Plain;
            $body
        }
    }};
}

/// Runs `$body` with `$dance` the type of the dance `$solver`'s problem
/// needs (see `by_algorithm`).
macro_rules! by_dance {
    ($solver:expr, $dance:ident => $body:expr) => {
        by_algorithm!($solver, $dance => $body, bounded => by_hiding!($solver, H => {
            type $dance = Multiplicities<H>;
            $body
        }))
    };
}

mod c;
mod m;
mod memo;
mod shared;
mod walk;
mod x;

use std::fmt;
use std::ops::ControlFlow;

use bumpalo::Bump;

use crate::config::SearchConfig;
use crate::matrix::{Colored, Kind, Matrix, Plain, Template, max_depth};
use crate::problem::{OptionId, Problem};
use crate::visit::{Explorer, Progress, Solution, Stats, Visiting, Visitor};

use c::Colors;
use m::Multiplicities;
pub(crate) use walk::{Algorithm, Dance};
use x::ExactCover;

pub use memo::{CacheStats, DEFAULT_MEMO_LIMIT, MemoConfig, MemoCount, MemoError};
pub(crate) use memo::{MemoWalker, SharedCache};
pub use shared::Search;

/// The search state for one problem: the linked matrix and the level stack,
/// all in the caller's arena.
///
/// A solver can run any number of searches; each starts from the full
/// problem. To solve many problems without allocating, reset the arena
/// between them (`bump.reset()`), which the borrow checker allows once the
/// solver is dropped.
///
/// ```
/// use bumpalo::Bump;
/// use dancing::{format, Solver, Search};
///
/// // Knuth's example from "Dancing Links".
/// let problem = format::read_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?.problem;
/// let bump = Bump::new();
/// let mut solver = Solver::new(&problem, &bump);
/// let solution = solver.first().expect("a solution");
/// let mut chosen: Vec<usize> = solution.iter().map(|o| o.index()).collect();
/// chosen.sort();
/// assert_eq!(chosen, [0, 3, 4]); // C E F, A D, B G
/// assert_eq!(solver.stats().nodes, 6);
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
pub struct Solver<'b> {
    matrix: Matrix<'b>,
    /// `choices[level]` is the option node chosen at `level`; the first
    /// `selected` levels hold the options chosen with [`Solver::select`].
    choices: &'b mut [u32],
    /// `positions[level]`, for a level the search chose (not a selected
    /// one), is the place of `choices[level]` in its item's list, counted
    /// from 0: Knuth's progress estimate needs it, and counting as the
    /// search steps through the list spares a walk of the list. (Not for
    /// Algorithm M, whose estimates walk its branches: see `m.rs`.)
    positions: &'b mut [u32],
    /// How many options are selected: the level a search starts from.
    selected: usize,
    /// The chosen options of the current solution, filled when one is found.
    solution: &'b mut [OptionId],
    /// `profile[level]` counts the search-tree nodes at `level`.
    profile: &'b mut [u64],
    /// The levels of `profile` the last search may have counted, to be
    /// cleared by the next one (a search from a deep selection touches only
    /// the levels below it).
    profile_touched: (usize, usize),
    stats: Stats,
    /// Knuth's estimate of the fraction of the tree the last search
    /// explored (1 when it ran to the end).
    explored: f64,
    /// The level the last search stopped at, when it stopped early: the
    /// choices down to it are the path of the node it was entering (or,
    /// stopped by its visitor, of the solution it had found).
    stop_level: usize,
    /// The node limit and checkpoint interval of every search.
    config: SearchConfig,
    /// Algorithm M only: per level, the top node of the item branched on
    /// before its tweaks, and the branching degree.
    tweaks: &'b mut [u32],
    degrees: &'b mut [u32],
    /// `entering[level]`, for a selected level, is what committing its
    /// option cost (updates, cleansings): the cost of entering that node of
    /// the tree, which a search from a selection made by the parallel split
    /// owes (see [`Solver::explore_to`]).
    entering: &'b mut [Entering],
    /// The run of siblings the current search explores (see
    /// [`Solver::explore_run`]): one subtree unless a run was asked for.
    run: Run,
    /// Whether a search that stops early puts the matrix back to the
    /// selection: always, but for the one search of [`Solver::run_once`].
    restores_on_stop: bool,
}

/// A run of consecutive siblings searched as one task: the subtree of the
/// selection's last node, then those of the siblings after it.
#[derive(Clone, Copy, Debug)]
struct Run {
    /// The subtrees in the run.
    len: u32,
    /// The siblings still to search after the current one.
    left: u32,
}

impl Run {
    const SINGLE: Run = Run { len: 1, left: 0 };
}

/// What entering a node of the search tree cost: the updates and
/// cleansings of its option's commit (Algorithm M: its tweak and commit).
#[derive(Clone, Copy, Debug, Default)]
struct Entering {
    updates: u32,
    cleansings: u32,
}

/// Why an option cannot be selected: see [`Solver::select`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectError {
    /// The problem has no option with this id.
    NoSuchOption(OptionId),
    /// The option has no primary item, so the search ignores it.
    Ignored(OptionId),
    /// An item of the option is covered by an option already selected.
    Conflict(OptionId),
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelectError::NoSuchOption(o) => write!(f, "there is no option {}", o.index()),
            SelectError::Ignored(o) => {
                write!(f, "option {} has no primary item and is ignored", o.index())
            }
            SelectError::Conflict(o) => write!(
                f,
                "option {} shares an item with an option already selected",
                o.index()
            ),
        }
    }
}

impl std::error::Error for SelectError {}

impl<'b> Solver<'b> {
    /// Links `problem` into `bump`, ready to search: with Algorithm X, or
    /// Algorithm C if the problem has colors, or Algorithm M if it has item
    /// bounds.
    pub fn new(problem: &Problem, bump: &'b Bump) -> Solver<'b> {
        Solver::with_matrix(Matrix::build(problem, bump), max_depth(problem), bump)
    }

    /// A solver on a copy of `template`'s matrix in `bump`: faster than
    /// [`new`](Self::new) when one problem is solved many times (with
    /// different [selections](Self::select)), and the way many threads share
    /// one linked problem.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::{format, Solver, Template, Search};
    ///
    /// let problem = format::read_str("a b c\na\nb\nc\na b\nb c\n")?.problem;
    /// let template = Template::new(&problem);
    /// let mut bump = Bump::new();
    /// for _ in 0..3 {
    ///     let mut solver = Solver::from_template(&template, &bump);
    ///     assert_eq!(solver.count(), 3);
    ///     drop(solver);
    ///     bump.reset();
    /// }
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn from_template(template: &'b Template, bump: &'b Bump) -> Solver<'b> {
        Solver::from_template_cancellable(template, bump, &mut || false)
            .expect("a copy that is never cancelled is made")
    }

    /// [`from_template`](Self::from_template), asking `cancel` every few
    /// megabytes of the copy (of a huge problem's links, which takes a
    /// while): `None` if it said to stop.
    pub(crate) fn from_template_cancellable(
        template: &'b Template,
        bump: &'b Bump,
        cancel: &mut dyn FnMut() -> bool,
    ) -> Option<Solver<'b>> {
        let matrix = Matrix::from_template(template, bump, cancel)?;
        Some(Solver::with_matrix(matrix, template.max_depth(), bump))
    }

    fn with_matrix(matrix: Matrix<'b>, max_depth: usize, bump: &'b Bump) -> Solver<'b> {
        // Algorithm M keeps two more figures per level.
        let bounded_levels = if matrix.kind.is_bounded() {
            max_depth
        } else {
            0
        };
        // The profile has one more level, for the solutions.
        Solver {
            tweaks: bump.alloc_slice_fill_copy(bounded_levels, 0),
            degrees: bump.alloc_slice_fill_copy(bounded_levels, 0),
            entering: bump.alloc_slice_fill_copy(max_depth, Entering::default()),
            matrix,
            choices: bump.alloc_slice_fill_copy(max_depth, 0),
            positions: bump.alloc_slice_fill_copy(max_depth, 0),
            selected: 0,
            solution: bump.alloc_slice_fill_copy(max_depth, OptionId::new(0)),
            profile: bump.alloc_slice_fill_copy(max_depth + 1, 0),
            profile_touched: (0, 0),
            stats: Stats::default(),
            explored: 0.0,
            stop_level: 0,
            run: Run::SINGLE,
            config: SearchConfig::default(),
            restores_on_stop: true,
        }
    }

    /// Chooses `option` before the search, as if the search had chosen it:
    /// its items are covered, the options that share an item with it are
    /// gone, and every solution found from now on contains it (first, in
    /// the order of selection). This solves a problem under some fixed
    /// choices (the givens of a puzzle, say), or one subtree of the search.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::{format, OptionId, SelectError, Solver, Search};
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
    fn select_node(&mut self, node: u32) {
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
    fn commit_entering<A: Dance>(&mut self, level: usize, node: u32) {
        let before = self.matrix.counts();
        A::commit(&mut self.matrix, node);
        self.record_entering(level, before);
    }

    /// Records what the matrix counted since `before` (its updates and
    /// cleansings then) as the cost of entering the node at `level + 1`.
    fn record_entering(&mut self, level: usize, before: (u64, u64)) {
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

    /// This solver, searching as `config` says (its node limit and
    /// checkpoint interval: a solver runs on one thread).
    pub fn with_config(mut self, config: SearchConfig) -> Solver<'b> {
        self.config = config;
        self
    }

    /// Makes every later search run as `config` says.
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// How the searches of this solver run.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Runs the search, reporting each solution and the progress to
    /// `visitor` until it asks to stop (see [`Visitor`]). Returns the
    /// statistics of this search, which [`stats`](Self::stats) also keeps,
    /// or the visitor's error; either way the solver is back to its
    /// selection, ready for another search.
    pub fn run<V: Visitor>(&mut self, visitor: V) -> Result<Stats, V::Error> {
        let mut visiting = Visiting::new(visitor);
        let stats = self.explore(usize::MAX, &mut visiting);
        let (stats, result) = visiting.finish(stats);
        self.stats = stats;
        result
    }

    /// [`run`](Self::run) as the solver's last search: it is used up, so a
    /// search that stops early (at a visitor's `Break`, a node limit, an
    /// error) leaves the matrix where it stopped instead of undoing the
    /// path down to there. For a throwaway solver, as a batch of puzzles
    /// makes one per puzzle from a [`Template`]: on 17-clue Sudoku, whose
    /// search for one solution stops at it 64 levels down, the undoing was
    /// over a quarter of the search's work.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use bumpalo::Bump;
    /// use dancing::{format, FnVisitor, Progress, Solution, Solver, StopReason};
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
    /// let bump = Bump::new();
    /// let mut found = 0;
    /// let stats = Solver::new(&problem, &bump).run_once(FnVisitor {
    ///     solution: |_: &Solution<'_>| {
    ///         found += 1;
    ///         if found == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    ///     },
    ///     progress: |_: &Progress| ControlFlow::Continue(()),
    /// })?;
    /// assert_eq!((found, stats.stop), (2, StopReason::Visitor));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_once<V: Visitor>(mut self, visitor: V) -> Result<Stats, V::Error> {
        self.restores_on_stop = false;
        self.run(visitor)
    }

    /// Knuth's estimate of the fraction of the search tree that the last
    /// search explored, from 0 to 1: 1 when it ran to the end, else the
    /// estimate at the node where it stopped (see [`Progress::fraction`]).
    pub fn explored(&self) -> f64 {
        self.explored
    }

    /// The search, by the problem's algorithm.
    fn explore<E: Explorer>(&mut self, cutoff: usize, explorer: &mut E) -> Stats {
        by_algorithm!(
            self,
            A => self.walk::<A, E>(cutoff, explorer),
            bounded => by_hiding!(self, H => self.walk_bounded::<H, E>(cutoff, explorer))
        )
    }

    /// The options chosen down to `level`, as a solution.
    fn fill_solution(&mut self, level: usize) -> Solution<'_> {
        for (slot, &node) in self.solution.iter_mut().zip(&self.choices[..level]) {
            *slot = self.matrix.option_of(node);
        }
        Solution {
            options: &self.solution[..level],
        }
    }

    /// Knuth's estimate of the fraction of the search below `base` explored
    /// before the node reached by the choices down to `level`, taking the
    /// options at each level to lead to subtrees of equal size, in time
    /// linear in the depth.
    fn path_estimate(&self, base: usize, level: usize) -> f64 {
        let (mut fraction, mut share) = (0.0, 1.0);
        for (&node, &position) in self.choices[base..level]
            .iter()
            .zip(&self.positions[base..level])
        {
            let length = self.matrix.covered_list_length(self.matrix.item_of(node));
            share /= f64::from(length);
            fraction += share * f64::from(position);
        }
        let Run { len, left } = self.run;
        // The siblings of the run already searched, then this one's share.
        (f64::from(len - 1 - left) + fraction) / f64::from(len)
    }

    /// Knuth's estimate of the share of the search below `base` that lies
    /// below the node reached by the choices down to `level`: one over the
    /// product of the branching degrees on the way, in time linear in the
    /// depth.
    fn path_share(&self, base: usize, level: usize) -> f64 {
        self.choices[base..level]
            .iter()
            .map(|&node| f64::from(self.matrix.covered_list_length(self.matrix.item_of(node))))
            .fold(1.0, |share, length| share / length)
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Search-tree nodes per level in the last search: entry `l` counts the
    /// nodes at depth `l` (the root is level 0).
    pub fn profile(&self) -> &[u64] {
        let levels = if self.stats.nodes == 0 {
            0
        } else {
            self.stats.max_depth + 1
        };
        &self.profile[..levels]
    }
}

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

impl Search for Solver<'_> {
    fn run<V: Visitor>(&mut self, visitor: V) -> Result<Stats, V::Error> {
        Solver::run(self, visitor)
    }

    fn count_within<M>(&mut self, limit: u64, monitor: M) -> Stats
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let mut counter = Counter {
            limit,
            seen: 0,
            monitor,
        };
        self.stats = self.explore(usize::MAX, &mut counter);
        self.stats
    }

    fn stats(&self) -> Stats {
        Solver::stats(self)
    }

    fn profile(&self) -> &[u64] {
        Solver::profile(self)
    }

    fn explored(&self) -> f64 {
        Solver::explored(self)
    }

    fn config(&self) -> &SearchConfig {
        Solver::config(self)
    }

    fn set_config(&mut self, config: SearchConfig) {
        Solver::set_config(self, config);
    }
}

/// The explorer of [`Search::count_within`]: counts solutions up to a
/// limit, without listing their options, and passes progress on to a
/// monitor.
struct Counter<M> {
    limit: u64,
    seen: u64,
    monitor: M,
}

impl<M: FnMut(&Progress) -> ControlFlow<()>> Explorer for Counter<M> {
    const LISTS_OPTIONS: bool = false;

    #[inline(always)]
    fn solution(&mut self, _: &Solution<'_>) -> ControlFlow<()> {
        self.seen += 1;
        if self.seen == self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        (self.monitor)(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::visit::{FnVisitor, StopReason, carry_on};

    /// A used-up solver's search (`run_once`, which leaves the matrix where
    /// it stopped) finds what a kept solver's does, and the kept solver,
    /// restored after each stop, still counts every solution: on plain,
    /// colored and bounded problems, stopped by the visitor and by a node
    /// limit at many points.
    #[test]
    fn a_last_search_finds_what_a_restored_one_does() {
        for text in [
            include_str!("../../tests/data/queens8.dlx"),
            include_str!("../../tests/data/debruijn3.dlx"),
            include_str!("../../tests/data/rowcol4_1_2.dlx"),
        ] {
            let problem = format::read_str(text).unwrap().problem;
            let bump = Bump::new();
            let mut kept = Solver::new(&problem, &bump);
            let total = kept.count();
            fn visit(
                stop_after: u64,
                found: &mut Vec<Vec<OptionId>>,
            ) -> impl FnMut(&Solution<'_>) -> ControlFlow<()> + '_ {
                move |solution| {
                    found.push(solution.options().to_vec());
                    if found.len() as u64 == stop_after {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                }
            }
            for stop_after in [1, 2, 5, total / 2, total] {
                for node_limit in [None, Some(7), Some(60)] {
                    let config = SearchConfig::new().node_limit(node_limit);
                    let (mut by_kept, mut by_last) = (Vec::new(), Vec::new());
                    kept.set_config(config.clone());
                    let kept_stats = kept.search(visit(stop_after, &mut by_kept));
                    let Ok(last_stats) =
                        Solver::new(&problem, &bump)
                            .with_config(config)
                            .run_once(FnVisitor {
                                solution: visit(stop_after, &mut by_last),
                                progress: carry_on,
                            });
                    assert_eq!(by_last, by_kept, "{stop_after} {node_limit:?}");
                    assert_eq!(last_stats, kept_stats, "{stop_after} {node_limit:?}");
                    kept.set_config(SearchConfig::new());
                    assert_eq!(kept.count(), total, "restored after the stop");
                }
            }
        }
    }

    /// Keys that hold the column and plain lengths (for problems whose keys
    /// would not fit) choose the same items.
    #[test]
    fn plain_lengths_choose_as_keys_do() {
        for text in [
            include_str!("../../tests/data/queens8.dlx"),
            include_str!("../../tests/data/langford7.dlx"),
            include_str!("../../tests/data/partitions8.dlx"),
            include_str!("../../tests/data/sudoku4x4_grids.dlx"),
            include_str!("../../tests/data/toy.dlx"),
        ] {
            let problem = format::read_str(text).unwrap().problem;
            let bump = Bump::new();
            let mut keyed = Solver::new(&problem, &bump);
            let mut plain = Solver::new(&problem, &bump);
            plain.matrix.use_plain_lengths();
            assert_eq!(keyed.collect(usize::MAX), plain.collect(usize::MAX));
            assert_eq!(keyed.stats(), plain.stats());
            assert_eq!(keyed.profile(), plain.profile());
        }
    }

    /// A problem of 3,000 primary items (94 chunks, so the choice keeps
    /// the list of active chunks): the items cut in runs of 250, every run
    /// of one to three consecutive blocks an option (927 tilings), which
    /// cover and uncover whole and partial chunks; some options also hold
    /// a secondary item, colored if `colored`.
    fn wide_problem(colored: bool) -> Problem {
        let mut text: String = (1..=3000).map(|i| format!("i{i} ")).collect();
        text.push_str("| s t\n");
        for start in 0..12 {
            for blocks in 1..=3 {
                if start + blocks > 12 {
                    continue;
                }
                let items = (start * 250 + 1..=(start + blocks) * 250).map(|i| format!("i{i} "));
                text.extend(items);
                match (start + blocks) % 3 {
                    0 if colored => text.push_str(&format!("s:{}", blocks % 2)),
                    0 => text.push('s'),
                    1 if colored => text.push_str("t:a"),
                    _ => {}
                }
                text.push('\n');
            }
        }
        format::read_str(&text).unwrap().problem
    }

    /// The list of active chunks of a wide problem chooses the items that
    /// the scan of every chunk chooses, with keys and with plain lengths.
    #[test]
    fn wide_problems_choose_as_the_dense_scan_does() {
        for colored in [false, true] {
            let problem = wide_problem(colored);
            let bump = Bump::new();
            let mut listed = Solver::new(&problem, &bump);
            assert!(
                !listed.matrix.chunks.is_empty(),
                "a wide problem keeps the list"
            );
            let mut dense = Solver::new(&problem, &bump);
            dense.matrix.chunks = &mut [];
            let solutions = listed.collect(usize::MAX);
            assert!(solutions.len() > 20, "{} solutions", solutions.len());
            assert_eq!(solutions, dense.collect(usize::MAX));
            assert_eq!(listed.stats(), dense.stats());
            assert_eq!(listed.profile(), dense.profile());
            let mut plain = Solver::new(&problem, &bump);
            plain.matrix.use_plain_lengths();
            assert_eq!(solutions, plain.collect(usize::MAX));
            assert_eq!(listed.stats(), plain.stats());
            // A selection covers items too; the list follows.
            listed.select(solutions[7][0]).unwrap();
            let with_first = solutions
                .iter()
                .filter(|s| s.contains(&solutions[7][0]))
                .count();
            assert_eq!(listed.count() as usize, with_first);
            listed.clear_selection();
            assert_eq!(listed.collect(usize::MAX), solutions);
        }
    }

    /// Every unchecked access of the dance, on a problem small enough for
    /// Miri (`.ci/run` runs the tests named `miri_` under it): a search
    /// from a template's copy, selections, reselections, and a stop.
    #[test]
    fn miri_small_searches_select_and_stop() {
        let problem = format::read_str(include_str!("../../tests/data/toy.dlx"))
            .unwrap()
            .problem;
        let template = Template::new(&problem);
        let bump = Bump::new();
        let mut solver = Solver::from_template(&template, &bump);
        let all = solver.collect(usize::MAX);
        assert_eq!(all.len(), 1);
        assert_eq!(solver.stats().nodes, 6);
        let mut fresh = Solver::new(&problem, &bump);
        assert_eq!(fresh.collect(usize::MAX), all);
        // Select the solution's first option, then move along its path.
        solver.select(all[0][0]).unwrap();
        assert_eq!(solver.count(), 1);
        solver.clear_selection();
        let mut level1 = Frontier(Vec::new(), Vec::new());
        solver.explore_to(1, &mut level1);
        for path in &level1.0 {
            solver.reselect(path);
            solver.count();
        }
        solver.reselect(&[]);
        solver.set_config(SearchConfig::new().node_limit(Some(3)));
        let stopped = solver.search(|_| ControlFlow::Continue(()));
        assert_eq!(stopped.stop, StopReason::NodeLimit);
        solver.set_config(SearchConfig::new());
        assert_eq!(solver.count(), 1);
    }

    /// The unchecked accesses of Algorithms C and M (purify, tweak, the
    /// null move, replayed branches), on DLX2's and DLX3's examples, small
    /// enough for Miri.
    #[test]
    fn miri_colored_and_bounded_searches_select_and_stop() {
        for (text, nodes) in [
            (include_str!("../../tests/data/knuth_dlx2_example.dlx"), 4),
            (include_str!("../../tests/data/knuth_dlx3_example.dlx"), 6),
            // Slack on every item (null moves), colors, and a zero lower
            // bound.
            (
                "0:2|a 1:2|b 1:1|c | x\na b x:1\na c\nb x:2\nc\na x:1\nb c\n",
                0,
            ),
        ] {
            let problem = format::read_str(text).unwrap().problem;
            let template = Template::new(&problem);
            let bump = Bump::new();
            let mut solver = Solver::from_template(&template, &bump);
            let all = solver.collect(usize::MAX);
            if nodes > 0 {
                assert_eq!(solver.stats().nodes, nodes);
            }
            assert!(!all.is_empty());
            // Every path of the first level, replayed, then searched.
            let mut level1 = Frontier(Vec::new(), Vec::new());
            solver.explore_to(1, &mut level1);
            let mut below = 0;
            for path in &level1.0 {
                solver.reselect(path);
                below += solver.count();
            }
            solver.reselect(&[]);
            assert_eq!(below as usize, all.len());
            // A selection, and a stop.
            solver.select(all[0][0]).unwrap();
            assert!(solver.count() >= 1);
            solver.clear_selection();
            solver.set_config(SearchConfig::new().node_limit(Some(3)));
            let stopped = solver.search(|_| ControlFlow::Continue(()));
            assert_eq!(stopped.stop, StopReason::NodeLimit);
            solver.set_config(SearchConfig::new());
            assert_eq!(solver.count() as usize, all.len());
        }
    }

    /// Collects the paths of the nodes at one level of the tree.
    struct Frontier(Vec<Vec<u32>>, Vec<u32>);

    impl Explorer for Frontier {
        fn solution(&mut self, _solution: &Solution<'_>) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }

        fn frontier(&mut self, node: u32, _weight: f64) -> ControlFlow<()> {
            let mut path = self.1.clone();
            path.push(node);
            self.0.push(path);
            ControlFlow::Continue(())
        }
    }

    /// Moving the selection from path to path (in tree order, and jumping
    /// about) leaves the matrix as selecting each path afresh does: the
    /// searches below agree, and together they find every solution.
    #[test]
    fn reselecting_paths_equals_selecting_them_afresh() {
        for text in [
            include_str!("../../tests/data/queens8.dlx"),
            include_str!("../../tests/data/langford7.dlx"),
            include_str!("../../tests/data/sudoku4x4_grids.dlx"),
        ] {
            let problem = format::read_str(text).unwrap().problem;
            let bump = Bump::new();
            let mut solver = Solver::new(&problem, &bump);
            let total = solver.count();
            // The nodes at levels 1 and 2, found level by level.
            let mut level1 = Frontier(Vec::new(), Vec::new());
            solver.explore_to(1, &mut level1);
            let mut paths = Vec::new();
            for path in &level1.0 {
                solver.reselect(path);
                let mut level2 = Frontier(Vec::new(), path.clone());
                solver.explore_to(2, &mut level2);
                paths.extend(level2.0);
            }
            assert!(paths.len() > 4, "a tree wide enough to test");
            let count_below = |solver: &mut Solver<'_>, path: &[u32]| {
                solver.reselect(path);
                let found = solver.collect(usize::MAX);
                let fresh_bump = Bump::new();
                let mut fresh = Solver::new(&problem, &fresh_bump);
                for &node in path {
                    fresh.select_node(node);
                }
                assert_eq!(found, fresh.collect(usize::MAX));
                assert_eq!(solver.stats(), fresh.stats());
                found.len() as u64
            };
            let in_order: u64 = paths
                .iter()
                .map(|path| count_below(&mut solver, path))
                .sum();
            assert_eq!(in_order, total);
            // Jumping about: every third path, from the end.
            for path in paths.iter().rev().step_by(3) {
                count_below(&mut solver, path);
            }
            solver.reselect(&[]);
            assert_eq!(solver.count(), total);
        }
    }

    /// A root with `n` children, each costly to enter (its commit hides
    /// about `n` options): plainly (`w` covered), by colors (`x` purified)
    /// or with bounds and colors; and `2|y`, a branch whose `n` children
    /// each tweak one option out (`y` in `n` options of its own).
    fn costly_children(n: usize) -> Vec<(&'static str, Problem)> {
        let mut plain = String::from("y w | z\n");
        let mut colored = String::from("a b | x\n");
        let mut bounded = String::from("2|a 2|b | x\n");
        let mut tweaked = String::from("2|y\n");
        for k in 0..n {
            plain.push_str("y w\n");
            let options = format!("a x:c{}\nb x:c{}\n", k % 7, k % 5);
            colored.push_str(&options);
            bounded.push_str(&options);
            tweaked.push_str("y\n");
        }
        for _ in 0..n {
            plain.push_str("w z\n");
        }
        [
            ("plain", plain),
            ("colored", colored),
            ("bounded", bounded),
            ("tweaked", tweaked),
        ]
        .into_iter()
        .map(|(name, text)| (name, format::read_str(&text).unwrap().problem))
        .collect()
    }

    /// The split's way through a tree: the root's children listed (none
    /// entered: the listing costs what the root itself does, not a commit
    /// per child, which made the parallel split quadratic in the width),
    /// then each child's subtree searched from the child selected, moving
    /// from sibling to sibling as the search does (not replaying a branch
    /// of Algorithm M from its start). The figures add up to the whole
    /// search's exactly: each child's search counts entering it.
    #[test]
    fn children_are_listed_without_entering_them_and_searched_from_their_selection() {
        let n = 200;
        for (name, problem) in costly_children(n) {
            let bump = Bump::new();
            let mut solver = Solver::new(&problem, &bump);
            let count = solver.count();
            let whole = solver.stats();
            let level1 = solver.profile()[1];
            assert!(level1 >= n as u64 - 1, "{name}: {level1} children");
            let mut children = Frontier(Vec::new(), Vec::new());
            let listed = solver.explore_to(1, &mut children);
            assert_eq!(children.0.len() as u64, level1, "{name}");
            assert_eq!(listed.nodes, 1, "{name}");
            assert!(
                listed.updates <= 2 * n as u64 + 2,
                "{name}: listing {n} children took {} updates",
                listed.updates
            );
            let (mut nodes, mut updates, mut cleansings, mut solutions) = (
                listed.nodes,
                listed.updates,
                listed.cleansings,
                listed.solutions,
            );
            let mut moving = 0;
            for path in &children.0 {
                let before = solver.matrix.updates;
                solver.reselect(path);
                moving += solver.matrix.updates - before;
                let below = solver.explore_to(usize::MAX, &mut Frontier(Vec::new(), Vec::new()));
                nodes += below.nodes;
                updates += below.updates;
                cleansings += below.cleansings;
                solutions += below.solutions;
            }
            solver.reselect(&[]);
            assert_eq!(solutions, count, "{name}");
            assert_eq!(
                (nodes, updates, cleansings),
                (whole.nodes, whole.updates, whole.cleansings),
                "{name}: the subtrees add up to the whole search"
            );
            if name == "tweaked" {
                // Each move tweaks one option out (and commits one of one
                // node); replaying the branch from its start would tweak
                // n^2 / 2.
                assert!(moving <= 4 * n as u64, "{name}: moving took {moving}");
            }
            assert_eq!(solver.count(), count, "{name}: the solver is whole");
        }
    }

    /// The search is compiled twice on x86-64 (for AVX2, and portable);
    /// both must explore the same tree and find the same solutions.
    #[test]
    fn every_compiled_variant_of_the_search_agrees() {
        for text in [
            include_str!("../../tests/data/queens8.dlx"),
            include_str!("../../tests/data/langford7.dlx"),
            include_str!("../../tests/data/partitions8.dlx"),
            include_str!("../../tests/data/sudoku4x4_grids.dlx"),
        ] {
            let problem = format::read_str(text).unwrap().problem;
            let bump = Bump::new();
            let mut solver = Solver::new(&problem, &bump);
            let mut dispatched = Vec::new();
            let dispatched_stats = solver.search(|s| {
                dispatched.push(s.options().to_vec());
                ControlFlow::Continue(())
            });
            let mut portable = Vec::new();
            let mut visiting = Visiting::new(FnVisitor {
                solution: |s: &Solution<'_>| {
                    portable.push(s.options().to_vec());
                    ControlFlow::Continue(())
                },
                progress: carry_on,
            });
            let portable_stats =
                solver.walk_portable::<ExactCover<false>, _>(usize::MAX, &mut visiting);
            assert_eq!(dispatched_stats, portable_stats);
            assert_eq!(dispatched, portable);
            assert!(dispatched_stats.solutions > 0);
        }
    }
}
