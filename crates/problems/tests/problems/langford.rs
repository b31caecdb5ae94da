//! Langford pairs.

use std::collections::BTreeSet;

use dancing_problems::{Error, ExactCover, Langford, LangfordSequence};

use super::{all_solutions, assert_round_trip, checks};

fn sequences(n: usize, up_to_reversal: bool) -> (BTreeSet<Vec<usize>>, u64) {
    let langford = if up_to_reversal {
        Langford::up_to_reversal(n)
    } else {
        Langford::new(n)
    }
    .unwrap();
    let (solutions, nodes) = all_solutions(&langford);
    for sequence in &solutions {
        checks::langford(sequence, n);
    }
    let set: BTreeSet<Vec<usize>> = solutions
        .iter()
        .map(|s: &LangfordSequence| s.values().to_vec())
        .collect();
    assert_eq!(
        set.len(),
        solutions.len(),
        "n = {n}: a sequence found twice"
    );
    (set, nodes)
}

#[test]
fn counts_up_to_reversal_and_raw() {
    // Langford pairs up to reversal (OEIS A014552): 1, 1, 26, 150, 17792 for
    // n = 3, 4, 7, 8, 11, and none when n is 1 or 2 modulo 4.
    for (n, known) in [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 0),
        (6, 0),
        (7, 26),
        (8, 150),
        (9, 0),
        (10, 0),
        (11, 17_792),
    ] {
        let (reduced, _) = sequences(n, true);
        let (raw, _) = sequences(n, false);
        assert_eq!(reduced.len(), known, "n = {n}, up to reversal");
        assert_eq!(raw.len(), 2 * known, "n = {n}, raw");
        // The reduced set holds exactly one sequence of each mirror pair.
        for sequence in &reduced {
            let reversed: Vec<usize> = sequence.iter().rev().copied().collect();
            assert!(
                !reduced.contains(&reversed),
                "n = {n}: both {sequence:?} and its reversal"
            );
            assert!(raw.contains(sequence) && raw.contains(&reversed));
        }
    }
}

#[test]
fn search_tree_matches_knuths_figures() {
    assert_eq!(sequences(7, false).1, 607);
    assert_eq!(sequences(8, false).1, 2789);
}

#[test]
fn the_smallest_sequence_and_its_names() {
    let langford = Langford::up_to_reversal(3).unwrap();
    let (solutions, _) = all_solutions(&langford);
    assert_eq!(solutions.len(), 1);
    assert_eq!(solutions[0].to_string(), "3 1 2 1 3 2");
    assert_eq!(langford.restricted_value(), Some(3));
    assert_eq!(
        Langford::up_to_reversal(8).unwrap().restricted_value(),
        Some(7)
    );
    assert_eq!(Langford::new(8).unwrap().restricted_value(), None);
    let problem = langford.problem();
    let names: Vec<&str> = problem
        .items()
        .map(|item| problem.item_name(item).unwrap())
        .collect();
    assert_eq!(
        names,
        ["v1", "v2", "v3", "s1", "s2", "s3", "s4", "s5", "s6"]
    );
    assert_round_trip(&langford);
    assert_round_trip(&Langford::new(5).unwrap());
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert!(matches!(Langford::new(0), Err(Error::OutOfRange { .. })));
    assert!(matches!(
        Langford::up_to_reversal(Langford::MAX_N + 1),
        Err(Error::OutOfRange { .. })
    ));
    assert_eq!(Langford::new(1).unwrap().count(), 0);
}
