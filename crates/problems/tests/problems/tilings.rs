//! Tilings with reusable pieces: domino counts against Fibonacci numbers,
//! a transfer-matrix count written here and the 8x8 figure; tromino counts
//! against the testkit's brute force; every drawn tiling checked.

use std::collections::BTreeSet;

use bumpalo::Bump;
use dancing::{MemoConfig, Solver};
use dancing_problems::polyomino::Cell;
use dancing_problems::{Board, ExactCover, Tilings};
use dancing_testkit::brute;

use super::{all_solutions, assert_round_trip};

/// The domino tilings of a `rows` x `columns` rectangle by the transfer
/// matrix over columns (a bit per row: the cell is covered by a domino
/// sticking out of the column before), independent of the engine.
fn domino_tilings(rows: usize, columns: usize) -> u128 {
    let mut ways = vec![0u128; 1 << rows];
    ways[0] = 1;
    for _ in 0..columns {
        let mut next = vec![0u128; 1 << rows];
        for (filled, &count) in ways.iter().enumerate() {
            if count > 0 {
                fill_column(rows, filled, 0, 0, count, &mut next);
            }
        }
        ways = next;
    }
    ways[0]
}

/// Fills the column from `row` down, given the cells already `filled` from
/// the left, adding `count` to `next[out]` for each way (`out`: the rows
/// whose domino sticks into the next column).
fn fill_column(rows: usize, filled: usize, row: usize, out: usize, count: u128, next: &mut [u128]) {
    if row == rows {
        next[out] += count;
        return;
    }
    if filled & 1 << row != 0 {
        return fill_column(rows, filled, row + 1, out, count, next);
    }
    // A domino to the right, then a vertical one down.
    fill_column(rows, filled, row + 1, out | 1 << row, count, next);
    if row + 1 < rows && filled & 1 << (row + 1) == 0 {
        fill_column(rows, filled, row + 2, out, count, next);
    }
}

fn memo_count<P: ExactCover>(generator: &P) -> u128 {
    let bump = Bump::new();
    let mut solver = Solver::new(generator.problem(), &bump);
    solver.count_memoized(&MemoConfig::new()).unwrap().solutions
}

#[test]
fn dominoes_on_two_rows_count_fibonacci_numbers() {
    let (mut a, mut b) = (1u64, 1u64);
    for columns in 1..=20 {
        let tilings = Tilings::dominoes(Board::rectangle(2, columns).unwrap()).unwrap();
        assert_eq!(tilings.count(), b, "2x{columns}");
        (a, b) = (b, a + b);
    }
}

#[test]
fn dominoes_on_rectangles_match_the_transfer_matrix() {
    for rows in 1..=6 {
        for columns in 1..=7 {
            let tilings = Tilings::dominoes(Board::rectangle(rows, columns).unwrap()).unwrap();
            let expected = domino_tilings(rows, columns);
            assert_eq!(u128::from(tilings.count()), expected, "{rows}x{columns}");
            assert_eq!(memo_count(&tilings), expected, "{rows}x{columns} memoized");
        }
    }
}

#[test]
fn the_8x8_board_has_12988816_domino_tilings() {
    let tilings = Tilings::dominoes(Board::rectangle(8, 8).unwrap()).unwrap();
    assert_eq!(domino_tilings(8, 8), 12_988_816);
    assert_eq!(memo_count(&tilings), 12_988_816);
    // Beyond 64 bits: 16x16 has about 2.4e30 tilings.
    let big = Tilings::dominoes(Board::rectangle(16, 16).unwrap()).unwrap();
    let counted = memo_count(&big);
    assert!(counted > u128::from(u64::MAX));
    assert_eq!(counted, domino_tilings(16, 16));
}

#[test]
fn trominoes_match_brute_force_on_small_boards() {
    let boards = [
        Board::rectangle(2, 3).unwrap(),
        Board::rectangle(3, 3).unwrap(),
        Board::rectangle(2, 6).unwrap(),
        Board::rectangle(3, 4).unwrap(),
        Board::from_picture("...#/..../...").unwrap(),
    ];
    for board in boards {
        let tilings = Tilings::trominoes(board.clone()).unwrap();
        let expected = brute::count(tilings.problem());
        assert_eq!(tilings.count(), expected, "{board}");
        assert_eq!(memo_count(&tilings), u128::from(expected), "{board}");
    }
    assert_eq!(
        Tilings::trominoes(Board::rectangle(2, 3).unwrap())
            .unwrap()
            .count(),
        3
    );
}

/// Every drawn tiling covers the board once with congruent copies of the
/// shapes, and neighbouring tiles are drawn with different letters.
#[test]
fn every_tiling_decodes_to_a_tiling_of_the_board() {
    for tilings in [
        Tilings::dominoes(Board::rectangle(4, 5).unwrap()).unwrap(),
        Tilings::trominoes(Board::rectangle(3, 6).unwrap()).unwrap(),
        Tilings::dominoes(Board::from_picture(".##./..../..../.##.").unwrap()).unwrap(),
    ] {
        assert_round_trip(&tilings);
        let (solutions, _) = all_solutions(&tilings);
        assert!(!solutions.is_empty());
        let sizes: BTreeSet<usize> = tilings.pieces().iter().map(|p| p.len()).collect();
        let mut drawings = BTreeSet::new();
        for layout in &solutions {
            let mut covered = BTreeSet::new();
            for tile in layout.tiles() {
                assert!(sizes.contains(&tile.len()));
                for &cell in tile {
                    assert!(tilings.board().contains(cell));
                    assert!(covered.insert(cell), "{cell:?} covered twice");
                }
            }
            assert_eq!(covered.len(), tilings.board().len());
            let drawing = layout.to_string();
            let grid: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
            let at = |c: Cell| grid.get(c.y as usize).and_then(|row| row.get(c.x as usize));
            for &cell in tilings.board().cells() {
                let right = Cell::new(cell.x + 1, cell.y);
                let below = Cell::new(cell.x, cell.y + 1);
                for other in [right, below] {
                    if tilings.board().contains(other) {
                        let same_tile = layout.tile_at(cell) == layout.tile_at(other);
                        assert_eq!(at(cell) == at(other), same_tile, "{drawing}");
                    }
                }
            }
            assert!(drawings.insert(drawing), "two solutions drew alike");
        }
    }
}

#[test]
fn a_tiling_needs_a_shape() {
    let board = Board::rectangle(2, 2).unwrap();
    assert!(Tilings::new(board, Vec::new()).is_err());
}
