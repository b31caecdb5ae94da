//! All Sudoku grids with r x c boxes: Latin squares of order n = r * c in
//! which every box (r rows by c columns) also holds each symbol once.
//!
//! The items are those of [`LatinSquares`](crate::LatinSquares) plus `bBxV`
//! (box B holds symbol V, boxes numbered row-major), as in Knuth's
//! `sudoku4x4_grids.dlx`. There are 288 grids with 2x2 boxes; with 2x3 boxes
//! there are 28,200,960, and with 3x3 boxes far too many to count this way.
//!
//! ```
//! use dancing_problems::{SudokuGrids, ExactCover};
//!
//! assert_eq!(SudokuGrids::new(2, 2)?.count(), 288);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use dancing::{OptionId, Problem};

use crate::error::check_range;
use crate::latin::{GridProblem, SymbolGrid};
use crate::{Error, ExactCover};

/// Sudoku grids with one box shape, built.
#[derive(Clone, Debug)]
pub struct SudokuGrids {
    grid: GridProblem,
}

impl SudokuGrids {
    /// The largest grid accepted, in cells per side (a million options).
    pub const MAX_N: usize = 100;

    /// Every grid whose boxes have `box_rows` rows and `box_columns` columns.
    pub fn new(box_rows: usize, box_columns: usize) -> Result<SudokuGrids, Error> {
        check_range("the rows of a box", box_rows, 1, Self::MAX_N)?;
        check_range("the columns of a box", box_columns, 1, Self::MAX_N)?;
        check_range(
            "the side of the grid (box rows x box columns)",
            box_rows * box_columns,
            1,
            Self::MAX_N,
        )?;
        let n = box_rows * box_columns;
        Ok(SudokuGrids {
            grid: GridProblem::new(n, Some((box_rows, box_columns)))?,
        })
    }

    /// The side of the grid, `box_rows * box_columns`.
    pub fn n(&self) -> usize {
        self.grid.n
    }
}

impl ExactCover for SudokuGrids {
    type Solution = SymbolGrid;

    fn problem(&self) -> &Problem {
        &self.grid.problem
    }

    fn decode(&self, options: &[OptionId]) -> SymbolGrid {
        self.grid.decode(options)
    }

    fn describe(&self) -> String {
        let (rows, columns) = self.grid.boxes.unwrap_or((1, 1));
        let n = self.grid.n;
        format!("all {n}x{n} Sudoku grids, boxes {rows}x{columns}")
    }
}
