//! Memoized counting against the plain search and brute force: every
//! reference file, random problems with and without colors, caches too
//! small to hold anything, and stopped counts.

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::{
    ItemId, ItemKind, MemoConfig, MemoCount, MemoError, Problem, ProblemBuilder, SearchConfig,
    Solver, StopReason,
};
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use dancing_testkit::{brute, figures};
use proptest::prelude::*;

use super::data;

/// The reference files without bounds (memoized counting refuses those),
/// parsed, with their names.
fn unbounded_files() -> Vec<(&'static str, Problem)> {
    figures::DLX1
        .iter()
        .map(|figures| figures.file)
        .chain(figures::COLORED_FILES)
        .map(|file| (file, data(file)))
        .filter(|(_, problem)| !problem.has_bounds())
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
    let counted = solver.count_memoized(memo).expect("no bounds, no overflow");
    assert_eq!(counted.stats.stop, StopReason::Complete);
    assert_eq!(u128::from(counted.stats.solutions), counted.solutions);
    // The solver is back to the whole problem.
    let plain = solver.count();
    assert_eq!(u128::from(plain), counted.solutions);
    counted
}

#[test]
fn memoized_counts_equal_plain_counts_on_every_reference_file() {
    let files = unbounded_files();
    assert!(files.len() >= 16);
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

#[test]
fn bounds_are_refused_with_a_reason() {
    for file in ["knuth_dlx3_example.dlx", "rowcol4_2_2.dlx"] {
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let refused = solver.count_memoized(&MemoConfig::new());
        assert_eq!(refused, Err(MemoError::Multiplicities), "{file}");
        assert!(refused.unwrap_err().to_string().contains("bounds"));
    }
}

/// A count below a selection counts the completions of the selection.
#[test]
fn memoized_counts_start_from_the_selection() {
    let problem = data("matchings12.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    solver.select(dancing::OptionId::new(0)).unwrap();
    let plain = solver.count();
    let counted = solver.count_memoized(&MemoConfig::new()).unwrap();
    assert_eq!(counted.solutions, u128::from(plain));
    assert_eq!(solver.selected_count(), 1);
}

/// A node limit or a monitor stops the count with a lower bound, and the
/// solver is back to its selection.
#[test]
fn stopped_counts_are_lower_bounds_and_leave_the_solver_whole() {
    let problem = data("langford8.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
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
