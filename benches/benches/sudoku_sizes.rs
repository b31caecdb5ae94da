//! Sudoku beyond 9x9, and the generator, each side by side in one run:
//!
//! - `sudoku_sizes/16x16` and `sudoku_sizes/25x25`: Dancing Links
//!   (`Engine::Dlx`) beside the bitmask fewest-candidates search generalized
//!   to every size (`Engine::Bitmask`, AcWing 166's method with 64-bit
//!   masks), each proving every puzzle of a generated set unique (up to 2
//!   solutions). The sets are made here, untimed, by the project's seeded
//!   generator ([`SETS`]: minimal 16x16 puzzles; 25x25 puzzles with clues
//!   taken away while unique down to half the cells, since minimal 25x25
//!   puzzles take many seconds each to make and some to prove).
//! - `sudoku_generate/9x9_minimal`: a minimal puzzle with a unique solution
//!   per iteration, by our generator (`Generator::minimal_puzzle_of`) and by
//!   the `sudoku` crate's `Sudoku::generate` (minimal too; AGPL, here in the
//!   benches only).
//!
//! Throughput is in puzzles, so criterion prints puzzles per second.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Shape, Solver, Variant};

/// The generated sets: name, box side, seed, puzzles, and the clues to stop
/// at (0: minimal).
const SETS: [(&str, usize, u64, usize, usize); 2] =
    [("16x16", 4, 16, 12, 0), ("25x25", 5, 25, 12, 625 / 2)];

/// A set of unique `side² x side²` puzzles from the seeded generator.
fn generated_set(side: usize, seed: u64, count: usize, min_clues: usize) -> Vec<Grid> {
    let shape = Shape::new(side, side).expect("a supported shape");
    let mut generator = Generator::new(seed);
    (0..count)
        .map(|_| {
            if min_clues == 0 {
                generator
                    .minimal_puzzle_of(shape, Variant::CLASSIC, false)
                    .expect("classic puzzles are generated")
                    .puzzle
            } else {
                generator.unique_puzzle(shape, min_clues)
            }
        })
        .collect()
}

/// The timed unit: every puzzle of `puzzles`, searched for up to 2
/// solutions; returns the solutions found.
fn prove_all(solver: &mut Solver, puzzles: &[Grid], solution: &mut Grid) -> u64 {
    puzzles
        .iter()
        .map(|puzzle| {
            solver
                .search(black_box(puzzle), 2, solution)
                .map_or(0, |outcome| outcome.solutions)
        })
        .sum()
}

fn sizes(c: &mut Criterion) {
    for (name, side, seed, count, min_clues) in SETS {
        let puzzles = generated_set(side, seed, count, min_clues);
        let mut group = c.benchmark_group(format!("sudoku_sizes/{name}"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sampling_mode(SamplingMode::Flat);
        for engine in [Engine::Dlx, Engine::Bitmask] {
            let mut solver = Solver::new(engine);
            let mut solution = Grid::new(puzzles[0].shape());
            // Untimed: every puzzle has exactly one solution, by this engine.
            assert_eq!(
                prove_all(&mut solver, &puzzles, &mut solution),
                puzzles.len() as u64,
                "{engine} on {name}"
            );
            group.bench_function(engine.name(), |b| {
                b.iter(|| prove_all(&mut solver, &puzzles, &mut solution))
            });
        }
        group.finish();
    }
}

fn generators(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku_generate/9x9_minimal");
    group.throughput(Throughput::Elements(1));
    let mut ours = Generator::new(9);
    group.bench_function("dancing-sudoku", |b| {
        b.iter(|| {
            ours.minimal_puzzle_of(Shape::CLASSIC, Variant::CLASSIC, false)
                .expect("classic puzzles are generated")
        })
    });
    group.bench_function("sudoku-crate", |b| b.iter(sudoku::Sudoku::generate));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = sizes, generators
}
criterion_main!(benches);
