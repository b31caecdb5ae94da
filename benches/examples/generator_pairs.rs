//! Our minimal 9x9 generator and the `sudoku` crate's in alternating
//! rounds, for a ratio that load changes on a shared machine bias less than
//! criterion's one-after-the-other timing
//! (`cargo run --release -p dancing-benches --example generator_pairs -- ROUNDS`).
//! Each round makes 300 puzzles with each generator (ours from the seed the
//! `sudoku_generate` bench uses) and prints the wall time per puzzle; the
//! last line gives the medians of the times and of the pairs' ratios. The
//! report (`--bin report`) runs the same rounds.

use dancing_benches::sizes::GeneratorRounds;

/// Puzzles per generator and round.
const PER_ROUND: usize = 300;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map(|text| text.parse().expect("ROUNDS is a number"))
        .unwrap_or(12)
        .max(1);
    let measured = GeneratorRounds::run(rounds, PER_ROUND);
    for (ours, peer) in measured.ours.iter().zip(&measured.peer) {
        println!(
            "ours {ours:.1} us, crate {peer:.1} us, ratio {:.2}",
            ours / peer
        );
    }
    let (ours, peer, ratio) = measured.medians();
    println!(
        "median: ours {ours:.1} us, crate {peer:.1} us, ratio of a pair {ratio:.2} ({} clues)",
        measured.clues
    );
}
