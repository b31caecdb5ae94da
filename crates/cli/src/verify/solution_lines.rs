//! The lines of the solutions as verification reads them: the engine's
//! [`Lines`] (so a byte-order mark, `\r\n` and lone `\r` line ends read as
//! everywhere else), each checked to be UTF-8 and no longer than a solution
//! of this problem could be. A longer line ends the verification, so no
//! more of it is read than shows it too long ([`LineCap`]).

use std::io::{self, BufRead, Read};

use dancing::Problem;
use dancing::format::text::Lines;

use super::verdict::Invalid;

/// The longest line accepted: more than any solution record of `problem`
/// can take in either format (every item named once, JSON-escaped, with room
/// for a long file name), so a longer line is not one `dlx solve` printed.
///
/// With colors or bounds an item may be named by several options of a
/// solution, with a color each: the bound is then every entry of every
/// option written once, still in proportion to the problem.
pub fn limit(problem: &Problem) -> usize {
    let name = |item| problem.item_name(item).map_or(8, str::len) + 1;
    let names: usize = if problem.has_colors() || problem.has_bounds() {
        problem
            .options()
            .map(|(id, items)| {
                let colors: usize = problem
                    .option_colors(id)
                    .flatten()
                    .map(|color| problem.color_name(color).map_or(8, str::len) + 1)
                    .sum();
                items.iter().map(|&item| name(item)).sum::<usize>() + colors
            })
            .sum()
    } else {
        problem.items().map(name).sum()
    };
    (64 << 10) + 8 * names
}

/// The lines of the solutions, numbered from 1, none longer than a limit.
pub(super) struct SolutionLines<R> {
    lines: Lines<LineCap<R>>,
    /// The longest line kept, in bytes.
    limit: usize,
}

impl<R: BufRead> SolutionLines<R> {
    pub(super) fn new(input: R, limit: usize) -> SolutionLines<R> {
        SolutionLines {
            lines: Lines::new(LineCap::new(input, limit + 1), limit),
            limit,
        }
    }

    /// Reads ahead to the first non-blank line, which `next` then returns
    /// (the blank lines before it carry no meaning in either format).
    pub(super) fn peek_first(&mut self) -> Result<Option<&str>, Invalid> {
        while self.read()? {
            if !self.current().trim().is_empty() {
                self.lines.hold();
                return Ok(Some(self.current()));
            }
        }
        Ok(None)
    }

    /// The next line and its number, without its line end.
    pub(super) fn next(&mut self) -> Result<Option<(usize, &str)>, Invalid> {
        if !self.read()? {
            return Ok(None);
        }
        Ok(Some((self.lines.number(), self.current())))
    }

    /// Moves to the next line and checks it; false at the end of the input.
    fn read(&mut self) -> Result<bool, Invalid> {
        let number = self.lines.number() + 1;
        let read = self
            .lines
            .advance()
            .map_err(|error| Invalid::at(number, format!("read error: {error}")))?;
        if !read {
            return Ok(false);
        }
        if self.lines.too_long() {
            return Err(Invalid::at(
                number,
                format!(
                    "the line is longer than {} bytes, more than any solution of this problem takes",
                    self.limit
                ),
            ));
        }
        if std::str::from_utf8(self.lines.line()).is_err() {
            return Err(Invalid::at(number, "the line is not valid UTF-8"));
        }
        Ok(true)
    }

    /// The current line (checked UTF-8), without its line end.
    fn current(&self) -> &str {
        std::str::from_utf8(self.lines.line()).unwrap_or_default()
    }
}

/// `input` ended early inside a line longer than `cap` bytes: the line
/// reader then sees that line too long, and the rest of it (gigabytes,
/// perhaps, from a pipe) is never read.
struct LineCap<R> {
    input: R,
    cap: usize,
    /// Bytes consumed since the last line end.
    run: usize,
    /// What the last `fill_buf` offered: its length, and whether it ended
    /// at a line end (its only one).
    window: (usize, bool),
}

impl<R: BufRead> LineCap<R> {
    fn new(input: R, cap: usize) -> LineCap<R> {
        LineCap {
            input,
            cap,
            run: 0,
            window: (0, false),
        }
    }
}

impl<R: BufRead> Read for LineCap<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for LineCap<R> {
    /// Up to the first line end, and no further than the cap allows.
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let room = self.cap - self.run;
        let chunk = self.input.fill_buf()?;
        let chunk = &chunk[..chunk.len().min(room)];
        let window = match chunk.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(end) => &chunk[..=end],
            None => chunk,
        };
        let ends_line = window.last().is_some_and(|&b| b == b'\n' || b == b'\r');
        self.window = (window.len(), ends_line);
        Ok(window)
    }

    fn consume(&mut self, amount: usize) {
        self.input.consume(amount);
        let (len, ends_line) = self.window;
        if amount == len && ends_line {
            self.run = 0;
        } else {
            self.run += amount;
        }
        self.window = (len - amount.min(len), ends_line);
    }
}
