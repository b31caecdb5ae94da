//! Tilings with reusable pieces: cover a board exactly with copies of a few
//! shapes, each used as often as needed, in any rotation or reflection:
//! domino tilings, tromino tilings, and the like.
//!
//! # The exact cover
//! One primary item per board cell (`xXyY`, as in [`Packing`](crate::Packing)),
//! and one option per placement of a shape; there is no item per piece, so
//! a shape may be placed any number of times. Placements come shape by
//! shape, in the order of [`Packing`](crate::Packing); two shapes that are
//! rotations or reflections of each other give their placements once.
//!
//! These are the problems where memoized counting shines: the cells left
//! after a few placements depend little on which ones were made.
//!
//! ```
//! use dancing_problems::{Board, Tilings, ExactCover};
//!
//! // Domino tilings of the 2x10 board: the 11th Fibonacci number.
//! assert_eq!(Tilings::dominoes(Board::rectangle(2, 10)?)?.count(), 89);
//! // 2x3 by trominoes: two straight ones, or two bent ones in 2 ways.
//! assert_eq!(Tilings::trominoes(Board::rectangle(2, 3)?)?.count(), 3);
//! // 16 cells are no multiple of 3.
//! assert_eq!(Tilings::trominoes(Board::rectangle(4, 4)?)?.count(), 0);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::collections::HashSet;
use std::fmt;

use dancing::expert::MAX_OPTION_COST;
use dancing::{OptionId, Problem, ProblemBuilder};

use crate::polyomino::{
    Board, Cell, MAX_ENTRIES, OwnerGrid, Piece, pieces_from_picture, placements,
};
use crate::{Error, ExactCover};

/// A tiling problem, built: a board, the shapes, one option per placement.
#[derive(Clone, Debug)]
pub struct Tilings {
    board: Board,
    pieces: Vec<Piece>,
    /// The cells of each option's placement, and its shape (an index into
    /// `pieces`).
    placements: Vec<(usize, Vec<Cell>)>,
    problem: Problem,
}

impl Tilings {
    /// The tilings of `board` by copies of `pieces`.
    pub fn new(board: Board, pieces: Vec<Piece>) -> Result<Tilings, Error> {
        let prices = vec![0; pieces.len()];
        Tilings::priced(board, pieces, &prices)
    }

    /// The tilings of `board` by copies of `pieces`, each copy of
    /// `pieces[i]` costing `prices[i]`: the cheapest tiling is the
    /// minimum-cost exact cover ([`MinCostSolver`](dancing::expert::MinCostSolver)).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dancing::expert::{Budget, MinCostSolver};
    /// use dancing_problems::{Board, ExactCover, Tilings, polyomino::pieces_from_picture};
    ///
    /// // A 4x4 board by dominoes at 2 and squares at 3: four squares, 12.
    /// let shapes = pieces_from_picture("DDOO/..OO")?;
    /// let tilings = Tilings::priced(Board::rectangle(4, 4)?, shapes, &[2, 3])?;
    /// let mut solver = MinCostSolver::new(tilings.problem()).unwrap();
    /// let best = solver.search(1, Budget::new(), |_| ControlFlow::Continue(()));
    /// assert_eq!(best.best[0].cost, 12);
    /// # Ok::<(), dancing_problems::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`new`](Self::new), and [`Error::InvalidCosts`] when there is not
    /// one price per piece or a price is above
    /// [`MAX_OPTION_COST`](dancing::expert::MAX_OPTION_COST).
    pub fn priced(board: Board, pieces: Vec<Piece>, prices: &[u64]) -> Result<Tilings, Error> {
        if prices.len() != pieces.len() {
            return Err(Error::InvalidCosts {
                reason: format!("{} prices for {} shapes", prices.len(), pieces.len()),
            });
        }
        if let Some(&price) = prices.iter().find(|&&p| p > MAX_OPTION_COST) {
            return Err(Error::InvalidCosts {
                reason: format!("price {price} is too large (at most {MAX_OPTION_COST})"),
            });
        }
        if pieces.is_empty() {
            return Err(Error::InvalidPiece {
                name: String::new(),
                reason: "a tiling needs at least one shape".to_owned(),
            });
        }
        let mut builder = ProblemBuilder::new();
        let cells = board
            .cells()
            .iter()
            .map(|cell| builder.primary_item(&cell.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let mut budget = MAX_ENTRIES;
        let mut seen = HashSet::new();
        let mut options = Vec::new();
        for (shape, piece) in pieces.iter().enumerate() {
            for placed in placements(&board, piece, &mut budget)? {
                if !seen.insert(placed.clone()) {
                    continue;
                }
                let option = builder.option(placed.iter().map(|&cell| {
                    cells[board.position(cell).expect("placements lie on the board")]
                }))?;
                if prices[shape] > 0 {
                    builder.set_option_cost(option, prices[shape])?;
                }
                options.push((shape, placed));
            }
        }
        Ok(Tilings {
            board,
            pieces,
            placements: options,
            problem: builder.build()?,
        })
    }

    /// The domino tilings of `board`.
    pub fn dominoes(board: Board) -> Result<Tilings, Error> {
        Tilings::new(board, domino())
    }

    /// The tilings of `board` by trominoes, straight (`I`) and bent (`L`).
    pub fn trominoes(board: Board) -> Result<Tilings, Error> {
        Tilings::new(board, trominoes())
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The shapes, in the order given.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The shape (an index into [`pieces`](Self::pieces)) of each option.
    pub fn shape_of(&self, option: OptionId) -> usize {
        self.placements[option.index()].0
    }
}

/// The domino, named `D`.
pub fn domino() -> Vec<Piece> {
    pieces_from_picture("DD").expect("the domino is a valid piece")
}

/// The two trominoes: straight, `I`, and bent, `L`.
pub fn trominoes() -> Vec<Piece> {
    pieces_from_picture("III/L../LL.").expect("the trominoes are valid pieces")
}

impl ExactCover for Tilings {
    type Solution = TileLayout;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> TileLayout {
        let mut tiles: Vec<Vec<Cell>> = options
            .iter()
            .map(|option| self.placements[option.index()].1.clone())
            .collect();
        // In reading order of their first cells, so a tiling draws the same
        // whatever order the search chose its options in.
        for tile in &mut tiles {
            tile.sort_unstable_by_key(|c| (c.y, c.x));
        }
        tiles.sort_unstable_by_key(|tile| (tile[0].y, tile[0].x));
        TileLayout::new(self.board.width(), self.board.height(), tiles)
    }

    fn describe(&self) -> String {
        let names: Vec<String> = self
            .pieces
            .iter()
            .map(|piece| format!("{} ({} cells)", piece.name(), piece.len()))
            .collect();
        let board = self.board.describe();
        format!(
            "tilings of {board} by copies of {}, any number of each",
            names.join(", ")
        )
    }
}

/// A tiling found by the search; `Display` draws each tile with a letter,
/// neighbouring tiles with different letters, and holes as spaces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TileLayout {
    /// The tile covering each position of the board's bounding box.
    grid: OwnerGrid,
    /// The letter of each tile.
    letters: Vec<char>,
    tiles: Vec<Vec<Cell>>,
}

impl TileLayout {
    fn new(width: usize, height: usize, tiles: Vec<Vec<Cell>>) -> TileLayout {
        let mut owner = vec![None; width * height];
        for (k, tile) in tiles.iter().enumerate() {
            for cell in tile {
                owner[cell.y as usize * width + cell.x as usize] = Some(k);
            }
        }
        let letters = neighbour_letters(width, height, &owner, &tiles);
        TileLayout {
            grid: OwnerGrid {
                width,
                height,
                owner,
            },
            letters,
            tiles,
        }
    }

    /// The tiles, each its cells in reading order, in reading order of
    /// their first cells.
    pub fn tiles(&self) -> &[Vec<Cell>] {
        &self.tiles
    }

    /// The tile (an index into [`tiles`](Self::tiles)) covering `cell`.
    pub fn tile_at(&self, cell: Cell) -> Option<usize> {
        self.grid.at(cell)
    }

    /// The width of the board's bounding box, in cells.
    pub fn width(&self) -> usize {
        self.grid.width
    }

    /// The height of the board's bounding box, in cells.
    pub fn height(&self) -> usize {
        self.grid.height
    }

    /// The letter drawn for `tile`; neighbouring tiles have different ones.
    pub fn letter(&self, tile: usize) -> char {
        self.letters[tile]
    }

    /// The color of `tile` in the coloring its letter shows: a small
    /// number (0 for `a`), different for neighbouring tiles.
    pub fn color(&self, tile: usize) -> usize {
        (self.letters[tile] as u8 - b'a') as usize
    }
}

/// A letter for each tile, different from the letters of the tiles next to
/// it (sharing an edge) drawn before it: a greedy coloring, which a planar
/// map keeps to a few letters. `owner` gives the tile on each position of
/// a `width` x `height` box, row by row.
pub(crate) fn neighbour_letters(
    width: usize,
    height: usize,
    owner: &[Option<usize>],
    tiles: &[Vec<Cell>],
) -> Vec<char> {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
    let mut letters: Vec<char> = Vec::with_capacity(tiles.len());
    for tile in tiles {
        let mut taken = [false; LETTERS.len()];
        for cell in tile {
            for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (x, y) = (cell.x + dx, cell.y + dy);
                if x < 0 || y < 0 || x as usize >= width || y as usize >= height {
                    continue;
                }
                if let Some(other) = owner[y as usize * width + x as usize]
                    && other < letters.len()
                {
                    taken[(letters[other] as u8 - b'a') as usize] = true;
                }
            }
        }
        let free = taken
            .iter()
            .position(|&t| !t)
            .unwrap_or(letters.len() % LETTERS.len());
        letters.push(LETTERS[free] as char);
    }
    letters
}

impl fmt::Display for TileLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.draw(f, |tile| self.letters[tile])
    }
}
