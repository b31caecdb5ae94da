#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]

/// The Rust examples of the top-level README and of the book
/// (`docs/src`), run as doctests so that they cannot drift from the API.
#[cfg(doctest)]
mod documentation {
    #[doc = include_str!("../../../README.md")]
    struct Readme;
    #[doc = include_str!("../../../docs/src/library.md")]
    struct Library;
    #[doc = include_str!("../../../docs/src/internals.md")]
    struct Internals;
}

mod budget;
mod cancel;
mod cells;
pub mod check;
mod clock;
mod config;
mod cover;
pub mod format;
mod links;
mod matrix;
pub mod mincost;
mod names;
mod parallel;
mod problem;
pub mod random;
mod reduce;
mod relabel;
mod search;
pub mod task;
mod visit;

pub use budget::{Budget, BudgetClock, POLL_INTERVAL};
pub use cells::DancingCells;
pub use clock::Instant;
pub use config::{DEFAULT_CHECKPOINT_INTERVAL, SearchConfig};
pub use cover::ExactCover;
pub use matrix::Template;
pub use mincost::{CostedSolution, MinCostError, MinCostOutcome, MinCostSolver};
pub use parallel::ParallelSolver;
pub use problem::builder::{BuildError, ProblemBuilder, is_valid_name};
pub use problem::{ColorId, ItemId, ItemKind, MAX_OPTION_COST, OptionId, Problem};
pub use reduce::{Reduction, reduce, reduce_cancellable};
pub use relabel::Shuffled;
pub use search::{
    CacheStats, DEFAULT_MEMO_LIMIT, Estimate, Figure, MemoConfig, MemoCount, MemoError, Search,
    SelectError, Solutions, Solver,
};
pub use visit::{FnVisitor, Progress, Solution, Stats, StopReason, Visitor};
