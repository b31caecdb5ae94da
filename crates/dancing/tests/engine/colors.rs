//! Algorithm C (exact cover with colors): Knuth's DLX2 figures on the
//! colored reference files, the brute-force enumerator on random colored
//! problems, and the parallel search and selections on colored problems.

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::{SearchConfig, Solver};
use dancing::{Problem, ProblemBuilder, Stats};
use dancing_testkit::brute::exact_covers;
use dancing_testkit::figures::{XCC, XccRun};
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config};
use dancing_testkit::verify::assert_exact_cover;
use proptest::prelude::*;

use super::{data, engine_solutions, ordered_solutions, parallel_solutions};
use dancing::expert::Search;

fn run_figures(stats: &Stats) -> XccRun {
    XccRun {
        solutions: stats.solutions,
        nodes: stats.nodes,
        updates: stats.updates,
        cleansings: stats.cleansings,
    }
}

#[test]
fn dlx2_figures_hold_on_every_colored_reference_file() {
    let mut checked = 0;
    for figures in XCC {
        let Some(dlx2) = figures.dlx2 else {
            continue;
        };
        let problem = data(figures.file);
        assert!(
            problem.has_colors() && !problem.has_bounds(),
            "{}",
            figures.file
        );
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let mut solutions = Vec::new();
        let stats = solver.search(|solution| {
            solutions.push(solution.options().to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(run_figures(&stats), dlx2, "{}", figures.file);
        assert_eq!(stats.solutions, figures.brute_force, "{}", figures.file);
        for solution in &solutions {
            assert_exact_cover(&problem, solution);
        }
        // On several threads: the same tree, the same order.
        for threads in [2, 3] {
            let config = SearchConfig::new().threads(threads).tasks_per_thread(4);
            let (parallel, found) = parallel_solutions(&problem, config);
            assert_eq!(
                parallel.stats(),
                stats,
                "{} on {threads} threads",
                figures.file
            );
            assert_eq!(found, solutions, "{} on {threads} threads", figures.file);
        }
        checked += 1;
    }
    assert_eq!(checked, 4, "every file DLX2 runs");
}

#[test]
fn dlx2_example_has_its_one_solution() {
    // A C X:1 Y:1 and B X:1: the two options share X and Y with one color.
    let problem = data("knuth_dlx2_example.dlx");
    let bump = Bump::new();
    let solutions = Solver::new(&problem, &bump).collect(10);
    assert_eq!(solutions.len(), 1);
    let mut texts: Vec<String> = solutions[0]
        .iter()
        .map(|&option| {
            problem
                .option(option)
                .iter()
                .zip(problem.option_colors(option))
                .map(|(&item, color)| {
                    let name = problem.item_name(item).unwrap();
                    match color {
                        Some(color) => format!("{name}:{}", problem.color_name(color).unwrap()),
                        None => name.to_owned(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    texts.sort();
    assert_eq!(texts, ["A C X:1 Y:1", "B X:1"]);
}

/// `problem` with every primary item back to the bounds 1:1 (Algorithm C
/// takes no bounds).
fn without_bounds(problem: &Problem) -> Problem {
    let mut builder = ProblemBuilder::new();
    for item in problem.items() {
        let name = problem.item_name(item).unwrap();
        match problem.item_kind(item) {
            dancing::ItemKind::Primary => builder.primary_item(name).unwrap(),
            dancing::ItemKind::Secondary => builder.secondary_item(name).unwrap(),
        };
    }
    for k in 0..problem.color_count() {
        let color = dancing::ColorId::new(k);
        builder.color(problem.color_name(color).unwrap()).unwrap();
    }
    for (id, items) in problem.options() {
        let entries: Vec<_> = items
            .iter()
            .copied()
            .zip(problem.option_colors(id))
            .collect();
        builder.colored_option(entries).unwrap();
    }
    builder.build().unwrap()
}

proptest! {
    #![proptest_config(proptest_config(512))]

    #[test]
    fn colored_searches_find_exactly_the_brute_force_solutions(drawn in colored_bounded_problem()) {
        let problem = without_bounds(&drawn);
        let found = engine_solutions(&problem);
        prop_assert_eq!(&found, &exact_covers(&problem));
        for solution in &found {
            assert_exact_cover(&problem, solution);
        }
        // The parallel search finds them in the same order, with the same
        // statistics.
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let sequential = ordered_solutions(&mut solver);
        let stats = solver.stats();
        let config = SearchConfig::new().threads(2).tasks_per_thread(3);
        let (parallel, in_parallel) = parallel_solutions(&problem, config);
        prop_assert_eq!(in_parallel, sequential);
        prop_assert_eq!(parallel.stats(), stats);
    }

    #[test]
    fn selecting_a_colored_option_leaves_the_solutions_that_hold_it(drawn in colored_bounded_problem()) {
        let problem = without_bounds(&drawn);
        let all = exact_covers(&problem);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        for (option, _) in problem.options() {
            let expected: Vec<_> = all.iter().filter(|s| s.contains(&option)).collect();
            match solver.select(option) {
                Ok(()) => {
                    let mut found = solver.collect(usize::MAX);
                    for solution in &mut found {
                        prop_assert_eq!(solution[0], option);
                        solution.sort();
                    }
                    found.sort();
                    let expected: Vec<_> = expected.into_iter().cloned().collect();
                    prop_assert_eq!(found, expected);
                    solver.unselect();
                }
                // Ignored: no primary item, in no solution.
                Err(_) => prop_assert!(expected.is_empty()),
            }
        }
        // Selections nest: the first solution's options one by one.
        if let Some(first) = all.iter().next() {
            for &option in first {
                prop_assert!(solver.select(option).is_ok(), "{:?} of {:?}", option, first);
            }
            prop_assert_eq!(solver.count(), 1);
            solver.clear_selection();
        }
        prop_assert_eq!(solver.count(), all.len() as u64);
    }
}

/// A colored problem whose options are long (past the 16 nodes that the
/// matrix tracks by masks of agreeing and of primary nodes) or short (up to
/// 16 nodes), mixed, with their primary items first or last: 1 to 3
/// primary items, 40 secondary ones, 2 colors.
fn long_and_short_options() -> impl Strategy<Value = Problem> {
    let primaries = proptest::collection::btree_set(0usize..3, 1..=2);
    // A long option holds every secondary item; a color choice of 2 is
    // none.
    let long = proptest::collection::vec(0usize..=2, 40)
        .prop_map(|colors| colors.into_iter().enumerate().collect::<Vec<_>>());
    let short = proptest::collection::btree_map(0usize..40, 0usize..=2, 0..15)
        .prop_map(|entries| entries.into_iter().collect::<Vec<_>>());
    let option = (primaries, prop_oneof![long, short], any::<bool>());
    proptest::collection::vec(option, 1..9).prop_map(|options| {
        let mut builder = ProblemBuilder::new();
        let primary = builder.primary_items(3).unwrap().index();
        let secondary = builder.secondary_items(40).unwrap().index();
        let colors = [builder.color("a").unwrap(), builder.color("b").unwrap()];
        for (primaries, secondaries, primaries_last) in options {
            let mut entries: Vec<_> = primaries
                .into_iter()
                .map(|k| (dancing::ItemId::new(primary + k), None))
                .chain(secondaries.into_iter().map(|(k, color)| {
                    (
                        dancing::ItemId::new(secondary + k),
                        colors.get(color).copied(),
                    )
                }))
                .collect();
            if primaries_last {
                entries.reverse();
            }
            builder.colored_option(entries).unwrap();
        }
        builder.build().unwrap()
    })
}

proptest! {
    #![proptest_config(proptest_config(128))]

    /// Options past the mask's width take the dance's other path, in the
    /// same search as short ones: the same solutions as brute force.
    #[test]
    fn long_colored_options_find_exactly_the_brute_force_solutions(problem in long_and_short_options()) {
        let found = engine_solutions(&problem);
        prop_assert_eq!(&found, &exact_covers(&problem));
        for solution in &found {
            assert_exact_cover(&problem, solution);
        }
    }
}
