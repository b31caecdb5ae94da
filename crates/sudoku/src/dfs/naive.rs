//! Plain row-major depth-first search, the method of POJ 2676.
//!
//! Visit the cells in reading order; step over a given; in an empty cell try
//! the digits 1 to 9 in order, each one not yet used in the cell's row,
//! column or box, and recurse on the next cell. The seed keeps boolean tables
//! `row[9][10]`, `col[9][10]` and `box[9][10]`; bit masks are the same tables
//! packed, and change nothing in the order of the search.

use std::ops::ControlFlow;

use super::tally::Tally;
use super::{Board, CELLS, DepthFirst};
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::SolveError;

/// The search of POJ 2676; it finds the smallest solution in reading order
/// first.
///
/// ```
/// use dancing_sudoku::dfs::{DepthFirst, naive::Naive};
/// use dancing_sudoku::Grid;
///
/// let puzzle: Grid =
///     "103000509002109400000704000300502006060000050700803004000401000009205800804000107".parse()?;
/// let mut solution = Grid::default();
/// let outcome = Naive::search(&puzzle, 2, &mut solution)?;
/// assert_eq!(outcome.solutions, 1);
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Naive {
    board: Board,
}

impl DepthFirst for Naive {
    const ENGINE: Engine = Engine::Naive;

    fn load(puzzle: &Grid) -> Result<Naive, SolveError> {
        let board = Board::load(puzzle, Self::ENGINE)?;
        Ok(Naive { board })
    }

    fn walk(&mut self, tally: &mut Tally<'_>) -> ControlFlow<()> {
        self.fill_from(tally, 0)
    }
}

impl Naive {
    /// Fills cells `cell..81`; breaks when the tally has seen enough.
    fn fill_from(&mut self, tally: &mut Tally<'_>, cell: usize) -> ControlFlow<()> {
        if cell == CELLS {
            return tally.found(&self.board.cells);
        }
        if self.board.cells[cell] != 0 {
            return self.fill_from(tally, cell + 1);
        }
        let used = self.board.used(cell);
        for digit in 1..=9u8 {
            if used & (1 << (digit - 1)) != 0 {
                continue;
            }
            tally.enter()?;
            self.board.place(cell, digit);
            let flow = self.fill_from(tally, cell + 1);
            self.board.unplace(cell);
            flow?;
        }
        ControlFlow::Continue(())
    }
}
