//! Ctrl-C and SIGTERM, caught once for every subcommand.
//!
//! The first signal sets a flag that long work looks at (a search's monitor,
//! the loop over inputs or puzzles): the work stops, prints what it has done
//! and a partial summary, and the program exits with 130 (128 + SIGINT, the
//! shells' convention). A second signal ends the program at once, for the
//! case where something does not look at the flag soon enough; but only
//! [`GRACE`] or more after the first: signals that come together count as
//! one (`timeout -s INT` signals the program and then its process group,
//! so the program gets two at once), so that they never cost the partial
//! report.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::status::{self, Status, diag};

/// Set by the signal handler.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// When the first signal came, in nanoseconds after [`CAUGHT`]
/// ([`NO_SIGNAL`] before it).
static FIRST_SIGNAL: AtomicU64 = AtomicU64::new(NO_SIGNAL);

/// [`FIRST_SIGNAL`] before any signal.
const NO_SIGNAL: u64 = u64::MAX;

/// When the handler was installed: the origin of [`FIRST_SIGNAL`]. Set
/// before the handler can run, which only reads it.
static CAUGHT: OnceLock<Instant> = OnceLock::new();

/// How long after the first signal others are taken as the same one.
const GRACE: Duration = Duration::from_millis(250);

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

/// Installs the handler (once; later calls do nothing). The handler does
/// its work in the signal handler itself: no thread waits for the signal,
/// so catching costs a small run nothing.
pub fn catch() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        CAUGHT.get_or_init(Instant::now);
        for signal in SIGNALS {
            // SAFETY: `on_signal` is async-signal-safe: it reads a
            // `OnceLock` already set (an atomic load), reads the monotonic
            // clock (`clock_gettime`, async-signal-safe in POSIX), does
            // atomic operations on lock-free atomics, and may call `_exit`.
            // It allocates nothing and takes no lock.
            let installed = unsafe { signal_hook::low_level::register(signal, on_signal) };
            if let Err(error) = installed {
                // Work still runs; a signal just ends it the default way.
                diag!("dlx: cannot catch Ctrl-C: {error}");
                return;
            }
        }
    });
}

/// The signal handler: the first signal raises the flag; one that comes
/// [`GRACE`] or more after it ends the program, with 130.
fn on_signal() {
    let Some(caught) = CAUGHT.get() else {
        return;
    };
    let now = u64::try_from(caught.elapsed().as_nanos()).unwrap_or(NO_SIGNAL - 1);
    match FIRST_SIGNAL.compare_exchange(NO_SIGNAL, now, Ordering::SeqCst, Ordering::SeqCst) {
        Ok(_) => INTERRUPTED.store(true, Ordering::SeqCst),
        Err(first) => {
            let grace = u64::try_from(GRACE.as_nanos()).unwrap_or(u64::MAX);
            if now.saturating_sub(first) >= grace {
                signal_hook::low_level::exit(i32::from(EXIT_CODE));
            }
        }
    }
}

/// The exit code of the program: 130 once Ctrl-C (or SIGTERM) has come,
/// whatever the inputs did before (128 + SIGINT, the shells' convention),
/// else `status`'s (an error if a diagnostic could not be written).
pub fn exit_code(status: Status) -> u8 {
    if requested() {
        EXIT_CODE
    } else {
        status::with_diagnostics(status).code()
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
