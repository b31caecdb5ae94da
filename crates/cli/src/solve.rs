//! `dlx solve`: exact-cover problems in Knuth's DLX format.
//!
//! Each problem is searched on `--threads` threads (the engine's
//! [`ParallelSolver`]; one thread is the plain sequential search), with the
//! solutions printed in the order one thread finds them, so the output does
//! not depend on the number of threads. A long search shows its progress on
//! a terminal, and stops with a report of what it found so far on Ctrl-C or
//! when its node or time budget runs out.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dancing::{OptionId, ParallelSolver, Problem, Progress as SearchState, Stats, format};
use serde_json::json;

use crate::input::Input;
use crate::interrupt;
use crate::progress::Progress;
use crate::status::{Status, is_broken_pipe};

const AFTER_HELP: &str = "\
Exit status: 0 if a solution was found, 1 if there is none (or none was found before a
--max-nodes or --time-limit budget ran out), 2 on any error, 130 when interrupted (Ctrl-C).

A search stopped early (Ctrl-C, --max-nodes, --time-limit) still prints what it found and
its statistics, marked as incomplete, with Knuth's estimate of the part of the search tree
explored. A second Ctrl-C ends the program at once.";

/// Solve exact-cover problems in Knuth's DLX format.
///
/// Prints every solution (one line per chosen option, with its item names;
/// a blank line between solutions) and a summary on standard error. Exits 0
/// when a solution was found, 1 when there is none, 2 on any error.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
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

    /// Search on N threads [default: one per core]. Solutions are printed in
    /// the same order whatever N is; `-j 1` is the sequential search.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,

    /// Stop each search after about N search-tree nodes (exactly N on one
    /// thread) and report what was found.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// Stop each search after this long (`90`, `90s`, `1.5m`, `2h`) and
    /// report what was found.
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,

    /// Show no progress bar (it is shown only on a terminal, for long searches).
    #[arg(short, long)]
    pub quiet: bool,
}

/// Parses a duration: seconds, or a number with `s`, `m` or `h`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, unit) = match text.trim().strip_suffix(['s', 'm', 'h']) {
        Some(number) => (number, text.trim().chars().last()),
        None => (text.trim(), Some('s')),
    };
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (try 90, 90s, 1.5m or 2h)"))?;
    let seconds = value
        * match unit {
            Some('m') => 60.0,
            Some('h') => 3600.0,
            _ => 1.0,
        };
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("`{text}` is not a positive duration"))
}

/// Why a search ended before exploring the whole tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// `-n` solutions were found.
    MaxSolutions,
    /// The `--max-nodes` budget ran out.
    MaxNodes,
    /// The `--time-limit` ran out.
    TimeLimit,
    /// Ctrl-C.
    Interrupted,
}

impl Stop {
    fn name(self) -> &'static str {
        match self {
            Stop::MaxSolutions => "max-solutions",
            Stop::MaxNodes => "max-nodes",
            Stop::TimeLimit => "time-limit",
            Stop::Interrupted => "interrupted",
        }
    }
}

/// Solves every input in turn; one bad input does not stop the others.
pub fn run(args: &Args) -> Status {
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
        let result = solve_input(args, input, several, k == 0, &mut out);
        let result = result.and_then(|found| Ok(out.flush().map(|()| found)?));
        status = status.worst(match result {
            Ok(found) => found,
            Err(Failure::Output(error)) if is_broken_pipe(&error) => return status,
            Err(Failure::Output(error)) => {
                crate::diag!("dlx: error writing output: {error}");
                return Status::Error;
            }
            Err(Failure::Input(message)) => {
                crate::diag!("{message}");
                Status::Error
            }
        });
    }
    status
}

/// The exit code of `dlx solve`: the worst status of the inputs, or 130
/// (128 + SIGINT, the shells' convention) after Ctrl-C.
pub fn exit_code(status: Status) -> std::process::ExitCode {
    if interrupt::requested() {
        std::process::ExitCode::from(interrupt::EXIT_CODE)
    } else {
        status.into()
    }
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
        crate::diag!("{name}:{warning}");
    }
    let problem = &parsed.problem;

    let print_solutions = !args.count && !args.json;
    if several && print_solutions {
        if !first_input {
            writeln!(out)?;
        }
        writeln!(out, "==> {name} <==")?;
    }

    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let mut solver = ParallelSolver::new(problem)
        .threads(threads)
        .ordered(true)
        .node_limit(args.max_nodes);
    let limit = args.max_solutions.unwrap_or(u64::MAX);
    let mut written: io::Result<()> = Ok(());
    let mut found = 0u64;
    let mut stop = None;
    // The bar would garble solutions printed on the same terminal.
    let progress = if args.quiet || (print_solutions && io::stdout().is_terminal()) {
        Progress::hidden()
    } else {
        // Knuth's estimate, in tenths of a percent.
        Progress::bar(
            1000,
            &format!("{name} [{{elapsed_precise}}] {{bar:30}} ~{{percent}}% {{msg}}"),
        )
    };
    let mut explored = None;
    let started = Instant::now();
    let visit = |solution: &dancing::Solution<'_>| {
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
    };
    let monitor = |state: &SearchState| {
        progress.set_position((state.fraction * 1000.0) as u64);
        let rate = state.stats.nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
        progress.set_message(format!(
            "{} solutions, {} nodes ({}/s)",
            state.stats.solutions,
            abbreviate(state.stats.nodes as f64),
            abbreviate(rate)
        ));
        explored = Some(state.fraction);
        if interrupt::requested() {
            stop = Some(Stop::Interrupted);
            ControlFlow::Break(())
        } else if args
            .time_limit
            .is_some_and(|limit| started.elapsed() >= limit)
        {
            stop = Some(Stop::TimeLimit);
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let stats = if limit == 0 {
        stop = Some(Stop::MaxSolutions);
        Stats::default()
    } else if args.json || print_solutions || args.max_solutions.is_some() {
        solver.search_monitored(visit, monitor)
    } else {
        // Counting only: the solutions need not travel between threads.
        solver.count_monitored(monitor)
    };
    progress.finish();
    let elapsed = started.elapsed();
    written?;
    if !stats.complete && stop.is_none() {
        // Not stopped by the monitor: by `-n`, or else by the engine itself,
        // which stops only when the node budget runs out.
        stop = Some(if found >= limit {
            Stop::MaxSolutions
        } else {
            Stop::MaxNodes
        });
    }
    let stop = if stats.complete { None } else { stop };

    if args.count {
        if several && !args.json {
            writeln!(out, "{name}:{}", stats.solutions)?;
        } else if !args.json {
            writeln!(out, "{}", stats.solutions)?;
        }
    }
    if args.json {
        let mut summary = json!({
            "type": "summary",
            "file": name,
            "solutions": stats.solutions,
            "nodes": stats.nodes,
            "updates": stats.updates,
            "max_depth": stats.max_depth,
            "complete": stats.complete,
            "time_seconds": elapsed.as_secs_f64(),
            "threads": threads,
        });
        if let Some(stop) = stop {
            summary["stopped"] = json!(stop.name());
            if let Some(fraction) = explored {
                summary["explored_estimate"] = json!(fraction);
            }
        }
        writeln!(out, "{summary}")?;
    }
    // The summary goes to stderr after the solutions it describes.
    out.flush()?;
    let end = End {
        stats,
        elapsed,
        threads,
        stop,
        explored,
    };
    report(args, &name, several, &end, solver.profile());
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

/// How a search ended, for the summary.
struct End {
    stats: Stats,
    elapsed: Duration,
    threads: usize,
    stop: Option<Stop>,
    /// The estimated fraction of the tree explored, when a search that ran
    /// long enough to be monitored stopped early.
    explored: Option<f64>,
}

/// The summary on standard error: a sentence, or `name value` pairs with
/// `--stats`, and the per-level profile with `--profile`.
fn report(args: &Args, name: &str, several: bool, end: &End, profile: &[u64]) {
    let stats = &end.stats;
    let prefix = if several {
        format!("{name}: ")
    } else {
        String::new()
    };
    let seconds = end.elapsed.as_secs_f64();
    let explored = match (end.stop, end.explored) {
        (Some(Stop::MaxSolutions), _) | (None, _) | (_, None) => String::new(),
        (Some(_), Some(fraction)) => format!(" explored-estimate {fraction:.4}"),
    };
    if args.stats {
        crate::diag!(
            "{}solutions {} nodes {} updates {} max-depth {} time {seconds:.3}s threads {} complete {}{}{explored}",
            if several {
                format!("file {name} ")
            } else {
                String::new()
            },
            stats.solutions,
            stats.nodes,
            stats.updates,
            stats.max_depth,
            end.threads,
            if stats.complete { "yes" } else { "no" },
            end.stop
                .map_or(String::new(), |stop| format!(" stopped {}", stop.name())),
        );
    } else if !args.json {
        let plural = if stats.solutions == 1 { "" } else { "s" };
        let stopped = match end.stop {
            None => String::new(),
            Some(Stop::MaxSolutions) => " (stopped early)".to_owned(),
            Some(Stop::MaxNodes) => " (stopped: node budget spent; incomplete)".to_owned(),
            Some(Stop::TimeLimit) => " (stopped: time limit; incomplete)".to_owned(),
            Some(Stop::Interrupted) => " (interrupted; incomplete)".to_owned(),
        };
        let explored = match (end.stop, end.explored) {
            (Some(Stop::MaxSolutions), _) | (None, _) | (_, None) => String::new(),
            (Some(_), Some(fraction)) => {
                format!(", about {:.1}% of the tree explored", 100.0 * fraction)
            }
        };
        crate::diag!(
            "{prefix}{} solution{plural}{stopped}, {} nodes, {} updates, {seconds:.3}s{explored}",
            stats.solutions,
            stats.nodes,
            stats.updates
        );
    }
    if args.profile {
        for (level, nodes) in profile.iter().enumerate() {
            crate::diag!("{prefix}level {level} nodes {nodes}");
        }
    }
}

/// A count with a metric suffix: `950`, `12.3k`, `4.56M`, `7.89G`.
fn abbreviate(value: f64) -> String {
    match value {
        v if v < 1e3 => format!("{v:.0}"),
        v if v < 1e6 => format!("{:.1}k", v / 1e3),
        v if v < 1e9 => format!("{:.2}M", v / 1e6),
        v => format!("{:.2}G", v / 1e9),
    }
}
