//! Bitmask depth-first search branching on the cell with the fewest
//! candidates, the method of AcWing 166.
//!
//! A cell's candidates are the digits its row, column and box still lack.
//! At each step scan every cell in reading order and take the empty one
//! with the fewest candidates (counted with a table of 512 popcounts; the
//! first such cell on ties, because only a strictly smaller count replaces
//! it); try its candidates lowest bit first (`x & -x`); recurse with the
//! number of empty cells left, 0 meaning solved.

use std::ops::ControlFlow;

use super::{Board, CELLS, Tally, digit_of};
use crate::budget::Budget;
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::{Outcome, SolveError};

/// `ONES[mask]` is the number of candidates in a 9-bit mask.
const ONES: [u8; 512] = {
    let mut ones = [0u8; 512];
    let mut mask = 1;
    while mask < 512 {
        ones[mask] = ones[mask >> 1] + (mask & 1) as u8;
        mask += 1;
    }
    ones
};

/// Counts the solutions of `puzzle` up to `limit`, writing the first found
/// into `solution`.
///
/// ```
/// use dancing_sudoku::{dfs, Grid};
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solution = Grid::default();
/// assert_eq!(dfs::mrv::search(&puzzle, 2, &mut solution)?.solutions, 1);
/// assert_eq!(
///     solution.to_line(),
///     "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
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
    let board = Board::load(puzzle, Engine::Mrv)?;
    let empty = board.cells.iter().filter(|&&d| d == 0).count();
    let mut search = Mrv {
        board,
        tally: Tally::new(puzzle, limit, budget, solution),
    };
    if !search.tally.is_satisfied() {
        let _ = search.fill(empty);
    }
    Ok(search.tally.outcome())
}

struct Mrv<'s> {
    board: Board,
    tally: Tally<'s>,
}

impl Mrv<'_> {
    /// Fills the `empty` cells left; breaks when the tally has seen enough.
    fn fill(&mut self, empty: usize) -> ControlFlow<()> {
        if empty == 0 {
            return self.tally.found(&self.board.cells);
        }
        let mut best = CELLS;
        let mut fewest = u8::MAX;
        for cell in 0..CELLS {
            if self.board.cells[cell] != 0 {
                continue;
            }
            let count = ONES[self.board.candidates(cell) as usize];
            if count < fewest {
                fewest = count;
                best = cell;
                if count == 0 {
                    // Nothing can replace it, so stopping the scan here
                    // leaves the search tree as the seed's.
                    break;
                }
            }
        }
        let mut candidates = self.board.candidates(best);
        while candidates != 0 {
            let lowest = candidates & candidates.wrapping_neg();
            candidates ^= lowest;
            self.tally.enter()?;
            self.board.place(best, digit_of(lowest));
            let flow = self.fill(empty - 1);
            self.board.unplace(best);
            flow?;
        }
        ControlFlow::Continue(())
    }
}
