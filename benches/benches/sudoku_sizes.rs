//! Sudoku beyond 9x9, and the generator, each side by side in one run:
//!
//! - `sudoku_sizes/16x16` and `sudoku_sizes/25x25`: Dancing Links
//!   (`Engine::Dlx`) beside the bitmask fewest-candidates search generalized
//!   to every size (`Engine::Bitmask`, AcWing 166's method with 64-bit
//!   masks), each proving every puzzle of a generated set unique (up to 2
//!   solutions). The sets are made here, untimed, by the project's seeded
//!   generator (`dancing_benches::sizes::SIZE_SETS`: minimal 16x16 puzzles;
//!   25x25 puzzles with clues
//!   taken away while unique down to half the cells, since minimal 25x25
//!   puzzles take many seconds each to make and some to prove).
//! - `sudoku_generate/9x9_minimal`: a minimal puzzle with a unique solution
//!   per iteration, by our generator (`Generator::minimal_puzzle_of`) and by
//!   the `sudoku` crate's `Sudoku::generate` (minimal too; AGPL, here in the
//!   benches only).
//!
//! Throughput is in puzzles, so criterion prints puzzles per second.

use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use dancing_benches::sizes::{GENERATOR_SEED, SIZE_SETS, prove_all};
use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Shape, Solver, Variant};

fn sizes(c: &mut Criterion) {
    for set in &SIZE_SETS {
        let (name, puzzles) = (set.name, set.puzzles());
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
    let mut ours = Generator::new(GENERATOR_SEED);
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
