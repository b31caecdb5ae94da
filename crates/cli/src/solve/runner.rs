//! The search-run-report that `dlx solve` and `dlx gen --solve/--count`
//! share: threads, budgets, progress, Ctrl-C, the printer, and the summary.

use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::time::Duration;

use dancing::{
    ParallelSolver, Problem, Progress as SearchState, SearchConfig, Shuffled, Stats, StopReason,
    Template,
};

use super::args::SearchArgs;
use super::budget::{Budget, Stop};
use super::memo::MemoReport;
use super::printer::{Printer, report};
use crate::progress::Progress;
use crate::status::Status;
use dancing::Search;

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
pub struct Run<'a> {
    pub search: &'a SearchArgs,
    /// Started when the input started being read.
    pub budget: Budget,
    /// `-n`/`--max`: stop after this many solutions.
    pub max_solutions: Option<u64>,
    /// The input's name, on the progress bar and in messages.
    pub name: &'a str,
    /// Whether summary lines start with the name (one of several inputs).
    pub prefixed: bool,
}

/// What a run did, for the printer and the summary.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub stats: Stats,
    /// From the start of reading to the end of the search.
    pub elapsed: Duration,
    pub threads: usize,
    /// Why the run ended early, if it did.
    pub stop: Option<Stop>,
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
}

impl Outcome {
    /// 0 when a solution was found, 1 when none was, 2 when a `--memo`
    /// count was refused.
    pub fn status(&self) -> Status {
        if self.refusal().is_some() {
            Status::Error
        } else if self.stats.solutions > 0 {
            Status::Success
        } else {
            Status::NotFound
        }
    }
}

impl Outcome {
    /// The number of solutions: exact for a `--memo` count, whose
    /// statistics stop at `u64::MAX`.
    pub fn solutions(&self) -> u128 {
        self.memo
            .as_ref()
            .map_or(u128::from(self.stats.solutions), |memo| memo.solutions)
    }

    /// Why a `--memo` count was refused, if it was.
    pub fn refusal(&self) -> Option<&str> {
        self.memo.as_ref()?.refused.as_deref()
    }
}

impl Run<'_> {
    /// Searches `problem`, handing the solutions to `printer`, then writes
    /// the summary on standard error. Fails only when writing the output
    /// fails.
    pub fn search(&self, problem: &Problem, printer: &mut impl Printer) -> io::Result<Outcome> {
        if self.search.memo {
            return self.count_memoized(problem, printer);
        }
        self.search_plain(problem, printer)
    }

    /// [`search`](Self::search) without `--memo`: the parallel search.
    pub(super) fn search_plain(
        &self,
        problem: &Problem,
        printer: &mut impl Printer,
    ) -> io::Result<Outcome> {
        let search = self.search;
        let threads = search.thread_count();
        let limit = self.max_solutions.unwrap_or(u64::MAX);
        printer.begin()?;
        let visits = printer.wants_solutions() || self.max_solutions.is_some();
        // `--seed`: the search runs on a shuffled copy, and its solutions
        // are mapped back to the input's options.
        let shuffled = search.seed.map(|seed| Shuffled::new(problem, seed));
        let searched = shuffled.as_ref().map_or(problem, Shuffled::problem);
        let mut originals = Vec::new();
        // Linking a huge problem takes a while: Ctrl-C and the clock stop it.
        let Some(template) = Template::new_cancellable(searched, || self.budget.spent().is_some())
        else {
            return self.stopped_linking(threads, printer);
        };
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
        let started = self.budget.started();
        let monitor = |state: &SearchState| {
            stop = self.show_progress(&progress, state);
            if stop.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let stats = if limit == 0 {
            stop = Some(Stop::MaxSolutions);
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
                StopReason::NodeLimit => Stop::MaxNodes,
                _ => Stop::MaxSolutions,
            }))
        };
        let outcome = Outcome {
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

    /// How often the budget (and Ctrl-C) is looked at: often enough to
    /// stop within 1% of a short budget.
    pub(super) fn poll(&self) -> Duration {
        self.search
            .time_limit
            .map_or(MAX_POLL, |limit| (limit / 100).clamp(MIN_POLL, MAX_POLL))
    }

    /// The progress bar of a search, hidden with `--quiet` and where it
    /// would garble solutions printed on the same terminal.
    pub(super) fn progress_bar(&self, printing_solutions: bool) -> Progress {
        if self.search.quiet || (printing_solutions && io::stdout().is_terminal()) {
            Progress::hidden()
        } else {
            // Knuth's estimate, in tenths of a percent.
            let bar = Progress::bar(1000, PROGRESS);
            bar.set_prefix(tail(self.name, PREFIX_CHARS));
            bar
        }
    }

    /// Shows the search's state on the bar, and says why to stop, if the
    /// budget is spent.
    pub(super) fn show_progress(&self, progress: &Progress, state: &SearchState) -> Option<Stop> {
        progress.set_position((state.fraction * 1000.0) as u64);
        let elapsed = self.budget.started().elapsed().as_secs_f64();
        let rate = state.stats.nodes as f64 / elapsed.max(1e-9);
        progress.set_message(format!(
            "{} solutions, {} nodes, {}/s",
            state.stats.solutions,
            abbreviate(state.stats.nodes as f64),
            abbreviate(rate)
        ));
        self.budget.spent()
    }

    /// Reports an input whose reading stopped at `line` (Ctrl-C or the
    /// clock): nothing was searched.
    pub fn stopped_reading(
        &self,
        line: usize,
        stop: Stop,
        printer: &mut impl Printer,
    ) -> io::Result<Outcome> {
        let outcome = Outcome {
            stats: nothing_searched(),
            elapsed: self.budget.started().elapsed(),
            threads: self.search.thread_count(),
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
    pub(super) fn stopped_linking(
        &self,
        threads: usize,
        printer: &mut impl Printer,
    ) -> io::Result<Outcome> {
        let outcome = Outcome {
            stats: nothing_searched(),
            elapsed: self.budget.started().elapsed(),
            threads,
            stop: Some(self.budget.spent().unwrap_or(Stop::Interrupted)),
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
    pub(super) fn finish(&self, printer: &mut impl Printer, outcome: &Outcome) -> io::Result<()> {
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
