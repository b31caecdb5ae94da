//! Tests of the `dlx` binary, run as a user would.

mod common;
mod generate;
mod solve;
mod sudoku;
