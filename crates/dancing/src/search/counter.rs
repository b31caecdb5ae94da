//! The [`Search`] conveniences on one thread, and the counter that counts
//! solutions without listing their options.

use std::ops::ControlFlow;

use super::{Search, Solver};
use crate::config::SearchConfig;
use crate::visit::{Explorer, Progress, Solution, Stats, Visitor};

impl Search for Solver<'_> {
    fn run<V: Visitor>(&mut self, visitor: V) -> Result<Stats, V::Error> {
        Solver::run(self, visitor)
    }

    fn count_within<M>(&mut self, limit: u64, monitor: M) -> Stats
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let mut counter = Counter {
            limit,
            seen: 0,
            monitor,
        };
        self.stats = self.explore(usize::MAX, &mut counter);
        self.stats
    }

    fn stats(&self) -> Stats {
        Solver::stats(self)
    }

    fn profile(&self) -> &[u64] {
        Solver::profile(self)
    }

    fn explored(&self) -> f64 {
        Solver::explored(self)
    }

    fn config(&self) -> &SearchConfig {
        Solver::config(self)
    }

    fn set_config(&mut self, config: SearchConfig) {
        Solver::set_config(self, config);
    }
}

/// The explorer of [`Search::count_within`]: counts solutions up to a
/// limit, without listing their options, and passes progress on to a
/// monitor.
struct Counter<M> {
    limit: u64,
    seen: u64,
    monitor: M,
}

impl<M: FnMut(&Progress) -> ControlFlow<()>> Explorer for Counter<M> {
    const LISTS_OPTIONS: bool = false;

    #[inline(always)]
    fn solution(&mut self, _: &Solution<'_>) -> ControlFlow<()> {
        self.seen += 1;
        if self.seen == self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        (self.monitor)(progress)
    }
}
