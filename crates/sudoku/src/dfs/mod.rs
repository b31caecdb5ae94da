//! The depth-first baselines of the seeds, each faithful to its seed's
//! search order, so that benchmarks compare Dancing Links with the real
//! thing:
//!
//! | module | seed | order of search |
//! |---|---|---|
//! | [`naive`] | POJ 2676 | cells row-major (givens skipped on the way), digits 1 to 9, recursive |
//! | [`blank_list`] | "100 lines" | the empty cells listed first, in reading order, digits 1 to 9, recursive |
//! | [`mrv`] | AcWing 166 | the empty cell with the fewest candidates (the first in reading order on ties), candidates lowest first |
//! | [`stack`] | LeetCode 37 | the empty cells in reading order, candidates lowest first, iterative with an explicit stack |
//! | [`bitmask`] | AcWing 166, every size | the empty cell with the fewest candidates, 64-bit masks, any shape up to 64x64 |
//!
//! `naive`, `blank_list` and `stack` therefore walk the same search tree
//! (their node counts are equal; the tests check it), by different means.
//! [`leetcode`] is the LeetCode interface: a board of characters filled in
//! place, by the `stack` search.
//!
//! Each search counts solutions up to a limit (tdoku's method of measuring
//! asks for 2) and reports its nodes: 1 for the root plus one per digit
//! placed; each stays within a [`Budget`] (nodes, time, a cancel check),
//! looked at as a digit is about to be placed. They solve 9x9 grids only, as their seeds do,
//! except [`bitmask`], the one generalized to every shape.

use std::ops::ControlFlow;

use crate::engine::Engine;
use crate::grid::{Grid, Shape};
use crate::outcome::{Outcome, SolveError, check_givens};
use crate::rules::Rules;
use dancing::expert::Budget;
use tally::Tally;

pub mod bitmask;
pub mod blank_list;
pub mod leetcode;
pub mod mrv;
pub mod naive;
pub mod stack;
mod tally;

/// A depth-first engine: how it loads a puzzle and walks its search tree.
/// The front every engine shares (the checks, the count up to a limit, the
/// budget, the outcome) is written once, in [`search_within`]; each engine
/// is its own type, so its walk is compiled for it alone.
///
/// Implemented by [`naive::Naive`], [`blank_list::BlankList`], [`mrv::Mrv`],
/// [`stack::Stack`] and [`bitmask::Bitmask`] (the walk writes into this
/// crate's count of the search, so only they can).
///
/// [`search_within`]: DepthFirst::search_within
pub trait DepthFirst: Sized {
    /// The engine, as errors name it.
    const ENGINE: Engine;

    /// The puzzle loaded for the search, or why it cannot be searched (a
    /// shape the engine does not take, givens that repeat a digit).
    fn load(puzzle: &Grid) -> Result<Self, SolveError>;

    /// Walks the search tree, counting nodes and solutions in `tally`;
    /// breaks when the tally has seen enough or the budget ran out.
    fn walk(&mut self, tally: &mut Tally<'_>) -> ControlFlow<()>;

    /// Counts the solutions of `puzzle` up to `limit`, writing the first
    /// found into `solution`.
    fn search(puzzle: &Grid, limit: u64, solution: &mut Grid) -> Result<Outcome, SolveError> {
        Self::search_within(puzzle, limit, &Budget::default(), solution)
    }

    /// [`search`](Self::search) within `budget`: the outcome says if it ran
    /// out.
    fn search_within(
        puzzle: &Grid,
        limit: u64,
        budget: &Budget,
        solution: &mut Grid,
    ) -> Result<Outcome, SolveError> {
        let mut search = Self::load(puzzle)?;
        let mut tally = Tally::new(puzzle, limit, budget, solution);
        if !tally.is_satisfied() {
            let _ = search.walk(&mut tally);
        }
        Ok(tally.outcome())
    }
}

/// The number of cells of a 9x9 grid.
const CELLS: usize = 81;

/// The nine candidate bits, bit `d - 1` for digit `d`.
const ALL_DIGITS: u16 = 0x1ff;

/// Row, column and box of every cell (box = `3 * (row / 3) + col / 3`).
const UNITS: [[u8; 3]; CELLS] = {
    let mut units = [[0u8; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, col) = (cell / 9, cell % 9);
        units[cell] = [row as u8, col as u8, (3 * (row / 3) + col / 3) as u8];
        cell += 1;
    }
    units
};

/// A 9x9 puzzle loaded for a depth-first search: its cells, and the digits
/// used in each row, column and box as bit masks (bit `d - 1` for `d`).
#[derive(Clone)]
pub(crate) struct Board {
    pub(crate) cells: [u8; CELLS],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Board {
    /// Loads the givens of `puzzle`, or says why it cannot be searched.
    pub(crate) fn load(puzzle: &Grid, engine: Engine) -> Result<Board, SolveError> {
        if puzzle.shape() != Shape::CLASSIC {
            return Err(SolveError::UnsupportedShape {
                engine,
                shape: puzzle.shape(),
            });
        }
        let mut board = Board {
            cells: [0; CELLS],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        check_givens(puzzle, &Rules::classic(puzzle.shape()))?;
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                board.place(cell, digit);
            }
        }
        Ok(board)
    }

    /// The digits already used in the row, column and box of `cell`.
    #[inline]
    pub(crate) fn used(&self, cell: usize) -> u16 {
        let [row, col, b] = UNITS[cell];
        self.rows[row as usize] | self.cols[col as usize] | self.boxes[b as usize]
    }

    /// The digits `cell` can take.
    #[inline]
    pub(crate) fn candidates(&self, cell: usize) -> u16 {
        !self.used(cell) & ALL_DIGITS
    }

    /// Writes `digit` (not used in its units) into the empty `cell`.
    #[inline]
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        let [row, col, b] = UNITS[cell];
        let bit = bit(digit);
        self.rows[row as usize] |= bit;
        self.cols[col as usize] |= bit;
        self.boxes[b as usize] |= bit;
        self.cells[cell] = digit;
    }

    /// Undoes `place(cell, _)`.
    #[inline]
    pub(crate) fn unplace(&mut self, cell: usize) {
        let [row, col, b] = UNITS[cell];
        let keep = !bit(self.cells[cell]);
        self.rows[row as usize] &= keep;
        self.cols[col as usize] &= keep;
        self.boxes[b as usize] &= keep;
        self.cells[cell] = 0;
    }

    /// The saved masks of the units of `cell`, for [`Board::restore`].
    #[inline]
    pub(crate) fn save(&self, cell: usize) -> [u16; 3] {
        let [row, col, b] = UNITS[cell];
        [
            self.rows[row as usize],
            self.cols[col as usize],
            self.boxes[b as usize],
        ]
    }

    /// Empties `cell` and puts back the masks saved before it was filled.
    #[inline]
    pub(crate) fn restore(&mut self, cell: usize, saved: [u16; 3]) {
        let [row, col, b] = UNITS[cell];
        [
            self.rows[row as usize],
            self.cols[col as usize],
            self.boxes[b as usize],
        ] = saved;
        self.cells[cell] = 0;
    }

    /// The empty cells, in reading order.
    pub(crate) fn blanks(&self) -> ([u8; CELLS], usize) {
        let mut blanks = [0u8; CELLS];
        let mut count = 0;
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                blanks[count] = cell as u8;
                count += 1;
            }
        }
        (blanks, count)
    }
}

/// The mask bit of `digit`.
#[inline]
fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The digit of a single mask bit.
#[inline]
fn digit_of(bit: u16) -> u8 {
    bit.trailing_zeros() as u8 + 1
}
