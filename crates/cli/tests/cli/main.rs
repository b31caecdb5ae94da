//! Tests of the `dlx` binary, run as a user would.

mod common;
mod generate;
mod parallel;
mod solve;
mod sudoku;
mod sudoku_robustness;
