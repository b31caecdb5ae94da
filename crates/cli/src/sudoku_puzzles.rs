//! `dlx gen sudoku-puzzles COUNT`: many Sudoku puzzles for `dlx sudoku`, one
//! 81-character line each, each minimal (no clue can be taken away) with
//! exactly one solution.
//!
//! Puzzles are made in blocks of [`BLOCK`], each by a generator seeded with
//! the seed and the block's number alone, so the output depends on the seed
//! only, not on the number of threads; the blocks are made on every core and
//! written in order as they come, with flat memory (see [`crate::batch`]).
//! A puzzle takes about a millisecond of one core: a million take minutes.

use std::io::{self, BufWriter, Write};

use dancing_sudoku::Shape;
use dancing_sudoku::generate::Generator;

use crate::batch::{self, StopFlag};
use crate::status::{Status, diag, is_broken_pipe};

/// Puzzles per generator: a generator is cheap, but not free (a solver and
/// its arena), and a block is a unit of output order.
const BLOCK: u64 = 64;

/// Writes `count` puzzles made from `seed` on standard output.
pub fn run(count: u64, seed: u64) -> Status {
    let pool = match rayon::ThreadPoolBuilder::new()
        .thread_name(|k| format!("dlx-gen-{k}"))
        .build()
    {
        Ok(pool) => pool,
        Err(error) => {
            diag!("dlx gen sudoku-puzzles: cannot start threads: {error}");
            return Status::Error;
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    // Blocks, as their number and size (the last may be short).
    let mut blocks =
        (0..count.div_ceil(BLOCK)).map(|block| (block, BLOCK.min(count - block * BLOCK)));
    let make = |chunk: Vec<(u64, u64)>, stop: &StopFlag| {
        let mut lines = Vec::new();
        for (block, size) in chunk {
            let mut generator = Generator::new(block_seed(seed, block));
            for _ in 0..size {
                if stop.requested() {
                    return lines;
                }
                let puzzle = generator.unique_puzzle(Shape::CLASSIC, 0);
                lines.extend_from_slice(puzzle.to_line().as_bytes());
                lines.push(b'\n');
            }
        }
        lines
    };
    let written = batch::run_in_order(
        &pool,
        make,
        |lines| out.write_all(&lines),
        |push| blocks.try_for_each(push),
    )
    .and_then(|()| out.flush());
    match written {
        Ok(()) => Status::Success,
        // The reader went away (`dlx gen sudoku-puzzles 1000000 | head`).
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx gen sudoku-puzzles: error writing output: {error}");
            Status::Error
        }
    }
}

/// The seed of a block: the two mixed (SplitMix64's finaliser), so that
/// neighbouring blocks and seeds give unrelated generators.
pub(crate) fn block_seed(seed: u64, block: u64) -> u64 {
    let mut z = seed ^ block.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
