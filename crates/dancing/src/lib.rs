#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod format;
mod links;
mod matrix;
mod problem;
mod solver;

pub use problem::{BuildError, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, is_valid_name};
pub use solver::{Solution, Solver, Stats};
