//! `dlx sudoku --generate COUNT`: puzzles with exactly one solution, minimal
//! (no clue can be taken away; with --symmetric, no pair of clues related
//! by the half turn), of any size and of the classic, x and hyper variants,
//! optionally rated.
//!
//! Puzzles are made in blocks of [`BLOCK`], each by a generator seeded with
//! the seed and the block's number alone, so the output depends on the seed
//! only, never on the number of threads; blocks are made on the pool and
//! written in order as they come, with flat memory (see [`crate::batch`]).

use std::io::{self, BufWriter, Write};

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Rules, Symbols};
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
    let mut rules = Rules::classic(shape);
    if variant.diagonals {
        rules = rules.with_diagonals();
    }
    if variant.windows {
        rules = rules.with_windows();
    }
    let symbols = &config.read.symbols;
    if variant.needs_data() || !symbols.supports(shape.size()) {
        let message = if variant.needs_data() {
            format!(
                "cannot generate {variant} puzzles: the generator makes classic, x and hyper puzzles (and their mixes), not region maps or cages"
            )
        } else {
            format!(
                "a {n}x{n} puzzle needs {n} symbols (give --symbols)",
                n = shape.size()
            )
        };
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
            for k in 0..size {
                if stop.requested() || interrupt::requested() {
                    return text;
                }
                let index = block * BLOCK + k + 1;
                let Ok(puzzle) = generator.minimal_puzzle(&rules, args.symmetric) else {
                    unreachable!("the variant was checked");
                };
                let rating = args
                    .rate
                    .then(|| generator.rate(&rules, &puzzle, RELABELINGS).ok())
                    .flatten();
                write_puzzle(
                    &mut text, index, &puzzle, &rules, symbols, rating, args.json,
                );
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

/// One generated puzzle: its line (and rating, as a comment the line
/// format skips), or a JSON record.
fn write_puzzle(
    out: &mut Vec<u8>,
    index: u64,
    puzzle: &dancing_sudoku::Grid,
    rules: &Rules,
    symbols: &Symbols,
    rating: Option<dancing_sudoku::generate::Rating>,
    as_json: bool,
) {
    let line: String = puzzle.cells().iter().map(|&d| symbols.symbol(d)).collect();
    // Writing into memory does not fail.
    let _ = if as_json {
        let mut record = json!({
            "type": "generated",
            "index": index,
            "puzzle": line,
            "clues": puzzle.given_count(),
            "variant": rules.variant().to_string(),
        });
        if let Some(rating) = rating {
            record["singles"] = rating.singles.into();
            record["search_effort"] = rating.effort.into();
        }
        writeln!(out, "{record}")
    } else if let Some(rating) = rating {
        let singles = if rating.singles { "yes" } else { "no" };
        writeln!(
            out,
            "{line} clues={} singles={singles} search-effort={:.1}",
            puzzle.given_count(),
            rating.effort
        )
    } else {
        writeln!(out, "{line}")
    };
}
