//! Seeded search (`Shuffled`): the same solutions and counts as the
//! original, mapped back to its options and verified; the same seed the
//! same tree on any number of threads; other seeds other first solutions.

use std::collections::BTreeSet;

use bumpalo::Bump;
use dancing::expert::{SearchConfig, Shuffled, Solver};
use dancing::{OptionId, Problem};
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use dancing_testkit::verify::assert_exact_cover;
use proptest::prelude::*;

use super::{data, engine_solutions, mapped_solutions, ordered_solutions, parallel_solutions};
use dancing::expert::Search;

fn first_solution(problem: &Problem, seed: u64) -> Vec<OptionId> {
    let shuffled = Shuffled::new(problem, seed);
    let bump = Bump::new();
    let mut solver = Solver::new(shuffled.problem(), &bump);
    let first = solver.first().expect("a solution");
    first.iter().map(|&o| shuffled.original(o)).collect()
}

#[test]
fn seeded_searches_find_the_same_solutions_mapped_back() {
    for file in [
        "queens8.dlx",
        "langford7.dlx",
        "colors.dlx",
        "debruijn3.dlx",
        "knuth_dlx3_example.dlx",
        "rowcol4_2_2.dlx",
    ] {
        let problem = data(file);
        let expected = engine_solutions(&problem);
        for seed in [0, 1, 2, u64::MAX] {
            let shuffled = Shuffled::new(&problem, seed);
            let found = mapped_solutions(shuffled.problem(), |o| shuffled.original(o));
            for solution in &found {
                assert_exact_cover(&problem, solution);
            }
            assert_eq!(found, expected, "{file} seed {seed}");
        }
    }
}

#[test]
fn seeds_change_the_first_solution_and_repeat_it() {
    let problem = data("queens8.dlx");
    let firsts: BTreeSet<Vec<OptionId>> =
        (0..8).map(|seed| first_solution(&problem, seed)).collect();
    assert!(
        firsts.len() >= 4,
        "8 seeds gave {} first solutions",
        firsts.len()
    );
    for seed in 0..8 {
        assert_eq!(
            first_solution(&problem, seed),
            first_solution(&problem, seed)
        );
    }
}

/// The same seed gives the same tree on any number of threads: the same
/// solutions in the same order, and the same node count.
#[test]
fn a_seed_gives_the_same_tree_on_any_number_of_threads() {
    let problem = data("langford8.dlx");
    let shuffled = Shuffled::new(&problem, 42);
    let bump = Bump::new();
    let mut solver = Solver::new(shuffled.problem(), &bump);
    let sequential = ordered_solutions(&mut solver);
    let nodes = solver.stats().nodes;
    for threads in [1, 2, 3] {
        let config = SearchConfig::new().threads(threads);
        let (parallel, found) = parallel_solutions(shuffled.problem(), config);
        assert_eq!(found, sequential, "{threads} threads");
        assert_eq!(parallel.stats().nodes, nodes, "{threads} threads");
    }
    let unseeded = Solver::new(&problem, &bump).count();
    assert_eq!(sequential.len() as u64, unseeded);
}

proptest! {
    #![proptest_config(proptest_config(128))]

    #[test]
    fn shuffled_problems_have_the_same_solutions(problem in small_problem(), seed: u64) {
        let shuffled = Shuffled::new(&problem, seed);
        prop_assert_eq!(mapped_solutions(shuffled.problem(), |o| shuffled.original(o)), engine_solutions(&problem));
    }

    #[test]
    fn shuffled_colored_bounded_problems_have_the_same_solutions(
        problem in colored_bounded_problem(),
        seed: u64,
    ) {
        let shuffled = Shuffled::new(&problem, seed);
        prop_assert_eq!(mapped_solutions(shuffled.problem(), |o| shuffled.original(o)), engine_solutions(&problem));
    }
}
