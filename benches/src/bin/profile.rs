//! Solves the first puzzles of one set with one solver, untimed: a driver for
//! valgrind's tools, with everything but the solving loop kept small.
//!
//! ```text
//! DANCING_BENCH_DATA=/path/to/sets cargo build --release -p dancing-benches --bin profile
//! valgrind --tool=callgrind --toggle-collect='*solve_all*' \
//!     target/release/profile --set 17_clue --solver dlx --count 2000
//! ```
//!
//! `--toggle-collect='*solve_all*'` keeps only the loop (parse + build +
//! solve of each puzzle) in the profile. Comparing valgrind's heap summary
//! for two counts gives the allocations per puzzle.

use std::hint::black_box;
use std::process::ExitCode;

use dancing_benches::data::{self, PUBLIC_SETS, PuzzleSet};
use dancing_benches::{PuzzleSolver, SolverKind};

const USAGE: &str = "\
usage: profile [--set NAME] [--solver NAME] [--count N] [--limit N]

  --set     a public set (17_clue, top95, magictour_top1465,
            forum_hardest_1905_11plus; needs DANCING_BENCH_DATA), generated
            (the 1,000 generated puzzles) or seed_samples; default 17_clue
  --solver  dlx, naive, blank-list, mrv, stack or sudoku-crate; default dlx
  --count   solve the first N puzzles of the set (default: all)
  --limit   solutions to ask for per puzzle (default 2)";

/// The timed loop of the benchmarks, kept out of line so that a profiler
/// can select it by name.
#[inline(never)]
fn solve_all(solver: &mut PuzzleSolver, puzzles: &[String], limit: u64) -> (u64, u64) {
    let mut solutions = 0;
    let mut nodes = 0;
    for line in puzzles {
        if let Ok(solved) = solver.solve_line(black_box(line), limit) {
            solutions += solved.solutions;
            nodes += solved.nodes;
        }
    }
    (solutions, nodes)
}

fn load(name: &str) -> Result<PuzzleSet, String> {
    match name {
        "generated" => Ok(data::generated(data::GENERATED_SEED, data::GENERATED_COUNT)),
        "seed_samples" => Ok(data::seed_samples()),
        _ => {
            let set = PUBLIC_SETS
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| format!("unknown set {name:?}"))?;
            let dir = data::data_dir().ok_or_else(|| format!("{} is not set", data::DATA_ENV))?;
            data::read_public(&dir, set).map_err(|e| e.to_string())
        }
    }
}

fn main() -> ExitCode {
    let mut set = "17_clue".to_owned();
    let mut solver = "dlx".to_owned();
    let mut count = usize::MAX;
    let mut limit = 2;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match arg.as_str() {
            "--set" => set = value(),
            "--solver" => solver = value(),
            "--count" => count = value().parse().unwrap_or(0),
            "--limit" => limit = value().parse().unwrap_or(0),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(kind) = SolverKind::ALL.into_iter().find(|k| k.name() == solver) else {
        eprintln!("profile: unknown solver {solver:?}\n{USAGE}");
        return ExitCode::from(2);
    };
    let puzzles = match load(&set) {
        Ok(set) => set.puzzles,
        Err(message) => {
            eprintln!("profile: {message}");
            return ExitCode::from(2);
        }
    };
    let puzzles = &puzzles[..count.min(puzzles.len())];
    let mut solver = PuzzleSolver::new(kind);
    let (solutions, nodes) = solve_all(&mut solver, puzzles, limit);
    println!(
        "{set}: {} puzzles, {kind}, limit {limit}: {solutions} solutions, {nodes} nodes",
        puzzles.len()
    );
    ExitCode::SUCCESS
}
