//! Writes the colored and bounded benchmarks of the `xcc` bench and the
//! report to Knuth-format files, for profiling one engine at a time with
//! the `count` and `peer_count` examples
//! (`cargo run --release -p dancing-benches --example xcc_files -- DIR`).

fn main() {
    let dir = std::env::args().nth(1).expect("usage: xcc_files DIR");
    std::fs::create_dir_all(&dir).expect("a directory to write to");
    for problem in dancing_benches::xcc::problems() {
        let path = std::path::Path::new(&dir).join(format!("{}.dlx", problem.name));
        let file = std::fs::File::create(&path).expect("a file to write");
        dancing::format::write(&problem.problem, std::io::BufWriter::new(file))
            .expect("the file written");
        println!("{}", path.display());
    }
}
