//! Counts the solutions of a problem in Knuth's DLX format and prints DLX1's
//! statistics: `cargo run --release --example count -- FILE [THREADS]`.
//!
//! A minimal embedding of the engine (the `dlx` binary is the full tool).

use std::process::ExitCode;

use bumpalo::Bump;
use dancing::expert::Search;
use dancing::expert::{ParallelSolver, SearchConfig, Solver};
use dancing::format;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: count FILE.dlx");
        return ExitCode::from(2);
    };
    let parsed = match std::fs::File::open(&path).map(std::io::BufReader::new) {
        Ok(reader) => format::read(reader),
        Err(error) => {
            eprintln!("{path}: {error}");
            return ExitCode::from(2);
        }
    };
    let problem = match parsed {
        Ok(parsed) => parsed.problem,
        Err(error) => {
            eprintln!("{path}:{error}");
            return ExitCode::from(2);
        }
    };
    let threads = match std::env::args().nth(2).map(|t| t.parse::<usize>()) {
        None => 1,
        Some(Ok(threads)) if threads > 0 => threads,
        Some(_) => {
            eprintln!("THREADS must be a positive number");
            return ExitCode::from(2);
        }
    };
    let started = std::time::Instant::now();
    let (count, stats) = if threads == 1 {
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        (solver.count(), solver.stats())
    } else {
        let mut solver =
            ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(threads));
        (solver.count(), solver.stats())
    };
    println!(
        "solutions {count} nodes {} updates {} time {:.3}s",
        stats.nodes,
        stats.updates,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
