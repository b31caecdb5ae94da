//! Reading a problem from text, line by line: comments and blank lines
//! skipped, the item line, then one option a line.

use std::io::BufRead;

use super::cost::{add_cost, is_cost};
use super::entry::{item_part, read_entry};
use super::item_line::read_item_line;
use super::text::{Lines, tokens};
use super::{Canceller, MAX_LINE_BYTES, ParseError, ParseErrorKind, Warning};
use crate::problem::builder::{BuildError, ProblemBuilder};
use crate::problem::{ColorId, ItemId, ItemKind, Problem};
use crate::stop::Stop;

/// A problem read from text, with what was noticed but not fatal.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// Warnings, in input order.
    pub warnings: Vec<Warning>,
}

/// Reads a problem from a string.
pub fn read_str(text: &str) -> Result<Parsed, ParseError> {
    read(text.as_bytes())
}

/// Reads a problem, line by line, from `input`.
pub fn read<R: BufRead>(input: R) -> Result<Parsed, ParseError> {
    read_with(input, &Stop::new())
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
