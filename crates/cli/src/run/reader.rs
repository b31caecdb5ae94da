//! Reading within a [`Clock`]: the [`Wait`] policy of `dlx solve`'s
//! threaded reader ([`ReadAhead`]), which stops at the clock's limits and
//! at Ctrl-C with a [`ReadStopped`] error, and [`read_problem`], the one
//! way every `dlx solve` (plain, `--best`, `--tasks`) reads a problem.

use std::fmt;
use std::io;

use dancing::StopReason;
use dancing::format::{self, ParseErrorKind, Parsed};

use super::clock::Clock;
use crate::input::Input;
#[cfg(test)]
use crate::input::ahead::ReadAhead;
use crate::input::ahead::Wait;

/// Why [`read_problem`] gave no problem.
#[derive(Debug)]
pub enum ReadFailure {
    /// The clock ran out, or Ctrl-C came, at this line.
    Stopped { line: usize, stop: StopReason },
    /// The input cannot be opened or read, or is not a problem: the
    /// message names the place (`FILE:LINE:COL: ...`).
    Error(String),
}

/// Reads and parses the problem of `input` within `clock`: the reader
/// looks at the clock (and Ctrl-C) on each chunk of input and while it
/// waits for one (a stalled pipe, a named pipe nobody opens), and the
/// parser between chunks too (a line of a million names takes a while).
pub fn read_problem(input: &Input, clock: &Clock) -> Result<Parsed, ReadFailure> {
    input.note_if_typed("dlx solve");
    let name = input.name();
    let reader = match input.open_within(clock.clone()) {
        Ok(reader) => reader,
        Err(error) => {
            return Err(match stopped_reading(&error) {
                Some(stop) => ReadFailure::Stopped { line: 1, stop },
                None => ReadFailure::Error(format!("{name}: cannot open: {error}")),
            });
        }
    };
    format::read_with(reader, &clock.stop()).map_err(|error| {
        let stop = match &error.kind {
            ParseErrorKind::Io(io_error) => stopped_reading(io_error),
            ParseErrorKind::Cancelled => clock.spent(),
            _ => None,
        };
        match stop {
            Some(stop) => ReadFailure::Stopped {
                line: error.line,
                stop,
            },
            None => ReadFailure::Error(format!("{name}:{error}")),
        }
    })
}

/// The error inside the `io::Error` of a reader that the [`Clock`] (or
/// Ctrl-C) stopped.
#[derive(Debug)]
pub struct ReadStopped(pub StopReason);

impl fmt::Display for ReadStopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "reading stopped ({})", self.0.as_str())
    }
}

impl std::error::Error for ReadStopped {}

/// Why reading failed, if it failed because a reader's [`Clock`] stopped
/// it.
pub fn stopped_reading(error: &io::Error) -> Option<StopReason> {
    error
        .get_ref()?
        .downcast_ref::<ReadStopped>()
        .map(|stopped| stopped.0)
}

/// Reading within a clock: it looks at the clock (and Ctrl-C) on each
/// chunk and while it waits, and fails with a [`ReadStopped`] error once
/// it is spent.
impl Wait for Clock {
    fn before_chunk(&mut self) -> io::Result<()> {
        self.while_waiting()
    }

    fn while_waiting(&mut self) -> io::Result<()> {
        match self.spent() {
            Some(stop) => Err(io::Error::other(ReadStopped(stop))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, Read};
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn a_reader_on_a_clock_reads_everything_within_it() {
        let text: Vec<u8> = (0..200_000u32)
            .flat_map(|k| format!("line {k}\n").into_bytes())
            .collect();
        let source = io::Cursor::new(text.clone());
        let mut reader = ReadAhead::open(|| Ok(Box::new(source)), Clock::start(None)).unwrap();
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
        let clock = Clock::start(Some(Duration::from_millis(50)));
        let mut reader = ReadAhead::open(|| Ok(Box::new(Silent)), clock).unwrap();
        let error = reader.fill_buf().map(|_| ()).unwrap_err();
        assert_eq!(stopped_reading(&error), Some(StopReason::TimeLimit));
        assert!(started.elapsed() < Duration::from_secs(2));
        let other = io::Error::other("disk on fire");
        assert_eq!(stopped_reading(&other), None);
    }

    #[test]
    fn an_open_that_blocks_stops_at_the_deadline_and_open_errors_pass_through() {
        let clock = Clock::start(Some(Duration::from_millis(50)));
        let blocked = ReadAhead::open(
            || {
                std::thread::sleep(Duration::from_secs(3600));
                Ok(Box::new(Silent) as Box<dyn Read + Send>)
            },
            clock,
        );
        let error = blocked.map(|_| ()).unwrap_err();
        assert_eq!(stopped_reading(&error), Some(StopReason::TimeLimit));
        let missing = ReadAhead::open(
            || Err(io::Error::new(io::ErrorKind::NotFound, "no such file")),
            Clock::start(None),
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
        let mut reader = ReadAhead::open(|| Ok(Box::new(Failing)), Clock::start(None)).unwrap();
        let error = reader.fill_buf().map(|_| ()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert_eq!(stopped_reading(&error), None);
    }
}
