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

use super::tally::Tally;
use super::{Board, CELLS, DepthFirst, digit_of};
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::SolveError;

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

/// The search of AcWing 166, fewest candidates first.
///
/// ```
/// use dancing_sudoku::dfs::{DepthFirst, mrv::Mrv};
/// use dancing_sudoku::Grid;
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solution = Grid::default();
/// assert_eq!(Mrv::search(&puzzle, 2, &mut solution)?.solutions, 1);
/// assert_eq!(
///     solution.to_line(),
///     "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Mrv {
    board: Board,
    /// The empty cells of the puzzle.
    empty: usize,
}

impl DepthFirst for Mrv {
    const ENGINE: Engine = Engine::Mrv;

    fn load(puzzle: &Grid) -> Result<Mrv, SolveError> {
        let board = Board::load(puzzle, Self::ENGINE)?;
        let empty = board.cells.iter().filter(|&&d| d == 0).count();
        Ok(Mrv { board, empty })
    }

    fn walk(&mut self, tally: &mut Tally<'_>) -> ControlFlow<()> {
        self.fill(tally, self.empty)
    }
}

impl Mrv {
    /// Fills the `empty` cells left; breaks when the tally has seen enough.
    fn fill(&mut self, tally: &mut Tally<'_>, empty: usize) -> ControlFlow<()> {
        if empty == 0 {
            return tally.found(&self.board.cells);
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
            tally.enter()?;
            self.board.place(best, digit_of(lowest));
            let flow = self.fill(tally, empty - 1);
            self.board.unplace(best);
            flow?;
        }
        ControlFlow::Continue(())
    }
}
