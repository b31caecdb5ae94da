//! Lines of untrusted text, one at a time, with a bound on their length.

use std::io::{self, BufRead};

/// The longest line kept, in bytes: an 81-character puzzle with a generous
/// comment. Longer lines are reported, not stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Reads `input` line by line into one reused buffer.
pub(crate) struct Lines<R> {
    input: R,
    /// The current line, without its `\n` or `\r\n`; at most
    /// [`MAX_LINE_BYTES`] of it when it is longer.
    buffer: Vec<u8>,
    /// The 1-based number of the current line.
    number: usize,
    too_long: bool,
    held: bool,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            buffer: Vec::new(),
            number: 0,
            too_long: false,
            held: false,
        }
    }

    /// Moves to the next line; `false` at the end of the input.
    pub(crate) fn advance(&mut self) -> io::Result<bool> {
        if self.held {
            self.held = false;
            return Ok(true);
        }
        self.buffer.clear();
        self.too_long = false;
        let mut read_any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if chunk.is_empty() {
                break;
            }
            read_any = true;
            let (length, has_end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(end) => (end, true),
                None => (chunk.len(), false),
            };
            let room = MAX_LINE_BYTES - self.buffer.len();
            if length > room {
                self.too_long = true;
            }
            self.buffer.extend_from_slice(&chunk[..length.min(room)]);
            self.input.consume(length + usize::from(has_end));
            if has_end {
                break;
            }
        }
        if !read_any {
            return Ok(false);
        }
        self.number += 1;
        if self.buffer.last() == Some(&b'\r') && !self.too_long {
            self.buffer.pop();
        }
        Ok(true)
    }

    /// Makes the next [`advance`](Self::advance) stay on the current line.
    pub(crate) fn hold(&mut self) {
        self.held = true;
    }

    /// The current line.
    pub(crate) fn line(&self) -> &[u8] {
        &self.buffer
    }

    /// The 1-based number of the current line (0 before the first).
    pub(crate) fn number(&self) -> usize {
        self.number
    }

    /// Whether the current line is longer than [`MAX_LINE_BYTES`].
    pub(crate) fn too_long(&self) -> bool {
        self.too_long
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(input: &[u8]) -> Vec<(usize, String, bool)> {
        let mut lines = Lines::new(io::BufReader::with_capacity(7, input));
        let mut seen = Vec::new();
        while lines.advance().unwrap() {
            let text = String::from_utf8_lossy(lines.line()).into_owned();
            seen.push((lines.number(), text, lines.too_long()));
        }
        seen
    }

    #[test]
    fn line_ends_and_the_last_line_without_one() {
        let seen = all_lines(b"one\r\ntwo\n\nthree");
        let texts: Vec<&str> = seen.iter().map(|(_, t, _)| t.as_str()).collect();
        assert_eq!(texts, ["one", "two", "", "three"]);
        assert_eq!(seen[3].0, 4);
        assert!(all_lines(b"").is_empty());
    }

    #[test]
    fn long_lines_are_cut_and_flagged_and_the_next_line_is_intact() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nnext\n");
        let seen = all_lines(&input);
        assert_eq!(seen.len(), 2);
        assert!(seen[0].2);
        assert_eq!(seen[0].1.len(), MAX_LINE_BYTES);
        assert_eq!(
            (seen[1].0, seen[1].1.as_str(), seen[1].2),
            (2, "next", false)
        );
    }

    #[test]
    fn held_lines_come_back() {
        let mut lines = Lines::new(&b"a\nb\n"[..]);
        assert!(lines.advance().unwrap());
        lines.hold();
        assert!(lines.advance().unwrap());
        assert_eq!((lines.number(), lines.line()), (1, &b"a"[..]));
        assert!(lines.advance().unwrap());
        assert_eq!(lines.line(), b"b");
        assert!(!lines.advance().unwrap());
    }
}
