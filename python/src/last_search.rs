//! The figures of a problem's last search (`problem.stats`): shared by the
//! problem and the searches on it, which record their figures as they go
//! (`count` and `first` when they end, each `solutions()` iterator at every
//! step). Both `problem` and `solutions` use it; neither uses the other's.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::stats::{RUNNING, Stats};

/// One search's mark on the figures it recorded, so that an iterator
/// dropped late does not rewrite the figures of a search that ended since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchId(u64);

/// The next search's id (0 marks figures recorded by no search).
static NEXT_SEARCH: AtomicU64 = AtomicU64::new(1);

impl SearchId {
    /// An id no other search of this process has.
    pub fn new() -> SearchId {
        SearchId(NEXT_SEARCH.fetch_add(1, Ordering::Relaxed))
    }
}

/// The last figures recorded, and by which search.
#[derive(Debug, Default)]
struct Last {
    stats: Option<Stats>,
    by: u64,
}

/// The figures of the last search of a problem.
#[derive(Debug, Default)]
pub struct LastSearch {
    last: Mutex<Last>,
}

impl LastSearch {
    /// Figures that start as `stats` (a copy of another problem's).
    pub fn starting_with(stats: Option<Stats>) -> LastSearch {
        LastSearch {
            last: Mutex::new(Last { stats, by: 0 }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Last> {
        // What the mutex holds stays consistent (whole assignments), even
        // if a panic poisoned it.
        self.last.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records `stats` as the figures of search `by`, the last.
    pub fn record(&self, by: SearchId, stats: Stats) {
        *self.lock() = Last {
            stats: Some(stats),
            by: by.0,
        };
    }

    /// The last figures recorded.
    pub fn get(&self) -> Option<Stats> {
        self.lock().stats.clone()
    }

    /// Search `by` was given up while paused (its iterator dropped): if
    /// its figures are still the last and say "running", they now say
    /// "interrupted", since that search will never go on.
    pub fn abandon(&self, by: SearchId) {
        let mut last = self.lock();
        if last.by == by.0
            && let Some(stats) = last.stats.as_mut()
            && stats.stop == RUNNING
        {
            stats.stop = crate::stats::INTERRUPTED;
        }
    }
}
