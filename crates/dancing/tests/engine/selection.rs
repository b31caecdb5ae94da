//! Selecting options before a search: the solutions that hold them, and
//! errors for options that cannot be selected.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::{SelectError, Solver};
use dancing::{OptionId, format};
use dancing_testkit::verify::assert_exact_cover;

use super::{data, engine_solutions, ordered_solutions};
use dancing::expert::Search;

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

/// A restricted copy of a template, the still-active options kept, walks
/// the tree of the template's copy with the same options selected: the
/// same solutions (less the selection), in the same order, and the same
/// node count; leaving options out of `kept` leaves them out of the search.
#[test]
fn a_restricted_copy_walks_the_tree_of_the_selection() {
    use dancing::expert::Template;

    for file in [
        "queens8.dlx",
        "langford7.dlx",
        "partitions8.dlx",
        "latin4.dlx",
        "sudoku4x4_grids.dlx",
        "pentomino3x20.dlx",
    ] {
        let problem = data(file);
        let template = Template::new(&problem);
        let all = engine_solutions(&problem);
        let linked: Vec<OptionId> = (0..problem.option_count())
            .map(OptionId::new)
            .filter(|o| !problem.ignored_options().contains(o))
            .collect();
        let bump = Bump::new();
        let mut target = all.iter().nth(all.len() / 3).cloned().unwrap_or_default();
        target.sort();
        for take in 0..=target.len().min(4) {
            let selected = &target[..take];
            let used: BTreeSet<_> = selected
                .iter()
                .flat_map(|&o| problem.option(o).iter().copied())
                .collect();
            let active: Vec<OptionId> = linked
                .iter()
                .copied()
                .filter(|&o| problem.option(o).iter().all(|i| !used.contains(i)))
                .collect();
            let run = |solver: &mut Solver<'_>, skip: usize| {
                let mut found = Vec::new();
                let stats = solver.search(|solution| {
                    found.push(solution.options()[skip..].to_vec());
                    ControlFlow::Continue(())
                });
                (found, stats.nodes)
            };
            let mut copy = Solver::from_template(&template, &bump);
            for &option in selected {
                copy.select(option).unwrap();
            }
            let expected = run(&mut copy, take);
            // Every option kept: those of the selection are left out.
            let mut restricted =
                Solver::from_template_restricted(&template, &bump, selected, &linked).unwrap();
            assert_eq!(run(&mut restricted, 0), expected, "{file}, {take} selected");
            let mut restricted =
                Solver::from_template_restricted(&template, &bump, selected, &active).unwrap();
            assert_eq!(run(&mut restricted, 0), expected, "{file}, {take} selected");
            for (solution, _) in expected.0.iter().zip(0..1) {
                let mut whole = selected.to_vec();
                whole.extend(solution);
                assert_exact_cover(&problem, &whole);
            }
            // Without the options of the first solution found: none of
            // the solutions that hold one of them.
            if let Some(first) = expected.0.first() {
                let fewer: Vec<OptionId> = active
                    .iter()
                    .copied()
                    .filter(|o| !first.contains(o))
                    .collect();
                let mut restricted =
                    Solver::from_template_restricted(&template, &bump, selected, &fewer).unwrap();
                // The tree changes with the lists: compare the sets.
                let sorted = |solution: &Vec<OptionId>| {
                    let mut solution = solution.clone();
                    solution.sort();
                    solution
                };
                let found: BTreeSet<_> = run(&mut restricted, 0).0.iter().map(sorted).collect();
                let kept: BTreeSet<_> = expected
                    .0
                    .iter()
                    .filter(|s| s.iter().all(|o| !first.contains(o)))
                    .map(sorted)
                    .collect();
                assert_eq!(found, kept, "{file}, {take} selected, fewer options");
            }
        }
        drop(bump);
    }
}

#[test]
fn a_restricted_copy_refuses_what_a_selection_refuses_and_options_out_of_order() {
    use dancing::expert::Template;

    let problem = format::read_str("a b c | x\na\nb\nc\na b\nb c\nx\n")
        .unwrap()
        .problem;
    let template = Template::new(&problem);
    let bump = Bump::new();
    let o = OptionId::new;
    let restricted = |selected: &[OptionId], kept: &[OptionId]| {
        Solver::from_template_restricted(&template, &bump, selected, kept).map(|_| ())
    };
    assert_eq!(
        restricted(&[o(0), o(3)], &[]),
        Err(SelectError::Conflict(o(3)))
    );
    assert_eq!(
        restricted(&[o(0), o(0)], &[]),
        Err(SelectError::Conflict(o(0)))
    );
    assert_eq!(
        restricted(&[o(9)], &[]),
        Err(SelectError::NoSuchOption(o(9)))
    );
    assert_eq!(restricted(&[o(5)], &[]), Err(SelectError::Ignored(o(5))));
    assert_eq!(restricted(&[], &[o(5)]), Err(SelectError::Ignored(o(5))));
    assert_eq!(
        restricted(&[], &[o(2), o(1)]),
        Err(SelectError::Unordered(o(1)))
    );
    assert_eq!(
        restricted(&[], &[o(1), o(1)]),
        Err(SelectError::Unordered(o(1)))
    );
    assert_eq!(restricted(&[o(0)], &[o(1), o(2), o(4)]), Ok(()));
}
