//! Writing grids in the layouts of the seeds and of puzzle files.

use std::io::{self, Write};

use super::kind::Layout;
use crate::grid::{Grid, digit_char};
use crate::symbols::Symbols;

/// Writes a stream of grids in one layout, with the separators the layout
/// puts between grids, reusing one buffer so that each grid is a single
/// write.
///
/// ```
/// use dancing_sudoku::format::{GridWriter, Layout};
/// use dancing_sudoku::Grid;
///
/// let solution: Grid =
///     "913724568687519342254386197726943851345178926891652473162895734538467219479231685".parse()?;
/// let mut out = Vec::new();
/// GridWriter::new(Layout::Ans).write(&mut out, &solution)?;
/// let text = String::from_utf8(out)?;
/// assert!(text.starts_with("ans: \n9   1   3   7   2   4   5   6   8   \n6   8   7"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GridWriter {
    layout: Layout,
    /// A custom alphabet, if any.
    symbols: Option<Symbols>,
    written: u64,
    buffer: Vec<u8>,
}

impl GridWriter {
    /// A writer of grids in `layout`.
    pub fn new(layout: Layout) -> GridWriter {
        GridWriter {
            layout,
            symbols: None,
            written: 0,
            buffer: Vec::new(),
        }
    }

    /// A writer of grids in `layout` whose digits are written in `symbols`
    /// (in every layout: the `blocks` and `ans` layouts write decimal
    /// numbers only with the default alphabet).
    pub fn with_symbols(layout: Layout, symbols: &Symbols) -> GridWriter {
        let mut writer = GridWriter::new(layout);
        if *symbols != Symbols::default() {
            writer.symbols = Some(symbols.clone());
        }
        writer
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Writes `grid`, after a blank line if the layout separates grids and
    /// this is not the first.
    pub fn write<W: Write + ?Sized>(&mut self, out: &mut W, grid: &Grid) -> io::Result<()> {
        self.buffer.clear();
        self.separate();
        layout_into(&mut self.buffer, grid, self.layout, self.symbols.as_ref());
        out.write_all(&self.buffer)
    }

    /// Writes `text` on a line of its own in place of a grid (a marker for a
    /// puzzle without a solution), separated like a grid.
    pub fn write_placeholder<W: Write + ?Sized>(
        &mut self,
        out: &mut W,
        text: &str,
    ) -> io::Result<()> {
        self.buffer.clear();
        self.separate();
        self.buffer.extend_from_slice(text.as_bytes());
        self.buffer.push(b'\n');
        out.write_all(&self.buffer)
    }

    fn separate(&mut self) {
        if self.written > 0 && matches!(self.layout, Layout::Blocks | Layout::Grid) {
            self.buffer.push(b'\n');
        }
        self.written += 1;
    }
}

/// Writes one grid in `layout` (no separator before it).
pub fn write_grid<W: Write + ?Sized>(out: &mut W, grid: &Grid, layout: Layout) -> io::Result<()> {
    let mut buffer = Vec::new();
    layout_into(&mut buffer, grid, layout, None);
    out.write_all(&buffer)
}

fn layout_into(buffer: &mut Vec<u8>, grid: &Grid, layout: Layout, symbols: Option<&Symbols>) {
    let n = grid.size();
    let shape = grid.shape();
    // A character per cell; `0` for a blank where the seeds use numbers
    // (`.` when `0` is a symbol).
    let zero_is_symbol = symbols.is_some_and(|symbols| symbols.read(b'0', n) != Some(0));
    let char_of = |digit: u8, blank: u8| match (digit, symbols) {
        (0, _) if zero_is_symbol => b'.',
        (0, _) => blank,
        (_, Some(symbols)) => symbols.symbol(digit) as u8,
        (_, None) => digit_char(digit) as u8,
    };
    // Numbers in decimal with the default alphabet, else the symbols.
    let push_number = |buffer: &mut Vec<u8>, digit: u8| match symbols {
        Some(_) => buffer.push(char_of(digit, b'0')),
        None => push_decimal(buffer, digit),
    };
    match layout {
        Layout::Line => {
            buffer.extend(grid.cells().iter().map(|&d| char_of(d, b'.')));
            buffer.push(b'\n');
        }
        Layout::Rows => {
            for row in grid.cells().chunks(n) {
                buffer.extend(row.iter().map(|&d| char_of(d, b'0')));
                buffer.push(b'\n');
            }
        }
        Layout::Blocks => {
            for row in grid.cells().chunks(n) {
                for (k, &digit) in row.iter().enumerate() {
                    if k > 0 {
                        buffer.push(b' ');
                    }
                    push_number(buffer, digit);
                }
                buffer.push(b'\n');
            }
        }
        Layout::Grid => {
            for (r, row) in grid.cells().chunks(n).enumerate() {
                if r > 0 && r % shape.box_rows() == 0 {
                    for k in 0..n / shape.box_cols() {
                        if k > 0 {
                            buffer.push(b'+');
                        }
                        buffer.extend(std::iter::repeat_n(b'-', shape.box_cols()));
                    }
                    buffer.push(b'\n');
                }
                for (c, &digit) in row.iter().enumerate() {
                    if c > 0 && c % shape.box_cols() == 0 {
                        buffer.push(b'|');
                    }
                    buffer.push(char_of(digit, b'.'));
                }
                buffer.push(b'\n');
            }
        }
        Layout::Ans => {
            buffer.extend_from_slice(b"ans: \n");
            for row in grid.cells().chunks(n) {
                for &digit in row {
                    push_number(buffer, digit);
                    buffer.extend_from_slice(b"   ");
                }
                buffer.push(b'\n');
            }
        }
    }
}

/// A digit in decimal (10 and above for large grids).
fn push_decimal(buffer: &mut Vec<u8>, digit: u8) {
    if digit >= 10 {
        buffer.push(b'0' + digit / 10);
    }
    buffer.push(b'0' + digit % 10);
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    fn written(layout: Layout, grids: usize) -> String {
        let grid: Grid = SOLUTION.parse().unwrap();
        let mut writer = GridWriter::new(layout);
        let mut out = Vec::new();
        for _ in 0..grids {
            writer.write(&mut out, &grid).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn each_layout_writes_what_its_readers_expect() {
        assert_eq!(
            written(Layout::Line, 2),
            format!("{SOLUTION}\n{SOLUTION}\n")
        );
        let rows = written(Layout::Rows, 2);
        assert_eq!(rows.lines().count(), 18);
        assert!(rows.starts_with("417369825\n632158947\n"));
        let blocks = written(Layout::Blocks, 2);
        assert!(blocks.starts_with("4 1 7 3 6 9 8 2 5\n"));
        assert_eq!(blocks.lines().nth(9), Some(""));
        let grid = written(Layout::Grid, 1);
        assert_eq!(
            grid.lines().take(4).collect::<Vec<_>>(),
            ["417|369|825", "632|158|947", "958|724|316", "---+---+---"]
        );
        assert_eq!(grid.lines().count(), 11);
        let ans = written(Layout::Ans, 1);
        assert_eq!(
            ans.lines().nth(1),
            Some("4   1   7   3   6   9   8   2   5   ")
        );
    }

    #[test]
    fn puzzles_keep_their_blanks_and_other_shapes_lay_out_by_their_boxes() {
        let puzzle: Grid = "1..2....3..4...1".parse().unwrap();
        let mut out = Vec::new();
        write_grid(&mut out, &puzzle, Layout::Grid).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1.|.2\n..|..\n--+--\n3.|.4\n..|.1\n"
        );
        let mut out = Vec::new();
        write_grid(&mut out, &puzzle, Layout::Rows).unwrap();
        assert!(String::from_utf8(out).unwrap().starts_with("1002\n"));
    }

    #[test]
    fn custom_symbols_are_written_in_every_layout_and_read_back() {
        use crate::format::{Format, PuzzleReader, ReadOptions};
        let hex = Symbols::new("0123456789ABCDEF").unwrap();
        let solution =
            crate::generate::Generator::new(3).solution(crate::Shape::new(4, 4).unwrap());
        let mut puzzle = solution.clone();
        puzzle.set(0, 0, None);
        for (layout, format) in [
            (Layout::Line, Format::Line),
            (Layout::Rows, Format::Grid),
            (Layout::Blocks, Format::Blocks),
            (Layout::Grid, Format::Grid),
        ] {
            let mut out = Vec::new();
            GridWriter::with_symbols(layout, &hex)
                .write(&mut out, &puzzle)
                .unwrap();
            let options = ReadOptions {
                symbols: hex.clone(),
                ..ReadOptions::default()
            };
            let mut reader = PuzzleReader::with_options(&out[..], Some(format), options);
            let read = reader.next().unwrap().unwrap();
            assert_eq!(read.grid, puzzle, "{layout}");
        }
        // The default alphabet writes 64x64 grids as two-digit numbers in
        // blocks, and 61 symbols in a line.
        let big = crate::Grid::new(crate::Shape::new(8, 8).unwrap());
        let mut out = Vec::new();
        GridWriter::new(Layout::Blocks)
            .write(&mut out, &big)
            .unwrap();
        assert_eq!(out.iter().filter(|&&c| c == b'\n').count(), 64);
    }
}
