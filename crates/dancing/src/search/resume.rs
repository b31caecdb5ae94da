//! The resumable search: [`Solver::next_solution`] pauses the search loop
//! at a solution, with the matrix and the level stack as they are, and the
//! next call goes on from there; [`Solutions`] is the standard iterator
//! over it.
//!
//! A paused search is the same search as an uninterrupted one, step for
//! step: its node and update counts are those of [`Solver::run`]. Any other
//! search, selection or memoized count on the solver first abandons it,
//! putting the matrix back to the selection.

use std::ops::ControlFlow;

use super::Solver;
use super::walk::{OnStop, Paused};
use crate::matrix::Kind;
use crate::problem::OptionId;
use crate::visit::{Explorer, Solution, StopReason};

use super::c::Colors;
use super::x::AlgorithmX;
use crate::matrix::{Colored, Plain};

/// The explorer of [`Solver::next_solution`]: stops at the first solution,
/// whose options are listed after the pause.
struct FirstSolution;

impl Explorer for FirstSolution {
    const LISTS_OPTIONS: bool = false;

    #[inline(always)]
    fn solution(&mut self, _: &Solution<'_>) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

impl<'b> Solver<'b> {
    /// The next solution of a resumable search: the first call starts a
    /// search from the selection, and each later one resumes it where the
    /// last solution left it, until it gives `None`: the search is over,
    /// and [`stats`](Self::stats) says why ([`StopReason::Complete`], or
    /// the budget of the solver's [`SearchConfig`](crate::expert::SearchConfig),
    /// whose clock runs from the first call). A call after `None` starts a
    /// new search. While the search is paused, `stats` holds the figures
    /// so far, with [`StopReason::Running`].
    ///
    /// The search is the one [`run`](Self::run) makes, node for node, and
    /// pausing costs nothing: no allocation, no undoing. Any other search
    /// or selection on this solver abandons a paused search first, as
    /// [`abandon_search`](Self::abandon_search) does.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::{format, StopReason};
    /// use dancing::expert::Solver;
    ///
    /// let problem = format::read_str("a b c\na b\nc\na\nb c\nb\n")?.problem;
    /// let bump = Bump::new();
    /// let mut solver = Solver::new(&problem, &bump);
    /// let mut sizes = Vec::new();
    /// while let Some(solution) = solver.next_solution() {
    ///     sizes.push(solution.options().len());
    ///     assert_eq!(solver.stats().stop, StopReason::Running);
    /// }
    /// sizes.sort();
    /// assert_eq!(sizes, [2, 2, 3]); // {a b, c}, {a, b c}, {a, b, c}
    /// assert_eq!(solver.stats().stop, StopReason::Complete);
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn next_solution(&mut self) -> Option<Solution<'_>> {
        self.on_stop = OnStop::Pause;
        let mut explorer = FirstSolution;
        by_algorithm!(
            self,
            A => self.walk::<A, _>(usize::MAX, &mut explorer),
            bounded => by_hiding!(self, H => self.walk_bounded::<H, _>(usize::MAX, &mut explorer))
        );
        self.on_stop = OnStop::Restore;
        let level = self.paused.as_ref()?.level;
        self.stats.stop = StopReason::Running;
        Some(if self.matrix.kind.is_bounded() {
            self.bounded_solution(level)
        } else {
            self.fill_solution(level)
        })
    }

    /// Abandons the search [`next_solution`](Self::next_solution) paused,
    /// if there is one: the matrix goes back to the selection, and the
    /// statistics are those of the search so far, stopped by the caller
    /// ([`StopReason::Visitor`]). Any other search or selection does this
    /// first.
    pub fn abandon_search(&mut self) {
        let Some(Paused { level, .. }) = self.paused.take() else {
            return;
        };
        let base = self.selected;
        by_algorithm!(
            self,
            A => self.unwind::<A>(base, level),
            bounded => by_hiding!(self, H => self.unwind_bounded::<H>(base, level))
        );
        self.stats.stop = StopReason::Visitor;
    }

    /// Ends the search [`next_solution`](Self::next_solution) paused, as
    /// [`abandon_search`](Self::abandon_search) does, for `why`, which its
    /// statistics then say: a stop seen between two solutions.
    pub(crate) fn abandon_search_for(&mut self, why: StopReason) {
        self.abandon_search();
        self.stats.stop = why;
    }

    /// The solutions of a new search from the selection, each a list of
    /// options, found one at a time as the iterator is advanced (see
    /// [`next_solution`](Self::next_solution)). Dropping the iterator
    /// abandons the search; [`Solutions::stats`] tells how far it got.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::format;
    /// use dancing::expert::Solver;
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
    /// let bump = Bump::new();
    /// let mut solver = Solver::new(&problem, &bump);
    /// let first_three: Vec<_> = solver.solutions().take(3).collect();
    /// assert_eq!(first_three.len(), 3);
    /// // The same three lead a full listing.
    /// let all: Vec<_> = solver.solutions().collect();
    /// assert_eq!((all.len(), &all[..3]), (92, &first_three[..]));
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_, 'b> {
        self.abandon_search();
        Solutions {
            solver: self,
            done: false,
        }
    }
}

/// The iterator of [`Solver::solutions`]: each solution's options, in the
/// order the search chose them.
pub struct Solutions<'s, 'b> {
    solver: &'s mut Solver<'b>,
    done: bool,
}

impl Solutions<'_, '_> {
    /// The statistics of the search so far: [`StopReason::Running`] while
    /// it may have more solutions, else why it ended.
    pub fn stats(&self) -> crate::Stats {
        self.solver.stats()
    }

    /// Knuth's estimate of the fraction of the tree explored so far.
    pub fn explored(&self) -> f64 {
        self.solver.explored()
    }
}

impl Iterator for Solutions<'_, '_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        if self.done {
            return None;
        }
        let found = self
            .solver
            .next_solution()
            .map(|solution| solution.options().to_vec());
        self.done = found.is_none();
        found
    }
}

impl std::iter::FusedIterator for Solutions<'_, '_> {}

impl Drop for Solutions<'_, '_> {
    fn drop(&mut self) {
        self.solver.abandon_search();
    }
}
