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
//! One [`Answerer`] decides what happened to each puzzle for both, a
//! [`AnswerPrinter`](printer::AnswerPrinter) formats each verdict into [`Answers`] (the
//! bytes for stdout, the messages for stderr and where they fall, the
//! totals), and [`Output`] writes them out in input order.
//!
//! The parts: [`args`] (the command line), [`plan`] (what it asks for,
//! decided once, in the parts each stage takes), [`read`] (inputs to entries),
//! [`answer`] (entries to verdicts), [`printer`] (verdicts to text in
//! [`answers`]), [`output`] (answers to stdout and stderr, in order),
//! [`report`] (totals and summaries).

use std::cell::RefCell;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use crate::batch::{self, StopFlag};
use crate::interrupt;
use crate::progress::ProgressBar;
use crate::status::{Status, diag, is_broken_pipe};

mod answer;
mod answers;
mod args;
mod generate;
mod output;
mod plan;
mod printer;
mod read;
mod report;

use answer::Answerer;
use answers::Answers;
pub use args::Args;
use output::Output;
use plan::{AnswerPlan, Mode, Plan};
use printer::{AnswerPrinter, printer_for};
use read::{Entry, read_inputs};
use report::{Totals, print_stats, summary_json};

/// The progress line: puzzles done and their rate.
const PROGRESS: &str = "{spinner} {human_pos} puzzles, {rate} puzzles/s, {elapsed}";

/// Solves every puzzle of every input in turn, on one thread or several;
/// or, with `--generate`, writes new puzzles.
pub fn run(args: &Args) -> Status {
    interrupt::catch();
    match Plan::new(args) {
        Ok(Plan::Answer(plan)) => answer(&plan),
        Ok(Plan::Generate(plan)) => match thread_pool(plan.threads, "dlx-sudoku-gen") {
            Ok(pool) => generate::run(&plan, &pool),
            Err(status) => status,
        },
        Err(message) => {
            diag!("dlx sudoku: {message}");
            Status::Error
        }
    }
}

/// A pool of `threads` threads named `name-K`, or the status of a run
/// that could not start them.
fn thread_pool(threads: usize, name: &'static str) -> Result<rayon::ThreadPool, Status> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |k| format!("{name}-{k}"))
        .build()
        .map_err(|error| {
            diag!("dlx: cannot start {threads} threads: {error}");
            Status::Error
        })
}

/// Reads, answers and prints every puzzle as `plan` says, then the
/// summaries.
fn answer(plan: &AnswerPlan) -> Status {
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    // When answers stream onto the terminal, they show the progress.
    let progress = if plan.quiet || interactive {
        ProgressBar::hidden()
    } else {
        ProgressBar::spinner(PROGRESS)
    };
    let mut output = Output {
        out: BufWriter::with_capacity(1 << 16, stdout.lock()),
        interactive,
        progress: &progress,
        last_layout: None,
        totals: Totals::default(),
        cut_short: false,
        last_rules: (None, dancing_sudoku::Variant::CLASSIC),
        last_csv_header: None,
    };
    let started = Instant::now();
    let ran = if plan.answering.mode == Mode::ToDlx {
        convert_one(plan, &mut output)
    } else if plan.threads == 1 {
        solve_in_turn(plan, &mut output)
    } else {
        match thread_pool(plan.threads, "dlx-sudoku") {
            Ok(pool) => solve_in_parallel(plan, &pool, &mut output),
            Err(status) => {
                drop(progress);
                return status;
            }
        }
    };
    let interrupted = interrupt::requested();
    let engine = plan.reporting.engine;
    let written = ran
        .and_then(|()| {
            if plan.reporting.json {
                let summary = summary_json(engine, &output.totals, started.elapsed(), interrupted);
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
            diag!("dlx: error writing output: {error}");
            return Status::Error;
        }
    }
    if interrupted {
        print_interrupted(&totals);
    }
    if plan.reporting.stats {
        print_stats(engine, &totals, started.elapsed(), interrupted);
    }
    totals.status
}

/// An answerer and a printer for `plan`.
fn answerer_and_printer(plan: &AnswerPlan) -> (Answerer<'_>, Box<dyn AnswerPrinter + Send + '_>) {
    let symbols = &plan.inputs.options.symbols;
    (
        Answerer::new(&plan.answering, symbols),
        printer_for(&plan.printing, symbols),
    )
}

/// `-j 1`: each puzzle is read, answered and written before the next is read.
fn solve_in_turn(plan: &AnswerPlan, output: &mut Output<'_>) -> io::Result<()> {
    let (mut answerer, mut printer) = answerer_and_printer(plan);
    let mut answers = Answers::default();
    // Written by each answer, and flushed when input is slow in coming.
    let output = RefCell::new(output);
    read_inputs(
        &plan.inputs,
        u64::MAX,
        &mut || output.borrow_mut().flush(),
        &mut |entry| {
            printer.add(&answerer.answer(&entry), &mut answers);
            output.borrow_mut().write(&answers)?;
            answers.clear();
            Ok(())
        },
    )
}

/// `-j N`: puzzles are read on this thread, answered in chunks on `pool`
/// (each thread with a solver of its own), and the answers written here in
/// input order, chunk after chunk.
fn solve_in_parallel(
    plan: &AnswerPlan,
    pool: &rayon::ThreadPool,
    output: &mut Output<'_>,
) -> io::Result<()> {
    // Answerers (and their solvers) between chunks, with their printers:
    // one per thread at most.
    let idle = Mutex::new(Vec::new());
    let answer_chunk = |chunk: Vec<Entry>, stop: &StopFlag| {
        let spare = idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let (mut answerer, mut printer) = spare.unwrap_or_else(|| answerer_and_printer(plan));
        printer.start_chunk();
        let mut answers = Answers::default();
        for entry in &chunk {
            if stop.requested() || interrupt::requested() {
                answers.cut_short = true;
                break;
            }
            printer.add(&answerer.answer(entry), &mut answers);
            if answers.cut_short {
                break;
            }
        }
        idle.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((answerer, printer));
        answers
    };
    // Written by the delivery of each chunk, and flushed when input is slow.
    let output = RefCell::new(output);
    batch::stream_in_order(
        pool,
        answer_chunk,
        |answers| output.borrow_mut().write(&answers),
        |feeder| {
            let feeder = RefCell::new(feeder);
            read_inputs(
                &plan.inputs,
                u64::MAX,
                // The answers to what was read so far, out before waiting.
                &mut || {
                    feeder.borrow_mut().settle()?;
                    output.borrow_mut().flush()
                },
                &mut |entry| feeder.borrow_mut().push(entry),
            )
        },
    )
}

/// `--to-dlx`: one puzzle's exact cover in Knuth's format. `dlx solve`
/// reads its input as one problem, so two puzzles' problems written one
/// after the other would be read as one, with a wrong answer: a second
/// puzzle is refused, before anything is written.
fn convert_one(plan: &AnswerPlan, output: &mut Output<'_>) -> io::Result<()> {
    let mut entries = Vec::new();
    read_inputs(&plan.inputs, 2, &mut || Ok(()), &mut |entry| {
        entries.push(entry);
        Ok(())
    })?;
    let mut answers = Answers::default();
    let mut puzzles = entries.iter().filter(|entry| entry.is_puzzle());
    if let (Some(_), Some(second)) = (puzzles.next(), puzzles.next()) {
        answers.totals.fail(Status::Error);
        answers.totals.errors += 1;
        answers.note(format!(
            "{}:{}: a second puzzle: --to-dlx writes one puzzle's problem, since `dlx solve` \
             would read several as one; use --to-dlx-dir DIR for one file per puzzle",
            second.name,
            second.line().unwrap_or(0),
        ));
        return output.write(&answers);
    }
    let (mut answerer, mut printer) = answerer_and_printer(plan);
    for entry in &entries {
        printer.add(&answerer.answer(entry), &mut answers);
    }
    output.write(&answers)
}

/// The partial summary after Ctrl-C, on stderr.
fn print_interrupted(totals: &Totals) {
    diag!(
        "dlx sudoku: interrupted after {} puzzles answered ({} solved, {} unsolvable, {} not unique, \
         {} invalid, {} given up); the rest was not answered",
        totals.puzzles,
        totals.solved,
        totals.unsolvable,
        totals.not_unique,
        totals.invalid,
        totals.gave_up,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_template_is_valid() {
        assert!(crate::progress::is_valid_template(PROGRESS));
    }
}
