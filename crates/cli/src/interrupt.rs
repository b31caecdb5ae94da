//! Ctrl-C and SIGTERM, caught once for every subcommand.
//!
//! The first signal sets a flag that long work looks at (a search's monitor,
//! the loop over inputs or puzzles): the work stops, prints what it has done
//! and a partial summary, and the program exits with 130 (128 + SIGINT, the
//! shells' convention). A second signal ends the program at once, for the
//! case where something does not look at the flag soon enough.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, Once};

use crate::status::{self, Status, diag};

/// Set by the signal handler.
static INTERRUPTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);

/// The exit code after an interrupt.
pub const EXIT_CODE: u8 = Status::Interrupted as u8;

/// The signals caught: Ctrl-C, `kill`, and a closed terminal.
#[cfg(unix)]
const SIGNALS: [i32; 3] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
];
#[cfg(not(unix))]
const SIGNALS: [i32; 2] = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];

/// Installs the handler (once; later calls do nothing). The handler only
/// sets the flag, in the signal handler itself: no thread waits for the
/// signal, so catching costs a small run nothing.
pub fn catch() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        for signal in SIGNALS {
            // The first action sees the flag unset and does nothing, the
            // second sets it; at the next signal the first ends the program.
            let installed = signal_hook::flag::register_conditional_shutdown(
                signal,
                i32::from(EXIT_CODE),
                Arc::clone(&INTERRUPTED),
            )
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&INTERRUPTED)));
            if let Err(error) = installed {
                // Work still runs; a signal just ends it the default way.
                diag!("dlx: cannot catch Ctrl-C: {error}");
                return;
            }
        }
    });
}

/// The exit code of the program: 130 once Ctrl-C (or SIGTERM) has come,
/// whatever the inputs did before (128 + SIGINT, the shells' convention),
/// else `status`'s (an error if a diagnostic could not be written).
pub fn exit_code(status: Status) -> ExitCode {
    if requested() {
        ExitCode::from(EXIT_CODE)
    } else {
        status::with_diagnostics(status).into()
    }
}

/// Whether a signal has come.
pub fn requested() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The engine's stop token, raised by a signal.
pub fn stop() -> dancing::Stop {
    dancing::Stop::new().with_poll(requested)
}
