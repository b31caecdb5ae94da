//! `dlx solve`: exact-cover problems in Knuth's DLX format.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bumpalo::Bump;
use dancing::{OptionId, Problem, Solver, Stats, format};
use serde_json::json;

use crate::input::Input;
use crate::status::{Status, is_broken_pipe};

/// Solve exact-cover problems in Knuth's DLX format.
///
/// Prints every solution (one line per chosen option, with its item names;
/// a blank line between solutions) and a summary on standard error. Exits 0
/// when a solution was found, 1 when there is none, 2 on any error.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files in Knuth's DLX format; none, or `-`, reads standard input.
    pub files: Vec<PathBuf>,

    /// Print only the number of solutions (one integer; `FILE:N` for several files).
    #[arg(long)]
    pub count: bool,

    /// Stop after N solutions.
    #[arg(short = 'n', long, value_name = "N")]
    pub max_solutions: Option<u64>,

    /// Print one line of statistics on standard error (`name value` pairs).
    #[arg(long)]
    pub stats: bool,

    /// Print the number of search-tree nodes at each depth on standard error.
    #[arg(long)]
    pub profile: bool,

    /// Write JSON Lines: one object per solution, then a summary object.
    #[arg(long)]
    pub json: bool,
}

/// Solves every input in turn; one bad input does not stop the others.
pub fn run(args: &Args) -> Status {
    let inputs = Input::all(&args.files);
    let several = inputs.len() > 1;
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut status = Status::Success;
    for (k, input) in inputs.iter().enumerate() {
        let result = solve_input(args, input, several, k == 0, &mut out);
        let result = result.and_then(|found| Ok(out.flush().map(|()| found)?));
        status = status.worst(match result {
            Ok(found) => found,
            Err(Failure::Output(error)) if is_broken_pipe(&error) => return status,
            Err(Failure::Output(error)) => {
                eprintln!("dlx: error writing output: {error}");
                return Status::Error;
            }
            Err(Failure::Input(message)) => {
                eprintln!("{message}");
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

fn solve_input(
    args: &Args,
    input: &Input,
    several: bool,
    first_input: bool,
    out: &mut impl Write,
) -> Result<Status, Failure> {
    let name = input.name();
    let reader = input
        .open()
        .map_err(|e| Failure::Input(format!("{name}: cannot open: {e}")))?;
    let parsed = format::read(reader).map_err(|e| Failure::Input(format!("{name}:{e}")))?;
    for warning in &parsed.warnings {
        eprintln!("{name}:{warning}");
    }
    let problem = &parsed.problem;

    let print_solutions = !args.count && !args.json;
    if several && print_solutions {
        if !first_input {
            writeln!(out)?;
        }
        writeln!(out, "==> {name} <==")?;
    }

    let bump = Bump::new();
    let mut solver = Solver::new(problem, &bump);
    let limit = args.max_solutions.unwrap_or(u64::MAX);
    let mut written: io::Result<()> = Ok(());
    let mut found = 0u64;
    let started = Instant::now();
    let stats = if limit == 0 {
        Stats::default()
    } else {
        solver.search(|solution| {
            found += 1;
            written = if args.json {
                write_json_solution(out, &name, found, problem, solution.options())
            } else if print_solutions {
                write_solution(out, found, problem, solution.options())
            } else {
                Ok(())
            };
            if written.is_err() || found == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    };
    let elapsed = started.elapsed();
    written?;

    if args.count {
        if several && !args.json {
            writeln!(out, "{name}:{}", stats.solutions)?;
        } else if !args.json {
            writeln!(out, "{}", stats.solutions)?;
        }
    }
    if args.json {
        let summary = json!({
            "type": "summary",
            "file": name,
            "solutions": stats.solutions,
            "nodes": stats.nodes,
            "updates": stats.updates,
            "max_depth": stats.max_depth,
            "complete": stats.complete,
            "time_seconds": elapsed.as_secs_f64(),
        });
        writeln!(out, "{summary}")?;
    }
    // The summary goes to stderr after the solutions it describes.
    out.flush()?;
    report(args, &name, several, &stats, elapsed, solver.profile());
    Ok(if stats.solutions > 0 {
        Status::Success
    } else {
        Status::NotFound
    })
}

/// One solution: a line per chosen option, its item names as in the input;
/// solutions are separated by a blank line.
fn write_solution(
    out: &mut impl Write,
    number: u64,
    problem: &Problem,
    options: &[OptionId],
) -> io::Result<()> {
    if number > 1 {
        writeln!(out)?;
    }
    for &option in options {
        let mut separator = "";
        for &item in problem.option(option) {
            write!(out, "{separator}{}", item_name(problem, item))?;
            separator = " ";
        }
        writeln!(out)?;
    }
    Ok(())
}

fn write_json_solution(
    out: &mut impl Write,
    file: &str,
    number: u64,
    problem: &Problem,
    options: &[OptionId],
) -> io::Result<()> {
    let options: Vec<Vec<&str>> = options
        .iter()
        .map(|&option| {
            problem
                .option(option)
                .iter()
                .map(|&item| item_name(problem, item))
                .collect()
        })
        .collect();
    let record =
        json!({ "type": "solution", "file": file, "solution": number, "options": options });
    writeln!(out, "{record}")
}

fn item_name(problem: &Problem, item: dancing::ItemId) -> &str {
    // Problems read from Knuth's format name every item.
    problem.item_name(item).unwrap_or("?")
}

/// The summary on standard error: a sentence, or `name value` pairs with
/// `--stats`, and the per-level profile with `--profile`.
fn report(
    args: &Args,
    name: &str,
    several: bool,
    stats: &Stats,
    elapsed: Duration,
    profile: &[u64],
) {
    let prefix = if several {
        format!("{name}: ")
    } else {
        String::new()
    };
    let seconds = elapsed.as_secs_f64();
    if args.stats {
        eprintln!(
            "{}solutions {} nodes {} updates {} max-depth {} time {seconds:.3}s complete {}",
            if several {
                format!("file {name} ")
            } else {
                String::new()
            },
            stats.solutions,
            stats.nodes,
            stats.updates,
            stats.max_depth,
            if stats.complete { "yes" } else { "no" },
        );
    } else if !args.json {
        let plural = if stats.solutions == 1 { "" } else { "s" };
        let stopped = if stats.complete {
            ""
        } else {
            " (stopped early)"
        };
        eprintln!(
            "{prefix}{} solution{plural}{stopped}, {} nodes, {} updates, {seconds:.3}s",
            stats.solutions, stats.nodes, stats.updates
        );
    }
    if args.profile {
        for (level, nodes) in profile.iter().enumerate() {
            eprintln!("{prefix}level {level} nodes {nodes}");
        }
    }
}
