//! Tilings with reusable pieces: domino counts against Fibonacci numbers,
//! a transfer-matrix count written here and the 8x8 figure; tromino counts
//! against the testkit's brute force; every drawn tiling checked.

use std::collections::BTreeSet;

use bumpalo::Bump;
use dancing::expert::{MemoConfig, Solver};
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

/// The least cost of tiling a `rows` x `columns` rectangle by monominoes
/// at `mono` and dominoes at `domino` each, by the transfer matrix over
/// columns in the (min, +) semiring, independent of the engine.
fn cheapest_tiling(rows: usize, columns: usize, mono: u64, domino: u64) -> u64 {
    let mut least = vec![u64::MAX; 1 << rows];
    least[0] = 0;
    for _ in 0..columns {
        let mut next = vec![u64::MAX; 1 << rows];
        for (filled, &cost) in least.iter().enumerate() {
            if cost != u64::MAX {
                fill_cheapest(rows, (mono, domino), filled, 0, 0, cost, &mut next);
            }
        }
        least = next;
    }
    least[0]
}

/// `fill_column` for [`cheapest_tiling`]: each way to fill the column from
/// `row` down, at `cost` so far, lowers `next[out]` to its cost.
fn fill_cheapest(
    rows: usize,
    prices: (u64, u64),
    filled: usize,
    row: usize,
    out: usize,
    cost: u64,
    next: &mut [u64],
) {
    if row == rows {
        next[out] = next[out].min(cost);
        return;
    }
    if filled & 1 << row != 0 {
        return fill_cheapest(rows, prices, filled, row + 1, out, cost, next);
    }
    let (mono, domino) = prices;
    fill_cheapest(rows, prices, filled, row + 1, out, cost + mono, next);
    fill_cheapest(
        rows,
        prices,
        filled,
        row + 1,
        out | 1 << row,
        cost + domino,
        next,
    );
    if row + 1 < rows && filled & 1 << (row + 1) == 0 {
        fill_cheapest(rows, prices, filled, row + 2, out, cost + domino, next);
    }
}

#[test]
fn the_cheapest_priced_tiling_is_the_transfer_matrix_one() {
    use std::ops::ControlFlow;

    use dancing::expert::{Budget, MinCostSolver};
    use dancing::random::SplitMix64;
    use dancing_problems::polyomino::pieces_from_picture;

    let mut random = SplitMix64::new(3);
    for round in 0..40 {
        let (rows, columns) = (1 + random.below(4), 1 + random.below(5));
        let (mono, domino) = (random.below(10) as u64, random.below(10) as u64);
        let shapes = pieces_from_picture("M.DD").unwrap();
        // The pieces come in the order of their names.
        let prices: Vec<u64> = shapes
            .iter()
            .map(|shape| if shape.len() == 1 { mono } else { domino })
            .collect();
        let board = Board::rectangle(rows, columns).unwrap();
        let tilings = Tilings::priced(board, shapes, &prices).unwrap();
        let expected = cheapest_tiling(rows, columns, mono, domino);
        let mut solver = MinCostSolver::new(tilings.problem()).unwrap();
        let threads = 1 + round % 2;
        let outcome =
            solver.search_threads(2, threads, Budget::new(), |_| ControlFlow::Continue(()));
        let best = &outcome.best[0];
        assert_eq!(best.cost, expected, "{rows}x{columns} at {prices:?}");
        // Its cost is that of its shapes, and it tiles the board.
        let priced: u64 = best
            .options
            .iter()
            .map(|&o| prices[tilings.shape_of(o)])
            .sum();
        assert_eq!(priced, best.cost);
        let layout = tilings.decode(&best.options);
        let covered: usize = layout.tiles().iter().map(Vec::len).sum();
        assert_eq!(covered, rows * columns);
    }
    let shapes = pieces_from_picture("M.DD").unwrap();
    let board = Board::rectangle(2, 2).unwrap();
    assert!(Tilings::priced(board.clone(), shapes.clone(), &[1]).is_err());
    assert!(Tilings::priced(board, shapes, &[1, u64::MAX]).is_err());
}
