//! Our minimal 9x9 generator and the `sudoku` crate's in alternating
//! rounds, for a ratio that load changes on a shared machine bias less than
//! criterion's one-after-the-other timing
//! (`cargo run --release -p dancing-benches --example generator_pairs -- ROUNDS`).
//! Each round makes 300 puzzles with each generator (ours from seed 9, as
//! the `sudoku_generate` bench does) and prints the wall time per puzzle;
//! the last line gives the medians of the times and of the pairs' ratios.

use std::time::Instant;

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Shape, Variant};

/// Puzzles per generator and round.
const PER_ROUND: usize = 300;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map(|text| text.parse().expect("ROUNDS is a number"))
        .unwrap_or(12)
        .max(1);
    let mut ours = Generator::new(9);
    let (mut our_times, mut crate_times, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    // Clues made, printed so that no generation is optimized away.
    let mut clues = 0;
    for _ in 0..rounds {
        let started = Instant::now();
        for _ in 0..PER_ROUND {
            let made = ours
                .minimal_puzzle_of(Shape::CLASSIC, Variant::CLASSIC, false)
                .expect("classic puzzles are generated");
            clues += made.puzzle.given_count();
        }
        let our_time = started.elapsed().as_secs_f64() * 1e6 / PER_ROUND as f64;
        let started = Instant::now();
        for _ in 0..PER_ROUND {
            let puzzle = sudoku::Sudoku::generate();
            clues += puzzle
                .to_bytes()
                .iter()
                .filter(|&&digit| digit != 0)
                .count();
        }
        let crate_time = started.elapsed().as_secs_f64() * 1e6 / PER_ROUND as f64;
        println!(
            "ours {our_time:.1} us, crate {crate_time:.1} us, ratio {:.2}",
            our_time / crate_time
        );
        our_times.push(our_time);
        crate_times.push(crate_time);
        ratios.push(our_time / crate_time);
    }
    for times in [&mut our_times, &mut crate_times, &mut ratios] {
        times.sort_by(f64::total_cmp);
    }
    let middle = rounds / 2;
    println!(
        "median: ours {:.1} us, crate {:.1} us, ratio of a pair {:.2} ({clues} clues)",
        our_times[middle], crate_times[middle], ratios[middle]
    );
}
