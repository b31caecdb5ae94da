//! What one run did, for the printers and the summary: the value a
//! [`Runner`](super::runner::Runner) returns. Only figures and reasons live
//! here, nothing that formats them, so that this module needs none of its
//! siblings.

use std::time::Duration;

use dancing::engine::{Algorithm, CacheStats};
use dancing::{Stats, StopReason};

use crate::status::Status;

/// Whether the stop leaves the work incomplete in a way worth an estimate
/// of how far it got (a stop at `-n` is what was asked).
pub fn is_budget(stop: StopReason) -> bool {
    stop != StopReason::Visitor
}

/// What a memoized count adds to a run's outcome.
#[derive(Clone, Debug)]
pub struct MemoReport {
    /// The exact count (the statistics' `solutions` stops at `u64::MAX`).
    pub solutions: u128,
    /// The cache's figures.
    pub cache: CacheStats,
}

/// What a run did, for the printer and the summary.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    /// The engine's figures.
    pub stats: Stats,
    /// From the start of reading to the end of the search.
    pub elapsed: Duration,
    /// The threads the search ran on.
    pub threads: usize,
    /// Why the run ended early, if it did.
    pub stop: Option<StopReason>,
    /// Knuth's estimate of the share of the search tree explored: 1 for a
    /// complete search, the last estimate for a stopped one, `None` when it
    /// stopped before the first estimate.
    pub explored: Option<f64>,
    /// Search-tree nodes per level.
    pub profile: Vec<u64>,
    /// The line reading got to, when it stopped before the end.
    pub stopped_reading_at: Option<usize>,
    /// Whether the problem has colors or bounds, so that the summary
    /// counts cleansings as DLX2 and DLX3 do.
    pub cleansings_counted: bool,
    /// The exact count and the cache's figures of a `--memo` count.
    pub memo: Option<MemoReport>,
    /// The search that ran (`--heuristic`'s rule on dancing cells, or the
    /// links).
    pub algorithm: Algorithm,
    /// Why the search could not be made as asked, if it could not (a
    /// `--memo` count past 2^128, a learning rule on a problem with
    /// bounds): the run is then an error and no count is printed.
    pub refused: Option<String>,
}

impl RunOutcome {
    /// 0 when a solution was found, 1 when none was, 2 when the search was
    /// refused.
    pub fn status(&self) -> Status {
        if self.refusal().is_some() {
            Status::Error
        } else if self.stats.solutions > 0 {
            Status::Success
        } else {
            Status::NotFound
        }
    }

    /// The number of solutions: exact for a `--memo` count, whose
    /// statistics stop at `u64::MAX`.
    pub fn solutions(&self) -> u128 {
        self.memo
            .as_ref()
            .map_or(u128::from(self.stats.solutions), |memo| memo.solutions)
    }

    /// Why the search was refused, if it was.
    pub fn refusal(&self) -> Option<&str> {
        self.refused.as_deref()
    }
}
