//! Every size and every variant, checked from outside: solutions are
//! verified by a checker written here (not the crate's), counts are
//! compared with a brute-force enumerator written here, and the named exact
//! cover agrees with the solver.

use dancing::expert::ExactCover;
use dancing::expert::Search;
use dancing_sudoku::exact_cover::SudokuCover;
use dancing_sudoku::generate::{Generator, RateError};
use dancing_sudoku::{Cage, Engine, Grid, Rules, Shape, SolveError, Solver};

/// The units of a puzzle, computed here from first principles: every set of
/// cells that must hold each digit once.
fn units(shape: Shape, diagonals: bool, windows: bool, regions: Option<&[u8]>) -> Vec<Vec<usize>> {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let mut units: Vec<Vec<usize>> = Vec::new();
    for k in 0..n {
        units.push((0..n).map(|c| k * n + c).collect());
        units.push((0..n).map(|r| r * n + k).collect());
    }
    match regions {
        Some(regions) => {
            for region in 0..n as u8 {
                units.push((0..n * n).filter(|&cell| regions[cell] == region).collect());
            }
        }
        None => {
            for top in (0..n).step_by(br) {
                for left in (0..n).step_by(bc) {
                    units.push(
                        (0..n * n)
                            .filter(|&cell| {
                                (top..top + br).contains(&(cell / n))
                                    && (left..left + bc).contains(&(cell % n))
                            })
                            .collect(),
                    );
                }
            }
        }
    }
    if diagonals {
        units.push((0..n).map(|k| k * n + k).collect());
        units.push((0..n).map(|k| k * n + n - 1 - k).collect());
    }
    if windows {
        // Box-sized windows whose top left corners are 1, br + 2, ... (and
        // likewise across) while they stay off the last row and column.
        let tops: Vec<usize> = (1..n).step_by(br + 1).filter(|&t| t + br < n).collect();
        let lefts: Vec<usize> = (1..n).step_by(bc + 1).filter(|&l| l + bc < n).collect();
        for &top in &tops {
            for &left in &lefts {
                units.push(
                    (0..n * n)
                        .filter(|&cell| {
                            (top..top + br).contains(&(cell / n))
                                && (left..left + bc).contains(&(cell % n))
                        })
                        .collect(),
                );
            }
        }
    }
    units
}

/// A variant puzzle as this file sees it.
struct Case {
    shape: Shape,
    units: Vec<Vec<usize>>,
    cages: Vec<Cage>,
}

impl Case {
    fn new(rules: &Rules, diagonals: bool, windows: bool) -> Case {
        Case {
            shape: rules.shape(),
            units: units(rules.shape(), diagonals, windows, rules.regions()),
            cages: rules.cages().to_vec(),
        }
    }

    /// Whether `grid` breaks no rule so far (empty cells allowed).
    fn consistent(&self, cells: &[u8]) -> bool {
        let distinct = |group: &[usize]| {
            let mut seen = vec![false; self.shape.size() + 1];
            group.iter().all(|&cell| {
                let d = cells[cell] as usize;
                d == 0 || !std::mem::replace(&mut seen[d], true)
            })
        };
        self.units.iter().all(|unit| distinct(unit))
            && self.cages.iter().all(|cage| {
                let sum: u32 = cage.cells.iter().map(|&c| u32::from(cells[c])).sum();
                let full = cage.cells.iter().all(|&c| cells[c] != 0);
                distinct(&cage.cells)
                    && if full {
                        sum == cage.sum
                    } else {
                        sum < cage.sum
                    }
            })
    }

    /// The verdict on a solution: complete, givens kept, every rule kept.
    fn assert_solution(&self, solution: &Grid, puzzle: &Grid) {
        assert!(solution.is_complete(), "{solution}");
        for (s, p) in solution.cells().iter().zip(puzzle.cells()) {
            assert!(
                *p == 0 || p == s,
                "a given changed: {solution} for {puzzle}"
            );
        }
        assert!(
            self.consistent(solution.cells()),
            "{solution} breaks a rule"
        );
    }

    /// Every solution of `puzzle`, counted by plain backtracking, up to `limit`.
    fn brute_force_count(&self, puzzle: &Grid, limit: u64) -> u64 {
        fn go(case: &Case, cells: &mut Vec<u8>, at: usize, limit: u64, found: &mut u64) {
            if *found >= limit {
                return;
            }
            let Some(cell) = (at..cells.len()).find(|&c| cells[c] == 0) else {
                *found += 1;
                return;
            };
            for digit in 1..=case.shape.size() as u8 {
                cells[cell] = digit;
                if case.consistent(cells) {
                    go(case, cells, cell + 1, limit, found);
                }
            }
            cells[cell] = 0;
        }
        let mut cells = puzzle.cells().to_vec();
        let mut found = 0;
        if self.consistent(&cells) {
            go(self, &mut cells, 0, limit, &mut found);
        }
        found
    }
}

/// A complete grid of any shape, by the classic pattern, relabelled and
/// with rows and columns shuffled within bands and stacks, all here.
fn pattern_solution(shape: Shape, seed: u64) -> Grid {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let mut random = Generator::new(seed);
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    random.shuffle(&mut labels);
    let mut rows: Vec<usize> = (0..n).collect();
    for band in rows.chunks_mut(br) {
        random.shuffle(band);
    }
    let mut cols: Vec<usize> = (0..n).collect();
    for stack in cols.chunks_mut(bc) {
        random.shuffle(stack);
    }
    let mut grid = Grid::new(shape);
    for (r, &row) in rows.iter().enumerate() {
        for (c, &col) in cols.iter().enumerate() {
            let value = (bc * (row % br) + row / br + col) % n;
            grid.set(r, c, Some(labels[value]));
        }
    }
    grid
}

/// `solution` with about `keep` in 1000 of its cells kept.
fn blank_out(solution: &Grid, keep: u64, seed: u64) -> Grid {
    let mut random = Generator::new(seed);
    let mut puzzle = solution.clone();
    let n = solution.size();
    for cell in 0..n * n {
        if random.next_u64() % 1000 >= keep {
            puzzle.set(cell / n, cell % n, None);
        }
    }
    puzzle
}

#[test]
fn every_size_from_4_to_64_is_solved_and_verified() {
    let mut solver = Solver::new(Engine::Dlx);
    for (rows, cols) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 4),
        (2, 7),
        (5, 5),
        (6, 6),
        (7, 7),
        (8, 8),
    ] {
        let shape = Shape::new(rows, cols).unwrap();
        let case = Case::new(&Rules::classic(shape), false, false);
        let full = pattern_solution(shape, rows as u64 * 100 + cols as u64);
        case.assert_solution(&full, &Grid::new(shape));
        // Large grids keep more clues, so that the search stays short.
        let keep = if shape.size() >= 25 { 700 } else { 450 };
        for seed in 0..3 {
            let puzzle = blank_out(&full, keep, seed);
            let solution = solver
                .solve(&puzzle)
                .unwrap()
                .unwrap_or_else(|| panic!("{shape}: no solution for {puzzle}"));
            case.assert_solution(&solution, &puzzle);
        }
        // A second given of a digit in a row is a contradiction, named.
        let mut broken = Grid::new(shape);
        let n = shape.size() as u8;
        broken.set(0, 0, Some(n));
        broken.set(0, shape.size() - 1, Some(n));
        assert!(matches!(
            solver.solve(&broken),
            Err(SolveError::Contradiction(_))
        ));
    }
}

#[test]
fn the_depth_first_engines_refuse_other_sizes_and_variants_by_name() {
    let six = Grid::new(Shape::new(2, 3).unwrap());
    let x = Rules::classic(Shape::CLASSIC).with_diagonals();
    for engine in Engine::ALL.into_iter().filter(|&e| e != Engine::Dlx) {
        let mut solver = Solver::new(engine);
        if engine.supports(six.shape()) {
            // The bitmask engine takes every size.
            assert!(solver.solve(&six).unwrap().is_some());
        } else {
            let error = solver.solve(&six).unwrap_err().to_string();
            assert!(
                error.contains(engine.name()) && error.contains("6x6"),
                "{error}"
            );
        }
        let error = solver
            .count_with(&x, &Grid::default(), 1)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(engine.name()) && error.contains("x variant"),
            "{error}"
        );
    }
}

/// Counts of all grids of small variants, by the solver and by brute force.
#[test]
fn variant_counts_agree_with_brute_force() {
    let four = Shape::new(2, 2).unwrap();
    let mut solver = Solver::new(Engine::Dlx);
    let empty = Grid::new(four);
    for (rules, diagonals, windows) in [
        (Rules::classic(four), false, false),
        (Rules::classic(four).with_diagonals(), true, false),
        (Rules::classic(four).with_windows(), false, true),
        (
            Rules::classic(four).with_diagonals().with_windows(),
            true,
            true,
        ),
    ] {
        let case = Case::new(&rules, diagonals, windows);
        let expected = case.brute_force_count(&empty, 1_000);
        assert_eq!(
            solver.count_with(&rules, &empty, 1_000).unwrap(),
            expected,
            "{:?}",
            rules.variant()
        );
    }
    // 288 4x4 grids, 48 of them X-Sudoku (both counts known).
    assert_eq!(
        solver
            .count_with(&Rules::classic(four), &empty, 1_000)
            .unwrap(),
        288
    );

    // Jigsaw and killer on 6x6 and 4x4 puzzles made from a solution.
    let six = Shape::new(2, 3).unwrap();
    for seed in 0..6 {
        let solution = pattern_solution(six, seed);
        let regions = jigsaw_regions(&solution, seed);
        let rules = Rules::classic(six).with_regions(regions).unwrap();
        let case = Case::new(&rules, false, false);
        case.assert_solution(&solution, &Grid::new(six));
        let puzzle = blank_out(&solution, 350, seed);
        assert_eq!(
            solver.count_with(&rules, &puzzle, 50).unwrap(),
            case.brute_force_count(&puzzle, 50),
            "jigsaw {puzzle}"
        );

        let killer = pattern_solution(four, seed);
        let cages = domino_cages(&killer);
        let rules = Rules::classic(four).with_cages(cages).unwrap();
        let case = Case::new(&rules, false, false);
        let puzzle = blank_out(&killer, 150, seed);
        assert_eq!(
            solver.count_with(&rules, &puzzle, 50).unwrap(),
            case.brute_force_count(&puzzle, 50),
            "killer {puzzle}"
        );
        let x_killer = rules.clone().with_diagonals();
        let case = Case::new(&x_killer, true, false);
        assert_eq!(
            solver.count_with(&x_killer, &Grid::new(four), 50).unwrap(),
            case.brute_force_count(&Grid::new(four), 50),
            "x+killer"
        );
    }
}

/// Regions of a jigsaw that `solution` solves: boxes, with cells traded
/// between neighbouring regions when they hold the same digit.
fn jigsaw_regions(solution: &Grid, seed: u64) -> Vec<u8> {
    let shape = solution.shape();
    let n = shape.size();
    let mut regions: Vec<u8> = (0..n * n)
        .map(|cell| shape.box_of(cell / n, cell % n) as u8)
        .collect();
    let mut random = Generator::new(seed);
    for _ in 0..200 {
        let a = random.below(n * n);
        let b = random.below(n * n);
        if regions[a] != regions[b] && solution.cells()[a] == solution.cells()[b] {
            regions.swap(a, b);
        }
    }
    regions
}

/// Cages of two cells side by side (and one cell at odd ends), with the
/// sums of `solution`.
fn domino_cages(solution: &Grid) -> Vec<Cage> {
    let n = solution.size();
    let mut cages = Vec::new();
    for row in 0..n {
        for left in (0..n).step_by(2) {
            let cells: Vec<usize> = (left..(left + 2).min(n)).map(|c| row * n + c).collect();
            let sum = cells.iter().map(|&c| u32::from(solution.cells()[c])).sum();
            cages.push(Cage { cells, sum });
        }
    }
    cages
}

#[test]
fn variant_puzzles_of_9x9_are_solved_verified_and_match_the_named_cover() {
    let mut solver = Solver::new(Engine::Dlx);
    let nine = Shape::CLASSIC;
    for seed in 0..4 {
        let solution = pattern_solution(nine, seed + 40);
        let regions = jigsaw_regions(&solution, seed);
        let killer = domino_cages(&solution);
        for (rules, diagonals, windows) in [
            (
                Rules::classic(nine).with_regions(regions.clone()).unwrap(),
                false,
                false,
            ),
            (
                Rules::classic(nine).with_cages(killer.clone()).unwrap(),
                false,
                false,
            ),
            (
                Rules::classic(nine)
                    .with_regions(regions.clone())
                    .unwrap()
                    .with_cages(killer.clone())
                    .unwrap(),
                false,
                false,
            ),
        ] {
            let case = Case::new(&rules, diagonals, windows);
            let puzzle = blank_out(&solution, 450, seed);
            let mut found = Grid::new(nine);
            let outcome = solver.search_with(&rules, &puzzle, 2, &mut found).unwrap();
            assert!(outcome.solutions >= 1, "{:?} {puzzle}", rules.variant());
            case.assert_solution(&found, &puzzle);
            assert_eq!(rules.check(&found, &puzzle), Ok(()));

            // The named problem has the same solutions (up to 2).
            let cover = SudokuCover::with_rules(&puzzle, &rules).unwrap();
            let bump = bumpalo::Bump::new();
            let all = dancing::expert::Solver::new(cover.problem(), &bump).collect(2);
            assert_eq!(all.len() as u64, outcome.solutions);
            for options in &all {
                case.assert_solution(&cover.decode(options), &puzzle);
            }
        }
    }
    // X and hyper grids from an empty puzzle: a solution that keeps the
    // extra units, verified here.
    for (rules, diagonals, windows) in [
        (Rules::classic(nine).with_diagonals(), true, false),
        (Rules::classic(nine).with_windows(), false, true),
        (
            Rules::classic(Shape::new(2, 3).unwrap()).with_windows(),
            false,
            true,
        ),
    ] {
        let empty = Grid::new(rules.shape());
        let mut found = empty.clone();
        solver.search_with(&rules, &empty, 1, &mut found).unwrap();
        Case::new(&rules, diagonals, windows).assert_solution(&found, &empty);
    }
}

#[test]
fn the_independent_checker_catches_broken_rules() {
    let nine = Shape::CLASSIC;
    let solution = pattern_solution(nine, 7);
    let rules = Rules::classic(nine)
        .with_cages(domino_cages(&solution))
        .unwrap();
    assert_eq!(rules.check(&solution, &Grid::new(nine)), Ok(()));
    // Swapping two digits of a row keeps rows, breaks the column or box, and
    // the cage sums.
    let mut broken = solution.clone();
    let (a, b) = (broken.get(0, 0), broken.get(0, 4));
    broken.set(0, 0, b);
    broken.set(0, 4, a);
    assert!(rules.check(&broken, &Grid::new(nine)).is_err());
    let x = Rules::classic(nine).with_diagonals();
    let diagonal_ok = Case::new(&x, true, false).consistent(solution.cells());
    assert_eq!(x.check(&solution, &Grid::new(nine)).is_ok(), diagonal_ok);
}

#[test]
fn huge_cages_are_refused_with_their_size() {
    let nine = Shape::CLASSIC;
    let rules = Rules::classic(nine)
        .with_cages(vec![Cage {
            cells: (0..9).collect(),
            sum: 45,
        }])
        .unwrap();
    let error = Solver::new(Engine::Dlx)
        .count_with(&rules, &Grid::new(nine), 1)
        .unwrap_err();
    // Unlabelled cages are named as a written line would label them.
    assert_eq!(
        error.to_string(),
        "cage 'A' (9 cells, sum 45) has more than 100000 fillings: too large for the exact cover"
    );
}

/// A 4x4 killer puzzle read from a line whose cages are labelled `q`, `%`
/// and `B` (in that order in the map): every message names a cage by the
/// label the user wrote, not by its position.
#[test]
fn messages_name_killer_cages_by_the_labels_read() {
    use dancing_sudoku::format::{PuzzleReader, ReadOptions, puzzle_line};
    use dancing_sudoku::{Symbols, Variant};

    let read = |line: &str| {
        let options = ReadOptions {
            variant: "killer".parse::<Variant>().unwrap(),
            ..ReadOptions::default()
        };
        let mut reader = PuzzleReader::with_options(line.as_bytes(), None, options);
        let mut puzzle = Grid::default();
        let read = reader.read_into(&mut puzzle).expect("a puzzle");
        read.map(|_| (puzzle, reader.rules().clone()))
    };
    // Cage 'q' is r1c1 and r2c3: no row, column or box in common, so a
    // digit given in both breaks the cage alone.
    let map = "q%%...q....BB...";
    let sums = "q=3 %=7 B=5";
    let (puzzle, rules) = read(&format!("1.....1......... {map} {sums}")).unwrap();
    assert_eq!(rules.cage_labels(), Some(&b"q%B"[..]));
    let error = Solver::new(Engine::Dlx)
        .count_with(&rules, &puzzle, 2)
        .unwrap_err();
    assert!(matches!(error, SolveError::Contradiction(_)), "{error}");
    assert!(
        error
            .to_string()
            .contains("1 twice in cage 'q' (r1c1, r2c3)"),
        "{error}"
    );

    // A grid that keeps the rows, columns and boxes but not cage '%''s sum.
    let (empty, rules) = read(&format!("{} {map} {sums}", ".".repeat(16))).unwrap();
    let grid: Grid = "1234342121434312".parse().unwrap();
    let violation = rules.check(&grid, &empty).unwrap_err();
    assert_eq!(violation.to_string(), "cage '%' sums to 5, not 7");

    // A sum distinct digits cannot make, refused at its word by label.
    let error = read(&format!("{} {map} q=3 %=7 B=9", ".".repeat(16))).unwrap_err();
    assert!(
        error.to_string().contains("cage 'B' cannot sum to 9"),
        "{error}"
    );

    // Written back with the labels it was read with.
    let line = puzzle_line(&puzzle, &rules, &Symbols::default()).unwrap();
    assert_eq!(line, format!("1.....1......... {map} {sums}"));

    // Labels the cage map cannot hold, or one twice, are refused.
    let two = vec![
        Cage {
            cells: vec![0, 1],
            sum: 3,
        },
        Cage {
            cells: vec![2, 3],
            sum: 7,
        },
    ];
    let four = Shape::new(2, 2).unwrap();
    for labels in [&b"A."[..], b"AA", b"A"] {
        assert!(
            Rules::classic(four)
                .with_labelled_cages(two.clone(), labels.to_vec())
                .is_err()
        );
    }
}

#[test]
fn generated_puzzles_are_unique_minimal_and_symmetric_when_asked() {
    let mut generator = Generator::new(2024);
    let six = Shape::new(2, 3).unwrap();
    for (rules, diagonals, windows, symmetric) in [
        (Rules::classic(six), false, false, false),
        (Rules::classic(six).with_diagonals(), true, false, true),
        (
            Rules::classic(Shape::new(2, 2).unwrap()).with_windows(),
            false,
            true,
            false,
        ),
        (
            Rules::classic(Shape::CLASSIC).with_diagonals(),
            true,
            false,
            false,
        ),
    ] {
        let case = Case::new(&rules, diagonals, windows);
        let small = rules.shape().size() <= 6;
        for _ in 0..3 {
            let puzzle = generator.minimal_puzzle(&rules, symmetric).unwrap();
            // Unique, by brute force where it is cheap, else by the solver
            // with its answer verified here.
            let count = if small {
                case.brute_force_count(&puzzle, 2)
            } else {
                Solver::new(Engine::Dlx)
                    .count_with(&rules, &puzzle, 2)
                    .unwrap()
            };
            assert_eq!(count, 1, "{puzzle}");
            let mut solution = Grid::new(rules.shape());
            Solver::new(Engine::Dlx)
                .search_with(&rules, &puzzle, 1, &mut solution)
                .unwrap();
            case.assert_solution(&solution, &puzzle);
            // Minimal: without any one clue (or symmetric pair), not unique.
            let n = puzzle.size();
            for cell in (0..n * n).filter(|&c| puzzle.cells()[c] != 0) {
                let mut fewer = puzzle.clone();
                fewer.set(cell / n, cell % n, None);
                if symmetric {
                    let partner = n * n - 1 - cell;
                    assert_ne!(puzzle.cells()[partner], 0, "asymmetric {puzzle}");
                    fewer.set(partner / n, partner % n, None);
                }
                let count = if small {
                    case.brute_force_count(&fewer, 2)
                } else {
                    Solver::new(Engine::Dlx)
                        .count_with(&rules, &fewer, 2)
                        .unwrap()
                };
                assert_eq!(count, 2, "clue {cell} of {puzzle} can go");
                // More than one solution: no rating.
                assert_eq!(generator.rate(&rules, &fewer, 1), Err(RateError::NotUnique));
            }
            // A rating: singles alone means no branching, so as many nodes
            // as empty cells plus the root.
            let rating = generator.rate(&rules, &puzzle, 4).unwrap();
            let mut solver = Solver::new(Engine::Dlx);
            let nodes = solver
                .search_with(&rules, &puzzle, 2, &mut solution)
                .unwrap()
                .nodes;
            assert_eq!(rating.singles, nodes == puzzle.blank_count() as u64 + 1);
            assert!(rating.effort >= (puzzle.blank_count() + 1) as f64);
        }
    }
    let killer = Rules::classic(Shape::new(2, 2).unwrap())
        .with_cages(vec![Cage {
            cells: vec![0, 1],
            sum: 3,
        }])
        .unwrap();
    assert!(generator.minimal_puzzle(&killer, false).is_err());
}

/// A generator asked to stop gives up with `Cancelled`, promptly, even in
/// the middle of the long uniqueness searches of a 25x25 puzzle, and never
/// hands back a puzzle it did not finish; one never asked still makes a
/// unique puzzle.
#[test]
fn a_cancelled_generator_gives_up_and_returns_no_puzzle() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use dancing_sudoku::Variant;
    use dancing_sudoku::generate::GenerateError;

    let classic: Variant = "classic".parse().unwrap();
    let jigsaw: Variant = "jigsaw".parse().unwrap();
    // Asked at once; then after a few hundred looks, half-way through the
    // 625 cells of a 25x25 puzzle (a 9x9 jigsaw is done before that).
    let cases = [
        (0, Shape::new(5, 5).unwrap(), classic),
        (0, Shape::new(3, 3).unwrap(), jigsaw),
        (300, Shape::new(5, 5).unwrap(), classic),
    ];
    for (looks, shape, variant) in cases {
        let asked = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&asked);
        let mut generator = Generator::new(7);
        generator.stop_on(
            &dancing::Stop::new()
                .with_poll(move || counter.fetch_add(1, Ordering::Relaxed) >= looks),
        );
        let started = std::time::Instant::now();
        let made = generator.minimal_puzzle_of(shape, variant, false);
        assert!(
            matches!(made, Err(GenerateError::Cancelled)),
            "{shape} {variant}: {made:?}"
        );
        assert!(asked.load(Ordering::Relaxed) > looks, "the check was asked");
        assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    }
    let mut generator = Generator::new(7);
    generator.stop_on(&dancing::Stop::new());
    let made = generator
        .minimal_puzzle_of(Shape::new(2, 2).unwrap(), classic, false)
        .unwrap();
    assert_eq!(
        Solver::new(Engine::Dlx)
            .count_with(&made.rules, &made.puzzle, 2)
            .unwrap(),
        1
    );
}
