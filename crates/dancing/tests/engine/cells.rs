//! Dancing cells (SSXCC's Algorithm C on sparse sets) against brute force,
//! the linked search and Knuth's own counts.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing_testkit::brute;
use dancing_testkit::verify::assert_exact_cover;

use dancing::expert::{DancingCells, Search, Solver};
use dancing::random::SplitMix64;
use dancing::{ItemId, OptionId, Problem, ProblemBuilder};

/// Every solution dancing cells find, each sorted, checked as a cover,
/// and the statistics.
fn cells_solutions(problem: &Problem) -> (BTreeSet<Vec<OptionId>>, dancing::Stats) {
    let bump = Bump::new();
    let mut cells = DancingCells::new(problem, &bump);
    let mut found = BTreeSet::new();
    let mut visited = 0;
    cells.search(|solution| {
        assert_exact_cover(problem, solution.options());
        let mut options = solution.options().to_vec();
        options.sort();
        assert!(found.insert(options), "a solution visited twice");
        visited += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(cells.stats().solutions, visited);
    (found, cells.stats())
}

/// A random problem with colors: `primary` primary items, some
/// secondary ones, options of one to four items, secondary entries
/// colored one of three colors or not at all.
pub(crate) fn random_colored(random: &mut SplitMix64) -> Problem {
    let primary = 1 + random.below(6);
    let secondary = random.below(4);
    let mut builder = ProblemBuilder::new();
    for k in 0..primary {
        builder.primary_item(&format!("p{k}")).unwrap();
    }
    for k in 0..secondary {
        builder.secondary_item(&format!("s{k}")).unwrap();
    }
    let colors: Vec<_> = ["red", "green", "blue"]
        .iter()
        .map(|name| builder.color(name).unwrap())
        .collect();
    let items = primary + secondary;
    for _ in 0..random.below(15) {
        let mut chosen = BTreeSet::new();
        for _ in 0..1 + random.below(4) {
            chosen.insert(random.below(items));
        }
        let entries: Vec<_> = chosen
            .into_iter()
            .map(|item| {
                let color = (item >= primary)
                    .then(|| random.below(4))
                    .filter(|&c| c < 3)
                    .map(|c| colors[c]);
                (ItemId::new(item), color)
            })
            .collect();
        builder.colored_option(entries).unwrap();
    }
    builder.build().unwrap()
}

#[test]
fn solutions_are_those_of_brute_force_on_random_colored_problems() {
    let mut random = SplitMix64::new(35);
    let mut with_solutions = 0;
    for _ in 0..3000 {
        let problem = random_colored(&mut random);
        let (found, stats) = cells_solutions(&problem);
        assert_eq!(found, brute::exact_covers(&problem), "{problem:?}");
        assert!(stats.is_complete());
        with_solutions += usize::from(!found.is_empty());
    }
    // The generator is not degenerate.
    assert!(with_solutions > 300, "{with_solutions}");
}

#[test]
fn solutions_are_those_of_the_linked_search_on_reference_files() {
    for file in [
        "colors.dlx",
        "knuth_dlx2_example.dlx",
        "debruijn3.dlx",
        "debruijn4.dlx",
        "queens8.dlx",
        "langford8.dlx",
        "pentomino3x20.dlx",
    ] {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let problem = dancing::format::read_str(&text).unwrap().problem;
        let (found, stats) = cells_solutions(&problem);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let mut linked = BTreeSet::new();
        solver.search(|solution: &dancing::Solution<'_>| {
            let mut options = solution.options().to_vec();
            options.sort();
            linked.insert(options);
            ControlFlow::Continue(())
        });
        assert_eq!(found, linked, "{file}");
        assert!(stats.nodes > 0 && stats.updates > 0, "{file}");
    }
}

/// Knuth's SSXCC (`ssxcc.w`, built from `ascherer/cwebtest`) printed
/// these counts on the files: the same tree.
#[test]
fn nodes_and_updates_are_ssxccs() {
    for (file, solutions, nodes, updates) in SSXCC {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let problem = dancing::format::read_str(&text).unwrap().problem;
        let bump = Bump::new();
        let mut cells = DancingCells::new(&problem, &bump);
        cells.search(|_| ControlFlow::Continue(()));
        let stats = cells.stats();
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (solutions, nodes, updates),
            "{file}"
        );
    }
}

/// (file, solutions, nodes, updates) as `ssxcc < FILE` prints them.
const SSXCC: [(&str, u64, u64, u64); 8] = [
    ("colors.dlx", 1, 3, 16),
    ("knuth_dlx2_example.dlx", 1, 3, 16),
    ("debruijn3.dlx", 16, 105, 2152),
    ("debruijn4.dlx", 256, 2795, 91766),
    ("queens8.dlx", 92, 947, 20078),
    ("langford8.dlx", 300, 2267, 34765),
    ("pentomino3x20.dlx", 8, 9328, 8714873),
    ("latin4.dlx", 576, 4745, 34017),
];

#[test]
fn a_visitor_that_breaks_stops_the_search() {
    let path = format!("{}/tests/data/debruijn4.dlx", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let problem = dancing::format::read_str(&text).unwrap().problem;
    let bump = Bump::new();
    let mut cells = DancingCells::new(&problem, &bump);
    let mut seen = 0;
    cells.search(|_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, 3);
    assert_eq!(cells.stats().solutions, 3);
    assert_eq!(cells.stats().stop, dancing::StopReason::Visitor);
    // A second search starts again from the whole problem.
    cells.search(|_| ControlFlow::Continue(()));
    assert_eq!(cells.stats().solutions, 256);
}

#[test]
fn a_primary_item_without_options_has_no_solution() {
    let problem = dancing::format::read_str("a b\na\n").unwrap().problem;
    let (found, stats) = cells_solutions(&problem);
    assert!(found.is_empty());
    assert_eq!(stats.nodes, 1);
}
