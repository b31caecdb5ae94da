//! Which solvers run on which puzzles: every solver on every set, except
//! that on large sets the depth-first searches (which take up to seconds per
//! puzzle) run on a fixed, seeded sample, beside our Dancing Links and the
//! `sudoku` crate on the same sample, so every ratio compares the same
//! puzzles.

use crate::chart::thousands;
use crate::data::{PuzzleSet, SAMPLE_SEED, sample};
use crate::solvers::SolverKind;

/// Sets of at most this many puzzles are run whole by every solver in the
/// report.
pub const FULL_LIMIT: usize = 2_000;

/// The solvers fast enough for every puzzle of a large set.
pub const FAST: [SolverKind; 2] = [SolverKind::DLX, SolverKind::SudokuCrate];

/// The size of the fixed sample of a large set that every solver runs on in
/// the report: 20 puzzles of `17_clue` (the row-major searches take 1.4 s
/// per puzzle there on average, up to 8 s), 1,000 of any other set.
pub fn report_sample_size(set_name: &str) -> usize {
    if set_name == "17_clue" { 20 } else { 1_000 }
}

/// Puzzles per criterion iteration for the fast solvers.
pub const CRITERION_FAST_SAMPLE: usize = 500;

/// Puzzles per criterion iteration for the group with every solver.
pub const CRITERION_ALL_SAMPLE: usize = 10;

/// Solvers and puzzles for one table block.
#[derive(Clone, Debug)]
pub struct Block {
    /// The set, or a sample of it.
    pub set: PuzzleSet,
    /// The solvers, our Dancing Links first.
    pub solvers: Vec<SolverKind>,
}

impl Block {
    /// The block's label in tables: the set's name, and for a sample its
    /// size, the population and the seed.
    pub fn label(&self) -> String {
        if self.set.sampled {
            format!(
                "{}, sample of {} of {} (seed {SAMPLE_SEED})",
                self.set.name.trim_end_matches("/sample"),
                thousands(self.set.puzzles.len() as u64),
                thousands(self.set.population as u64)
            )
        } else {
            self.set.name.clone()
        }
    }
}

/// The report's blocks for `set`: all of it for every solver when it holds
/// at most `full_limit` puzzles; otherwise all of it for the [`FAST`]
/// solvers and a sample of `sample_size` for every solver.
pub fn report_blocks(set: &PuzzleSet, full_limit: usize, sample_size: usize) -> Vec<Block> {
    if set.puzzles.len() <= full_limit {
        return vec![Block {
            set: set.clone(),
            solvers: SolverKind::ALL.to_vec(),
        }];
    }
    vec![
        Block {
            set: set.clone(),
            solvers: FAST.to_vec(),
        },
        Block {
            set: sample(set, sample_size, SAMPLE_SEED),
            solvers: SolverKind::ALL.to_vec(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_sets_are_sampled_for_the_slow_solvers_only() {
        let set = crate::data::seed_samples();
        let blocks = report_blocks(&set, 10, 3);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].solvers, SolverKind::ALL);
        assert_eq!(blocks[0].label(), "seed_samples");

        let blocks = report_blocks(&set, 5, 3);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].solvers, FAST);
        assert_eq!(blocks[0].set.puzzles.len(), 6);
        assert_eq!(blocks[1].solvers, SolverKind::ALL);
        assert_eq!(blocks[1].set.puzzles.len(), 3);
        assert_eq!(
            blocks[1].label(),
            format!("seed_samples, sample of 3 of 6 (seed {SAMPLE_SEED})")
        );
    }
}
