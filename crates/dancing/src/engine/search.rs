//! Listing and counting through the front door: the parallel search (which
//! runs on the caller's thread when there is one thread), the seed's
//! mapping back to the input's options, the solution limit, and the
//! memoized count with its fallback to the plain search.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use bumpalo::Bump;

use super::Engine;
use super::config::Counting;
use super::report::{Algorithm, Report};
use super::request::{Request, RequestClock};
use crate::cells::{Branching, DancingCells};
use crate::config::SearchConfig;
use crate::parallel::ParallelSolver;
use crate::problem::OptionId;
use crate::problem::Problem;
use crate::relabel::Shuffled;
use crate::search::{MemoConfig, MemoError, Search};
use crate::visit::{FnVisitor, Progress, Solution, Stats, StopReason, Visitor};

/// Why a count could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountError {
    /// The memoized count does not fit in 128 bits.
    Overflow,
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Overflow => f.write_str("the number of solutions exceeds 2^128 - 1"),
        }
    }
}

impl std::error::Error for CountError {}

impl Engine {
    /// Runs the search, handing each solution (in the input's numbering,
    /// in the order of one thread unless the configuration says otherwise)
    /// and the progress to `visitor` on the caller's thread, within
    /// `request`. Either hook may stop the search by breaking (a solution's
    /// break says [`StopReason::Visitor`], a progress report's
    /// [`StopReason::Interrupted`]) or fail it with an error, which is
    /// returned.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dancing::{format, Engine, FnVisitor, Progress, Request, Solution};
    ///
    /// let problem = format::read_str("a b c\na\nb\nc\na b\nb c\n")?.problem;
    /// let mut lines = Vec::new();
    /// let report = Engine::new(problem.clone()).search(&Request::new(), FnVisitor {
    ///     solution: |solution: &Solution<'_>| {
    ///         let texts: Vec<String> = solution.options().iter().map(|&o| problem.option_text(o)).collect();
    ///         lines.push(texts.join(", "));
    ///         ControlFlow::Continue(())
    ///     },
    ///     progress: |_: &Progress| ControlFlow::Continue(()),
    /// })?;
    /// assert_eq!(report.solutions, 3);
    /// assert_eq!(lines, ["a, b, c", "a, b c", "a b, c"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The visitor's error.
    pub fn search<V: Visitor>(&self, request: &Request, visitor: V) -> Result<Report, V::Error> {
        let clock = request.start();
        if request.get_max_solutions() == Some(0) {
            return Ok(Report::nothing(
                StopReason::Visitor,
                self.config.get_threads(),
                clock.elapsed(),
            ));
        }
        let limited = Limited {
            visitor,
            left: request.get_max_solutions().unwrap_or(u64::MAX),
            mapping: self.linked.shuffled.as_ref().map(|shuffled| Mapping {
                shuffled,
                buffer: Vec::new(),
            }),
        };
        if let Some(branching) = self.cells_branching() {
            return self.search_cells(&clock, branching, limited);
        }
        let mut solver = self.parallel(&clock, self.config.threads_set());
        let result = solver.run(limited);
        let report = self.report_of(&solver, solver.stats(), &clock);
        result.map(|_| report)
    }

    /// The first solution, in the [`Report`]'s `solution` (`None` when
    /// there is none, or the request stopped the search first): a search
    /// up to one solution, which stops there with
    /// [`StopReason::Visitor`] when it finds one.
    pub fn first(&self, request: &Request) -> Report {
        let mut found = None;
        let request = request.clone().max_solutions(1);
        let Ok(mut report) = self.search(
            &request,
            FnVisitor {
                solution: |solution: &Solution<'_>| {
                    found = Some(solution.options().to_vec());
                    ControlFlow::Break(())
                },
                progress: |_: &Progress| ControlFlow::Continue(()),
            },
        );
        report.solution = found;
        report
    }

    /// Counts the solutions within `request`, as the configuration's
    /// [`Counting`] says (the plain search up to a solution limit).
    ///
    /// # Errors
    /// [`CountError::Overflow`] if a memoized count exceeds `u128::MAX`.
    pub fn count(&self, request: &Request) -> Result<Report, CountError> {
        self.count_monitored(request, |_| ControlFlow::Continue(()))
    }

    /// [`count`](Self::count), calling `monitor` with the progress (about
    /// every progress interval of the configuration), which may stop the
    /// count by breaking ([`StopReason::Interrupted`]).
    ///
    /// # Errors
    /// As [`count`](Self::count).
    pub fn count_monitored(
        &self,
        request: &Request,
        monitor: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<Report, CountError> {
        match self.config.get_counting() {
            Counting::Memo { memory_limit } if request.get_max_solutions().is_none() => {
                self.count_memoized(request, memory_limit, monitor)
            }
            _ => Ok(self.count_plain(&request.start(), request, monitor)),
        }
    }

    /// The plain count, on the configured threads, within `clock`.
    fn count_plain(
        &self,
        clock: &RequestClock,
        request: &Request,
        monitor: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Report {
        if request.get_max_solutions() == Some(0) {
            return Report::nothing(
                StopReason::Visitor,
                self.config.get_threads(),
                clock.elapsed(),
            );
        }
        let limit = request.get_max_solutions().unwrap_or(u64::MAX);
        if let Some(branching) = self.cells_branching() {
            let counter = Limited {
                visitor: FnVisitor {
                    solution: |_: &Solution<'_>| ControlFlow::Continue(()),
                    progress: monitor,
                },
                left: limit,
                mapping: None,
            };
            let Ok(report) = self.search_cells(clock, branching, counter);
            return report;
        }
        // Without threads set, a small tree is counted before the cores
        // are asked for (`ParallelSolver::threads`).
        let mut solver = self.parallel(clock, self.config.threads_set());
        let stats = solver.count_within(limit, monitor);
        self.report_of(&solver, stats, clock)
    }

    /// The memoized count: one cache shared by all threads, bounded to
    /// `memory_limit` bytes. A cache that turns itself off hands the count
    /// to the plain search on every thread (the trial's few thousand nodes
    /// per thread are lost), within what is left of the request.
    fn count_memoized(
        &self,
        request: &Request,
        memory_limit: usize,
        mut monitor: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<Report, CountError> {
        let clock = request.start();
        let threads = self.config.get_threads();
        let memo = MemoConfig::new().memory_limit(memory_limit).hand_back(true);
        let mut solver = self.parallel(&clock, Some(threads));
        // The memoized walk honours the node cap only: the token and the
        // clock are looked at here, at its progress reports.
        let mut stop = None;
        let counted = solver.count_memoized_monitored(&memo, |progress| {
            stop = clock.spent();
            if stop.is_none() && monitor(progress).is_break() {
                stop = Some(StopReason::Interrupted);
            }
            if stop.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let counted = counted.map_err(|error| match error {
            MemoError::Overflow => CountError::Overflow,
        })?;
        if counted.cache.turned_off && stop.is_none() {
            drop(solver);
            let mut report = self.count_plain(&clock, request, monitor);
            report.cache = Some(counted.cache);
            return Ok(report);
        }
        let mut stats = counted.stats;
        stats.stop = match stats.stop {
            StopReason::Complete => StopReason::Complete,
            StopReason::NodeLimit => StopReason::NodeLimit,
            _ => stop.unwrap_or(StopReason::Cancelled),
        };
        Ok(Report {
            stats,
            solutions: counted.solutions,
            explored: if stats.is_complete() {
                1.0
            } else {
                solver.explored()
            },
            profile: Vec::new(),
            cache: Some(counted.cache),
            threads,
            algorithm: Algorithm::Links,
            elapsed: clock.elapsed(),
            solution: None,
        })
    }

    /// The rule to search with on dancing cells, when the configuration
    /// asks for a learning rule and the problem has no item bounds; `None`
    /// for the links.
    fn cells_branching(&self) -> Option<Branching> {
        let branching = self.config.get_branching();
        (branching.learns() && branching.searches(self.searched_problem())).then_some(branching)
    }

    /// The problem the searches run on: the shuffled one, with a seed.
    fn searched_problem(&self) -> &Problem {
        self.linked
            .shuffled
            .as_ref()
            .map_or(&*self.linked.problem, Shuffled::problem)
    }

    /// The search on dancing cells under `branching`, on the caller's
    /// thread, within `clock`, laid out for this call.
    fn search_cells<V: Visitor>(
        &self,
        clock: &RequestClock,
        branching: Branching,
        visitor: V,
    ) -> Result<Report, V::Error> {
        let bump = Bump::new();
        let mut cells = DancingCells::new(self.searched_problem(), &bump).with_branching(branching);
        let stats = cells.search_within(
            &clock.budget(),
            self.config.get_progress_interval(),
            visitor,
        )?;
        Ok(Report {
            stats,
            solutions: u128::from(stats.solutions),
            explored: cells.explored_at_stop(),
            profile: Vec::new(),
            cache: None,
            threads: 1,
            algorithm: Algorithm::Cells(branching),
            elapsed: clock.elapsed(),
            solution: None,
        })
    }

    /// The parallel search of the linked problem, within `clock`, on
    /// `threads` threads (unset: the parallel search's default).
    fn parallel(&self, clock: &RequestClock, threads: Option<usize>) -> ParallelSolver {
        let mut config = SearchConfig::new()
            .ordered(self.config.get_ordered())
            .budget(clock.budget())
            .progress_interval(self.config.get_progress_interval());
        if let Some(threads) = threads {
            config = config.threads(threads);
        }
        ParallelSolver::from_template(Arc::clone(&self.linked.template)).with_config(config)
    }

    /// The report of `solver`'s last search, which ended with `stats`.
    fn report_of(&self, solver: &ParallelSolver, stats: Stats, clock: &RequestClock) -> Report {
        Report {
            stats,
            solutions: u128::from(stats.solutions),
            explored: solver.explored(),
            profile: solver.profile().to_vec(),
            cache: None,
            threads: solver.threads(),
            algorithm: Algorithm::Links,
            elapsed: clock.elapsed(),
            solution: None,
        }
    }
}

/// The seed's mapping back: `options`, a solution of the problem searched,
/// written over `out` in the input's numbering (as they are without a
/// shuffle). Every listing of the engine maps its solutions here.
pub(super) fn map_back(shuffled: Option<&Shuffled>, options: &[OptionId], out: &mut Vec<OptionId>) {
    out.clear();
    match shuffled {
        None => out.extend_from_slice(options),
        Some(shuffled) => out.extend(options.iter().map(|&o| shuffled.original(o))),
    }
}

/// The seed's shuffle, which maps the searched options back to the
/// input's, and the buffer a mapped solution is written to.
struct Mapping<'s> {
    shuffled: &'s Shuffled,
    buffer: Vec<OptionId>,
}

/// A visitor seen through the request's solution limit and the seed's
/// mapping.
struct Limited<'s, V> {
    visitor: V,
    left: u64,
    mapping: Option<Mapping<'s>>,
}

impl<V: Visitor> Visitor for Limited<'_, V> {
    type Error = V::Error;

    #[inline]
    fn solution(&mut self, solution: &Solution<'_>) -> Result<ControlFlow<()>, V::Error> {
        let flow = match &mut self.mapping {
            None => self.visitor.solution(solution)?,
            Some(Mapping { shuffled, buffer }) => {
                map_back(Some(shuffled), solution.options(), buffer);
                self.visitor.solution(&Solution { options: buffer })?
            }
        };
        self.left -= 1;
        Ok(if self.left == 0 {
            ControlFlow::Break(())
        } else {
            flow
        })
    }

    fn progress(&mut self, progress: &Progress) -> Result<ControlFlow<()>, V::Error> {
        self.visitor.progress(progress)
    }
}
