//! Latin squares and Sudoku grids.

use std::collections::HashSet;

use dancing_problems::{Error, ExactCover, LatinSquares, SudokuGrids, SymbolGrid};

use super::{all_solutions, assert_round_trip, checks};

fn checked_grids<P: ExactCover<Solution = SymbolGrid>>(
    generator: &P,
    n: usize,
    boxes: Option<(usize, usize)>,
) -> (usize, u64) {
    let (grids, nodes) = all_solutions(generator);
    for grid in &grids {
        checks::symbol_grid(grid, n, boxes);
    }
    let distinct: HashSet<&SymbolGrid> = grids.iter().collect();
    assert_eq!(distinct.len(), grids.len());
    (grids.len(), nodes)
}

#[test]
fn latin_squares_of_orders_1_to_5() {
    // OEIS A002860.
    for (n, known) in [(1, 1), (2, 2), (3, 12), (4, 576), (5, 161_280)] {
        let latin = LatinSquares::new(n).unwrap();
        assert_eq!(checked_grids(&latin, n, None).0, known, "order {n}");
    }
    let (_, nodes) = checked_grids(&LatinSquares::new(4).unwrap(), 4, None);
    assert_eq!(nodes, 4745, "DLX1's nodes on latin4.dlx");
}

#[test]
fn sudoku_grids_with_2x2_boxes() {
    let grids = SudokuGrids::new(2, 2).unwrap();
    let (count, nodes) = checked_grids(&grids, 4, Some((2, 2)));
    assert_eq!(count, 288);
    assert_eq!(nodes, 2157, "DLX1's nodes on sudoku4x4_grids.dlx");
    assert_round_trip(&grids);
    assert_eq!(grids.describe(), "all 4x4 Sudoku grids, boxes 2x2");
}

#[test]
fn boxes_of_one_row_add_nothing_to_latin_squares() {
    // With 1 x n boxes, a box is a row: the Latin squares again.
    for n in 1..=4 {
        let latin = checked_grids(&LatinSquares::new(n).unwrap(), n, None).0;
        assert_eq!(
            checked_grids(&SudokuGrids::new(1, n).unwrap(), n, Some((1, n))).0,
            latin
        );
        assert_eq!(
            checked_grids(&SudokuGrids::new(n, 1).unwrap(), n, Some((n, 1))).0,
            latin
        );
    }
}

#[test]
fn pictures_and_names() {
    let grids = SudokuGrids::new(2, 2).unwrap();
    let (solutions, _) = all_solutions(&grids);
    assert_eq!(
        solutions[0].to_string(),
        "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
    );
    let latin = LatinSquares::new(3).unwrap();
    let (solutions, _) = all_solutions(&latin);
    assert_eq!(solutions[0].to_string(), "1 2 3\n2 3 1\n3 1 2\n");
    let problem = grids.problem();
    let option: Vec<&str> = problem
        .option(dancing::OptionId::new(9))
        .iter()
        .map(|&i| problem.item_name(i).unwrap())
        .collect();
    assert_eq!(option, ["p0x2", "r0x1", "c2x1", "b1x1"]);
    assert_round_trip(&latin);
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert!(matches!(
        LatinSquares::new(0),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        LatinSquares::new(101),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        SudokuGrids::new(0, 3),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        SudokuGrids::new(11, 10),
        Err(Error::OutOfRange { .. })
    ));
    assert!(SudokuGrids::new(10, 10).is_ok());
}
