//! Shared helpers for the benchmarks: the project's own exact-cover inputs,
//! and the peers' entry points wrapped so every solver is timed the same way.

use std::fmt::Write as _;
use std::path::PathBuf;

/// Knuth's DLX text for Langford pairs of order `n`, laid out like the
/// reference `langford7.dlx`: values `v1..vn` and slots `s1..s2n`, all
/// primary; no symmetry breaking (each sequence and its reversal counted).
pub fn langford_dlx(n: usize) -> String {
    let mut text = format!("| Langford pairs n={n}, no symmetry breaking\n");
    let values = (1..=n).map(|v| format!("v{v}"));
    let slots = (1..=2 * n).map(|s| format!("s{s}"));
    text.push_str(&values.chain(slots).collect::<Vec<_>>().join(" "));
    text.push('\n');
    for v in 1..=n {
        // Value v sits in slots i and i + v + 1.
        for i in 1..=2 * n - v - 1 {
            writeln!(text, "v{v} s{i} s{}", i + v + 1).unwrap();
        }
    }
    text
}

/// The exact-cover files that ship with the engine's tests.
pub fn engine_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/dancing/tests/data")
        .join(name)
}

/// Counts every solution with the `dlx` crate (0.8.5, a port of Knuth's DLX1
/// with the same branching rule), starting from Knuth-format text already
/// parsed into its `Spec`, building its matrix inside the timed region as
/// ours does.
pub fn dlx_crate_count(spec: &dlx::Spec) -> usize {
    let mut problem = dlx::x::Problem::from_spec(spec, dlx::OptOrder::Seq).expect("valid spec");
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser =
        dlx::choose::mrv_chooser(dlx::choose::prefer_any(), dlx::choose::no_tiebreak());
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

/// Counts every solution with our engine, building its matrix in `bump`.
pub fn dancing_count(problem: &dancing::Problem, bump: &mut bumpalo::Bump) -> u64 {
    bump.reset();
    dancing::Solver::new(problem, bump).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn langford_generator_matches_the_reference_layout_and_counts() {
        let text = langford_dlx(7);
        let problem = dancing::format::read_str(&text).unwrap().problem;
        let mut bump = bumpalo::Bump::new();
        // 26 up to reversal, so 52 raw (a fact from the literature).
        assert_eq!(dancing_count(&problem, &mut bump), 52);
        let spec = dlx::Spec::new(&text, false).unwrap();
        assert_eq!(dlx_crate_count(&spec), 52);
    }
}
