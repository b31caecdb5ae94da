//! `dlx solve`: exact-cover problems in Knuth's DLX format.
//!
//! The arguments become a [`plan::SolvePlan`] first. Each input is then
//! read within its clock (the clock of `--time-limit` starts when reading
//! starts, and Ctrl-C stops a huge file or a stalled pipe too), and
//! searched by the run layer's runner on `--threads` threads, with the
//! solutions printed in the order one thread finds them by a printer
//! (text, JSON, or only the count). A long search shows its progress on a
//! terminal, and stops with a report of what it found so far on Ctrl-C or
//! when its node or time budget runs out.

pub mod args;
pub mod best;
pub mod plan;
pub mod tasks;

use std::io::{self, BufWriter};

pub use args::Args;
use plan::{Format, SolvePlan};

use crate::drawing::Pictures;
use crate::input::Input;
use crate::interrupt;
use crate::run::clock::Clock;
use crate::run::plan::SearchPlan;
use crate::run::printer::{Count, Header, Json, Printer, Text};
use crate::run::reader::{ReadFailure, read_problem};
use crate::run::runner::Runner;
use crate::status::{Status, diag, is_broken_pipe};

/// Solves every input in turn; one bad input does not stop the others.
pub fn run(args: &Args) -> Status {
    let plan = match SolvePlan::new(args) {
        Ok(plan) => plan,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    if let Some(tasks) = &plan.tasks {
        return tasks::run(tasks, &plan.search);
    }
    if let Some(k) = plan.best {
        // One thread unless -j says otherwise: its improvements and counts
        // are DLX5's, the same from run to run.
        let threads = args.search.threads.map_or(1, |n| n as usize);
        return best::run(&plan, k, threads);
    }
    let inputs = &plan.inputs;
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
        let result = match plan.format {
            Format::Json { solutions } => {
                let mut printer = Json::new(&mut out, name.clone(), solutions);
                solve_input(&plan, input, several, &mut printer)
            }
            Format::Count => {
                let label = several.then(|| name.clone());
                solve_input(&plan, input, several, &mut Count::new(&mut out, label))
            }
            Format::Text => {
                let header = several.then(|| Header {
                    name: name.clone(),
                    after_another: k > 0,
                });
                solve_input(&plan, input, several, &mut Text::new(&mut out, header))
            }
            Format::Drawing { colored } => {
                let header = several.then(|| Header {
                    name: name.clone(),
                    after_another: k > 0,
                });
                let mut printer = Pictures::new(&mut out, header, colored);
                solve_input(&plan, input, several, &mut printer)
            }
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
    plan: &SolvePlan,
    input: &Input,
    several: bool,
    printer: &mut impl Printer,
) -> Result<Status, Failure> {
    let name = input.name();
    let search: &SearchPlan = &plan.search;
    let run = Runner {
        search,
        // The clock starts with the reading.
        clock: Clock::start(search.time_limit),
        max_solutions: plan.max_solutions,
        name: &name,
        prefixed: several,
    };
    let parsed = match read_problem(input, &run.clock) {
        Ok(parsed) => parsed,
        Err(ReadFailure::Stopped { line, stop }) => {
            return Ok(run.stopped_reading(line, stop, printer)?.status());
        }
        Err(ReadFailure::Error(message)) => return Err(Failure::Input(message)),
    };
    for warning in &parsed.warnings {
        diag!("{name}:{warning}");
    }
    printer
        .prepare(&parsed.problem)
        .map_err(|why| Failure::Input(format!("{name}: {why}")))?;
    let outcome = run.search(parsed.problem, printer)?;
    Ok(outcome.status())
}
