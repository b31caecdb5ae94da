//! Budgets: how far one search may go before it gives up, in nodes, in
//! time, or until a cancel check says stop.
//!
//! A [`Budget`] is a plain value (part of a [`SearchConfig`](crate::expert::SearchConfig),
//! or held by a search loop of its own); a search starts a [`BudgetClock`]
//! from it, which the search asks at its checkpoints. The node cap is
//! exact: a search stops before entering the node past it. The clock and
//! the cancel check are only looked at in checkpoints, so a hot loop pays
//! one comparison per node and nothing more.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use crate::clock::Instant;
use crate::stop::Stop;
use crate::visit::StopReason;

/// Nodes between two looks at the clock and the cancel check, for a search
/// loop that takes its checkpoints from [`BudgetClock::checkpoint`]: well
/// under a millisecond of search.
pub const POLL_INTERVAL: u64 = 1 << 12;

/// The cancel check of a budget: shared, called from the searching thread.
type CancelCheck = Arc<dyn Fn() -> bool + Send + Sync>;

/// How far a search may go: a node cap, a time limit (relative to the
/// start of each search, or an absolute deadline), a cancel check (a
/// Ctrl-C flag, say). The default is no limit.
///
/// ```
/// use std::time::Duration;
/// use dancing::StopReason;
/// use dancing::expert::Budget;
///
/// let budget = Budget::default().max_nodes(500).time_limit(Duration::from_secs(60));
/// assert_eq!(budget.node_limit(), Some(500));
/// let mut clock = budget.start();
/// assert_eq!(clock.check(499), None);
/// assert_eq!(clock.check(500), Some(StopReason::NodeLimit));
/// ```
#[derive(Clone, Default)]
pub struct Budget {
    pub(crate) nodes: Option<u64>,
    time: Option<Duration>,
    deadline: Option<Instant>,
    cancel: Option<CancelCheck>,
}

impl Budget {
    /// No limit: the same as `Budget::default()`.
    pub fn new() -> Budget {
        Budget::default()
    }

    /// Stops a search once it has counted `nodes` nodes (at least 1: the
    /// root is always counted), before it enters the next one.
    #[must_use]
    pub fn max_nodes(mut self, nodes: u64) -> Budget {
        self.nodes = Some(nodes.max(1));
        self
    }

    /// Stops a search that has run for `time`, counted from the start of
    /// each search.
    #[must_use]
    pub fn time_limit(mut self, time: Duration) -> Budget {
        self.time = Some(time);
        self
    }

    /// Stops a search at `deadline` (an absolute time, for a caller whose
    /// clock started before the search did: when reading its input, say).
    /// With a [`time_limit`](Self::time_limit) too, the earlier one counts.
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// Stops a search when `stop` is requested. The token is looked at in
    /// the search's checkpoints, from the thread that runs them (the
    /// caller's thread, for a [`ParallelSolver`](crate::expert::ParallelSolver)).
    #[must_use]
    pub fn stop_on(self, stop: &Stop) -> Budget {
        let stop = stop.clone();
        self.also_cancel_when(move || stop.is_requested())
    }

    /// Stops a search when its cancel check says so, or when `cancelled`
    /// returns true (for the threads of one search, which stop together).
    #[must_use]
    pub(crate) fn also_cancel_when(
        mut self,
        cancelled: impl Fn() -> bool + Send + Sync + 'static,
    ) -> Budget {
        self.cancel = Some(match self.cancel.take() {
            Some(first) => Arc::new(move || first() || cancelled()),
            None => Arc::new(cancelled),
        });
        self
    }

    /// The node cap, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// The time limit of each search, if any.
    pub fn get_time_limit(&self) -> Option<Duration> {
        self.time
    }

    /// The absolute deadline, if any.
    pub fn get_deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the cancel check, if any, says stop now.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|cancelled| cancelled())
    }

    /// Whether a search must look at the clock or the cancel check now and
    /// then (a time limit, a deadline or a cancel check is set).
    pub fn polls(&self) -> bool {
        self.time.is_some() || self.deadline.is_some() || self.cancel.is_some()
    }

    /// The clock of one search, starting now: a time limit becomes a
    /// deadline from now.
    pub fn start(&self) -> BudgetClock {
        // A limit past what the clock can represent (centuries) is none.
        let from_now = self.time.and_then(|time| Instant::now().checked_add(time));
        let deadline = match (from_now, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        BudgetClock {
            nodes: self.nodes,
            deadline,
            cancel: self.cancel.clone(),
            stop: None,
        }
    }
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("nodes", &self.nodes)
            .field("time", &self.time)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel.is_some())
            .finish()
    }
}

/// Two budgets are equal when their limits are, and they hold the same
/// cancel check (the same `Arc`), or none.
impl PartialEq for Budget {
    fn eq(&self, other: &Budget) -> bool {
        let same_cancel = match (&self.cancel, &other.cancel) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        self.nodes == other.nodes
            && self.time == other.time
            && self.deadline == other.deadline
            && same_cancel
    }
}

/// A [`Budget`] applied to one search: its deadline fixed at the start, and
/// why it stopped. A search loop of its own asks it at checkpoints:
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing::StopReason;
/// use dancing::expert::Budget;
///
/// let mut clock = Budget::default().max_nodes(10_000).start();
/// let mut next = clock.first_checkpoint();
/// let mut nodes = 0;
/// loop {
///     if nodes == next {
///         match clock.checkpoint(nodes) {
///             ControlFlow::Continue(later) => next = later,
///             ControlFlow::Break(_) => break,
///         }
///     }
///     nodes += 1; // enter a node
/// }
/// assert_eq!(nodes, 10_000);
/// assert_eq!(clock.stop_reason(), Some(StopReason::NodeLimit));
/// ```
#[derive(Clone)]
pub struct BudgetClock {
    nodes: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<CancelCheck>,
    stop: Option<StopReason>,
}

impl BudgetClock {
    /// The node count at which to call [`checkpoint`](Self::checkpoint)
    /// first.
    pub fn first_checkpoint(&self) -> u64 {
        self.next_checkpoint(0)
    }

    /// Called when the search, having counted `nodes`, is about to enter
    /// one more node and `nodes` is its checkpoint: breaks with the reason
    /// if the budget has run out (kept for [`stop_reason`](Self::stop_reason)),
    /// and otherwise returns the next checkpoint, at most
    /// [`POLL_INTERVAL`] nodes on (or the node cap, when nothing else is
    /// to be looked at).
    // Out of line: inlined, its body would swell the frames of recursive
    // searches, which pay for it at every level.
    #[cold]
    #[inline(never)]
    pub fn checkpoint(&mut self, nodes: u64) -> ControlFlow<StopReason, u64> {
        match self.check(nodes) {
            Some(reason) => ControlFlow::Break(reason),
            None => ControlFlow::Continue(self.next_checkpoint(nodes)),
        }
    }

    /// Whether the budget has run out after `nodes` nodes (the node cap,
    /// then the cancel check, then the clock): the reason, kept for
    /// [`stop_reason`](Self::stop_reason).
    pub fn check(&mut self, nodes: u64) -> Option<StopReason> {
        if self.nodes.is_some_and(|cap| nodes >= cap) {
            self.stop = Some(StopReason::NodeLimit);
        } else {
            self.poll();
        }
        self.stop
    }

    /// Looks at the cancel check and the clock (not the node cap): the
    /// reason to stop, kept for [`stop_reason`](Self::stop_reason), if there
    /// is one.
    pub fn poll(&mut self) -> Option<StopReason> {
        if self.cancel.as_ref().is_some_and(|cancelled| cancelled()) {
            self.stop = Some(StopReason::Cancelled);
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.stop = Some(StopReason::TimeLimit);
        }
        self.stop
    }

    /// Why the budget stopped the search ([`StopReason::NodeLimit`],
    /// [`StopReason::TimeLimit`] or [`StopReason::Cancelled`]), if it did.
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.stop
    }

    /// The node cap, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// When the search must stop, if there is a time limit or a deadline.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether [`poll`](Self::poll) has anything to look at.
    pub fn polls(&self) -> bool {
        self.deadline.is_some() || self.cancel.is_some()
    }

    /// The budget this clock applies, its time limit turned into the
    /// deadline fixed at the start: for a search run inside this one (the
    /// time it has left is this one's).
    pub fn remaining(&self) -> Budget {
        Budget {
            nodes: self.nodes,
            time: None,
            deadline: self.deadline,
            cancel: self.cancel.clone(),
        }
    }

    fn next_checkpoint(&self, nodes: u64) -> u64 {
        let cap = self.nodes.unwrap_or(u64::MAX);
        if self.polls() {
            nodes.saturating_add(POLL_INTERVAL).min(cap)
        } else {
            cap
        }
    }
}

impl fmt::Debug for BudgetClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BudgetClock")
            .field("nodes", &self.nodes)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel.is_some())
            .field("stop", &self.stop)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts nodes as a search loop does, until the clock says stop.
    fn run(budget: &Budget, most: u64) -> (u64, Option<StopReason>) {
        let mut clock = budget.start();
        let mut next = clock.first_checkpoint();
        let mut nodes = 0;
        while nodes < most {
            if nodes == next {
                match clock.checkpoint(nodes) {
                    ControlFlow::Continue(later) => next = later,
                    ControlFlow::Break(reason) => return (nodes, Some(reason)),
                }
            }
            nodes += 1;
        }
        (nodes, clock.stop_reason())
    }

    #[test]
    fn the_node_cap_is_exact_and_at_least_one() {
        assert_eq!(
            run(&Budget::default().max_nodes(12_345), u64::MAX),
            (12_345, Some(StopReason::NodeLimit))
        );
        assert_eq!(
            run(&Budget::default().max_nodes(0), u64::MAX),
            (1, Some(StopReason::NodeLimit))
        );
        assert_eq!(run(&Budget::default(), 100_000), (100_000, None));
    }

    #[test]
    fn a_cancel_check_stops_at_the_first_checkpoint() {
        let stop = Stop::new();
        stop.request();
        let budget = Budget::default().stop_on(&stop);
        assert_eq!(
            run(&budget, u64::MAX),
            (POLL_INTERVAL, Some(StopReason::Cancelled))
        );
        assert_eq!(
            run(&Budget::default().stop_on(&Stop::new()), 100_000),
            (100_000, None)
        );
    }

    #[test]
    fn a_deadline_passed_stops_and_the_earlier_limit_counts() {
        let past = Instant::now();
        let budget = Budget::default()
            .time_limit(Duration::from_secs(3600))
            .deadline(past);
        assert_eq!(
            run(&budget, u64::MAX),
            (POLL_INTERVAL, Some(StopReason::TimeLimit))
        );
        let soon = Budget::default().time_limit(Duration::ZERO);
        assert_eq!(run(&soon, u64::MAX).1, Some(StopReason::TimeLimit));
        assert_eq!(budget.start().remaining().get_deadline(), Some(past));
    }

    #[test]
    fn budgets_compare_their_cancel_checks_by_identity() {
        let budget = Budget::default().max_nodes(5).stop_on(&Stop::new());
        assert_eq!(budget, budget.clone());
        assert_ne!(budget, Budget::default().max_nodes(5).stop_on(&Stop::new()));
        assert_ne!(budget, Budget::default().max_nodes(5));
        assert_eq!(Budget::new(), Budget::default());
    }
}
