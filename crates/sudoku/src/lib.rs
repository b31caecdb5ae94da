#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod bitboard;
mod classic9;
mod conflict;
mod deduce;
pub mod dfs;
mod dlx;
mod engine;
pub mod exact_cover;
pub mod format;
pub mod generate;
mod grid;
mod outcome;
mod rules;
mod solver;
mod symbols;
mod unit;

pub use conflict::Conflict;
pub use dancing::StopReason;
pub use dancing::expert::{Budget, ExactCover, POLL_INTERVAL};
pub use engine::{Engine, UnknownEngine};
pub use exact_cover::to_dlx;
pub use format::{Format, GridWriter, Layout, PuzzleReader};
pub use grid::{
    Cell, Grid, GridError, ParseShapeError, Shape, ShapeError, digit_char, parse_cell_char,
};
pub use outcome::{Outcome, SolveError};
pub use rules::{Cage, Rules, RulesError, Variant, Violation};
pub use solver::{Solver, solve};
pub use symbols::{Symbols, SymbolsError};
pub use unit::{CageName, Unit};
