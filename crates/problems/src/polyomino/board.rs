//! Boards: any finite set of cells, from a rectangle or a picture.

use std::fmt;

use super::symmetry::{BoardSymmetry, Cell, Symmetry};
use crate::Error;
use crate::error::check_range;

/// A board to pack: a set of cells, with holes where there are none.
///
/// Its cells are kept in reading order (row by row, top to bottom, each row
/// left to right): that is the order of their items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Vec<Cell>,
    width: usize,
    height: usize,
    /// `index[y * width + x]` is the position of cell (x, y) in `cells`.
    index: Vec<Option<u32>>,
}

impl Board {
    /// The most rows or columns a board may span.
    pub const MAX_SIDE: usize = 256;
    /// The most cells a board may have.
    pub const MAX_CELLS: usize = 4096;

    /// A rectangle of `rows` by `columns` cells: `Board::rectangle(6, 10)` is
    /// 6 rows of 10 cells, written `6x10`.
    pub fn rectangle(rows: usize, columns: usize) -> Result<Board, Error> {
        check_range("the rows of a board", rows, 1, Self::MAX_SIDE)?;
        check_range("the columns of a board", columns, 1, Self::MAX_SIDE)?;
        check_range("the cells of a board", rows * columns, 1, Self::MAX_CELLS)?;
        let cells =
            (0..rows).flat_map(|y| (0..columns).map(move |x| Cell::new(x as i32, y as i32)));
        Board::from_cells(cells)
    }

    /// A board drawn as text: `.` is a cell, `#` or a space is a hole. Rows
    /// are separated by newlines or by `/` (so `"..#/..."` fits on a command
    /// line); blank rows before and after the picture are ignored, and a
    /// short row is padded with holes. Cell (x, y) is character x of row y.
    ///
    /// ```
    /// use dancing_problems::Board;
    ///
    /// // The 8x8 board without its central 2x2 square.
    /// let board = Board::from_picture(
    ///     "........\n........\n........\n...##...\n...##...\n........\n........\n........\n",
    /// )?;
    /// assert_eq!(board.len(), 60);
    /// assert_eq!(board.symmetries().len(), 8);
    /// # Ok::<(), dancing_problems::Error>(())
    /// ```
    pub fn from_picture(picture: &str) -> Result<Board, Error> {
        let mut cells = Vec::new();
        for (line, row) in picture_rows(picture) {
            for (column, c) in row.chars().enumerate() {
                match c {
                    '.' if column >= Self::MAX_SIDE || line.y as usize >= Self::MAX_SIDE => {
                        return Err(Error::Picture {
                            line: line.number,
                            column: column + 1,
                            message: format!(
                                "a board may span at most {} rows and columns",
                                Self::MAX_SIDE
                            ),
                        });
                    }
                    '.' => cells.push(Cell::new(column as i32, line.y)),
                    '#' | ' ' => {}
                    _ => {
                        return Err(Error::Picture {
                            line: line.number,
                            column: column + 1,
                            message: format!(
                                "unexpected {c:?}: a board picture has `.` for a cell and `#` or a space for a hole"
                            ),
                        });
                    }
                }
            }
        }
        if cells.is_empty() {
            return Err(Error::Picture {
                line: 1,
                column: 1,
                message: "the board has no cell (`.`)".to_owned(),
            });
        }
        Board::with_cells(cells)
    }

    /// A board with the given cells (repeats are ignored), shifted so that
    /// its smallest x and y are 0.
    pub fn from_cells<I: IntoIterator<Item = Cell>>(cells: I) -> Result<Board, Error> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        cells.sort_unstable();
        cells.dedup();
        check_range("the cells of a board", cells.len(), 1, Self::MAX_CELLS)?;
        let (min, max) = bounds(&cells);
        for (span, what) in [
            (max.0 - min.0, "the columns of a board"),
            (max.1 - min.1, "the rows of a board"),
        ] {
            check_range(what, (span + 1) as usize, 1, Self::MAX_SIDE)?;
        }
        for cell in &mut cells {
            *cell = Cell::new(
                (i64::from(cell.x) - min.0) as i32,
                (i64::from(cell.y) - min.1) as i32,
            );
        }
        Board::with_cells(cells)
    }

    /// Sorts `cells` into reading order and indexes them; coordinates are
    /// known to lie in `0..MAX_SIDE`.
    fn with_cells(mut cells: Vec<Cell>) -> Result<Board, Error> {
        cells.sort_unstable_by_key(|c| (c.y, c.x));
        cells.dedup();
        check_range("the cells of a board", cells.len(), 1, Self::MAX_CELLS)?;
        let width = cells.iter().map(|c| c.x).max().unwrap_or(0) as usize + 1;
        let height = cells.iter().map(|c| c.y).max().unwrap_or(0) as usize + 1;
        let mut index = vec![None; width * height];
        for (k, cell) in cells.iter().enumerate() {
            index[cell.y as usize * width + cell.x as usize] = Some(k as u32);
        }
        Ok(Board {
            cells,
            width,
            height,
            index,
        })
    }

    /// The cells, in reading order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// One more than the largest x of a cell.
    pub fn width(&self) -> usize {
        self.width
    }

    /// One more than the largest y of a cell.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The position of `cell` in [`cells`](Self::cells), if it is a cell of
    /// the board.
    pub fn position(&self, cell: Cell) -> Option<usize> {
        if cell.x < 0
            || cell.y < 0
            || cell.x as usize >= self.width
            || cell.y as usize >= self.height
        {
            return None;
        }
        self.index[cell.y as usize * self.width + cell.x as usize].map(|k| k as usize)
    }

    /// Whether `cell` is a cell of the board.
    pub fn contains(&self, cell: Cell) -> bool {
        self.position(cell).is_some()
    }

    /// `(rows, columns)` if the board is a full rectangle.
    pub fn rectangle_size(&self) -> Option<(usize, usize)> {
        let min_x = self.cells.iter().map(|c| c.x).min().unwrap_or(0) as usize;
        let min_y = self.cells[0].y as usize;
        let (rows, columns) = (self.height - min_y, self.width - min_x);
        (rows * columns == self.cells.len()).then_some((rows, columns))
    }

    /// The board in a phrase: `a 6x10 board`, or `a board of 60 cells
    /// (8x8 with holes)`.
    pub(crate) fn describe(&self) -> String {
        match self.rectangle_size() {
            Some((rows, columns)) => format!("a {rows}x{columns} board"),
            None => format!(
                "a board of {} cells ({}x{} with holes)",
                self.len(),
                self.height(),
                self.width()
            ),
        }
    }

    /// The symmetries of the square that map the board onto itself, the
    /// identity first: 4 for a rectangle that is not a square, 8 for a
    /// square, fewer for boards with holes or odd shapes.
    pub fn symmetries(&self) -> Vec<BoardSymmetry> {
        let (min, _) = bounds(&self.cells);
        Symmetry::ALL
            .into_iter()
            .filter_map(|symmetry| {
                let images: Vec<Cell> = self.cells.iter().map(|&c| symmetry.apply(c)).collect();
                let (image_min, _) = bounds(&images);
                let shift = Cell::new((min.0 - image_min.0) as i32, (min.1 - image_min.1) as i32);
                let map = BoardSymmetry { symmetry, shift };
                // The map is one-to-one, so landing inside means onto.
                self.cells
                    .iter()
                    .all(|&c| self.contains(map.apply(c)))
                    .then_some(map)
            })
            .collect()
    }
}

/// Draws the board as it is read: `.` for a cell, `#` for a hole.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            for x in 0..self.width {
                let c = if self.contains(Cell::new(x as i32, y as i32)) {
                    '.'
                } else {
                    '#'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The smallest and largest x and y of `cells` (which is not empty), widened.
fn bounds(cells: &[Cell]) -> ((i64, i64), (i64, i64)) {
    let xs = cells.iter().map(|c| i64::from(c.x));
    let ys = cells.iter().map(|c| i64::from(c.y));
    (
        (xs.clone().min().unwrap_or(0), ys.clone().min().unwrap_or(0)),
        (xs.max().unwrap_or(0), ys.max().unwrap_or(0)),
    )
}

/// Where a row of a picture came from.
#[derive(Clone, Copy)]
pub(crate) struct PictureLine {
    /// The 1-based line (or `/`-separated row) of the text, for messages.
    pub(crate) number: usize,
    /// The row of the picture: 0 for the first row that is not blank.
    pub(crate) y: i32,
}

/// The rows of a picture: separated by newlines or `/`, a `\r` before a
/// newline dropped, blank rows at either end skipped.
pub(crate) fn picture_rows(picture: &str) -> Vec<(PictureLine, &str)> {
    let rows: Vec<&str> = picture
        .split(['\n', '/'])
        .map(|row| row.strip_suffix('\r').unwrap_or(row))
        .collect();
    let blank = |row: &&str| row.trim().is_empty();
    let first = rows
        .iter()
        .position(|row| !blank(row))
        .unwrap_or(rows.len());
    let last = rows
        .iter()
        .rposition(|row| !blank(row))
        .map_or(first, |k| k + 1);
    rows[first..last]
        .iter()
        .enumerate()
        .map(|(y, row)| {
            (
                PictureLine {
                    number: first + y + 1,
                    y: y as i32,
                },
                *row,
            )
        })
        .collect()
}
