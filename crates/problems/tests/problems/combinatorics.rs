//! Set partitions and perfect matchings.

use std::collections::HashSet;

use dancing_problems::{Error, ExactCover, PerfectMatchings, SetPartitions};

use super::{all_solutions, assert_round_trip, checks};

#[test]
fn set_partitions_are_counted_by_the_bell_numbers() {
    for (n, bell) in [
        (1, 1),
        (2, 2),
        (3, 5),
        (4, 15),
        (5, 52),
        (6, 203),
        (7, 877),
        (8, 4140),
    ] {
        let partitions = SetPartitions::new(n).unwrap();
        let (solutions, nodes) = all_solutions(&partitions);
        assert_eq!(solutions.len(), bell, "n = {n}");
        for partition in &solutions {
            checks::partition(partition, n);
        }
        assert_eq!(solutions.iter().collect::<HashSet<_>>().len(), bell);
        if n == 8 {
            assert_eq!(nodes, 8280, "DLX1's nodes on partitions8.dlx");
        }
    }
    let partitions = SetPartitions::new(3).unwrap();
    let (solutions, _) = all_solutions(&partitions);
    let written: Vec<String> = solutions.iter().map(ToString::to_string).collect();
    assert!(written.contains(&"{0,2} {1}".to_owned()), "{written:?}");
    assert_round_trip(&partitions);
}

#[test]
fn perfect_matchings_are_counted_by_double_factorials() {
    for (points, known) in [
        (1, 0),
        (2, 1),
        (3, 0),
        (4, 3),
        (6, 15),
        (8, 105),
        (9, 0),
        (10, 945),
        (12, 10_395),
    ] {
        let matchings = PerfectMatchings::new(points).unwrap();
        let (solutions, nodes) = all_solutions(&matchings);
        assert_eq!(solutions.len(), known, "{points} points");
        for matching in &solutions {
            checks::matching(matching, points);
        }
        assert_eq!(solutions.iter().collect::<HashSet<_>>().len(), known);
        if points == 12 {
            assert_eq!(nodes, 25_059, "DLX1's nodes on matchings12.dlx");
        }
    }
    let matchings = PerfectMatchings::new(4).unwrap();
    let (solutions, _) = all_solutions(&matchings);
    let written: Vec<String> = solutions.iter().map(ToString::to_string).collect();
    assert_eq!(written, ["0-1 2-3", "0-2 1-3", "0-3 1-2"]);
    assert_eq!(matchings.describe(), "perfect matchings of K_4");
    assert_round_trip(&matchings);
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert!(matches!(
        SetPartitions::new(0),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        SetPartitions::new(17),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        PerfectMatchings::new(0),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        PerfectMatchings::new(1001),
        Err(Error::OutOfRange { .. })
    ));
}
