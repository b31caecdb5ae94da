//! What a reader is given beyond the format: a shape, an alphabet, a
//! variant, and the longest line it keeps.

use crate::grid::Shape;
use crate::rules::Variant;
use crate::symbols::Symbols;

/// The longest line kept, in bytes: a 64x64 puzzle line with its region
/// and cage maps fits with room to spare. Longer lines are reported, not
/// stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Settings of a [`PuzzleReader`](crate::format::PuzzleReader) beyond the format.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The shape of every puzzle (`--box`): line lengths and rows must fit
    /// it. By default each puzzle's size comes from its line length (or
    /// its first row), with the usual boxes ([`Shape::for_size`]).
    pub shape: Option<Shape>,
    /// The alphabet of digits.
    pub symbols: Symbols,
    /// The variant of the puzzles, until a `variant` line says otherwise.
    pub variant: Variant,
}
