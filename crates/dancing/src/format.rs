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

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::cancel::CANCEL_CHECK;
use crate::problem::builder::{BuildError, ProblemBuilder};
use crate::problem::{ColorId, ItemId, ItemKind, MAX_OPTION_COST, Problem};
use crate::stop::Stop;

mod names;
pub mod text;

use names::{Place, check_name, is_illegal_in_name};
pub use names::{check_color_name, check_item_name};
use text::tokens;

use text::{Lines, escaped};

/// Longest line accepted, in bytes (an option with a million long names).
pub const MAX_LINE_BYTES: usize = 64 << 20;
/// Longest item or color name accepted, in bytes. Knuth's programs allow 8
/// for items and 1 for colors.
pub const MAX_NAME_BYTES: usize = 256;

/// A problem read from text, with what was noticed but not fatal.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// Warnings, in input order.
    pub warnings: Vec<Warning>,
}

/// Something in the input that was accepted but is worth reporting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The 1-based line it concerns.
    pub line: usize,
    /// What was noticed.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: warning: {}", self.line, self.message)
    }
}

/// Why the text could not be read, and where: 1-based line and column
/// (counted in characters).
#[derive(Debug)]
pub struct ParseError {
    /// The line of the problem.
    pub line: usize,
    /// The column of the problem (1 when it concerns the whole line).
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with the text.
#[derive(Debug)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Reading failed.
    Io(io::Error),
    /// The stop token given to [`read_with`] was raised.
    Cancelled,
    /// The line is not UTF-8.
    InvalidUtf8,
    /// The line is longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// The input ended before the line of item names.
    NoItems,
    /// An item or color name is longer than [`MAX_NAME_BYTES`].
    NameTooLong,
    /// A character that cannot appear where it does.
    IllegalCharacter(char),
    /// A character that cannot appear in a color name.
    IllegalColorCharacter(char),
    /// The item line has a second `|`.
    SecondBar,
    /// `X:a` where `X` is a primary item: only secondary items carry colors.
    ColorOnPrimaryItem(String),
    /// `X:`, a color with no name.
    EmptyColor,
    /// `:a`, a color with no item.
    ColorWithoutItem,
    /// `X:a:b`, a second `:` in a colored entry.
    SecondColon,
    /// Bounds that are not `u:v|X` or `v|X` with decimal numbers.
    MalformedBounds(String),
    /// A number in bounds that does not fit in 32 bits.
    BoundTooLarge(String),
    /// `u:v|X` with `u > v`.
    LowerAboveUpper {
        /// The lower bound.
        lower: u32,
        /// The upper bound.
        upper: u32,
    },
    /// `0:0|X` or `0|X`: an item no option of a solution may hold.
    ZeroUpperBound,
    /// Bounds on an item after the `|` that starts the secondary items.
    BoundsOnSecondaryItem(String),
    /// An option names an item that the item line does not declare.
    UnknownItem(String),
    /// An option names the same item twice.
    DuplicateItem(String),
    /// The item line names the same item twice.
    DuplicateItemName(String),
    /// A `|` in an option that is not a cost `|n` (nor is a `$` followed
    /// by a digit or `-`): `n` must be a nonnegative decimal integer.
    MalformedCost(String),
    /// A negative cost, `|-n`.
    NegativeCost(String),
    /// A cost, or an option's costs added up, above
    /// [`MAX_OPTION_COST`](crate::expert::MAX_OPTION_COST).
    CostTooLarge(String),
    /// A cost on the item line: costs belong to options.
    CostOnItemLine(String),
    /// The problem could not be built from what was read.
    Build(BuildError),
}

impl fmt::Display for ParseError {
    /// `LINE:COLUMN: message`, so that a caller can print `FILE:LINE:COLUMN: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

impl fmt::Display for ParseErrorKind {
    /// The message alone, with any name it quotes escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Io(error) => write!(f, "read error: {error}"),
            ParseErrorKind::Cancelled => write!(f, "reading was cancelled"),
            ParseErrorKind::InvalidUtf8 => write!(f, "the line is not valid UTF-8"),
            ParseErrorKind::LineTooLong => {
                write!(f, "the line is longer than {MAX_LINE_BYTES} bytes")
            }
            ParseErrorKind::NoItems => write!(f, "no line of item names before the end of input"),
            ParseErrorKind::NameTooLong => {
                write!(f, "name longer than {MAX_NAME_BYTES} bytes")
            }
            ParseErrorKind::IllegalCharacter(c) => {
                write!(f, "illegal character {c:?} in an item name")
            }
            ParseErrorKind::IllegalColorCharacter(c) => {
                write!(f, "illegal character {c:?} in a color name")
            }
            ParseErrorKind::SecondBar => write!(f, "the item line has a second `|`"),
            ParseErrorKind::ColorOnPrimaryItem(name) => write!(
                f,
                "item `{}` is primary: only secondary items (after `|`) can carry a color",
                escaped(name)
            ),
            ParseErrorKind::EmptyColor => write!(f, "empty color after `:`"),
            ParseErrorKind::ColorWithoutItem => write!(f, "a color needs an item name before `:`"),
            ParseErrorKind::SecondColon => {
                write!(f, "a second `:` in a color (write `item:color`)")
            }
            ParseErrorKind::MalformedBounds(token) => write!(
                f,
                "malformed bounds `{}`: write `lower:upper|item` or `count|item` with decimal numbers",
                escaped(token)
            ),
            ParseErrorKind::BoundTooLarge(number) => write!(
                f,
                "bound {} is too large (at most {})",
                escaped(number),
                u32::MAX
            ),
            ParseErrorKind::LowerAboveUpper { lower, upper } => {
                write!(f, "the lower bound {lower} exceeds the upper bound {upper}")
            }
            ParseErrorKind::ZeroUpperBound => write!(
                f,
                "an upper bound of 0 would keep the item out of every solution"
            ),
            ParseErrorKind::BoundsOnSecondaryItem(name) => write!(
                f,
                "item `{}` is secondary: only primary items (before `|`) can have bounds",
                escaped(name)
            ),
            ParseErrorKind::UnknownItem(name) => write!(f, "unknown item `{}`", escaped(name)),
            ParseErrorKind::DuplicateItem(name) => {
                write!(f, "item `{}` appears twice in this option", escaped(name))
            }
            ParseErrorKind::DuplicateItemName(name) => {
                write!(f, "item `{}` is declared twice", escaped(name))
            }
            ParseErrorKind::MalformedCost(token) => write!(
                f,
                "malformed cost `{}`: write `|n` (or `$n`) with n a nonnegative decimal integer",
                escaped(token)
            ),
            ParseErrorKind::NegativeCost(token) => {
                write!(f, "negative cost `{}`: costs are 0 or more", escaped(token))
            }
            ParseErrorKind::CostTooLarge(token) => write!(
                f,
                "cost `{}` is too large: an option costs at most {}",
                escaped(token),
                MAX_OPTION_COST
            ),
            ParseErrorKind::CostOnItemLine(token) => write!(
                f,
                "cost `{}` on the item line: a cost belongs at the end of an option",
                escaped(token)
            ),
            ParseErrorKind::Build(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ParseErrorKind::Io(error) => Some(error),
            ParseErrorKind::Build(error) => Some(error),
            _ => None,
        }
    }
}

/// Reads a problem from a string.
pub fn read_str(text: &str) -> Result<Parsed, ParseError> {
    read(text.as_bytes())
}

/// Reads a problem, line by line, from `input`.
pub fn read<R: BufRead>(input: R) -> Result<Parsed, ParseError> {
    read_with(input, &Stop::new())
}

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

/// [`read`], looking at `stop` every 65,536 names, entries or lines (a
/// line of a million names takes a while): when it is requested, the error
/// is [`ParseErrorKind::Cancelled`] at the line being read.
///
/// ```
/// use dancing::Stop;
///
/// let text = "A B\nA B\n".repeat(100_000);
/// let stop = Stop::new();
/// assert!(dancing::format::read_with(text.as_bytes(), &stop).is_ok());
/// stop.request();
/// let error = dancing::format::read_with(text.as_bytes(), &stop).unwrap_err();
/// assert!(matches!(error.kind, dancing::format::ParseErrorKind::Cancelled));
/// ```
pub fn read_with<R: BufRead>(input: R, stop: &Stop) -> Result<Parsed, ParseError> {
    let mut canceller = Canceller {
        cancel: || stop.is_requested(),
        steps: 0,
    };
    let mut lines = Lines::new(input, MAX_LINE_BYTES);
    let mut builder = ProblemBuilder::new();
    let mut warnings = Vec::new();
    let mut item_line = None;
    let mut option: Vec<(ItemId, Option<ColorId>)> = Vec::new();
    loop {
        match lines.advance() {
            Ok(true) => {}
            Ok(false) => break,
            Err(error) => {
                return Err(ParseError {
                    line: lines.number() + 1,
                    column: 1,
                    kind: ParseErrorKind::Io(error),
                });
            }
        }
        let line_number = lines.number();
        let at = |column, kind| ParseError {
            line: line_number,
            column,
            kind,
        };
        canceller.step().map_err(|kind| at(1, kind))?;
        if lines.too_long() {
            return Err(at(1, ParseErrorKind::LineTooLong));
        }
        let line = std::str::from_utf8(lines.line()).map_err(|error| {
            let valid = &lines.line()[..error.valid_up_to()];
            let column = String::from_utf8_lossy(valid).chars().count() + 1;
            at(column, ParseErrorKind::InvalidUtf8)
        })?;
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('|') {
            continue;
        }
        if item_line.is_none() {
            read_item_line(line, &mut builder, &mut canceller)
                .map_err(|(column, kind)| at(column, kind))?;
            item_line = Some(line_number);
            continue;
        }

        option.clear();
        let mut has_primary = false;
        let mut has_color = false;
        let mut cost = 0;
        for (column, token) in tokens(line) {
            canceller.step().map_err(|kind| at(column, kind))?;
            if is_cost(token) {
                cost = add_cost(cost, token).map_err(|kind| at(column, kind))?;
                continue;
            }
            let entry = read_entry(token, column, &mut builder).map_err(|(c, k)| at(c, k))?;
            has_primary |= builder.item_kind(entry.0) == ItemKind::Primary;
            has_color |= entry.1.is_some();
            option.push(entry);
        }
        // Plain options take the builder's plain path, which is faster.
        let added = if has_color {
            builder.colored_option(option.iter().copied())
        } else {
            builder.option(option.iter().map(|&(item, _)| item))
        };
        match added {
            Ok(id) => {
                if cost > 0 {
                    // At most `MAX_OPTION_COST`, checked as it was added up.
                    builder
                        .set_option_cost(id, cost)
                        .map_err(|error| at(1, ParseErrorKind::Build(error)))?;
                }
            }
            Err(BuildError::DuplicateItemInOption { item }) => {
                // Point at the second occurrence.
                let (column, name) = tokens(line)
                    .map(|(column, token)| (column, item_part(token)))
                    .filter(|&(_, name)| builder.item_by_name(name) == Some(item))
                    .nth(1)
                    .unwrap_or((1, ""));
                return Err(at(column, ParseErrorKind::DuplicateItem(name.into())));
            }
            Err(error) => return Err(at(1, ParseErrorKind::Build(error))),
        }
        if !has_primary {
            warnings.push(Warning {
                line: line_number,
                message: "option has no primary item; ignored".into(),
            });
        }
    }
    let Some(item_line) = item_line else {
        // The last line (all blank or comments), or line 1 of empty input.
        return Err(ParseError {
            line: lines.number().max(1),
            column: 1,
            kind: ParseErrorKind::NoItems,
        });
    };
    // What is left to go wrong (no primary item, too large) is the item
    // line's doing.
    let problem = builder.build().map_err(|e| ParseError {
        line: item_line,
        column: 1,
        kind: ParseErrorKind::Build(e),
    })?;
    Ok(Parsed { problem, warnings })
}

type Located = (usize, ParseErrorKind);

/// Declares the items of the item line: primary ones (perhaps with
/// bounds, `u:v|X` or `v|X`), then after `|` secondary ones.
fn read_item_line(
    line: &str,
    builder: &mut ProblemBuilder,
    canceller: &mut Canceller<impl FnMut() -> bool>,
) -> Result<(), Located> {
    let mut kind = ItemKind::Primary;
    for (column, token) in tokens(line) {
        canceller.step().map_err(|kind| (column, kind))?;
        let mut column = column;
        let mut name = token;
        let mut bounds = None;
        if token.starts_with('$') && is_cost(token) {
            return Err((column, ParseErrorKind::CostOnItemLine(token.into())));
        }
        if let Some(rest) = token.strip_prefix('|') {
            if kind == ItemKind::Secondary {
                // `|5` after the `|` that starts the secondary items reads
                // as a cost put on the wrong line.
                if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
                    return Err((column, ParseErrorKind::CostOnItemLine(token.into())));
                }
                return Err((column, ParseErrorKind::SecondBar));
            }
            kind = ItemKind::Secondary;
            if rest.is_empty() {
                continue;
            }
            name = rest;
            column += 1;
        }
        if let Some((prefix, rest)) = name.split_once('|') {
            if rest.is_empty() {
                return Err((column, ParseErrorKind::MalformedBounds(token.into())));
            }
            // Check the name first: `a|b|c` is a bad name more than bad bounds.
            let name_column = column + prefix.chars().count() + 1;
            check_name(rest, name_column, Place::Item)?;
            if kind == ItemKind::Secondary {
                return Err((column, ParseErrorKind::BoundsOnSecondaryItem(rest.into())));
            }
            bounds = Some(parse_bounds(prefix, token).map_err(|kind| (column, kind))?);
            name = rest;
            column = name_column;
        }
        check_name(name, column, Place::Item)?;
        let declared = match kind {
            ItemKind::Primary => builder.primary_item(name),
            ItemKind::Secondary => builder.secondary_item(name),
        };
        let item = declared.map_err(|error| match error {
            BuildError::DuplicateItemName { name } => {
                (column, ParseErrorKind::DuplicateItemName(name))
            }
            other => (column, ParseErrorKind::Build(other)),
        })?;
        if let Some((lower, upper)) = bounds {
            // Checked by `parse_bounds`; the builder agrees.
            builder
                .set_bounds(item, lower, upper)
                .map_err(|error| (column, ParseErrorKind::Build(error)))?;
        }
    }
    Ok(())
}

/// The bounds `u:v` or `v` before the `|` of a bounded item (`token` is the
/// whole token, for the message).
fn parse_bounds(prefix: &str, token: &str) -> Result<(u32, u32), ParseErrorKind> {
    let number = |text: &str| -> Result<u32, ParseErrorKind> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseErrorKind::MalformedBounds(token.into()));
        }
        text.parse()
            .map_err(|_| ParseErrorKind::BoundTooLarge(text.into()))
    };
    let (lower, upper) = match prefix.split_once(':') {
        Some((lower, upper)) => (number(lower)?, number(upper)?),
        None => {
            let exactly = number(prefix)?;
            (exactly, exactly)
        }
    };
    if upper == 0 {
        return Err(ParseErrorKind::ZeroUpperBound);
    }
    if lower > upper {
        return Err(ParseErrorKind::LowerAboveUpper { lower, upper });
    }
    Ok((lower, upper))
}

/// Whether an option's token is a cost: `|n` as Knuth's DLX5 writes it
/// (any token starting with `|`: a `|` cannot stand in a name), or `$n` as
/// miniexact does (a `$` followed by a digit or `-`; other names may start
/// with `$`). Public for readers of printed options (`dlx verify`).
///
/// ```
/// use dancing::format::is_cost;
///
/// assert!(is_cost("|5") && is_cost("$2") && is_cost("|x"));
/// assert!(!is_cost("$a") && !is_cost("a|"));
/// ```
pub fn is_cost(token: &str) -> bool {
    let bytes = token.as_bytes();
    match bytes.first() {
        Some(b'|') => true,
        Some(b'$') => matches!(bytes.get(1), Some(b'0'..=b'9' | b'-')),
        _ => false,
    }
}

/// `sum` plus the cost `token` (`|n` or `$n`), checked: a number, not
/// negative, and the sum at most [`MAX_OPTION_COST`].
fn add_cost(sum: u64, token: &str) -> Result<u64, ParseErrorKind> {
    let digits = &token[1..];
    if let Some(rest) = digits.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(ParseErrorKind::NegativeCost(token.into()));
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseErrorKind::MalformedCost(token.into()));
    }
    digits
        .parse::<u64>()
        .ok()
        .and_then(|cost| sum.checked_add(cost))
        .filter(|&total| total <= MAX_OPTION_COST)
        .ok_or_else(|| ParseErrorKind::CostTooLarge(token.into()))
}

/// The item name of an option's token: `X` of `X:a`.
fn item_part(token: &str) -> &str {
    token.split_once(':').map_or(token, |(name, _)| name)
}

/// One entry of an option: `X`, or `X:a` with `X` secondary.
fn read_entry(
    token: &str,
    column: usize,
    builder: &mut ProblemBuilder,
) -> Result<(ItemId, Option<ColorId>), Located> {
    let name_end = entry_name_end(token, column)?;
    let name = &token[..name_end];
    let color = token.get(name_end + 1..);
    if name.len() > MAX_NAME_BYTES {
        return Err((column, ParseErrorKind::NameTooLong));
    }
    if name.is_empty() {
        return Err((column, ParseErrorKind::ColorWithoutItem));
    }
    let item = builder
        .item_by_name(name)
        .ok_or_else(|| (column, ParseErrorKind::UnknownItem(name.into())))?;
    match color {
        None => Ok((item, None)),
        Some(color) => read_color(item, name, color, column, builder),
    }
}

/// The color of the entry `name:color` of `item`, checked and declared.
/// Kept out of [`read_entry`], which then stays small enough to inline in
/// the reader's loop over plain entries.
#[inline(never)]
fn read_color(
    item: ItemId,
    name: &str,
    color: &str,
    column: usize,
    builder: &mut ProblemBuilder,
) -> Result<(ItemId, Option<ColorId>), Located> {
    let color_column = column + name.chars().count() + 1;
    if color.is_empty() {
        return Err((color_column - 1, ParseErrorKind::EmptyColor));
    }
    if let Some(offset) = color.find(':') {
        let at = color_column + color[..offset].chars().count();
        return Err((at, ParseErrorKind::SecondColon));
    }
    check_name(color, color_column, Place::Color)?;
    if builder.item_kind(item) == ItemKind::Primary {
        return Err((column, ParseErrorKind::ColorOnPrimaryItem(name.into())));
    }
    let color = builder
        .color(color)
        .map_err(|error| (color_column, ParseErrorKind::Build(error)))?;
    Ok((item, Some(color)))
}

/// Where the item name of an option's token ends: at its first `:`, or at
/// its end. The name is checked for characters a name cannot hold on the
/// way, in one pass over bytes while they are ASCII (this is the reader's
/// inner loop), over characters otherwise.
fn entry_name_end(token: &str, column: usize) -> Result<usize, Located> {
    let bytes = token.as_bytes();
    // One table look-up per byte finds the first one that needs a closer
    // look; most tokens have none.
    let Some(index) = bytes
        .iter()
        .position(|&byte| SPECIAL_IN_ENTRY[usize::from(byte)])
    else {
        return Ok(token.len());
    };
    match bytes[index] {
        b':' => Ok(index),
        0x80.. => entry_name_end_by_chars(token, column),
        // ASCII so far: the byte is the character, at column + index.
        byte => Err((
            column + index,
            ParseErrorKind::IllegalCharacter(char::from(byte)),
        )),
    }
}

/// The bytes [`entry_name_end`] stops at: `:`, `|`, ASCII control
/// characters, and every byte of a non-ASCII character.
static SPECIAL_IN_ENTRY: [bool; 256] = {
    let mut special = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        special[byte] =
            byte < 0x20 || byte >= 0x7f || byte == b':' as usize || byte == b'|' as usize;
        byte += 1;
    }
    special
};

/// [`entry_name_end`] for a token that is not all ASCII.
fn entry_name_end_by_chars(token: &str, column: usize) -> Result<usize, Located> {
    for (offset, (index, c)) in token.char_indices().enumerate() {
        if c == ':' {
            return Ok(index);
        }
        if is_illegal_in_name(c) {
            return Err((column + offset, ParseErrorKind::IllegalCharacter(c)));
        }
    }
    Ok(token.len())
}

/// [`write`], after `description` as comment lines (each line of it
/// prefixed with `| `): what a problem generator writes, so that the file
/// says what it holds.
///
/// ```
/// let problem = dancing::format::read_str("a b\na b\n")?.problem;
/// let mut text = Vec::new();
/// dancing::format::write_described(&problem, "one option\ncovers both", &mut text)?;
/// assert_eq!(String::from_utf8(text)?, "| one option\n| covers both\na b\na b\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_described<W: Write>(
    problem: &Problem,
    description: &str,
    mut out: W,
) -> io::Result<()> {
    for line in description.lines() {
        writeln!(out, "| {line}")?;
    }
    write(problem, out)
}

/// Writes `problem` in Knuth's format, so that [`read`] gives it back:
/// bounds as `u:v|X` (`v|X` when `u == v`), colors as `X:a`.
///
/// Items without a name are written as `#` and their index (`#17`); an error
/// is returned if that would clash with a named item, or if an item or color
/// name is one that [`read`] refuses (too long, or holding a control
/// character). Colors without a name are written as `#` and their index too.
pub fn write<W: Write>(problem: &Problem, mut out: W) -> io::Result<()> {
    let names: Vec<std::borrow::Cow<'_, str>> = problem
        .items()
        .map(|item| problem.item_text(item))
        .collect();
    for item in problem.items() {
        if let Some(name) = problem.item_name(item)
            && let Err((_, kind)) = check_name(name, 1, Place::Item)
        {
            return Err(unwritable(format!(
                "item {} cannot be written so that it reads back: {kind}",
                item.index()
            )));
        }
        if let Some(name) = problem.item_name(item)
            && is_cost(name)
        {
            return Err(unwritable(format!(
                "item {} cannot be written so that it reads back: `{}` reads as a cost",
                item.index(),
                escaped(name)
            )));
        }
        if problem.item_name(item).is_none() && problem.item_by_name(&names[item.index()]).is_some()
        {
            return Err(unwritable(format!(
                "unnamed item {} would clash with the item named {}",
                item.index(),
                names[item.index()]
            )));
        }
    }
    let colors: Vec<std::borrow::Cow<'_, str>> = (0..problem.color_count())
        .map(|color| problem.color_text(ColorId::new(color)))
        .collect();
    for (index, name) in colors.iter().enumerate() {
        if let Err((_, kind)) = check_name(name, 1, Place::Color) {
            return Err(unwritable(format!(
                "color {index} cannot be written so that it reads back: {kind}"
            )));
        }
    }
    let mut first = true;
    for kind in [ItemKind::Primary, ItemKind::Secondary] {
        let mut of_kind = problem
            .items()
            .filter(|&item| problem.item_kind(item) == kind)
            .peekable();
        if kind == ItemKind::Secondary && of_kind.peek().is_some() {
            out.write_all(b" |")?;
        }
        for item in of_kind {
            if !first {
                out.write_all(b" ")?;
            }
            first = false;
            match problem.item_bounds(item) {
                _ if kind == ItemKind::Secondary => {}
                (1, 1) => {}
                (lower, upper) if lower == upper => write!(out, "{upper}|")?,
                (lower, upper) => write!(out, "{lower}:{upper}|")?,
            }
            out.write_all(names[item.index()].as_bytes())?;
        }
    }
    out.write_all(b"\n")?;
    for (id, option) in problem.options() {
        for (k, (item, color)) in option.iter().zip(problem.option_colors(id)).enumerate() {
            if k > 0 {
                out.write_all(b" ")?;
            }
            out.write_all(names[item.index()].as_bytes())?;
            if let Some(color) = color {
                out.write_all(b":")?;
                out.write_all(colors[color.index()].as_bytes())?;
            }
        }
        let cost = problem.option_cost(id);
        if cost > 0 {
            write!(out, " |{cost}")?;
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}

fn unwritable(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The ASCII fast path finds the same name end, or the same error
        /// at the same column, as the path by characters.
        #[test]
        fn the_ascii_path_agrees_with_the_path_by_characters(
            token in "[a-z:|\u{1b}\u{7f}\u{9b}\u{feff}é€]{0,8}",
            column in 1usize..100,
        ) {
            let place = |result: Result<usize, Located>| match result {
                Ok(end) => Ok(end),
                Err((column, kind)) => Err((column, kind.to_string())),
            };
            prop_assert_eq!(
                place(entry_name_end(&token, column)),
                place(entry_name_end_by_chars(&token, column))
            );
        }
    }
}
