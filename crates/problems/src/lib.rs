#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod assignment;
pub mod debruijn;
mod error;
pub mod generator;
pub mod langford;
pub mod latin;
pub mod matchings;
pub mod matrices;
pub mod partitions;
pub mod picture;
pub mod polyomino;
pub mod queens;
pub mod sudoku_grids;
pub mod tilings;
pub mod words;

pub use assignment::{Assignment, Jobs};
/// The trait every generator here implements: the problem, the decoding
/// of a solution, writing DLX text, solving and counting.
pub use dancing::expert::ExactCover;
pub use debruijn::{Cycle, DeBruijn};
pub use error::Error;
pub use generator::{Built, Generator, PieceSet};
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
