//! Budgets: how far one search may go before it gives up, the same for
//! every engine.
//!
//! A [`Budget`] caps the search-tree nodes of a search, its time, or both,
//! and may carry a cancel check (a Ctrl-C flag, say). The node cap is
//! exact: a search stops before entering the node past it, so
//! [`Outcome::nodes`](crate::Outcome::nodes) never exceeds it, and every
//! engine counts nodes the same way (1 for the root plus one per
//! placement). The clock and the cancel check are looked at every
//! [`POLL_INTERVAL`] nodes, a fraction of a millisecond of search, so the
//! hot loops pay one comparison per node and nothing more.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Nodes between two looks at the clock and the cancel check: well under a
/// millisecond of search on every engine.
pub const POLL_INTERVAL: u64 = 1 << 12;

/// How far a search may go. The default is no limit.
///
/// ```
/// use std::time::Duration;
/// use dancing_sudoku::{Budget, Cutoff, Engine, Grid, Solver};
///
/// // The empty grid has about 6.7e21 solutions: counting them all would
/// // never end, so the count stops when the budget runs out.
/// let empty = Grid::default();
/// for engine in Engine::ALL {
///     let mut solver = Solver::new(engine);
///     solver.set_budget(Budget::default().max_nodes(10_000).time_limit(Duration::from_secs(60)));
///     let mut solution = Grid::default();
///     let outcome = solver.search(&empty, u64::MAX, &mut solution)?;
///     assert_eq!(outcome.cutoff, Some(Cutoff::Nodes), "{engine}");
///     assert_eq!(outcome.nodes, 10_000, "{engine}");
///     assert!(outcome.solutions > 0);
/// }
/// # Ok::<(), dancing_sudoku::SolveError>(())
/// ```
#[derive(Clone, Default)]
pub struct Budget {
    nodes: Option<u64>,
    time: Option<Duration>,
    cancel: Option<Arc<dyn Fn() -> bool + Send + Sync>>,
}

impl Budget {
    /// Stops a search once it has counted `nodes` nodes (at least 1: the
    /// root is always counted).
    #[must_use]
    pub fn max_nodes(mut self, nodes: u64) -> Budget {
        self.nodes = Some(nodes.max(1));
        self
    }

    /// Stops a search that has run for `time`.
    #[must_use]
    pub fn time_limit(mut self, time: Duration) -> Budget {
        self.time = Some(time);
        self
    }

    /// Stops a search when `cancelled` returns true (it is called every
    /// [`POLL_INTERVAL`] nodes, from the searching thread).
    #[must_use]
    pub fn cancel_when(mut self, cancelled: impl Fn() -> bool + Send + Sync + 'static) -> Budget {
        self.cancel = Some(Arc::new(cancelled));
        self
    }

    /// The node cap, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// Whether the cancel check, if any, says stop.
    pub(crate) fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|cancelled| cancelled())
    }

    /// Whether a search must look at the clock or the cancel check now and
    /// then.
    pub(crate) fn polls(&self) -> bool {
        self.time.is_some() || self.cancel.is_some()
    }

    /// The guard of one search, starting now.
    pub(crate) fn start(&self) -> Guard<'_> {
        Guard {
            budget: self,
            deadline: self.time.map(|time| Instant::now() + time),
            cutoff: None,
        }
    }
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("nodes", &self.nodes)
            .field("time", &self.time)
            .field("cancel", &self.cancel.is_some())
            .finish()
    }
}

/// Why a search stopped before it was done: the answer it gives is
/// unknown, not negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Cutoff {
    /// The node cap ([`Budget::max_nodes`]) was reached.
    Nodes,
    /// The time limit ([`Budget::time_limit`]) ran out.
    Time,
    /// The cancel check ([`Budget::cancel_when`]) said stop.
    Cancelled,
}

impl fmt::Display for Cutoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Cutoff::Nodes => "node budget spent",
            Cutoff::Time => "time limit reached",
            Cutoff::Cancelled => "cancelled",
        })
    }
}

/// A budget applied to one search: the deadline, and why it stopped.
pub(crate) struct Guard<'b> {
    budget: &'b Budget,
    deadline: Option<Instant>,
    pub(crate) cutoff: Option<Cutoff>,
}

impl Guard<'_> {
    /// The node count at which to call [`Guard::checkpoint`] first.
    pub(crate) fn first_checkpoint(&self) -> u64 {
        self.next_checkpoint(0)
    }

    /// Called when the search, having counted `nodes`, is about to enter
    /// one more node and `nodes` is its checkpoint: breaks if the budget has
    /// run out, and otherwise returns the next checkpoint.
    // Out of line: inlined, its body would swell the frames of the
    // recursive searches, which pay for it at every level (a third slower).
    #[cold]
    #[inline(never)]
    pub(crate) fn checkpoint(&mut self, nodes: u64) -> ControlFlow<(), u64> {
        self.cutoff = if self.budget.nodes.is_some_and(|cap| nodes >= cap) {
            Some(Cutoff::Nodes)
        } else {
            self.poll()
        };
        match self.cutoff {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(self.next_checkpoint(nodes)),
        }
    }

    /// Looks at the cancel check and the clock.
    pub(crate) fn poll(&self) -> Option<Cutoff> {
        if self
            .budget
            .cancel
            .as_ref()
            .is_some_and(|cancelled| cancelled())
        {
            Some(Cutoff::Cancelled)
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            Some(Cutoff::Time)
        } else {
            None
        }
    }

    fn next_checkpoint(&self, nodes: u64) -> u64 {
        let cap = self.budget.nodes.unwrap_or(u64::MAX);
        if self.budget.polls() {
            nodes.saturating_add(POLL_INTERVAL).min(cap)
        } else {
            cap
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::engine::Engine;
    use crate::generate::Generator;
    use crate::grid::{Grid, Shape};
    use crate::solver::Solver;

    fn search(engine: Engine, budget: Budget, puzzle: &Grid, limit: u64) -> crate::Outcome {
        let mut solver = Solver::new(engine);
        solver.set_budget(budget);
        let mut solution = Grid::default();
        let outcome = solver.search(puzzle, limit, &mut solution).unwrap();
        if outcome.solutions > 0 {
            assert!(solution.solves(puzzle), "{engine}: a wrong first solution");
        }
        outcome
    }

    #[test]
    fn a_cap_of_exactly_the_nodes_needed_changes_nothing_and_one_less_cuts_off() {
        let mut generator = Generator::new(23);
        for k in 0..12 {
            let puzzle = match k % 3 {
                0 => generator.unique_puzzle(Shape::CLASSIC, 0),
                1 => generator.puzzle(Shape::CLASSIC, 24),
                _ => generator.unsolvable_puzzle(Shape::CLASSIC),
            };
            for engine in Engine::ALL {
                for limit in [1, 2, 20] {
                    let free = search(engine, Budget::default(), &puzzle, limit);
                    assert_eq!(free.cutoff, None);
                    let capped = Budget::default().max_nodes(free.nodes);
                    assert_eq!(search(engine, capped, &puzzle, limit), free, "{engine}");
                    if free.nodes > 1 {
                        let short = Budget::default().max_nodes(free.nodes - 1);
                        let cut = search(engine, short, &puzzle, limit);
                        assert_eq!(cut.cutoff, Some(Cutoff::Nodes), "{engine} on {puzzle}");
                        assert_eq!(cut.nodes, free.nodes - 1, "{engine}");
                        assert!(cut.solutions <= free.solutions);
                    }
                }
            }
        }
    }

    #[test]
    fn a_cancel_check_stops_every_engine_within_a_poll_interval() {
        let empty = Grid::default();
        for engine in Engine::ALL {
            let flag = Arc::new(AtomicBool::new(false));
            let seen = Arc::clone(&flag);
            // Cancelled at the first look: no more than one interval of nodes.
            flag.store(true, Ordering::Relaxed);
            let budget = Budget::default().cancel_when(move || seen.load(Ordering::Relaxed));
            let outcome = search(engine, budget, &empty, u64::MAX);
            assert_eq!(outcome.cutoff, Some(Cutoff::Cancelled), "{engine}");
            assert!(
                outcome.nodes <= POLL_INTERVAL + 1,
                "{engine}: {}",
                outcome.nodes
            );
        }
    }

    #[test]
    fn a_time_limit_stops_an_endless_count_on_time() {
        let empty = Grid::default();
        for engine in Engine::ALL {
            let started = Instant::now();
            let budget = Budget::default().time_limit(Duration::from_millis(30));
            let outcome = search(engine, budget, &empty, u64::MAX);
            let took = started.elapsed();
            assert_eq!(outcome.cutoff, Some(Cutoff::Time), "{engine}");
            assert!(outcome.solutions > 0, "{engine}");
            // Generous: the machine may be busy.
            assert!(took < Duration::from_secs(2), "{engine}: {took:?}");
        }
    }
}
