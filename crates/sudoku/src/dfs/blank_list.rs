//! Depth-first search over a list of the empty cells, the method of the
//! "100 lines" blog post.
//!
//! List the empty cells first, in reading order; then recurse over the list,
//! trying the digits 1 to 9 against row, column and block "seen" tables. The
//! first full assignment is the answer. The order is that of
//! [`naive`](super::naive), without stepping over the givens at every level.

use std::ops::ControlFlow;

use super::{Board, CELLS, Tally};
use crate::budget::Budget;
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::{Outcome, SolveError};

/// Counts the solutions of `puzzle` up to `limit`, writing the first (the
/// smallest in reading order) into `solution`.
///
/// ```
/// use dancing_sudoku::{dfs, Grid};
///
/// let puzzle: Grid =
///     "000004500680009000250380000020043800340008006800652470162890700508067209070000605".parse()?;
/// let mut solution = Grid::default();
/// assert_eq!(dfs::blank_list::search(&puzzle, 2, &mut solution)?.solutions, 1);
/// assert_eq!(
///     solution.to_line(),
///     "913724568687519342254386197726943851345178926891652473162895734538467219479231685"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search(puzzle: &Grid, limit: u64, solution: &mut Grid) -> Result<Outcome, SolveError> {
    search_within(puzzle, limit, &Budget::default(), solution)
}

/// [`search`] within `budget`: the outcome says if it ran out.
pub fn search_within(
    puzzle: &Grid,
    limit: u64,
    budget: &Budget,
    solution: &mut Grid,
) -> Result<Outcome, SolveError> {
    let board = Board::load(puzzle, Engine::BlankList)?;
    let (blanks, blank_count) = board.blanks();
    let mut search = BlankList {
        board,
        blanks,
        blank_count,
        tally: Tally::new(puzzle, limit, budget, solution),
    };
    if !search.tally.is_satisfied() {
        let _ = search.fill_from(0);
    }
    Ok(search.tally.outcome())
}

struct BlankList<'s> {
    board: Board,
    /// The empty cells of the puzzle, in reading order.
    blanks: [u8; CELLS],
    blank_count: usize,
    tally: Tally<'s>,
}

impl BlankList<'_> {
    /// Fills the blanks from number `k` on; breaks when the tally has seen
    /// enough.
    fn fill_from(&mut self, k: usize) -> ControlFlow<()> {
        if k == self.blank_count {
            return self.tally.found(&self.board.cells);
        }
        let cell = self.blanks[k] as usize;
        let used = self.board.used(cell);
        for digit in 1..=9u8 {
            if used & (1 << (digit - 1)) != 0 {
                continue;
            }
            self.tally.enter()?;
            self.board.place(cell, digit);
            let flow = self.fill_from(k + 1);
            self.board.unplace(cell);
            flow?;
        }
        ControlFlow::Continue(())
    }
}
