#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::Search;
use dancing::{OptionId, Problem, Solver, Stats};

pub mod debruijn;
mod error;
pub mod langford;
pub mod latin;
pub mod matchings;
pub mod matrices;
pub mod partitions;
pub mod polyomino;
pub mod queens;
pub mod sudoku_grids;
pub mod tilings;
pub mod words;

pub use debruijn::{Cycle, DeBruijn};
pub use error::Error;
pub use langford::{Langford, LangfordSequence};
pub use latin::{LatinSquares, SymbolGrid};
pub use matchings::{Matching, PerfectMatchings};
pub use matrices::{ZeroOneMatrices, ZeroOneMatrix};
pub use partitions::{SetPartition, SetPartitions};
pub use polyomino::{Board, Packing, Piece, Tiling};
pub use queens::{Queens, QueensBoard};
pub use sudoku_grids::SudokuGrids;
pub use tilings::{TileLayout, Tilings};
pub use words::{LetterGrid, WordRectangles};

/// A classic problem stated as exact cover: the engine's [`Problem`], and the
/// way back from a set of chosen options to something a person can read.
pub trait ExactCover {
    /// What a solution decodes to; its `Display` draws it as text.
    type Solution;

    /// The exact-cover problem, with named items.
    fn problem(&self) -> &Problem;

    /// Decodes the options of a solution found on [`problem`](Self::problem).
    ///
    /// # Panics
    /// If an option does not belong to this problem. Options that are not a
    /// solution give an unspecified (but memory-safe) result.
    fn decode(&self, options: &[OptionId]) -> Self::Solution;

    /// One line that says what the problem is, written as a comment at the
    /// top of the DLX file.
    fn describe(&self) -> String;
}

/// Writes the problem in Knuth's DLX format, preceded by a comment line
/// with its description, so that `dlx solve` or Knuth's DLX1 can read it.
pub fn write_dlx<P: ExactCover + ?Sized, W: Write>(generator: &P, mut out: W) -> io::Result<()> {
    for line in generator.describe().lines() {
        writeln!(out, "| {line}")?;
    }
    dancing::format::write(generator.problem(), out)
}

/// Solves the problem, calling `visit` with each decoded solution until it
/// returns `ControlFlow::Break`; returns the engine's statistics.
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing_problems::{Queens, solve};
///
/// let queens = Queens::new(4)?;
/// let mut boards = Vec::new();
/// let stats = solve(&queens, |board| {
///     boards.push(board.to_string());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(stats.solutions, 2);
/// assert_eq!(boards[0], ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// # Ok::<(), dancing_problems::Error>(())
/// ```
pub fn solve<P, F>(generator: &P, mut visit: F) -> Stats
where
    P: ExactCover + ?Sized,
    F: FnMut(P::Solution) -> ControlFlow<()>,
{
    let bump = Bump::new();
    let mut solver = Solver::new(generator.problem(), &bump);
    solver.search(|solution| visit(generator.decode(solution.options())))
}

/// The number of solutions (without decoding them).
pub fn count<P: ExactCover + ?Sized>(generator: &P) -> u64 {
    let bump = Bump::new();
    Solver::new(generator.problem(), &bump).count()
}

/// Declares one primary item per number in `range`, named `prefix` and the
/// number (`r0`, `r1`, ...).
fn numbered_primary(
    builder: &mut dancing::ProblemBuilder,
    prefix: &str,
    range: std::ops::Range<usize>,
) -> Result<Vec<dancing::ItemId>, dancing::BuildError> {
    range
        .map(|k| builder.primary_item(&format!("{prefix}{k}")))
        .collect()
}
