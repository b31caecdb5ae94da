//! The engine's integration tests, one binary, by topic:
//!
//! - [`reduce`]: preprocessing, against the original problem.
//! - [`reference`]: Knuth's DLX1 figures on the reference files.
//! - [`colors`]: Algorithm C against DLX2's figures and brute force.
//! - [`cells`]: dancing cells (SSXCC) against brute force and SSXCC.
//! - [`heuristics`]: the branching rules of dancing cells against
//!   SSXCC-WTD0, SSXCC-FRB0 and brute force.
//! - [`multiplicities`]: Algorithm M against DLX3's figures and brute force.
//! - [`brute_force`]: random problems against the brute-force enumerator.
//! - [`building`]: the problem builder and its errors.
//! - [`format`]: Knuth's text format, read and written.
//! - [`format_props`]: the format against untrusted and damaged input.
//! - [`colors_bounds`]: colors and bounds in the model and the format.
//! - [`costs`]: option costs (DLX5) in the model and the format.
//! - [`estimate`]: Knuth's random-probe estimate against the search.
//! - [`shuffled`]: seeded search, against the original problem.
//! - [`solver`]: searching again, templates, node limits and monitors.
//! - [`selection`]: selecting options before a search.
//! - [`parallel`]: the parallel search against the sequential one.
//! - [`memo`]: memoized counting against the plain search and brute force.
//! - [`mincost`]: minimum-cost search (DLX5) against DLX5 and brute force.
//! - [`hostile_shapes`]: the parallel search on trees shaped to hurt it,
//!   and its budgets.
//! - [`front_door_tasks`]: tasks through the engine against brute force.
//! - [`tasks`]: a split's tasks add up to the sequential search, budgets'
//!   frontiers included.
//! - [`budget`]: time limits, deadlines and cancel checks on one thread
//!   and several.
//! - [`resume`]: the resumable search against `run`.
//! - [`solutions`]: the front door's resumable listing and its cache.
//! - [`visitors`]: the search configuration, visitors, and why searches end.
//! - [`allocation`]: no heap allocation in the steady state.

mod allocation;
mod brute_force;
mod budget;
mod building;
mod cells;
mod colors;
mod colors_bounds;
mod costs;
mod estimate;
mod format;
mod format_props;
mod front_door;
mod front_door_tasks;
mod heuristics;
mod hostile_shapes;
mod memo;
mod mincost;
mod multiplicities;
mod parallel;
mod reduce;
mod reference;
mod resume;
mod selection;
mod shuffled;
mod solutions;
mod solver;
mod tasks;
mod visitors;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::Search;
use dancing::expert::{ParallelSolver, SearchConfig, Solver};
use dancing::{OptionId, Problem};
use dancing_testkit::alloc::CountingAllocator;
use dancing_testkit::figures;

// Counts per thread, and only inside `count_allocations`: the other tests
// are not disturbed (see the `allocation` module).
#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// One of the reference files in `tests/data`, parsed.
fn data(file: &str) -> Problem {
    let path = figures::reference_file(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    dancing::format::read_str(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .problem
}

/// DLX1's figures for one reference file.
fn dlx1(file: &str) -> figures::Dlx1Figures {
    figures::dlx1(file).unwrap_or_else(|| panic!("no DLX1 figures for {file}"))
}

/// Option ids from their indices.
fn option_ids(indices: &[usize]) -> Vec<OptionId> {
    indices.iter().copied().map(OptionId::new).collect()
}

/// All solutions found by the engine, each as its options in increasing
/// order (the form of [`dancing_testkit::brute::exact_covers`]).
fn engine_solutions(problem: &Problem) -> BTreeSet<Vec<OptionId>> {
    let bump = Bump::new();
    let mut solver = Solver::new(problem, &bump);
    let mut all = BTreeSet::new();
    solver.search(|solution| {
        let mut options = solution.options().to_vec();
        options.sort();
        assert!(all.insert(options), "a solution was reported twice");
        ControlFlow::Continue(())
    });
    all
}

/// The solutions of `derived` (a problem made from another: shuffled,
/// reduced), each mapped back by `original` to the other's options and
/// sorted.
fn mapped_solutions(
    derived: &Problem,
    original: impl Fn(OptionId) -> OptionId,
) -> BTreeSet<Vec<OptionId>> {
    engine_solutions(derived)
        .into_iter()
        .map(|solution| {
            let mut options: Vec<OptionId> = solution.iter().map(|&o| original(o)).collect();
            options.sort();
            options
        })
        .collect()
}

/// Every solution of an ordered parallel search of `problem` (options in
/// the order chosen), and the solver, for its statistics and profile.
fn parallel_solutions(
    problem: &Problem,
    config: SearchConfig,
) -> (ParallelSolver, Vec<Vec<OptionId>>) {
    let mut parallel = ParallelSolver::new(problem).with_config(config.ordered(true));
    let mut found = Vec::new();
    parallel.search(|solution| {
        found.push(solution.options().to_vec());
        ControlFlow::Continue(())
    });
    (parallel, found)
}

/// Every solution in the order the search finds it, options in the order
/// chosen.
fn ordered_solutions(solver: &mut Solver<'_>) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    solver.search(|solution| {
        all.push(solution.options().to_vec());
        ControlFlow::Continue(())
    });
    all
}
