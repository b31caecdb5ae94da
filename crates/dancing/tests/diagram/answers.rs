//! Counts, sizes and listings from the diagram against the plain search
//! and brute force; the written ZDD read back; malformed ZDD text.

use std::collections::BTreeSet;

use dancing::diagram::{Diagram, DiagramConfig, DiagramError, Order};
use dancing::{Engine, OptionId, Problem, Request, Stop, StopReason};
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use dancing_testkit::{brute, figures};
use num_bigint::BigUint;
use proptest::prelude::*;

use super::{ORDERS, data, diagram};

/// The solutions listed from the diagram, each sorted, checked to be
/// listed once each.
fn listed(diagram: &Diagram) -> BTreeSet<Vec<OptionId>> {
    let mut all = BTreeSet::new();
    for mut solution in diagram.solutions() {
        solution.sort();
        assert!(all.insert(solution.clone()), "{solution:?} listed twice");
    }
    all
}

/// Every answer of `diagram` checked against the brute-force solutions
/// `expected`: count, listing, sizes, and the listing's rank order read
/// back by unranking.
fn check_answers(diagram: &Diagram, expected: &BTreeSet<Vec<OptionId>>) {
    assert_eq!(diagram.count(), BigUint::from(expected.len()));
    assert_eq!(diagram.count_u128(), Some(expected.len() as u128));
    assert_eq!(&listed(diagram), expected);
    let mut sizes = vec![0usize; expected.iter().map(Vec::len).max().map_or(0, |n| n + 1)];
    for solution in expected {
        sizes[solution.len()] += 1;
    }
    let sizes: Vec<BigUint> = sizes.into_iter().map(BigUint::from).collect();
    assert_eq!(diagram.sizes(), sizes);
    let sampler = diagram.sampler(0);
    for (rank, solution) in diagram.solutions().enumerate() {
        assert_eq!(sampler.solution_at(&BigUint::from(rank)), Some(solution));
    }
    assert_eq!(sampler.solution_at(&BigUint::from(expected.len())), None);
}

/// The diagram written in ZDDREAD's format and read back: the same nodes
/// and root.
fn read_back(diagram: &Diagram) -> Diagram {
    let mut text = Vec::new();
    diagram.write_zdd(&mut text).expect("writes to memory");
    let text = String::from_utf8(text).expect("ASCII");
    let back = Diagram::read_zdd(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.node_count(), diagram.node_count());
    assert_eq!(back.root(), diagram.root());
    for id in 2..diagram.node_count() as u32 + 2 {
        assert_eq!(back.node(id), diagram.node(id));
    }
    back
}

fn check_problem(problem: &Problem) {
    let expected = brute::exact_covers(problem);
    for order in ORDERS {
        let built = diagram(problem, order);
        check_answers(&built, &expected);
        check_answers(&read_back(&built), &expected);
    }
}

proptest! {
    #![proptest_config(proptest_config(256))]

    #[test]
    fn diagrams_of_plain_and_colored_problems_hold_the_brute_force_solutions(problem in small_problem()) {
        check_problem(&problem);
    }

    #[test]
    fn diagrams_of_bounded_problems_hold_the_brute_force_solutions(problem in colored_bounded_problem()) {
        check_problem(&problem);
    }
}

/// The reference files whose diagrams are quick in input order too.
const QUICK_IN_INPUT_ORDER: [&str; 12] = [
    "toy.dlx",
    "colors.dlx",
    "knuth_dlx2_example.dlx",
    "knuth_dlx3_example.dlx",
    "debruijn3.dlx",
    "debruijn4.dlx",
    "rowcol4_1_2.dlx",
    "rowcol4_2_2.dlx",
    "rowcol5_2_2.dlx",
    "matchings12.dlx",
    "partitions8.dlx",
    "queens8.dlx",
];

#[test]
fn diagram_counts_equal_the_search_on_every_reference_file() {
    let files = figures::DLX1
        .iter()
        .map(|figures| figures.file)
        .chain(figures::COLORED_FILES);
    for file in files {
        let problem = data(file);
        let engine = Engine::new(problem.clone());
        let plain = engine.count(&Request::new()).expect("fits").solutions;
        // Input order on queens, Langford pairs and pentominoes is a
        // search without its pruning: slow, and not what it is for.
        let orders: &[Order] = if QUICK_IN_INPUT_ORDER.contains(&file) {
            &ORDERS
        } else {
            &[Order::Fewest]
        };
        for &order in orders {
            let built = diagram(&problem, order);
            assert_eq!(built.count(), BigUint::from(plain), "{file} {order:?}");
            let sizes: BigUint = built.sizes().iter().sum();
            assert_eq!(sizes, BigUint::from(plain), "{file} {order:?}: sizes");
            assert_eq!(read_back(&built).count(), BigUint::from(plain), "{file}");
            // Every listed solution is one (as far as listing is cheap).
            for solution in built.solutions().take(200) {
                dancing_testkit::verify::assert_exact_cover(&problem, &solution);
            }
        }
    }
}

#[test]
fn the_node_limit_stops_with_its_reason_and_a_smaller_cache_changes_no_answer() {
    let problem = data("queens8.dlx");
    let engine = Engine::new(problem);
    let full = engine
        .diagram(&Request::new(), &DiagramConfig::new())
        .expect("fits");
    assert!(full.node_count() > 10);
    let limit = full.node_count() as u32 - 1;
    let error = engine
        .diagram(&Request::new(), &DiagramConfig::new().max_nodes(limit))
        .expect_err("one node short");
    assert_eq!(error, DiagramError::TooLarge { limit });
    assert!(error.to_string().contains(&limit.to_string()), "{error}");
    // Exactly enough is enough.
    let fits = engine
        .diagram(&Request::new(), &DiagramConfig::new().max_nodes(limit + 1))
        .expect("fits");
    assert_eq!(fits, full.clone());
    // No cache at all, or one that is emptied all the time: the same set.
    for bytes in [0, 4096] {
        let small = engine
            .diagram(&Request::new(), &DiagramConfig::new().cache_limit(bytes))
            .expect("fits");
        assert_eq!(small.count(), full.count());
        assert_eq!(listed(&small), listed(&full));
        assert!(small.stats().search_nodes >= full.stats().search_nodes);
    }
    // And the engine still counts after a stopped build.
    assert_eq!(engine.count(&Request::new()).expect("fits").solutions, 92);
}

#[test]
fn the_stop_token_and_the_node_budget_stop_the_build() {
    let problem = data("queens12.dlx");
    let engine = Engine::new(problem);
    let stop = Stop::new();
    stop.request();
    let error = engine
        .diagram(
            &Request::new().stop(&stop).max_nodes(1 << 40),
            &DiagramConfig::new(),
        )
        .expect_err("stopped");
    // The token is looked at every few thousand nodes; the first look
    // finds it.
    assert_eq!(error, DiagramError::Stopped(StopReason::Cancelled));
    let error = engine
        .diagram(&Request::new().max_nodes(5000), &DiagramConfig::new())
        .expect_err("too few nodes");
    assert_eq!(error, DiagramError::Stopped(StopReason::NodeLimit));
    let counted = engine.count(&Request::new()).expect("fits").solutions;
    let built = engine
        .diagram(&Request::new(), &DiagramConfig::new())
        .expect("built");
    assert_eq!(built.count(), BigUint::from(counted));
}

#[test]
fn the_input_order_branches_on_the_first_item_and_the_fewest_rule_on_the_shortest_list() {
    // Item a has three options (0, 2, 3), item b two (1, 2). A chain's
    // top node is its item's last option.
    let problem = dancing::format::read_str("a b\na\nb\na b\na\n")
        .expect("valid")
        .problem;
    let input = diagram(&problem, Order::Input);
    assert_eq!(input.node(input.root()).0.index(), 3);
    assert_eq!(input.count_u128(), Some(3));
    let fewest = diagram(&problem, Order::Fewest);
    assert_eq!(fewest.node(fewest.root()).0.index(), 2);
    assert_eq!(fewest.count_u128(), Some(3));
}

#[test]
fn malformed_zdd_text_is_named_by_line_and_column() {
    let cases: [(&str, &str); 8] = [
        ("2: (~1?0:1)\nx\n", "2:1: expected a node id in hexadecimal"),
        ("2: (~1?0:1)\n3: (~2?2:1\n", "2:11: expected `)`"),
        (
            "2: (~1?0:1)\n3: (~2?4:1)\n",
            "2:8: node 4 is not defined on an earlier line",
        ),
        (
            "2: (~1?0:1)\n2: (~2?0:1)\n",
            "2:1: node 2 is defined twice (first on line 1)",
        ),
        (
            "1: (~1?0:1)\n",
            "1:1: node 1 is a terminal and cannot be defined",
        ),
        (
            "2: (~1?0:0)\n",
            "1:10: a hi branch of 0 is not allowed in a ZDD (the node would be its lo branch)",
        ),
        (
            "2: (~1?0:1)\n3: (~0?2:2)\n",
            "2:8: the root node of variable 0 must have lo branch 0",
        ),
        ("\n\n", "2:1: no node in the file"),
    ];
    for (text, message) in cases {
        let error = Diagram::read_zdd(text).expect_err(text);
        assert_eq!(error.to_string(), message, "{text:?}");
    }
    // Without the dummy root, the node of the smallest variable is the
    // root (ZDDREAD's rule).
    let diagram = Diagram::read_zdd("2: (~5?0:1)\n3: (~4?2:1)\n").expect("valid");
    assert_eq!(diagram.root(), 3);
    assert_eq!(diagram.count().to_string(), "2");
}
