//! Tests of the `dlx` binary, run as a user would.

mod budgets;
mod common;
mod generate;
mod parallel;
mod running;
mod solve;
mod sudoku;
