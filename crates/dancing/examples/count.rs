//! Counts the solutions of a problem in Knuth's DLX format and prints DLX1's
//! statistics: `cargo run --release --example count -- FILE`.
//!
//! A minimal embedding of the engine (the `dlx` binary is the full tool).

use std::process::ExitCode;

use bumpalo::Bump;
use dancing::{Solver, format};

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
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let started = std::time::Instant::now();
    let count = solver.count();
    let stats = solver.stats();
    println!(
        "solutions {count} nodes {} updates {} time {:.3}s",
        stats.nodes,
        stats.updates,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
