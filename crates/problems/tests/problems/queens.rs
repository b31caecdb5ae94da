//! n queens.

use std::collections::HashSet;

use dancing_problems::{Error, ExactCover, Queens};

use super::{all_solutions, assert_round_trip, checks};
use dancing::expert::Search;

/// OEIS A000170, n = 1..12.
const KNOWN: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

#[test]
fn counts_for_n_up_to_12_and_every_board_is_legal() {
    for (n, &known) in (1..).zip(&KNOWN) {
        let queens = Queens::new(n).unwrap();
        let (boards, _) = all_solutions(&queens);
        assert_eq!(boards.len() as u64, known, "n = {n}");
        for board in &boards {
            checks::queens(board, n);
        }
        let distinct: HashSet<_> = boards.iter().collect();
        assert_eq!(
            distinct.len(),
            boards.len(),
            "n = {n}: a board decoded twice"
        );
    }
}

#[test]
fn search_tree_matches_knuths_figures() {
    // Nodes of DLX1 on queens6/8/10/12.dlx, which this layout reproduces.
    for (n, nodes) in [(6, 111), (8, 1199), (10, 16_448), (12, 327_813)] {
        let queens = Queens::new(n).unwrap();
        let bump = bumpalo::Bump::new();
        let mut solver = dancing::expert::Solver::new(queens.problem(), &bump);
        solver.count();
        assert_eq!(solver.stats().nodes, nodes, "n = {n}");
    }
}

#[test]
fn items_are_named_as_knuth_does() {
    let queens = Queens::new(4).unwrap();
    let problem = queens.problem();
    let names: Vec<&str> = problem
        .items()
        .map(|item| problem.item_name(item).unwrap())
        .collect();
    assert_eq!(
        &names[..8],
        ["r0", "r1", "r2", "r3", "c0", "c1", "c2", "c3"]
    );
    assert_eq!(problem.primary_count(), 8);
    assert_eq!(problem.secondary_count(), 14);
    let first: Vec<&str> = problem
        .option(dancing::OptionId::new(1))
        .iter()
        .map(|&i| problem.item_name(i).unwrap())
        .collect();
    assert_eq!(first, ["r0", "c1", "a1", "b2"]);
    assert_round_trip(&queens);
}

#[test]
fn the_picture_of_the_first_solution() {
    let queens = Queens::new(5).unwrap();
    let (boards, _) = all_solutions(&queens);
    assert_eq!(
        boards[0].to_string(),
        "Q . . . .\n. . Q . .\n. . . . Q\n. Q . . .\n. . . Q .\n"
    );
    assert!(queens.describe().contains("5 queens"));
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert!(matches!(
        Queens::new(0),
        Err(Error::OutOfRange { value: 0, .. })
    ));
    let error = Queens::new(Queens::MAX_N + 1).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the number of queens must be between 1 and 1000, not 1001"
    );
    assert_eq!(Queens::new(1).unwrap().count(), 1);
}
