//! What a run adds up to: the totals, the exit status, and the summaries
//! (`--stats` on stderr, the JSON summary record).

use std::time::Duration;

use serde_json::{Value, json};

use super::args::Config;
use crate::status::Status;

/// Counts for the summary, and the exit status so far.
#[derive(Clone, Copy, Debug)]
pub(super) struct Totals {
    /// Puzzles read, bad ones included.
    pub(super) puzzles: u64,
    pub(super) solved: u64,
    pub(super) unsolvable: u64,
    pub(super) not_unique: u64,
    /// Puzzles whose budget ran out before they were decided.
    pub(super) gave_up: u64,
    /// Puzzles that could not be read or have contradictory givens.
    pub(super) invalid: u64,
    /// Problems of an input as a whole: unreadable, bad count line.
    pub(super) errors: u64,
    /// Puzzles whose given solution (a CSV column) is wrong.
    pub(super) mismatches: u64,
    pub(super) nodes: u64,
    /// Time in the solver, added over threads.
    pub(super) solve_time: Duration,
    pub(super) status: Status,
}

impl Default for Totals {
    fn default() -> Totals {
        Totals {
            puzzles: 0,
            solved: 0,
            unsolvable: 0,
            not_unique: 0,
            gave_up: 0,
            invalid: 0,
            errors: 0,
            mismatches: 0,
            nodes: 0,
            solve_time: Duration::ZERO,
            status: Status::Success,
        }
    }
}

impl Totals {
    pub(super) fn add(&mut self, other: &Totals) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.unsolvable += other.unsolvable;
        self.not_unique += other.not_unique;
        self.gave_up += other.gave_up;
        self.invalid += other.invalid;
        self.errors += other.errors;
        self.mismatches += other.mismatches;
        self.nodes += other.nodes;
        self.solve_time += other.solve_time;
        self.status = self.status.worst(other.status);
    }

    pub(super) fn fail(&mut self, status: Status) {
        self.status = self.status.worst(status);
    }
}

/// The JSON summary record; `interrupted` says the run was cut short by
/// Ctrl-C, and the totals are those of the puzzles answered.
pub(super) fn summary_json(
    config: &Config,
    totals: &Totals,
    elapsed: Duration,
    interrupted: bool,
) -> Value {
    json!({
        "type": "summary",
        "engine": config.engine.name(),
        "puzzles": totals.puzzles,
        "solved": totals.solved,
        "unsolvable": totals.unsolvable,
        "not_unique": totals.not_unique,
        "gave_up": totals.gave_up,
        "invalid": totals.invalid,
        "errors": totals.errors,
        "mismatches": totals.mismatches,
        "nodes": totals.nodes,
        "time_seconds": elapsed.as_secs_f64(),
        "solve_seconds": totals.solve_time.as_secs_f64(),
        "us_per_puzzle": per_puzzle(elapsed, totals.puzzles),
        "interrupted": interrupted,
    })
}

/// The `--stats` line: `name value` pairs, like `dlx solve --stats`.
pub(super) fn print_stats(config: &Config, totals: &Totals, elapsed: Duration, interrupted: bool) {
    crate::diag!(
        "engine {} puzzles {} solved {} unsolvable {} not-unique {} gave-up {} invalid {} errors {} \
         mismatches {} nodes {} time {:.3}s solve-time {:.3}s us-per-puzzle {:.2}{}",
        config.engine,
        totals.puzzles,
        totals.solved,
        totals.unsolvable,
        totals.not_unique,
        totals.gave_up,
        totals.invalid,
        totals.errors,
        totals.mismatches,
        totals.nodes,
        elapsed.as_secs_f64(),
        totals.solve_time.as_secs_f64(),
        per_puzzle(elapsed, totals.puzzles),
        if interrupted { " interrupted yes" } else { "" },
    );
}

/// Microseconds per puzzle over the whole run (reading, solving, writing).
pub(super) fn per_puzzle(elapsed: Duration, puzzles: u64) -> f64 {
    if puzzles == 0 {
        0.0
    } else {
        elapsed.as_secs_f64() * 1e6 / puzzles as f64
    }
}
