//! The facade's own tests: searches that stop and restore, the choice of
//! items, selections and reselections, and the split's way through a tree.

use std::ops::ControlFlow;

use super::*;
use crate::format;
use crate::visit::{FnVisitor, StopReason, carry_on};

/// A used-up solver's search (`run_once`, which leaves the matrix where
/// it stopped) finds what a kept solver's does, and the kept solver,
/// restored after each stop, still counts every solution: on plain,
/// colored and bounded problems, stopped by the visitor and by a node
/// limit at many points.
#[test]
fn a_last_search_finds_what_a_restored_one_does() {
    for text in [
        include_str!("../../tests/data/queens8.dlx"),
        include_str!("../../tests/data/debruijn3.dlx"),
        include_str!("../../tests/data/rowcol4_1_2.dlx"),
    ] {
        let problem = format::read_str(text).unwrap().problem;
        let bump = Bump::new();
        let mut kept = Solver::new(&problem, &bump);
        let total = kept.count();
        fn visit(
            stop_after: u64,
            found: &mut Vec<Vec<OptionId>>,
        ) -> impl FnMut(&Solution<'_>) -> ControlFlow<()> + '_ {
            move |solution| {
                found.push(solution.options().to_vec());
                if found.len() as u64 == stop_after {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
        for stop_after in [1, 2, 5, total / 2, total] {
            for node_limit in [None, Some(7), Some(60)] {
                let config = SearchConfig::new().node_limit(node_limit);
                let (mut by_kept, mut by_last) = (Vec::new(), Vec::new());
                kept.set_config(config.clone());
                let kept_stats = kept.search(visit(stop_after, &mut by_kept));
                let Ok(last_stats) =
                    Solver::new(&problem, &bump)
                        .with_config(config)
                        .run_once(FnVisitor {
                            solution: visit(stop_after, &mut by_last),
                            progress: carry_on,
                        });
                assert_eq!(by_last, by_kept, "{stop_after} {node_limit:?}");
                assert_eq!(last_stats, kept_stats, "{stop_after} {node_limit:?}");
                kept.set_config(SearchConfig::new());
                assert_eq!(kept.count(), total, "restored after the stop");
            }
        }
    }
}

/// Keys that hold the column and plain lengths (for problems whose keys
/// would not fit) choose the same items.
#[test]
fn plain_lengths_choose_as_keys_do() {
    for text in [
        include_str!("../../tests/data/queens8.dlx"),
        include_str!("../../tests/data/langford7.dlx"),
        include_str!("../../tests/data/partitions8.dlx"),
        include_str!("../../tests/data/sudoku4x4_grids.dlx"),
        include_str!("../../tests/data/toy.dlx"),
    ] {
        let problem = format::read_str(text).unwrap().problem;
        let bump = Bump::new();
        let mut keyed = Solver::new(&problem, &bump);
        let mut plain = Solver::new(&problem, &bump);
        plain.matrix.use_plain_lengths();
        assert_eq!(keyed.collect(usize::MAX), plain.collect(usize::MAX));
        assert_eq!(keyed.stats(), plain.stats());
        assert_eq!(keyed.profile(), plain.profile());
    }
}

/// A problem of 3,000 primary items (94 chunks, so the choice keeps
/// the list of active chunks): the items cut in runs of 250, every run
/// of one to three consecutive blocks an option (927 tilings), which
/// cover and uncover whole and partial chunks; some options also hold
/// a secondary item, colored if `colored`.
fn wide_problem(colored: bool) -> Problem {
    let mut text: String = (1..=3000).map(|i| format!("i{i} ")).collect();
    text.push_str("| s t\n");
    for start in 0..12 {
        for blocks in 1..=3 {
            if start + blocks > 12 {
                continue;
            }
            let items = (start * 250 + 1..=(start + blocks) * 250).map(|i| format!("i{i} "));
            text.extend(items);
            match (start + blocks) % 3 {
                0 if colored => text.push_str(&format!("s:{}", blocks % 2)),
                0 => text.push('s'),
                1 if colored => text.push_str("t:a"),
                _ => {}
            }
            text.push('\n');
        }
    }
    format::read_str(&text).unwrap().problem
}

/// The list of active chunks of a wide problem chooses the items that
/// the scan of every chunk chooses, with keys and with plain lengths.
#[test]
fn wide_problems_choose_as_the_dense_scan_does() {
    for colored in [false, true] {
        let problem = wide_problem(colored);
        let bump = Bump::new();
        let mut listed = Solver::new(&problem, &bump);
        assert!(
            !listed.matrix.chunks.is_empty(),
            "a wide problem keeps the list"
        );
        let mut dense = Solver::new(&problem, &bump);
        dense.matrix.chunks = &mut [];
        let solutions = listed.collect(usize::MAX);
        assert!(solutions.len() > 20, "{} solutions", solutions.len());
        assert_eq!(solutions, dense.collect(usize::MAX));
        assert_eq!(listed.stats(), dense.stats());
        assert_eq!(listed.profile(), dense.profile());
        let mut plain = Solver::new(&problem, &bump);
        plain.matrix.use_plain_lengths();
        assert_eq!(solutions, plain.collect(usize::MAX));
        assert_eq!(listed.stats(), plain.stats());
        // A selection covers items too; the list follows.
        listed.select(solutions[7][0]).unwrap();
        let with_first = solutions
            .iter()
            .filter(|s| s.contains(&solutions[7][0]))
            .count();
        assert_eq!(listed.count() as usize, with_first);
        listed.clear_selection();
        assert_eq!(listed.collect(usize::MAX), solutions);
    }
}

/// Every unchecked access of the dance, on a problem small enough for
/// Miri (`.ci/run` runs the tests named `miri_` under it): a search
/// from a template's copy, selections, reselections, and a stop.
#[test]
fn miri_small_searches_select_and_stop() {
    let problem = format::read_str(include_str!("../../tests/data/toy.dlx"))
        .unwrap()
        .problem;
    let template = Template::new(&problem);
    let bump = Bump::new();
    let mut solver = Solver::from_template(&template, &bump);
    let all = solver.collect(usize::MAX);
    assert_eq!(all.len(), 1);
    assert_eq!(solver.stats().nodes, 6);
    let mut fresh = Solver::new(&problem, &bump);
    assert_eq!(fresh.collect(usize::MAX), all);
    // Select the solution's first option, then move along its path.
    solver.select(all[0][0]).unwrap();
    assert_eq!(solver.count(), 1);
    solver.clear_selection();
    let mut level1 = Frontier(Vec::new(), Vec::new());
    solver.explore_to(1, &mut level1);
    for path in &level1.0 {
        solver.reselect(path);
        solver.count();
    }
    solver.reselect(&[]);
    solver.set_config(SearchConfig::new().node_limit(Some(3)));
    let stopped = solver.search(|_| ControlFlow::Continue(()));
    assert_eq!(stopped.stop, StopReason::NodeLimit);
    solver.set_config(SearchConfig::new());
    assert_eq!(solver.count(), 1);
}

/// The unchecked accesses of Algorithms C and M (purify, tweak, the
/// null move, replayed branches), on DLX2's and DLX3's examples, small
/// enough for Miri.
#[test]
fn miri_colored_and_bounded_searches_select_and_stop() {
    for (text, nodes) in [
        (include_str!("../../tests/data/knuth_dlx2_example.dlx"), 4),
        (include_str!("../../tests/data/knuth_dlx3_example.dlx"), 6),
        // Slack on every item (null moves), colors, and a zero lower
        // bound.
        (
            "0:2|a 1:2|b 1:1|c | x\na b x:1\na c\nb x:2\nc\na x:1\nb c\n",
            0,
        ),
    ] {
        let problem = format::read_str(text).unwrap().problem;
        let template = Template::new(&problem);
        let bump = Bump::new();
        let mut solver = Solver::from_template(&template, &bump);
        let all = solver.collect(usize::MAX);
        if nodes > 0 {
            assert_eq!(solver.stats().nodes, nodes);
        }
        assert!(!all.is_empty());
        // Every path of the first level, replayed, then searched.
        let mut level1 = Frontier(Vec::new(), Vec::new());
        solver.explore_to(1, &mut level1);
        let mut below = 0;
        for path in &level1.0 {
            solver.reselect(path);
            below += solver.count();
        }
        solver.reselect(&[]);
        assert_eq!(below as usize, all.len());
        // A selection, and a stop.
        solver.select(all[0][0]).unwrap();
        assert!(solver.count() >= 1);
        solver.clear_selection();
        solver.set_config(SearchConfig::new().node_limit(Some(3)));
        let stopped = solver.search(|_| ControlFlow::Continue(()));
        assert_eq!(stopped.stop, StopReason::NodeLimit);
        solver.set_config(SearchConfig::new());
        assert_eq!(solver.count() as usize, all.len());
    }
}

/// Collects the paths of the nodes at one level of the tree.
struct Frontier(Vec<Vec<u32>>, Vec<u32>);

impl Explorer for Frontier {
    fn solution(&mut self, _solution: &Solution<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn frontier(&mut self, node: u32, _weight: f64) -> ControlFlow<()> {
        let mut path = self.1.clone();
        path.push(node);
        self.0.push(path);
        ControlFlow::Continue(())
    }
}

/// Moving the selection from path to path (in tree order, and jumping
/// about) leaves the matrix as selecting each path afresh does: the
/// searches below agree, and together they find every solution.
#[test]
fn reselecting_paths_equals_selecting_them_afresh() {
    for text in [
        include_str!("../../tests/data/queens8.dlx"),
        include_str!("../../tests/data/langford7.dlx"),
        include_str!("../../tests/data/sudoku4x4_grids.dlx"),
    ] {
        let problem = format::read_str(text).unwrap().problem;
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let total = solver.count();
        // The nodes at levels 1 and 2, found level by level.
        let mut level1 = Frontier(Vec::new(), Vec::new());
        solver.explore_to(1, &mut level1);
        let mut paths = Vec::new();
        for path in &level1.0 {
            solver.reselect(path);
            let mut level2 = Frontier(Vec::new(), path.clone());
            solver.explore_to(2, &mut level2);
            paths.extend(level2.0);
        }
        assert!(paths.len() > 4, "a tree wide enough to test");
        let count_below = |solver: &mut Solver<'_>, path: &[u32]| {
            solver.reselect(path);
            let found = solver.collect(usize::MAX);
            let fresh_bump = Bump::new();
            let mut fresh = Solver::new(&problem, &fresh_bump);
            for &node in path {
                fresh.select_node(node);
            }
            assert_eq!(found, fresh.collect(usize::MAX));
            assert_eq!(solver.stats(), fresh.stats());
            found.len() as u64
        };
        let in_order: u64 = paths
            .iter()
            .map(|path| count_below(&mut solver, path))
            .sum();
        assert_eq!(in_order, total);
        // Jumping about: every third path, from the end.
        for path in paths.iter().rev().step_by(3) {
            count_below(&mut solver, path);
        }
        solver.reselect(&[]);
        assert_eq!(solver.count(), total);
    }
}

/// A root with `n` children, each costly to enter (its commit hides
/// about `n` options): plainly (`w` covered), by colors (`x` purified)
/// or with bounds and colors; and `2|y`, a branch whose `n` children
/// each tweak one option out (`y` in `n` options of its own).
fn costly_children(n: usize) -> Vec<(&'static str, Problem)> {
    let mut plain = String::from("y w | z\n");
    let mut colored = String::from("a b | x\n");
    let mut bounded = String::from("2|a 2|b | x\n");
    let mut tweaked = String::from("2|y\n");
    for k in 0..n {
        plain.push_str("y w\n");
        let options = format!("a x:c{}\nb x:c{}\n", k % 7, k % 5);
        colored.push_str(&options);
        bounded.push_str(&options);
        tweaked.push_str("y\n");
    }
    for _ in 0..n {
        plain.push_str("w z\n");
    }
    [
        ("plain", plain),
        ("colored", colored),
        ("bounded", bounded),
        ("tweaked", tweaked),
    ]
    .into_iter()
    .map(|(name, text)| (name, format::read_str(&text).unwrap().problem))
    .collect()
}

/// The split's way through a tree: the root's children listed (none
/// entered: the listing costs what the root itself does, not a commit
/// per child, which made the parallel split quadratic in the width),
/// then each child's subtree searched from the child selected, moving
/// from sibling to sibling as the search does (not replaying a branch
/// of Algorithm M from its start). The figures add up to the whole
/// search's exactly: each child's search counts entering it.
#[test]
fn children_are_listed_without_entering_them_and_searched_from_their_selection() {
    let n = 200;
    for (name, problem) in costly_children(n) {
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let count = solver.count();
        let whole = solver.stats();
        let level1 = solver.profile()[1];
        assert!(level1 >= n as u64 - 1, "{name}: {level1} children");
        let mut children = Frontier(Vec::new(), Vec::new());
        let listed = solver.explore_to(1, &mut children);
        assert_eq!(children.0.len() as u64, level1, "{name}");
        assert_eq!(listed.nodes, 1, "{name}");
        assert!(
            listed.updates <= 2 * n as u64 + 2,
            "{name}: listing {n} children took {} updates",
            listed.updates
        );
        let (mut nodes, mut updates, mut cleansings, mut solutions) = (
            listed.nodes,
            listed.updates,
            listed.cleansings,
            listed.solutions,
        );
        let mut moving = 0;
        for path in &children.0 {
            let before = solver.matrix.updates;
            solver.reselect(path);
            moving += solver.matrix.updates - before;
            let below = solver.explore_to(usize::MAX, &mut Frontier(Vec::new(), Vec::new()));
            nodes += below.nodes;
            updates += below.updates;
            cleansings += below.cleansings;
            solutions += below.solutions;
        }
        solver.reselect(&[]);
        assert_eq!(solutions, count, "{name}");
        assert_eq!(
            (nodes, updates, cleansings),
            (whole.nodes, whole.updates, whole.cleansings),
            "{name}: the subtrees add up to the whole search"
        );
        if name == "tweaked" {
            // Each move tweaks one option out (and commits one of one
            // node); replaying the branch from its start would tweak
            // n^2 / 2.
            assert!(moving <= 4 * n as u64, "{name}: moving took {moving}");
        }
        assert_eq!(solver.count(), count, "{name}: the solver is whole");
    }
}

/// The search is compiled twice on x86-64 (for AVX2, and portable);
/// both must explore the same tree and find the same solutions.
#[test]
fn every_compiled_variant_of_the_search_agrees() {
    for text in [
        include_str!("../../tests/data/queens8.dlx"),
        include_str!("../../tests/data/langford7.dlx"),
        include_str!("../../tests/data/partitions8.dlx"),
        include_str!("../../tests/data/sudoku4x4_grids.dlx"),
    ] {
        let problem = format::read_str(text).unwrap().problem;
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let mut dispatched = Vec::new();
        let dispatched_stats = solver.search(|s| {
            dispatched.push(s.options().to_vec());
            ControlFlow::Continue(())
        });
        let mut portable = Vec::new();
        let mut visiting = Visiting::new(FnVisitor {
            solution: |s: &Solution<'_>| {
                portable.push(s.options().to_vec());
                ControlFlow::Continue(())
            },
            progress: carry_on,
        });
        let portable_stats =
            solver.walk_portable::<AlgorithmX<false>, _>(usize::MAX, &mut visiting);
        assert_eq!(dispatched_stats, portable_stats);
        assert_eq!(dispatched, portable);
        assert!(dispatched_stats.solutions > 0);
    }
}
