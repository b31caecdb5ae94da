//! `dlx sudoku --generate COUNT`: puzzles with exactly one solution, minimal
//! (no clue can be taken away; with --symmetric, no pair of clues related
//! by the half turn), of any size and variant (jigsaw puzzles with a random
//! region map, killer puzzles with random cages and the few clues they
//! need), optionally rated.
//!
//! Puzzles are made in blocks of [`BLOCK`], each by a generator seeded with
//! the seed and the block's number alone, so the output depends on the seed
//! only, never on the number of threads; blocks are made on the pool and
//! written in order as they come, with flat memory (see [`crate::batch`]).

use std::io::{self, BufWriter, Write};

use dancing_sudoku::Symbols;
use dancing_sudoku::format::puzzle_line;
use dancing_sudoku::generate::{
    GenerateError, Generated, Generator, MAX_JIGSAW_SIZE, MAX_KILLER_SIZE, Rating,
};
use serde_json::json;

use super::args::{Args, Config};
use crate::batch::{self, Stop};
use crate::interrupt;
use crate::status::{Status, is_broken_pipe};
use crate::sudoku_puzzles::block_seed;

/// Puzzles per generator, and the unit of output order.
const BLOCK: u64 = 16;

/// Random relabellings a rating averages over.
const RELABELINGS: usize = 8;

/// Writes `count` generated puzzles on standard output.
pub(super) fn run(args: &Args, config: &Config, count: u64, pool: &rayon::ThreadPool) -> Status {
    let shape = config.read.shape.unwrap_or_default();
    let variant = config.read.variant;
    let symbols = &config.read.symbols;
    let refusal = if !symbols.supports(shape.size()) {
        Some(format!(
            "a {n}x{n} puzzle needs {n} symbols (give --symbols)",
            n = shape.size()
        ))
    } else if variant.killer && shape.size() > MAX_KILLER_SIZE
        || variant.jigsaw && shape.size() > MAX_JIGSAW_SIZE
    {
        Some(GenerateError::TooLarge(variant, shape).to_string())
    } else {
        None
    };
    if let Some(message) = refusal {
        crate::diag!("dlx sudoku: {message}");
        return Status::Error;
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut blocks =
        (0..count.div_ceil(BLOCK)).map(|block| (block, BLOCK.min(count - block * BLOCK)));
    let make = |chunk: Vec<(u64, u64)>, stop: &Stop| {
        let mut text = Vec::new();
        for (block, size) in chunk {
            let mut generator = Generator::new(block_seed(args.seed, block));
            // A large puzzle takes long searches: Ctrl-C stops them too.
            generator.cancel_when(interrupt::requested);
            for k in 0..size {
                if stop.requested() || interrupt::requested() {
                    return text;
                }
                let index = block * BLOCK + k + 1;
                let made = match generator.minimal_puzzle_of(shape, variant, args.symmetric) {
                    Ok(made) => made,
                    Err(GenerateError::Cancelled) => return text,
                    Err(error) => unreachable!("the size was checked: {error}"),
                };
                let rating = args
                    .rate
                    .then(|| generator.rate(&made.rules, &made.puzzle, RELABELINGS).ok())
                    .flatten();
                write_puzzle(&mut text, index, &made, symbols, rating, args.json);
            }
        }
        text
    };
    interrupt::catch();
    let written = batch::run_in_order(
        pool,
        make,
        |text| out.write_all(&text),
        |push| {
            blocks.try_for_each(|block| {
                if interrupt::requested() {
                    return Ok(());
                }
                push(block)
            })
        },
    )
    .and_then(|()| out.flush());
    // (After Ctrl-C, the exit code is 130 whatever the status.)
    match written {
        Ok(()) => Status::Success,
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            crate::diag!("dlx sudoku: error writing output: {error}");
            Status::Error
        }
    }
}

/// One generated puzzle: its line (cells, then any region map and cages,
/// as `dlx sudoku --variant ...` reads them back; and the rating, as a
/// comment the line format skips), or a JSON record.
fn write_puzzle(
    out: &mut Vec<u8>,
    index: u64,
    made: &Generated,
    symbols: &Symbols,
    rating: Option<Rating>,
    as_json: bool,
) {
    let Some(line) = puzzle_line(&made.puzzle, &made.rules, symbols) else {
        unreachable!("the symbols were checked, and the generator names its cages");
    };
    let clues = made.puzzle.given_count();
    // Writing into memory does not fail.
    let _ = if as_json {
        let (cells, data) = line.split_once(' ').unwrap_or((&line, ""));
        let mut record = json!({
            "type": "generated",
            "index": index,
            "puzzle": cells,
            "clues": clues,
            "variant": made.rules.variant().to_string(),
        });
        if !data.is_empty() {
            // The region map and cages, as they follow the cells on a line.
            record["variant_data"] = data.into();
        }
        if let Some(rating) = rating {
            record["singles"] = rating.singles.into();
            record["search_effort"] = rating.effort.into();
        }
        writeln!(out, "{record}")
    } else if let Some(rating) = rating {
        let singles = if rating.singles { "yes" } else { "no" };
        writeln!(
            out,
            "{line} clues={clues} singles={singles} search-effort={:.1}",
            rating.effort
        )
    } else {
        writeln!(out, "{line}")
    };
}
