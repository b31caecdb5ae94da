//! Algorithm M (bounds on primary items, and colors): Knuth's DLX3 figures
//! on the bounded reference files, the brute-force enumerator on random
//! colored and bounded problems, selections, and stops.

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::StopReason;
use dancing::expert::{ParallelSolver, SearchConfig, Solver};
use dancing_testkit::brute::exact_covers;
use dancing_testkit::figures::{XCC, XccRun};
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config};
use dancing_testkit::verify::assert_exact_cover;
use proptest::prelude::*;

use super::{data, engine_solutions, ordered_solutions, parallel_solutions};
use dancing::expert::Search;

#[test]
fn dlx3_figures_hold_on_every_bounded_reference_file() {
    let mut checked = 0;
    for figures in XCC {
        let problem = data(figures.file);
        if !problem.has_bounds() {
            continue;
        }
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let solutions = ordered_solutions(&mut solver);
        let stats = solver.stats();
        let run = XccRun {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            cleansings: stats.cleansings,
        };
        assert_eq!(run, figures.dlx3, "{}", figures.file);
        assert_eq!(stats.solutions, figures.brute_force, "{}", figures.file);
        for solution in &solutions {
            assert_exact_cover(&problem, solution);
        }
        // On several threads: the same tree, so the same figures and (in
        // order) the same solutions.
        for (threads, tasks) in [(2, 1), (2, 64), (3, 5)] {
            let config = SearchConfig::new().threads(threads).tasks_per_thread(tasks);
            let (parallel, found) = parallel_solutions(&problem, config);
            assert_eq!(
                parallel.stats(),
                stats,
                "{} on {threads} threads",
                figures.file
            );
            assert_eq!(parallel.profile(), solver.profile(), "{}", figures.file);
            assert_eq!(found, solutions, "{} on {threads} threads", figures.file);
        }
        checked += 1;
    }
    assert_eq!(checked, 4, "every bounded reference file");
}

#[test]
fn a_stopped_bounded_search_leaves_the_matrix_as_it_was() {
    // Without slack, and with (1:2 bounds: tweaks and null moves).
    for (file, all) in [("rowcol5_2_2.dlx", 2_040), ("rowcol4_1_2.dlx", 2_586)] {
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        for limit in [1, 2, 3, 10, 100, 1_000, 5_000] {
            solver.set_config(SearchConfig::new().node_limit(Some(limit)));
            let stats = solver.search(|_| ControlFlow::Continue(()));
            assert_eq!(stats.stop, StopReason::NodeLimit, "{file}");
            assert_eq!(stats.nodes, limit, "{file}");
            assert!((0.0..1.0).contains(&solver.explored()), "{file}");
            solver.set_config(SearchConfig::new());
            assert_eq!(solver.count(), all, "{file} after a stop at {limit} nodes");
        }
        for stop_at in [1, 7, 500] {
            assert_eq!(solver.count_up_to(stop_at), stop_at);
            assert_eq!(solver.stats().stop, StopReason::Visitor);
            assert_eq!(solver.count(), all, "{file}");
        }
        // On several threads, stopped by the node limit, then whole.
        for threads in [2, 3] {
            let config = SearchConfig::new().threads(threads).node_limit(Some(1_000));
            let mut parallel = ParallelSolver::new(&problem).with_config(config);
            let stats = parallel.search(|_| ControlFlow::Continue(()));
            assert_eq!(stats.stop, StopReason::NodeLimit, "{file}");
            parallel.set_config(SearchConfig::new().threads(threads));
            assert_eq!(parallel.count(), all, "{file} on {threads} threads");
        }
    }
}

proptest! {
    #![proptest_config(proptest_config(512))]

    #[test]
    fn bounded_searches_find_exactly_the_brute_force_solutions(problem in colored_bounded_problem()) {
        let found = engine_solutions(&problem);
        prop_assert_eq!(&found, &exact_covers(&problem));
        for solution in &found {
            assert_exact_cover(&problem, solution);
        }
        // The parallel search: same order, same statistics.
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let sequential = ordered_solutions(&mut solver);
        let config = SearchConfig::new().threads(2).tasks_per_thread(3);
        let (parallel, in_parallel) = parallel_solutions(&problem, config);
        prop_assert_eq!(in_parallel, sequential);
        prop_assert_eq!(parallel.stats(), solver.stats());
    }

    #[test]
    fn selecting_a_bounded_option_leaves_the_solutions_that_hold_it(problem in colored_bounded_problem()) {
        let all = exact_covers(&problem);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        for (option, _) in problem.options() {
            let expected: Vec<_> = all.iter().filter(|s| s.contains(&option)).cloned().collect();
            match solver.select(option) {
                Ok(()) => {
                    let mut found = solver.collect(usize::MAX);
                    for solution in &mut found {
                        prop_assert_eq!(solution[0], option);
                        solution.sort();
                    }
                    found.sort();
                    prop_assert_eq!(found, expected);
                    solver.unselect();
                }
                Err(_) => prop_assert!(expected.is_empty()),
            }
        }
        prop_assert_eq!(solver.count(), all.len() as u64);
    }
}
