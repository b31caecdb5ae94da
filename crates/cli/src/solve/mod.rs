//! `dlx solve`: exact-cover problems in Knuth's DLX format.
//!
//! Each input is read within its budget ([`budget`]: the clock of
//! `--time-limit` starts when reading starts, and Ctrl-C stops a huge file
//! or a stalled pipe too), then searched by the shared [`runner`] on
//! `--threads` threads, with the solutions printed in the order one thread
//! finds them by a [`printer`] (text, JSON, or only the count). A long
//! search shows its progress on a terminal, and stops with a report of what
//! it found so far on Ctrl-C or when its node or time budget runs out.

pub mod args;
pub mod budget;
pub mod memo;
pub mod printer;
pub mod runner;
pub mod tasks;

use std::io::{self, BufWriter};

use dancing::format::{self, ParseErrorKind};

pub use args::{Args, SearchArgs};
use budget::{Budget, BudgetedReader, stopped_reading};
use printer::{Count, Header, Json, Printer, Text};
use runner::Run;

use crate::input::Input;
use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};

/// Solves every input in turn; one bad input does not stop the others.
pub fn run(args: &Args) -> Status {
    if let Some(tasks) = &args.tasks.tasks {
        return tasks::run(args, tasks);
    }
    let inputs = Input::all(&args.files);
    let several = inputs.len() > 1;
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut status = Status::Success;
    interrupt::catch();
    for (k, input) in inputs.iter().enumerate() {
        if interrupt::requested() {
            // The files not yet begun are not searched; the exit status says so.
            break;
        }
        let name = input.name();
        let result = if args.json {
            let mut printer = Json::new(&mut out, name.clone(), !args.count);
            solve_input(args, input, several, &mut printer)
        } else if args.count {
            let label = several.then(|| name.clone());
            solve_input(args, input, several, &mut Count::new(&mut out, label))
        } else {
            let header = several.then(|| Header {
                name: name.clone(),
                after_another: k > 0,
            });
            solve_input(args, input, several, &mut Text::new(&mut out, header))
        };
        status = status.worst(match result {
            Ok(found) => found,
            Err(Failure::Output(error)) if is_broken_pipe(&error) => return status,
            Err(Failure::Output(error)) => {
                diag!("dlx: error writing output: {error}");
                return Status::Error;
            }
            Err(Failure::Input(message)) => {
                diag!("{message}");
                Status::Error
            }
        });
    }
    status
}

enum Failure {
    /// The input could not be read or parsed; the message names the place.
    Input(String),
    /// Standard output could not be written.
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Output(error)
    }
}

/// Reads one input and searches it; a stop while reading is reported as
/// such, with the line it got to.
fn solve_input(
    args: &Args,
    input: &Input,
    several: bool,
    printer: &mut impl Printer,
) -> Result<Status, Failure> {
    let name = input.name();
    let run = Run {
        search: &args.search,
        // The clock starts with the reading.
        budget: Budget::start(args.search.time_limit),
        max_solutions: args.max_solutions,
        name: &name,
        prefixed: several,
    };
    let source = input.clone();
    let reader = match BudgetedReader::open(move || source.open_source(), run.budget) {
        Ok(reader) => reader,
        Err(error) => match stopped_reading(&error) {
            Some(stop) => return Ok(run.stopped_reading(1, stop, printer)?.status()),
            None => return Err(Failure::Input(format!("{name}: cannot open: {error}"))),
        },
    };
    // The reader looks at the budget on each chunk of input, and the parser
    // between chunks too (a line of a million names takes a while).
    let parsed = match format::read_cancellable(reader, || run.budget.spent().is_some()) {
        Ok(parsed) => parsed,
        Err(error) => {
            let stop = match &error.kind {
                ParseErrorKind::Io(io_error) => stopped_reading(io_error),
                ParseErrorKind::Cancelled => run.budget.spent(),
                _ => None,
            };
            if let Some(stop) = stop {
                let outcome = run.stopped_reading(error.line, stop, printer)?;
                return Ok(outcome.status());
            }
            return Err(Failure::Input(format!("{name}:{error}")));
        }
    };
    for warning in &parsed.warnings {
        diag!("{name}:{warning}");
    }
    let outcome = run.search(&parsed.problem, printer)?;
    Ok(outcome.status())
}
