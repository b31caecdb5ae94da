//! Sudoku, tdoku's method: per puzzle, parse the 81-character line, build,
//! and solve asking for up to 2 solutions (a first-solution variant too);
//! the puzzles are read before timing. Throughput is in puzzles, so
//! criterion prints puzzles per second.
//!
//! Sets: the public ones from the directory named by `DANCING_BENCH_DATA`
//! when it is set, then the project's generated set and the seeds' samples.
//! Per set, three groups:
//!
//! - `sudoku/<set>/up_to_2` and `sudoku/<set>/first`: our Dancing Links
//!   and the `sudoku` crate on a fixed sample of 500 puzzles (all of a
//!   smaller set) per iteration;
//! - `sudoku/<set>/all_solvers`: every solver, up to 2 solutions, on a fixed
//!   sample of 10 puzzles (the first 10 of the same seeded shuffle). The
//!   three row-major searches take over a second per 17-clue puzzle: on
//!   `17_clue` and `seed_samples` they run only with `DANCING_BENCH_SLOW=1`.
//!
//! The `report` binary measures every puzzle of every set instead.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use dancing_benches::data::{self, PuzzleSet, SAMPLE_SEED};
use dancing_benches::measure;
use dancing_benches::plan::{CRITERION_ALL_SAMPLE, CRITERION_FAST_SAMPLE, FAST};
use dancing_benches::{PuzzleSolver, SolverKind};

/// Sets on which the row-major searches take seconds per iteration (over
/// a second for some 17-clue puzzles, the first AcWing sample among them):
/// there they run only with `DANCING_BENCH_SLOW=1`.
const SLOW_SETS: [&str; 2] = ["17_clue", "seed_samples"];

/// Whether `DANCING_BENCH_SLOW` asks for the slowest benchmarks.
fn slow_enabled() -> bool {
    std::env::var("DANCING_BENCH_SLOW").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The timed unit: every puzzle of `puzzles`, parse + build + solve.
fn solve_all(solver: &mut PuzzleSolver, puzzles: &[String], limit: u64) -> u64 {
    let mut found = 0;
    for line in puzzles {
        if let Ok(solved) = solver.solve_line(black_box(line), limit) {
            found += solved.solutions;
        }
    }
    found
}

/// Checks, untimed, that `solver` gives every puzzle of `set` exactly one
/// valid solution; this also grows its buffers to size. Run once per
/// benchmark, when criterion first calls it (so not for benchmarks a
/// filter leaves out).
fn check(solver: &mut PuzzleSolver, set: &PuzzleSet, limit: u64) {
    let run = measure::run(solver, &set.puzzles, limit, Duration::ZERO);
    assert!(run.failures.is_empty(), "{:?}", run.failures);
    assert!(
        run.counts.iter().all(|&c| c == 1),
        "{} on {}: a puzzle without exactly one solution",
        solver.kind(),
        set.name
    );
}

fn bench_set(c: &mut Criterion, set: &PuzzleSet) {
    let fast = data::sample(set, CRITERION_FAST_SAMPLE, SAMPLE_SEED);
    for (variant, limit) in [("up_to_2", 2), ("first", 1)] {
        let mut group = c.benchmark_group(format!("sudoku/{}/{variant}", set.name));
        group.throughput(Throughput::Elements(fast.puzzles.len() as u64));
        for kind in FAST {
            let mut solver = PuzzleSolver::new(kind);
            let mut checked = false;
            group.bench_function(kind.name(), |b| {
                if !std::mem::replace(&mut checked, true) {
                    check(&mut solver, &fast, limit);
                }
                b.iter(|| solve_all(&mut solver, &fast.puzzles, limit))
            });
        }
        group.finish();
    }

    let small = data::sample(set, CRITERION_ALL_SAMPLE, SAMPLE_SEED);
    let mut group = c.benchmark_group(format!("sudoku/{}/all_solvers", set.name));
    group.throughput(Throughput::Elements(small.puzzles.len() as u64));
    // Some iterations take seconds: ten samples of one iteration each.
    group.sampling_mode(SamplingMode::Flat);
    for kind in SolverKind::ALL {
        if kind.is_slow() && SLOW_SETS.contains(&set.name.as_str()) && !slow_enabled() {
            continue;
        }
        let mut solver = PuzzleSolver::new(kind);
        let mut checked = false;
        group.bench_function(kind.name(), |b| {
            if !std::mem::replace(&mut checked, true) {
                check(&mut solver, &small, 2);
            }
            b.iter(|| solve_all(&mut solver, &small.puzzles, 2))
        });
    }
    group.finish();
}

fn sudoku(c: &mut Criterion) {
    for set in data::bench_sets() {
        bench_set(c, &set);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = sudoku
}
criterion_main!(benches);
