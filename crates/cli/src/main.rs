//! `dlx`: exact cover with Dancing Links, from the command line.

// Diagnostics go through `diag!`, which cannot panic on a closed stderr.
#![deny(clippy::print_stderr, clippy::print_stdout)]
// On Linux with glibc the program starts at its own C `main` (see
// `startup`), without the standard library's runtime set-up.
#![cfg_attr(all(not(test), target_os = "linux", target_env = "gnu"), no_main)]

use clap::{Parser, Subcommand};

mod batch;
mod conflicts;
mod drawing;
mod estimate;
#[cfg(test)]
mod flag_pairs;
mod generate;
mod input;
mod interrupt;
mod manual;
mod memory;
mod merge;
mod progress;
mod reduce;
mod run;
mod solve;
mod split;
#[cfg(all(not(test), target_os = "linux", target_env = "gnu"))]
mod startup;
mod status;
mod sudoku;
mod sudoku_puzzles;
mod verify;
mod whole_lines;
mod zdd;

/// Dancing Links exact-cover solver: Knuth's DLX format, Sudoku, and classic problems.
#[derive(Parser)]
#[command(name = "dlx", version, propagate_version = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Deferred: only the subcommand that runs is built (the whole tree, with
// every generator's flags, was a third of a small run's instructions).
#[derive(Subcommand)]
#[command(defer = true)]
enum Command {
    /// Solve exact-cover problems written in Knuth's DLX format.
    Solve(solve::Args),
    /// Solve, count, rate or generate Sudoku: 4x4 to 64x64, X, hyper, jigsaw and killer; lines, grids or CSV.
    Sudoku(sudoku::Args),
    /// Write a classic exact-cover problem in Knuth's DLX format, or solve and draw it.
    Gen(generate::Args),
    /// Estimate the size of a problem's search, and its time here, before running it (Knuth's random probes).
    Estimate(estimate::Args),
    /// Write the search of a problem as tasks, one line each, to run anywhere (`dlx solve --tasks`).
    Split(split::Args),
    /// Add up the results of tasks exactly, and name those missing, duplicated, failed or foreign.
    Merge(merge::Args),
    /// Check the solutions `dlx solve` printed against the problem, without the search engine.
    Verify(verify::Args),
    /// Write an equivalent, smaller problem (Knuth's DLX-PRE): options that cannot be in a solution removed, forced items merged.
    Reduce(reduce::Args),
    /// The set of all solutions as a diagram (ZDD, as Knuth's DLX6): exact counts of any size, counts by size, uniform random solutions.
    Zdd(zdd::Args),
    /// Write the shell completion script for bash, zsh, fish, PowerShell or elvish.
    Completions(manual::CompletionsArgs),
    /// Write the man page of dlx or of one subcommand (roff, for `man -l`).
    Man(manual::ManArgs),
}

/// Memory that runs out ends the program with a message and status 2.
#[global_allocator]
static ALLOCATOR: memory::ExitWhenExhausted = memory::ExitWhenExhausted;

/// The entry point where the standard library's runtime starts the program
/// (everywhere but on Linux with glibc, and in the unit tests).
#[cfg(any(test, not(all(target_os = "linux", target_env = "gnu"))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run())
}

/// The program: parses the command line, runs the subcommand, and gives the
/// exit status. Called by `main`, the platform's entry point (`startup`).
fn run() -> u8 {
    memory::exit_on_exhaustion_panics();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // A refused pair of flags says why (clap's own message does not).
            let command = std::env::args().nth(1).unwrap_or_default();
            return clap_exit(&conflicts::explain(error, &command));
        }
    };
    let status = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Sudoku(args) => sudoku::run(&args),
        Command::Gen(args) => generate::run(&args),
        Command::Estimate(args) => estimate::run(&args),
        Command::Split(args) => split::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Reduce(args) => reduce::run(&args),
        Command::Zdd(args) => zdd::run(&args),
        Command::Completions(args) => manual::completions(&args),
        Command::Man(args) => manual::man(&args),
    };
    interrupt::exit_code(status)
}

/// Prints what clap stopped with: an error on stderr (status 2), or the
/// help or version asked for on stdout (status 0), which, like every
/// output, is an error when it cannot be written (`dlx --help >
/// /dev/full`); clap's own `exit` would drop the failure.
fn clap_exit(error: &clap::Error) -> u8 {
    use std::io::Write as _;
    if error.use_stderr() {
        let _ = error.print();
        return u8::try_from(error.exit_code()).unwrap_or(2);
    }
    match error.print().and_then(|()| std::io::stdout().flush()) {
        Ok(()) => status::Status::Success.code(),
        // The reader went away (`dlx --help | head`): stop quietly.
        Err(written) if status::is_broken_pipe(&written) => status::Status::Success.code(),
        Err(written) => {
            status::diag!("dlx: error writing output: {written}");
            status::Status::Error.code()
        }
    }
}
