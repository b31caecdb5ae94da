//! Selecting options before a search: the solutions that hold them, and
//! errors for options that cannot be selected.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::{OptionId, SelectError, Solver, format};
use dancing_testkit::verify::assert_exact_cover;

use super::{data, engine_solutions, ordered_solutions};
use dancing::Search;

#[test]
fn selecting_options_keeps_exactly_the_solutions_that_hold_them() {
    for file in [
        "queens8.dlx",
        "langford7.dlx",
        "partitions8.dlx",
        "latin4.dlx",
    ] {
        let problem = data(file);
        let all = engine_solutions(&problem);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        // Select the options of one solution one by one: at each step the
        // solutions are those of the whole problem that hold the selection.
        let target = all.iter().nth(all.len() / 2).unwrap().clone();
        let mut selection = Vec::new();
        for &option in &target {
            solver.select(option).unwrap();
            selection.push(option);
            let expected: BTreeSet<Vec<OptionId>> = all
                .iter()
                .filter(|s| selection.iter().all(|o| s.contains(o)))
                .cloned()
                .collect();
            let mut found = BTreeSet::new();
            solver.search(|solution| {
                let options = solution.options();
                assert_eq!(
                    &options[..selection.len()],
                    &selection[..],
                    "selection first"
                );
                assert_exact_cover(&problem, options);
                let mut sorted = options.to_vec();
                sorted.sort();
                found.insert(sorted);
                ControlFlow::Continue(())
            });
            assert_eq!(found, expected, "{file} with {selection:?}");
        }
        // Nothing else fits now.
        let other = (0..problem.option_count())
            .map(OptionId::new)
            .find(|o| !target.contains(o) && !problem.ignored_options().contains(o))
            .unwrap();
        assert_eq!(solver.select(other), Err(SelectError::Conflict(other)));
        assert_eq!(solver.selected_count(), target.len());
        // Undoing the selection gives back the whole problem, tree and all.
        assert_eq!(solver.unselect(), target.last().copied());
        solver.clear_selection();
        assert_eq!(solver.selected_count(), 0);
        let fresh_bump = Bump::new();
        let mut fresh = Solver::new(&problem, &fresh_bump);
        assert_eq!(
            ordered_solutions(&mut solver),
            ordered_solutions(&mut fresh)
        );
        assert_eq!(solver.stats(), fresh.stats(), "{file}");
    }
}

#[test]
fn selecting_ignored_or_unknown_options_is_an_error() {
    let problem = format::read_str("a b | x\na\nx\nb\n").unwrap().problem;
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    assert_eq!(
        solver.select(OptionId::new(1)),
        Err(SelectError::Ignored(OptionId::new(1)))
    );
    assert_eq!(
        solver.select(OptionId::new(3)),
        Err(SelectError::NoSuchOption(OptionId::new(3)))
    );
    solver.select(OptionId::new(0)).unwrap();
    assert_eq!(
        solver.select(OptionId::new(0)),
        Err(SelectError::Conflict(OptionId::new(0)))
    );
    assert_eq!(solver.count(), 1);
}

/// An option is chosen at most once, even where its items have room for
/// more: selecting it again is a conflict, with colors or without (a
/// problem with bounds and no colors hides options as DLX1 does).
#[test]
fn selecting_a_bounded_option_twice_is_a_conflict() {
    for text in ["2|a b\na\na b\nb\n", "2|a b | x\na x:1\na b\nb x:1\n"] {
        let problem = format::read_str(text).unwrap().problem;
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let all = solver.count();
        solver.select(OptionId::new(0)).unwrap();
        assert_eq!(
            solver.select(OptionId::new(0)),
            Err(SelectError::Conflict(OptionId::new(0))),
            "{text}"
        );
        // `a` twice: `a` with `a b` (then `b` is full) is the one way.
        assert_eq!(solver.count(), 1, "{text}");
        solver.clear_selection();
        assert_eq!(solver.count(), all, "{text}");
    }
}
