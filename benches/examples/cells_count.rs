//! Counts the solutions of a Knuth-format file of exact cover with colors
//! by dancing cells (`dancing::expert::DancingCells`, SSXCC's algorithm), or with
//! `--links` by the engine's linked Algorithm C, and prints the counts and
//! statistics: two processes that differ only in the data structure, for
//! timing them in alternating pairs and against Knuth's `ssxcc`
//! (`cargo run --release -p dancing-benches --example cells_count -- FILE`).
//! With `--branching wtd` or `frb`, dancing cells branch as Knuth's
//! SSXCC-WTD0 or SSXCC-FRB0 (`dancing::Branching`).

use std::ops::ControlFlow;
use std::time::Instant;

use dancing::Branching;
use dancing::expert::{DancingCells, Search, Solver};

fn main() {
    const USAGE: &str = "usage: cells_count FILE.dlx [--links | --branching mrv|wtd|frb]";
    let mut args = std::env::args().skip(1);
    let path = args.next().expect(USAGE);
    let mut links = false;
    let mut branching = Branching::Mrv;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--links" => links = true,
            "--branching" => {
                let name = args.next().expect(USAGE);
                branching = name
                    .parse()
                    .unwrap_or_else(|error| panic!("{error}: {USAGE}"));
            }
            other => panic!("unknown argument {other:?}: {USAGE}"),
        }
    }
    let text = std::fs::read_to_string(&path).expect("readable file");
    let problem = dancing::format::read(text.as_bytes())
        .expect("valid problem")
        .problem;
    let bump = bumpalo::Bump::new();
    let started = Instant::now();
    let stats = if links {
        let mut solver = Solver::new(&problem, &bump);
        solver.count();
        solver.stats()
    } else {
        let mut cells = DancingCells::new(&problem, &bump).with_branching(branching);
        cells.search(|_| ControlFlow::Continue(()));
        cells.stats()
    };
    println!(
        "solutions {} nodes {} updates {} time {:.3}s",
        stats.solutions,
        stats.nodes,
        stats.updates,
        started.elapsed().as_secs_f64()
    );
}
