#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod format;
mod links;
mod matrix;
mod names;
mod parallel;
mod problem;
mod solver;

pub use matrix::Template;
pub use parallel::ParallelSolver;
pub use problem::{
    BuildError, ColorId, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, is_valid_name,
};
pub use solver::{DEFAULT_CHECKPOINT_INTERVAL, Progress, SelectError, Solution, Solver, Stats};
