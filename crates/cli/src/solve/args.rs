//! The command line of `dlx solve` (its search flags are the run layer's,
//! shared with `dlx gen --solve/--count`).

use std::path::PathBuf;

use crate::run::args::SearchArgs;

/// Exit statuses and stops, shown after `--help` of every command that
/// searches.
pub const AFTER_HELP: &str = "\
Exit status: 0 if a solution was found, 1 if there is none (or none was found before a
--max-nodes or --time-limit budget ran out), 2 on any error, 130 when interrupted (Ctrl-C).

A search stopped early (Ctrl-C, --max-nodes, --time-limit) still prints what it found and
its statistics, marked as incomplete, with Knuth's estimate of the part of the search tree
explored. The clock of --time-limit starts when the input starts being read, and a stop
while reading names the line it got to. A second Ctrl-C ends the program at once.";

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

    /// Print only the number of solutions (one integer; `FILE:N` for
    /// several files; with --json, only the summary object).
    #[arg(long)]
    pub count: bool,

    /// Stop after N solutions.
    #[arg(short = 'n', long, value_name = "N")]
    pub max_solutions: Option<u64>,

    /// Write JSON Lines: one object per solution (none with --count), then
    /// a summary object.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Tasks: --tasks TASKS and which of them to run.
    #[command(flatten)]
    pub tasks: super::tasks::TaskArgs,
}
