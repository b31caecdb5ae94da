//! The bitboard search against Dancing Links and brute force: counts to 2
//! and full counts on random puzzles of every shape and variant it takes,
//! every solution it returns verified by `Rules::check`.

use dancing_sudoku::bitboard::Bitboard;
use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Cage, Engine, Grid, Rules, Shape, SolveError, Solver};

/// The rules of every variant the bitboard takes, on `shape`.
fn rules_of(shape: Shape, generator: &mut Generator) -> Vec<Rules> {
    let classic = Rules::classic(shape);
    let jigsaw = classic
        .clone()
        .with_regions(generator.region_map(shape))
        .expect("a generated region map");
    vec![
        classic.clone(),
        classic.clone().with_diagonals(),
        classic.clone().with_windows(),
        classic.with_diagonals().with_windows(),
        jigsaw.clone(),
        jigsaw.with_diagonals(),
    ]
}

/// `solution` with about `keep` cells in 1,000 still given.
fn blank_out(solution: &Grid, keep: usize, generator: &mut Generator) -> Grid {
    let mut puzzle = solution.clone();
    let n = solution.size();
    for cell in 0..n * n {
        if generator.below(1000) >= keep {
            puzzle.set(cell / n, cell % n, None);
        }
    }
    puzzle
}

#[test]
fn counts_agree_with_dancing_links_on_every_shape_and_variant() {
    let mut generator = Generator::new(1414);
    let mut dlx = Solver::new(Engine::Dlx);
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for (rows, cols) in [
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 3),
        (2, 5),
        (1, 5),
        (1, 7),
        (3, 1),
        (1, 11),
        (1, 1),
    ] {
        let shape = Shape::new(rows, cols).unwrap();
        for rules in rules_of(shape, &mut generator) {
            let board = Bitboard::new(&rules).expect("at most 128 cells, no cages");
            // Region maps may have no grid: then puzzles of random givens.
            let solution = generator.solution_with(&rules, Some(4));
            for k in 0..12 {
                let puzzle = match &solution {
                    Some(solution) => blank_out(solution, 250 + 40 * k, &mut generator),
                    None => generator.puzzle(shape, shape.cell_count() / 4),
                };
                for limit in [1, 2, 1_000] {
                    let mut found = Grid::new(shape);
                    let count = board.count(&puzzle, limit, &mut found);
                    // Givens that clash have no solution (DLX says so
                    // before it searches).
                    let expected = match dlx.count_with(&rules, &puzzle, limit) {
                        Err(SolveError::Contradiction(_)) => 0,
                        counted => counted.unwrap(),
                    };
                    assert_eq!(count, expected, "{rules:?} {puzzle} to {limit}");
                    if count > 0 {
                        rules.check(&found, &puzzle).unwrap();
                    }
                    if limit == 2 {
                        match count {
                            0 => none += 1,
                            1 => unique += 1,
                            _ => several += 1,
                        }
                    }
                }
            }
        }
    }
    assert!(
        unique > 20 && several > 20 && none > 5,
        "{unique} {several} {none}"
    );
}

/// Every 4x4 grid of each variant, by brute force over all fillings.
#[test]
fn full_counts_of_empty_4x4_grids_agree_with_brute_force() {
    let four = Shape::new(2, 2).unwrap();
    for rules in [
        Rules::classic(four),
        Rules::classic(four).with_diagonals(),
        Rules::classic(four).with_windows(),
    ] {
        let units: Vec<Vec<usize>> = rules.units().into_iter().map(|(_, cells)| cells).collect();
        let mut cells = [0u8; 16];
        let expected = brute_force(&units, &mut cells, 0);
        let board = Bitboard::new(&rules).unwrap();
        let mut found = Grid::new(four);
        let count = board.count(&Grid::new(four), 10_000, &mut found);
        assert_eq!(count, expected, "{:?}", rules.variant());
        rules.check(&found, &Grid::new(four)).unwrap();
    }
}

/// Fillings of `cells` from `at` on that repeat no digit in a unit.
fn brute_force(units: &[Vec<usize>], cells: &mut [u8; 16], at: usize) -> u64 {
    if at == 16 {
        return 1;
    }
    (1..=4)
        .map(|digit| {
            cells[at] = digit;
            let fits = units.iter().filter(|unit| unit.contains(&at)).all(|unit| {
                unit.iter()
                    .filter(|&&cell| cell <= at && cells[cell] == digit)
                    .count()
                    == 1
            });
            if fits {
                brute_force(units, cells, at + 1)
            } else {
                0
            }
        })
        .sum()
}

/// The questions the generator asks: a solution of the puzzle with one
/// cell's digit excluded, or another fixed, agrees with a count of the
/// puzzle with that cell given each other digit in turn.
#[test]
fn excluded_and_placed_digits_agree_with_counts_of_each_other_digit() {
    let mut generator = Generator::new(77);
    let rules = Rules::classic(Shape::CLASSIC);
    let board = Bitboard::new(&rules).unwrap();
    let mut dlx = Solver::new(Engine::Dlx);
    let mut found = Grid::new(Shape::CLASSIC);
    let (mut yes, mut no) = (0, 0);
    for _ in 0..20 {
        let puzzle = generator.puzzle(Shape::CLASSIC, 26);
        let blank = (0..81).find(|&cell| puzzle.cells()[cell] == 0).unwrap();
        let solution = dlx.solve(&puzzle).unwrap().unwrap();
        let held = solution.cells()[blank];
        let mut position = board.position(&puzzle);
        board.exclude(&mut position, blank, held);
        let mut other = 0;
        for digit in (1..=9).filter(|&digit| digit != held) {
            let mut with = puzzle.clone();
            with.set(blank / 9, blank % 9, Some(digit));
            if with.conflicts().is_empty() {
                other += dlx.count_with(&rules, &with, 1).unwrap();
            }
        }
        assert_eq!(board.has_solution(&position), other > 0, "{puzzle}");
        if board.count_from(&position, 1, &mut found) == 1 {
            assert_ne!(found.cells()[blank], held);
            rules.check(&found, &puzzle).unwrap();
            yes += 1;
        } else {
            no += 1;
        }
        let mut fixed = board.position(&puzzle);
        assert!(board.place(&mut fixed, blank, held));
        assert!(board.has_solution(&fixed));
    }
    assert!(yes > 0 && no > 0, "{yes} {no}");
}

#[test]
fn givens_that_clash_have_no_solution() {
    let shape = Shape::CLASSIC;
    let board = Bitboard::new(&Rules::classic(shape)).unwrap();
    let mut puzzle = Grid::new(shape);
    puzzle.set(0, 0, Some(5));
    puzzle.set(4, 0, Some(5));
    assert_eq!(board.count(&puzzle, 2, &mut Grid::new(shape)), 0);
    let mut position = board.position(&Grid::new(shape));
    assert!(board.place(&mut position, 0, 5));
    assert!(!board.place(&mut position, 8, 5), "a peer of the 5");
}

#[test]
fn larger_grids_and_cages_are_left_to_dancing_links() {
    assert!(Bitboard::new(&Rules::classic(Shape::new(3, 4).unwrap())).is_none());
    assert!(Bitboard::new(&Rules::classic(Shape::new(2, 5).unwrap())).is_some());
    let cage = Cage {
        cells: vec![0, 1],
        sum: 3,
    };
    let killer = Rules::classic(Shape::new(2, 2).unwrap()).with_cages(vec![cage]);
    assert!(Bitboard::new(&killer.unwrap()).is_none());
}
