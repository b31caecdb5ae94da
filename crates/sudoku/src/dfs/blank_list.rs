//! Depth-first search over a list of the empty cells, the method of the
//! "100 lines" blog post.
//!
//! List the empty cells first, in reading order; then recurse over the list,
//! trying the digits 1 to 9 against row, column and block "seen" tables. The
//! first full assignment is the answer. The order is that of
//! [`naive`](super::naive), without stepping over the givens at every level.

use std::ops::ControlFlow;

use super::tally::Tally;
use super::{Board, CELLS, DepthFirst};
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::SolveError;

/// The search of the "100 lines" post; it finds the smallest solution in
/// reading order first.
///
/// ```
/// use dancing_sudoku::dfs::{DepthFirst, blank_list::BlankList};
/// use dancing_sudoku::Grid;
///
/// let puzzle: Grid =
///     "000004500680009000250380000020043800340008006800652470162890700508067209070000605".parse()?;
/// let mut solution = Grid::default();
/// assert_eq!(BlankList::search(&puzzle, 2, &mut solution)?.solutions, 1);
/// assert_eq!(
///     solution.to_line(),
///     "913724568687519342254386197726943851345178926891652473162895734538467219479231685"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct BlankList {
    board: Board,
    /// The empty cells of the puzzle, in reading order.
    blanks: [u8; CELLS],
    blank_count: usize,
}

impl DepthFirst for BlankList {
    const ENGINE: Engine = Engine::BlankList;

    fn load(puzzle: &Grid) -> Result<BlankList, SolveError> {
        let board = Board::load(puzzle, Self::ENGINE)?;
        let (blanks, blank_count) = board.blanks();
        Ok(BlankList {
            board,
            blanks,
            blank_count,
        })
    }

    fn walk(&mut self, tally: &mut Tally<'_>) -> ControlFlow<()> {
        self.fill_from(tally, 0)
    }
}

impl BlankList {
    /// Fills the blanks from number `k` on; breaks when the tally has seen
    /// enough.
    fn fill_from(&mut self, tally: &mut Tally<'_>, k: usize) -> ControlFlow<()> {
        if k == self.blank_count {
            return tally.found(&self.board.cells);
        }
        let cell = self.blanks[k] as usize;
        let used = self.board.used(cell);
        for digit in 1..=9u8 {
            if used & (1 << (digit - 1)) != 0 {
                continue;
            }
            tally.enter()?;
            self.board.place(cell, digit);
            let flow = self.fill_from(tally, k + 1);
            self.board.unplace(cell);
            flow?;
        }
        ControlFlow::Continue(())
    }
}
