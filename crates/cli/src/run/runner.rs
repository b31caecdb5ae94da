//! The one runner of a search, shared by `dlx solve` and `dlx gen
//! --solve/--count`: it links the problem, searches it on the plan's
//! threads within its budgets (plainly, or counting with the cache of
//! `--memo`), shows progress, honours Ctrl-C, hands each solution to a
//! [`Printer`], and returns a [`RunOutcome`] after the summary.

use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use dancing::engine::{Algorithm, CacheStats};
use dancing::{Config, Counting, Engine, Problem, Progress, Solution, Stats, StopReason, Visitor};

use super::clock::Clock;
use super::outcome::{MemoReport, RunOutcome};
use super::plan::SearchPlan;
use super::printer::Printer;
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
    pub fn search(
        &self,
        problem: impl Into<Arc<Problem>>,
        printer: &mut impl Printer,
    ) -> io::Result<RunOutcome> {
        let search = self.search;
        let problem = problem.into();
        if let Some(why) = search.refusal(&problem) {
            printer.begin()?;
            let refusal = format!("{}: {why}", self.name);
            return self.refused(&problem, refusal, false, printer);
        }
        let counting = match search.memo_limit {
            Some(memory_limit) => Counting::Memo { memory_limit },
            None => Counting::Plain,
        };
        let config = Config::new()
            .seed(search.seed)
            .counting(counting)
            .branching(search.branching)
            .progress_interval(self.poll());
        // Linking a huge problem takes a while: Ctrl-C and the clock stop it.
        let Some(engine) = Engine::builder()
            .config(config.clone())
            .build_until(problem, &self.clock.stop())
        else {
            printer.begin()?;
            return self.stopped_linking(search.threads(), printer);
        };
        // Threads not given are left to the engine, which asks the system
        // for the cores only when the search needs them (a tiny search is
        // over sooner than the asking), wherever their copies of the
        // matrix need not be weighed against the memory.
        let engine = match search.threads_given {
            None if memory::copies_unweighed(engine.copy_bytes()) => engine,
            given => {
                let wanted = given.unwrap_or_else(dancing::engine::default_threads);
                let threads = memory::threads_that_fit(wanted, engine.copy_bytes(), self.name);
                engine.with_config(config.threads(threads))
            }
        };
        let mut request = self.clock.request();
        if let Some(nodes) = search.max_nodes {
            request = request.max_nodes(nodes);
        }
        if let Some(solutions) = self.max_solutions {
            request = request.max_solutions(solutions);
        }
        let problem = engine.problem();
        let visits = printer.wants_solutions() || self.max_solutions.is_some();
        let progress = self.progress_bar(printer.wants_solutions());
        let started = self.clock.started();
        let report = if visits {
            printer.begin()?;
            let searched = engine.search(
                &request,
                Printing {
                    printer: &mut *printer,
                    problem,
                    found: 0,
                    progress: |state: &Progress| self.show_progress(&progress, state),
                },
            );
            progress.finish();
            searched?
        } else {
            let counted = engine.count_monitored(&request, |state| {
                self.show_progress(&progress, state);
                ControlFlow::Continue(())
            });
            progress.finish();
            printer.begin()?;
            match counted {
                Ok(report) => report,
                Err(error) => {
                    let refused = format!("{}: --memo: {error}", self.name);
                    return self.refused(problem, refused, true, printer);
                }
            }
        };
        // A memoized count that kept its cache to the end: its figures
        // include no cleansings of bounds, and it has no profile.
        let memoized = report.cache.is_some_and(|cache| !cache.turned_off);
        let outcome = RunOutcome {
            stats: report.stats,
            elapsed: started.elapsed(),
            threads: report.threads,
            stop: (!report.is_complete()).then(|| report.stop()),
            explored: Some(report.explored),
            profile: report.profile.clone(),
            stopped_reading_at: None,
            // Dancing cells count no cleansings.
            cleansings_counted: report.algorithm == Algorithm::Links
                && (problem.has_colors() || (problem.has_bounds() && !memoized)),
            memo: report.cache.map(|cache| MemoReport {
                solutions: report.solutions,
                cache,
            }),
            algorithm: report.algorithm,
            refused: None,
        };
        self.finish(printer, &outcome)?;
        Ok(outcome)
    }

    /// Reports a search refused (with `refusal`; `memo` for a `--memo`
    /// count): an error.
    fn refused(
        &self,
        problem: &Problem,
        refusal: String,
        memo: bool,
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
            memo: memo.then(|| MemoReport {
                solutions: 0,
                cache: CacheStats::default(),
            }),
            algorithm: Algorithm::Links,
            refused: Some(refusal),
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

    /// Shows the search's state on the bar.
    fn show_progress(&self, progress: &ProgressBar, state: &Progress) {
        progress.set_position((state.fraction * 1000.0) as u64);
        let elapsed = self.clock.started().elapsed().as_secs_f64();
        let rate = state.stats.nodes as f64 / elapsed.max(1e-9);
        progress.set_message(format!(
            "{} solutions, {} nodes, {}/s",
            state.stats.solutions,
            abbreviate(state.stats.nodes as f64),
            abbreviate(rate)
        ));
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
            threads: self.search.threads(),
            stop: Some(stop),
            explored: Some(0.0),
            profile: Vec::new(),
            stopped_reading_at: Some(line),
            cleansings_counted: false,
            memo: None,
            algorithm: Algorithm::Links,
            refused: None,
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
            algorithm: Algorithm::Links,
            refused: None,
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

/// The visitor of a search whose solutions are printed: each goes to the
/// printer, numbered from 1, and the progress to the bar.
struct Printing<'p, P, S> {
    printer: &'p mut P,
    problem: &'p Problem,
    found: u64,
    progress: S,
}

impl<P: Printer, S: FnMut(&Progress)> Visitor for Printing<'_, P, S> {
    type Error = io::Error;

    fn solution(&mut self, solution: &Solution<'_>) -> io::Result<ControlFlow<()>> {
        self.found += 1;
        self.printer
            .solution(self.problem, self.found, solution.options())?;
        Ok(ControlFlow::Continue(()))
    }

    fn progress(&mut self, progress: &Progress) -> io::Result<ControlFlow<()>> {
        (self.progress)(progress);
        Ok(ControlFlow::Continue(()))
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
