//! Memoized counting against the plain search and brute force: every
//! reference file, random problems with and without colors and bounds,
//! caches too small to hold anything, and stopped counts.

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::{MemoConfig, MemoCount, ParallelSolver, SearchConfig, Solver};
use dancing::{ItemId, ItemKind, Problem, ProblemBuilder, StopReason};
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use dancing_testkit::{brute, figures};
use proptest::prelude::*;

use super::data;
use dancing::expert::Search;

/// Every reference file (plain, colored and bounded), parsed, with its
/// name.
fn reference_files() -> Vec<(&'static str, Problem)> {
    figures::DLX1
        .iter()
        .map(|figures| figures.file)
        .chain(figures::COLORED_FILES)
        .map(|file| (file, data(file)))
        .collect()
}

/// The caches every count is tried with: always on and large, always on
/// and too small for more than a few entries (evicting all the time), too
/// small for any, and the default (which may turn itself off).
fn caches() -> [MemoConfig; 4] {
    let always = MemoConfig::new().adaptive(false);
    [
        always.clone(),
        always.clone().memory_limit(2048),
        always.memory_limit(0),
        MemoConfig::new(),
    ]
}

fn memo_count(problem: &Problem, memo: &MemoConfig) -> MemoCount {
    let bump = Bump::new();
    let mut solver = Solver::new(problem, &bump);
    let counted = solver.count_memoized(memo).expect("no overflow");
    assert_eq!(counted.stats.stop, StopReason::Complete);
    assert_eq!(u128::from(counted.stats.solutions), counted.solutions);
    // The solver is back to the whole problem.
    let plain = solver.count();
    assert_eq!(u128::from(plain), counted.solutions);
    counted
}

#[test]
fn memoized_counts_equal_plain_counts_on_every_reference_file() {
    let files = reference_files();
    assert!(
        files
            .iter()
            .filter(|(_, problem)| problem.has_bounds())
            .count()
            >= 4
    );
    assert!(files.len() >= 20);
    for (file, problem) in files {
        let bump = Bump::new();
        let plain = Solver::new(&problem, &bump).count();
        for memo in caches() {
            let counted = memo_count(&problem, &memo);
            assert_eq!(counted.solutions, u128::from(plain), "{file} with {memo:?}");
            let cache = counted.cache;
            assert!(
                cache.peak_bytes <= memo.get_memory_limit(),
                "{file}: {} bytes over the limit of {}",
                cache.peak_bytes,
                memo.get_memory_limit()
            );
            if memo.get_memory_limit() == 0 {
                assert_eq!(cache.peak_entries, 0, "{file}");
            }
        }
    }
}

/// Perfect matchings and set partitions repeat subproblems: the cache
/// must find them and spare nodes.
#[test]
fn the_cache_spares_nodes_where_subproblems_recur() {
    for file in ["matchings12.dlx", "partitions8.dlx"] {
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        solver.count();
        let plain_nodes = solver.stats().nodes;
        let counted = memo_count(&problem, &MemoConfig::new());
        assert!(counted.cache.hits > 0, "{file}");
        assert!(!counted.cache.turned_off, "{file}");
        assert!(
            counted.stats.nodes * 4 < plain_nodes,
            "{file}: {} nodes memoized, {plain_nodes} plain",
            counted.stats.nodes
        );
    }
}

/// Queens rarely meet a subproblem twice: the adaptive cache gives up,
/// and the count is still right.
#[test]
fn a_cache_that_does_not_pay_turns_itself_off() {
    let problem = data("queens12.dlx");
    let counted = memo_count(&problem, &MemoConfig::new());
    assert!(counted.cache.turned_off, "{:?}", counted.cache);
    assert_eq!(counted.solutions, 14_200);
    // Or stops there, for a faster search to take over.
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let handed_back = solver
        .count_memoized(&MemoConfig::new().hand_back(true))
        .unwrap();
    assert!(handed_back.cache.turned_off);
    assert_eq!(handed_back.stats.stop, StopReason::Interrupted);
    assert!(handed_back.solutions < 14_200);
    assert_eq!(solver.count(), 14_200);
}

/// DLX3's reference files (bounds, with slack and without) against their
/// brute-force counts, and with the cache always on, it must find
/// subproblems again there.
#[test]
fn memoized_counts_with_bounds_equal_the_brute_force_figures() {
    let mut checked = 0;
    for figures in figures::XCC {
        let problem = data(figures.file);
        if !problem.has_bounds() {
            continue;
        }
        for memo in caches() {
            let counted = memo_count(&problem, &memo);
            assert_eq!(
                counted.solutions,
                u128::from(figures.brute_force),
                "{} with {memo:?}",
                figures.file
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 4);
    let counted = memo_count(&data("rowcol5_2_2.dlx"), &MemoConfig::new().adaptive(false));
    assert!(counted.cache.hits > 0, "{:?}", counted.cache);
}

/// The n x n 0-1 matrices with two 1s in each row and column, as a
/// bounded problem: an item `2:2|` per row and column, an option per cell.
fn two_per_line(n: usize) -> Problem {
    let mut text: String = (0..n).map(|row| format!("2:2|r{row} ")).collect();
    text.extend((0..n).map(|column| format!("2:2|c{column} ")));
    text.push('\n');
    for row in 0..n {
        for column in 0..n {
            text.push_str(&format!("r{row} c{column}\n"));
        }
    }
    dancing::format::read_str(&text).unwrap().problem
}

/// Bounds with many options per item: the counts of OEIS A001499, known
/// apart from any search, and the cache spares most of the tree.
#[test]
fn memoized_counts_of_bounded_matrices_equal_the_known_counts() {
    for n in 2..=7 {
        let problem = two_per_line(n);
        let expected = figures::two_per_row_and_column(n).unwrap();
        let always = MemoConfig::new().adaptive(false);
        for memo in [always.clone(), always.memory_limit(4096)] {
            let bump = Bump::new();
            let mut solver = Solver::new(&problem, &bump);
            let counted = solver.count_memoized(&memo).unwrap();
            assert_eq!(counted.solutions, u128::from(expected), "n = {n}, {memo:?}");
        }
    }
    let problem = two_per_line(7);
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let counted = solver.count_memoized(&MemoConfig::new()).unwrap();
    assert!(!counted.cache.turned_off);
    solver.count();
    let plain_nodes = solver.stats().nodes;
    assert!(
        counted.stats.nodes * 20 < plain_nodes,
        "{} nodes memoized, {plain_nodes} plain",
        counted.stats.nodes
    );
}

/// A count below a selection counts the completions of the selection
/// (with bounds too, where a selected option is taken out of every list).
#[test]
fn memoized_counts_start_from_the_selection() {
    for file in [
        "matchings12.dlx",
        "rowcol4_1_2.dlx",
        "knuth_dlx3_example.dlx",
    ] {
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        solver.select(dancing::OptionId::new(0)).unwrap();
        let plain = solver.count();
        for memo in caches() {
            let counted = solver.count_memoized(&memo).unwrap();
            assert_eq!(counted.solutions, u128::from(plain), "{file} with {memo:?}");
            assert_eq!(solver.selected_count(), 1);
        }
    }
}

/// A node limit or a monitor stops the count with a lower bound, and the
/// solver is back to its selection.
#[test]
fn stopped_counts_are_lower_bounds_and_leave_the_solver_whole() {
    for file in ["langford8.dlx", "rowcol5_2_2.dlx", "rowcol4_1_2.dlx"] {
        stopped_counts_leave_the_solver_whole(&data(file));
    }
}

fn stopped_counts_leave_the_solver_whole(problem: &Problem) {
    let bump = Bump::new();
    let mut solver = Solver::new(problem, &bump);
    let total = u128::from(solver.count());
    for memo in caches() {
        solver.set_config(SearchConfig::new().node_limit(Some(500)));
        let limited = solver.count_memoized(&memo).unwrap();
        assert_eq!(limited.stats.stop, StopReason::NodeLimit, "{memo:?}");
        assert!(limited.solutions < total);
        solver.set_config(SearchConfig::new().checkpoint_interval(100));
        let mut checks = 0;
        let stopped = solver
            .count_memoized_monitored(&memo, |_| {
                checks += 1;
                if checks == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert_eq!(stopped.stats.stop, StopReason::Interrupted, "{memo:?}");
        assert!(stopped.solutions < total);
        solver.set_config(SearchConfig::new());
        assert_eq!(solver.count_memoized(&memo).unwrap().solutions, total);
    }
}

/// `problem` without its bounds: the same items, options and colors.
fn without_bounds(problem: &Problem) -> Problem {
    let mut builder = ProblemBuilder::new();
    for item in problem.items() {
        let name = problem.item_name(item).unwrap();
        match problem.item_kind(item) {
            ItemKind::Primary => builder.primary_item(name).unwrap(),
            _ => builder.secondary_item(name).unwrap(),
        };
    }
    for k in 0..problem.color_count() {
        let color = dancing::ColorId::new(k);
        builder.color(problem.color_name(color).unwrap()).unwrap();
    }
    for (option, items) in problem.options() {
        let entries: Vec<(ItemId, Option<dancing::ColorId>)> = items
            .iter()
            .copied()
            .zip(problem.option_colors(option))
            .collect();
        builder.colored_option(entries).unwrap();
    }
    builder.build().unwrap()
}

proptest! {
    #![proptest_config(proptest_config(256))]

    #[test]
    fn memoized_counts_equal_brute_force(problem in small_problem()) {
        let expected = u128::from(brute::count(&problem));
        for memo in caches() {
            prop_assert_eq!(memo_count(&problem, &memo).solutions, expected);
        }
    }

    #[test]
    fn memoized_counts_with_bounds_and_colors_equal_brute_force(
        problem in colored_bounded_problem(),
    ) {
        let expected = u128::from(brute::count(&problem));
        for memo in caches() {
            prop_assert_eq!(memo_count(&problem, &memo).solutions, expected);
        }
    }

    #[test]
    fn memoized_counts_with_colors_equal_brute_force(problem in colored_bounded_problem()) {
        let problem = without_bounds(&problem);
        let expected = u128::from(brute::count(&problem));
        for memo in caches() {
            prop_assert_eq!(memo_count(&problem, &memo).solutions, expected);
        }
    }
}

/// A purification that leaves its item's list empty still hid options:
/// the subproblem after it is not the one where the item was never
/// purified, though both have the same items active.
#[test]
fn a_purified_item_with_no_option_left_keys_apart() {
    let text = "p0 p1 | s0\np1\np0\np0\np1 s0:c0\np0 s0\n";
    let problem = dancing::format::read_str(text).unwrap().problem;
    assert_eq!(brute::count(&problem), 5);
    for memo in caches() {
        assert_eq!(memo_count(&problem, &memo).solutions, 5, "{memo:?}");
    }
}

/// The memoized count of `problem` on `threads` threads, split into about
/// `tasks` subtrees per thread, checked to be complete.
fn parallel_memo_count(
    problem: &Problem,
    memo: &MemoConfig,
    threads: usize,
    tasks: usize,
) -> MemoCount {
    let config = SearchConfig::new().threads(threads).tasks_per_thread(tasks);
    let mut parallel = ParallelSolver::new(problem).with_config(config);
    let counted = parallel.count_memoized(memo).expect("no overflow");
    assert_eq!(counted.stats.stop, StopReason::Complete, "{memo:?}");
    assert_eq!(u128::from(counted.stats.solutions), counted.solutions);
    assert_eq!(parallel.stats(), counted.stats);
    assert!(
        counted.cache.peak_bytes <= memo.get_memory_limit(),
        "{} bytes over the limit of {} ({memo:?}, {threads} threads)",
        counted.cache.peak_bytes,
        memo.get_memory_limit()
    );
    counted
}

#[test]
fn memoized_counts_on_threads_equal_plain_counts_on_every_reference_file() {
    for (file, problem) in reference_files() {
        let bump = Bump::new();
        let plain = u128::from(Solver::new(&problem, &bump).count());
        for threads in 1..=4 {
            for tasks in [1, 8] {
                for memo in caches() {
                    let counted = parallel_memo_count(&problem, &memo, threads, tasks);
                    assert_eq!(
                        counted.solutions, plain,
                        "{file} on {threads} threads ({tasks} tasks each) with {memo:?}"
                    );
                }
            }
        }
    }
}

/// On many threads the shared cache still spares nodes: about as many
/// as on one.
#[test]
fn the_cache_spares_nodes_on_threads_too() {
    for file in ["matchings12.dlx", "partitions8.dlx"] {
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        solver.count();
        let plain_nodes = solver.stats().nodes;
        {
            let memo = MemoConfig::new();
            let counted = parallel_memo_count(&problem, &memo, 2, 4);
            assert!(counted.cache.hits > 0, "{file} {memo:?}");
            assert!(!counted.cache.turned_off, "{file} {memo:?}");
            assert!(
                counted.stats.nodes * 4 < plain_nodes,
                "{file} {memo:?}: {} nodes memoized, {plain_nodes} plain",
                counted.stats.nodes
            );
        }
    }
}

/// On threads, a cache that does not pay turns off and the count goes on
/// without it, or (handing back) the count stops for the plain search.
#[test]
fn a_cache_that_does_not_pay_turns_itself_off_on_threads() {
    let problem = data("queens12.dlx");
    for tasks in [1, 8] {
        let memo = MemoConfig::new();
        let counted = parallel_memo_count(&problem, &memo, 2, tasks);
        assert!(counted.cache.turned_off, "{:?}", counted.cache);
        assert_eq!(counted.solutions, 14_200);
        let config = SearchConfig::new().threads(2).tasks_per_thread(tasks);
        let mut parallel = ParallelSolver::new(&problem).with_config(config);
        let handed_back = parallel.count_memoized(&memo.hand_back(true)).unwrap();
        assert!(handed_back.cache.turned_off);
        assert_eq!(handed_back.stats.stop, StopReason::Interrupted);
        assert!(handed_back.solutions < 14_200);
    }
}

/// A node limit or the monitor stops a count on threads with a lower
/// bound, and says why.
#[test]
fn stopped_counts_on_threads_are_lower_bounds() {
    let problem = data("queens12.dlx");
    for threads in 2..=4 {
        for memo in caches() {
            let config = SearchConfig::new()
                .threads(threads)
                .tasks_per_thread(4)
                .node_limit(Some(3_000));
            let mut parallel = ParallelSolver::new(&problem).with_config(config.clone());
            let limited = parallel.count_memoized(&memo).unwrap();
            assert_eq!(limited.stats.stop, StopReason::NodeLimit, "{memo:?}");
            assert!(limited.solutions < 14_200, "{memo:?}");
            let stopped = ParallelSolver::new(&problem)
                .with_config(
                    config
                        .node_limit(None)
                        .progress_interval(std::time::Duration::ZERO),
                )
                .count_memoized_monitored(&memo, |_| ControlFlow::Break(()))
                .unwrap();
            assert_eq!(stopped.stats.stop, StopReason::Interrupted, "{memo:?}");
            assert!(stopped.solutions < 14_200, "{memo:?}");
        }
    }
}

proptest! {
    #![proptest_config(proptest_config(96))]

    #[test]
    fn memoized_counts_on_threads_equal_brute_force(
        problem in small_problem(),
        threads in 2usize..=4,
        tasks in 1usize..=3,
    ) {
        let expected = u128::from(brute::count(&problem));
        for memo in caches() {
            prop_assert_eq!(parallel_memo_count(&problem, &memo, threads, tasks).solutions, expected);
        }
    }

    #[test]
    fn memoized_counts_on_threads_with_bounds_and_colors_equal_brute_force(
        problem in colored_bounded_problem(),
        threads in 2usize..=4,
        tasks in 1usize..=3,
    ) {
        let expected = u128::from(brute::count(&problem));
        for memo in caches() {
            prop_assert_eq!(parallel_memo_count(&problem, &memo, threads, tasks).solutions, expected);
        }
        let problem = without_bounds(&problem);
        let expected = u128::from(brute::count(&problem));
        for memo in caches() {
            prop_assert_eq!(parallel_memo_count(&problem, &memo, threads, tasks).solutions, expected);
        }
    }
}
