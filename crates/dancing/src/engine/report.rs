//! What a call of an [`Engine`](super::Engine) did: one [`Report`] for
//! every search, [`BestReport`] for the cheapest solutions.

use std::time::Duration;

use crate::cells::Branching;
use crate::mincost::CostedSolution;
use crate::problem::OptionId;
use crate::search::CacheStats;
use crate::visit::{Stats, StopReason};

/// What a search did: Knuth's figures, the count (as wide as it needs to
/// be), why it stopped, how much of the tree it explored, and what the
/// cache did when counts are memoized. An incomplete report says so:
/// [`is_complete`](Self::is_complete) is false and `solutions` is then a
/// lower bound.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Nodes, updates, cleansings, depth, and why it stopped
    /// (`stats.solutions` stops at `u64::MAX`; see `solutions`).
    pub stats: Stats,
    /// The solutions found: exact when complete, else a lower bound.
    pub solutions: u128,
    /// Knuth's estimate of the share of the tree explored, from 0 to 1 (1
    /// when complete).
    pub explored: f64,
    /// Search-tree nodes per level (empty for a memoized count).
    pub profile: Vec<u64>,
    /// What the cache did, for a memoized count (also when it turned
    /// itself off and the plain search finished the count).
    pub cache: Option<CacheStats>,
    /// The threads that searched: as configured (unset, as many as
    /// [`default_threads`](super::default_threads)), or 1 for a count
    /// without threads set whose tree was small enough to be counted on
    /// the caller's thread before the cores were asked for.
    pub threads: usize,
    /// The search that ran.
    pub algorithm: Algorithm,
    /// From the start of the call to its end.
    pub elapsed: Duration,
    /// The first solution, for [`Engine::first`](super::Engine::first).
    pub solution: Option<Vec<OptionId>>,
}

impl Report {
    /// Why the search ended.
    pub fn stop(&self) -> StopReason {
        self.stats.stop
    }

    /// Whether it explored the whole tree: its count is exact.
    pub fn is_complete(&self) -> bool {
        self.stats.is_complete()
    }

    /// A report of a call stopped before it searched (while linking).
    pub(crate) fn nothing(stop: StopReason, threads: usize, elapsed: Duration) -> Report {
        Report {
            stats: Stats {
                stop,
                ..Stats::default()
            },
            threads,
            elapsed,
            ..Report::default()
        }
    }
}

/// Which search made a [`Report`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// Dancing links, branching on the item with the fewest options
    /// (Knuth's DLX1, DLX2 and DLX3; with a cache of subproblems, DLX6's
    /// memoized count).
    #[default]
    Links,
    /// Dancing cells, branching by a rule (Knuth's SSXCC, SSXCC-WTD0,
    /// SSXCC-FRB0).
    Cells(Branching),
}

impl Algorithm {
    /// A short name: `links`, or `cells-` and the rule's name
    /// (`cells-wtd`).
    pub fn as_str(self) -> &'static str {
        match self {
            Algorithm::Links => "links",
            Algorithm::Cells(Branching::Mrv) => "cells-mrv",
            Algorithm::Cells(Branching::Weighted) => "cells-wtd",
            Algorithm::Cells(Branching::FailureRate) => "cells-frb",
        }
    }
}

/// What a search for the cheapest solutions found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BestReport {
    /// The cheapest solutions found, cheapest first, at most `k`: proven
    /// the `k` best when [`is_proven`](Self::is_proven).
    pub best: Vec<CostedSolution>,
    /// DLX5's figures; `solutions` counts the improvements reported.
    pub stats: Stats,
    /// The threads that searched.
    pub threads: usize,
    /// From the start of the call to its end.
    pub elapsed: Duration,
}

impl BestReport {
    /// Why the search ended.
    pub fn stop(&self) -> StopReason {
        self.stats.stop
    }

    /// Whether the search ran to its end: the best are the problem's.
    pub fn is_proven(&self) -> bool {
        self.stats.is_complete()
    }
}
