//! Counts the solutions of a Knuth-format file with the `dlx` crate, for
//! profiling the peer under the same conditions as ours
//! (`cargo run --release -p dancing-benches --example peer_count -- FILE`).
//! Plain files go to its `x` module; colored and bounded ones to `c`, `m`
//! or `mc`, as the `xcc` bench runs them.

use std::time::Instant;

use dancing_benches::xcc::{Engine, Prepared};

fn main() {
    let path = std::env::args().nth(1).expect("usage: peer_count FILE.dlx");
    let text = std::fs::read_to_string(&path).expect("readable file");
    let problem = dancing::format::read(text.as_bytes())
        .expect("valid problem")
        .problem;
    let started = Instant::now();
    let count = if problem.has_colors() || problem.has_bounds() {
        let prepared = Prepared::new(&problem);
        prepared
            .count(Engine::DlxCrate, &mut bumpalo::Bump::new())
            .expect("the dlx crate takes the problem")
    } else {
        let spec = dlx::Spec::new(&text, false).expect("valid problem");
        dancing_benches::dlx_crate_count(&spec)
    };
    println!(
        "solutions {count} time {:.3}s",
        started.elapsed().as_secs_f64()
    );
}
