//! What a reader is given beyond the format: a shape, an alphabet, a
//! variant, whether the text is one puzzle, how its caller's settings are
//! named in messages, and the longest line it keeps.

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
    /// The text is one puzzle, not a file of them: a first line of digits
    /// is its cells (a puzzle too short or too long says so), never the
    /// count line of POJ 2676.
    pub one_puzzle: bool,
    /// How messages that ask for a setting (the box shape, the variant)
    /// name it: as the command's flags or as a library's arguments.
    pub naming: Naming,
}

/// How a reader's caller lets its user choose the settings of
/// [`ReadOptions`], for the messages that tell the user to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Naming {
    /// Command-line flags: `--variant killer`.
    #[default]
    Flags,
    /// Keyword arguments (Python's): `variant="killer"`.
    Arguments,
}

impl Naming {
    /// The setting `name` with `value`, as the user gives it.
    pub fn setting(self, name: &str, value: impl std::fmt::Display) -> String {
        match self {
            Naming::Flags => format!("--{name} {value}"),
            Naming::Arguments => format!("{name}=\"{value}\""),
        }
    }

    /// How to read cells in another alphabet, after a message that the
    /// default one is too short: the command's `--symbols`; a library's
    /// callers read the default alphabet only (numbers, in the blocks
    /// format, reach every size).
    pub fn other_alphabet(self) -> &'static str {
        match self {
            Naming::Flags => " (give --symbols)",
            Naming::Arguments => " (write the cells as numbers, in rows)",
        }
    }
}
