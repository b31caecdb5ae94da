//! Algorithm X on the dancing-links matrix: an iterative search with an
//! explicit level stack, and the conveniences built on its one visitor.

use std::ops::ControlFlow;

use bumpalo::Bump;

use crate::matrix::Matrix;
use crate::problem::{OptionId, Problem};

/// What a search did, in Knuth's terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions visited.
    pub solutions: u64,
    /// Search-tree nodes: 1 for the root plus one per option chosen, dead
    /// ends and solutions included (DLX1's count).
    pub nodes: u64,
    /// Link updates, counted as DLX1 does: one per item removed from the
    /// active list, one per node removed from an item's list.
    pub updates: u64,
    /// The largest number of options chosen at once.
    pub max_depth: usize,
    /// Whether the search ran to the end (it was not stopped by the visitor).
    pub complete: bool,
}

/// A solution, as the visitor sees it: valid only during the call.
#[derive(Debug)]
pub struct Solution<'s> {
    options: &'s [OptionId],
}

impl<'s> Solution<'s> {
    /// The chosen options, in the order they were chosen (one per level).
    pub fn options(&self) -> &'s [OptionId] {
        self.options
    }

    /// The number of options chosen.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// Whether no option was chosen (never, for a problem with a primary item).
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }
}

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
/// use dancing::{format, Solver};
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
    /// `choices[level]` is the option node chosen at `level`.
    choices: &'b mut [u32],
    /// The chosen options of the current solution, filled when one is found.
    solution: &'b mut [OptionId],
    /// `profile[level]` counts the search-tree nodes at `level`.
    profile: &'b mut [u64],
    stats: Stats,
}

impl<'b> Solver<'b> {
    /// Links `problem` into `bump`, ready to search.
    pub fn new(problem: &Problem, bump: &'b Bump) -> Solver<'b> {
        let matrix = Matrix::build(problem, bump);
        // Each choice covers at least one primary item, so a search is at most
        // this deep; the profile has one more level for the solutions.
        let max_depth = problem.primary_count();
        Solver {
            matrix,
            choices: bump.alloc_slice_fill_copy(max_depth, 0),
            solution: bump.alloc_slice_fill_copy(max_depth, OptionId::new(0)),
            profile: bump.alloc_slice_fill_copy(max_depth + 1, 0),
            stats: Stats::default(),
        }
    }

    /// Runs the search, calling `visit` with each solution until it returns
    /// `ControlFlow::Break`. Returns the statistics of this search, which
    /// [`stats`](Self::stats) also keeps.
    ///
    /// Solutions come in the order of DLX1: branch on the active primary item
    /// with the fewest options (the leftmost on ties), options in input order.
    pub fn search<F>(&mut self, visit: F) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            #[allow(unsafe_code)]
            return unsafe { self.search_avx2(visit) };
        }
        self.search_portable(visit)
    }

    /// [`search`](Self::search) compiled for AVX2, whose wider vectors
    /// choose the branching item faster: 6% fewer instructions on
    /// `queens12.dlx`, 9% on Langford pairs, 10% for Sudoku, about 5% less
    /// time. The result is the same (a unit test runs both builds).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn search_avx2<F>(&mut self, visit: F) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    {
        self.search_portable(visit)
    }

    #[inline(always)]
    fn search_portable<F>(&mut self, mut visit: F) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    {
        self.stats = Stats::default();
        self.profile.fill(0);
        self.matrix.updates = 0;
        let mut level = 0usize;
        let complete = 'search: loop {
            // Enter a new node of the search tree at `level`.
            self.stats.nodes += 1;
            self.profile[level] += 1;
            self.stats.max_depth = self.stats.max_depth.max(level);
            let chosen = self.matrix.choose_item();
            if let Some(item) = chosen {
                self.matrix.cover(item);
                let first = self.matrix.first_option(item);
                if first != item {
                    self.choices[level] = first;
                    self.matrix.commit(first);
                    level += 1;
                    continue 'search;
                }
                self.matrix.uncover(item);
            } else {
                self.stats.solutions += 1;
                for (slot, &node) in self.solution.iter_mut().zip(&self.choices[..level]) {
                    *slot = self.matrix.option_of(node);
                }
                let solution = Solution {
                    options: &self.solution[..level],
                };
                if visit(&solution).is_break() {
                    self.unwind(level);
                    break 'search false;
                }
            }
            // Backtrack to the deepest level that has an option left to try.
            loop {
                if level == 0 {
                    break 'search true;
                }
                level -= 1;
                let node = self.choices[level];
                self.matrix.uncommit(node);
                let item = self.matrix.item_of(node);
                let next = self.matrix.next_option(node);
                if next != item {
                    self.choices[level] = next;
                    self.matrix.commit(next);
                    level += 1;
                    continue 'search;
                }
                self.matrix.uncover(item);
            }
        };
        self.stats.updates = self.matrix.updates;
        self.stats.complete = complete;
        self.stats
    }

    /// Restores the full matrix after a search stopped at `level`.
    fn unwind(&mut self, level: usize) {
        for &node in self.choices[..level].iter().rev() {
            self.matrix.uncommit(node);
            self.matrix.uncover(self.matrix.item_of(node));
        }
    }

    /// The first solution, if there is one.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        let mut found = None;
        self.search(|solution| {
            found = Some(solution.options().to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
        self.search(|_| ControlFlow::Continue(())).solutions
    }

    /// The number of solutions, counting no further than `limit`: with a
    /// limit of 2 this tells no solution, exactly one, or several.
    pub fn count_up_to(&mut self, limit: u64) -> u64 {
        if limit == 0 {
            return 0;
        }
        let mut seen = 0;
        self.search(|_| {
            seen += 1;
            if seen == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        seen
    }

    /// Up to `limit` solutions, each as its chosen options.
    pub fn collect(&mut self, limit: usize) -> Vec<Vec<OptionId>> {
        let mut solutions = Vec::new();
        if limit == 0 {
            return solutions;
        }
        self.search(|solution| {
            solutions.push(solution.options().to_vec());
            if solutions.len() == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        solutions
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
mod tests {
    use super::*;
    use crate::format;

    /// The search is compiled twice on x86-64 (for AVX2, and portable);
    /// both must explore the same tree and find the same solutions.
    #[test]
    fn every_compiled_variant_of_the_search_agrees() {
        for text in [
            include_str!("../tests/data/queens8.dlx"),
            include_str!("../tests/data/langford7.dlx"),
            include_str!("../tests/data/partitions8.dlx"),
            include_str!("../tests/data/sudoku4x4_grids.dlx"),
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
            let portable_stats = solver.search_portable(|s| {
                portable.push(s.options().to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(dispatched_stats, portable_stats);
            assert_eq!(dispatched, portable);
            assert!(dispatched_stats.solutions > 0);
        }
    }
}
