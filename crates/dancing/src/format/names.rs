//! The names of items and colors: what the reader accepts, which is what
//! the writer can write so that it reads back.

use super::{Located, MAX_NAME_BYTES, ParseErrorKind, is_cost};
use crate::problem::builder::{BuildError, is_valid_name};

/// U+FEFF, invisible, and the byte-order mark when it starts a file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// Where a name stands, for the length it may have and what it may hold.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Item,
    Color,
}

/// Whether `c` cannot stand in an item or color name: `:`, `|`, a control
/// character or a byte-order mark.
pub(super) fn is_illegal_in_name(c: char) -> bool {
    match c {
        ':' | '|' => true,
        // A byte-order mark is skipped at the start of input only, so a
        // name starting with one would not read back; anywhere else it is
        // a sign of files pasted together.
        _ => c.is_control() || c == BYTE_ORDER_MARK,
    }
}

/// Rejects names that are too long or hold `:`, `|`, a control character or
/// a byte-order mark, at the column of the character at fault.
pub(super) fn check_name(name: &str, column: usize, place: Place) -> Result<(), Located> {
    if name.len() > MAX_NAME_BYTES {
        return Err((column, ParseErrorKind::NameTooLong));
    }
    for (offset, c) in name.chars().enumerate() {
        if is_illegal_in_name(c) {
            let kind = match place {
                Place::Color => ParseErrorKind::IllegalColorCharacter(c),
                Place::Item => ParseErrorKind::IllegalCharacter(c),
            };
            return Err((column + offset, kind));
        }
    }
    Ok(())
}

/// Whether `name` can be an item's name in Knuth's format: a name the
/// builder accepts ([`is_valid_name`]: not empty, no whitespace, `:` or
/// `|`) that the reader reads back as that name (at most
/// [`MAX_NAME_BYTES`] bytes, no control character or U+FEFF, and not a cost,
/// `$` then a digit or `-`). The error says what is wrong, in the
/// reader's words.
///
/// A problem whose item and color names all pass
/// ([`check_color_name`]) is written by [`write`](super::write) as text
/// that [`read`](super::read) reads back as an equal problem; a builder
/// that takes names from elsewhere can refuse the others when they come.
///
/// ```
/// use dancing::format::{ParseErrorKind, check_item_name};
///
/// assert!(check_item_name("x1").is_ok());
/// assert!(matches!(check_item_name("a\0"), Err(ParseErrorKind::IllegalCharacter('\0'))));
/// assert!(matches!(check_item_name(&"7".repeat(301)), Err(ParseErrorKind::NameTooLong)));
/// assert!(matches!(check_item_name("$5"), Err(ParseErrorKind::CostOnItemLine(_))));
/// assert!(check_item_name("a b").is_err());
/// ```
pub fn check_item_name(name: &str) -> Result<(), ParseErrorKind> {
    if !is_valid_name(name) {
        return Err(ParseErrorKind::Build(BuildError::InvalidItemName {
            name: name.to_owned(),
        }));
    }
    check_name(name, 1, Place::Item).map_err(|(_, kind)| kind)?;
    if is_cost(name) {
        return Err(ParseErrorKind::CostOnItemLine(name.to_owned()));
    }
    Ok(())
}

/// [`check_item_name`] for a color's name (`a` of `X:a`), which may look
/// like a cost.
pub fn check_color_name(name: &str) -> Result<(), ParseErrorKind> {
    if !is_valid_name(name) {
        return Err(ParseErrorKind::Build(BuildError::InvalidColorName {
            name: name.to_owned(),
        }));
    }
    check_name(name, 1, Place::Color).map_err(|(_, kind)| kind)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::ProblemBuilder;
    use crate::format::{read_str, write};

    /// A problem with a primary item called `item` and a secondary one
    /// colored `color`, if the builder takes the names.
    fn problem_named(item: &str, color: &str) -> Option<crate::Problem> {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item(item).ok()?;
        let x = builder.secondary_item("x").ok()?;
        let color = builder.color(color).ok()?;
        builder.colored_option([(a, None), (x, Some(color))]).ok()?;
        builder.build().ok()
    }

    proptest! {
        /// The names the checks accept are exactly those of the problems
        /// that write and read back equal.
        #[test]
        fn accepted_names_are_those_that_read_back(
            item in "[a$1|: \t\u{0}\u{1b}\u{7f}\u{85}\u{a0}\u{feff}é-]{0,4}",
            color in "[a$1|: \u{0}\u{9b}\u{feff}-]{0,3}",
            long in 250usize..262,
        ) {
            for item in [item.clone(), format!("{item}{}", "é".repeat(long / 2))] {
                let accepted = check_item_name(&item).is_ok() && check_color_name(&color).is_ok();
                let reads_back = problem_named(&item, &color).is_some_and(|problem| {
                    let mut text = Vec::new();
                    write(&problem, &mut text).is_ok()
                        && String::from_utf8(text)
                            .ok()
                            .and_then(|text| read_str(&text).ok())
                            .is_some_and(|parsed| parsed.problem == problem)
                });
                prop_assert_eq!(accepted, reads_back, "item {:?} color {:?}", item, color);
            }
        }
    }
}
