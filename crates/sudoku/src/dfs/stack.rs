//! Iterative bitmask backtracking with an explicit stack, the method of the
//! classic LeetCode 37 solution.
//!
//! List the empty cells in reading order. Walk the list with a stack of
//! saved states instead of recursion: for the cell at the top, take the
//! lowest remaining candidate bit, save the row, column and box masks, place
//! the digit and advance; when a cell has no candidate left, step back and
//! restore the masks saved for the cell before it. The search tree is that
//! of [`naive`](super::naive).

use super::{Board, CELLS, Tally, digit_of};
use crate::budget::Budget;
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::{Outcome, SolveError};

/// One level of the stack: what is left to try in a cell, and the masks of
/// its row, column and box before its current digit was placed.
#[derive(Clone, Copy, Default)]
struct Frame {
    remaining: u16,
    saved: [u16; 3],
}

/// Counts the solutions of `puzzle` up to `limit`, writing the first (the
/// smallest in reading order) into `solution`.
///
/// ```
/// use dancing_sudoku::{dfs, Grid};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut solution = Grid::default();
/// assert_eq!(dfs::stack::search(&puzzle, 2, &mut solution)?.solutions, 1);
/// assert_eq!(
///     solution.to_line(),
///     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search(puzzle: &Grid, limit: u64, solution: &mut Grid) -> Result<Outcome, SolveError> {
    search_within(puzzle, limit, &Budget::default(), solution)
}

/// [`search`] within `budget`: the outcome says if it ran out.
pub fn search_within(
    puzzle: &Grid,
    limit: u64,
    budget: &Budget,
    solution: &mut Grid,
) -> Result<Outcome, SolveError> {
    let mut board = Board::load(puzzle, Engine::Stack)?;
    let mut tally = Tally::new(puzzle, limit, budget, solution);
    if tally.is_satisfied() {
        return Ok(tally.outcome());
    }
    let (blanks, count) = board.blanks();
    let mut stack = [Frame::default(); CELLS];
    // `depth` cells of the list are filled; the frame at `depth` (if any)
    // holds the candidates of the next one still to try.
    let mut depth = 0;
    if count > 0 {
        stack[0].remaining = board.candidates(blanks[0] as usize);
    }
    loop {
        if depth == count {
            if tally.found(&board.cells).is_break() {
                break;
            }
        } else {
            let frame = &mut stack[depth];
            if frame.remaining != 0 {
                let cell = blanks[depth] as usize;
                let lowest = frame.remaining & frame.remaining.wrapping_neg();
                frame.remaining ^= lowest;
                if tally.enter().is_break() {
                    break;
                }
                frame.saved = board.save(cell);
                board.place(cell, digit_of(lowest));
                depth += 1;
                if depth < count {
                    stack[depth].remaining = board.candidates(blanks[depth] as usize);
                }
                continue;
            }
        }
        // Nothing left to try here (or a solution was counted): step back.
        if depth == 0 {
            break;
        }
        depth -= 1;
        board.restore(blanks[depth] as usize, stack[depth].saved);
    }
    Ok(tally.outcome())
}
