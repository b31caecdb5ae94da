//! [`Search`]: what [`Solver`](crate::expert::Solver) and
//! [`ParallelSolver`](crate::expert::ParallelSolver) share. Each solver says how it
//! runs a search and counts; the conveniences on top are written once.

use std::ops::ControlFlow;

use crate::config::SearchConfig;
use crate::problem::OptionId;
use crate::visit::{FnVisitor, Progress, Solution, Stats, Visitor, carry_on};

/// A search of one problem, on one thread ([`Solver`](crate::expert::Solver)) or
/// several ([`ParallelSolver`](crate::expert::ParallelSolver)): the same calls on
/// both.
///
/// ```
/// use std::ops::ControlFlow;
/// use bumpalo::Bump;
/// use dancing::format;
/// use dancing::expert::{ParallelSolver, Search, SearchConfig, Solver};
///
/// /// The number of solutions, and the first one, whatever the solver.
/// fn summary(search: &mut impl Search) -> (u64, Option<usize>) {
///     (search.count(), search.first().map(|options| options.len()))
/// }
///
/// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
/// let bump = Bump::new();
/// let config = SearchConfig::new().threads(2);
/// assert_eq!(summary(&mut Solver::new(&problem, &bump)), (92, Some(8)));
/// assert_eq!(summary(&mut ParallelSolver::new(&problem).with_config(config)), (92, Some(8)));
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
pub trait Search {
    /// Runs the search, reporting each solution and the progress to
    /// `visitor` until it asks to stop (see [`Visitor`]). Returns the
    /// statistics of this search, which [`stats`](Self::stats) also keeps,
    /// or the visitor's error.
    fn run<V: Visitor>(&mut self, visitor: V) -> Result<Stats, V::Error>;

    /// Counts the solutions, up to `limit` (at least 1), without listing
    /// them, calling `monitor` with the progress (as
    /// [`search_monitored`](Self::search_monitored) does). Returns the
    /// statistics of this search, which [`stats`](Self::stats) also keeps:
    /// `solutions` is the count.
    fn count_within<M>(&mut self, limit: u64, monitor: M) -> Stats
    where
        M: FnMut(&Progress) -> ControlFlow<()>;

    /// The statistics of the last search.
    fn stats(&self) -> Stats;

    /// Search-tree nodes per level in the last search: entry `l` counts the
    /// nodes at depth `l` (the root is level 0).
    fn profile(&self) -> &[u64];

    /// Knuth's estimate of the fraction of the search tree that the last
    /// search explored, from 0 to 1: 1 when it ran to the end.
    fn explored(&self) -> f64;

    /// How the searches run.
    fn config(&self) -> &SearchConfig;

    /// Makes every later search run as `config` says.
    fn set_config(&mut self, config: SearchConfig);

    /// Runs the search, calling `visit` with each solution (on the caller's
    /// thread) until it returns `ControlFlow::Break`. Returns the
    /// statistics of this search, which [`stats`](Self::stats) also keeps.
    ///
    /// Solutions come in the order of DLX1 on one thread (branch on the
    /// active primary item with the fewest options, the leftmost on ties,
    /// options in input order), and on several if the configuration is
    /// [`ordered`](SearchConfig::ordered).
    fn search<F>(&mut self, visit: F) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    {
        self.search_monitored(visit, carry_on)
    }

    /// [`search`](Self::search), calling `monitor` as well with the
    /// progress so far (every few thousand nodes on one thread, see
    /// [`SearchConfig::checkpoint_interval`]; about every
    /// [`progress_interval`](SearchConfig::progress_interval) on several):
    /// to show progress, or to stop a long search by returning
    /// `ControlFlow::Break`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use bumpalo::Bump;
    /// use dancing::format;
    /// use dancing::expert::{Search, SearchConfig, Solver};
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
    /// let bump = Bump::new();
    /// let config = SearchConfig::new().checkpoint_interval(100);
    /// let mut solver = Solver::new(&problem, &bump).with_config(config);
    /// let mut estimates = Vec::new();
    /// let stats = solver.search_monitored(
    ///     |_| ControlFlow::Continue(()),
    ///     |progress| {
    ///         estimates.push(progress.fraction);
    ///         ControlFlow::Continue(())
    ///     },
    /// );
    /// assert!(stats.is_complete());
    /// // Every 100 nodes, or more often if nodes were slow.
    /// assert!(estimates.len() as u64 >= (stats.nodes - 1) / 100);
    /// assert!(estimates.windows(2).all(|pair| pair[0] <= pair[1]));
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    fn search_monitored<F, M>(&mut self, visit: F, monitor: M) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        // The closures cannot fail: the error type is `Infallible`.
        let Ok(stats) = self.run(FnVisitor {
            solution: visit,
            progress: monitor,
        });
        stats
    }

    /// The first solution, if there is one.
    fn first(&mut self) -> Option<Vec<OptionId>> {
        let mut found = None;
        self.search(|solution| {
            found = Some(solution.options().to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// The number of solutions.
    fn count(&mut self) -> u64 {
        self.count_up_to(u64::MAX)
    }

    /// The number of solutions, counting no further than `limit`: with a
    /// limit of 2 this tells no solution, exactly one, or several.
    fn count_up_to(&mut self, limit: u64) -> u64 {
        if limit == 0 {
            return 0;
        }
        self.count_within(limit, carry_on).solutions
    }

    /// [`count`](Self::count) with a monitor, as in
    /// [`search_monitored`](Self::search_monitored): the statistics, whose
    /// `solutions` is the count.
    fn count_monitored<M>(&mut self, monitor: M) -> Stats
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        self.count_within(u64::MAX, monitor)
    }

    /// Up to `limit` solutions, each as its chosen options.
    fn collect(&mut self, limit: usize) -> Vec<Vec<OptionId>> {
        let mut solutions = Vec::new();
        if limit == 0 {
            return solutions;
        }
        self.search(|solution| {
            solutions.push(solution.options().to_vec());
            if solutions.len() == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        solutions
    }
}
