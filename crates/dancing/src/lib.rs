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
    #[doc = include_str!("../../../docs/src/diagram.md")]
    struct Diagram;
}

mod budget;
mod cancel;
mod cells;
pub mod check;
mod clock;
mod config;
mod cover;
pub mod diagram;
pub mod engine;
pub mod format;
mod links;
mod machine;
mod matrix;
pub mod mincost;
mod names;
mod parallel;
mod problem;
pub mod random;
mod reduce;
mod relabel;
mod schedule;
mod search;
mod stop;
pub mod task;
mod visit;

pub use cells::Branching;
pub use engine::{BestReport, Config, Counting, Engine, Report, Request};
pub use problem::builder::{BuildError, ProblemBuilder};
pub use problem::{ColorId, ItemId, ItemKind, OptionId, Problem};
pub use stop::Stop;
pub use visit::{FnVisitor, Progress, Solution, Stats, StopReason, Visitor};

/// The algorithms behind the [`Engine`], for callers who drive a search
/// themselves: the single-threaded [`Solver`](expert::Solver) in the
/// caller's arena (batches of small problems, selections, the resumable
/// iterator), the [`ParallelSolver`](expert::ParallelSolver), the
/// minimum-cost search, the linked [`Template`](expert::Template), budgets,
/// the memo's configuration, the reduction, the seeded relabelling, and
/// Algorithm C on dancing cells (the engine's search under Knuth's
/// learning branching rules, see [`Config::branching`]). The engine is built from these; what they do is what it
/// does, with its policy (threads, seed, memo fallback) decided for you.
pub mod expert {
    pub use crate::budget::{Budget, BudgetClock, POLL_INTERVAL};
    pub use crate::cells::{DancingCells, UnknownBranching};
    pub use crate::clock::Instant;
    pub use crate::config::{DEFAULT_CHECKPOINT_INTERVAL, SearchConfig};
    pub use crate::cover::ExactCover;
    pub use crate::machine::{kilobytes, memory_available};
    pub use crate::matrix::Template;
    pub use crate::mincost::{MinCostError, MinCostOutcome, MinCostSolver};
    pub use crate::parallel::ParallelSolver;
    pub use crate::problem::MAX_OPTION_COST;
    pub use crate::problem::builder::is_valid_name;
    pub use crate::reduce::{Reduction, reduce, reduce_with};
    pub use crate::relabel::Shuffled;
    pub use crate::search::{
        DEFAULT_MEMO_LIMIT, Figure, MemoConfig, MemoCount, MemoError, Search, SelectError,
        Solutions, Solver,
    };
}
