//! Independent checkers: each states a problem's rules directly, without the
//! exact-cover formulation.

use std::collections::{BTreeSet, HashSet};

use dancing_problems::polyomino::{Board, Cell, Piece, Tiling};
use dancing_problems::{LangfordSequence, Matching, QueensBoard, SetPartition, SymbolGrid};

/// n queens, one per row and column, no two on a diagonal.
pub fn queens(board: &QueensBoard, n: usize) {
    let columns = board.columns();
    assert_eq!(columns.len(), n);
    let distinct: HashSet<usize> = columns.iter().copied().collect();
    assert_eq!(distinct.len(), n, "two queens share a column: {columns:?}");
    assert!(columns.iter().all(|&c| c < n));
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            assert_ne!(
                columns[r1].abs_diff(columns[r2]),
                r2 - r1,
                "queens attack on a diagonal: {columns:?}"
            );
        }
    }
    // The picture shows the same queens.
    let picture = board.to_string();
    let rows: Vec<&str> = picture.lines().collect();
    assert_eq!(rows.len(), n);
    for (r, row) in rows.iter().enumerate() {
        let squares: Vec<&str> = row.split(' ').collect();
        assert_eq!(squares.len(), n);
        assert_eq!(squares.iter().position(|&s| s == "Q"), Some(columns[r]));
        assert_eq!(squares.iter().filter(|&&s| s == "Q").count(), 1);
    }
}

/// Two of each of 1..n, with k numbers between the two k's.
pub fn langford(sequence: &LangfordSequence, n: usize) {
    let values = sequence.values();
    assert_eq!(values.len(), 2 * n);
    for k in 1..=n {
        let places: Vec<usize> = (0..2 * n).filter(|&i| values[i] == k).collect();
        assert_eq!(
            places.len(),
            2,
            "{k} appears {} times in {values:?}",
            places.len()
        );
        assert_eq!(
            places[1] - places[0] - 1,
            k,
            "wrong gap for {k} in {values:?}"
        );
    }
    let written: Vec<usize> = sequence
        .to_string()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(written, values);
}

/// Every row and column holds each symbol once; with boxes, every box too.
pub fn symbol_grid(grid: &SymbolGrid, n: usize, boxes: Option<(usize, usize)>) {
    assert_eq!(grid.n(), n);
    let full: BTreeSet<usize> = (0..n).collect();
    let group = |cells: &mut dyn Iterator<Item = (usize, usize)>| -> BTreeSet<usize> {
        cells.map(|(r, c)| grid.symbol(r, c)).collect()
    };
    for i in 0..n {
        assert_eq!(group(&mut (0..n).map(|c| (i, c))), full, "row {i}:\n{grid}");
        assert_eq!(
            group(&mut (0..n).map(|r| (r, i))),
            full,
            "column {i}:\n{grid}"
        );
    }
    if let Some((box_rows, box_columns)) = boxes {
        for top in (0..n).step_by(box_rows) {
            for left in (0..n).step_by(box_columns) {
                let mut cells = (top..top + box_rows)
                    .flat_map(|r| (left..left + box_columns).map(move |c| (r, c)));
                assert_eq!(group(&mut cells), full, "box at ({top}, {left}):\n{grid}");
            }
        }
    }
}

/// Nonempty disjoint blocks whose union is 0..n.
pub fn partition(partition: &SetPartition, n: usize) {
    let mut seen = vec![false; n];
    for block in partition.blocks() {
        assert!(!block.is_empty());
        for &element in block {
            assert!(!seen[element], "{element} in two blocks: {partition}");
            seen[element] = true;
        }
    }
    assert!(
        seen.iter().all(|&s| s),
        "not every element is covered: {partition}"
    );
}

/// Disjoint pairs covering 0..n.
pub fn matching(matching: &Matching, n: usize) {
    let mut seen = vec![false; n];
    for &(a, b) in matching.pairs() {
        assert!(a < b && b < n);
        for point in [a, b] {
            assert!(!seen[point], "{point} matched twice: {matching}");
            seen[point] = true;
        }
    }
    assert!(
        seen.iter().all(|&s| s),
        "not every point is matched: {matching}"
    );
}

/// A map of the plane, `(x, y)` to `(x', y')`.
pub type SquareMap = fn(i32, i32) -> (i32, i32);

/// The eight symmetries of the square, written out again for the checker.
pub fn square_maps() -> [SquareMap; 8] {
    [
        |x, y| (x, y),
        |x, y| (y, x),
        |x, y| (-x, y),
        |x, y| (x, -y),
        |x, y| (-x, -y),
        |x, y| (-y, x),
        |x, y| (y, -x),
        |x, y| (-y, -x),
    ]
}

/// The shape of `cells` up to translation, rotation and reflection: the
/// smallest of its eight normalized images.
pub fn free_shape(cells: &[Cell]) -> Vec<(i32, i32)> {
    square_maps()
        .iter()
        .map(|map| {
            let mut image: Vec<(i32, i32)> = cells.iter().map(|c| map(c.x, c.y)).collect();
            let min_x = image.iter().map(|p| p.0).min().unwrap();
            let min_y = image.iter().map(|p| p.1).min().unwrap();
            for p in &mut image {
                *p = (p.0 - min_x, p.1 - min_y);
            }
            image.sort();
            image
        })
        .min()
        .unwrap()
}

/// Each piece once, in its own shape, on the board; together they cover
/// every cell of the board exactly once. Checks the picture too.
pub fn tiling(tiling: &Tiling, board: &Board, pieces: &[Piece]) {
    let placed = tiling.placements();
    let used: Vec<usize> = placed.iter().map(|p| p.piece).collect();
    assert_eq!(
        used,
        (0..pieces.len()).collect::<Vec<_>>(),
        "each piece exactly once"
    );
    let mut covered = HashSet::new();
    for placement in placed {
        let piece = &pieces[placement.piece];
        assert_eq!(
            free_shape(&placement.cells),
            free_shape(piece.cells()),
            "piece {} has the wrong shape",
            piece.name()
        );
        for &cell in &placement.cells {
            assert!(board.cells().contains(&cell), "{cell} is not on the board");
            assert!(covered.insert(cell), "{cell} covered twice");
        }
    }
    assert_eq!(
        covered.len(),
        board.cells().len(),
        "some cell is not covered"
    );
    // The picture: each board cell shows its piece's letter, holes a space.
    let picture = tiling.to_string();
    let rows: Vec<Vec<char>> = picture.lines().map(|row| row.chars().collect()).collect();
    for placement in placed {
        for cell in &placement.cells {
            assert_eq!(
                rows[cell.y as usize][cell.x as usize],
                tiling.symbol(placement.piece)
            );
        }
    }
    let letters = rows.iter().flatten().filter(|&&c| c != ' ').count();
    assert_eq!(letters, board.cells().len());
}

/// A tiling as plain data: each piece's cells, in piece order.
pub type Layout = Vec<Vec<(i32, i32)>>;

pub fn layout(tiling: &Tiling) -> Layout {
    tiling
        .placements()
        .iter()
        .map(|p| p.cells.iter().map(|c| (c.x, c.y)).collect())
        .collect()
}

/// A symmetry of a board, acting on layouts.
pub type LayoutMap = Box<dyn Fn(&Layout) -> Layout>;

/// The maps of the square that send `board` onto itself (computed here
/// independently of `Board::symmetries`), as functions on layouts.
pub fn board_symmetries(board: &Board) -> Vec<LayoutMap> {
    let cells: BTreeSet<(i32, i32)> = board.cells().iter().map(|c| (c.x, c.y)).collect();
    let mut result: Vec<LayoutMap> = Vec::new();
    for map in square_maps() {
        let image: Vec<(i32, i32)> = cells.iter().map(|&(x, y)| map(x, y)).collect();
        let dx =
            cells.iter().map(|p| p.0).min().unwrap() - image.iter().map(|p| p.0).min().unwrap();
        let dy =
            cells.iter().map(|p| p.1).min().unwrap() - image.iter().map(|p| p.1).min().unwrap();
        let moved: BTreeSet<(i32, i32)> = image.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
        if moved == cells {
            result.push(Box::new(move |layout: &Layout| {
                layout
                    .iter()
                    .map(|piece| {
                        let mut cells: Vec<(i32, i32)> = piece
                            .iter()
                            .map(|&(x, y)| map(x, y))
                            .map(|(x, y)| (x + dx, y + dy))
                            .collect();
                        cells.sort();
                        cells
                    })
                    .collect()
            }));
        }
    }
    result
}

/// The number of orbits of `layouts` under the board's symmetries, and
/// whether any layout is its own image under a symmetry other than the
/// identity.
pub fn orbits(layouts: &[Layout], board: &Board) -> (BTreeSet<Layout>, bool) {
    let maps = board_symmetries(board);
    let mut canonical = BTreeSet::new();
    let mut self_symmetric = false;
    for layout in layouts {
        let mut sorted = layout.clone();
        for cells in &mut sorted {
            cells.sort();
        }
        let images: Vec<Layout> = maps.iter().map(|map| map(&sorted)).collect();
        self_symmetric |= images.iter().skip(1).any(|image| *image == sorted);
        canonical.insert(images.into_iter().min().unwrap());
    }
    (canonical, self_symmetric)
}
