//! The benchmark package: Dancing Links against the seeds' depth-first
//! solvers and public peers, measured the same way for every solver.
//!
//! - [`data`]: the puzzle sets, public (from the directory named by
//!   [`data::DATA_ENV`]) or the project's own, and the fixed samples the
//!   slow solvers run on.
//! - [`solvers`]: every Sudoku solver behind one timed call, parse + build +
//!   solve up to a limit.
//! - [`measure`]: checking and timing passes outside criterion, for the
//!   report.
//! - [`plan`]: which solvers run on which puzzles (samples for the slow
//!   ones on large sets).
//! - [`cover`]: exact-cover inputs (the engine's reference files and larger
//!   generated problems) and our engine beside the `dlx` crate.
//! - [`xcc`]: colored and bounded problems (Algorithms C and M) and our
//!   engine beside the `dlx` crate and `exact-covers`.
//! - [`sizes`]: Sudoku beyond 9x9 (the generated 16x16 and 25x25 sets) and
//!   our generator against the `sudoku` crate's, for the bench and the
//!   report.
//! - [`chart`]: the report's SVG bar chart.

pub mod chart;
pub mod cover;
pub mod data;
pub mod measure;
pub mod plan;
pub mod sizes;
pub mod solvers;
pub mod xcc;

pub use cover::{dancing_count, dlx_crate_count, engine_data, langford_dlx};
pub use data::{DATA_ENV, PuzzleSet};
pub use solvers::{PuzzleSolver, SolverKind};
