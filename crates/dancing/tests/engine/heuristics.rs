//! The branching rules of dancing cells: Knuth's SSXCC-WTD0 and
//! SSXCC-FRB0 trees, node for node, and their solutions against brute
//! force.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing_testkit::brute;
use dancing_testkit::verify::assert_exact_cover;

use dancing::expert::DancingCells;
use dancing::random::SplitMix64;
use dancing::{Branching, OptionId, Problem};

use super::cells::random_colored;

fn read(file: &str) -> Problem {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    dancing::format::read_str(&text).unwrap().problem
}

/// Every solution under `branching`, each checked as a cover and sorted,
/// and the statistics.
fn solutions(problem: &Problem, branching: Branching) -> (BTreeSet<Vec<OptionId>>, dancing::Stats) {
    let bump = Bump::new();
    let mut cells = DancingCells::new(problem, &bump).with_branching(branching);
    let mut found = BTreeSet::new();
    cells.search(|solution| {
        assert_exact_cover(problem, solution.options());
        let mut options = solution.options().to_vec();
        options.sort();
        assert!(found.insert(options), "a solution visited twice");
        ControlFlow::Continue(())
    });
    assert_eq!(cells.stats().solutions as usize, found.len());
    (found, cells.stats())
}

/// (file, solutions, nodes, updates) as Knuth's programs print them on
/// the project's reference files, built from `ascherer/cwebtest` with
/// `ctangle ./ssxcc.w ./ssxcc-wtd0.ch ssxcc-wtd0.c` (and `ssxcc-frb0.ch`),
/// `gcc -O2 ssxcc-wtd0.c gb_flip.c`, and run as `ssxcc-wtd0 < FILE`.
const SSXCC_WTD0: [(&str, u64, u64, u64); 12] = [
    ("colors.dlx", 1, 3, 16),
    ("debruijn3.dlx", 16, 105, 2149),
    ("debruijn4.dlx", 256, 2756, 105301),
    ("queens6.dlx", 4, 68, 1778),
    ("queens8.dlx", 92, 945, 19629),
    ("queens10.dlx", 724, 11468, 258723),
    ("queens12.dlx", 14200, 225264, 4909480),
    ("langford7.dlx", 52, 489, 8002),
    ("langford8.dlx", 300, 2374, 36351),
    ("pentomino3x20.dlx", 8, 21460, 19995178),
    ("latin4.dlx", 576, 4603, 33487),
    ("sudoku4x4_grids.dlx", 288, 2227, 23335),
];

/// The same from `ssxcc-frb0 < FILE`, built the same way with
/// `ssxcc-frb0.ch`.
const SSXCC_FRB0: [(&str, u64, u64, u64); 12] = [
    ("colors.dlx", 1, 3, 16),
    ("debruijn3.dlx", 16, 105, 2309),
    ("debruijn4.dlx", 256, 2904, 114316),
    ("queens6.dlx", 4, 64, 1619),
    ("queens8.dlx", 92, 966, 19837),
    ("queens10.dlx", 724, 13270, 308229),
    ("queens12.dlx", 14200, 247031, 5514031),
    ("langford7.dlx", 52, 484, 8307),
    ("langford8.dlx", 300, 2702, 43228),
    ("pentomino3x20.dlx", 8, 6850, 7296120),
    ("latin4.dlx", 576, 4650, 33936),
    ("sudoku4x4_grids.dlx", 288, 2218, 23335),
];

fn assert_knuths_tree(branching: Branching, figures: &[(&str, u64, u64, u64)]) {
    for &(file, solutions, nodes, updates) in figures {
        let problem = read(file);
        let bump = Bump::new();
        let mut cells = DancingCells::new(&problem, &bump).with_branching(branching);
        cells.search(|_| ControlFlow::Continue(()));
        let stats = cells.stats();
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (solutions, nodes, updates),
            "{file} under {branching}"
        );
        // A second search learns again from the start: the same tree.
        cells.search(|_| ControlFlow::Continue(()));
        assert_eq!(cells.stats().nodes, nodes, "{file} searched again");
    }
}

#[test]
fn weighted_branching_walks_ssxcc_wtd0s_tree() {
    assert_knuths_tree(Branching::Weighted, &SSXCC_WTD0);
}

#[test]
fn failure_rate_branching_walks_ssxcc_frb0s_tree() {
    assert_knuths_tree(Branching::FailureRate, &SSXCC_FRB0);
}

#[test]
fn the_rules_search_different_trees() {
    // The figures are not those of SSXCC's rule: pentomino3x20 has 9328
    // nodes under it (`ssxcc < pentomino3x20.dlx`).
    let problem = read("pentomino3x20.dlx");
    let nodes: Vec<u64> = Branching::ALL
        .into_iter()
        .map(|branching| solutions(&problem, branching).1.nodes)
        .collect();
    assert_eq!(nodes, [9328, 21460, 6850]);
}

#[test]
fn solutions_are_those_of_brute_force_under_every_rule() {
    let mut random = SplitMix64::new(50);
    let mut with_solutions = 0;
    for _ in 0..3000 {
        let problem = random_colored(&mut random);
        let expected = brute::exact_covers(&problem);
        for branching in Branching::ALL {
            let (found, stats) = solutions(&problem, branching);
            assert_eq!(found, expected, "{branching}: {problem:?}");
            assert!(stats.is_complete());
        }
        with_solutions += usize::from(!expected.is_empty());
    }
    assert!(with_solutions > 300, "{with_solutions}");
}

#[test]
fn branching_rules_have_short_names() {
    for branching in Branching::ALL {
        assert_eq!(branching.as_str().parse::<Branching>(), Ok(branching));
        assert_eq!(branching.to_string(), branching.as_str());
    }
    assert_eq!(Branching::default(), Branching::Mrv);
    let error = "dom".parse::<Branching>().unwrap_err();
    assert!(error.to_string().contains("\"dom\""), "{error}");
}
