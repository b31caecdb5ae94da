//! The fewest-candidates bitmask search of [`mrv`](super::mrv) (AcWing
//! 166), generalized to every shape up to 64x64: one 64-bit mask of used
//! digits per row, column and box, a cell's candidates the digits none of
//! its three masks holds.
//!
//! The empty cells are kept in a list whose first `empty` entries are
//! still empty. Each step scans them for the fewest candidates (a
//! popcount), stopping early at a cell with one (nothing beats it but a
//! dead end, which the placements below it find at once) or none (a dead
//! end: back up), swaps the chosen cell to the end of the live part, and
//! tries its candidates lowest bit first.
//!
//! One addition to the seed, which large grids need: when no cell is down
//! to one candidate, each row, column and box is looked at with two masks,
//! the digits some of its empty cells can take and those more than one can.
//! A digit the unit lacks that none of its cells can take is a dead end
//! (the plain search finds it only when some cell runs out of candidates,
//! which on large grids can be many levels down); a digit only one cell can
//! take is placed there, as the only option. So every level branches on the fewest options among
//! the cells' candidates and the units' places for a digit, as Dancing
//! Links does, but counted with bit masks.

use std::ops::ControlFlow;

use super::DepthFirst;
use super::tally::Tally;
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::{SolveError, check_givens};
use crate::rules::Rules;

/// The fewest-candidates search of AcWing 166, for a puzzle of any shape.
///
/// ```
/// use dancing_sudoku::dfs::{DepthFirst, bitmask::Bitmask};
/// use dancing_sudoku::{Grid, Shape};
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solution = Grid::default();
/// assert_eq!(Bitmask::search(&puzzle, 2, &mut solution)?.solutions, 1);
/// assert_eq!(
///     solution.to_line(),
///     "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
/// );
/// // Every shape: the 288 grids of 4x4.
/// let empty = Grid::new(Shape::new(2, 2)?);
/// assert_eq!(Bitmask::search(&empty, 1000, &mut solution)?.solutions, 288);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Bitmask {
    cells: Vec<u8>,
    /// The indices into `used` of each cell's row, column and box masks:
    /// rows first, then columns, then boxes (`3 n <= 192` masks).
    units: Vec<[u8; 3]>,
    /// The cells of each unit, `n` per unit, in the order of `used`.
    unit_cells: Vec<u16>,
    /// Bit `d - 1` of a mask: digit `d` is used in that unit.
    used: Vec<u64>,
    /// The empty cells of the puzzle; the first `empty` of them (the
    /// argument of [`Bitmask::fill`]) are still empty.
    blanks: Vec<u16>,
    /// The mask of every digit of the shape.
    all: u64,
}

impl DepthFirst for Bitmask {
    const ENGINE: Engine = Engine::Bitmask;

    fn load(puzzle: &Grid) -> Result<Bitmask, SolveError> {
        check_givens(puzzle, &Rules::classic(puzzle.shape()))?;
        Ok(Bitmask::with_givens(puzzle))
    }

    fn walk(&mut self, tally: &mut Tally<'_>) -> ControlFlow<()> {
        let empty = self.blanks.len();
        self.fill(tally, empty)
    }
}

impl Bitmask {
    /// The masks of `puzzle`'s givens, and its empty cells.
    fn with_givens(puzzle: &Grid) -> Bitmask {
        let shape = puzzle.shape();
        let n = shape.size();
        let units: Vec<[u8; 3]> = (0..n * n)
            .map(|cell| {
                let (row, col) = (cell / n, cell % n);
                // n <= 64, so every index is below 192.
                [row, n + col, 2 * n + shape.box_of(row, col)].map(|unit| unit as u8)
            })
            .collect();
        let mut unit_cells = vec![0; 3 * n * n];
        for (cell, unit) in units.iter().enumerate() {
            for (k, &u) in unit.iter().enumerate() {
                // The place of the cell in its unit: its column, row, or
                // place in the box.
                let (row, col) = (cell / n, cell % n);
                let place = match k {
                    0 => col,
                    1 => row,
                    _ => (row % shape.box_rows()) * shape.box_cols() + col % shape.box_cols(),
                };
                unit_cells[u as usize * n + place] = cell as u16;
            }
        }
        let mut masks = Bitmask {
            cells: puzzle.cells().to_vec(),
            units,
            unit_cells,
            used: vec![0; 3 * n],
            blanks: Vec::with_capacity(n * n),
            all: u64::MAX >> (64 - n),
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                masks.blanks.push(cell as u16);
            } else {
                masks.mark(cell, 1 << (digit - 1));
            }
        }
        masks
    }

    /// The digits `cell` can take.
    #[inline]
    fn candidates(&self, cell: usize) -> u64 {
        let [row, col, b] = self.units[cell];
        !(self.used[row as usize] | self.used[col as usize] | self.used[b as usize]) & self.all
    }

    /// Flips `bit` in the three masks of `cell`: marks a digit used, or,
    /// done again, unmarks it.
    #[inline]
    fn mark(&mut self, cell: usize, bit: u64) {
        for unit in self.units[cell] {
            self.used[unit as usize] ^= bit;
        }
    }

    /// Fills the first `empty` cells of `blanks`; breaks when the tally
    /// has seen enough or the budget ran out.
    fn fill(&mut self, tally: &mut Tally<'_>, empty: usize) -> ControlFlow<()> {
        if empty == 0 {
            return tally.found(&self.cells);
        }
        let mut best = 0;
        let mut fewest = u32::MAX;
        for (k, &cell) in self.blanks[..empty].iter().enumerate() {
            let count = self.candidates(cell as usize).count_ones();
            if count < fewest {
                (best, fewest) = (k, count);
                if count <= 1 {
                    break;
                }
            }
        }
        if fewest == 0 {
            return ControlFlow::Continue(());
        }
        let mut only = None;
        if fewest > 1 {
            match self.hidden_single() {
                Units::DeadEnd => return ControlFlow::Continue(()),
                Units::Single { cell, bit } => only = Some((cell, bit)),
                Units::Open => {}
            }
        }
        let (cell, mut candidates) = match only {
            Some((cell, bit)) => {
                let k = self.blanks[..empty]
                    .iter()
                    .position(|&blank| blank as usize == cell)
                    .expect("an empty cell is listed");
                (k, bit)
            }
            None => (best, 0),
        };
        self.blanks.swap(cell, empty - 1);
        let cell = self.blanks[empty - 1] as usize;
        if only.is_none() {
            candidates = self.candidates(cell);
        }
        while candidates != 0 {
            let lowest = candidates & candidates.wrapping_neg();
            candidates ^= lowest;
            tally.enter()?;
            self.mark(cell, lowest);
            self.cells[cell] = lowest.trailing_zeros() as u8 + 1;
            let flow = self.fill(tally, empty - 1);
            self.mark(cell, lowest);
            self.cells[cell] = 0;
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Looks at every unit for a digit it lacks that no empty cell of it
    /// can take, or that one cell alone can.
    fn hidden_single(&self) -> Units {
        let n = self.unit_cells.len() / self.used.len();
        for (unit, cells) in self.unit_cells.chunks_exact(n).enumerate() {
            let (mut once, mut twice) = (0u64, 0u64);
            for &cell in cells {
                if self.cells[cell as usize] == 0 {
                    let candidates = self.candidates(cell as usize);
                    twice |= once & candidates;
                    once |= candidates;
                }
            }
            let missing = !self.used[unit] & self.all;
            if once != missing {
                return Units::DeadEnd;
            }
            let single = once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let cell = cells
                    .iter()
                    .map(|&cell| cell as usize)
                    .find(|&cell| self.cells[cell] == 0 && self.candidates(cell) & bit != 0)
                    .expect("a digit one cell can take has that cell");
                return Units::Single { cell, bit };
            }
        }
        Units::Open
    }
}

/// What the units say before a branch.
enum Units {
    /// A digit some unit lacks has no place left in it.
    DeadEnd,
    /// A digit some unit lacks has one place left: `cell`.
    Single { cell: usize, bit: u64 },
    /// Every digit has two places or more.
    Open,
}
