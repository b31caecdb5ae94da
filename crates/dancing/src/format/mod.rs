//! Knuth's DLX text format, read and written.
//!
//! ```text
//! | comment lines start with a bar
//! A B C D E | F G        <- items: primary, then `|`, then secondary
//! C E F                  <- one option per line
//! A D G
//! ```
//!
//! A line whose first non-blank character is `|` is a comment, and blank lines
//! are skipped. The first other line names the items; every later line is an
//! option. Names are any run of non-blank characters without `:` or `|`,
//! control characters or U+FEFF (Knuth asks for printable characters; a
//! control character in a name is far more likely a damaged file, or an
//! attempt to drive the terminal that shows the error, than a name; and a
//! name starting with U+FEFF would be taken for a byte-order mark). Tabs separate like
//! spaces. Lines end at `\n`, `\r\n` or a lone `\r`, and a byte-order mark
//! at the start is skipped (see [`text`]), so line and column numbers are the
//! ones an editor shows. Names quoted in errors are [escaped](text::escaped).
//!
//! # Costs
//!
//! An option may end with costs, `|n` (Knuth's DLX5) or `$n` (as miniexact
//! writes them), `n` a nonnegative decimal integer; several add up. They
//! may stand anywhere after the option's first entry (DLX5 reads them
//! after any item); a `|` that starts a token of an option is always a
//! cost, and an error if it is not a number. A `$` followed by a digit or
//! `-` is a cost too, so no item name may look like that. Costs above
//! [`MAX_OPTION_COST`](crate::expert::MAX_OPTION_COST) (also added up), negative
//! costs and costs on the item line are errors at their column.
//!
//! ```text
//! | the cheapest way to cover a and b costs 3
//! a b
//! a b |5
//! a |1
//! b |1 |1
//! ```
//!
//! # Colors and multiplicities
//!
//! An option may give a secondary item a color, `X:a` (Knuth's DLX2): options
//! that give `X` the same color may share it. A color is a non-empty name
//! without blanks, `:` or `|` (and, like item names, without control
//! characters); DLX2 allows one character, this reader accepts longer names
//! too (`X:red`). A color on a primary item, an empty color (`X:`), `X:a:b`
//! and the same item twice in an option are errors.
//!
//! On the item line, a primary item may carry bounds (Knuth's DLX3):
//! `u:v|X` means every solution holds `X` in between `u` and `v` options,
//! `v|X` exactly `v`. The standalone `|` (or a `|` glued to the front of a
//! name, `|X`) still starts the secondary items, which take no bounds.
//!
//! ```text
//! | DLX3's example: C is held by two or three options
//! A B 2:3|C | X Y
//! A B X:0 Y:0
//! A C X:1 Y:1
//! C X:0
//! B X:1
//! C Y:1
//! ```

use crate::cancel::CANCEL_CHECK;

mod cost;
mod entry;
mod error;
mod item_line;
mod names;
mod read;
pub mod text;
mod write;

pub use cost::is_cost;
pub use error::{ParseError, ParseErrorKind, Warning};
pub use names::{check_color_name, check_item_name};
pub use read::{Parsed, read, read_str, read_with};
pub use write::{write, write_described};

/// An entry of an option as the format writes it (see
/// [`Problem::option_entry_texts`](crate::Problem::option_entry_texts)).
pub use crate::problem::EntryText;

/// Longest line accepted, in bytes (an option with a million long names).
pub const MAX_LINE_BYTES: usize = 64 << 20;
/// Longest item or color name accepted, in bytes. Knuth's programs allow 8
/// for items and 1 for colors.
pub const MAX_NAME_BYTES: usize = 256;

/// An error at a column of the line being read.
type Located = (usize, ParseErrorKind);

/// Counts the work of the reader, and asks the caller's `cancel` every
/// [`CANCEL_CHECK`] steps of it.
struct Canceller<C> {
    cancel: C,
    steps: usize,
}

impl<C: FnMut() -> bool> Canceller<C> {
    /// One more step; `Err(Cancelled)` if the caller, asked now, said to
    /// stop.
    #[inline]
    fn step(&mut self) -> Result<(), ParseErrorKind> {
        self.steps += 1;
        if self.steps == CANCEL_CHECK {
            self.steps = 0;
            if (self.cancel)() {
                return Err(ParseErrorKind::Cancelled);
            }
        }
        Ok(())
    }
}
