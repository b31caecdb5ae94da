//! Random small problems: the engine finds exactly the exact covers that the
//! brute-force enumerator finds, and counts them the same way.

use bumpalo::Bump;
use dancing::expert::Solver;
use dancing_testkit::brute::exact_covers;
use dancing_testkit::strategies::{proptest_config, small_problem};
use dancing_testkit::verify::assert_exact_cover;
use proptest::prelude::*;
use proptest::strategy::ValueTree;

use super::engine_solutions;
use dancing::expert::Search;

proptest! {
    #![proptest_config(proptest_config(512))]

    #[test]
    fn engine_finds_exactly_the_brute_force_solutions(problem in small_problem()) {
        let found = engine_solutions(&problem);
        prop_assert_eq!(&found, &exact_covers(&problem));
        for solution in &found {
            assert_exact_cover(&problem, solution);
        }
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        prop_assert_eq!(solver.count(), found.len() as u64);
        prop_assert_eq!(solver.count_up_to(2), found.len().min(2) as u64);
        prop_assert_eq!(solver.first().is_some(), !found.is_empty());
    }
}

#[test]
fn planted_problems_have_a_solution() {
    // A check on the generator itself: with `planted` the brute force must
    // find a solution, otherwise the property above proves less than it says.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut planted_seen = 0;
    for _ in 0..200 {
        let problem = small_problem().new_tree(&mut runner).unwrap().current();
        if !exact_covers(&problem).is_empty() {
            planted_seen += 1;
        }
    }
    assert!(
        planted_seen > 50,
        "only {planted_seen} of 200 random problems had a solution"
    );
}
