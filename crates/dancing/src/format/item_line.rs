//! The item line: primary items (perhaps with bounds), then after `|`
//! the secondary ones.

use super::cost::is_cost;
use super::names::{Place, check_name};
use super::text::tokens;
use super::{Canceller, Located, ParseErrorKind};
use crate::problem::ItemKind;
use crate::problem::builder::{BuildError, ProblemBuilder};

/// Declares the items of the item line: primary ones (perhaps with
/// bounds, `u:v|X` or `v|X`), then after `|` secondary ones.
pub(super) fn read_item_line(
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
