//! Numbered series of puzzles fixed by a seed, made in blocks: puzzle `k`
//! comes from the generator of its block, seeded by the series' seed and
//! the block's number alone, so any number of threads can share the blocks
//! and every puzzle stays the same. `dlx gen sudoku-puzzles` and
//! `dlx sudoku --generate` both write series.
//!
//! ```
//! use dancing_sudoku::generate::{Recipe, Series};
//! use dancing_sudoku::{Engine, Shape, Solver};
//!
//! let series = Series::new(9, 4, Recipe::Unique(Shape::CLASSIC));
//! let blocks: Vec<_> = series.blocks(10).collect();
//! assert_eq!(blocks.iter().map(|block| block.len).collect::<Vec<_>>(), [4, 4, 2]);
//! let mut puzzles = series.puzzles(blocks[2]);
//! let (index, made) = puzzles.next().unwrap();
//! assert_eq!(index, 8);
//! assert!(Solver::new(Engine::Dlx).is_unique(&made?.puzzle)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use dancing::random::SplitMix64;

use super::{GenerateError, Generated, Generator};
use crate::grid::Shape;
use crate::rules::{Rules, Variant};

/// What each puzzle of a [`Series`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// A classic puzzle of the shape with clues taken away in random order
    /// while the solution stays unique, down to a minimal one
    /// ([`Generator::unique_puzzle`]).
    Unique(Shape),
    /// A minimal puzzle of the shape and variant, with its own region map
    /// or cages ([`Generator::minimal_puzzle_of`]).
    Minimal {
        /// The shape of the puzzles.
        shape: Shape,
        /// Their rules.
        variant: Variant,
        /// Clues taken away in pairs related by the half turn.
        symmetric: bool,
    },
}

impl Recipe {
    /// Makes one puzzle with `generator`.
    fn make(self, generator: &mut Generator) -> Result<Generated, GenerateError> {
        match self {
            Recipe::Unique(shape) => Ok(Generated {
                rules: Rules::classic(shape),
                puzzle: generator.unique_puzzle(shape, 0),
            }),
            Recipe::Minimal {
                shape,
                variant,
                symmetric,
            } => generator.minimal_puzzle_of(shape, variant, symmetric),
        }
    }
}

/// Puzzles numbered from 0, fixed by a seed, a block length and a recipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Series {
    seed: u64,
    block_len: u64,
    recipe: Recipe,
}

/// A run of consecutive puzzles of a [`Series`] that one generator makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's number: its generator's seed comes from it.
    pub number: u64,
    /// The number of its first puzzle in the series.
    pub first: u64,
    /// Its puzzles (the last block of a count may be short).
    pub len: u64,
}

impl Series {
    /// The series of `recipe` from `seed`, `block_len` puzzles a generator
    /// (at least 1). The block length is part of what fixes the puzzles: a
    /// generator is cheap, but not free (a solver and its arena), and a
    /// block is the unit of work shared out.
    pub fn new(seed: u64, block_len: u64, recipe: Recipe) -> Series {
        Series {
            seed,
            block_len: block_len.max(1),
            recipe,
        }
    }

    /// The blocks that make the first `count` puzzles, in order.
    pub fn blocks(&self, count: u64) -> impl Iterator<Item = Block> + use<> {
        let block_len = self.block_len;
        (0..count.div_ceil(block_len)).map(move |number| Block {
            number,
            first: number * block_len,
            len: block_len.min(count - number * block_len),
        })
    }

    /// The puzzles of `block`, made one at a time by its own generator.
    pub fn puzzles(&self, block: Block) -> BlockPuzzles {
        BlockPuzzles {
            generator: Generator::new(block_seed(self.seed, block.number)),
            recipe: self.recipe,
            next: block.first,
            end: block.first + block.len,
        }
    }
}

/// The puzzles of one [`Block`], each with its number in the series; an
/// error (the generator was cancelled) ends them.
#[derive(Debug)]
pub struct BlockPuzzles {
    generator: Generator,
    recipe: Recipe,
    next: u64,
    end: u64,
}

impl BlockPuzzles {
    /// The block's generator: to [stop](Generator::stop_on) it, or to
    /// [rate](Generator::rate) what it made (which draws on its numbers, and
    /// so changes the puzzles after).
    pub fn generator(&mut self) -> &mut Generator {
        &mut self.generator
    }
}

impl Iterator for BlockPuzzles {
    type Item = (u64, Result<Generated, GenerateError>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.next == self.end {
            return None;
        }
        let made = self.recipe.make(&mut self.generator);
        let index = self.next;
        self.next = if made.is_ok() { index + 1 } else { self.end };
        Some((index, made))
    }
}

/// The seed of a block's generator: SplitMix64's output (the generator's
/// own) at the state `seed ^ block * GAMMA`, so that neighbouring blocks
/// and seeds give unrelated generators.
fn block_seed(seed: u64, block: u64) -> u64 {
    SplitMix64::mix(seed ^ block.wrapping_mul(SplitMix64::GAMMA))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block's seed as the first number of a generator started one step
    /// before the mixed state (the generator steps, then mixes).
    fn first_number_at(seed: u64, block: u64) -> u64 {
        let state = seed ^ block.wrapping_mul(SplitMix64::GAMMA);
        Generator::new(state.wrapping_sub(SplitMix64::GAMMA)).next_u64()
    }

    #[test]
    fn block_seeds_are_the_generators_number_at_the_mixed_state() {
        for (seed, block) in [(0, 0), (1, 0), (1, 1), (9, 7), (u64::MAX, 12_345)] {
            assert_eq!(
                block_seed(seed, block),
                first_number_at(seed, block),
                "{seed} {block}"
            );
        }
    }

    #[test]
    fn blocks_cover_the_count_in_order() {
        let series = Series::new(1, 16, Recipe::Unique(Shape::CLASSIC));
        let blocks: Vec<_> = series.blocks(40).collect();
        let lens: Vec<_> = blocks.iter().map(|block| block.len).collect();
        assert_eq!(lens, [16, 16, 8]);
        assert_eq!(blocks[2].first, 32);
        assert_eq!(series.blocks(0).count(), 0);
    }

    #[test]
    fn a_block_makes_what_its_generator_makes() {
        let shape = Shape::new(2, 2).expect("a shape");
        let series = Series::new(5, 3, Recipe::Unique(shape));
        let block = series.blocks(6).nth(1).expect("a second block");
        let made: Vec<_> = series
            .puzzles(block)
            .map(|(index, made)| (index, made.expect("made").puzzle))
            .collect();
        let mut generator = Generator::new(block_seed(5, 1));
        let expected: Vec<_> = (3..6)
            .map(|index| (index, generator.unique_puzzle(shape, 0)))
            .collect();
        assert_eq!(made, expected);
    }
}
