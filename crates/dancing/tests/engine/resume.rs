//! The resumable search: `Solver::next_solution` and `Solver::solutions`
//! find what `run` finds, in the same order, with the same statistics, on
//! plain, colored and bounded problems; they resume after any number of
//! solutions and leave the solver as they found it when abandoned.

use std::collections::BTreeSet;

use bumpalo::Bump;
use dancing::expert::{Search, SearchConfig, Solver};
use dancing::{OptionId, Problem, StopReason};
use dancing_testkit::brute::exact_covers;
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use dancing_testkit::verify::assert_exact_cover;
use proptest::prelude::*;

use super::data;

/// Every solution a full `run` lists, in order, and its statistics.
fn listed_by_run(problem: &Problem, config: SearchConfig) -> (Vec<Vec<OptionId>>, dancing::Stats) {
    let bump = Bump::new();
    let mut solver = Solver::new(problem, &bump).with_config(config);
    let mut found = Vec::new();
    let stats = solver.search(|solution| {
        found.push(solution.options().to_vec());
        std::ops::ControlFlow::Continue(())
    });
    (found, stats)
}

/// The solutions `solutions()` gives, and the statistics at its end.
fn listed_by_iterator(
    problem: &Problem,
    config: SearchConfig,
) -> (Vec<Vec<OptionId>>, dancing::Stats) {
    let bump = Bump::new();
    let mut solver = Solver::new(problem, &bump).with_config(config);
    let mut solutions = solver.solutions();
    let found: Vec<_> = solutions.by_ref().collect();
    let stats = solutions.stats();
    (found, stats)
}

/// Plain (X), colored (C) and bounded (M) reference problems.
const FILES: [&str; 6] = [
    "queens8.dlx",
    "langford7.dlx",
    "colors.dlx",
    "debruijn3.dlx",
    "knuth_dlx3_example.dlx",
    "rowcol4_1_2.dlx",
];

#[test]
fn iterating_lists_what_a_run_lists_with_the_same_statistics() {
    for file in FILES {
        let problem = data(file);
        let (by_run, run_stats) = listed_by_run(&problem, SearchConfig::new());
        let (by_iterator, iterator_stats) = listed_by_iterator(&problem, SearchConfig::new());
        assert!(!by_run.is_empty(), "{file} has solutions");
        assert_eq!(by_iterator, by_run, "{file}");
        assert_eq!(iterator_stats, run_stats, "{file}");
        assert_eq!(iterator_stats.stop, StopReason::Complete, "{file}");
        for solution in &by_iterator {
            assert_exact_cover(&problem, solution);
        }
    }
}

#[test]
fn a_node_limit_ends_the_iteration_where_it_ends_a_run() {
    for file in FILES {
        let problem = data(file);
        let (_, full) = listed_by_run(&problem, SearchConfig::new());
        let limits = [1, 5, full.nodes / 3, full.nodes - 1];
        for limit in limits
            .into_iter()
            .filter(|&limit| limit > 0 && limit < full.nodes)
        {
            let config = SearchConfig::new().node_limit(Some(limit));
            let (by_run, run_stats) = listed_by_run(&problem, config.clone());
            let (by_iterator, iterator_stats) = listed_by_iterator(&problem, config);
            assert_eq!(by_iterator, by_run, "{file} limit {limit}");
            assert_eq!(iterator_stats, run_stats, "{file} limit {limit}");
            assert_eq!(
                iterator_stats.stop,
                StopReason::NodeLimit,
                "{file} limit {limit}"
            );
        }
    }
}

#[test]
fn a_search_resumes_after_each_solution_and_abandons_cleanly() {
    for file in FILES {
        let problem = data(file);
        let (all, _) = listed_by_run(&problem, SearchConfig::new());
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        for k in [0, 1, 2, all.len() / 2, all.len()].map(|k| k.min(all.len())) {
            // The first k, then the iterator dropped mid-search.
            let first: Vec<_> = solver.solutions().take(k).collect();
            assert_eq!(first, all[..k], "{file} first {k}");
            // The matrix is back: the next search counts everything.
            assert_eq!(solver.count(), all.len() as u64, "{file} after {k}");
            // A paused search abandoned by another search: the same.
            for _ in 0..k {
                assert!(solver.next_solution().is_some());
            }
            assert_eq!(solver.count(), all.len() as u64, "{file} count after {k}");
            // And by a selection, after which the search starts afresh.
            if solver.next_solution().is_some() {
                solver.select(all[0][0]).unwrap();
                solver.clear_selection();
                let again: Vec<_> = solver.solutions().collect();
                assert_eq!(again, all, "{file} after a selection");
            }
        }
        // `next_solution` after the end starts a new search.
        while solver.next_solution().is_some() {}
        assert_eq!(solver.stats().stop, StopReason::Complete);
        assert_eq!(
            solver
                .next_solution()
                .map(|s| s.options().to_vec())
                .as_ref(),
            all.first(),
            "{file} restart"
        );
    }
}

#[test]
fn a_paused_search_reports_itself_running_and_its_figures_so_far() {
    let problem = data("queens8.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let mut last_nodes = 0;
    let mut seen = 0;
    while let Some(solution) = solver.next_solution() {
        assert_eq!(solution.options().len(), 8);
        seen += 1;
        let stats = solver.stats();
        assert_eq!(stats.stop, StopReason::Running);
        assert_eq!(stats.solutions, seen);
        assert!(stats.nodes > last_nodes);
        last_nodes = stats.nodes;
    }
    assert_eq!(seen, 92);
    assert_eq!(solver.stats().stop, StopReason::Complete);
}

#[test]
fn a_selection_is_kept_by_the_iteration() {
    let problem = data("queens8.dlx");
    let (all, _) = listed_by_run(&problem, SearchConfig::new());
    let option = all[3][0];
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    solver.select(option).unwrap();
    let found: Vec<_> = solver.solutions().collect();
    let expected: Vec<_> = all.iter().filter(|s| s.contains(&option)).collect();
    assert_eq!(found.len(), expected.len());
    for solution in &found {
        assert!(
            solution.contains(&option),
            "the selected option is in every solution"
        );
        assert_exact_cover(&problem, solution);
    }
    assert_eq!(solver.selected_count(), 1);
}

proptest! {
    #![proptest_config(proptest_config(256))]

    #[test]
    fn iterating_random_problems_finds_the_brute_force_solutions(
        problem in prop_oneof![small_problem(), colored_bounded_problem()],
        stop_after in 0usize..6,
    ) {
        let (by_run, run_stats) = listed_by_run(&problem, SearchConfig::new());
        let (by_iterator, iterator_stats) = listed_by_iterator(&problem, SearchConfig::new());
        prop_assert_eq!(&by_iterator, &by_run);
        prop_assert_eq!(iterator_stats, run_stats);
        let sorted: BTreeSet<Vec<OptionId>> = by_iterator
            .iter()
            .map(|solution| {
                let mut solution = solution.clone();
                solution.sort();
                solution
            })
            .collect();
        prop_assert_eq!(sorted, exact_covers(&problem));
        // Stopped after a few, then counted: the solver is restored.
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let first: Vec<_> = solver.solutions().take(stop_after).collect();
        prop_assert_eq!(&first[..], &by_run[..stop_after.min(by_run.len())]);
        prop_assert_eq!(solver.count(), by_run.len() as u64);
    }
}

#[test]
fn pausing_and_resuming_allocate_nothing() {
    let problem = data("langford7.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let expected = solver.count();
    let (seen, allocations) = dancing_testkit::alloc::count_allocations(|| {
        let mut seen = 0;
        while solver.next_solution().is_some() {
            seen += 1;
        }
        seen
    });
    assert_eq!(seen, expected);
    assert_eq!(allocations, 0, "heap allocations while iterating");
}
