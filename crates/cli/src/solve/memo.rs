//! `--memo`: counting with the engine's cache of subproblems
//! ([`ParallelSolver::count_memoized`]; plain, colored and bounded
//! problems), on the threads of `-j`, within the same budgets, progress bar
//! and summary as any other search; and `--memo-limit`'s sizes.

use std::io;

use std::ops::ControlFlow;

use dancing::{
    CacheStats, DEFAULT_MEMO_LIMIT, MemoConfig, OptionId, ParallelSolver, Problem, SearchConfig,
    Stats, StopReason, Template,
};

use super::args::SearchArgs;
use super::budget::Stop;
use super::printer::Printer;
use super::runner::{Outcome, Run};

/// What a memoized count adds to a run's outcome.
#[derive(Clone, Debug)]
pub struct MemoReport {
    /// The exact count (the statistics' `solutions` stops at `u64::MAX`).
    pub solutions: u128,
    pub cache: CacheStats,
    /// Why the count could not be made, if it could not: the run is then
    /// an error and no count is printed.
    pub refused: Option<String>,
}

impl Run<'_> {
    /// Counts `problem`'s solutions with the cache of `--memo` on `-j`
    /// threads (one cache shared by all, `--memo-limit` the total), then
    /// writes the summary. A cache that turns itself off hands the count
    /// to the plain search on every thread (the trial's few thousand nodes
    /// per thread are lost). Fails only when writing the output fails.
    pub(super) fn count_memoized(
        &self,
        problem: &Problem,
        printer: &mut impl Printer,
    ) -> io::Result<Outcome> {
        let Some(template) = Template::new_cancellable(problem, || self.budget.spent().is_some())
        else {
            printer.begin()?;
            return self.stopped_linking(1, printer);
        };
        let limit = self.search.memo_limit.unwrap_or(DEFAULT_MEMO_LIMIT);
        let memo = MemoConfig::new().memory_limit(limit).hand_back(true);
        let threads = self.search.thread_count();
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
            let unreported = SearchArgs {
                stats: false,
                profile: false,
                ..self.search.clone()
            };
            let plain = Run {
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
            StopReason::NodeLimit => Some(Stop::MaxNodes),
            _ => Some(stop.unwrap_or(Stop::Interrupted)),
        };
        let outcome = Outcome {
            stats: counted.stats,
            elapsed: self.budget.started().elapsed(),
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
    ) -> io::Result<Outcome> {
        let outcome = Outcome {
            stats: Stats {
                stop: StopReason::Failed,
                ..Stats::default()
            },
            elapsed: self.budget.started().elapsed(),
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
}

/// A printer that writes nothing at the end of a search, or its summary:
/// the plain search that takes a count over from `--memo` reports through
/// it, and the count is then reported once, with the cache's figures.
struct Quiet<'p, P>(&'p mut P);

impl<P: Printer> Printer for Quiet<'_, P> {
    fn wants_solutions(&self) -> bool {
        self.0.wants_solutions()
    }

    fn begin(&mut self) -> io::Result<()> {
        self.0.begin()
    }

    fn solution(&mut self, problem: &Problem, number: u64, options: &[OptionId]) -> io::Result<()> {
        self.0.solution(problem, number, options)
    }

    fn finish(&mut self, _outcome: &Outcome) -> io::Result<()> {
        Ok(())
    }

    fn summary_on_stderr(&self) -> bool {
        false
    }
}

/// Parses a memory size for `--memo-limit`: bytes, or a number with a
/// suffix `K`, `M`, `G` or `T` (powers of 1024; `KiB`, `MB` and the like
/// too), like `64M` or `1.5G`.
pub fn parse_size(text: &str) -> Result<usize, String> {
    const UNITS: [(char, f64); 4] = [
        ('K', 1024.0),
        ('M', 1024.0 * 1024.0),
        ('G', 1024.0 * 1024.0 * 1024.0),
        ('T', 1024.0 * 1024.0 * 1024.0 * 1024.0),
    ];
    let trimmed = text.trim();
    let unitless = trimmed
        .strip_suffix("iB")
        .or_else(|| trimmed.strip_suffix('B'))
        .unwrap_or(trimmed);
    let (number, scale) = match unitless.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some(last) => match UNITS.iter().find(|(unit, _)| *unit == last) {
            Some(&(_, scale)) => (&unitless[..unitless.len() - 1], scale),
            None => (unitless, 1.0),
        },
        None => (unitless, 1.0),
    };
    let value: f64 = number
        .trim()
        .parse()
        .ok()
        .filter(|value: &f64| value.is_finite() && *value >= 0.0)
        .ok_or_else(|| {
            format!("`{text}` is not a size: a number of bytes with an optional K, M, G or T, like 64M or 1G")
        })?;
    let bytes = value * scale;
    if bytes > usize::MAX as f64 {
        return Err(format!(
            "`{text}` is more memory than this machine can address"
        ));
    }
    Ok(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_binary_suffixes() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("64m"), Ok(64 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_size("512KB"), Ok(512 << 10));
        assert_eq!(parse_size("1.5K"), Ok(1536));
        assert_eq!(parse_size("0"), Ok(0));
        for bad in ["", "M", "-1M", "lots", "1X", "nan", "inf", "1e300T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }
}
