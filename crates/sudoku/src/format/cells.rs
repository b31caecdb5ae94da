//! Cells read from text: a puzzle line's cells, a grid's rows, and the
//! errors that name a bad character by its column.

use super::error::ReadErrorKind;
use super::kind::Format;
use super::options::ReadOptions;
use crate::grid::{Grid, Shape};
use crate::symbols::Symbols;

/// The error for the character at byte `at` of `line`, in a grid of `size`.
fn bad_character(line: &[u8], at: usize, symbols: &Symbols, size: usize) -> ReadErrorKind {
    let rest = &line[at..line.len().min(at + 4)];
    let character = match std::str::from_utf8(rest) {
        Ok(text) => text.chars().next(),
        Err(error) => std::str::from_utf8(&rest[..error.valid_up_to()])
            .ok()
            .and_then(|t| t.chars().next()),
    };
    ReadErrorKind::BadCharacter {
        column: at + 1,
        character: character.unwrap_or(char::REPLACEMENT_CHARACTER),
        expected: symbols.describe(size),
    }
}

/// The whitespace-separated words of `line`, with their byte offsets.
pub(super) fn words(line: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < line.len() && line[at].is_ascii_whitespace() {
            at += 1;
        }
        if at == line.len() {
            return None;
        }
        let start = at;
        while at < line.len() && !line[at].is_ascii_whitespace() {
            at += 1;
        }
        Some((start, &line[start..at]))
    })
}

/// The shape of a puzzle of `length` cells: the one asked for, or the
/// usual one of the length; else the error, naming the nearest fit.
fn shape_of_length(length: usize, options: &ReadOptions) -> Result<Shape, ReadErrorKind> {
    match options.shape {
        Some(shape) if shape.cell_count() == length => Ok(shape),
        Some(shape) => Err(ReadErrorKind::WrongLength {
            expected: shape.cell_count(),
            found: length,
        }),
        None => Shape::for_cell_count(length).ok_or_else(|| {
            // The nearest square of a supported size, ties upward.
            let nearest = (Shape::MIN_LINE_SIZE..=Shape::MAX_SIZE)
                .map(|n| n * n)
                .min_by_key(|&cells| (cells.abs_diff(length), usize::MAX - cells))
                .unwrap_or(81);
            ReadErrorKind::WrongLength {
                expected: nearest,
                found: length,
            }
        }),
    }
}

/// Reads the cells `word` (at byte `start` of `line`) into `grid`, of the
/// shape its length gives.
pub(super) fn read_cells(
    line: &[u8],
    start: usize,
    word: &[u8],
    options: &ReadOptions,
    grid: &mut Grid,
) -> Result<(), ReadErrorKind> {
    // A bad character first: it is the likelier mistake in a line of the
    // wrong length, and its column says where.
    // (For a length that fits no shape: the nearest square's size, and at
    // least the classic 9, so that a short classic line names its bad
    // characters by classic rules.)
    let size_hint = match shape_of_length(word.len(), options) {
        Ok(shape) => shape.size(),
        Err(ReadErrorKind::WrongLength { expected, .. }) => expected.isqrt().max(9),
        Err(_) => Shape::MAX_SIZE,
    };
    if let Some(k) = word
        .iter()
        .position(|&c| options.symbols.read(c, size_hint).is_none())
    {
        return Err(bad_character(line, start + k, &options.symbols, size_hint));
    }
    let shape = shape_of_length(word.len(), options)?;
    if !options.symbols.supports(shape.size()) {
        return Err(ReadErrorKind::BadVariantData {
            column: None,
            message: format!(
                "a {n}x{n} puzzle needs {n} symbols, and the alphabet has {}{}",
                options.symbols.len(),
                options.naming.other_alphabet(),
                n = shape.size(),
            ),
        });
    }
    grid.reset(shape);
    for (cell, &c) in grid.cells_mut().iter_mut().zip(word) {
        *cell = options.symbols.read(c, shape.size()).unwrap_or(0);
    }
    Ok(())
}

/// The size of a grid whose first row is `line`: its number of cells.
pub(super) fn first_row_size(
    format: Format,
    line: &[u8],
    options: &ReadOptions,
) -> Result<usize, ReadErrorKind> {
    let found = match format {
        Format::Blocks => words(line).count(),
        _ => line
            .iter()
            .filter(|&&c| !(c.is_ascii_whitespace() || (format == Format::Grid && c == b'|')))
            .count(),
    };
    let error = |expected| match format {
        Format::Blocks => ReadErrorKind::RowNumbers { expected, found },
        _ => ReadErrorKind::RowLength { expected, found },
    };
    let fits = match options.shape {
        Some(shape) => shape.size() == found,
        None => (Shape::MIN_LINE_SIZE..=Shape::MAX_SIZE).contains(&found),
    };
    if fits {
        return Ok(found);
    }
    if format == Format::Blocks {
        // A word that no grid takes is the likelier mistake.
        if let Some((at, word)) = words(line).find(|(_, word)| word.len() > 2) {
            return Err(ReadErrorKind::BadNumber {
                column: at + 1,
                text: String::from_utf8_lossy(&word[..word.len().min(12)]).into_owned(),
                size: options.shape.map_or(Shape::MAX_SIZE, Shape::size),
            });
        }
    }
    Err(error(options.shape.map(Shape::size)))
}

/// Reads one row of a grid into `row`, by the rules of `format`.
pub(super) fn parse_row(
    format: Format,
    line: &[u8],
    row: &mut [u8],
    symbols: &Symbols,
) -> Result<(), ReadErrorKind> {
    let size = row.len();
    let mut found = 0;
    match format {
        Format::Blocks => {
            for (at, token) in words(line) {
                let digit = match token {
                    [c] => symbols.read(*c, size),
                    // Numbers of several digits are decimal.
                    _ if token.len() <= 2 && token.iter().all(u8::is_ascii_digit) => {
                        let value = token.iter().fold(0, |v, &d| v * 10 + usize::from(d - b'0'));
                        (value <= size).then_some(value as u8)
                    }
                    _ => None,
                };
                let Some(digit) = digit else {
                    let text = String::from_utf8_lossy(&token[..token.len().min(12)]).into_owned();
                    return Err(ReadErrorKind::BadNumber {
                        column: at + 1,
                        text,
                        size,
                    });
                };
                if found < size {
                    row[found] = digit;
                }
                found += 1;
            }
            if found != size {
                return Err(ReadErrorKind::RowNumbers {
                    expected: Some(size),
                    found,
                });
            }
        }
        Format::Poj2676 | Format::Grid | Format::Line | Format::Csv => {
            // POJ 2676 rows are cells and nothing else; `.sdk` rows may put
            // `|` and spaces between boxes.
            let separators_allowed = format == Format::Grid;
            let start = line
                .iter()
                .position(|c| !c.is_ascii_whitespace())
                .unwrap_or(line.len());
            let end = line
                .iter()
                .rposition(|c| !c.is_ascii_whitespace())
                .map_or(start, |end| end + 1);
            for at in start..end {
                let c = line[at];
                if separators_allowed && (c == b'|' || c.is_ascii_whitespace()) {
                    continue;
                }
                let digit = symbols
                    .read(c, size)
                    .ok_or_else(|| bad_character(line, at, symbols, size))?;
                if found < size {
                    row[found] = digit;
                }
                found += 1;
            }
            if found != size {
                return Err(ReadErrorKind::RowLength {
                    expected: Some(size),
                    found,
                });
            }
        }
    }
    Ok(())
}
