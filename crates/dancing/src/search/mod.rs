//! The search: a [`Solver`] holds the linked matrix and the level stack of
//! one search in the caller's arena, and runs one of the algorithms on it.
//!
//! - this file: the [`Solver`] facade (building, configuring, running);
//! - [`shared`]: the [`Search`] trait both solvers implement, and
//!   [`counter`] its implementation here, with the counting explorer;
//! - [`resume`]: the resumable search, paused at each solution;
//! - [`select`]: options chosen before a search;
//! - [`estimate`]: Knuth's random-probe estimate of the search tree;
//! - [`subtree`]: exploring for the parallel split (moving the selection
//!   along the tree, listing a level, searching one subtree or a run);
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
                type $algorithm = AlgorithmX<true>;
                $body
            }
            Kind::ExactCover => {
                type $algorithm = AlgorithmX<false>;
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
        if let Kind::Multiplicities { colors: true, .. } = $solver.matrix.kind {
            type $hiding = Colored;
            $body
        } else if let Kind::Multiplicities { pairs: true, .. } = $solver.matrix.kind {
            type $hiding = $crate::matrix::Pairs;
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
mod counter;
#[cfg(target_arch = "x86_64")]
mod cpu;
mod estimate;
mod m;
mod memo;
mod resume;
mod select;
mod shared;
mod subtree;
mod walk;
mod x;

use bumpalo::Bump;

use crate::config::SearchConfig;
use crate::matrix::{Colored, Kind, Matrix, Plain, Template, max_depth};
use crate::problem::{OptionId, Problem};
use crate::visit::{Explorer, Solution, Stats, Visiting, Visitor};

use c::Colors;
use m::Multiplicities;
pub(crate) use walk::{Algorithm, Dance};
use walk::{OnStop, Paused};
use x::AlgorithmX;

pub use estimate::{Estimate, Figure};
pub use memo::{CacheStats, DEFAULT_MEMO_LIMIT, MemoConfig, MemoCount, MemoError};
pub(crate) use memo::{MemoWalker, SharedCache};
pub use resume::Solutions;
// The matrix's, which the search's selections give as well.
pub use crate::matrix::SelectError;
pub use shared::Search;
pub(crate) use subtree::Subsearch;

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
/// use dancing::format;
/// use dancing::expert::{Solver, Search};
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
    /// What a search that stops early does with the matrix: puts it back
    /// to the selection, but for the one search of [`Solver::run_once`]
    /// and the pauses of [`Solver::next_solution`].
    on_stop: OnStop,
    /// The search [`Solver::next_solution`] paused, if there is one.
    paused: Option<Paused>,
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
    /// use dancing::format;
    /// use dancing::expert::{Solver, Template, Search};
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
        Solver::from_template_until(template, bump, &mut || false)
            .expect("a copy that is never cancelled is made")
    }

    /// [`from_template`](Self::from_template), asking `cancel` every few
    /// megabytes of the copy (of a huge problem's links, which takes a
    /// while): `None` if it said to stop.
    pub(crate) fn from_template_until(
        template: &'b Template,
        bump: &'b Bump,
        cancel: &mut dyn FnMut() -> bool,
    ) -> Option<Solver<'b>> {
        let matrix = Matrix::from_template(template, bump, cancel)?;
        Some(Solver::with_matrix(matrix, template.max_depth(), bump))
    }

    /// A solver for the problem of `template` once the options of
    /// `selected` are chosen, linked directly: as [`from_template`] and
    /// a [`select`] of each option of `selected` would leave it, except
    /// that only the options of `kept` are in the item lists (those of
    /// them still active: an option that shares an item with a selected
    /// one is left out, as selecting hides it), and nothing is selected:
    /// solutions list only the options the search chooses. When `kept`
    /// holds every option still active, the search walks the same tree as
    /// on the selection (the same nodes, in the same order), and costs no
    /// copy of the whole template nor the dance of the selections: a
    /// puzzle's givens, say, whose candidates the caller already knows.
    /// `kept` must be in increasing order, as the options are in the
    /// template's item lists.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::{format, OptionId};
    /// use dancing::expert::{Search, Solver, Template};
    ///
    /// let problem = format::read_str("a b c\na\nb\nc\na b\nb c\n")?.problem;
    /// let template = Template::new(&problem);
    /// let bump = Bump::new();
    /// let options = |ids: &[usize]| ids.iter().map(|&k| OptionId::new(k)).collect::<Vec<_>>();
    /// // `a` chosen: `b`, `c` and `b c` are left.
    /// let mut solver =
    ///     Solver::from_template_restricted(&template, &bump, &options(&[0]), &options(&[1, 2, 4]))?;
    /// assert_eq!(solver.count(), 2);
    /// // Left out, `b c` is not searched.
    /// let mut solver =
    ///     Solver::from_template_restricted(&template, &bump, &options(&[0]), &options(&[1, 2]))?;
    /// assert_eq!(solver.collect(10), [options(&[1, 2])]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`select`] for an option of `selected` (which then conflicts
    /// with one before it in the list); [`SelectError::NoSuchOption`] or
    /// [`SelectError::Ignored`] for an option of `kept` that is not linked,
    /// [`SelectError::Unordered`] for one out of order.
    ///
    /// # Panics
    /// If the problem has colors or bounds, whose selections are not all
    /// coverings.
    ///
    /// [`from_template`]: Self::from_template
    /// [`select`]: Self::select
    pub fn from_template_restricted(
        template: &'b Template,
        bump: &'b Bump,
        selected: &[OptionId],
        kept: &[OptionId],
    ) -> Result<Solver<'b>, SelectError> {
        let matrix = Matrix::restricted(template, bump, selected, kept)?;
        Ok(Solver::with_matrix(matrix, template.max_depth(), bump))
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
            on_stop: OnStop::Restore,
            paused: None,
        }
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
    /// use dancing::{format, FnVisitor, Progress, Solution, StopReason};
    /// use dancing::expert::Solver;
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
        self.on_stop = OnStop::Leave;
        self.run(visitor)
    }

    /// The updates the matrix has counted since the last search began
    /// (selections and probes since then included): a measure of work.
    pub(crate) fn matrix_updates(&self) -> u64 {
        self.matrix.updates
    }

    /// Knuth's estimate of the fraction of the search tree that the last
    /// search explored, from 0 to 1: 1 when it ran to the end, else the
    /// estimate at the node where it stopped (see [`Progress::fraction`]).
    pub fn explored(&self) -> f64 {
        self.explored
    }

    /// The search, by the problem's algorithm.
    fn explore<E: Explorer>(&mut self, cutoff: usize, explorer: &mut E) -> Stats {
        self.abandon_search();
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

#[cfg(test)]
mod tests;
