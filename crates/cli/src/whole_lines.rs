//! Output that Ctrl-C (or SIGTERM) stops between lines: a long write (`dlx
//! gen queens 1000 > file`, hundreds of megabytes) ends with the whole
//! lines written so far, never a line cut in the middle, which a reader
//! could take for a shorter item name or option.

use std::fmt;
use std::io::{self, Write};

use crate::interrupt;

/// Bytes held before the whole lines among them are passed on.
const CAPACITY: usize = 1 << 16;

/// The error of a write that Ctrl-C stopped.
#[derive(Debug)]
struct Interrupted;

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Whether `error` is that of a write that Ctrl-C stopped.
pub fn is_interrupted(error: &io::Error) -> bool {
    error
        .get_ref()
        .is_some_and(|inner| inner.downcast_ref::<Interrupted>().is_some())
}

/// A buffered writer that passes only whole lines on to `inner`, and whose
/// writes fail (see [`is_interrupted`]) once Ctrl-C has come; [`end`]
/// then writes out the whole lines it holds and drops a cut last one.
///
/// [`end`]: WholeLines::end
pub struct WholeLines<W: Write> {
    inner: W,
    buffer: Vec<u8>,
    /// Lines passed on to `inner`.
    lines: u64,
}

impl<W: Write> WholeLines<W> {
    pub fn new(inner: W) -> WholeLines<W> {
        WholeLines {
            inner,
            buffer: Vec::with_capacity(CAPACITY),
            lines: 0,
        }
    }

    /// Passes the whole lines held on to `inner`, keeping a last line
    /// that has no end yet.
    fn pass_lines(&mut self) -> io::Result<()> {
        let Some(last) = self.buffer.iter().rposition(|&byte| byte == b'\n') else {
            return Ok(());
        };
        let whole = &self.buffer[..=last];
        self.inner.write_all(whole)?;
        self.lines += whole.iter().filter(|&&byte| byte == b'\n').count() as u64;
        self.buffer.drain(..=last);
        Ok(())
    }

    /// Ends the output: everything written goes out, or after Ctrl-C the
    /// whole lines only; then `inner` is flushed. Returns the lines
    /// written (a last line without its end counted).
    pub fn end(mut self) -> io::Result<u64> {
        self.pass_lines()?;
        if !self.buffer.is_empty() && !interrupt::requested() {
            self.inner.write_all(&self.buffer)?;
            self.lines += 1;
        }
        self.buffer.clear();
        self.inner.flush()?;
        Ok(self.lines)
    }
}

impl<W: Write> Write for WholeLines<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if interrupt::requested() {
            return Err(io::Error::other(Interrupted));
        }
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= CAPACITY {
            self.pass_lines()?;
        }
        Ok(bytes.len())
    }

    /// Passes on the whole lines held (a line is never cut by a flush).
    fn flush(&mut self) -> io::Result<()> {
        self.pass_lines()?;
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_lines_pass_and_the_end_writes_the_rest() {
        let mut out = WholeLines::new(Vec::new());
        let text: Vec<u8> = (0..20_000u32)
            .flat_map(|k| format!("option {k}\n").into_bytes())
            .chain(*b"no end")
            .collect();
        for piece in text.chunks(7) {
            out.write_all(piece).unwrap();
        }
        out.flush().unwrap();
        // A flush keeps back the line that has no end yet.
        assert!(out.inner.ends_with(b"option 19999\n"));
        assert_eq!(out.lines, 20_000);
        let mut inner = Vec::new();
        let mut out2 = WholeLines::new(&mut inner);
        out2.write_all(&text).unwrap();
        assert_eq!(out2.end().unwrap(), 20_001);
        assert_eq!(inner, text);
    }

    #[test]
    fn only_a_write_stopped_by_ctrl_c_is_interrupted() {
        assert!(is_interrupted(&io::Error::other(Interrupted)));
        assert!(!is_interrupted(&io::Error::other("disk full")));
        assert!(!is_interrupted(&io::Error::from(
            io::ErrorKind::Interrupted
        )));
    }
}
