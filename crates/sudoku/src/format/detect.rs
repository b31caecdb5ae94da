//! Format detection: what the first lines of an input show.

use super::csv::csv_header;
use super::kind::{Format, Layout};
use crate::grid::Shape;
use crate::symbols::Symbols;

/// The longest count line accepted.
const MAX_COUNT_DIGITS: usize = 18;

/// A line that is only a number, and not a row or a line of cells: with a
/// shape or a line format given, not of their lengths; else not 9 digits
/// (a classic row) nor a square number of them (a line). So a grid of
/// another size whose first row is all digits (`1002`) needs its format or
/// shape given.
pub(super) fn looks_like_count(
    content: &[u8],
    shape: Option<Shape>,
    format: Option<Format>,
) -> bool {
    let length = content.len();
    if length == 0 || length > MAX_COUNT_DIGITS + 2 || !content.iter().all(u8::is_ascii_digit) {
        return false;
    }
    if let Some(shape) = shape {
        return length != shape.size() && length != shape.cell_count();
    }
    if matches!(format, Some(Format::Line | Format::Csv)) {
        return !is_square_size(length);
    }
    length != 9 && !is_square_size(length)
}

/// Whether `length` is the cell count of a size a line stands for.
fn is_square_size(length: usize) -> bool {
    Shape::for_cell_count(length).is_some()
}

/// The format (and the layout to answer in) that the first puzzle line shows.
pub(super) fn sniff(content: &[u8], counted: bool, symbols: &Symbols) -> (Format, Layout) {
    let tokens = content
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty());
    let first = tokens.clone().next().unwrap_or_default();
    let count = tokens.clone().count();
    let is_cell = |c: u8| symbols.read(c, Shape::MAX_SIZE).is_some();
    if is_rule(content) || content.contains(&b'|') {
        (Format::Grid, Layout::Grid)
    } else if content.contains(&b',') || csv_header(content).is_some() {
        (Format::Csv, Layout::Line)
    } else if (Shape::MIN_LINE_SIZE..=Shape::MAX_SIZE).contains(&count)
        && tokens.clone().all(|token| token.len() <= 2)
    {
        (Format::Blocks, Layout::Blocks)
    } else if is_square_size(first.len()) || first.len() >= 16 {
        (Format::Line, Layout::Line)
    } else if (Shape::MIN_LINE_SIZE..16).contains(&content.len())
        && content.iter().all(|&c| is_cell(c))
    {
        if counted {
            (Format::Poj2676, Layout::Rows)
        } else {
            (Format::Grid, Layout::Rows)
        }
    } else if content
        .iter()
        .all(|&c| is_cell(c) || c.is_ascii_whitespace())
    {
        (Format::Grid, Layout::Grid)
    } else {
        (Format::Line, Layout::Line)
    }
}

/// A rule between bands of a grid: `---+---+---`, `-----------`,
/// `*-----------*`, `===`.
pub(super) fn is_rule(content: &[u8]) -> bool {
    content.iter().any(|&c| c == b'-' || c == b'=')
        && content
            .iter()
            .all(|&c| matches!(c, b'-' | b'=' | b'+' | b'|' | b'*') || c.is_ascii_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn sniffing_tells_the_formats_apart() {
        assert_eq!(
            sniff(PUZZLE.as_bytes(), false, &Symbols::default()),
            (Format::Line, Layout::Line)
        );
        assert_eq!(
            sniff(b"0 0 0 0 0 4 5 0 0", false, &Symbols::default()),
            (Format::Blocks, Layout::Blocks)
        );
        assert_eq!(
            sniff(b"103000509", true, &Symbols::default()),
            (Format::Poj2676, Layout::Rows)
        );
        assert_eq!(
            sniff(b"103000509", false, &Symbols::default()),
            (Format::Grid, Layout::Rows)
        );
        assert_eq!(
            sniff(b"..3|.2.|6..", false, &Symbols::default()),
            (Format::Grid, Layout::Grid)
        );
        assert_eq!(
            sniff(b"..3 .2. 6..", false, &Symbols::default()),
            (Format::Grid, Layout::Grid)
        );
        assert_eq!(
            sniff(b"---+---+---", false, &Symbols::default()),
            (Format::Grid, Layout::Grid)
        );
        assert_eq!(
            sniff(b"hello world!", false, &Symbols::default()),
            (Format::Line, Layout::Line)
        );
        assert!(looks_like_count(b"95", None, None));
        assert!(looks_like_count(b"100000", None, None));
        assert!(!looks_like_count(b"103000509", None, None));
        assert!(!looks_like_count(b"1000000000000000", None, None));
        let four = Some(Shape::new(2, 2).unwrap());
        assert!(!looks_like_count(b"1030", four, None));
        assert!(looks_like_count(b"1030", None, Some(Format::Line)));
    }
}
