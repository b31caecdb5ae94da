//! Plain row-major depth-first search, the method of POJ 2676.
//!
//! Visit the cells in reading order; step over a given; in an empty cell try
//! the digits 1 to 9 in order, each one not yet used in the cell's row,
//! column or box, and recurse on the next cell. The seed keeps boolean tables
//! `row[9][10]`, `col[9][10]` and `box[9][10]`; bit masks are the same tables
//! packed, and change nothing in the order of the search.

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
///     "103000509002109400000704000300502006060000050700803004000401000009205800804000107".parse()?;
/// let mut solution = Grid::default();
/// let outcome = dfs::naive::search(&puzzle, 2, &mut solution)?;
/// assert_eq!(outcome.solutions, 1);
/// assert!(solution.solves(&puzzle));
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
    let board = Board::load(puzzle, Engine::Naive)?;
    let mut search = Naive {
        board,
        tally: Tally::new(puzzle, limit, budget, solution),
    };
    if !search.tally.is_satisfied() {
        let _ = search.fill_from(0);
    }
    Ok(search.tally.outcome())
}

struct Naive<'s> {
    board: Board,
    tally: Tally<'s>,
}

impl Naive<'_> {
    /// Fills cells `cell..81`; breaks when the tally has seen enough.
    fn fill_from(&mut self, cell: usize) -> ControlFlow<()> {
        if cell == CELLS {
            return self.tally.found(&self.board.cells);
        }
        if self.board.cells[cell] != 0 {
            return self.fill_from(cell + 1);
        }
        let used = self.board.used(cell);
        for digit in 1..=9u8 {
            if used & (1 << (digit - 1)) != 0 {
                continue;
            }
            self.tally.enter()?;
            self.board.place(cell, digit);
            let flow = self.fill_from(cell + 1);
            self.board.unplace(cell);
            flow?;
        }
        ControlFlow::Continue(())
    }
}
