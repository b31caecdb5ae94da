//! The LeetCode 37 interface: a 9x9 board of characters, `'1'`-`'9'` for a
//! given and `'.'` for an empty cell, filled in place by the
//! [`stack`](super::stack) search.

use std::fmt;

use super::DepthFirst;
use super::stack::Stack;
use crate::grid::{Grid, Shape};
use crate::outcome::SolveError;

/// Fills `board` in place with its first solution (the smallest in reading
/// order). Returns `Ok(false)`, and leaves the board as it was, when the
/// puzzle has no solution.
///
/// ```
/// use dancing_sudoku::dfs::leetcode;
///
/// let rows = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
///             "7...2...6", ".6....28.", "...419..5", "....8..79"];
/// let mut board = [['.'; 9]; 9];
/// for (row, text) in board.iter_mut().zip(rows) {
///     for (cell, c) in row.iter_mut().zip(text.chars()) {
///         *cell = c;
///     }
/// }
/// assert_eq!(leetcode::solve_board(&mut board), Ok(true));
/// assert_eq!(board[0].iter().collect::<String>(), "534678912");
/// # Ok::<(), leetcode::BoardError>(())
/// ```
pub fn solve_board(board: &mut [[char; 9]; 9]) -> Result<bool, BoardError> {
    let puzzle = read_rows(board.iter().map(|row| &row[..]))?;
    let Some(solution) = first_solution(&puzzle)? else {
        return Ok(false);
    };
    for (row, digits) in board.iter_mut().zip(solution.cells().chunks(9)) {
        for (cell, &digit) in row.iter_mut().zip(digits) {
            *cell = char::from(b'0' + digit);
        }
    }
    Ok(true)
}

/// LeetCode's `solve_sudoku(board: &mut Vec<Vec<char>>)`: fills the board in
/// place. LeetCode promises a 9x9 board with exactly one solution; a board
/// that is not 9x9, holds other characters, has contradictory givens or no
/// solution is left unchanged, and `false` is returned.
///
/// ```
/// use dancing_sudoku::dfs::leetcode::solve_sudoku;
///
/// let mut board: Vec<Vec<char>> = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
///     "7...2...6", ".6....28.", "...419..5", "....8..79"]
///     .iter()
///     .map(|row| row.chars().collect())
///     .collect();
/// assert!(solve_sudoku(&mut board));
/// let rows: Vec<String> = board.iter().map(|row| row.iter().collect()).collect();
/// assert_eq!(rows.concat(), "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
/// ```
pub fn solve_sudoku(board: &mut [Vec<char>]) -> bool {
    if board.len() != 9 {
        return false;
    }
    let Ok(puzzle) = read_rows(board.iter().map(Vec::as_slice)) else {
        return false;
    };
    let Ok(Some(solution)) = first_solution(&puzzle) else {
        return false;
    };
    for (row, digits) in board.iter_mut().zip(solution.cells().chunks(9)) {
        for (cell, &digit) in row.iter_mut().zip(digits) {
            *cell = char::from(b'0' + digit);
        }
    }
    true
}

/// Why a board could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// A row does not have 9 cells.
    RowLength {
        /// The 0-based row.
        row: usize,
        /// Its number of cells.
        found: usize,
    },
    /// A character other than `'1'`-`'9'` and `'.'`.
    BadCharacter {
        /// The 0-based row.
        row: usize,
        /// The 0-based column.
        col: usize,
        /// The character.
        character: char,
    },
    /// The givens contradict each other.
    Invalid(SolveError),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::RowLength { row, found } => {
                write!(f, "row {} has {found} cells, not 9", row + 1)
            }
            BoardError::BadCharacter {
                row,
                col,
                character,
            } => {
                write!(
                    f,
                    "bad character {character:?} at r{}c{}: expected '1'-'9' or '.'",
                    row + 1,
                    col + 1
                )
            }
            BoardError::Invalid(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for BoardError {}

fn read_rows<'a>(rows: impl Iterator<Item = &'a [char]>) -> Result<Grid, BoardError> {
    let mut grid = Grid::new(Shape::CLASSIC);
    for (row, cells) in rows.enumerate() {
        if cells.len() != 9 {
            return Err(BoardError::RowLength {
                row,
                found: cells.len(),
            });
        }
        for (col, &character) in cells.iter().enumerate() {
            let digit = match character {
                '.' => None,
                '1'..='9' => Some(character as u8 - b'0'),
                _ => {
                    return Err(BoardError::BadCharacter {
                        row,
                        col,
                        character,
                    });
                }
            };
            grid.set(row, col, digit);
        }
    }
    Ok(grid)
}

fn first_solution(puzzle: &Grid) -> Result<Option<Grid>, BoardError> {
    let mut solution = puzzle.clone();
    let outcome = Stack::search(puzzle, 1, &mut solution).map_err(BoardError::Invalid)?;
    Ok((outcome.solutions > 0).then_some(solution))
}
