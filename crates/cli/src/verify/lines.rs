//! The lines of the solutions, none held longer than a solution could be.

use std::io::{BufRead, Read};

use dancing::Problem;

use super::Invalid;

/// The longest line accepted: more than any solution record of `problem`
/// can take in either format (every item named once, JSON-escaped, with room
/// for a long file name), so a longer line is not one `dlx solve` printed.
///
/// With colors or bounds an item may be named by several options of a
/// solution, with a color each: the bound is then every entry of every
/// option written once, still in proportion to the problem.
pub fn limit(problem: &Problem) -> u64 {
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
    (64 << 10) + 8 * names as u64
}

/// The lines of the solutions, numbered from 1, none longer than a limit.
pub(super) struct Lines<R> {
    input: R,
    buffer: Vec<u8>,
    number: usize,
    limit: u64,
    /// The first non-blank line was read ahead (to detect the format) and
    /// is in the buffer, for `next` to return.
    peeked: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(input: R, limit: u64) -> Lines<R> {
        Lines {
            input,
            buffer: Vec::new(),
            number: 0,
            limit,
            peeked: false,
        }
    }

    /// Reads ahead to the first non-blank line, which `next` then returns
    /// (the blank lines before it carry no meaning in either format).
    pub(super) fn peek_first(&mut self) -> Result<Option<&str>, Invalid> {
        while self.read()? {
            if !self.current().trim().is_empty() {
                self.peeked = true;
                return Ok(Some(self.current()));
            }
        }
        Ok(None)
    }

    /// The next line and its number, without its line end.
    pub(super) fn next(&mut self) -> Result<Option<(usize, &str)>, Invalid> {
        if !std::mem::take(&mut self.peeked) && !self.read()? {
            return Ok(None);
        }
        Ok(Some((self.number, self.current())))
    }

    /// Reads the next line into the buffer; false at the end of the input.
    fn read(&mut self) -> Result<bool, Invalid> {
        self.buffer.clear();
        let number = self.number + 1;
        let read = (&mut self.input)
            .take(self.limit + 1)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|error| Invalid::at(number, format!("read error: {error}")))?;
        if read == 0 {
            return Ok(false);
        }
        self.number = number;
        if self.buffer.len() as u64 > self.limit {
            return Err(Invalid::at(
                number,
                format!(
                    "the line is longer than {} bytes, more than any solution of this problem takes",
                    self.limit
                ),
            ));
        }
        if std::str::from_utf8(&self.buffer).is_err() {
            return Err(Invalid::at(number, "the line is not valid UTF-8"));
        }
        Ok(true)
    }

    /// The line in the buffer (checked UTF-8), without its line end.
    fn current(&self) -> &str {
        let line = std::str::from_utf8(&self.buffer).unwrap_or_default();
        let line = line.strip_suffix('\n').unwrap_or(line);
        line.strip_suffix('\r').unwrap_or(line)
    }
}
