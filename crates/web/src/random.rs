//! The page's "random solution": one solution drawn exactly uniformly
//! (each of the problem's solutions with the same chance), as `dlx zdd
//! --sample 1 --seed SEED` draws it: the diagram of all solutions
//! ([`dancing::diagram`]) is built within [`MAX_DIAGRAM_NODES`] nodes, then
//! one rank below the count is drawn and read off it.
//!
//! Sudoku grids are drawn from the diagram of all grids of a size, which is
//! small enough for the page only up to 4x4 ([`MAX_GRID_SIZE`]): the
//! 28,200,960 grids of 6x6 make a diagram of 2,816,232 nodes (cells in
//! input order), past the page's limit, which takes some 300 MB and 4 s
//! natively (`dlx zdd --order input` builds it); a 9x9 board has
//! 6,670,903,752,021,072,936,960 grids and no diagram of them fits.

use dancing::diagram::{Diagram, DiagramConfig, DiagramError, Order};
use dancing::expert::ExactCover;
use dancing::{Engine, OptionId, Problem, Request};
use dancing_sudoku::Symbols;
use dancing_sudoku::exact_cover::SudokuCover;
use dancing_sudoku::format::puzzle_line;
use serde::Serialize;

use crate::Located;
use crate::cover::{self, ProblemInfo, Shown, Source};
use crate::sudoku::{self, Reading, View};

/// The most nodes of a diagram the page builds (some 24 MB of nodes; a
/// larger one would take the page's memory and many seconds).
pub const MAX_DIAGRAM_NODES: u32 = 2_000_000;

/// The largest Sudoku (rows, columns, digits) whose grids are drawn.
pub const MAX_GRID_SIZE: usize = 4;

/// A solution drawn uniformly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Drawn {
    /// The problem.
    pub problem: ProblemInfo,
    /// Its number of solutions, in decimal (exact at any size).
    pub count: String,
    /// The diagram's nodes.
    pub nodes: usize,
    /// The seed it was drawn with.
    pub seed: u64,
    /// The solution, as the page lists one; None when there is none.
    pub solution: Option<Shown>,
}

/// The diagram of `problem` within `limit` nodes, with the page's
/// message when it is larger.
fn diagram(problem: &Problem, order: Order, limit: u32) -> Result<Diagram, Located> {
    let config = DiagramConfig::new().order(order).max_nodes(limit);
    Engine::new(problem.clone())
        .diagram(&Request::new(), &config)
        .map_err(|error| match error {
            DiagramError::TooLarge { .. } => format!(
                "random solution: the diagram of all solutions needs more than \
                 {limit} nodes; a uniform draw is only made for smaller problems"
            ),
            other => format!("random solution: {other}"),
        })
}

/// One uniformly random solution of the problem of `source`, drawn with
/// `seed` (the same seed, the same solution).
///
/// ```
/// use dancing_web::cover::Source;
///
/// let source = Source::Generator { name: "queens".into(), argument: "8".into(), option: false };
/// let drawn = dancing_web::random::cover(&source, 7)?;
/// assert_eq!(drawn.count, "92");
/// assert_eq!(drawn.solution.expect("92 to draw from").options.len(), 8);
/// # Ok::<(), String>(())
/// ```
///
/// # Errors
/// The problem's (as [`cover::load`] locates them), or a diagram past
/// [`MAX_DIAGRAM_NODES`].
pub fn cover(source: &Source, seed: u64) -> Result<Drawn, Located> {
    let loaded = cover::load(source)?;
    let diagram = diagram(loaded.problem(), Order::Fewest, MAX_DIAGRAM_NODES)?;
    let drawn: Option<Vec<OptionId>> = diagram.sampler(seed).draw();
    Ok(Drawn {
        problem: loaded.info().clone(),
        count: diagram.count().to_string(),
        nodes: diagram.node_count(),
        seed,
        solution: drawn.map(|options| loaded.show(&options)),
    })
}

/// A Sudoku grid drawn uniformly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DrawnGrid {
    /// The blank puzzle of the size and variant.
    pub puzzle: View,
    /// The number of grids, in decimal.
    pub count: String,
    /// The diagram's nodes.
    pub nodes: usize,
    /// The seed it was drawn with.
    pub seed: u64,
    /// The grid, row by row.
    pub grid: Vec<u8>,
    /// It as `dlx sudoku` prints a line.
    pub line: String,
}

/// One uniformly random complete grid of boxes `box_shape` (`RxC`, at most
/// [`MAX_GRID_SIZE`] cells a side: 4x4) and `variant` (one the blank grid
/// holds: classic, `x`, `hyper`), drawn with `seed`.
///
/// ```
/// let drawn = dancing_web::random::sudoku_grid("2x2", "", 1)?;
/// assert_eq!(drawn.count, "288");
/// assert_eq!(drawn.grid.len(), 16);
/// let refused = dancing_web::random::sudoku_grid("3x3", "", 1).unwrap_err();
/// assert!(refused.contains("up to 4x4"), "{refused}");
/// # Ok::<(), String>(())
/// ```
///
/// # Errors
/// A shape or variant the reader refuses, a size past
/// [`MAX_GRID_SIZE`], or a diagram past [`MAX_DIAGRAM_NODES`].
pub fn sudoku_grid(box_shape: &str, variant: &str, seed: u64) -> Result<DrawnGrid, Located> {
    let box_shape = match box_shape.trim() {
        "" => "3x3",
        given => given,
    };
    let size = box_size(box_shape);
    if size.is_some_and(|size| size > MAX_GRID_SIZE) {
        return Err(format!(
            "random grid: boxes {box_shape} make a grid past 4x4; a uniformly random grid \
             is drawn only for grids up to 4x4 (boxes 2x2): the diagram of all larger \
             grids is too large for the page (6x6: 2,816,232 nodes; 9x9 has \
             6,670,903,752,021,072,936,960 grids)"
        ));
    }
    let reading = Reading {
        name: "random grid".to_owned(),
        box_shape: box_shape.to_owned(),
        variant: variant.to_owned(),
    };
    // The blank grid of the shape, row by row, read as the page reads a puzzle (the
    // shape and the variant checked there).
    let side = size.unwrap_or(1);
    let rows = format!("{}\n", ".".repeat(side)).repeat(side);
    let blank = sudoku::read(&rows, &reading)?;
    let cover = SudokuCover::with_rules(&blank.grid, &blank.rules)
        .map_err(|error| format!("random grid: {}", error.message_in(&Symbols::default())))?;
    // Cells listed row by row: the input order keeps the diagram small.
    let diagram = diagram(cover.problem(), Order::Input, MAX_DIAGRAM_NODES)?;
    let options = diagram
        .sampler(seed)
        .draw()
        .ok_or_else(|| "random grid: this variant has no complete grid".to_owned())?;
    let grid = cover.decode(&options);
    let line = puzzle_line(&grid, &blank.rules, &Symbols::default())
        .ok_or_else(|| "random grid: the grid cannot be written as a line".to_owned())?;
    Ok(DrawnGrid {
        puzzle: blank.view(),
        count: diagram.count().to_string(),
        nodes: diagram.node_count(),
        seed,
        grid: grid.cells().to_vec(),
        line,
    })
}

/// The side of a grid of boxes `RxC` (R times C), if it reads as two
/// numbers; the reader gives the message for anything else.
fn box_size(box_shape: &str) -> Option<usize> {
    let (rows, columns) = box_shape.split_once(['x', 'X'])?;
    let rows: usize = rows.trim().parse().ok()?;
    let columns: usize = columns.trim().parse().ok()?;
    rows.checked_mul(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `grid` (row by row, `size` a side, boxes `rows` x `columns`)
    /// holds every digit once in each row, column and box.
    fn is_grid(grid: &[u8], size: usize, rows: usize, columns: usize) -> bool {
        let all: Vec<u8> = (1..=size as u8).collect();
        let sorted = |mut cells: Vec<u8>| {
            cells.sort_unstable();
            cells == all
        };
        (0..size).all(|r| sorted((0..size).map(|c| grid[r * size + c]).collect()))
            && (0..size).all(|c| sorted((0..size).map(|r| grid[r * size + c]).collect()))
            && (0..size).all(|b| {
                let (top, left) = (b / (size / columns) * rows, b % (size / columns) * columns);
                sorted(
                    (0..size)
                        .map(|k| grid[(top + k / columns) * size + left + k % columns])
                        .collect(),
                )
            })
    }

    #[test]
    fn random_grids_are_grids_and_counted() {
        for (shape, rows, columns, count) in [("2x2", 2, 2, "288"), ("1x3", 1, 3, "12")] {
            let mut seen = std::collections::HashSet::new();
            for seed in 0..5 {
                let drawn = sudoku_grid(shape, "", seed).unwrap();
                assert_eq!(drawn.count, count);
                let size = rows * columns;
                assert!(is_grid(&drawn.grid, size, rows, columns), "{shape} {seed}");
                assert_eq!(drawn, sudoku_grid(shape, "", seed).unwrap());
                seen.insert(drawn.grid);
            }
            assert!(seen.len() > 1, "{shape}: five seeds, one grid");
        }
    }

    #[test]
    fn large_or_bad_shapes_are_refused() {
        for shape in ["2x3", "3x2", "3x3", "4x4"] {
            let error = sudoku_grid(shape, "", 0).unwrap_err();
            assert!(error.contains("only for grids up to 4x4"), "{error}");
        }
        let error = sudoku_grid("2by2", "", 0).unwrap_err();
        assert!(error.contains("box \"2by2\""), "{error}");
    }

    #[test]
    fn random_tilings_are_solutions() {
        let source = Source::Generator {
            name: "dominoes".into(),
            argument: "4x5".into(),
            option: false,
        };
        let loaded = cover::load(&source).unwrap();
        let problem = loaded.problem();
        let count = dancing::Engine::new(problem.clone())
            .count(&Request::new())
            .unwrap()
            .solutions;
        let mut seen = std::collections::HashSet::new();
        for seed in 0..20 {
            let drawn = cover(&source, seed).unwrap();
            assert_eq!(drawn.count, count.to_string());
            let shown = drawn.solution.unwrap();
            assert!(shown.drawing.is_some());
            // Every cell once: the options' items cover the board.
            let mut cells: Vec<&str> = shown
                .options
                .iter()
                .flat_map(|option| option.split(' '))
                .collect();
            cells.sort_unstable();
            let before = cells.len();
            cells.dedup();
            assert_eq!((before, cells.len()), (20, 20));
            seen.insert(shown.options);
        }
        assert!(seen.len() > 5);
    }

    #[test]
    fn no_solution_draws_none_and_large_diagrams_are_refused() {
        let none = Source::Text {
            text: "a b\na\n".into(),
            name: "t".into(),
        };
        let drawn = cover(&none, 0).unwrap();
        assert_eq!((drawn.count.as_str(), drawn.solution), ("0", None));
        let queens = Source::Generator {
            name: "queens".into(),
            argument: "8".into(),
            option: false,
        };
        let error =
            diagram(cover::load(&queens).unwrap().problem(), Order::Fewest, 10).unwrap_err();
        assert!(error.contains("more than 10 nodes"), "{error}");
    }
}
