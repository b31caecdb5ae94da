//! What a search reports, and to whom: solutions, progress, statistics, and
//! the [`Visitor`] trait every search (on one thread or many) reports to.

use std::convert::Infallible;
use std::fmt;
use std::ops::ControlFlow;

use crate::problem::OptionId;

/// What a search did, in Knuth's terms, and why it ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions visited.
    pub solutions: u64,
    /// Search-tree nodes: 1 for the root plus one per option chosen, dead
    /// ends and solutions included (DLX1's count).
    pub nodes: u64,
    /// Link updates, counted as DLX1 does: one per item removed from the
    /// active list, one per node removed from an item's list (by covering,
    /// or, with colors, by purifying).
    pub updates: u64,
    /// Purifications, counted as DLX2 does: one per secondary item given a
    /// color by a chosen option, one per other option found to agree with
    /// it. Always 0 for a problem without colors.
    pub cleansings: u64,
    /// The largest number of options chosen at once.
    pub max_depth: usize,
    /// Why the search ended.
    pub stop: StopReason,
}

impl Stats {
    /// Whether the search ran to the end of its tree.
    pub fn is_complete(&self) -> bool {
        self.stop == StopReason::Complete
    }
}

/// Why a search ended: one reason for every front end, which each maps to
/// its own words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// It explored the whole tree: its answer is final.
    #[default]
    Complete,
    /// The visitor asked to stop, at a solution
    /// ([`Visitor::solution`] returned `Break`).
    Visitor,
    /// It reached the node cap of its [`Budget`](crate::expert::Budget) (see
    /// [`SearchConfig::node_limit`](crate::expert::SearchConfig::node_limit)).
    NodeLimit,
    /// The time limit or deadline of its [`Budget`](crate::expert::Budget) passed.
    TimeLimit,
    /// The cancel check of its [`Budget`](crate::expert::Budget) said stop.
    Cancelled,
    /// It was asked to stop at a progress report ([`Visitor::progress`]
    /// returned `Break`): a signal, a user, a limit of the caller's own.
    Interrupted,
    /// The visitor returned an error, which the search returned.
    Failed,
    /// Not ended yet: the statistics of a [`Progress`] report.
    Running,
}

impl StopReason {
    /// The reason's name, the one vocabulary of every front end (`dlx`'s
    /// `--stats` and JSON, Python's `stats.stop`, the page):
    ///
    /// | reason | name | meaning |
    /// |---|---|---|
    /// | `Complete` | `complete` | the whole tree was explored: the answer is final |
    /// | `Visitor` | `max-solutions` | the solution limit was reached (or the visitor asked to stop at a solution) |
    /// | `NodeLimit` | `max-nodes` | the node limit was reached |
    /// | `TimeLimit` | `time-limit` | the time limit or deadline passed |
    /// | `Cancelled` | `interrupted` | the stop token was raised (Ctrl-C, KeyboardInterrupt, the page's Stop) |
    /// | `Interrupted` | `interrupted` | a progress report asked to stop (a caller's own monitor) |
    /// | `Failed` | `failed` | the visitor failed (an error writing a solution, say): the search's figures stand, its output may not |
    /// | `Running` | `running` | not ended: the figures of a progress report |
    ///
    /// ```
    /// use dancing::StopReason;
    /// assert_eq!(StopReason::NodeLimit.as_str(), "max-nodes");
    /// assert_eq!(StopReason::Cancelled.as_str(), StopReason::Interrupted.as_str());
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Complete => "complete",
            StopReason::Visitor => "max-solutions",
            StopReason::NodeLimit => "max-nodes",
            StopReason::TimeLimit => "time-limit",
            StopReason::Cancelled | StopReason::Interrupted => "interrupted",
            StopReason::Failed => "failed",
            StopReason::Running => "running",
        }
    }

    /// Whether a budget ended the search: its node cap, its time, or its
    /// cancel check. The answer is then unknown, not negative.
    pub fn is_budget(self) -> bool {
        matches!(
            self,
            StopReason::NodeLimit | StopReason::TimeLimit | StopReason::Cancelled
        )
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::Complete => "complete",
            StopReason::Visitor => "stopped by the visitor",
            StopReason::NodeLimit => "node budget spent",
            StopReason::TimeLimit => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::Interrupted => "interrupted",
            StopReason::Failed => "failed",
            StopReason::Running => "running",
        })
    }
}

/// A solution, as the visitor sees it: valid only during the call.
#[derive(Debug)]
pub struct Solution<'s> {
    pub(crate) options: &'s [OptionId],
}

impl<'s> Solution<'s> {
    /// The chosen options, in the order they were chosen (one per level).
    pub fn options(&self) -> &'s [OptionId] {
        self.options
    }

    /// The number of options chosen.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// Whether no option was chosen (never, for a problem with a primary item).
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }
}

/// How far a search has gone, as [`Visitor::progress`] sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// The statistics so far (`stop` is [`StopReason::Running`]).
    pub stats: Stats,
    /// An estimate of the fraction of the search tree explored, from 0 to 1:
    /// Knuth's, which takes the subtrees of the options at each level of the
    /// current path to be of equal size. It can be far off on lopsided
    /// trees, but it only grows.
    pub fraction: f64,
}

/// What a search reports to, in the manner of ripgrep's `Sink`: each
/// solution, and progress every few thousand nodes (see
/// [`SearchConfig::checkpoint_interval`](crate::expert::SearchConfig::checkpoint_interval)).
/// Either can stop the search by returning `Ok(ControlFlow::Break(()))`, or
/// fail it with an error, which the search returns once the solver is back
/// to its selection.
///
/// ```
/// use std::io::{self, Write};
/// use std::ops::ControlFlow;
/// use bumpalo::Bump;
/// use dancing::{format, Solution, StopReason, Visitor};
/// use dancing::expert::Solver;
///
/// /// Writes each solution's option numbers as a line.
/// struct Lines<W>(W);
///
/// impl<W: Write> Visitor for Lines<W> {
///     type Error = io::Error;
///
///     fn solution(&mut self, solution: &Solution<'_>) -> io::Result<ControlFlow<()>> {
///         let numbers: Vec<String> = solution.options().iter().map(|o| o.index().to_string()).collect();
///         writeln!(self.0, "{}", numbers.join(" "))?;
///         Ok(ControlFlow::Continue(()))
///     }
/// }
///
/// let problem = format::read_str("a b c\na\nb\nc\na b\nb c\n")?.problem;
/// let bump = Bump::new();
/// let mut solver = Solver::new(&problem, &bump);
/// let mut out = Vec::new();
/// let stats = solver.run(Lines(&mut out))?;
/// assert_eq!(stats.stop, StopReason::Complete);
/// assert_eq!(String::from_utf8(out)?.lines().count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Visitor {
    /// What the visitor can fail with.
    type Error;

    /// A solution was found.
    fn solution(&mut self, solution: &Solution<'_>) -> Result<ControlFlow<()>, Self::Error>;

    /// The search has gone this far (called on the caller's thread, every
    /// few thousand nodes on one thread, about every
    /// [`progress_interval`](crate::expert::SearchConfig::progress_interval) on
    /// several).
    fn progress(&mut self, _progress: &Progress) -> Result<ControlFlow<()>, Self::Error> {
        Ok(ControlFlow::Continue(()))
    }
}

impl<V: Visitor + ?Sized> Visitor for &mut V {
    type Error = V::Error;

    #[inline(always)]
    fn solution(&mut self, solution: &Solution<'_>) -> Result<ControlFlow<()>, Self::Error> {
        (**self).solution(solution)
    }

    fn progress(&mut self, progress: &Progress) -> Result<ControlFlow<()>, Self::Error> {
        (**self).progress(progress)
    }
}

/// A visitor made of two closures: one for solutions, one for progress
/// (what [`Search::search_monitored`](crate::expert::Search::search_monitored) and
/// the like run).
pub struct FnVisitor<F, M> {
    /// Called with each solution.
    pub solution: F,
    /// Called with each progress report.
    pub progress: M,
}

impl<F, M> Visitor for FnVisitor<F, M>
where
    F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    M: FnMut(&Progress) -> ControlFlow<()>,
{
    type Error = Infallible;

    #[inline(always)]
    fn solution(&mut self, solution: &Solution<'_>) -> Result<ControlFlow<()>, Infallible> {
        Ok((self.solution)(solution))
    }

    fn progress(&mut self, progress: &Progress) -> Result<ControlFlow<()>, Infallible> {
        Ok((self.progress)(progress))
    }
}

/// The closure that never stops a search, for the progress of
/// [`FnVisitor`] when only solutions matter.
pub(crate) fn carry_on(_: &Progress) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// What the search loops report to inside the crate: a visitor's two
/// hooks, and the frontier hook of the parallel split. Each is inlined into
/// the search loop; a `Break` says why in [`StopReason`] terms by the hook
/// it comes from.
pub(crate) trait Explorer {
    /// Whether [`solution`](Self::solution) reads the options: for an
    /// explorer that only counts, the search skips listing them (the
    /// solution it is given is then empty).
    const LISTS_OPTIONS: bool = true;

    /// A solution was found.
    fn solution(&mut self, solution: &Solution<'_>) -> ControlFlow<()>;

    /// A node at the cutoff level (see `Solver::explore_to`), listed but
    /// not entered: the child of the node above that chooses option node
    /// `node` (Algorithm M: or retires its item, `node` the item's header);
    /// `weight` is the estimated share of the search (from its base) below
    /// this node.
    fn frontier(&mut self, _node: u32, _weight: f64) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// Called every `checkpoint_interval` nodes.
    fn checkpoint(&mut self, _progress: &Progress) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// A [`Visitor`] seen as an [`Explorer`]: keeps the first error it returns.
pub(crate) struct Visiting<V: Visitor> {
    pub(crate) visitor: V,
    pub(crate) error: Option<V::Error>,
}

impl<V: Visitor> Visiting<V> {
    pub(crate) fn new(visitor: V) -> Visiting<V> {
        Visiting {
            visitor,
            error: None,
        }
    }

    /// `result`'s flow, keeping an error and breaking on it.
    #[inline(always)]
    fn flow(&mut self, result: Result<ControlFlow<()>, V::Error>) -> ControlFlow<()> {
        match result {
            Ok(flow) => flow,
            Err(error) => {
                self.error = Some(error);
                ControlFlow::Break(())
            }
        }
    }

    /// The search's statistics, or the visitor's error.
    pub(crate) fn finish(self, mut stats: Stats) -> (Stats, Result<Stats, V::Error>) {
        match self.error {
            Some(error) => {
                stats.stop = StopReason::Failed;
                (stats, Err(error))
            }
            None => (stats, Ok(stats)),
        }
    }
}

impl<V: Visitor> Explorer for Visiting<V> {
    #[inline(always)]
    fn solution(&mut self, solution: &Solution<'_>) -> ControlFlow<()> {
        let result = self.visitor.solution(solution);
        self.flow(result)
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        let result = self.visitor.progress(progress);
        self.flow(result)
    }
}
