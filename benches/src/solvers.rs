//! Every Sudoku solver behind one call, timed the same way: parse the
//! 81-character line, build, and search for up to `limit` solutions.

use std::fmt;

use dancing_sudoku::{Engine, Grid, Shape, Solver, parse_cell_char};

/// A Sudoku solver in the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolverKind {
    /// One of this project's engines: Dancing Links, or a seed's depth-first
    /// search.
    Ours(Engine),
    /// The `sudoku` crate 0.8 from crates.io, a port of JCZSolve (band
    /// bitsets), among the fastest solvers in tdoku's table.
    SudokuCrate,
}

impl SolverKind {
    /// Every solver: our Dancing Links first, the four seed searches, then
    /// the `sudoku` crate.
    pub const ALL: [SolverKind; 6] = [
        SolverKind::Ours(Engine::Dlx),
        SolverKind::Ours(Engine::Naive),
        SolverKind::Ours(Engine::BlankList),
        SolverKind::Ours(Engine::Mrv),
        SolverKind::Ours(Engine::Stack),
        SolverKind::SudokuCrate,
    ];

    /// Our Dancing Links solver, the reference of every ratio.
    pub const DLX: SolverKind = SolverKind::Ours(Engine::Dlx);

    /// A short name for tables and benchmark ids.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Ours(engine) => engine.name(),
            SolverKind::SudokuCrate => "sudoku-crate",
        }
    }

    /// A longer description: what the solver is and where it comes from.
    pub fn description(self) -> &'static str {
        match self {
            SolverKind::Ours(Engine::Dlx) => "ours: Dancing Links, givens pre-covered",
            SolverKind::Ours(Engine::Naive) => "seed POJ 2676: row-major DFS, digits 1-9",
            SolverKind::Ours(Engine::BlankList) => "seed \"100 lines\": DFS over the blank list",
            SolverKind::Ours(Engine::Mrv) => "seed AcWing 166: bitmask DFS, fewest candidates",
            SolverKind::Ours(Engine::Stack) => "seed LeetCode 37: bitmask DFS, explicit stack",
            SolverKind::Ours(Engine::Bitmask) => "AcWing 166 generalized: 64-bit masks, any size",
            SolverKind::SudokuCrate => "sudoku 0.8 (crates.io): JCZSolve port",
        }
    }

    /// Whether the solver is one of the seeds' row-major depth-first
    /// searches, which take seconds on some hard puzzles: on large sets
    /// they run on a fixed sample only.
    pub fn is_slow(self) -> bool {
        matches!(
            self,
            SolverKind::Ours(Engine::Naive | Engine::BlankList | Engine::Stack)
        )
    }

    /// Whether the solver counts search-tree nodes (the `sudoku` crate does
    /// not expose its guesses).
    pub fn counts_nodes(self) -> bool {
        matches!(self, SolverKind::Ours(_))
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Solved {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// Search-tree nodes (1 for the root plus one per digit placed or option
    /// chosen); 0 for a solver that does not count them.
    pub nodes: u64,
}

/// Why a line was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveLineError(pub String);

impl fmt::Display for SolveLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SolveLineError {}

/// A solver with its reusable state: after the first few puzzles, solving
/// the next one allocates nothing on our side (the `sudoku` crate works on
/// the stack).
pub struct PuzzleSolver {
    kind: SolverKind,
    ours: Solver,
    puzzle: Grid,
    solution: Grid,
    crate_solution: [[u8; 81]; 1],
}

impl PuzzleSolver {
    /// A solver of `kind`.
    pub fn new(kind: SolverKind) -> PuzzleSolver {
        let engine = match kind {
            SolverKind::Ours(engine) => engine,
            SolverKind::SudokuCrate => Engine::Dlx,
        };
        PuzzleSolver {
            kind,
            ours: Solver::new(engine),
            puzzle: Grid::new(Shape::CLASSIC),
            solution: Grid::new(Shape::CLASSIC),
            crate_solution: [[0; 81]],
        }
    }

    /// Which solver this is.
    pub fn kind(&self) -> SolverKind {
        self.kind
    }

    /// The timed unit of every benchmark: parses the 81-character `line`,
    /// builds, and searches for up to `limit` solutions (2 proves
    /// uniqueness; 1 is the first-solution variant). The first solution is
    /// then in [`first_solution`](Self::first_solution).
    #[inline]
    pub fn solve_line(&mut self, line: &str, limit: u64) -> Result<Solved, SolveLineError> {
        match self.kind {
            SolverKind::Ours(_) => {
                parse_into(line, &mut self.puzzle)?;
                let outcome = self
                    .ours
                    .search(&self.puzzle, limit, &mut self.solution)
                    .map_err(|e| SolveLineError(e.to_string()))?;
                Ok(Solved {
                    solutions: outcome.solutions,
                    nodes: outcome.nodes,
                })
            }
            SolverKind::SudokuCrate => {
                let sudoku = sudoku::Sudoku::from_str_line(line)
                    .map_err(|e| SolveLineError(format!("{e:?}")))?;
                let solutions =
                    sudoku.solutions_up_to_buffer(&mut self.crate_solution, limit as usize);
                Ok(Solved {
                    solutions: solutions as u64,
                    nodes: 0,
                })
            }
        }
    }

    /// The first solution the last [`solve_line`](Self::solve_line) found,
    /// row by row (meaningless when it found none).
    pub fn first_solution(&self) -> &[u8] {
        match self.kind {
            SolverKind::Ours(_) => self.solution.cells(),
            SolverKind::SudokuCrate => &self.crate_solution[0],
        }
    }
}

/// Reads an 81-character line (`1`-`9`, `.` or `0` for an empty cell) into
/// `grid`, reusing its memory.
pub fn parse_into(line: &str, grid: &mut Grid) -> Result<(), SolveLineError> {
    let bytes = line.as_bytes();
    if bytes.len() != 81 {
        return Err(SolveLineError(format!(
            "expected 81 characters, found {}",
            bytes.len()
        )));
    }
    for (cell, &c) in bytes.iter().enumerate() {
        let digit = parse_cell_char(c)
            .filter(|&d| d <= 9)
            .ok_or_else(|| SolveLineError(format!("bad character at {cell}")))?;
        grid.set(cell / 9, cell % 9, (digit != 0).then_some(digit));
    }
    Ok(())
}

/// Whether `solution` (cells row by row) is a complete, valid grid that keeps
/// every given of the puzzle `line`.
pub fn is_solution_of(line: &str, solution: &[u8]) -> bool {
    let (Ok(puzzle), Ok(grid)) = (
        line.parse::<Grid>(),
        Grid::from_cells(Shape::CLASSIC, solution),
    ) else {
        return false;
    };
    grid.solves(&puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{SEED_SAMPLES, generated};

    #[test]
    fn every_solver_finds_the_known_solutions() {
        let known = [
            (
                SEED_SAMPLES[0],
                "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
            ),
            (
                SEED_SAMPLES[1],
                "416837529982465371735129468571298643293746185864351297647913852359682714128574936",
            ),
            (
                SEED_SAMPLES[2],
                "143628579572139468986754231391542786468917352725863914237481695619275843854396127",
            ),
            (
                SEED_SAMPLES[4],
                "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            ),
        ];
        for kind in SolverKind::ALL {
            let mut solver = PuzzleSolver::new(kind);
            for (puzzle, solution) in known {
                for limit in [1, 2] {
                    let solved = solver.solve_line(puzzle, limit).unwrap();
                    assert_eq!(solved.solutions, 1, "{kind} {puzzle}");
                    let found: String = solver
                        .first_solution()
                        .iter()
                        .map(|&d| char::from(b'0' + d))
                        .collect();
                    assert_eq!(found, solution, "{kind}");
                    assert_eq!(solved.nodes > 0, kind.counts_nodes());
                }
            }
        }
    }

    #[test]
    fn solvers_agree_on_counts_and_give_valid_solutions() {
        let mut lines: Vec<String> = SEED_SAMPLES.iter().map(|s| s.to_string()).collect();
        lines.extend(generated(11, 5).puzzles);
        // Several solutions: a minimal puzzle with a given taken away.
        let several = lines[0].replacen(|c: char| c.is_ascii_digit(), ".", 1);
        // No solution: two 1s would be needed in the first row's remaining
        // cells; here the first box and the first row are made to clash.
        let none = format!("12345678.........9{}", &".".repeat(63));
        lines.push(several.clone());
        lines.push(none.clone());
        for kind in SolverKind::ALL {
            let mut solver = PuzzleSolver::new(kind);
            for line in &lines {
                let solved = solver.solve_line(line, 2).unwrap();
                let expected = if *line == several {
                    2
                } else if *line == none {
                    0
                } else {
                    1
                };
                assert_eq!(solved.solutions, expected, "{kind} {line}");
                if expected > 0 {
                    assert!(is_solution_of(line, solver.first_solution()), "{kind}");
                }
            }
        }
    }

    #[test]
    fn bad_lines_are_errors_and_bad_solutions_are_caught() {
        let mut solver = PuzzleSolver::new(SolverKind::DLX);
        assert!(solver.solve_line(&SEED_SAMPLES[0][1..], 2).is_err());
        let puzzle = SEED_SAMPLES[3];
        solver.solve_line(puzzle, 1).unwrap();
        let mut solution = solver.first_solution().to_vec();
        assert!(is_solution_of(puzzle, &solution));
        solution.swap(0, 1);
        assert!(!is_solution_of(puzzle, &solution));
    }
}
