//! `dlx sudoku`: Sudoku puzzles in any supported format, solved, counted,
//! checked for uniqueness, or written as exact-cover problems.
//!
//! Puzzles are streamed, so a file of a million puzzles is never in memory.
//! With one thread (`-j 1`), each is read, solved and written before the
//! next is read; with more, puzzles are read on the main thread, solved in
//! chunks on a pool of threads (see [`crate::batch`]), and the answers
//! written on the main thread in input order, byte for byte what one thread
//! writes. A bad puzzle is reported as `FILE:LINE: message` on stderr and the
//! run goes on.
//!
//! One [`Answerer`] answers puzzles for both: it writes each answer into
//! [`Answers`] (the bytes for stdout, the messages for stderr and where
//! they fall, the totals), which [`Output`] then writes out.
//!
//! The parts: [`args`] (the command line), [`read`] (inputs to entries),
//! [`answer`] (entries to answers), [`output`] (answers to stdout and
//! stderr, in order), [`report`] (totals and summaries).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::Instant;

use crate::batch::{self, Stop};
use crate::input::Input;
use crate::progress::Progress;
use crate::status::{Status, is_broken_pipe};

mod answer;
mod args;
mod output;
mod read;
mod report;

use answer::Answerer;
pub use args::Args;
use args::Config;
use output::{Answers, Output};
use read::{Entry, read_inputs};
use report::{Totals, print_stats, summary_json};

/// The progress line: puzzles done and their rate.
const PROGRESS: &str = "{spinner} {human_pos} puzzles, {rate} puzzles/s, {elapsed}";

/// Solves every puzzle of every input in turn, on one thread or several.
pub fn run(args: &Args) -> Status {
    let config = Config::new(args);
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    // When answers stream onto the terminal, they show the progress.
    let progress = if args.quiet || interactive {
        Progress::hidden()
    } else {
        Progress::spinner(PROGRESS)
    };
    let mut output = Output {
        out: BufWriter::with_capacity(1 << 16, stdout.lock()),
        interactive,
        progress: &progress,
        last_layout: None,
        totals: Totals::default(),
    };
    let started = Instant::now();
    let threads = thread_count(args);
    let ran = if threads == 1 {
        solve_in_turn(args, &config, &mut output)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|k| format!("dlx-sudoku-{k}"))
            .build();
        match pool {
            Ok(pool) => solve_in_parallel(args, &config, &pool, &mut output),
            Err(error) => {
                drop(progress);
                crate::diag!("dlx: cannot start {threads} threads: {error}");
                return Status::Error;
            }
        }
    };
    let written = ran
        .and_then(|()| {
            if args.json {
                let summary = summary_json(&config, &output.totals, started.elapsed());
                writeln!(output.out, "{summary}")?;
            }
            Ok(())
        })
        .and_then(|()| output.out.flush());
    let totals = output.totals;
    // Cleared before anything else is written on stderr.
    drop(progress);
    match written {
        Ok(()) => {}
        // The reader went away (`dlx sudoku big.txt | head`): stop quietly.
        Err(error) if is_broken_pipe(&error) => return totals.status,
        Err(error) => {
            crate::diag!("dlx: error writing output: {error}");
            return Status::Error;
        }
    }
    if args.stats {
        print_stats(&config, &totals, started.elapsed());
    }
    totals.status
}

/// The threads to solve on: `--threads`, or one per core; one when reading
/// puzzles typed at a terminal, so that each answer comes back at once.
fn thread_count(args: &Args) -> usize {
    let typed = Input::all(&args.files)
        .iter()
        .any(|input| matches!(input, Input::Stdin))
        && io::stdin().is_terminal();
    if typed {
        return 1;
    }
    match args.threads {
        Some(threads) => usize::from(threads),
        None => thread::available_parallelism().map_or(1, NonZeroUsize::get),
    }
}

/// `-j 1`: each puzzle is read, answered and written before the next is read.
fn solve_in_turn(args: &Args, config: &Config, output: &mut Output<'_>) -> io::Result<()> {
    let mut answerer = Answerer::new(config);
    let mut answers = Answers::default();
    read_inputs(args, &mut |entry| {
        answerer.answer(&entry, &mut answers);
        output.write(&answers)?;
        answers.clear();
        Ok(())
    })
}

/// `-j N`: puzzles are read on this thread, answered in chunks on `pool`
/// (each thread with a solver of its own), and the answers written here in
/// input order, chunk after chunk.
fn solve_in_parallel(
    args: &Args,
    config: &Config,
    pool: &rayon::ThreadPool,
    output: &mut Output<'_>,
) -> io::Result<()> {
    // Answerers (and their solvers) between chunks: one per thread at most.
    let idle = Mutex::new(Vec::new());
    let answer_chunk = |chunk: Vec<Entry>, stop: &Stop| {
        let spare = idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let mut answerer = spare.unwrap_or_else(|| Answerer::new(config));
        answerer.start_chunk();
        let mut answers = Answers::default();
        for entry in &chunk {
            if stop.requested() {
                break;
            }
            answerer.answer(entry, &mut answers);
        }
        idle.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(answerer);
        answers
    };
    batch::run_in_order(
        pool,
        answer_chunk,
        |answers| output.write(&answers),
        |push| read_inputs(args, push),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_template_is_valid() {
        assert!(crate::progress::is_valid_template(PROGRESS));
    }
}
