//! `dlx sudoku --generate COUNT`: puzzles with exactly one solution, minimal
//! (no clue can be taken away; with --symmetric, no pair of clues related
//! by the half turn), of any size and variant (jigsaw puzzles with a random
//! region map, killer puzzles with random cages and the few clues they
//! need), optionally rated.
//!
//! Puzzles are made in blocks of [`BLOCK`], each by a generator seeded with
//! the seed and the block's number alone, so the output depends on the seed
//! only, never on the number of threads; blocks are made on the pool with
//! flat memory (see [`crate::batch`]). Each puzzle is written, and flushed,
//! as soon as it and every puzzle before it are made ([`InOrder`]): a large
//! puzzle takes seconds or minutes, and the reader of the output should not
//! wait for the rest of its block.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::sync::{Mutex, PoisonError};

use dancing_sudoku::Symbols;
use dancing_sudoku::format::puzzle_line;
use dancing_sudoku::generate::{GenerateError, Generated, Generator, Rating};
use serde_json::json;

use super::plan::GeneratePlan;
use crate::batch::{self, StopFlag};
use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};
use crate::sudoku_puzzles::block_seed;

/// Puzzles per generator, and the unit of output order.
const BLOCK: u64 = 16;

/// Random relabellings a rating averages over.
const RELABELINGS: usize = 8;

/// Writes `count` generated puzzles on standard output.
pub(super) fn run(plan: &GeneratePlan, pool: &rayon::ThreadPool) -> Status {
    let (count, shape, variant, symbols) = (plan.count, plan.shape, plan.variant, &plan.symbols);
    let mut writer = BufWriter::with_capacity(1 << 16, io::stdout());
    // Lines of a variant start with a `variant` line, so that the output
    // read back as it is (`dlx sudoku` without --variant) keeps the rules:
    // without it, a region map or cages would be read as a comment and the
    // puzzle solved as a classic one. (A JSON record names its variant.)
    if !plan.json
        && !variant.is_classic()
        && let Err(error) = writeln!(writer, "variant {variant}")
    {
        if is_broken_pipe(&error) {
            return Status::Success;
        }
        diag!("dlx sudoku: error writing output: {error}");
        return Status::Error;
    }
    let out = InOrder::new(writer);
    let mut blocks =
        (0..count.div_ceil(BLOCK)).map(|block| (block, BLOCK.min(count - block * BLOCK)));
    let make = |chunk: Vec<(u64, u64)>, stop: &StopFlag| {
        let mut text = Vec::new();
        for (block, size) in chunk {
            let mut generator = Generator::new(block_seed(plan.seed, block));
            // A large puzzle takes long searches: Ctrl-C stops them too.
            generator.cancel_when(interrupt::requested);
            for k in 0..size {
                if stop.requested() || interrupt::requested() || out.failed() {
                    return;
                }
                let index = block * BLOCK + k;
                let made = match generator.minimal_puzzle_of(shape, variant, plan.symmetric) {
                    Ok(made) => made,
                    Err(GenerateError::Cancelled) => return,
                    Err(error) => unreachable!("the size was checked: {error}"),
                };
                let rating = plan
                    .rate
                    .then(|| generator.rate(&made.rules, &made.puzzle, RELABELINGS).ok())
                    .flatten();
                text.clear();
                write_puzzle(&mut text, index + 1, &made, symbols, rating, plan.json);
                out.put(index, &text);
            }
        }
    };
    interrupt::catch();
    let written = batch::run_in_order(
        pool,
        make,
        // The puzzles went out as they were made; a write error stops all.
        |()| out.error(),
        |push| {
            blocks.try_for_each(|block| {
                if interrupt::requested() {
                    return Ok(());
                }
                push(block)
            })
        },
    )
    .and_then(|()| out.error());
    // (After Ctrl-C, the exit code is 130 whatever the status.)
    match written {
        Ok(()) => Status::Success,
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

/// The output of the generator threads: puzzle `k` (from 0) is written once
/// puzzles `0..k` are, and flushed at once, whichever thread made it.
struct InOrder<W> {
    state: Mutex<Ordered<W>>,
}

struct Ordered<W> {
    out: W,
    /// The number of the next puzzle to write.
    next: u64,
    /// Puzzles made before one they follow, by number.
    waiting: BTreeMap<u64, Vec<u8>>,
    /// The first write error: nothing is written after it.
    error: Option<io::Error>,
    failed: bool,
}

impl<W: Write> InOrder<W> {
    fn new(out: W) -> InOrder<W> {
        InOrder {
            state: Mutex::new(Ordered {
                out,
                next: 0,
                waiting: BTreeMap::new(),
                error: None,
                failed: false,
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Ordered<W>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands over puzzle `index`'s text, and writes what is now in order.
    fn put(&self, index: u64, text: &[u8]) {
        let mut state = self.lock();
        if state.failed {
            return;
        }
        state.waiting.insert(index, text.to_vec());
        let state = &mut *state;
        let mut wrote = false;
        while let Some(text) = state.waiting.remove(&state.next) {
            if let Err(error) = state.out.write_all(&text) {
                state.error = Some(error);
                state.failed = true;
                return;
            }
            state.next += 1;
            wrote = true;
        }
        if wrote && let Err(error) = state.out.flush() {
            state.error = Some(error);
            state.failed = true;
        }
    }

    /// Whether a write failed (the reader went away, say).
    fn failed(&self) -> bool {
        self.lock().failed
    }

    /// The write error, if one came (once; `Ok` afterwards).
    fn error(&self) -> io::Result<()> {
        self.lock().error.take().map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that records what reaches it through `flush`.
    #[derive(Default)]
    struct Flushed {
        buffered: Vec<u8>,
        flushed: Vec<u8>,
    }

    impl Write for Flushed {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.buffered.extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            self.flushed.append(&mut self.buffered);
            Ok(())
        }
    }

    #[test]
    fn puzzles_go_out_flushed_in_order_as_soon_as_their_turn_comes() {
        let out = InOrder::new(Flushed::default());
        let flushed = |out: &InOrder<Flushed>| String::from_utf8(out.lock().out.flushed.clone());
        out.put(1, b"b\n");
        assert_eq!(flushed(&out).unwrap(), "", "puzzle 1 waits for puzzle 0");
        out.put(0, b"a\n");
        assert_eq!(flushed(&out).unwrap(), "a\nb\n");
        out.put(3, b"d\n");
        out.put(2, b"c\n");
        assert_eq!(flushed(&out).unwrap(), "a\nb\nc\nd\n");
        assert!(out.error().is_ok() && !out.failed());
    }
}
