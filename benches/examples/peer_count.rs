//! Counts the solutions of a Knuth-format file with the `dlx` crate, for
//! profiling the peer under the same conditions as ours
//! (`cargo run --release -p dancing-benches --example peer_count -- FILE`).
//! Plain files go to its `x` module; colored and bounded ones to `c`, `m`
//! or `mc`, as the `xcc` bench runs them.
//!
//! With `--ours` after the file, the problem is counted by our engine
//! instead, through the same preparation (both read the file with both
//! readers before the clock starts): two processes that differ only in the
//! engine, for timing them in alternating pairs (`peer_count FILE --ours`
//! against `peer_count FILE`).

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
    // A plain problem: the crate's reader too, in both modes, so that the
    // two processes read the same way and differ only in the engine.
    let plain = !(problem.has_colors() || problem.has_bounds());
    let spec = plain.then(|| dlx::Spec::new(&text, false).expect("valid problem"));
    let started = Instant::now();
    let count = match spec {
        None => {
            let prepared = Prepared::new(&problem);
            prepared
                .count(engine, &mut bumpalo::Bump::new())
                .unwrap_or_else(|e| panic!("{engine} does not take the problem: {e}"))
        }
        Some(spec) => match engine {
            Engine::DlxCrate => dancing_benches::dlx_crate_count(&spec),
            _ => dancing_benches::dancing_count(&problem, &mut bumpalo::Bump::new()).solutions,
        },
    };
    println!(
        "solutions {count} time {:.3}s",
        started.elapsed().as_secs_f64()
    );
}
