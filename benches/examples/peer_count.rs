//! Counts the solutions of a Knuth-format file with the `dlx` crate, for
//! profiling the peer under the same conditions as ours
//! (`cargo run --release -p dancing-benches --example peer_count -- FILE`).
//! Plain files go to its `x` module; colored and bounded ones to `c`, `m`
//! or `mc`, as the `xcc` bench runs them.
//!
//! With `--ours` after the file, a colored or bounded problem is counted by
//! our engine instead, through the same preparation: two processes that
//! differ only in the engine, for timing them in alternating pairs
//! (`farm-bench ... --vs 'peer_count FILE' -- peer_count FILE --ours`).

use std::time::Instant;

use dancing_benches::xcc::{Engine, Prepared};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: peer_count FILE.dlx [--ours]");
    let engine = match args.next().as_deref() {
        None => Engine::DlxCrate,
        Some("--ours") => Engine::Dancing,
        Some(other) => panic!("unknown argument {other:?}: usage: peer_count FILE.dlx [--ours]"),
    };
    let text = std::fs::read_to_string(&path).expect("readable file");
    let problem = dancing::format::read(text.as_bytes())
        .expect("valid problem")
        .problem;
    let started = Instant::now();
    let count = if problem.has_colors() || problem.has_bounds() {
        let prepared = Prepared::new(&problem);
        prepared
            .count(engine, &mut bumpalo::Bump::new())
            .unwrap_or_else(|e| panic!("{engine} does not take the problem: {e}"))
    } else {
        assert_eq!(
            engine,
            Engine::DlxCrate,
            "--ours is for colored or bounded problems"
        );
        let spec = dlx::Spec::new(&text, false).expect("valid problem");
        dancing_benches::dlx_crate_count(&spec)
    };
    println!(
        "solutions {count} time {:.3}s",
        started.elapsed().as_secs_f64()
    );
}
