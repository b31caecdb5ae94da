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
//! Colors (`X:a`, Knuth's DLX2) and multiplicities (`a:b|X`, DLX3) are not
//! supported yet; they are rejected with an error that says so.

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::problem::{BuildError, ItemId, ItemKind, Problem, ProblemBuilder};

pub mod text;

use text::tokens;

use text::{Lines, escaped};

/// Longest line accepted, in bytes (an option with a million long names).
pub const MAX_LINE_BYTES: usize = 64 << 20;
/// U+FEFF, invisible, and the byte-order mark when it starts a file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// Longest item name accepted, in bytes. Knuth's programs allow 8.
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
    /// The line is not UTF-8.
    InvalidUtf8,
    /// The line is longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// The input ended before the line of item names.
    NoItems,
    /// A name is longer than [`MAX_NAME_BYTES`].
    NameTooLong,
    /// A character that cannot appear where it does.
    IllegalCharacter(char),
    /// The item line has a second `|`.
    SecondBar,
    /// `X:a`: a color, which this engine does not support yet.
    ColorsUnsupported,
    /// `a:b|X`: an item multiplicity, which this engine does not support yet.
    MultiplicitiesUnsupported,
    /// An option names an item that the item line does not declare.
    UnknownItem(String),
    /// An option names the same item twice.
    DuplicateItem(String),
    /// The item line names the same item twice.
    DuplicateItemName(String),
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
            ParseErrorKind::InvalidUtf8 => write!(f, "the line is not valid UTF-8"),
            ParseErrorKind::LineTooLong => {
                write!(f, "the line is longer than {MAX_LINE_BYTES} bytes")
            }
            ParseErrorKind::NoItems => write!(f, "no line of item names before the end of input"),
            ParseErrorKind::NameTooLong => {
                write!(f, "item name longer than {MAX_NAME_BYTES} bytes")
            }
            ParseErrorKind::IllegalCharacter(c) => {
                write!(f, "illegal character {c:?} in an item name")
            }
            ParseErrorKind::SecondBar => write!(f, "the item line has a second `|`"),
            ParseErrorKind::ColorsUnsupported => write!(
                f,
                "colors (`item:color`, Knuth's DLX2 format) are not supported yet"
            ),
            ParseErrorKind::MultiplicitiesUnsupported => write!(
                f,
                "item multiplicities (`u:v|item`, Knuth's DLX3 format) are not supported yet"
            ),
            ParseErrorKind::UnknownItem(name) => write!(f, "unknown item `{}`", escaped(name)),
            ParseErrorKind::DuplicateItem(name) => {
                write!(f, "item `{}` appears twice in this option", escaped(name))
            }
            ParseErrorKind::DuplicateItemName(name) => {
                write!(f, "item `{}` is declared twice", escaped(name))
            }
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
    let mut lines = Lines::new(input, MAX_LINE_BYTES);
    let mut builder = ProblemBuilder::new();
    let mut warnings = Vec::new();
    let mut item_line = None;
    let mut option: Vec<ItemId> = Vec::new();
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
            read_item_line(line, &mut builder).map_err(|(column, kind)| at(column, kind))?;
            item_line = Some(line_number);
            continue;
        }

        option.clear();
        let mut has_primary = false;
        for (column, name) in tokens(line) {
            check_name(name, column, Place::Option).map_err(|(c, k)| at(c, k))?;
            let item = builder
                .item_by_name(name)
                .ok_or_else(|| at(column, ParseErrorKind::UnknownItem(name.into())))?;
            has_primary |= builder.item_kind(item) == ItemKind::Primary;
            option.push(item);
        }
        match builder.option(option.iter().copied()) {
            Ok(_) => {}
            Err(BuildError::DuplicateItemInOption { item }) => {
                // Point at the second occurrence.
                let (column, name) = tokens(line)
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

/// Declares the items of the item line.
fn read_item_line(line: &str, builder: &mut ProblemBuilder) -> Result<(), Located> {
    let mut kind = ItemKind::Primary;
    for (column, token) in tokens(line) {
        let mut column = column;
        let mut name = token;
        if let Some(rest) = token.strip_prefix('|') {
            if token.contains(':') {
                return Err((column, ParseErrorKind::MultiplicitiesUnsupported));
            }
            if kind == ItemKind::Secondary {
                return Err((column, ParseErrorKind::SecondBar));
            }
            kind = ItemKind::Secondary;
            if rest.is_empty() {
                continue;
            }
            name = rest;
            column += 1;
        }
        check_name(name, column, Place::ItemLine)?;
        let declared = match kind {
            ItemKind::Primary => builder.primary_item(name),
            ItemKind::Secondary => builder.secondary_item(name),
        };
        declared.map_err(|error| match error {
            BuildError::DuplicateItemName { name } => {
                (column, ParseErrorKind::DuplicateItemName(name))
            }
            other => (column, ParseErrorKind::Build(other)),
        })?;
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    ItemLine,
    Option,
}

/// Rejects names that are too long or hold `:`, `|`, a control character or
/// a byte-order mark, saying what a `:` would have meant in Knuth's later
/// formats.
fn check_name(name: &str, column: usize, place: Place) -> Result<(), Located> {
    if name.len() > MAX_NAME_BYTES {
        return Err((column, ParseErrorKind::NameTooLong));
    }
    for (offset, c) in name.chars().enumerate() {
        let kind = match (c, place) {
            (':', Place::ItemLine) if name.contains('|') => {
                ParseErrorKind::MultiplicitiesUnsupported
            }
            (':', Place::Option) => ParseErrorKind::ColorsUnsupported,
            (':' | '|', _) => ParseErrorKind::IllegalCharacter(c),
            // A byte-order mark is skipped at the start of input only, so a
            // name starting with one would not read back; anywhere else it
            // is a sign of files pasted together.
            _ if c.is_control() || c == BYTE_ORDER_MARK => ParseErrorKind::IllegalCharacter(c),
            _ => continue,
        };
        let column = if matches!(kind, ParseErrorKind::IllegalCharacter(_)) {
            column + offset
        } else {
            column
        };
        return Err((column, kind));
    }
    Ok(())
}

/// Writes `problem` in Knuth's format, so that [`read`] gives it back.
///
/// Items without a name are written as `#` and their index (`#17`); an error
/// is returned if that would clash with a named item, or if a name is one
/// that [`read`] refuses (too long, or holding a control character).
pub fn write<W: Write>(problem: &Problem, mut out: W) -> io::Result<()> {
    let names: Vec<std::borrow::Cow<'_, str>> = problem
        .items()
        .map(|item| match problem.item_name(item) {
            Some(name) => name.into(),
            None => format!("#{}", item.index()).into(),
        })
        .collect();
    for item in problem.items() {
        if let Some(name) = problem.item_name(item)
            && let Err((_, kind)) = check_name(name, 1, Place::ItemLine)
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "item {} cannot be written so that it reads back: {kind}",
                    item.index()
                ),
            ));
        }
        if problem.item_name(item).is_none() && problem.item_by_name(&names[item.index()]).is_some()
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "unnamed item {} would clash with the item named {}",
                    item.index(),
                    names[item.index()]
                ),
            ));
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
            out.write_all(names[item.index()].as_bytes())?;
        }
    }
    out.write_all(b"\n")?;
    for (_, option) in problem.options() {
        for (k, item) in option.iter().enumerate() {
            if k > 0 {
                out.write_all(b" ")?;
            }
            out.write_all(names[item.index()].as_bytes())?;
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}
