//! The run layer that every command that searches shares (`dlx solve`,
//! `dlx gen --solve/--count`, and for its reader and durations `dlx
//! sudoku`): the search flags and the plan they make, the clock, a
//! threaded reader with a wait policy, the one runner, the outcome it
//! returns, the printers of standard output and the summary.
//!
//! Its modules depend on each other one way only, from the bottom:
//! `outcome` and `values` need no sibling; `clock` needs `outcome`;
//! `reader` the clock; `plan`, then `args`; `printer` and `report` the
//! outcome (and the plan); `runner` all of them. No subcommand's module is
//! used here.

pub mod args;
pub mod clock;
pub mod outcome;
pub mod plan;
pub mod printer;
pub mod reader;
pub mod report;
pub mod runner;
pub mod values;
