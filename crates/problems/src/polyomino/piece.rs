//! Pieces: polyominoes given by their cells, and their orientations.

use std::collections::BTreeMap;

use super::board::{Board, picture_rows};
use super::symmetry::{Cell, Symmetry, normalize};
use crate::Error;

/// A piece to place: a name (its item in the problem) and its cells.
///
/// The cells need not be connected; they are kept shifted so that the
/// smallest x and y are 0, and sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    name: String,
    cells: Vec<Cell>,
}

impl Piece {
    /// A piece called `name` (a valid item name: no whitespace, `:` or `|`)
    /// with the given distinct cells.
    ///
    /// ```
    /// use dancing_problems::Piece;
    /// use dancing_problems::polyomino::Cell;
    ///
    /// let l_tromino = Piece::new("L", [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1)])?;
    /// assert_eq!(l_tromino.orientations().len(), 4);
    /// # Ok::<(), dancing_problems::Error>(())
    /// ```
    pub fn new<I: IntoIterator<Item = Cell>>(name: &str, cells: I) -> Result<Piece, Error> {
        let invalid = |reason: String| Error::InvalidPiece {
            name: name.to_owned(),
            reason,
        };
        if !dancing::expert::is_valid_name(name) {
            return Err(invalid(
                "a piece name must be non-empty, without whitespace, `:` or `|`".to_owned(),
            ));
        }
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(invalid("a piece needs at least one cell".to_owned()));
        }
        cells.sort_unstable();
        if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(invalid(format!(
                "cell ({}, {}) is given twice",
                pair[0].x, pair[0].y
            )));
        }
        if cells.len() > Board::MAX_CELLS {
            return Err(invalid(format!(
                "a piece may have at most {} cells",
                Board::MAX_CELLS
            )));
        }
        let span = |coordinate: fn(&Cell) -> i32| {
            let values = cells.iter().map(|c| i64::from(coordinate(c)));
            values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
        };
        if span(|c| c.x).max(span(|c| c.y)) >= Board::MAX_SIDE as i64 {
            return Err(invalid(format!(
                "a piece may span at most {} rows and columns",
                Board::MAX_SIDE
            )));
        }
        normalize(&mut cells);
        Ok(Piece {
            name: name.to_owned(),
            cells,
        })
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The letter that stands for the piece in pictures: the first
    /// character of its name.
    pub fn symbol(&self) -> char {
        self.name.chars().next().unwrap_or('?')
    }

    /// The cells, shifted to start at 0 and sorted (by x, then y).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a piece has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The distinct shapes the piece takes under rotations and reflections,
    /// each shifted to start at 0 and sorted, in increasing order: 8 for a
    /// piece with no symmetry, 1 for the X pentomino.
    pub fn orientations(&self) -> Vec<Vec<Cell>> {
        let mut shapes: Vec<Vec<Cell>> = Symmetry::ALL
            .into_iter()
            .map(|symmetry| {
                let mut shape: Vec<Cell> = self.cells.iter().map(|&c| symmetry.apply(c)).collect();
                normalize(&mut shape);
                shape
            })
            .collect();
        shapes.sort();
        shapes.dedup();
        shapes
    }
}

/// The twelve pentominoes, named by the letters they resemble (Golomb's
/// names, as in Knuth's files): F I L N P T U V W X Y Z.
pub fn pentominoes() -> Vec<Piece> {
    const SHAPES: [(&str, &str); 12] = [
        ("F", ".##/##./.#."),
        ("I", "#####"),
        ("L", "####/#..."),
        ("N", "##../.###"),
        ("P", "##/##/#."),
        ("T", "###/.#./.#."),
        ("U", "#.#/###"),
        ("V", "#../#../###"),
        ("W", "#../##./.##"),
        ("X", ".#./###/.#."),
        ("Y", "####/.#.."),
        ("Z", "##./.#./.##"),
    ];
    SHAPES
        .iter()
        .map(|&(name, picture)| {
            let cells = picture_rows(picture).into_iter().flat_map(|(line, row)| {
                row.char_indices()
                    .filter(|&(_, c)| c == '#')
                    .map(move |(x, _)| Cell::new(x as i32, line.y))
            });
            Piece::new(name, cells).expect("the built-in pentominoes are valid")
        })
        .collect()
}

/// Pieces drawn together in one picture, each with its own character: every
/// character other than `.` and whitespace is a cell of the piece named by
/// that character. Rows are separated by newlines or `/`. The pieces come in
/// the order of their characters (so `F`, `I`, `L`, ... for pentominoes).
///
/// ```
/// use dancing_problems::polyomino::pieces_from_picture;
///
/// // An L tromino and a domino.
/// let pieces = pieces_from_picture("a.bb/aa")?;
/// assert_eq!(pieces.len(), 2);
/// assert_eq!((pieces[0].name(), pieces[0].len()), ("a", 3));
/// assert_eq!((pieces[1].name(), pieces[1].len()), ("b", 2));
/// # Ok::<(), dancing_problems::Error>(())
/// ```
pub fn pieces_from_picture(picture: &str) -> Result<Vec<Piece>, Error> {
    let mut cells_by_symbol: BTreeMap<char, Vec<Cell>> = BTreeMap::new();
    for (line, row) in picture_rows(picture) {
        for (column, c) in row.chars().enumerate() {
            if c == '.' || c.is_whitespace() {
                continue;
            }
            if c == ':' || c == '|' {
                return Err(Error::Picture {
                    line: line.number,
                    column: column + 1,
                    message: format!("{c:?} cannot name a piece (Knuth's format reserves it)"),
                });
            }
            let cell = Cell::new(column.min(i32::MAX as usize) as i32, line.y);
            cells_by_symbol.entry(c).or_default().push(cell);
        }
    }
    if cells_by_symbol.is_empty() {
        return Err(Error::Picture {
            line: 1,
            column: 1,
            message: "no piece: draw each piece's cells with a letter of its own".to_owned(),
        });
    }
    cells_by_symbol
        .into_iter()
        .map(|(symbol, cells)| Piece::new(&symbol.to_string(), cells))
        .collect()
}
