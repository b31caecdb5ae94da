//! Iterative bitmask backtracking with an explicit stack, the method of the
//! classic LeetCode 37 solution.
//!
//! List the empty cells in reading order. Walk the list with a stack of
//! saved states instead of recursion: for the cell at the top, take the
//! lowest remaining candidate bit, save the row, column and box masks, place
//! the digit and advance; when a cell has no candidate left, step back and
//! restore the masks saved for the cell before it. The search tree is that
//! of [`naive`](super::naive).

use std::ops::ControlFlow;

use super::tally::Tally;
use super::{Board, CELLS, DepthFirst, digit_of};
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::SolveError;

/// One level of the stack: what is left to try in a cell, and the masks of
/// its row, column and box before its current digit was placed.
#[derive(Clone, Copy, Default)]
struct Frame {
    remaining: u16,
    saved: [u16; 3],
}

/// The search of LeetCode 37, with an explicit stack; it finds the
/// smallest solution in reading order first.
///
/// ```
/// use dancing_sudoku::dfs::{DepthFirst, stack::Stack};
/// use dancing_sudoku::Grid;
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut solution = Grid::default();
/// assert_eq!(Stack::search(&puzzle, 2, &mut solution)?.solutions, 1);
/// assert_eq!(
///     solution.to_line(),
///     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Stack {
    board: Board,
    /// The empty cells of the puzzle, in reading order, and their number.
    blanks: [u8; CELLS],
    count: usize,
}

impl DepthFirst for Stack {
    const ENGINE: Engine = Engine::Stack;

    fn load(puzzle: &Grid) -> Result<Stack, SolveError> {
        let board = Board::load(puzzle, Self::ENGINE)?;
        let (blanks, count) = board.blanks();
        Ok(Stack {
            board,
            blanks,
            count,
        })
    }

    fn walk(&mut self, tally: &mut Tally<'_>) -> ControlFlow<()> {
        // Locals, as in the seed's loop.
        let Stack {
            board,
            blanks,
            count,
        } = self;
        let count = *count;
        let mut stack = [Frame::default(); CELLS];
        // `depth` cells of the list are filled; the frame at `depth` (if any)
        // holds the candidates of the next one still to try.
        let mut depth = 0;
        if count > 0 {
            stack[0].remaining = board.candidates(blanks[0] as usize);
        }
        loop {
            if depth == count {
                tally.found(&board.cells)?;
            } else {
                let frame = &mut stack[depth];
                if frame.remaining != 0 {
                    let cell = blanks[depth] as usize;
                    let lowest = frame.remaining & frame.remaining.wrapping_neg();
                    frame.remaining ^= lowest;
                    tally.enter()?;
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
        ControlFlow::Continue(())
    }
}
