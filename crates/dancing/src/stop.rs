//! The one way to ask the engine to stop: a [`Stop`] token, taken by
//! reading, linking, reducing, every search and every task.
//!
//! A token is a shared flag that anyone holding a clone can raise (a
//! signal handler, a Stop button, another thread), and an optional poll
//! that the engine asks as well (Python's pending signals, a clock of the
//! caller's own). Long loops look at it every few thousand steps, so a
//! request takes effect within milliseconds; what stopped says
//! [`StopReason::Cancelled`](crate::StopReason::Cancelled), or, for the
//! reader, [`ParseErrorKind::Cancelled`](crate::format::ParseErrorKind::Cancelled).

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A poll of the caller's, asked with the flag.
type Poll = Arc<dyn Fn() -> bool + Send + Sync>;

/// A request to stop, shared by clones: [`request`](Stop::request) on any
/// clone is seen by all of them.
///
/// ```
/// use dancing::Stop;
///
/// let stop = Stop::new();
/// let seen_by_the_search = stop.clone();
/// assert!(!seen_by_the_search.is_requested());
/// stop.request();
/// assert!(seen_by_the_search.is_requested());
///
/// // A poll of the caller's (a signal flag, a clock): asked whenever the
/// // flag is.
/// let polled = Stop::new().with_poll(|| true);
/// assert!(polled.is_requested());
/// ```
#[derive(Clone, Default)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    poll: Option<Poll>,
}

impl Stop {
    /// A token nobody has raised yet, without a poll.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// This token, also stopping when `poll` returns true. The poll is
    /// called from the thread that looks at the token (the caller's thread
    /// for a parallel search), every few thousand steps, and only when the
    /// flag is not raised; what it says is not kept (a poll that says stop
    /// once and go again lets a later search run).
    #[must_use]
    pub fn with_poll(mut self, poll: impl Fn() -> bool + Send + Sync + 'static) -> Stop {
        self.poll = Some(match self.poll.take() {
            Some(first) => Arc::new(move || first() || poll()),
            None => Arc::new(poll),
        });
        self
    }

    /// Raises the flag: every holder of a clone sees the request.
    pub fn request(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was requested: the flag, then the poll.
    pub fn is_requested(&self) -> bool {
        if self.flag.load(Ordering::Relaxed) {
            return true;
        }
        self.poll.as_ref().is_some_and(|poll| poll())
    }

    /// Whether two tokens are clones of one (raising one raises the other).
    pub fn same_as(&self, other: &Stop) -> bool {
        Arc::ptr_eq(&self.flag, &other.flag)
    }
}

impl fmt::Debug for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stop")
            .field("requested", &self.flag.load(Ordering::Relaxed))
            .field("poll", &self.poll.is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use super::*;

    #[test]
    fn a_request_reaches_every_clone_and_only_them() {
        let stop = Stop::new();
        let clone = stop.clone();
        let other = Stop::new();
        clone.request();
        assert!(stop.is_requested());
        assert!(!other.is_requested());
        assert!(stop.same_as(&clone));
        assert!(!stop.same_as(&other));
    }

    #[test]
    fn the_poll_is_asked_only_while_the_flag_is_down() {
        let asked = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&asked);
        let stop = Stop::new().with_poll(move || counter.fetch_add(1, Ordering::Relaxed) == 1);
        assert!(!stop.is_requested());
        assert!(stop.is_requested());
        assert!(!stop.is_requested(), "what the poll said is not kept");
        stop.request();
        assert!(stop.is_requested());
        assert_eq!(asked.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn polls_add_up() {
        let stop = Stop::new().with_poll(|| false).with_poll(|| true);
        assert!(stop.is_requested());
        assert!(!Stop::new().with_poll(|| false).is_requested());
    }
}
