//! What one call may spend: a [`Request`], each limit set in one place.

use std::time::Duration;

use crate::budget::Budget;
use crate::clock::Instant;
use crate::stop::Stop;
use crate::visit::StopReason;

/// The limits of one call of an [`Engine`](super::Engine): nodes,
/// solutions, time, and the stop token. The default is no limit and a
/// token nobody holds.
///
/// ```
/// use std::time::Duration;
/// use dancing::{Request, Stop};
///
/// let stop = Stop::new();
/// let request = Request::new()
///     .max_nodes(10_000)
///     .max_solutions(3)
///     .time_limit(Duration::from_secs(5))
///     .stop(&stop);
/// assert_eq!(request.get_max_nodes(), Some(10_000));
/// assert_eq!(request.get_max_solutions(), Some(3));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Request {
    max_nodes: Option<u64>,
    max_solutions: Option<u64>,
    time_limit: Option<Duration>,
    deadline: Option<Instant>,
    stop: Stop,
}

impl Request {
    /// No limit.
    pub fn new() -> Request {
        Request::default()
    }

    /// Stops the search once it has entered `nodes` nodes of the tree
    /// (the root is one), with [`StopReason::NodeLimit`]; 0 enters none.
    /// Exact on one thread; on several, each thread looks at the shared
    /// count every few thousand nodes.
    #[must_use]
    pub fn max_nodes(mut self, nodes: u64) -> Request {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops the search at its `solutions`-th solution, with
    /// [`StopReason::Visitor`] (the vocabulary's `max-solutions`); 0
    /// searches nothing. A count up to a limit (2 proves uniqueness).
    #[must_use]
    pub fn max_solutions(mut self, solutions: u64) -> Request {
        self.max_solutions = Some(solutions);
        self
    }

    /// Stops the search when it has run for `time` (from the start of the
    /// call), with [`StopReason::TimeLimit`].
    #[must_use]
    pub fn time_limit(mut self, time: Duration) -> Request {
        self.time_limit = Some(time);
        self
    }

    /// Stops the search at `deadline`, for a caller whose clock started
    /// before the call (when it started reading the input, say). With a
    /// time limit too, the earlier counts.
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Request {
        self.deadline = Some(deadline);
        self
    }

    /// Stops the search when `stop` is requested, with
    /// [`StopReason::Cancelled`].
    #[must_use]
    pub fn stop(mut self, stop: &Stop) -> Request {
        self.stop = stop.clone();
        self
    }

    /// The node limit, if any.
    pub fn get_max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The solution limit, if any.
    pub fn get_max_solutions(&self) -> Option<u64> {
        self.max_solutions
    }

    /// The time limit, if any.
    pub fn get_time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The stop token.
    pub fn get_stop(&self) -> &Stop {
        &self.stop
    }

    /// The request's clock, started now: its deadline fixed (the earlier
    /// of the time limit from now and the deadline). An engine starts one
    /// for each call; a front end whose limit covers more than one call
    /// (reading the input too, say) starts its own and gives each call
    /// what is left of it ([`RequestClock::remaining`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// use dancing::{Request, Stop, StopReason};
    ///
    /// let clock = Request::new().time_limit(Duration::from_secs(60)).start();
    /// assert_eq!(clock.spent(), None);
    /// let stop = Stop::new();
    /// let clock = Request::new().time_limit(Duration::ZERO).stop(&stop).start();
    /// assert_eq!(clock.spent(), Some(StopReason::TimeLimit));
    /// stop.request();
    /// assert_eq!(clock.spent(), Some(StopReason::Cancelled));
    /// assert!(clock.remaining().get_stop().is_requested());
    /// ```
    pub fn start(&self) -> RequestClock {
        let started = Instant::now();
        // A limit past what the clock can represent (centuries) is none.
        let from_now = self.time_limit.and_then(|time| started.checked_add(time));
        let deadline = match (from_now, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        RequestClock {
            started,
            deadline,
            stop: self.stop.clone(),
            max_nodes: self.max_nodes,
        }
    }
}

/// A request started: when it started, when it must end, and its token;
/// what says whether a call must stop now ([`spent`](Self::spent)), in the
/// engine and in a front end that times more than one call.
#[derive(Clone, Debug)]
pub struct RequestClock {
    pub(crate) started: Instant,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stop: Stop,
    pub(crate) max_nodes: Option<u64>,
}

impl RequestClock {
    /// Why the call must stop now, if it must: the token
    /// ([`StopReason::Cancelled`]), then the clock
    /// ([`StopReason::TimeLimit`]).
    pub fn spent(&self) -> Option<StopReason> {
        if self.stop.is_requested() {
            Some(StopReason::Cancelled)
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            Some(StopReason::TimeLimit)
        } else {
            None
        }
    }

    /// When the clock started.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// When the call must end, if it must (`None` without a limit, or for
    /// a limit beyond what the clock can represent).
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The time from the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// A request for a later call within this clock: its deadline and its
    /// token (no node or solution limit, which each call sets itself).
    pub fn remaining(&self) -> Request {
        Request {
            deadline: self.deadline,
            stop: self.stop.clone(),
            ..Request::default()
        }
    }

    /// The budget of a search run for this call: its node cap (as the
    /// configuration's node limit: 0 enters no node), deadline and token.
    pub(crate) fn budget(&self) -> Budget {
        let mut budget = Budget::new().stop_on(&self.stop);
        if let Some(deadline) = self.deadline {
            budget = budget.deadline(deadline);
        }
        budget.nodes = self.max_nodes;
        budget
    }
}
