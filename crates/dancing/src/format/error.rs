//! What can go wrong in reading a problem, and what is worth a warning.

use std::fmt;
use std::io;

use super::text::escaped;
use super::{MAX_LINE_BYTES, MAX_NAME_BYTES};
use crate::problem::MAX_OPTION_COST;
use crate::problem::builder::BuildError;

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
    /// The stop token given to [`read_with`](super::read_with) was raised.
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
