//! Tests of the `dlx` binary, run as a user would.

mod best;
mod budgets;
mod closed_streams;
mod common;
mod estimate;
mod gen_search;
mod gen_xcc;
mod generate;
mod hardening;
mod manual;
mod memo;
mod merge;
mod parallel;
mod parsers;
mod reduce;
mod running;
mod seed;
mod solve;
mod sudoku;
mod sudoku_generate;
mod sudoku_robustness;
mod sudoku_shapes;
mod tasks;
mod verify;
mod verify_listings;
mod xcc;
