//! Ctrl-C during a search that runs without the GIL, and the budgets of a
//! call (`time_limit`, `max_nodes`).
//!
//! Python runs its signal handlers only on the main thread and only when
//! asked, so a long search with the GIL released would never see
//! KeyboardInterrupt. The engine looks at its request's stop token at every
//! checkpoint (every few thousand nodes, on the thread that called the
//! search); the token's poll here re-attaches to the interpreter at most every
//! [`SIGNAL_POLL`] and runs the pending handlers with
//! `Python::check_signals`. A handler that raised (KeyboardInterrupt, or
//! whatever the user's handler raises) stops the search, and its exception
//! is raised once the search has returned.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args;
use crate::errors::panic_error;

/// The most time between two looks at Python's signals during a search:
/// a fifth of the 0.1 s in which Ctrl-C must take effect.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// How often a parallel search reports to its caller's thread, where the
/// cancel check runs.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(10);

/// The most threads a call may ask for: a thread pool of millions of
/// threads is a mistake, not a request.
pub const MAX_THREADS: usize = 1024;

/// The Ctrl-C watch of one call. Cheap to clone (shared).
#[derive(Clone)]
pub struct Stopper {
    shared: Arc<Shared>,
}

struct Shared {
    stopped: AtomicBool,
    /// The exception a signal handler raised.
    error: Mutex<Option<PyErr>>,
    started: Instant,
    /// Milliseconds after `started` of the next look at the signals.
    next_look: AtomicU64,
    /// The thread that made the watch: the caller's, the one Python
    /// delivers signals to. A search's workers poll the token too, where
    /// looking at the signals does nothing; they must not take the
    /// caller's turn to look.
    caller: std::thread::ThreadId,
}

impl Stopper {
    /// A watch that has seen nothing yet.
    pub fn new() -> Stopper {
        Stopper {
            shared: Arc::new(Shared {
                stopped: AtomicBool::new(false),
                error: Mutex::new(None),
                started: Instant::now(),
                next_look: AtomicU64::new(0),
                caller: std::thread::current().id(),
            }),
        }
    }

    /// Whether to stop: a signal handler raised, now or before. Looks at
    /// the signals only every [`SIGNAL_POLL`], so that a busy interpreter
    /// (another thread holding the GIL) does not slow the search.
    pub fn poll(&self) -> bool {
        let shared = &*self.shared;
        if shared.stopped.load(Ordering::Relaxed) || std::thread::current().id() != shared.caller {
            return shared.stopped.load(Ordering::Relaxed);
        }
        let now = u64::try_from(shared.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        if now < shared.next_look.load(Ordering::Relaxed) {
            return false;
        }
        let poll_ms = u64::try_from(SIGNAL_POLL.as_millis()).unwrap_or(u64::MAX);
        shared
            .next_look
            .store(now.saturating_add(poll_ms), Ordering::Relaxed);
        // Outside the main thread this is a no-op: Python delivers signals
        // to the main thread only.
        if let Err(error) = Python::attach(|py| py.check_signals()) {
            *lock(&shared.error) = Some(error);
            shared.stopped.store(true, Ordering::Relaxed);
        }
        shared.stopped.load(Ordering::Relaxed)
    }

    /// The engine's stop token, raised when [`poll`](Self::poll) says stop.
    pub fn stop(&self) -> dancing::Stop {
        let watch = self.clone();
        dancing::Stop::new().with_poll(move || watch.poll())
    }

    /// Whether a signal handler raised (the search was told to stop).
    pub fn stopped(&self) -> bool {
        self.shared.stopped.load(Ordering::Relaxed)
    }

    /// The exception a signal handler raised, if one did.
    pub fn take_error(&self) -> Option<PyErr> {
        lock(&self.shared.error).take()
    }

    /// Runs `work` without the GIL, then raises what a signal handler
    /// raised meanwhile, or a panic of `work` as a `RuntimeError`.
    pub fn run_detached<T, F>(&self, py: Python<'_>, work: F) -> PyResult<T>
    where
        T: Send,
        F: FnOnce() -> T + Send,
    {
        let result = py.detach(|| catch_unwind(AssertUnwindSafe(work)));
        if let Some(error) = self.take_error() {
            return Err(error);
        }
        result.map_err(panic_error)
    }
}

/// A mutex's content, even if a panic poisoned it (what it holds stays
/// consistent: one assignment).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The limits of one search call, checked as given.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

impl Limits {
    /// `time_limit` in seconds (finite, not negative) and `max_nodes`.
    pub fn new(time_limit: Option<f64>, max_nodes: Option<u64>) -> PyResult<Limits> {
        let time = match time_limit {
            None => None,
            Some(seconds) => Some(Duration::try_from_secs_f64(seconds).map_err(|_| {
                PyValueError::new_err(format!(
                    "time_limit must be a finite number of seconds, at least 0 (got {seconds})"
                ))
            })?),
        };
        Ok(Limits {
            time,
            nodes: max_nodes,
        })
    }

    /// The front door's request: these limits, and `stopper` as the stop
    /// token.
    pub fn request(&self, stopper: &Stopper) -> dancing::Request {
        let mut request = dancing::Request::new().stop(&stopper.stop());
        if let Some(time) = self.time {
            request = request.time_limit(time);
        }
        if let Some(nodes) = self.nodes {
            request = request.max_nodes(nodes);
        }
        request
    }
}

/// `threads` as given to a call, by the one default policy of every front
/// end: None is [`dancing::engine::default_threads`] (one per core, as
/// `dlx` runs unless `-j N`), and 0 is refused, as `dlx -j 0` is.
pub fn threads(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else {
        return Ok(dancing::engine::default_threads());
    };
    args::size_in("threads", threads, 1, MAX_THREADS)
}
