//! 0-1 matrices with given row and column sums: every row sum between two
//! bounds, every column sum between two others.
//!
//! An exact cover with multiplicities (Knuth's Algorithm M): the rows `rI`
//! and columns `cJ` are primary items with bounds (`2|r0` for exactly 2,
//! `1:2|r0` for 1 or 2), and each cell is the option `rI cJ`, chosen when
//! the cell holds a 1. With every sum exactly 2 the n x n matrices are
//! counted by OEIS A001499 (1, 0, 1, 6, 90, 2,040, 67,950, ...), and the
//! problem is Knuth's `rowcol4_2_2.dlx` line for line; with sums of
//! exactly 1 it is plain exact cover, the n! permutation matrices.
//!
//! ```
//! use dancing_problems::{ExactCover, ZeroOneMatrices};
//!
//! let matrices = ZeroOneMatrices::new(4, 4, (2, 2), (2, 2))?;
//! let problem = matrices.problem();
//! assert!(problem.has_bounds());
//! assert_eq!(problem.item_bounds(problem.item_by_name("r0").unwrap()), (2, 2));
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::fmt;

use dancing::{OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover, numbered_primary};

/// The 0-1 matrices of one shape with bounded row and column sums, built.
#[derive(Clone, Debug)]
pub struct ZeroOneMatrices {
    rows: usize,
    columns: usize,
    row_sums: (u32, u32),
    column_sums: (u32, u32),
    problem: Problem,
}

impl ZeroOneMatrices {
    /// The most rows, and the most columns, accepted (a million cells).
    pub const MAX_SIDE: usize = 1000;

    /// The `rows` x `columns` 0-1 matrices whose row sums lie in
    /// `row_sums.0..=row_sums.1` and column sums in
    /// `column_sums.0..=column_sums.1`.
    ///
    /// # Errors
    /// A side outside `1..=MAX_SIDE`, an upper bound of 0, or a lower bound
    /// above its upper one.
    pub fn new(
        rows: usize,
        columns: usize,
        row_sums: (u32, u32),
        column_sums: (u32, u32),
    ) -> Result<ZeroOneMatrices, Error> {
        check_range("the number of rows", rows, 1, Self::MAX_SIDE)?;
        check_range("the number of columns", columns, 1, Self::MAX_SIDE)?;
        let mut builder = ProblemBuilder::new();
        let row_items = numbered_primary(&mut builder, "r", 0..rows)?;
        let column_items = numbered_primary(&mut builder, "c", 0..columns)?;
        for (items, (lower, upper)) in [(&row_items, row_sums), (&column_items, column_sums)] {
            for &item in items {
                builder.set_bounds(item, lower, upper)?;
            }
        }
        for &row in &row_items {
            for &column in &column_items {
                builder.option([row, column])?;
            }
        }
        Ok(ZeroOneMatrices {
            rows,
            columns,
            row_sums,
            column_sums,
            problem: builder.build()?,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }
}

/// `[a..b]` for a range of sums, as in Knuth's comments.
fn range((lower, upper): (u32, u32)) -> String {
    format!("[{lower}..{upper}]")
}

impl ExactCover for ZeroOneMatrices {
    type Solution = ZeroOneMatrix;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> ZeroOneMatrix {
        let mut cells = vec![false; self.rows * self.columns];
        for option in options {
            // Options come row by row, one per cell.
            cells[option.index()] = true;
        }
        ZeroOneMatrix {
            columns: self.columns,
            cells,
        }
    }

    fn describe(&self) -> String {
        let shape = if self.rows == self.columns {
            format!("n x n 0-1 matrices, n={}", self.rows)
        } else {
            format!("{} x {} 0-1 matrices", self.rows, self.columns)
        };
        if self.row_sums == self.column_sums {
            format!(
                "{shape}, every row and column sum in {}",
                range(self.row_sums)
            )
        } else {
            format!(
                "{shape}, every row sum in {}, every column sum in {}",
                range(self.row_sums),
                range(self.column_sums)
            )
        }
    }
}

/// A 0-1 matrix; `Display` writes a line of `0`s and `1`s per row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ZeroOneMatrix {
    columns: usize,
    cells: Vec<bool>,
}

impl ZeroOneMatrix {
    /// The rows, each a slice of cells.
    pub fn rows(&self) -> impl Iterator<Item = &[bool]> {
        self.cells.chunks(self.columns)
    }
}

impl fmt::Display for ZeroOneMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            for &cell in row {
                f.write_str(if cell { "1" } else { "0" })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
