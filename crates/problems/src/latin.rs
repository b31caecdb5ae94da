//! Latin squares of order n: an n x n grid of n symbols, each symbol once in
//! every row and every column.
//!
//! Knuth's formulation, as in `latin4.dlx`: primary items `pRxC` (cell R, C
//! holds a symbol), `rRxV` (row R holds symbol V) and `cCxV` (column C holds
//! symbol V); one option `pRxC rRxV cCxV` per cell and symbol, in the order
//! row, column, symbol. [`SudokuGrids`](crate::SudokuGrids) adds boxes.
//!
//! ```
//! use dancing_problems::{LatinSquares, ExactCover};
//!
//! assert_eq!(LatinSquares::new(4)?.count(), 576);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::fmt;

use dancing::{OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover};

/// Latin squares of one order, built.
#[derive(Clone, Debug)]
pub struct LatinSquares {
    grid: GridProblem,
}

impl LatinSquares {
    /// The largest order accepted (a million options).
    pub const MAX_N: usize = 100;

    /// Every Latin square of order `n`.
    pub fn new(n: usize) -> Result<LatinSquares, Error> {
        check_range("the order of a Latin square", n, 1, Self::MAX_N)?;
        Ok(LatinSquares {
            grid: GridProblem::new(n, None)?,
        })
    }

    /// The order n.
    pub fn n(&self) -> usize {
        self.grid.n
    }
}

impl ExactCover for LatinSquares {
    type Solution = SymbolGrid;

    fn problem(&self) -> &Problem {
        &self.grid.problem
    }

    fn decode(&self, options: &[OptionId]) -> SymbolGrid {
        self.grid.decode(options)
    }

    fn describe(&self) -> String {
        format!("Latin squares of order {}", self.grid.n)
    }
}

/// The exact cover shared by Latin squares and Sudoku grids: every cell
/// holds one symbol, every row and column holds every symbol once, and so
/// does every box when there are boxes.
#[derive(Clone, Debug)]
pub(crate) struct GridProblem {
    pub(crate) n: usize,
    /// `(rows, columns)` of a box.
    pub(crate) boxes: Option<(usize, usize)>,
    pub(crate) problem: Problem,
}

impl GridProblem {
    /// Builds the problem; `boxes`, when given, multiply to `n`.
    pub(crate) fn new(n: usize, boxes: Option<(usize, usize)>) -> Result<GridProblem, Error> {
        let mut builder = ProblemBuilder::new();
        // One family of n x n items per constraint, named `{prefix}{i}x{j}`.
        let mut family = |prefix: &str| -> Result<Vec<dancing::ItemId>, Error> {
            let mut items = Vec::with_capacity(n * n);
            for i in 0..n {
                for j in 0..n {
                    items.push(builder.primary_item(&format!("{prefix}{i}x{j}"))?);
                }
            }
            Ok(items)
        };
        let cells = family("p")?;
        let rows = family("r")?;
        let columns = family("c")?;
        let box_items = match boxes {
            Some(_) => family("b")?,
            None => Vec::new(),
        };
        for row in 0..n {
            for column in 0..n {
                for symbol in 0..n {
                    let mut option = vec![
                        cells[row * n + column],
                        rows[row * n + symbol],
                        columns[column * n + symbol],
                    ];
                    if let Some((box_rows, box_columns)) = boxes {
                        // Boxes are numbered row-major; a band of boxes is
                        // `n / box_columns` boxes wide.
                        let box_index = (row / box_rows) * (n / box_columns) + column / box_columns;
                        option.push(box_items[box_index * n + symbol]);
                    }
                    builder.option(option)?;
                }
            }
        }
        Ok(GridProblem {
            n,
            boxes,
            problem: builder.build()?,
        })
    }

    /// Option `k` puts symbol `k % n` in cell `k / n` (row-major).
    pub(crate) fn decode(&self, options: &[OptionId]) -> SymbolGrid {
        let n = self.n;
        let mut symbols = vec![0; n * n];
        for option in options {
            let k = option.index();
            assert!(k < n * n * n, "option {k} is not an option of this grid");
            symbols[k / n] = k % n;
        }
        SymbolGrid {
            n,
            boxes: self.boxes,
            symbols,
        }
    }
}

/// An n x n grid of symbols `0..n`; `Display` writes them as `1..=n`, right
/// aligned, and draws the boxes of a Sudoku grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SymbolGrid {
    n: usize,
    boxes: Option<(usize, usize)>,
    symbols: Vec<usize>,
}

impl SymbolGrid {
    /// The order n.
    pub fn n(&self) -> usize {
        self.n
    }

    /// `(rows, columns)` of a box, for a Sudoku grid.
    pub fn boxes(&self) -> Option<(usize, usize)> {
        self.boxes
    }

    /// The symbol (in `0..n`) at `row`, `column`.
    ///
    /// # Panics
    /// If the cell is outside the grid.
    pub fn symbol(&self, row: usize, column: usize) -> usize {
        assert!(
            row < self.n && column < self.n,
            "cell ({row}, {column}) is outside the grid"
        );
        self.symbols[row * self.n + column]
    }

    /// The symbols row by row.
    pub fn rows(&self) -> impl Iterator<Item = &[usize]> + '_ {
        self.symbols.chunks(self.n)
    }
}

impl fmt::Display for SymbolGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.n.to_string().len();
        let (box_rows, box_columns) = self.boxes.unwrap_or((self.n, self.n));
        for (r, row) in self.rows().enumerate() {
            if r > 0 && r % box_rows == 0 {
                // A rule under each band of boxes: `----+----`.
                let segment = "-".repeat(box_columns * (width + 1) - 1);
                let bands = self.n / box_columns;
                writeln!(f, "{}", vec![segment; bands].join("-+-"))?;
            }
            for (c, symbol) in row.iter().enumerate() {
                if c > 0 {
                    let separator = if c % box_columns == 0 { " | " } else { " " };
                    write!(f, "{separator}")?;
                }
                write!(f, "{:>width$}", symbol + 1)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
