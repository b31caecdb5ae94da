//! Generated Sudoku puzzles on a pool of threads, written in order: the one
//! producer behind `dlx gen sudoku-puzzles` ([`run`]) and
//! `dlx sudoku --generate` (which formats its puzzles through
//! [`write_series`]). Neither subcommand owns this module.
//!
//! The puzzles are a [`Series`]: made in blocks, each by a generator seeded
//! with the seed and the block's number alone, so the output depends on the
//! seed only, never on the number of threads. Blocks are made on the pool
//! with flat memory (see [`crate::batch`]), and each puzzle is written, and
//! flushed, as soon as it and every puzzle before it are made ([`InOrder`]):
//! a large puzzle takes seconds or minutes, and the reader of the output
//! should not wait for the rest of its block.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::sync::{Mutex, MutexGuard, PoisonError};

use dancing_sudoku::Shape;
use dancing_sudoku::generate::{Block, GenerateError, Generated, Generator, Recipe, Series};

use crate::batch::{self, StopFlag};
use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};

/// `dlx gen sudoku-puzzles`' puzzles a generator: a generator is cheap, but
/// not free (a solver and its arena). Part of what fixes the puzzles.
const CLASSIC_BLOCK: u64 = 64;

/// `dlx gen sudoku-puzzles COUNT`: `count` classic puzzles from `seed`, one
/// 81-character line each, each minimal with exactly one solution. A puzzle
/// takes about a millisecond of one core: a million take minutes.
pub fn run(count: u64, seed: u64) -> Status {
    interrupt::catch();
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
    let series = Series::new(seed, CLASSIC_BLOCK, Recipe::Unique(Shape::CLASSIC));
    let out = BufWriter::with_capacity(1 << 16, io::stdout());
    let written = write_series(&pool, &series, count, out, |text, _, made, _| {
        text.extend_from_slice(made.puzzle.to_line().as_bytes());
        text.push(b'\n');
    });
    match written {
        Ok(written) => {
            if interrupt::requested() {
                diag!("dlx gen sudoku-puzzles: interrupted; {written} of {count} puzzles written");
            }
            Status::Success
        }
        // The reader went away (`dlx gen sudoku-puzzles 1000000 | head`).
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx gen sudoku-puzzles: error writing output: {error}");
            Status::Error
        }
    }
}

/// Makes the first `count` puzzles of `series` on `pool` and writes each to
/// `out` in order, as `format` puts it into the text it is given (with the
/// puzzle's number from 0, and the generator that made it, for a rating).
/// Ctrl-C stops the making (the generators' searches too), as does a write
/// error, which is returned. Returns the number of puzzles written. The
/// series' recipe must be one its generators can make (checked before).
pub(crate) fn write_series<W: Write + Send>(
    pool: &rayon::ThreadPool,
    series: &Series,
    count: u64,
    out: W,
    format: impl Fn(&mut Vec<u8>, u64, &Generated, &mut Generator) + Sync,
) -> io::Result<u64> {
    let out = InOrder::new(out);
    let make = |chunk: Vec<Block>, stop: &StopFlag| {
        let mut text = Vec::new();
        for block in chunk {
            let mut puzzles = series.puzzles(block);
            // A large puzzle takes long searches: Ctrl-C stops them too.
            puzzles.generator().stop_on(&interrupt::stop());
            loop {
                if stop.requested() || interrupt::requested() || out.failed() {
                    return;
                }
                let Some((index, made)) = puzzles.next() else {
                    break;
                };
                let made = match made {
                    Ok(made) => made,
                    Err(GenerateError::Cancelled) => return,
                    Err(error) => unreachable!("the recipe was checked: {error}"),
                };
                text.clear();
                format(&mut text, index, &made, puzzles.generator());
                out.put(index, &text);
            }
        }
    };
    let mut blocks = series.blocks(count);
    batch::run_in_order(
        pool,
        make,
        // The puzzles went out as they were made; a write error stops all.
        |()| out.error(),
        |push| {
            // Ctrl-C ends the feeding at once: the remaining blocks (up to
            // 2^64 / 16 of them) are not walked.
            for block in blocks.by_ref() {
                if interrupt::requested() {
                    break;
                }
                push(block)?;
            }
            Ok(())
        },
    )
    .and_then(|()| out.error())
    .map(|()| out.written())
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

    fn lock(&self) -> MutexGuard<'_, Ordered<W>> {
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

    /// The number of puzzles written.
    fn written(&self) -> u64 {
        self.lock().next
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

    #[test]
    fn a_series_is_the_same_on_any_number_of_threads() {
        let series = Series::new(3, 2, Recipe::Unique(Shape::new(2, 2).expect("a shape")));
        let written = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool");
            let mut out = Vec::new();
            let count = write_series(&pool, &series, 7, &mut out, |text, index, made, _| {
                let _ = writeln!(text, "{index} {}", made.puzzle.to_line());
            })
            .expect("written");
            assert_eq!(count, 7);
            String::from_utf8(out).expect("text")
        };
        let one = written(1);
        assert_eq!(one.lines().count(), 7);
        assert!(one.starts_with("0 ") && one.lines().nth(6).unwrap().starts_with("6 "));
        assert_eq!(written(3), one);
    }
}
