//! Exit statuses, shared by every subcommand, and the one way to write a
//! diagnostic on standard error.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

/// How a run ended; a batch ends with the worst status of its inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything asked for was found.
    Success = 0,
    /// Some input had no solution (or not exactly one, where that was asked).
    NotFound = 1,
    /// Some input could not be read or was invalid.
    Error = 2,
    /// `dlx merge`: results are missing, and a rerun of the tasks it lists
    /// mends that (a loop reruns while the status is 3).
    Incomplete = 3,
    /// Ctrl-C (or SIGTERM) stopped the run: 128 + SIGINT, the shells'
    /// convention.
    Interrupted = 130,
}

impl Status {
    /// The worse of two statuses.
    pub fn worst(self, other: Status) -> Status {
        self.max(other)
    }
}

impl Status {
    /// The process's exit status for this outcome.
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// Whether writing failed because the reader went away (`dlx ... | head`),
/// which ends the run quietly rather than as an error.
pub fn is_broken_pipe(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
}

/// Set when a diagnostic could not be written.
static DIAGNOSTIC_LOST: AtomicBool = AtomicBool::new(false);

/// Notes that a diagnostic could not be written (for [`diag!`]).
pub fn diagnostic_lost() {
    DIAGNOSTIC_LOST.store(true, Ordering::Relaxed);
}

/// The exit status of a run that ended with `status`: an error when a
/// diagnostic was lost (standard error closed, or a full disk) and the
/// status would have said success, so that a message nobody could read
/// (a verdict, a warning, a summary) does not pass for all well.
pub fn with_diagnostics(status: Status) -> Status {
    if status == Status::Success && DIAGNOSTIC_LOST.load(Ordering::Relaxed) {
        Status::Error
    } else {
        status
    }
}

/// Writes a line on standard error, like `eprintln!`, but never panics: a
/// diagnostic that cannot be written (stderr closed, or a full disk) is
/// dropped and noted, and the exit status tells it ([`with_diagnostics`]).
///
/// Imported by path (`use crate::status::diag;`), like any other item.
macro_rules! diag {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        // Formatted first, then written in one call: standard error is
        // unbuffered, and `writeln!` on it makes a system call per piece
        // (a dozen for a summary line), where other processes' lines can
        // come in between.
        let mut line = ::std::format!($($arg)*);
        line.push('\n');
        if ::std::io::stderr().lock().write_all(line.as_bytes()).is_err() {
            $crate::status::diagnostic_lost();
        }
    }};
}
pub(crate) use diag;
