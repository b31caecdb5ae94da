//! The exact-cover text: Knuth's item names, one option per given, pruned
//! candidates, and solutions that decode back into the grid, read through
//! the engine's own parser and decoded here from the names alone.

use std::collections::HashSet;

use bumpalo::Bump;
use dancing::format;
use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Shape, Solver, to_dlx};

use super::common::{assert_solves, grid};
use dancing::expert::Search;

/// Decodes a solution of the DLX text from its item names: each option's
/// `pRC` and `rRD` give a cell and its digit.
fn decode_by_names(problem: &dancing::Problem, options: &[dancing::OptionId]) -> Grid {
    let mut solved = Grid::default();
    for &option in options {
        let names: Vec<&str> = problem
            .option(option)
            .iter()
            .map(|&item| problem.item_name(item).unwrap())
            .collect();
        let cell = names
            .iter()
            .find(|name| name.starts_with('p'))
            .unwrap()
            .as_bytes();
        let row_digit = names
            .iter()
            .find(|name| name.starts_with('r'))
            .unwrap()
            .as_bytes();
        let (row, col) = ((cell[1] - b'0') as usize, (cell[2] - b'0') as usize);
        assert_eq!(row_digit[1] - b'0', row as u8, "one option, one row");
        solved.set(row, col, Some(row_digit[2] - b'0'));
    }
    solved
}

/// The candidates of a cell, computed here by brute force.
fn candidates(puzzle: &Grid, row: usize, col: usize) -> Vec<u8> {
    (1..=9)
        .filter(|&d| {
            (0..9).all(|k| puzzle.get(row, k) != Some(d) && puzzle.get(k, col) != Some(d))
                && (0..9)
                    .all(|k| puzzle.get(3 * (row / 3) + k / 3, 3 * (col / 3) + k % 3) != Some(d))
        })
        .collect()
}

#[test]
fn items_are_named_as_knuths_generator_names_them() {
    let text = to_dlx(&Grid::default()).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(format!("| sudoku {}", ".".repeat(81)).as_str())
    );
    let items: Vec<&str> = lines.next().unwrap().split(' ').collect();
    // The cells first, along the wrapped diagonals (cell 10k mod 81 for
    // k = 0, 1, ...: p00 p11 ... p88 p10 p21 ...), then the units in order.
    let mut expected: Vec<String> = (0..81)
        .map(|k| {
            let cell = 10 * k % 81;
            format!("p{}{}", cell / 9, cell % 9)
        })
        .collect();
    assert_eq!(expected[..3], ["p00", "p11", "p22"]);
    assert_eq!(expected[9..11], ["p10", "p21"]);
    let mut sorted = expected.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 81, "every cell once");
    for kind in ['r', 'c', 'b'] {
        for unit in 0..9 {
            for k in 0..9 {
                expected.push(format!("{kind}{unit}{}", k + 1));
            }
        }
    }
    assert_eq!(items, expected);
    assert_eq!(lines.count(), 729, "every placement of an empty grid");
}

#[test]
fn options_are_givens_and_pruned_candidates_and_decode_to_the_solution() {
    let mut generator = Generator::new(17);
    let mut puzzles: Vec<Grid> = vec![
        grid(".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."),
        grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
    ];
    puzzles.extend((0..10).map(|_| generator.unique_puzzle(Shape::CLASSIC, 0)));
    let mut dlx = Solver::new(Engine::Dlx);
    for puzzle in &puzzles {
        let text = to_dlx(puzzle).unwrap();
        let problem = format::read_str(&text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .problem;
        assert_eq!((problem.item_count(), problem.primary_count()), (324, 324));

        // One option per given, one per candidate of each empty cell, each
        // `pRC rRD cCD bBD` with matching coordinates.
        let mut expected = HashSet::new();
        for row in 0..9 {
            for col in 0..9 {
                let digits = match puzzle.get(row, col) {
                    Some(given) => vec![given],
                    None => candidates(puzzle, row, col),
                };
                for d in digits {
                    let b = 3 * (row / 3) + col / 3;
                    expected.insert(format!("p{row}{col} r{row}{d} c{col}{d} b{b}{d}"));
                }
            }
        }
        let options: HashSet<String> = text.lines().skip(2).map(str::to_owned).collect();
        assert_eq!(options.len(), text.lines().count() - 2, "no option twice");
        assert_eq!(options, expected, "{puzzle}");

        // Solved by the engine alone, decoded from the names.
        let bump = Bump::new();
        let mut engine = dancing::expert::Solver::new(&problem, &bump);
        let solutions = engine.collect(2);
        assert_eq!(solutions.len(), 1, "{puzzle} is unique");
        assert_eq!(solutions[0].len(), 81, "one option per cell");
        let decoded = decode_by_names(&problem, &solutions[0]);
        assert_solves(&decoded, puzzle);
        assert_eq!(Some(decoded), dlx.solve(puzzle).unwrap());
    }
}

#[test]
fn larger_grids_name_coordinates_with_letters() {
    let shape = Shape::new(4, 4).unwrap();
    let text = to_dlx(&Grid::new(shape)).unwrap();
    let items: Vec<&str> = text.lines().nth(1).unwrap().split(' ').collect();
    assert_eq!(items.len(), 4 * 256);
    // Cells along the wrapped diagonals: item k is cell 17k mod 256.
    assert_eq!(items[..3], ["p00", "p11", "p22"]);
    assert_eq!(items[16], "p10");
    assert_eq!(items[255], "pEF");
    assert_eq!(items[256], "r01");
    assert_eq!(items[256 + 15], "r0G");
    let problem = format::read_str(&text).unwrap().problem;
    assert_eq!(problem.option_count(), 16 * 16 * 16);
}
