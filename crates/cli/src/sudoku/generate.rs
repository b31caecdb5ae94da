//! `dlx sudoku --generate COUNT`: puzzles with exactly one solution, minimal
//! (no clue can be taken away; with --symmetric, no pair of clues related
//! by the half turn), of any size and variant (jigsaw puzzles with a random
//! region map, killer puzzles with random cages and the few clues they
//! need), optionally rated.
//!
//! The puzzles are a series of [`BLOCK`] puzzles a generator, made and
//! written in order by the producer `dlx gen sudoku-puzzles` shares
//! ([`crate::sudoku_puzzles`]): the output depends on the seed only, never
//! on the number of threads. This module says what the puzzles are and how
//! each is written.

use std::io::{self, BufWriter, Write};

use dancing_sudoku::format::puzzle_line;
use dancing_sudoku::generate::{Generated, RATING_RELABELINGS, Rating, Recipe, Series};
use dancing_sudoku::{Shape, Symbols, Variant};
use serde_json::json;

use super::plan::GeneratePlan;
use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};
use crate::sudoku_puzzles::write_series;

/// Puzzles per generator, and the unit of output order.
const BLOCK: u64 = 16;

/// Writes `count` generated puzzles on standard output.
pub(super) fn run(plan: &GeneratePlan, pool: &rayon::ThreadPool) -> Status {
    let variant = plan.variant;
    let mut writer = BufWriter::with_capacity(1 << 16, io::stdout());
    // Lines of a variant start with a `variant` line, so that the output
    // read back as it is (`dlx sudoku` without --variant) keeps the rules:
    // without it, a region map or cages would be read as a comment and the
    // puzzle solved as a classic one. (A JSON record names its variant.)
    // Likewise a `box` line for boxes the line length does not tell (a
    // 6x6 line is read with 2x3 boxes).
    let header = if plan.json {
        String::new()
    } else {
        rules_lines(None, Variant::CLASSIC, plan.shape, variant)
    };
    if let Err(error) = writer.write_all(header.as_bytes()) {
        if is_broken_pipe(&error) {
            return Status::Success;
        }
        diag!("dlx sudoku: error writing output: {error}");
        return Status::Error;
    }
    let recipe = Recipe::Minimal {
        shape: plan.shape,
        variant,
        symmetric: plan.symmetric,
    };
    let series = Series::new(plan.seed, BLOCK, recipe);
    let written = write_series(
        pool,
        &series,
        plan.count,
        writer,
        |text, index, made, generator| {
            let rating = plan
                .rate
                .then(|| {
                    generator
                        .rate(&made.rules, &made.puzzle, RATING_RELABELINGS)
                        .ok()
                })
                .flatten();
            write_puzzle(text, index + 1, made, &plan.symbols, rating, plan.json);
        },
    );
    // (After Ctrl-C, the exit code is 130 whatever the status.)
    match written {
        Ok(written) => {
            if interrupt::requested() {
                diag!(
                    "dlx sudoku: interrupted; {written} of {} puzzles written",
                    plan.count
                );
            }
            Status::Success
        }
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx sudoku: error writing output: {error}");
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
    let shape = made.puzzle.shape();
    // Writing into memory does not fail.
    let _ = if as_json {
        let (cells, data) = line.split_once(' ').unwrap_or((&line, ""));
        let mut record = json!({
            "type": "generated",
            "index": index,
            "puzzle": cells,
            "clues": clues,
            "variant": made.rules.variant().to_string(),
            "box": format!("{}x{}", shape.box_rows(), shape.box_cols()),
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
        writeln!(out, "{line} {}", rating.words(clues))
    } else {
        writeln!(out, "{line}")
    };
}

/// The lines that make the line reader take the puzzles after them with
/// `shape` and `variant`, after lines that left it with `boxes` (`None`:
/// boxes from each line's length) and `was`: `box RxC` for boxes a line's
/// length does not tell (a 36-cell line is read with 2x3 boxes) or that
/// differ from those set before, `variant NAME` for another variant (the
/// region map and cages on a line are refused as a comment otherwise).
pub(super) fn rules_lines(
    boxes: Option<Shape>,
    was: Variant,
    shape: Shape,
    variant: Variant,
) -> String {
    let mut lines = String::new();
    let told = boxes.or(Shape::for_size(shape.size()));
    if told != Some(shape) {
        lines += &format!("box {}x{}\n", shape.box_rows(), shape.box_cols());
    }
    if variant != was {
        lines += &format!("variant {variant}\n");
    }
    lines
}
