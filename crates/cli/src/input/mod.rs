//! Where input comes from: files named on the command line, or standard input.

pub mod ahead;

use std::fs::{self, File};
use std::io::{self, BufRead, IsTerminal, Read};
use std::path::PathBuf;

use self::ahead::{ReadAhead, ReadInline, UntilInterrupted, Wait};
use crate::status::diag;

/// One input: a file, or standard input (no file given, or `-`).
#[derive(Clone, Debug)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// The inputs named by `files`: standard input when there are none.
    pub fn all(files: &[PathBuf]) -> Vec<Input> {
        if files.is_empty() {
            return vec![Input::Stdin];
        }
        files
            .iter()
            .map(|path| {
                if path.as_os_str() == "-" {
                    Input::Stdin
                } else {
                    Input::File(path.clone())
                }
            })
            .collect()
    }

    /// Reads and parses a problem in Knuth's format, whole (no budget): the
    /// problem and its warnings, or the message that names the place of the
    /// error.
    pub fn read_problem(&self) -> Result<dancing::format::Parsed, String> {
        let name = self.name();
        let reader = self
            .open()
            .map_err(|error| format!("{name}: cannot open: {error}"))?;
        dancing::format::read(reader).map_err(|error| {
            if crate::interrupt::requested() {
                format!("{name}: interrupted while reading the problem")
            } else {
                format!("{name}:{error}")
            }
        })
    }

    /// [`read_problem`](Self::read_problem), with the warnings written on
    /// standard error: the problem, or the message that names the place of
    /// the error.
    pub fn read_problem_warned(&self) -> Result<dancing::Problem, String> {
        let parsed = self.read_problem()?;
        let name = self.name();
        for warning in &parsed.warnings {
            diag!("{name}:{warning}");
        }
        Ok(parsed.problem)
    }

    /// Says on stderr that `command` reads standard input, when that is a
    /// terminal: a command waiting for typed input would otherwise look
    /// like one that hangs.
    pub fn note_if_typed(&self, command: &str) {
        if matches!(self, Input::Stdin) && io::stdin().is_terminal() {
            diag!("{command}: reading standard input (type the problem, then {END_OF_INPUT})");
        }
    }

    /// The name used in messages: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }

    /// Opens the input for buffered, streaming reading. A source that can
    /// keep the reader waiting (a pipe, a terminal, a named pipe, which
    /// blocks even its opening until a writer comes) is opened and read on
    /// a helper thread, so that Ctrl-C ends the wait: the reading then
    /// fails with an `interrupted` error (see [`ahead`]).
    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        self.open_within(UntilInterrupted)
    }

    /// Opens the input for buffered reading within a [`Wait`] policy: a
    /// source that may keep the reader waiting on a helper thread (a
    /// [`ReadAhead`], opened there too), a regular file on this thread (a
    /// [`ReadInline`]). Either asks the policy before each chunk.
    pub fn open_within<W: Wait + 'static>(&self, wait: W) -> io::Result<Box<dyn BufRead>> {
        if self.may_wait()? {
            let input = self.clone();
            return Ok(Box::new(ReadAhead::open(
                move || input.open_source(),
                wait,
            )?));
        }
        let source: Box<dyn Read> = match self {
            Input::Stdin => Box::new(io::stdin()),
            Input::File(path) => Box::new(File::open(path)?),
        };
        Ok(Box::new(ReadInline::new(source, wait)))
    }

    /// Whether reading the input may wait for ever: anything but a regular
    /// file (`dlx sudoku < puzzles.txt` reads a regular file).
    pub fn may_wait(&self) -> io::Result<bool> {
        Ok(match self {
            Input::File(path) => !fs::metadata(path)?.is_file(),
            Input::Stdin => !stdin_is_a_regular_file(),
        })
    }

    /// Opens the input unbuffered, for a reader of its own that may run on
    /// another thread (see [`ReadAhead`]).
    pub fn open_source(&self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Input::Stdin => Box::new(io::stdin()),
            Input::File(path) => Box::new(File::open(path)?),
        })
    }
}

/// The keys that end typed input.
#[cfg(not(windows))]
const END_OF_INPUT: &str = "Ctrl-D";
#[cfg(windows)]
const END_OF_INPUT: &str = "Ctrl-Z and Enter";

/// Whether standard input is a regular file, which never keeps a reader
/// waiting.
fn stdin_is_a_regular_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|file| file.metadata())
            .is_ok_and(|metadata| metadata.is_file())
    }
    #[cfg(not(unix))]
    {
        false
    }
}
