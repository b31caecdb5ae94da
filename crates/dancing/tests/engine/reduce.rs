//! Preprocessing (`reduce`): the reduced problem has the same solutions,
//! mapped back, on every plain reference file and on random problems; the
//! reductions do happen; colors and bounds are refused.

use bumpalo::Bump;
use dancing::{OptionId, Problem, ReduceError, Solver, format, reduce};
use dancing_testkit::strategies::{proptest_config, small_problem};
use dancing_testkit::{brute, figures};
use proptest::prelude::*;

use super::{data, engine_solutions, mapped_solutions};

fn count(problem: &Problem) -> u64 {
    let bump = Bump::new();
    Solver::new(problem, &bump).count()
}

#[test]
fn reduced_reference_problems_have_the_same_solutions() {
    for file in figures::DLX1.iter().map(|figures| figures.file) {
        let problem = data(file);
        let reduction = reduce(&problem).unwrap();
        assert!(reduction.is_complete(), "{file}");
        let reduced = reduction.problem();
        assert!(reduced.option_count() <= problem.option_count());
        assert_eq!(
            reduced.option_count() + reduction.removed_options(),
            problem.option_count()
        );
        assert_eq!(count(reduced), count(&problem), "{file}");
        if count(&problem) <= 5_000 {
            assert_eq!(
                mapped_solutions(reduction.problem(), |o| reduction.original(o)),
                engine_solutions(&problem),
                "{file}"
            );
        }
        // Reducing again finds nothing more.
        let again = reduce(reduced).unwrap();
        assert_eq!(again.removed_options(), 0, "{file}");
        assert_eq!(again.removed_items(), 0, "{file}");
    }
}

#[test]
fn blocking_options_and_forced_items_are_removed() {
    // `b` goes with `a` whenever `a` is covered: `b c` goes, `b` merges
    // into `a`. Likewise `e` goes with `f`: `d e` goes, `e` merges.
    let text = "a b c d e f\na b\nb c\nc\nd e\nd\ne f\n";
    let problem = format::read_str(text).unwrap().problem;
    let reduction = reduce(&problem).unwrap();
    assert_eq!(reduction.removed_options(), 2);
    assert_eq!(reduction.removed_items(), 2);
    assert_eq!(count(reduction.problem()), 1);
    assert_eq!(
        mapped_solutions(reduction.problem(), |o| reduction.original(o)),
        engine_solutions(&problem)
    );
    let written = {
        let mut out = Vec::new();
        format::write(reduction.problem(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(written, "a c d f\na\nc\nd\nf\n");
}

#[test]
fn an_item_no_option_holds_keeps_the_count_at_zero() {
    let problem = format::read_str("a b c\na b\nb\n").unwrap().problem;
    let reduction = reduce(&problem).unwrap();
    assert_eq!(count(reduction.problem()), 0);
    assert_eq!(reduction.problem().option_count(), 0);
}

#[test]
fn colors_and_bounds_are_refused() {
    assert_eq!(
        reduce(&data("colors.dlx")).unwrap_err(),
        ReduceError::Colors
    );
    assert_eq!(
        reduce(&data("rowcol4_2_2.dlx")).unwrap_err(),
        ReduceError::Bounds
    );
    assert!(ReduceError::Bounds.to_string().contains("bounds"));
}

proptest! {
    #![proptest_config(proptest_config(512))]

    #[test]
    fn reduced_random_problems_have_the_same_solutions(problem in small_problem()) {
        let reduction = reduce(&problem).unwrap();
        prop_assert_eq!(mapped_solutions(reduction.problem(), |o| reduction.original(o)), brute::exact_covers(&problem));
    }
}

/// An option that leaves another item no disjoint option is removed.
#[test]
fn an_option_that_blocks_an_item_is_removed() {
    // `a c` leaves `b` only `b c` and `a b`, which it blocks; `b c`
    // blocks `a` likewise.
    let text = "a b c\na c\nb c\na b\nc\n";
    let problem = format::read_str(text).unwrap().problem;
    let reduction = reduce(&problem).unwrap();
    assert_eq!(reduction.removed_options(), 2);
    let kept: Vec<usize> = (0..reduction.problem().option_count())
        .map(|k| reduction.original(OptionId::new(k)).index())
        .collect();
    assert_eq!(kept, [2, 3]);
    assert_eq!(
        mapped_solutions(reduction.problem(), |o| reduction.original(o)),
        engine_solutions(&problem)
    );
}
