//! Helpers shared by the tests.

use dancing_sudoku::Grid;

/// An independent check that `solution` solves `puzzle`: written here from
/// the rules, not with the crate's `Grid::solves`, so that a bug there
/// cannot hide one in a solver.
pub fn assert_solves(solution: &Grid, puzzle: &Grid) {
    let shape = puzzle.shape();
    let n = shape.size();
    assert_eq!(solution.shape(), shape, "shape of the solution of {puzzle}");
    let cells = solution.cells();
    for (k, (&s, &p)) in cells.iter().zip(puzzle.cells()).enumerate() {
        assert!(
            s >= 1 && s as usize <= n,
            "cell {k} of {solution} is not a digit"
        );
        assert!(
            p == 0 || p == s,
            "cell {k}: the given {p} became {s} in {solution}"
        );
    }
    let full: Vec<u8> = (1..=n as u8).collect();
    for unit in 0..n {
        let mut row: Vec<u8> = (0..n).map(|c| cells[unit * n + c]).collect();
        let mut col: Vec<u8> = (0..n).map(|r| cells[r * n + unit]).collect();
        let (top, left) = (
            (unit / (n / shape.box_cols())) * shape.box_rows(),
            (unit % (n / shape.box_cols())) * shape.box_cols(),
        );
        let mut boxed: Vec<u8> = (0..n)
            .map(|k| cells[(top + k / shape.box_cols()) * n + left + k % shape.box_cols()])
            .collect();
        for (name, digits) in [("row", &mut row), ("column", &mut col), ("box", &mut boxed)] {
            digits.sort_unstable();
            assert_eq!(
                digits, &full,
                "{name} {unit} of {solution} is not a permutation"
            );
        }
    }
}

/// A grid from a line, panicking on bad text (test data only).
pub fn grid(line: &str) -> Grid {
    line.parse().unwrap_or_else(|e| panic!("{line}: {e}"))
}
