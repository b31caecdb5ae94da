//! `dlx reduce`: preprocessing as Knuth's DLX-PRE does it. Writes an
//! equivalent, smaller problem in Knuth's format on standard output (its
//! solutions are the original's, with the removed items left out of their
//! options, with their costs), and a summary of what was removed on
//! standard error.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use dancing::{Engine, Request, format};

use crate::input::Input;
use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};

/// Write an equivalent, smaller problem (options that can never be in a
/// solution removed, items forced by others merged), as Knuth's DLX-PRE.
///
/// The reduced problem goes to standard output in Knuth's format, a
/// summary to standard error. Colors and item bounds are kept and taken
/// into account. Exit status: 0, 2 on an error, or 130 when interrupted
/// (Ctrl-C), with nothing written.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file in Knuth's DLX format; none, or `-`, reads standard input.
    pub file: Option<PathBuf>,
}

/// Writes the reduced problem; its input is all `dlx reduce` is asked.
pub fn run(args: &Args) -> Status {
    interrupt::catch();
    // The plan is the one input: nothing else is asked.
    let input = Input::all(args.file.as_slice()).remove(0);
    let name = input.name();
    let parsed = match input.read_problem() {
        Ok(parsed) => parsed,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    for warning in &parsed.warnings {
        diag!("{name}:{warning}");
    }
    let problem = parsed.problem;
    let stop = interrupt::stop();
    let reduction = Engine::builder()
        .build_until(problem, &stop)
        .and_then(|engine| {
            let reduction = engine.reduce(&Request::new().stop(&stop))?;
            Some((engine, reduction))
        });
    let Some((engine, reduction)) = reduction else {
        diag!("{name}: interrupted while reducing; nothing written");
        return Status::Interrupted;
    };
    let problem = engine.problem();
    let reduced = reduction.problem();
    let summary = reduction.summary(problem);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let written = writeln!(out, "| reduced from {name} by dlx reduce: {summary}")
        .and_then(|()| format::write(reduced, &mut out))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => {
            diag!("{name}: {summary}");
            Status::Success
        }
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx reduce: error writing output: {error}");
            Status::Error
        }
    }
}
