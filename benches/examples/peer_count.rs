//! Counts the solutions of a Knuth-format file with the `dlx` crate, for
//! profiling the peer under the same conditions as ours
//! (`cargo run --release -p dancing-benches --example peer_count -- FILE`).

fn main() {
    let path = std::env::args().nth(1).expect("usage: peer_count FILE.dlx");
    let text = std::fs::read_to_string(&path).expect("readable file");
    let spec = dlx::Spec::new(&text, false).expect("valid problem");
    println!("solutions {}", dancing_benches::dlx_crate_count(&spec));
}
