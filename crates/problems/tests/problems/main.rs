//! Tests of the problem generators: known counts from the literature, every
//! decoded solution checked by a checker of its own (in `checks`, which uses
//! nothing of the crate but its accessors), and Knuth's node counts where
//! the layout is his; the generators that need colors or bounds are counted
//! by the testkit's brute force (`xcc`).

mod checks;
mod combinatorics;
mod generator;
mod grids;
mod langford;
mod large;
mod polyomino;
mod queens;
mod tilings;
mod xcc;

use std::ops::ControlFlow;

use dancing_problems::ExactCover;

/// Every solution of `generator`, decoded, and the search-tree nodes.
fn all_solutions<P: ExactCover>(generator: &P) -> (Vec<P::Solution>, u64) {
    let mut solutions = Vec::new();
    let stats = generator.solve(|solution| {
        solutions.push(solution);
        ControlFlow::Continue(())
    });
    assert!(stats.is_complete());
    assert_eq!(stats.solutions, solutions.len() as u64);
    (solutions, stats.nodes)
}

/// Writes the problem in Knuth's format and reads it back: the same problem.
fn assert_round_trip<P: ExactCover>(generator: &P) {
    let mut text = Vec::new();
    generator.write_dlx(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.starts_with("| "), "a comment line first: {text:.80}");
    let parsed = dancing::format::read_str(&text).unwrap();
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    assert_eq!(&parsed.problem, generator.problem());
}
