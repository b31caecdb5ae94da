//! Grids: the cells of a puzzle or of a solution, and the shape of their boxes.
//!
//! A grid of size `n` has `n` rows, `n` columns and `n` boxes of
//! `box_rows x box_cols` cells, and holds digits `1..=n`. The classic puzzle
//! is `n = 9` with 3x3 boxes; 4x4 (2x2 boxes), 6x6 (2x3), 16x16 (4x4) and
//! 25x25 (5x5) are the same structure with other numbers, so nothing here is
//! specific to 9x9. Cells are stored row by row, `0` for an empty cell.

use std::fmt;
use std::str::FromStr;

use crate::symbols::Symbols;

/// The shape of a grid: the height and width of its boxes.
///
/// ```
/// use dancing_sudoku::Shape;
///
/// let six = Shape::new(2, 3)?; // 6x6, boxes two rows high and three columns wide
/// assert_eq!((six.size(), six.cell_count()), (6, 36));
/// assert_eq!(six.box_of(3, 4), 3); // boxes are numbered row by row
/// # Ok::<(), dancing_sudoku::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

// An alphabet has a symbol for each digit of the largest grid, and no more.
const _: () = assert!(Shape::MAX_SIZE == Symbols::MAX_LEN);

impl Shape {
    /// The classic 9x9 grid with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// The largest size supported: digits fit the bits of a `u64` mask.
    /// (The default [`Symbols`](crate::Symbols) write sizes up to 61.)
    pub const MAX_SIZE: usize = 64;

    /// The smallest size a line's length stands for (16 cells make a 4x4
    /// grid; shorter lines are not puzzles).
    pub const MIN_LINE_SIZE: usize = 4;

    /// Boxes of `box_rows` rows and `box_cols` columns; the grid has
    /// `box_rows * box_cols` rows, columns and digits.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        let size = box_rows.saturating_mul(box_cols);
        if box_rows == 0 || box_cols == 0 || size > Shape::MAX_SIZE {
            return Err(ShapeError { box_rows, box_cols });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape of a grid with `cell_count` cells: 4x4 with 2x2 boxes,
    /// 6x6 with 2x3, 9x9 with 3x3, and so on for square sizes; `None` for
    /// counts that are not the square of a supported size.
    pub fn for_cell_count(cell_count: usize) -> Option<Shape> {
        let size = (Shape::MIN_LINE_SIZE..=Shape::MAX_SIZE).find(|&n| n * n == cell_count)?;
        Shape::for_size(size)
    }

    /// The usual shape of a grid of `size` rows: the most square boxes, no
    /// taller than wide (6x6 has 2x3 boxes, 12x12 3x4, 8x8 2x4); a prime
    /// size has boxes of one row.
    pub fn for_size(size: usize) -> Option<Shape> {
        // The largest divisor not above the root.
        let box_rows = (1..=size)
            .rev()
            .find(|&r| size.is_multiple_of(r) && r * r <= size)?;
        Shape::new(box_rows, size / box_rows).ok()
    }

    /// The number of rows in a box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// The number of columns in a box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The number of rows, of columns, of boxes, and of digits.
    pub fn size(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// The number of cells.
    pub fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// The box of the cell at `row`, `col` (all 0-based); boxes are numbered
    /// left to right, top to bottom.
    pub fn box_of(self, row: usize, col: usize) -> usize {
        let boxes_per_band = self.size() / self.box_cols();
        (row / self.box_rows()) * boxes_per_band + col / self.box_cols()
    }
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::CLASSIC
    }
}

impl FromStr for Shape {
    type Err = ParseShapeError;

    /// Boxes written `RxC`: `2x3` is a 6x6 grid with boxes two rows high and
    /// three columns wide (`X` for `x`, and blanks around the numbers, are
    /// accepted too).
    ///
    /// ```
    /// use dancing_sudoku::{ParseShapeError, Shape};
    ///
    /// assert_eq!("2x3".parse::<Shape>()?, Shape::new(2, 3)?);
    /// assert_eq!(" 3 X 3 ".parse::<Shape>()?, Shape::CLASSIC);
    /// assert!(matches!("3".parse::<Shape>(), Err(ParseShapeError::NotRowsByColumns(_))));
    /// assert!(matches!("9x9".parse::<Shape>(), Err(ParseShapeError::Unsupported(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Shape, ParseShapeError> {
        let numbers = text
            .split_once(['x', 'X'])
            .and_then(|(rows, cols)| Some((rows.trim().parse().ok()?, cols.trim().parse().ok()?)));
        let Some((rows, cols)) = numbers else {
            return Err(ParseShapeError::NotRowsByColumns(text.to_owned()));
        };
        Shape::new(rows, cols).map_err(ParseShapeError::Unsupported)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        write!(f, "{n}x{n} with {}x{} boxes", self.box_rows, self.box_cols)
    }
}

/// Why a text is not a box shape: see [`Shape`]'s `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseShapeError {
    /// Not two numbers around an `x`: the text.
    NotRowsByColumns(String),
    /// Two numbers, but boxes that no grid here has.
    Unsupported(ShapeError),
}

impl fmt::Display for ParseShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseShapeError::NotRowsByColumns(text) => write!(
                f,
                "bad box shape {text:?}: expected ROWSxCOLUMNS, such as 3x3 or 2x3"
            ),
            ParseShapeError::Unsupported(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ParseShapeError {}

/// A shape that is not supported: an empty box, or more than
/// [`Shape::MAX_SIZE`] digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    /// The box height that was asked for.
    pub box_rows: usize,
    /// The box width that was asked for.
    pub box_cols: usize,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unsupported box shape {}x{}: boxes need at least one row and one column, and at most {} cells",
            self.box_rows,
            self.box_cols,
            Shape::MAX_SIZE
        )
    }
}

impl std::error::Error for ShapeError {}

/// A cell, by 0-based row and column. It is displayed the way players name
/// cells, 1-based: `r1c1` is the top left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// The characters of digits `1..=61` in the default [`Symbols`]: `1`-`9`,
/// then `A`-`Z`, then `a`-`z` (so 16x16 grids use `1`-`9` and `A`-`G`);
/// `.` for 0 and `?` beyond.
pub fn digit_char(digit: u8) -> char {
    match digit {
        0 => '.',
        1..=9 => (b'0' + digit) as char,
        10..=35 => (b'A' + digit - 10) as char,
        36..=61 => (b'a' + digit - 36) as char,
        _ => '?',
    }
}

/// The digit written as `c`: `Some(0)` for a blank (`.` or `0`), `Some(d)`
/// for a digit `d` (`A`-`Z` and `a`-`z` stand for 10 to 35), `None` for any
/// other character.
pub fn parse_cell_char(c: u8) -> Option<u8> {
    match c {
        b'.' | b'0' => Some(0),
        b'1'..=b'9' => Some(c - b'0'),
        b'A'..=b'Z' => Some(c - b'A' + 10),
        b'a'..=b'z' => Some(c - b'a' + 10),
        _ => None,
    }
}

/// A grid of cells, each empty or holding a digit: a puzzle (its givens) or
/// a solution.
///
/// ```
/// use dancing_sudoku::Grid;
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert_eq!(puzzle.given_count(), 17);
/// assert_eq!(puzzle.get(0, 0), Some(4));
/// assert_eq!(puzzle.get(0, 1), None);
/// assert!(puzzle.conflicts().is_empty());
/// # Ok::<(), dancing_sudoku::GridError>(())
/// ```
#[derive(PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    /// Row by row; 0 for an empty cell.
    cells: Vec<u8>,
}

impl Clone for Grid {
    fn clone(&self) -> Grid {
        Grid {
            shape: self.shape,
            cells: self.cells.clone(),
        }
    }

    /// Reuses this grid's buffer (the derived `clone_from` would allocate a
    /// new one): solvers copy the puzzle into their answer grid this way,
    /// once per puzzle.
    fn clone_from(&mut self, source: &Grid) {
        self.shape = source.shape;
        self.cells.clone_from(&source.cells);
    }
}

impl Grid {
    /// An empty grid of `shape`.
    pub fn new(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cell_count()],
        }
    }

    /// A grid of `shape` from its cells, row by row, `0` for empty.
    pub fn from_cells(shape: Shape, cells: &[u8]) -> Result<Grid, GridError> {
        if cells.len() != shape.cell_count() {
            return Err(GridError::WrongLength {
                expected: shape.cell_count(),
                found: cells.len(),
            });
        }
        if let Some(position) = cells.iter().position(|&d| d as usize > shape.size()) {
            return Err(GridError::BadDigit {
                position,
                digit: cells[position],
            });
        }
        Ok(Grid {
            shape,
            cells: cells.to_vec(),
        })
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of rows (and columns, boxes and digits).
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The cells, row by row, `0` for an empty cell.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at `row`, `col`, if the cell is filled.
    ///
    /// # Panics
    /// If the cell is outside the grid.
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        let digit = self.cells[self.index(row, col)];
        (digit != 0).then_some(digit)
    }

    /// Fills the cell at `row`, `col` with `digit`, or empties it with `None`.
    ///
    /// # Panics
    /// If the cell is outside the grid or the digit is not in `1..=size`.
    pub fn set(&mut self, row: usize, col: usize, digit: Option<u8>) {
        let index = self.index(row, col);
        let digit = digit.unwrap_or(0);
        assert!(
            digit as usize <= self.size(),
            "digit {digit} is outside 1..={}",
            self.size()
        );
        self.cells[index] = digit;
    }

    fn index(&self, row: usize, col: usize) -> usize {
        let n = self.size();
        assert!(
            row < n && col < n,
            "cell ({row}, {col}) is outside a {n}x{n} grid"
        );
        row * n + col
    }

    /// Empties every cell.
    pub fn clear(&mut self) {
        self.cells.fill(0);
    }

    /// Makes this grid an empty grid of `shape`, reusing its memory.
    pub fn reset(&mut self, shape: Shape) {
        self.shape = shape;
        self.cells.clear();
        self.cells.resize(shape.cell_count(), 0);
    }

    /// The number of filled cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The number of empty cells.
    pub fn blank_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d == 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&0)
    }

    /// The grid on one line, row by row: digits, `.` for an empty cell.
    pub fn to_line(&self) -> String {
        self.to_string()
    }

    /// Mutable access to the cells, for the readers and solvers of this
    /// crate, which keep every digit within `1..=size`.
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }
}

impl Default for Grid {
    /// An empty 9x9 grid.
    fn default() -> Grid {
        Grid::new(Shape::CLASSIC)
    }
}

impl fmt::Display for Grid {
    /// The grid on one line, `.` for an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for &digit in &self.cells {
            f.write_char(digit_char(digit))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

impl FromStr for Grid {
    type Err = GridError;

    /// A grid on one line, row by row: `.`, `_` or `0` for an empty cell,
    /// `1`-`9` (then `A`-`Z`, `a`-`z`: the default [`Symbols`](crate::Symbols)) for digits. The length gives the shape: 81 characters
    /// make a 9x9 grid, 16 a 4x4 one, 36 a 6x6 one with 2x3 boxes, and so on
    /// (see [`Shape::for_cell_count`]).
    fn from_str(text: &str) -> Result<Grid, GridError> {
        let bytes = text.as_bytes();
        let shape = Shape::for_cell_count(bytes.len()).ok_or(GridError::WrongLength {
            expected: Shape::CLASSIC.cell_count(),
            found: bytes.len(),
        })?;
        let symbols = Symbols::default();
        let mut cells = Vec::with_capacity(bytes.len());
        for (position, &c) in bytes.iter().enumerate() {
            match symbols.read(c, shape.size()) {
                Some(digit) => cells.push(digit),
                _ => {
                    let character = text[position..].chars().next().unwrap_or('?');
                    return Err(GridError::BadCharacter {
                        position,
                        character,
                    });
                }
            }
        }
        Ok(Grid { shape, cells })
    }
}

/// Why cells could not make a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// The number of cells does not fit the shape.
    WrongLength {
        /// The number of cells the shape needs.
        expected: usize,
        /// The number of cells given.
        found: usize,
    },
    /// A character that is neither a digit of the grid nor a blank.
    BadCharacter {
        /// Its 0-based byte position.
        position: usize,
        /// The character.
        character: char,
    },
    /// A digit larger than the size of the grid.
    BadDigit {
        /// Its 0-based position, row by row.
        position: usize,
        /// The digit.
        digit: u8,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::WrongLength { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            GridError::BadCharacter {
                position,
                character,
            } => write!(
                f,
                "bad character {character:?} at column {}: expected a digit, `.` or `0`",
                position + 1
            ),
            GridError::BadDigit { position, digit } => {
                write!(
                    f,
                    "digit {digit} at position {position} is larger than the grid"
                )
            }
        }
    }
}

impl std::error::Error for GridError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes_read_as_rows_x_columns() {
        for rows in 0..=9 {
            for cols in 0..=9 {
                let shape = Shape::new(rows, cols);
                for text in [
                    format!("{rows}x{cols}"),
                    format!("{rows}X{cols}"),
                    format!(" {rows} x {cols} "),
                ] {
                    let read = text.parse::<Shape>();
                    match &shape {
                        Ok(shape) => assert_eq!(read, Ok(*shape), "{text}"),
                        Err(error) => {
                            assert_eq!(read, Err(ParseShapeError::Unsupported(error.clone())));
                            // The message is the shape's own.
                            assert_eq!(read.unwrap_err().to_string(), error.to_string());
                        }
                    }
                }
            }
        }
        for text in [
            "", "3", "3x", "x3", "3x3x3", "a x b", "3 3", "-1x3", "3x3.0",
        ] {
            let error = text.parse::<Shape>().unwrap_err();
            assert_eq!(error, ParseShapeError::NotRowsByColumns(text.to_owned()));
            assert_eq!(
                error.to_string(),
                format!("bad box shape {text:?}: expected ROWSxCOLUMNS, such as 3x3 or 2x3")
            );
        }
    }

    #[test]
    fn shapes_number_boxes_row_by_row() {
        let classic = Shape::CLASSIC;
        assert_eq!(classic.box_of(0, 0), 0);
        assert_eq!(classic.box_of(0, 8), 2);
        assert_eq!(classic.box_of(4, 4), 4);
        assert_eq!(classic.box_of(8, 0), 6);
        let six = Shape::new(2, 3).unwrap();
        assert_eq!(
            [
                six.box_of(0, 2),
                six.box_of(0, 3),
                six.box_of(2, 0),
                six.box_of(5, 5)
            ],
            [0, 1, 2, 5]
        );
        assert!(Shape::new(0, 3).is_err());
        assert!(Shape::new(9, 8).is_err());
        assert_eq!(
            Shape::for_cell_count(64 * 64),
            Some(Shape::new(8, 8).unwrap())
        );
        assert_eq!(Shape::for_size(12), Some(Shape::new(3, 4).unwrap()));
        assert_eq!(Shape::for_size(8), Some(Shape::new(2, 4).unwrap()));
        assert_eq!(Shape::for_cell_count(9), None);
        assert_eq!(Shape::for_cell_count(36), Some(Shape::new(2, 3).unwrap()));
        assert_eq!(Shape::for_cell_count(256), Some(Shape::new(4, 4).unwrap()));
        assert_eq!(Shape::for_cell_count(80), None);
    }

    #[test]
    fn lines_parse_and_print_back() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid: Grid = line.parse().unwrap();
        assert_eq!(grid.to_line(), line);
        let zeros = line.replace('.', "0");
        assert_eq!(zeros.parse::<Grid>().unwrap(), grid);
        assert_eq!(
            "4.x".repeat(27).parse::<Grid>(),
            Err(GridError::BadCharacter {
                position: 2,
                character: 'x'
            })
        );
        assert_eq!(
            ".".repeat(80).parse::<Grid>(),
            Err(GridError::WrongLength {
                expected: 81,
                found: 80
            })
        );
        // A digit beyond the size of a 4x4 grid.
        assert!("5...............".parse::<Grid>().is_err());
    }

    #[test]
    fn set_and_get() {
        let mut grid = Grid::default();
        grid.set(8, 8, Some(9));
        assert_eq!(grid.get(8, 8), Some(9));
        assert_eq!(grid.given_count(), 1);
        grid.set(8, 8, None);
        assert_eq!(grid.given_count(), 0);
    }

    #[test]
    #[should_panic(expected = "outside")]
    fn set_rejects_digits_beyond_the_size() {
        Grid::default().set(0, 0, Some(10));
    }
}
