//! The entries of an option line: `X`, or `X:a` with `X` secondary.

use super::names::{Place, check_name, is_illegal_in_name};
use super::{Located, MAX_NAME_BYTES, ParseErrorKind};
use crate::problem::builder::ProblemBuilder;
use crate::problem::{ColorId, ItemId, ItemKind};

/// The item name of an option's token: `X` of `X:a`.
pub(super) fn item_part(token: &str) -> &str {
    token.split_once(':').map_or(token, |(name, _)| name)
}

/// One entry of an option: `X`, or `X:a` with `X` secondary.
pub(super) fn read_entry(
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
