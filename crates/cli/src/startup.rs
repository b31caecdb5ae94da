//! Where the program starts on Linux with glibc: its own C `main`.
//!
//! A cluster runs `dlx` thousands of times on small tasks, where a run is
//! mostly start-up (docs/src/benchmarks.md, "Start-up"). The standard
//! library's runtime, which calls a Rust `main`, first prepares to report a
//! stack overflow: it asks glibc for the main thread's stack, which glibc
//! finds by reading `/proc/self/maps` (a text the kernel writes out for
//! every mapping), and installs a signal handler on an alternate stack of
//! its own. This entry point (`#![no_main]` in `main.rs`) skips that and
//! keeps the rest of what the program relies on, as the runtime does it:
//!
//! - file descriptors 0, 1 and 2 open (on `/dev/null` where one is
//!   closed), so that no file the program opens takes their numbers;
//! - `SIGPIPE` ignored, so that writing to a reader that went away fails
//!   with [`BrokenPipe`](std::io::ErrorKind::BrokenPipe), which ends a run
//!   quietly (`dlx ... | head`) instead of killing it;
//! - a panic prints its message (the panic hook) and ends the run with
//!   status 101;
//! - standard output flushed at the end.
//!
//! What is given up: a stack overflow ends the run with `SIGSEGV` and no
//! message (no search or parser of the program recurses with the input's
//! size), and panic messages name the main thread `<unnamed>`.
//! `std::env::args` needs no runtime here: glibc hands the arguments to the
//! standard library when it loads the program.

use std::io::Write as _;

/// The exit status of a run that panicked, the standard library's.
const PANIC_STATUS: u8 = 101;

/// The C entry point: the program's set-up, [`run`](crate::run), and its
/// status.
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    keep_standard_streams_open();
    ignore_sigpipe();
    let status = std::panic::catch_unwind(crate::run).unwrap_or(PANIC_STATUS);
    // What is left in the buffer; a failure to write it is the runtime's
    // to ignore too (every subcommand flushes and reports its own output).
    let _ = std::io::stdout().flush();
    libc::c_int::from(status)
}

/// Opens `/dev/null` on each of the descriptors 0, 1 and 2 that is closed.
fn keep_standard_streams_open() {
    let mut streams = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `poll` reads and writes exactly the three `pollfd`s of
    // `streams`, which it is given with their count, and waits no time.
    let polled = unsafe { libc::poll(streams.as_mut_ptr(), 3, 0) };
    for stream in streams {
        let closed = if polled >= 0 {
            stream.revents & libc::POLLNVAL != 0
        } else {
            // SAFETY: `fcntl(F_GETFD)` only reads the descriptor's flags.
            unsafe { libc::fcntl(stream.fd, libc::F_GETFD) == -1 }
        };
        if closed {
            // SAFETY: the path is a NUL-terminated string that outlives the
            // call; the lowest free descriptor, the closed one, is taken.
            let opened = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
            if opened != stream.fd {
                // As the runtime does: without its standard streams the
                // program must not run.
                std::process::abort();
            }
        }
    }
}

/// Makes a write to a closed pipe an error instead of a fatal signal.
fn ignore_sigpipe() {
    // SAFETY: setting a signal's disposition to "ignore" runs no code of
    // ours in a handler; nothing else in the program sets SIGPIPE's.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}
