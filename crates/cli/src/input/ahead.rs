//! One threaded reader for input that may keep a reader waiting (a pipe, a
//! terminal, a named pipe), with a [`Wait`] policy that says what to do
//! while no input has come: `dlx solve` stops at its clock and at Ctrl-C
//! (`run::reader`), `dlx sudoku` writes out the answers so far
//! ([`OnIdle`]), and every other reader stops at Ctrl-C ([`UntilInterrupted`]).
//!
//! A read from a pipe or terminal can block for ever, and no flag stops
//! it; so the source is read on a helper thread, which hands over chunks
//! through a bounded channel while this side waits with a timeout. When
//! the reader is dropped, the helper ends at its next chunk; one blocked
//! for ever on a silent pipe stays blocked until the program exits, which
//! it does soon after a stop.

use std::io::{self, BufRead, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::time::Duration;

use crate::interrupt;

/// Chunks read ahead of the parser: a bound on the memory a fast source
/// can fill while the parser is slower.
const CHUNKS_AHEAD: usize = 4;

/// How long the reader waits for a chunk before it asks its policy again:
/// well under the 0.1 s in which a stop must take effect.
pub const POLL: Duration = Duration::from_millis(20);

/// What a [`ReadAhead`] does around its waits. An error from any of these
/// ends the reading with that error.
pub trait Wait {
    /// Before each chunk is taken, whether or not it has come.
    fn before_chunk(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// Once, when the next chunk has not come yet, before waiting for it.
    fn before_waiting(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// While waiting (for the source to open, or for a chunk), every
    /// [`POLL`].
    fn while_waiting(&mut self) -> io::Result<()>;
}

/// Reading that calls a function whenever no more input has come yet,
/// before waiting for it (so that the results so far can be written out),
/// and ends with an `interrupted` error on Ctrl-C while it waits.
pub struct OnIdle<F>(pub F);

impl<F: FnMut() -> io::Result<()>> Wait for OnIdle<F> {
    fn before_waiting(&mut self) -> io::Result<()> {
        (self.0)()
    }

    fn while_waiting(&mut self) -> io::Result<()> {
        interrupted()
    }
}

/// Reading that waits as long as the source takes, and ends with an
/// `interrupted` error on Ctrl-C while it waits: for the readers with
/// nothing to write out meanwhile (a problem, a list of results).
pub struct UntilInterrupted;

impl Wait for UntilInterrupted {
    fn while_waiting(&mut self) -> io::Result<()> {
        interrupted()
    }
}

/// An `interrupted` error once Ctrl-C has come; not `ErrorKind::Interrupted`,
/// which readers retry.
fn interrupted() -> io::Result<()> {
    if interrupt::requested() {
        Err(io::Error::other("interrupted"))
    } else {
        Ok(())
    }
}

/// A buffered reader whose source is read on a helper thread, and which
/// asks its [`Wait`] policy what to do whenever it would wait.
pub struct ReadAhead<W: Wait> {
    chunks: Receiver<io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    /// Bytes of `chunk` consumed.
    position: usize,
    ended: bool,
    wait: W,
}

impl<W: Wait> ReadAhead<W> {
    /// Opens a source with `open` and reads it, both on a helper thread
    /// (opening a named pipe blocks until a writer comes). Fails when the
    /// source cannot be opened, the thread cannot be started, or the
    /// policy ends the wait before the source is open.
    pub fn open<F>(open: F, mut wait: W) -> io::Result<ReadAhead<W>>
    where
        F: FnOnce() -> io::Result<Box<dyn Read + Send>> + Send + 'static,
    {
        let (sender, chunks) = mpsc::sync_channel(CHUNKS_AHEAD);
        let (opened_sender, opened) = mpsc::sync_channel(1);
        // Never joined: it ends at the end of the input, or at its next
        // chunk once the receiver is gone (or with the process).
        std::thread::Builder::new()
            .name("dlx-read".into())
            .spawn(move || match open() {
                Ok(source) => {
                    if opened_sender.send(Ok(())).is_ok() {
                        pump(source, &sender);
                    }
                }
                Err(error) => {
                    let _ = opened_sender.send(Err(error));
                }
            })?;
        loop {
            wait.while_waiting()?;
            match opened.recv_timeout(POLL) {
                Ok(result) => result?,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(io::Error::other("the reading thread ended"));
                }
            }
            return Ok(ReadAhead::receiving(chunks, wait));
        }
    }

    fn receiving(chunks: Receiver<io::Result<Vec<u8>>>, wait: W) -> ReadAhead<W> {
        ReadAhead {
            chunks,
            chunk: Vec::new(),
            position: 0,
            ended: false,
            wait,
        }
    }

    /// The next chunk: at once if it is there, else when it comes, as the
    /// policy allows. `None` at the end of the input.
    fn next_chunk(&mut self) -> Option<io::Result<Vec<u8>>> {
        if let Err(error) = self.wait.before_chunk() {
            return Some(Err(error));
        }
        match self.chunks.try_recv() {
            Ok(read) => return Some(read),
            // The helper ends by hanging up, at the end of input.
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) => {}
        }
        if let Err(error) = self.wait.before_waiting() {
            return Some(Err(error));
        }
        loop {
            match self.chunks.recv_timeout(POLL) {
                Ok(read) => return Some(read),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(error) = self.wait.while_waiting() {
                        return Some(Err(error));
                    }
                }
            }
        }
    }
}

impl<W: Wait> Read for ReadAhead<W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        read_buffered(self, buf)
    }
}

impl<W: Wait> BufRead for ReadAhead<W> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.position == self.chunk.len() && !self.ended {
            match self.next_chunk() {
                Some(Ok(chunk)) => {
                    self.chunk = chunk;
                    self.position = 0;
                }
                Some(Err(error)) => {
                    self.ended = true;
                    return Err(error);
                }
                None => self.ended = true,
            }
        }
        Ok(&self.chunk[self.position..])
    }

    fn consume(&mut self, amount: usize) {
        self.position = (self.position + amount).min(self.chunk.len());
    }
}

/// A buffered reader of a source that never keeps it waiting (a regular
/// file), read on this thread: the [`Wait`] policy is asked before each
/// chunk, as a [`ReadAhead`] asks it, but no helper thread is started, so
/// a small file costs no more than its reading.
pub struct ReadInline<W: Wait> {
    source: io::BufReader<Box<dyn Read>>,
    wait: W,
}

impl<W: Wait> ReadInline<W> {
    /// Reads `source` in chunks of [`CHUNK_BYTES`].
    pub fn new(source: Box<dyn Read>, wait: W) -> ReadInline<W> {
        ReadInline {
            source: io::BufReader::with_capacity(CHUNK_BYTES, source),
            wait,
        }
    }
}

impl<W: Wait> Read for ReadInline<W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        read_buffered(self, buf)
    }
}

impl<W: Wait> BufRead for ReadInline<W> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.source.buffer().is_empty() {
            self.wait.before_chunk()?;
        }
        self.source.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.source.consume(amount);
    }
}

/// `Read::read` through a reader's own buffer (for the readers here,
/// whose buffer is where the waiting policy is asked).
fn read_buffered(reader: &mut impl BufRead, buf: &mut [u8]) -> io::Result<usize> {
    let available = reader.fill_buf()?;
    let n = available.len().min(buf.len());
    buf[..n].copy_from_slice(&available[..n]);
    reader.consume(n);
    Ok(n)
}

/// Bytes a [`pump`] reads at a time.
const CHUNK_BYTES: usize = 1 << 16;

/// Reads `source` in chunks and sends them to `sender`, for input read on a
/// thread of its own (so the reader can look at the clock or at Ctrl-C while
/// the source blocks): until the end (then it just returns, which hangs up),
/// an error (sent, then it returns), or the receiver hanging up.
fn pump(mut source: Box<dyn Read + Send>, sender: &SyncSender<io::Result<Vec<u8>>>) {
    loop {
        let mut chunk = vec![0; CHUNK_BYTES];
        let read = match source.read(&mut chunk) {
            Ok(0) => return,
            Ok(n) => {
                chunk.truncate(n);
                Ok(chunk)
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => Err(error),
        };
        let failed = read.is_err();
        if sender.send(read).is_err() || failed {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source that never delivers, like a pipe nobody writes to.
    struct Silent;

    impl Read for Silent {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            std::thread::sleep(Duration::from_secs(3600));
            Ok(0)
        }
    }

    /// A source that delivers its parts with a pause before each but the
    /// first, like a pipe a slow writer fills.
    struct Slow {
        parts: Vec<&'static [u8]>,
        begun: bool,
    }

    impl Slow {
        fn new(parts: Vec<&'static [u8]>) -> Slow {
            Slow {
                parts,
                begun: false,
            }
        }
    }

    impl Read for Slow {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.parts.is_empty() {
                return Ok(0);
            }
            if self.begun {
                std::thread::sleep(Duration::from_millis(30));
            }
            self.begun = true;
            let part = self.parts.remove(0);
            buf[..part.len()].copy_from_slice(part);
            Ok(part.len())
        }
    }

    #[test]
    fn an_idle_reader_calls_its_function_before_each_wait_and_reads_everything() {
        let mut idle = 0;
        let source = Slow::new(vec![b"one\n", b"two\n", b"three\n"]);
        let mut reader = ReadAhead::open(
            move || Ok(Box::new(source) as Box<dyn Read + Send>),
            OnIdle(|| {
                idle += 1;
                Ok(())
            }),
        )
        .unwrap();
        let mut read = String::new();
        reader.read_to_string(&mut read).unwrap();
        drop(reader);
        assert_eq!(read, "one\ntwo\nthree\n");
        assert!(idle >= 2, "{idle}");
    }

    #[test]
    fn an_error_from_the_idle_function_ends_the_reading() {
        let mut reader = ReadAhead::open(
            || Ok(Box::new(Silent) as Box<dyn Read + Send>),
            OnIdle(|| Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))),
        )
        .unwrap();
        let error = reader.fill_buf().map(|_| ()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
        // Ended: nothing more is read.
        assert!(reader.fill_buf().unwrap().is_empty());
    }
}
