//! What bounds a run: a clock (`--time-limit`), a node budget
//! (`--max-nodes`, counted by the engine), a number of solutions, and
//! Ctrl-C; and a reader that honours the clock and Ctrl-C while an input is
//! still being read, so that a huge file or a stalled pipe stops as promptly
//! as a search does.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::interrupt;

/// Why a run ended before doing all its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The asked-for number of solutions was found.
    MaxSolutions,
    /// The `--max-nodes` budget ran out.
    MaxNodes,
    /// The `--time-limit` ran out.
    TimeLimit,
    /// Ctrl-C (or SIGTERM).
    Interrupted,
}

impl Stop {
    /// The name in `--stats` and JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Stop::MaxSolutions => "max-solutions",
            Stop::MaxNodes => "max-nodes",
            Stop::TimeLimit => "time-limit",
            Stop::Interrupted => "interrupted",
        }
    }

    /// Whether the stop leaves the work incomplete in a way worth an
    /// estimate of how far it got (a stop at `-n` is what was asked).
    pub fn is_budget(self) -> bool {
        self != Stop::MaxSolutions
    }
}

/// The clock of one input, started when its reading starts, and Ctrl-C.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    started: Instant,
    /// `None` without a limit, or when the limit is beyond what the clock
    /// can represent (centuries), which is the same in practice.
    deadline: Option<Instant>,
}

impl Budget {
    /// Starts the clock now.
    pub fn start(time_limit: Option<Duration>) -> Budget {
        let started = Instant::now();
        Budget {
            started,
            deadline: time_limit.and_then(|limit| started.checked_add(limit)),
        }
    }

    /// When the clock started.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// Why work must stop now, if it must: Ctrl-C, or the clock ran out.
    pub fn spent(&self) -> Option<Stop> {
        if interrupt::requested() {
            Some(Stop::Interrupted)
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            Some(Stop::TimeLimit)
        } else {
            None
        }
    }
}

/// Parses a duration for `--time-limit`: a positive number, in seconds or
/// with a unit `us`, `ms`, `s`, `m` or `h` (`90`, `250ms`, `1.5m`, `2h`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    const UNITS: [(&str, f64); 6] = [
        // Longer suffixes first: `ms` and `us` end in `s`.
        ("us", 1e-6),
        ("µs", 1e-6),
        ("ms", 1e-3),
        ("s", 1.0),
        ("m", 60.0),
        ("h", 3600.0),
    ];
    let trimmed = text.trim();
    let (number, scale) = UNITS
        .iter()
        .find_map(|&(unit, scale)| Some((trimmed.strip_suffix(unit)?, scale)))
        .unwrap_or((trimmed, 1.0));
    let value: f64 = number
        .trim()
        .parse()
        .ok()
        .filter(|value: &f64| !value.is_nan())
        .ok_or_else(|| {
            format!(
                "`{text}` is not a duration: a number with an optional unit \
                 us, ms, s (the default), m or h, like 250ms, 90, 1.5m or 2h"
            )
        })?;
    if value <= 0.0 {
        return Err(format!("`{text}` is not a positive duration"));
    }
    let seconds = value * scale;
    match Duration::try_from_secs_f64(seconds) {
        Ok(duration) if duration.is_zero() => Err(format!(
            "`{text}` is too short: the shortest time limit is 1ns"
        )),
        Ok(duration) => Ok(duration),
        Err(_) => Err(format!(
            "`{text}` is out of range: the longest time limit is {} seconds \
             (about 584 billion years)",
            u64::MAX
        )),
    }
}

/// The error inside the `io::Error` of a [`BudgetedReader`] that stopped.
#[derive(Debug)]
pub struct ReadStopped(pub Stop);

impl fmt::Display for ReadStopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "reading stopped ({})", self.0.name())
    }
}

impl std::error::Error for ReadStopped {}

/// Why reading failed, if it failed because a [`BudgetedReader`] stopped.
pub fn stopped_reading(error: &io::Error) -> Option<Stop> {
    error
        .get_ref()?
        .downcast_ref::<ReadStopped>()
        .map(|stopped| stopped.0)
}

/// Chunks read ahead of the parser: a bound on the memory a fast source
/// can fill while the parser is slower.
const CHUNKS_AHEAD: usize = 4;

/// How long the reader waits for a chunk before it looks at the budget
/// again: well under the 0.1 s in which a stop must take effect.
const POLL: Duration = Duration::from_millis(20);

/// A buffered reader that looks at the [`Budget`] on each fill of its
/// buffer and fails with a [`ReadStopped`] error once it is spent.
///
/// A read from a pipe or terminal can block for ever, and no flag stops
/// it; so the source is read on a helper thread, which hands over chunks
/// through a bounded channel while this side waits with a timeout. When
/// the reader is dropped, the helper ends at its next chunk; one blocked
/// for ever on a silent pipe stays blocked until the program exits, which
/// it does soon after a stop.
pub struct BudgetedReader {
    chunks: Receiver<io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    position: usize,
    budget: Budget,
    ended: bool,
}

impl BudgetedReader {
    /// Opens a source with `open` and reads it, both on a helper thread
    /// (opening a named pipe blocks until a writer comes), within
    /// `budget`. Fails when the source cannot be opened, the thread cannot
    /// be started, or the budget is spent before the source is open (with
    /// a [`ReadStopped`] error).
    pub fn open<F>(open: F, budget: Budget) -> io::Result<BudgetedReader>
    where
        F: FnOnce() -> io::Result<Box<dyn Read + Send>> + Send + 'static,
    {
        let (sender, chunks) = mpsc::sync_channel(CHUNKS_AHEAD);
        let (opened_sender, opened) = mpsc::sync_channel(1);
        std::thread::Builder::new()
            .name("dlx-read".into())
            .spawn(move || match open() {
                Ok(source) => {
                    if opened_sender.send(Ok(())).is_ok() {
                        crate::input::pump(source, &sender);
                    }
                }
                Err(error) => {
                    let _ = opened_sender.send(Err(error));
                }
            })?;
        loop {
            if let Some(stop) = budget.spent() {
                return Err(io::Error::other(ReadStopped(stop)));
            }
            match opened.recv_timeout(POLL) {
                Ok(result) => result?,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(io::Error::other("the reading thread ended"));
                }
            }
            return Ok(BudgetedReader {
                chunks,
                chunk: Vec::new(),
                position: 0,
                budget,
                ended: false,
            });
        }
    }

    /// The next chunk, or an empty one at the end of the input.
    fn next_chunk(&mut self) -> io::Result<Vec<u8>> {
        loop {
            if let Some(stop) = self.budget.spent() {
                return Err(io::Error::other(ReadStopped(stop)));
            }
            match self.chunks.recv_timeout(POLL) {
                Ok(chunk) => return chunk,
                Err(RecvTimeoutError::Timeout) => continue,
                // The helper ends by hanging up, at the end of input.
                Err(RecvTimeoutError::Disconnected) => return Ok(Vec::new()),
            }
        }
    }
}

impl Read for BudgetedReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for BudgetedReader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.position == self.chunk.len() && !self.ended {
            self.chunk = self.next_chunk()?;
            self.position = 0;
            self.ended = self.chunk.is_empty();
        }
        Ok(&self.chunk[self.position..])
    }

    fn consume(&mut self, amount: usize) {
        self.position = (self.position + amount).min(self.chunk.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_units_from_microseconds_to_hours() {
        for (text, expected) in [
            ("90", Duration::from_secs(90)),
            ("90s", Duration::from_secs(90)),
            ("1ms", Duration::from_millis(1)),
            ("250ms", Duration::from_millis(250)),
            ("20us", Duration::from_micros(20)),
            ("1.5m", Duration::from_secs(90)),
            ("2h", Duration::from_secs(7200)),
            (" 3 s ", Duration::from_secs(3)),
            ("1e3", Duration::from_secs(1000)),
        ] {
            assert_eq!(parse_duration(text), Ok(expected), "{text}");
        }
    }

    #[test]
    fn bad_durations_say_what_is_wrong() {
        for (text, says) in [
            ("soon", "is not a duration"),
            ("nan", "is not a duration"),
            ("5 parsecs", "is not a duration"),
            ("", "is not a duration"),
            ("0", "is not a positive duration"),
            ("-3s", "is not a positive duration"),
            ("-inf", "is not a positive duration"),
            ("1e20", "is out of range"),
            ("1e17h", "is out of range"),
            ("inf", "is out of range"),
            ("1e-12s", "is too short"),
        ] {
            let error = parse_duration(text).expect_err(text);
            assert!(error.contains(says), "{text}: {error}");
            assert!(error.contains(&format!("`{text}`")), "{text}: {error}");
        }
    }

    #[test]
    fn the_clock_runs_out_and_a_huge_limit_never_does() {
        let budget = Budget::start(Some(Duration::from_nanos(1)));
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(budget.spent(), Some(Stop::TimeLimit));
        let budget = Budget::start(Some(Duration::MAX));
        assert_eq!(budget.spent(), None);
        assert_eq!(Budget::start(None).spent(), None);
    }

    #[test]
    fn a_budgeted_reader_reads_everything_within_its_budget() {
        let text: Vec<u8> = (0..200_000u32)
            .flat_map(|k| format!("line {k}\n").into_bytes())
            .collect();
        let source = io::Cursor::new(text.clone());
        let mut reader =
            BudgetedReader::open(|| Ok(Box::new(source)), Budget::start(None)).unwrap();
        let mut read = Vec::new();
        reader.read_to_end(&mut read).unwrap();
        assert_eq!(read, text);
    }

    /// A source that never delivers, like a pipe nobody writes to.
    struct Silent;

    impl Read for Silent {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            std::thread::sleep(Duration::from_secs(3600));
            Ok(0)
        }
    }

    #[test]
    fn a_silent_source_stops_at_the_deadline() {
        let started = Instant::now();
        let budget = Budget::start(Some(Duration::from_millis(50)));
        let mut reader = BudgetedReader::open(|| Ok(Box::new(Silent)), budget).unwrap();
        let error = reader.fill_buf().map(|_| ()).unwrap_err();
        assert_eq!(stopped_reading(&error), Some(Stop::TimeLimit));
        assert!(started.elapsed() < Duration::from_secs(2));
        let other = io::Error::other("disk on fire");
        assert_eq!(stopped_reading(&other), None);
    }

    #[test]
    fn an_open_that_blocks_stops_at_the_deadline_and_open_errors_pass_through() {
        let budget = Budget::start(Some(Duration::from_millis(50)));
        let blocked = BudgetedReader::open(
            || {
                std::thread::sleep(Duration::from_secs(3600));
                Ok(Box::new(Silent) as Box<dyn Read + Send>)
            },
            budget,
        );
        let error = blocked.map(|_| ()).unwrap_err();
        assert_eq!(stopped_reading(&error), Some(Stop::TimeLimit));
        let missing = BudgetedReader::open(
            || Err(io::Error::new(io::ErrorKind::NotFound, "no such file")),
            Budget::start(None),
        );
        let error = missing.map(|_| ()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn read_errors_pass_through() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::InvalidData, "bad sector"))
            }
        }
        let mut reader =
            BudgetedReader::open(|| Ok(Box::new(Failing)), Budget::start(None)).unwrap();
        let error = reader.fill_buf().map(|_| ()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert_eq!(stopped_reading(&error), None);
    }
}
