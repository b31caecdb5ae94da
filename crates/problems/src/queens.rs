//! The n queens problem: n queens on an n x n board, no two attacking.
//!
//! Knuth's formulation: one option per square, `rR cC aA bB`, where `rR`
//! and `cC` are the row and column (primary: each holds exactly one queen)
//! and `aA`, `bB` the two diagonals through the square (secondary: each holds
//! at most one), with `A = R + C` and `B = n - 1 - C + R`. Squares come in
//! row-major order, so the file matches Knuth's `queens8.dlx` line for line.
//!
//! ```
//! use dancing_problems::{Queens, ExactCover};
//!
//! assert_eq!(Queens::new(8)?.count(), 92);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::fmt;

use dancing::{OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover, numbered_primary};

/// The n queens problem, built.
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    problem: Problem,
}

impl Queens {
    /// The largest board accepted (a million options).
    pub const MAX_N: usize = 1000;

    /// The problem for `n` queens, `1 <= n <= MAX_N`.
    pub fn new(n: usize) -> Result<Queens, Error> {
        check_range("the number of queens", n, 1, Self::MAX_N)?;
        let mut builder = ProblemBuilder::new();
        let rows = numbered_primary(&mut builder, "r", 0..n)?;
        let columns = numbered_primary(&mut builder, "c", 0..n)?;
        let diagonals = 2 * n - 1;
        let sums = (0..diagonals)
            .map(|k| builder.secondary_item(&format!("a{k}")))
            .collect::<Result<Vec<_>, _>>()?;
        let differences = (0..diagonals)
            .map(|k| builder.secondary_item(&format!("b{k}")))
            .collect::<Result<Vec<_>, _>>()?;
        for row in 0..n {
            for column in 0..n {
                builder.option([
                    rows[row],
                    columns[column],
                    sums[row + column],
                    differences[n - 1 - column + row],
                ])?;
            }
        }
        Ok(Queens {
            n,
            problem: builder.build()?,
        })
    }

    /// The size of the board.
    pub fn n(&self) -> usize {
        self.n
    }
}

impl ExactCover for Queens {
    type Solution = QueensBoard;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> QueensBoard {
        // Option `k` is the square in row `k / n`, column `k % n`.
        let mut columns = vec![0; self.n];
        for option in options {
            let square = option.index();
            assert!(
                square < self.n * self.n,
                "option {square} is not a square of this board"
            );
            columns[square / self.n] = square % self.n;
        }
        QueensBoard { columns }
    }

    fn describe(&self) -> String {
        format!(
            "{} queens (rows and columns primary, diagonals secondary)",
            self.n
        )
    }
}

/// A placement of n queens, one per row; `Display` draws the board with `Q`
/// for a queen and `.` for an empty square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QueensBoard {
    columns: Vec<usize>,
}

impl QueensBoard {
    /// The size of the board.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of the queen in each row, top row first.
    pub fn columns(&self) -> &[usize] {
        &self.columns
    }

    /// The squares of the queens, as `(row, column)`.
    pub fn queens(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.columns.iter().copied().enumerate()
    }
}

impl fmt::Display for QueensBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &queen in &self.columns {
            for column in 0..self.n() {
                let square = if column == queen { "Q" } else { "." };
                let separator = if column + 1 < self.n() { " " } else { "\n" };
                write!(f, "{square}{separator}")?;
            }
        }
        Ok(())
    }
}
