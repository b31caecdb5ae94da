//! `dlx`: exact cover with Dancing Links, from the command line.

// Diagnostics go through `diag!`, which cannot panic on a closed stderr.
#![deny(clippy::print_stderr, clippy::print_stdout)]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod batch;
mod generate;
mod input;
mod interrupt;
mod progress;
mod solve;
mod status;
mod sudoku;
mod sudoku_puzzles;

/// Dancing Links exact-cover solver: Knuth's DLX format, Sudoku, and classic problems.
#[derive(Parser)]
#[command(name = "dlx", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve exact-cover problems written in Knuth's DLX format.
    Solve(solve::Args),
    /// Solve Sudoku puzzles (lines, POJ 2676, 9x9 blocks, .sdk grids).
    Sudoku(sudoku::Args),
    /// Write a classic exact-cover problem in Knuth's DLX format, or solve and draw it.
    Gen(generate::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Solve(args) => return solve::exit_code(solve::run(&args)),
        Command::Sudoku(args) => return sudoku::exit_code(sudoku::run(&args)),
        Command::Gen(args) => generate::run(&args),
    };
    status.into()
}
