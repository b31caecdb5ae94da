//! What a run adds up to: the totals, the exit status, and the summaries
//! (`--stats` on stderr, the JSON summary record).

use std::time::Duration;

use serde_json::{Value, json};

use dancing_sudoku::Engine;

use super::answer::{Failure, Verdict};
use crate::status::{Status, diag};

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

    /// Adds what `verdict` says happened.
    pub(super) fn record(&mut self, verdict: &Verdict) {
        let searched = match verdict {
            Verdict::Solved {
                search, mismatch, ..
            } => {
                self.solved += 1;
                self.mismatch(mismatch.as_deref());
                Some(search)
            }
            Verdict::Counted {
                search, mismatch, ..
            } => {
                if search.outcome.solutions > 0 {
                    self.solved += 1;
                } else {
                    self.unsolvable += 1;
                    self.fail(Status::NotFound);
                }
                self.mismatch(mismatch.as_deref());
                Some(search)
            }
            Verdict::Converted { .. } | Verdict::ConvertedTo { .. } => None,
            Verdict::Failed {
                failure, search, ..
            } => {
                let (count, status) = match failure {
                    Failure::NoSolution => (&mut self.unsolvable, Status::NotFound),
                    Failure::NotUnique => (&mut self.not_unique, Status::NotFound),
                    Failure::GaveUp(_) => (&mut self.gave_up, Status::Error),
                    Failure::Invalid(_) | Failure::WrongGrid(_) => {
                        (&mut self.invalid, Status::Error)
                    }
                    Failure::CannotWrite(_) => (&mut self.errors, Status::Error),
                };
                *count += 1;
                self.fail(status);
                search.as_ref()
            }
            Verdict::Unreadable { .. } => {
                self.invalid += 1;
                self.fail(Status::Error);
                None
            }
            Verdict::BadInput { .. } => {
                self.errors += 1;
                self.fail(Status::Error);
                return;
            }
            Verdict::Cancelled => return,
        };
        self.puzzles += 1;
        if let Some(search) = searched {
            self.nodes += search.outcome.nodes;
            self.solve_time += search.time;
        }
    }

    /// A given solution that is wrong (or another than the one found).
    fn mismatch(&mut self, mismatch: Option<&str>) {
        if mismatch.is_some() {
            self.mismatches += 1;
            self.fail(Status::Error);
        }
    }
}

/// The JSON summary record; `interrupted` says the run was cut short by
/// Ctrl-C, and the totals are those of the puzzles answered.
pub(super) fn summary_json(
    engine: Engine,
    totals: &Totals,
    elapsed: Duration,
    interrupted: bool,
) -> Value {
    json!({
        "type": "summary",
        "engine": engine.name(),
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
pub(super) fn print_stats(engine: Engine, totals: &Totals, elapsed: Duration, interrupted: bool) {
    diag!(
        "engine {} puzzles {} solved {} unsolvable {} not-unique {} gave-up {} invalid {} errors {} \
         mismatches {} nodes {} time {:.3}s solve-time {:.3}s us-per-puzzle {:.2}{}",
        engine,
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
