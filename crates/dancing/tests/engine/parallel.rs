//! The parallel search: the same solutions, order and statistics as the
//! sequential one, stops when asked, and agrees with the brute force.
//!
//! The property's saved failure cases are in `parallel.proptest-regressions`
//! beside this file (see `dancing_testkit::strategies::proptest_config`).

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::OptionId;
use dancing::expert::{ParallelSolver, SearchConfig, Solver};
use dancing_testkit::brute::exact_covers;
use dancing_testkit::strategies::{proptest_config, small_problem};
use proptest::prelude::*;

use super::{data, dlx1, ordered_solutions};
use dancing::expert::Search;

#[test]
fn parallel_search_adds_up_to_the_sequential_one_on_reference_problems() {
    for file in [
        "toy.dlx",
        "queens6.dlx",
        "queens10.dlx",
        "langford8.dlx",
        "latin4.dlx",
        "sudoku4x4_grids.dlx",
        "matchings12.dlx",
        "partitions8.dlx",
        "pentomino3x20.dlx",
    ] {
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let sequential = ordered_solutions(&mut solver);
        for (threads, tasks_per_thread) in [(2, 1), (2, 64), (3, 7)] {
            let mut parallel = ParallelSolver::new(&problem).with_config(
                SearchConfig::new()
                    .threads(threads)
                    .tasks_per_thread(tasks_per_thread)
                    .ordered(true),
            );
            let mut found = Vec::new();
            let stats = parallel.search(|solution| {
                found.push(solution.options().to_vec());
                ControlFlow::Continue(())
            });
            let context = format!("{file} on {threads} threads, {tasks_per_thread} tasks each");
            assert_eq!(found, sequential, "{context}: solutions in order");
            assert_eq!(stats, solver.stats(), "{context}: statistics");
            assert_eq!(parallel.profile(), solver.profile(), "{context}: profile");
            assert_eq!(parallel.count(), sequential.len() as u64, "{context}");
            assert_eq!(parallel.stats(), solver.stats(), "{context}: counting");
        }
        let mut unordered =
            ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(2));
        let mut found = BTreeSet::new();
        unordered.search(|solution| {
            assert!(found.insert(solution.options().to_vec()));
            ControlFlow::Continue(())
        });
        assert_eq!(
            found,
            sequential.iter().cloned().collect(),
            "{file}: unordered"
        );
    }
}

#[test]
fn parallel_search_stops_when_asked() {
    let problem = data("queens10.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let first_ten = solver.collect(10);

    let mut parallel =
        ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(2).ordered(true));
    let mut found = Vec::new();
    let stats = parallel.search(|solution| {
        found.push(solution.options().to_vec());
        if found.len() == 10 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(found, first_ten, "the first ten, in order");
    assert!(!stats.is_complete());

    let mut limited = ParallelSolver::new(&problem)
        .with_config(SearchConfig::new().threads(2).node_limit(Some(5_000)));
    let stats = limited.search(|_| ControlFlow::Continue(()));
    assert!(!stats.is_complete());
    assert!(
        stats.nodes >= 5_000 && stats.nodes < dlx1("queens10.dlx").nodes,
        "{}",
        stats.nodes
    );

    let mut monitored = ParallelSolver::new(&problem).with_config(
        SearchConfig::new()
            .threads(2)
            .progress_interval(std::time::Duration::ZERO),
    );
    let mut calls = 0;
    let stats = monitored.search_monitored(
        |_| ControlFlow::Continue(()),
        |progress| {
            calls += 1;
            assert!((0.0..=1.0).contains(&progress.fraction));
            ControlFlow::Break(())
        },
    );
    assert_eq!(calls, 1);
    assert!(!stats.is_complete());
}

proptest! {
    #![proptest_config(proptest_config(128))]

    #[test]
    fn parallel_search_finds_exactly_the_brute_force_solutions(
        problem in small_problem(),
        threads in 2usize..4,
        tasks_per_thread in 1usize..4,
    ) {
        let expected = exact_covers(&problem);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let sequential = ordered_solutions(&mut solver);
        let mut parallel = ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(threads).tasks_per_thread(tasks_per_thread).ordered(true));
        let mut found = Vec::new();
        let stats = parallel.search(|solution| {
            found.push(solution.options().to_vec());
            ControlFlow::Continue(())
        });
        prop_assert_eq!(&found, &sequential);
        prop_assert_eq!(stats, solver.stats());
        let sorted: BTreeSet<Vec<OptionId>> = found
            .iter()
            .map(|solution| {
                let mut solution = solution.clone();
                solution.sort();
                solution
            })
            .collect();
        prop_assert_eq!(sorted, expected);
    }
}
