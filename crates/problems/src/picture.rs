//! Pictures of the solutions of any problem whose items name the cells of
//! a board, as `dlx gen` draws the solutions of its own problems: `dlx
//! solve --draw` draws a user's tiling, word rectangle or Sudoku the same
//! way.
//!
//! Five ways of naming a cell are recognized, the ones `dlx gen` and
//! Knuth's programs write:
//!
//! | name   | cell                 | written by                              |
//! |--------|----------------------|-----------------------------------------|
//! | `x3y4` | column 3, row 4      | `dlx gen` tilings and packings          |
//! | `r2c5` | row 2, column 5      | a common hand-written form              |
//! | `p2x5` | row 2, column 5      | `dlx gen latin` and `sudoku-grids`      |
//! | `x2_5` | row 2, column 5      | `dlx gen words`                         |
//! | `p34`  | row 3, column 4      | Knuth's Sudoku items (one digit each)   |
//!
//! The naming most items follow is the board's; the items named otherwise
//! are not cells (a pentomino's `F`, a Sudoku's `r35`). What a cell shows
//! depends on the problem:
//! - **colors**: where the options give cells colors (word rectangles:
//!   `x0y0:C`), each cell shows its color;
//! - **values**: where each option covers one cell and names its value
//!   in a row item (Knuth's Sudoku `p34 r35 c45 b45`: row 3 holds a 5; `dlx
//!   gen latin`'s `p0x1 r0x2 c1x2`: row 0 holds symbol 2), each cell shows
//!   its value;
//! - **pieces** otherwise: each option is a piece covering its cells, drawn
//!   with the first letter of the item that names it (`F`, `I`, `L` of the
//!   pentominoes) when those differ, or else with letters that differ from
//!   those of its neighbours (`a`, `b`, ... as `dlx gen dominoes` draws).
//!
//! Positions of the bounding box that no item names are holes (a space);
//! cells a solution leaves uncovered (secondary ones) are drawn `.`.
//!
//! ```
//! use dancing::OptionId;
//! use dancing_problems::picture::CellPicture;
//!
//! // Dominoes on a 2x2 board, named by the user: two across, two down.
//! let text = "x0y0 x1y0 x0y1 x1y1\nx0y0 x1y0\nx0y1 x1y1\nx0y0 x0y1\nx1y0 x1y1\n";
//! let problem = dancing::format::read_str(text)?.problem;
//! let picture = CellPicture::of(&problem)?;
//! let across = [OptionId::new(0), OptionId::new(1)];
//! assert_eq!(picture.draw(&problem, &across).to_string(), "aa\nbb\n");
//! let down = [OptionId::new(2), OptionId::new(3)];
//! assert_eq!(picture.draw(&problem, &down).to_string(), "ab\nab\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use dancing::{ItemId, ItemKind, OptionId, Problem};

use crate::polyomino::Cell;
use crate::tilings::neighbour_letters;

/// The most positions a picture's bounding box may span: a board named
/// `x0y0` and `x99999y99999` is refused, not drawn on 10^10 positions.
pub const MAX_POSITIONS: usize = 1 << 22;

/// How the items of a problem name cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// `x3y4`: column 3, row 4.
    ColumnRow,
    /// `r2c5`: row 2, column 5.
    RowColumn,
    /// `p2x5`: row 2, column 5.
    PositionRowColumn,
    /// `x2_5`: row 2, column 5.
    Underscored,
    /// `p34`: row 3, column 4, one digit each (Knuth's Sudoku items).
    KnuthPosition,
}

impl Naming {
    const ALL: [Naming; 5] = [
        Naming::ColumnRow,
        Naming::RowColumn,
        Naming::PositionRowColumn,
        Naming::Underscored,
        Naming::KnuthPosition,
    ];

    /// The cell `name` names in this naming, as (row, column), and the text
    /// of the row's number.
    pub fn cell(self, name: &str) -> Option<(usize, usize)> {
        match self {
            Naming::ColumnRow => {
                let (column, row) = two_numbers(name.strip_prefix('x')?, 'y')?;
                Some((row, column))
            }
            Naming::RowColumn => two_numbers(name.strip_prefix('r')?, 'c'),
            Naming::PositionRowColumn => two_numbers(name.strip_prefix('p')?, 'x'),
            Naming::Underscored => two_numbers(name.strip_prefix('x')?, '_'),
            Naming::KnuthPosition => match name.as_bytes() {
                [b'p', row @ b'0'..=b'9', column @ b'0'..=b'9'] => {
                    Some(((row - b'0') as usize, (column - b'0') as usize))
                }
                _ => None,
            },
        }
    }
}

/// `12c7` split at `separator` into 12 and 7: decimal numbers of at most
/// six digits each, with nothing else.
fn two_numbers(text: &str, separator: char) -> Option<(usize, usize)> {
    let (first, second) = text.split_once(separator)?;
    Some((number(first)?, number(second)?))
}

fn number(text: &str) -> Option<usize> {
    if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Why a problem cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PictureError {
    /// No item names a cell.
    NoCells,
    /// The cells span more than [`MAX_POSITIONS`] positions.
    TooLarge {
        /// Rows of the bounding box.
        rows: usize,
        /// Columns of the bounding box.
        columns: usize,
    },
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::NoCells => write!(
                f,
                "no item names a cell, so there is nothing to draw (cells are named x3y4, r2c5, p2x5, x2_5 or p34)"
            ),
            PictureError::TooLarge { rows, columns } => write!(
                f,
                "the cells span {rows} rows and {columns} columns, more than the {MAX_POSITIONS} positions a picture may have"
            ),
        }
    }
}

impl std::error::Error for PictureError {}

/// What a cell of the picture shows, decided once for the problem.
#[derive(Clone, Debug)]
enum Kind {
    /// The color the options give the cell.
    Colors,
    /// The value each option names for its one cell.
    Values(Vec<Option<String>>),
    /// The piece that covers it: a letter per option when the options name
    /// their pieces, else letters told apart from the neighbours'.
    Pieces(Option<Vec<char>>),
}

/// How to draw the solutions of one problem whose items name cells: made
/// once with [`of`](Self::of), then [`draw`](Self::draw) for each solution.
#[derive(Clone, Debug)]
pub struct CellPicture {
    naming: Naming,
    /// The position (row by row in the bounding box) of each item that
    /// names a cell, by item index.
    positions: Vec<Option<u32>>,
    width: usize,
    height: usize,
    /// Whether an item names each position (the others are holes).
    on_board: Vec<bool>,
    kind: Kind,
}

impl CellPicture {
    /// Finds how `problem` names its cells and what they show; an error
    /// when no item names a cell, or the board is too large to draw.
    pub fn of(problem: &Problem) -> Result<CellPicture, PictureError> {
        let names: Vec<&str> = problem
            .items()
            .map(|item| problem.item_name(item).unwrap_or(""))
            .collect();
        // The naming the most items follow (the first in `Naming::ALL` on a tie).
        let (naming, matches) = Naming::ALL
            .iter()
            .map(|&naming| {
                let matches = names
                    .iter()
                    .filter(|name| naming.cell(name).is_some())
                    .count();
                (naming, matches)
            })
            .fold((Naming::ColumnRow, 0), |best, next| {
                if next.1 > best.1 { next } else { best }
            });
        if matches == 0 {
            return Err(PictureError::NoCells);
        }
        let cells: Vec<Option<(usize, usize)>> =
            names.iter().map(|name| naming.cell(name)).collect();
        let rows = cells.iter().flatten().map(|&(row, _)| row);
        let columns = cells.iter().flatten().map(|&(_, column)| column);
        let (top, bottom) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let (left, right) = (
            columns.clone().min().unwrap_or(0),
            columns.max().unwrap_or(0),
        );
        let (height, width) = (bottom - top + 1, right - left + 1);
        if height.saturating_mul(width) > MAX_POSITIONS {
            return Err(PictureError::TooLarge {
                rows: height,
                columns: width,
            });
        }
        let positions: Vec<Option<u32>> = cells
            .iter()
            .map(|cell| cell.map(|(row, column)| ((row - top) * width + column - left) as u32))
            .collect();
        let mut on_board = vec![false; width * height];
        for &position in positions.iter().flatten() {
            on_board[position as usize] = true;
        }
        let mut picture = CellPicture {
            naming,
            positions,
            width,
            height,
            on_board,
            kind: Kind::Colors,
        };
        picture.kind = picture.kind_for(problem, &names);
        Ok(picture)
    }

    /// How the board's cells are named.
    pub fn naming(&self) -> Naming {
        self.naming
    }

    /// The bounding box of the board, as (rows, columns).
    pub fn size(&self) -> (usize, usize) {
        (self.height, self.width)
    }

    fn is_cell(&self, item: ItemId) -> bool {
        self.positions[item.index()].is_some()
    }

    fn kind_for(&self, problem: &Problem, names: &[&str]) -> Kind {
        let colors_a_cell = problem.has_colors()
            && problem.options().any(|(option, items)| {
                items
                    .iter()
                    .zip(problem.option_colors(option))
                    .any(|(&item, color)| color.is_some() && self.is_cell(item))
            });
        if colors_a_cell {
            return Kind::Colors;
        }
        if let Some(values) = self.values(problem, names) {
            return Kind::Values(values);
        }
        Kind::Pieces(self.piece_letters(problem, names))
    }

    /// The value of each option, when every option covering a cell covers
    /// one and names its value in a row item: `r` and the cell's row number
    /// (as the cell's name writes it), then the value, after an `x` where
    /// the cells are named `p2x5`.
    fn values(&self, problem: &Problem, names: &[&str]) -> Option<Vec<Option<String>>> {
        let mut values = vec![None; problem.option_count()];
        let mut any = false;
        for (option, items) in problem.options() {
            let mut cells = items.iter().filter(|&&item| self.is_cell(item));
            let Some(&cell) = cells.next() else { continue };
            if cells.next().is_some() {
                return None;
            }
            let row = self.row_text(names[cell.index()]);
            let value = items.iter().find_map(|&item| {
                let rest = names[item.index()].strip_prefix('r')?.strip_prefix(row)?;
                let rest = match self.naming {
                    Naming::PositionRowColumn => rest.strip_prefix('x')?,
                    _ => rest,
                };
                (!rest.is_empty() && !self.is_cell(item)).then(|| rest.to_owned())
            })?;
            values[option.index()] = Some(value);
            any = true;
        }
        any.then_some(values)
    }

    /// The row number as the cell's own name writes it (`4` of `x3y4`).
    fn row_text<'n>(&self, name: &'n str) -> &'n str {
        match self.naming {
            Naming::ColumnRow => name.split_once('y').map_or("", |(_, row)| row),
            Naming::RowColumn => name[1..].split_once('c').map_or("", |(row, _)| row),
            Naming::PositionRowColumn => name[1..].split_once('x').map_or("", |(row, _)| row),
            Naming::Underscored => name[1..].split_once('_').map_or("", |(row, _)| row),
            Naming::KnuthPosition => &name[1..2],
        }
    }

    /// A letter for each option when every option covering a cell holds a
    /// primary item that is not a cell, the piece's name: the first
    /// character of each piece's name when those differ, else letters and
    /// digits, a symbol per piece. `None` when some option names no piece.
    fn piece_letters(&self, problem: &Problem, names: &[&str]) -> Option<Vec<char>> {
        let mut piece_of_option = vec![None; problem.option_count()];
        let mut pieces: Vec<ItemId> = Vec::new();
        let mut piece_index: HashMap<ItemId, usize> = HashMap::new();
        for (option, items) in problem.options() {
            if !items.iter().any(|&item| self.is_cell(item)) {
                continue;
            }
            let piece = *items.iter().find(|&&item| {
                !self.is_cell(item) && problem.item_kind(item) == ItemKind::Primary
            })?;
            let next = pieces.len();
            let index = *piece_index.entry(piece).or_insert(next);
            if index == next {
                pieces.push(piece);
            }
            piece_of_option[option.index()] = Some(index);
        }
        let firsts: Vec<char> = pieces
            .iter()
            .map(|&piece| names[piece.index()].chars().next().unwrap_or('?'))
            .collect();
        let distinct: BTreeSet<char> = firsts.iter().copied().collect();
        let symbols: Vec<char> = if distinct.len() == firsts.len() {
            firsts
        } else {
            let alphabet: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
            (0..pieces.len())
                .map(|k| alphabet[k % alphabet.len()])
                .collect()
        };
        Some(
            piece_of_option
                .iter()
                .map(|piece| piece.map_or('?', |k| symbols[k]))
                .collect(),
        )
    }

    /// The picture of `solution`, options of `problem` (the problem this
    /// picture was made for).
    pub fn draw(&self, problem: &Problem, solution: &[OptionId]) -> Picture {
        let mut labels: Vec<Option<String>> = vec![None; self.width * self.height];
        let mut tiles: Vec<(usize, char)> = Vec::new();
        let mut owner: Vec<Option<usize>> = vec![None; self.width * self.height];
        match &self.kind {
            Kind::Colors => {
                for &option in solution {
                    let items = problem.option(option);
                    for (&item, color) in items.iter().zip(problem.option_colors(option)) {
                        if let (Some(position), Some(color)) = (self.positions[item.index()], color)
                        {
                            let name = problem.color_name(color).unwrap_or("?");
                            labels[position as usize] = Some(name.to_owned());
                        }
                    }
                }
            }
            Kind::Values(values) => {
                for &option in solution {
                    for &item in problem.option(option) {
                        if let Some(position) = self.positions[item.index()] {
                            labels[position as usize] = values[option.index()].clone();
                        }
                    }
                }
            }
            Kind::Pieces(letters) => {
                // The tiles in reading order of their first cells, as `dlx
                // gen` orders its own, so that the letters chosen for
                // neighbours are the same.
                let mut placed: Vec<(u32, OptionId)> = solution
                    .iter()
                    .filter_map(|&option| {
                        let first = problem
                            .option(option)
                            .iter()
                            .filter_map(|&item| self.positions[item.index()])
                            .min()?;
                        Some((first, option))
                    })
                    .collect();
                placed.sort_unstable();
                let mut cells_of_tiles: Vec<Vec<Cell>> = Vec::new();
                for &(_, option) in &placed {
                    let cells: Vec<Cell> = problem
                        .option(option)
                        .iter()
                        .filter_map(|&item| self.positions[item.index()])
                        .map(|position| {
                            let position = position as usize;
                            Cell::new(
                                (position % self.width) as i32,
                                (position / self.width) as i32,
                            )
                        })
                        .collect();
                    let tile = cells_of_tiles.len();
                    for cell in &cells {
                        owner[cell.y as usize * self.width + cell.x as usize] = Some(tile);
                    }
                    cells_of_tiles.push(cells);
                    let letter = letters.as_ref().map(|letters| letters[option.index()]);
                    tiles.push((option.index(), letter.unwrap_or('?')));
                }
                if letters.is_none() {
                    let greedy =
                        neighbour_letters(self.width, self.height, &owner, &cells_of_tiles);
                    for (tile, letter) in tiles.iter_mut().zip(greedy) {
                        tile.1 = letter;
                    }
                }
                for (position, tile) in owner.iter().enumerate() {
                    if let Some(tile) = tile {
                        labels[position] = Some(tiles[*tile].1.to_string());
                    }
                }
            }
        }
        Picture {
            width: self.width,
            height: self.height,
            on_board: self.on_board.clone(),
            labels,
            owner,
            colors: match &self.kind {
                Kind::Pieces(Some(_)) => tiles.iter().map(|&(option, _)| option).collect(),
                Kind::Pieces(None) => tiles
                    .iter()
                    .map(|&(_, letter)| (letter as u8 - b'a') as usize)
                    .collect(),
                _ => Vec::new(),
            },
            spaced: matches!(self.kind, Kind::Values(_)),
        }
    }
}

/// One solution drawn: `Display` gives the text, [`tile_at`](Self::tile_at)
/// what a colored drawing needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    width: usize,
    height: usize,
    on_board: Vec<bool>,
    /// What each position shows (`None`: a hole, or a cell not covered).
    labels: Vec<Option<String>>,
    /// The tile covering each position, for pieces.
    owner: Vec<Option<usize>>,
    /// A color number for each tile: neighbours differ where the letters
    /// were chosen so; otherwise the number of the tile's option.
    colors: Vec<usize>,
    /// Whether labels are set apart by spaces even when each is one
    /// character (values are; pieces and colors of a character are drawn
    /// side by side).
    spaced: bool,
}

impl Picture {
    /// The width of the board's bounding box, in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height of the board's bounding box, in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether the picture shows pieces (which a terminal can color).
    pub fn has_pieces(&self) -> bool {
        !self.colors.is_empty()
    }

    /// The piece covering `cell` (column, row from the top left of the
    /// bounding box), as a color number and the letter drawn; `None` for a
    /// hole, an uncovered cell, or where the picture shows no pieces.
    pub fn tile_at(&self, cell: Cell) -> Option<(usize, char)> {
        if cell.x < 0
            || cell.y < 0
            || cell.x as usize >= self.width
            || cell.y as usize >= self.height
        {
            return None;
        }
        let position = cell.y as usize * self.width + cell.x as usize;
        let tile = self.owner[position]?;
        let letter = self.labels[position].as_ref()?.chars().next()?;
        Some((*self.colors.get(tile)?, letter))
    }
}

impl fmt::Display for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wide = self
            .labels
            .iter()
            .flatten()
            .map(|label| label.chars().count())
            .max()
            .unwrap_or(1);
        // Values, and labels longer than a character, are set apart.
        let spaced = self.spaced || wide > 1;
        for row in 0..self.height {
            let mut line = String::new();
            for column in 0..self.width {
                let position = row * self.width + column;
                if spaced && column > 0 {
                    line.push(' ');
                }
                let shown = match &self.labels[position] {
                    Some(label) => label.as_str(),
                    None if self.on_board[position] => ".",
                    None => " ",
                };
                if spaced {
                    line.push_str(&format!("{shown:>wide$}"));
                } else {
                    line.push_str(shown);
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}
