//! Untrusted text: lines read with a bound on their length, and names quoted
//! so that they cannot drive a terminal.
//!
//! Every reader of text in the workspace reads through [`Lines`]: Knuth's
//! format here, the Sudoku formats in `dancing-sudoku`, and the solution
//! lines `dlx verify` checks (which stop at the first line over the bound,
//! see [`Lines::stopping_at_long_lines`]). So they agree on what a line is:
//!
//! - a line ends at `\n`, at `\r\n`, or at a lone `\r` (old Mac files, and
//!   what most editors show as a line break), so a file with CR-only line
//!   ends reads as the lines it shows, never as one long line;
//! - a UTF-8 byte-order mark at the very start of the input is skipped, so
//!   the first line and its columns are the ones an editor shows;
//! - a line longer than the reader's bound is cut and flagged, and the next
//!   line is still read intact; memory stays within the bound.

use std::fmt;
use std::io::{self, BufRead};

/// The UTF-8 encoding of U+FEFF, the byte-order mark.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Reads `input` line by line into one reused buffer of bounded size.
pub struct Lines<R> {
    input: R,
    /// The longest line kept, in bytes.
    max_bytes: usize,
    /// The current line, without its line end; at most `max_bytes` of it
    /// when it is longer.
    buffer: Vec<u8>,
    /// The 1-based number of the current line.
    number: usize,
    too_long: bool,
    held: bool,
    /// The last line ended at `\r`: a `\n` right after it belongs to it.
    after_cr: bool,
    /// Whether a line longer than the bound ends the reading (see
    /// [`Lines::stopping_at_long_lines`]) instead of being read to its end.
    stop_at_long_line: bool,
}

impl<R: BufRead> Lines<R> {
    /// A reader of `input` that keeps at most `max_bytes` of a line.
    pub fn new(input: R, max_bytes: usize) -> Lines<R> {
        Lines {
            input,
            max_bytes,
            buffer: Vec::new(),
            number: 0,
            too_long: false,
            held: false,
            after_cr: false,
            stop_at_long_line: false,
        }
    }

    /// A reader that stops inside the first line longer than the bound: it
    /// reads one byte past the bound, flags the line [`too_long`](Self::too_long)
    /// and leaves the rest unread, so a caller that refuses such a line
    /// never waits for the rest of it (gigabytes, perhaps, from a pipe).
    /// The reader is then in the middle of that line: read no further.
    pub fn stopping_at_long_lines(mut self) -> Lines<R> {
        self.stop_at_long_line = true;
        self
    }

    /// Moves to the next line; `false` at the end of the input.
    pub fn advance(&mut self) -> io::Result<bool> {
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
            if std::mem::take(&mut self.after_cr) && chunk[0] == b'\n' {
                // The `\n` of a `\r\n` split across two reads.
                self.input.consume(1);
                continue;
            }
            read_any = true;
            let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
            let length = end.unwrap_or(chunk.len());
            let room = self.max_bytes - self.buffer.len();
            if length > room {
                self.too_long = true;
            }
            self.buffer.extend_from_slice(&chunk[..length.min(room)]);
            if self.too_long && self.stop_at_long_line {
                self.input.consume(room + 1);
                break;
            }
            let Some(end) = end else {
                self.input.consume(length);
                continue;
            };
            let crlf = chunk[end] == b'\r' && chunk.get(end + 1) == Some(&b'\n');
            self.after_cr = chunk[end] == b'\r' && end + 1 == chunk.len();
            self.input.consume(end + 1 + usize::from(crlf));
            break;
        }
        if !read_any {
            return Ok(false);
        }
        if self.number == 0 && self.buffer.starts_with(BYTE_ORDER_MARK) {
            self.buffer.drain(..BYTE_ORDER_MARK.len());
        }
        self.number += 1;
        Ok(true)
    }

    /// Makes the next [`advance`](Self::advance) stay on the current line.
    pub fn hold(&mut self) {
        self.held = true;
    }

    /// The current line, without its line end.
    pub fn line(&self) -> &[u8] {
        &self.buffer
    }

    /// The 1-based number of the current line (0 before the first).
    pub fn number(&self) -> usize {
        self.number
    }

    /// Whether the current line is longer than the bound (and was cut).
    pub fn too_long(&self) -> bool {
        self.too_long
    }
}

/// Shows `text` with every character that is not printable escaped as Rust
/// does (`\u{1b}`, `\n`, `\\`), so that a name quoted in a message cannot
/// move the cursor, retitle the terminal or hide what follows. Quotes are
/// left alone: the caller chooses its own.
pub fn escaped(text: &str) -> Escaped<'_> {
    Escaped(text)
}

/// The result of [`escaped`].
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for c in self.0.chars() {
            match c {
                '"' | '\'' => f.write_char(c)?,
                _ => write!(f, "{}", c.escape_debug())?,
            }
        }
        Ok(())
    }
}

/// The whitespace-separated tokens of `line` (names, in Knuth's format),
/// each with its 1-based column, counted in characters.
///
/// ```
/// use dancing::format::text::tokens;
///
/// let found: Vec<_> = tokens("  a bc\td").collect();
/// assert_eq!(found, [(3, "a"), (5, "bc"), (8, "d")]);
/// ```
pub fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..start].chars().count();
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let token_column = column + 1;
        column += token.chars().count();
        rest = &rest[end..];
        Some((token_column, token))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(input: &[u8], capacity: usize, max_bytes: usize) -> Vec<(usize, String, bool)> {
        let mut lines = Lines::new(io::BufReader::with_capacity(capacity, input), max_bytes);
        let mut seen = Vec::new();
        while lines.advance().unwrap() {
            let text = String::from_utf8_lossy(lines.line()).into_owned();
            seen.push((lines.number(), text, lines.too_long()));
        }
        seen
    }

    fn texts(input: &[u8]) -> Vec<String> {
        // Every buffer size, so that line ends split across reads are met.
        let expected: Vec<String> = all_lines(input, 1 << 16, 1 << 16)
            .into_iter()
            .map(|(_, text, _)| text)
            .collect();
        for capacity in 1..8 {
            let seen: Vec<String> = all_lines(input, capacity, 1 << 16)
                .into_iter()
                .map(|(_, text, _)| text)
                .collect();
            assert_eq!(seen, expected, "buffer of {capacity} bytes");
        }
        expected
    }

    #[test]
    fn every_line_end_and_the_last_line_without_one() {
        assert_eq!(
            texts(b"one\r\ntwo\n\nthree\rfour\r\rfive"),
            ["one", "two", "", "three", "four", "", "five"]
        );
        assert_eq!(texts(b"a\r"), ["a"]);
        assert_eq!(texts(b"a\r\n"), ["a"]);
        assert_eq!(texts(b"a\n\r"), ["a", ""]);
        assert_eq!(texts(b"\r\n\r\n"), ["", ""]);
        assert!(texts(b"").is_empty());
        let seen = all_lines(b"1\r2\r\n3\n4", 3, 100);
        let numbers: Vec<usize> = seen.iter().map(|(n, _, _)| *n).collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_at_the_start_only() {
        assert_eq!(
            texts(b"\xEF\xBB\xBFA B\n\xEF\xBB\xBFC"),
            ["A B", "\u{feff}C"]
        );
        assert_eq!(texts(b"\xEF\xBB\xBF"), [""]);
        assert_eq!(texts(b"\xEF\xBBx"), ["\u{fffd}x"]);
    }

    #[test]
    fn long_lines_are_cut_and_flagged_and_the_next_line_is_intact() {
        let mut input = vec![b'x'; 100];
        input.extend_from_slice(b"\r\nnext\n");
        let seen = all_lines(&input, 7, 64);
        assert_eq!(seen.len(), 2);
        assert!(seen[0].2);
        assert_eq!(seen[0].1.len(), 64);
        assert_eq!(
            (seen[1].0, seen[1].1.as_str(), seen[1].2),
            (2, "next", false)
        );
        // Exactly the bound is not too long.
        let seen = all_lines(b"12345678\n", 3, 8);
        assert_eq!((seen[0].1.as_str(), seen[0].2), ("12345678", false));
    }

    #[test]
    fn a_reader_stopping_at_long_lines_reads_one_byte_past_the_bound() {
        let mut input = b"short\r\n".to_vec();
        input.extend_from_slice(&[b'x'; 1000]);
        input.extend_from_slice(b"\nnext\n");
        for chunk in [3, 64, 4096] {
            let mut cursor = io::BufReader::with_capacity(chunk, io::Cursor::new(&input));
            let mut lines = Lines::new(&mut cursor, 10).stopping_at_long_lines();
            assert!(lines.advance().unwrap());
            assert_eq!((lines.line(), lines.too_long()), (&b"short"[..], false));
            assert!(lines.advance().unwrap());
            assert_eq!((lines.line(), lines.too_long()), (&[b'x'; 10][..], true));
            assert_eq!(lines.number(), 2);
            drop(lines);
            // "short\r\n" and 11 bytes of the long line: the rest unread.
            let unread = cursor.fill_buf().unwrap().len() as u64 + {
                let inner = cursor.get_ref();
                inner.get_ref().len() as u64 - inner.position()
            };
            assert_eq!(input.len() as u64 - unread, 7 + 11, "chunk {chunk}");
        }
        // Without the mode the long line is read to its end.
        let seen = all_lines(&input, 3, 10);
        assert_eq!(seen.len(), 3);
        assert_eq!(seen[2].1, "next");
    }

    #[test]
    fn held_lines_come_back() {
        let mut lines = Lines::new(&b"a\nb\n"[..], 10);
        assert!(lines.advance().unwrap());
        lines.hold();
        assert!(lines.advance().unwrap());
        assert_eq!((lines.number(), lines.line()), (1, &b"a"[..]));
        assert!(lines.advance().unwrap());
        assert_eq!(lines.line(), b"b");
        assert!(!lines.advance().unwrap());
    }

    #[test]
    fn escaping_keeps_printable_text_and_escapes_the_rest() {
        assert_eq!(escaped("A_1 é \"x\" 'y'").to_string(), "A_1 é \"x\" 'y'");
        assert_eq!(
            escaped("\u{1b}]0;owned\u{7}").to_string(),
            "\\u{1b}]0;owned\\u{7}"
        );
        assert_eq!(escaped("a\\b\tc\r\n").to_string(), "a\\\\b\\tc\\r\\n");
        assert_eq!(escaped("\u{202e}x\u{9b}").to_string(), "\\u{202e}x\\u{9b}");
    }
}
