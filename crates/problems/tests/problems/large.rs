//! Known counts too slow for every test run (`cargo test -- --ignored`).

use dancing_problems::ExactCover;
use dancing_problems::polyomino::{Board, Packing, pentominoes};

use super::polyomino::checked_layouts;

fn pentominoes_up_to_symmetry(rows: usize, columns: usize) -> usize {
    let packing =
        Packing::up_to_symmetry(Board::rectangle(rows, columns).unwrap(), pentominoes()).unwrap();
    checked_layouts(&packing).0.len()
}

#[test]
#[ignore = "several seconds"]
fn pentominoes_6x10_has_2339_solutions_up_to_symmetry() {
    assert_eq!(pentominoes_up_to_symmetry(6, 10), 2339);
}

#[test]
#[ignore = "several seconds"]
fn pentominoes_5x12_has_1010_solutions_up_to_symmetry() {
    assert_eq!(pentominoes_up_to_symmetry(5, 12), 1010);
}

#[test]
#[ignore = "several seconds"]
fn pentominoes_4x15_has_368_solutions_up_to_symmetry() {
    assert_eq!(pentominoes_up_to_symmetry(4, 15), 368);
}

#[test]
#[ignore = "several seconds"]
fn pentominoes_6x10_has_9356_solutions_in_all() {
    let packing = Packing::new(Board::rectangle(6, 10).unwrap(), pentominoes()).unwrap();
    assert_eq!(packing.count(), 9356);
}
