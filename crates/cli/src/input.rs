//! Where input comes from: files named on the command line, or standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::mpsc::SyncSender;

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
        dancing::format::read(reader).map_err(|error| format!("{name}:{error}"))
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

    /// The name used in messages: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }

    /// Opens the input for buffered, streaming reading.
    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        Ok(match self {
            Input::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            Input::File(path) => Box::new(BufReader::with_capacity(1 << 16, File::open(path)?)),
        })
    }

    /// Opens the input unbuffered, for a reader of its own that may run on
    /// another thread (see `run::reader::ReadAhead`).
    pub fn open_source(&self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Input::Stdin => Box::new(io::stdin()),
            Input::File(path) => Box::new(File::open(path)?),
        })
    }
}

/// Bytes a [`pump`] reads at a time.
const CHUNK_BYTES: usize = 1 << 16;

/// Reads `source` in chunks and sends them to `sender`, for input read on a
/// thread of its own (so the reader can look at the clock or at Ctrl-C while
/// the source blocks): until the end (then it just returns, which hangs up),
/// an error (sent, then it returns), or the receiver hanging up.
pub fn pump(mut source: Box<dyn Read + Send>, sender: &SyncSender<io::Result<Vec<u8>>>) {
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
