//! The one runner of a search, shared by `dlx solve` and `dlx gen
//! --solve/--count`: it links the problem, searches it on the plan's
//! threads within its budgets (plainly, or counting with the cache of
//! `--memo`), shows progress, honours Ctrl-C, hands each solution to a
//! [`Printer`], and returns a [`RunOutcome`] after the summary.

use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::time::Duration;

use dancing::{
    CacheStats, MemoConfig, ParallelSolver, Problem, Progress, Search, SearchConfig, Shuffled,
    Stats, StopReason, Template,
};

use super::clock::Clock;
use super::outcome::{MemoReport, RunOutcome};
use super::plan::SearchPlan;
use super::printer::{Printer, Quiet};
use super::report::report;
use crate::memory;
use crate::progress::ProgressBar;

/// The most time between two looks at the budget (and Ctrl-C) during a
/// search: half the 0.1 s in which a stop must take effect.
const MAX_POLL: Duration = Duration::from_millis(50);

/// The least time between two looks, for tiny budgets.
const MIN_POLL: Duration = Duration::from_millis(1);

/// The progress line: the input, the time, the bar of Knuth's estimate,
/// and solutions and nodes as far as the terminal's width allows.
const PROGRESS: &str = "{prefix} {elapsed_precise} {bar:20} ~{percent}% {wide_msg}";

/// The most characters of the input's name on the progress line.
const PREFIX_CHARS: usize = 20;

/// One run: how to search, within what, and how the input is named.
pub struct Runner<'a> {
    /// How to search and what to report.
    pub search: &'a SearchPlan,
    /// Started when the input started being read.
    pub clock: Clock,
    /// `-n`/`--max`: stop after this many solutions.
    pub max_solutions: Option<u64>,
    /// The input's name, on the progress bar and in messages.
    pub name: &'a str,
    /// Whether summary lines start with the name (one of several inputs).
    pub prefixed: bool,
}

impl Runner<'_> {
    /// Searches `problem`, handing the solutions to `printer`, then writes
    /// the summary on standard error. Fails only when writing the output
    /// fails.
    pub fn search(&self, problem: &Problem, printer: &mut impl Printer) -> io::Result<RunOutcome> {
        match self.search.memo_limit {
            Some(limit) => self.count_memoized(problem, limit, printer),
            None => self.search_plain(problem, printer),
        }
    }

    /// [`search`](Self::search) without `--memo`: the parallel search.
    fn search_plain(
        &self,
        problem: &Problem,
        printer: &mut impl Printer,
    ) -> io::Result<RunOutcome> {
        let search = self.search;
        let threads = search.threads;
        let limit = self.max_solutions.unwrap_or(u64::MAX);
        printer.begin()?;
        let visits = printer.wants_solutions() || self.max_solutions.is_some();
        // `--seed`: the search runs on a shuffled copy, and its solutions
        // are mapped back to the input's options.
        let shuffled = search.seed.map(|seed| Shuffled::new(problem, seed));
        let searched = shuffled.as_ref().map_or(problem, Shuffled::problem);
        let mut originals = Vec::new();
        // Linking a huge problem takes a while: Ctrl-C and the clock stop it.
        let Some(template) = Template::new_cancellable(searched, || self.clock.spent().is_some())
        else {
            return self.stopped_linking(threads, printer);
        };
        let threads = memory::threads_that_fit(threads, template.copy_bytes(), self.name);
        let config = SearchConfig::new()
            .threads(threads)
            .ordered(true)
            .node_limit(search.max_nodes)
            .progress_interval(self.poll());
        let mut solver = ParallelSolver::from_template(template).with_config(config);
        let mut written: io::Result<()> = Ok(());
        let mut found = 0u64;
        let mut stop = None;
        let progress = self.progress_bar(printer.wants_solutions());
        let visit = |solution: &dancing::Solution<'_>| {
            found += 1;
            let options = match &shuffled {
                Some(shuffled) => {
                    originals.clear();
                    originals.extend(solution.options().iter().map(|&o| shuffled.original(o)));
                    &originals[..]
                }
                None => solution.options(),
            };
            written = printer.solution(problem, found, options);
            if written.is_err() || found == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let started = self.clock.started();
        let monitor = |state: &Progress| {
            stop = self.show_progress(&progress, state);
            if stop.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let stats = if limit == 0 {
            stop = Some(StopReason::Visitor);
            Stats {
                stop: StopReason::Visitor,
                ..Stats::default()
            }
        } else if visits {
            solver.search_monitored(visit, monitor)
        } else {
            // Counting only: the solutions need not travel between threads.
            solver.count_monitored(monitor)
        };
        // Cleared before anything more is written on the terminal.
        progress.finish();
        written?;
        let stop = if stats.is_complete() {
            None
        } else {
            // Not stopped by the monitor: by `-n` (the visitor), or by the
            // engine at the node budget.
            Some(stop.unwrap_or(match stats.stop {
                StopReason::NodeLimit => StopReason::NodeLimit,
                _ => StopReason::Visitor,
            }))
        };
        let outcome = RunOutcome {
            stats,
            elapsed: started.elapsed(),
            threads,
            stop,
            // The engine's estimate where the search stopped, on any
            // number of threads.
            explored: Some(solver.explored()),
            profile: solver.profile().to_vec(),
            stopped_reading_at: None,
            cleansings_counted: problem.has_colors() || problem.has_bounds(),
            memo: None,
        };
        self.finish(printer, &outcome)?;
        Ok(outcome)
    }

    /// Counts `problem`'s solutions with the cache of `--memo` on `-j`
    /// threads (one cache shared by all, `--memo-limit` the total), then
    /// writes the summary. A cache that turns itself off hands the count
    /// to the plain search on every thread (the trial's few thousand nodes
    /// per thread are lost). Fails only when writing the output fails.
    fn count_memoized(
        &self,
        problem: &Problem,
        limit: usize,
        printer: &mut impl Printer,
    ) -> io::Result<RunOutcome> {
        let Some(template) = Template::new_cancellable(problem, || self.clock.spent().is_some())
        else {
            printer.begin()?;
            return self.stopped_linking(1, printer);
        };
        let memo = MemoConfig::new().memory_limit(limit).hand_back(true);
        let threads =
            memory::threads_that_fit(self.search.threads, template.copy_bytes(), self.name);
        let config = SearchConfig::new()
            .threads(threads)
            .node_limit(self.search.max_nodes)
            .progress_interval(self.poll());
        let mut solver = ParallelSolver::from_template(template).with_config(config);
        let progress = self.progress_bar(false);
        let mut stop = None;
        let counted = solver.count_memoized_monitored(&memo, |state| {
            stop = self.show_progress(&progress, state);
            if stop.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        progress.finish();
        let counted = match counted {
            Ok(counted) => counted,
            Err(error) => {
                printer.begin()?;
                let refused = format!("{}: --memo: {error}", self.name);
                return self.refused(problem, refused, printer);
            }
        };
        if counted.cache.turned_off && stop.is_none() {
            // The trial's matrix is not needed by the plain search, which
            // links its own.
            drop(solver);
            // Reported once, below, with the cache's figures.
            let unreported = SearchPlan {
                stats: false,
                profile: false,
                ..self.search.clone()
            };
            let plain = Runner {
                search: &unreported,
                ..*self
            };
            let mut outcome = plain.search_plain(problem, &mut Quiet(printer))?;
            outcome.memo = Some(MemoReport {
                solutions: u128::from(outcome.stats.solutions),
                cache: counted.cache,
                refused: None,
            });
            return self.finish(printer, &outcome).map(|()| outcome);
        }
        printer.begin()?;
        let stop = match counted.stats.stop {
            StopReason::Complete => None,
            StopReason::NodeLimit => Some(StopReason::NodeLimit),
            _ => Some(stop.unwrap_or(StopReason::Cancelled)),
        };
        let outcome = RunOutcome {
            stats: counted.stats,
            elapsed: self.clock.started().elapsed(),
            threads,
            stop,
            explored: Some(solver.explored()),
            profile: Vec::new(),
            stopped_reading_at: None,
            cleansings_counted: problem.has_colors(),
            memo: Some(MemoReport {
                solutions: counted.solutions,
                cache: counted.cache,
                refused: None,
            }),
        };
        self.finish(printer, &outcome)?;
        Ok(outcome)
    }

    /// Reports a count that `--memo` refused (with `refusal`): an error.
    fn refused(
        &self,
        problem: &Problem,
        refusal: String,
        printer: &mut impl Printer,
    ) -> io::Result<RunOutcome> {
        let outcome = RunOutcome {
            stats: Stats {
                stop: StopReason::Failed,
                ..Stats::default()
            },
            elapsed: self.clock.started().elapsed(),
            threads: 1,
            stop: None,
            explored: None,
            profile: Vec::new(),
            stopped_reading_at: None,
            cleansings_counted: problem.has_colors(),
            memo: Some(MemoReport {
                solutions: 0,
                cache: CacheStats::default(),
                refused: Some(refusal),
            }),
        };
        self.finish(printer, &outcome)?;
        Ok(outcome)
    }

    /// How often the budget (and Ctrl-C) is looked at: often enough to
    /// stop within 1% of a short budget.
    fn poll(&self) -> Duration {
        self.search
            .time_limit
            .map_or(MAX_POLL, |limit| (limit / 100).clamp(MIN_POLL, MAX_POLL))
    }

    /// The progress bar of a search, hidden with `--quiet` and where it
    /// would garble solutions printed on the same terminal.
    fn progress_bar(&self, printing_solutions: bool) -> ProgressBar {
        if self.search.quiet || (printing_solutions && io::stdout().is_terminal()) {
            ProgressBar::hidden()
        } else {
            // Knuth's estimate, in tenths of a percent.
            let bar = ProgressBar::bar(1000, PROGRESS);
            bar.set_prefix(tail(self.name, PREFIX_CHARS));
            bar
        }
    }

    /// Shows the search's state on the bar, and says why to stop, if the
    /// budget is spent.
    fn show_progress(&self, progress: &ProgressBar, state: &Progress) -> Option<StopReason> {
        progress.set_position((state.fraction * 1000.0) as u64);
        let elapsed = self.clock.started().elapsed().as_secs_f64();
        let rate = state.stats.nodes as f64 / elapsed.max(1e-9);
        progress.set_message(format!(
            "{} solutions, {} nodes, {}/s",
            state.stats.solutions,
            abbreviate(state.stats.nodes as f64),
            abbreviate(rate)
        ));
        self.clock.spent()
    }

    /// Reports an input whose reading stopped at `line` (Ctrl-C or the
    /// clock): nothing was searched.
    pub fn stopped_reading(
        &self,
        line: usize,
        stop: StopReason,
        printer: &mut impl Printer,
    ) -> io::Result<RunOutcome> {
        let outcome = RunOutcome {
            stats: nothing_searched(),
            elapsed: self.clock.started().elapsed(),
            threads: self.search.threads,
            stop: Some(stop),
            explored: Some(0.0),
            profile: Vec::new(),
            stopped_reading_at: Some(line),
            cleansings_counted: false,
            memo: None,
        };
        self.finish(printer, &outcome)?;
        Ok(outcome)
    }

    /// Reports an input whose linking was stopped (Ctrl-C or the clock):
    /// nothing was searched.
    fn stopped_linking(
        &self,
        threads: usize,
        printer: &mut impl Printer,
    ) -> io::Result<RunOutcome> {
        let outcome = RunOutcome {
            stats: nothing_searched(),
            elapsed: self.clock.started().elapsed(),
            threads,
            stop: Some(self.clock.spent().unwrap_or(StopReason::Cancelled)),
            explored: Some(0.0),
            profile: Vec::new(),
            stopped_reading_at: None,
            cleansings_counted: false,
            memo: None,
        };
        self.finish(printer, &outcome)?;
        Ok(outcome)
    }

    /// The printer's end, then the summary after the output it describes.
    fn finish(&self, printer: &mut impl Printer, outcome: &RunOutcome) -> io::Result<()> {
        printer.finish(outcome)?;
        report(
            self.search,
            self.name,
            self.prefixed,
            printer.summary_on_stderr(),
            outcome,
        );
        Ok(())
    }
}

/// The last `max` characters of `name`, after an ellipsis if cut.
fn tail(name: &str, max: usize) -> String {
    let chars = name.chars().count();
    if chars <= max {
        name.to_owned()
    } else {
        let kept: String = name.chars().skip(chars + 1 - max).collect();
        format!("…{kept}")
    }
}

/// A count with a metric suffix: `950`, `12.3k`, `4.56M`, `7.89G`.
fn abbreviate(value: f64) -> String {
    match value {
        v if v < 1e3 => format!("{v:.0}"),
        v if v < 1e6 => format!("{:.1}k", v / 1e3),
        v if v < 1e9 => format!("{:.2}M", v / 1e6),
        v => format!("{:.2}G", v / 1e9),
    }
}

/// The statistics of a search stopped before it began (while reading or
/// linking its problem).
fn nothing_searched() -> Stats {
    Stats {
        stop: StopReason::Interrupted,
        ..Stats::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_template_is_valid() {
        assert!(crate::progress::is_valid_template(PROGRESS));
    }

    #[test]
    fn long_names_keep_their_end() {
        assert_eq!(tail("toy.dlx", 20), "toy.dlx");
        assert_eq!(tail("/very/long/path/to/problem.dlx", 12), "…problem.dlx");
        assert_eq!(
            tail("/very/long/path/to/problem.dlx", 12).chars().count(),
            12
        );
        assert_eq!(tail("åäöåäö", 3), "…äö");
    }

    #[test]
    fn counts_are_abbreviated() {
        assert_eq!(abbreviate(950.0), "950");
        assert_eq!(abbreviate(12_345.0), "12.3k");
        assert_eq!(abbreviate(4_560_000.0), "4.56M");
        assert_eq!(abbreviate(7.89e9), "7.89G");
    }
}
