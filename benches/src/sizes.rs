//! Sudoku beyond 9x9 and the generator, shared by the `sudoku_sizes` bench
//! and the report: the generated 16x16 and 25x25 sets, the unit both
//! engines are timed on, and our generator against the `sudoku` crate's in
//! alternating rounds.

use std::hint::black_box;
use std::time::Instant;

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Grid, Shape, Solver, Variant};

/// A generated set: its name, the box side, the seed, how many puzzles,
/// and the clues to stop at (0: minimal).
pub struct SizeSet {
    pub name: &'static str,
    pub side: usize,
    pub seed: u64,
    pub count: usize,
    pub min_clues: usize,
}

/// Minimal 16x16 puzzles; 25x25 puzzles with clues taken away while unique
/// down to half the cells (minimal 25x25 puzzles take many seconds each to
/// make, and some to prove).
pub const SIZE_SETS: [SizeSet; 2] = [
    SizeSet {
        name: "16x16",
        side: 4,
        seed: 16,
        count: 12,
        min_clues: 0,
    },
    SizeSet {
        name: "25x25",
        side: 5,
        seed: 25,
        count: 12,
        min_clues: 625 / 2,
    },
];

impl SizeSet {
    /// The set's unique puzzles, from the seeded generator.
    pub fn puzzles(&self) -> Vec<Grid> {
        let shape = Shape::new(self.side, self.side).expect("a supported shape");
        let mut generator = Generator::new(self.seed);
        (0..self.count)
            .map(|_| {
                if self.min_clues == 0 {
                    generator
                        .minimal_puzzle_of(shape, Variant::CLASSIC, false)
                        .expect("classic puzzles are generated")
                        .puzzle
                } else {
                    generator.unique_puzzle(shape, self.min_clues)
                }
            })
            .collect()
    }
}

/// The timed unit: every puzzle of `puzzles`, searched for up to 2
/// solutions; returns the solutions found.
pub fn prove_all(solver: &mut Solver, puzzles: &[Grid], solution: &mut Grid) -> u64 {
    puzzles
        .iter()
        .map(|puzzle| {
            solver
                .search(black_box(puzzle), 2, solution)
                .map_or(0, |outcome| outcome.solutions)
        })
        .sum()
}

/// The seed of our generator in the bench and the rounds.
pub const GENERATOR_SEED: u64 = 9;

/// Our generator and the `sudoku` crate's, `rounds` times `per_round`
/// minimal 9x9 puzzles each, alternating: a ratio that load changes on a
/// shared machine bias less than timing one after the other.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratorRounds {
    /// Microseconds per puzzle in each round, ours and the crate's.
    pub ours: Vec<f64>,
    pub peer: Vec<f64>,
    /// Clues made in all, so that no generation can be left out.
    pub clues: usize,
}

impl GeneratorRounds {
    /// Runs the rounds; our puzzles are checked minimal by the caller if
    /// it wants (the generator's tests do).
    pub fn run(rounds: usize, per_round: usize) -> GeneratorRounds {
        let mut ours = Generator::new(GENERATOR_SEED);
        let mut result = GeneratorRounds {
            ours: Vec::new(),
            peer: Vec::new(),
            clues: 0,
        };
        for _ in 0..rounds.max(1) {
            let started = Instant::now();
            for _ in 0..per_round {
                let made = ours
                    .minimal_puzzle_of(Shape::CLASSIC, Variant::CLASSIC, false)
                    .expect("classic puzzles are generated");
                result.clues += made.puzzle.given_count();
            }
            result.ours.push(micros_per(started, per_round));
            let started = Instant::now();
            for _ in 0..per_round {
                let puzzle = sudoku::Sudoku::generate();
                result.clues += puzzle.to_bytes().iter().filter(|&&d| d != 0).count();
            }
            result.peer.push(micros_per(started, per_round));
        }
        result
    }

    /// The median of our times, of the crate's, and of the rounds' ratios
    /// (ours over the crate's).
    pub fn medians(&self) -> (f64, f64, f64) {
        let ratios: Vec<f64> = self
            .ours
            .iter()
            .zip(&self.peer)
            .map(|(o, p)| o / p)
            .collect();
        (median(&self.ours), median(&self.peer), median(&ratios))
    }
}

fn micros_per(started: Instant, count: usize) -> f64 {
    started.elapsed().as_secs_f64() * 1e6 / count.max(1) as f64
}

fn median(values: &[f64]) -> f64 {
    crate::measure::median(values).unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_take_the_middle_round() {
        let rounds = GeneratorRounds {
            ours: vec![3.0, 1.0, 2.0],
            peer: vec![1.0, 2.0, 4.0],
            clues: 0,
        };
        // Ratios 3.0, 0.5, 0.5: the middle one is 0.5.
        assert_eq!(rounds.medians(), (2.0, 2.0, 0.5));
    }
}
