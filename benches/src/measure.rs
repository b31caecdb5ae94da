//! Measurements outside criterion, for the report: every puzzle of a set
//! once, checked; sets that take less than a minimum time are timed again in
//! whole passes.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::solvers::{PuzzleSolver, SolverKind, is_solution_of};

/// What one solver did on one set.
#[derive(Clone, Debug)]
pub struct Run {
    /// The solver.
    pub kind: SolverKind,
    /// The most solutions asked for per puzzle.
    pub limit: u64,
    /// Solutions found for each puzzle (at most the limit; 0 on an error).
    pub counts: Vec<u64>,
    /// Puzzles the solver failed on or answered with an invalid solution.
    pub failures: Vec<String>,
    /// Search-tree nodes over the set (0 if the solver does not count them).
    pub nodes: u64,
    /// The time per puzzle, averaged over `passes` passes.
    pub elapsed: Duration,
    /// Passes the time is the average of.
    pub passes: u32,
}

impl Run {
    /// Puzzles in the set.
    pub fn puzzles(&self) -> usize {
        self.counts.len()
    }

    /// Microseconds per puzzle.
    pub fn micros_per_puzzle(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1e6 / self.puzzles().max(1) as f64 / self.passes as f64
    }

    /// Puzzles per second.
    pub fn puzzles_per_second(&self) -> f64 {
        1e6 / self.micros_per_puzzle()
    }

    /// Search-tree nodes per puzzle, for solvers that count them.
    pub fn nodes_per_puzzle(&self) -> Option<f64> {
        self.kind
            .counts_nodes()
            .then(|| self.nodes as f64 / self.puzzles().max(1) as f64)
    }
}

/// Runs `solver` on every puzzle, asking for up to `limit` solutions.
///
/// The first pass times each call to [`PuzzleSolver::solve_line`] (parse,
/// build, solve; the puzzles are already in memory) and, outside the timed
/// calls, checks that every first solution is a valid solution of its
/// puzzle. If that pass took less than `min_time`, it counts as a warm-up
/// (the solver's buffers have grown to size), and whole passes are timed
/// until `min_time` has passed, without a clock read per puzzle.
pub fn run(solver: &mut PuzzleSolver, puzzles: &[String], limit: u64, min_time: Duration) -> Run {
    let kind = solver.kind();
    let mut counts = Vec::with_capacity(puzzles.len());
    let mut failures = Vec::new();
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for (index, line) in puzzles.iter().enumerate() {
        let start = Instant::now();
        let result = solver.solve_line(black_box(line), limit);
        elapsed += start.elapsed();
        match result {
            Ok(solved) => {
                if solved.solutions > 0 && !is_solution_of(line, solver.first_solution()) {
                    failures.push(format!("{kind}: puzzle {index} ({line}): invalid solution"));
                }
                counts.push(solved.solutions);
                nodes += solved.nodes;
            }
            Err(error) => {
                failures.push(format!("{kind}: puzzle {index} ({line}): {error}"));
                counts.push(0);
            }
        }
    }
    let mut passes = 1;
    if elapsed < min_time && !puzzles.is_empty() {
        (elapsed, passes) = time_passes(solver, puzzles, limit, min_time);
    }
    Run {
        kind,
        limit,
        counts,
        failures,
        nodes,
        elapsed,
        passes,
    }
}

/// Times whole passes over `puzzles` until `min_time` has passed (at least
/// one); returns the time and the number of passes.
pub fn time_passes(
    solver: &mut PuzzleSolver,
    puzzles: &[String],
    limit: u64,
    min_time: Duration,
) -> (Duration, u32) {
    let mut passes = 0;
    let start = Instant::now();
    loop {
        let mut found = 0;
        for line in puzzles {
            if let Ok(solved) = solver.solve_line(black_box(line), limit) {
                found += solved.solutions;
            }
        }
        black_box(found);
        passes += 1;
        let elapsed = start.elapsed();
        if elapsed >= min_time {
            return (elapsed, passes);
        }
    }
}

/// The median of `values` (the mean of the two middle ones when there is
/// an even number of them); `None` when there are none.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_the_middle_value_or_the_mean_of_the_two() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[0.7]), Some(0.7));
        assert_eq!(median(&[0.5, 0.6, 0.9]), Some(0.6));
        assert_eq!(median(&[0.5, 0.6, 0.8, 0.9]), Some(0.7));
    }
    use crate::data::SEED_SAMPLES;

    #[test]
    fn a_run_counts_checks_and_times() {
        let puzzles: Vec<String> = SEED_SAMPLES.iter().map(|s| s.to_string()).collect();
        let mut solver = PuzzleSolver::new(SolverKind::DLX);
        let run = run(&mut solver, &puzzles, 2, Duration::from_millis(20));
        assert_eq!(run.counts, [1; 6]);
        assert!(run.failures.is_empty());
        assert!(run.passes > 1 && run.elapsed >= Duration::from_millis(20));
        assert!(run.nodes_per_puzzle().unwrap() >= 1.0);

        let mut bad = puzzles.clone();
        bad.push("1".repeat(81));
        let mut solver = PuzzleSolver::new(SolverKind::SudokuCrate);
        let run = super::run(&mut solver, &bad, 2, Duration::ZERO);
        assert_eq!(run.counts.len(), 7);
        assert_eq!(run.passes, 1);
        assert_eq!(run.nodes_per_puzzle(), None);
        // Eighty-one 1s: the crate finds no solution; ours calls it invalid.
        let mut ours = PuzzleSolver::new(SolverKind::DLX);
        let run = super::run(&mut ours, &bad, 2, Duration::ZERO);
        assert_eq!(run.failures.len(), 1);
    }
}
