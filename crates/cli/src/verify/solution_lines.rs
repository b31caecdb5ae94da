//! The lines of the solutions as verification reads them: the engine's
//! [`Lines`] (so a byte-order mark, `\r\n` and lone `\r` line ends read as
//! everywhere else), each checked to be UTF-8 and no longer than a solution
//! of this problem could be. A longer line ends the verification, so no
//! more of it is read than shows it too long
//! ([`Lines::stopping_at_long_lines`]).

use std::io::BufRead;

use dancing::Problem;
use dancing::format::text::Lines;
use dancing::mincost::MAX_BEST;

use super::verdict::Invalid;

/// The longest line accepted: more than any record of `problem`'s
/// solutions can take in either format (every item named once,
/// JSON-escaped, with the options' numbers and cost, and room for a long
/// file name), so a longer line is not one `dlx solve` printed. The
/// longest is the summary of `dlx solve --best K --json`, which holds the
/// K best: up to [`MAX_BEST`] solutions, for a problem without item bounds
/// (`--best` refuses them).
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
    // Each option of a solution holds a primary item, which no other
    // option holds, unless bounds let several hold it.
    let options = if problem.has_bounds() {
        problem.option_count()
    } else {
        problem.primary_count()
    };
    // An option number and its comma, and the brackets of its entries.
    let solution = 8 * names + 16 * options + 64;
    let solutions = if problem.has_bounds() { 1 } else { MAX_BEST };
    (64 << 10) + solutions.saturating_mul(solution)
}

/// The lines of the solutions, numbered from 1, none longer than a limit.
pub(super) struct SolutionLines<R> {
    lines: Lines<R>,
    /// The longest line kept, in bytes.
    limit: usize,
}

impl<R: BufRead> SolutionLines<R> {
    pub(super) fn new(input: R, limit: usize) -> SolutionLines<R> {
        SolutionLines {
            lines: Lines::new(input, limit).stopping_at_long_lines(),
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
