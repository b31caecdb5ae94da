//! The page's exact-cover view: a problem in Knuth's DLX format (colors
//! and bounds included) or from a `dlx gen` generator, counted or listed,
//! and the solutions of the board problems drawn.

use std::ops::ControlFlow;

use dancing::expert::ExactCover;
use dancing::{OptionId, Problem, format};
use dancing_problems::polyomino::{Board, Cell, Piece, Tiling, pentominoes, pieces_from_picture};
use dancing_problems::{
    DeBruijn, Langford, LatinSquares, Packing, PerfectMatchings, Queens, SetPartitions,
    SudokuGrids, TileLayout, Tilings, WordRectangles, ZeroOneMatrices, tilings,
};
use serde::Serialize;

use crate::Located;
use crate::search::{self, Progress, Report, Request};

/// Where a problem comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// DLX text, pasted or from a file named `name`.
    Text {
        /// The text.
        text: String,
        /// The name errors are located in (a file's name, or `input`).
        name: String,
    },
    /// A `dlx gen` generator: `name` is the subcommand (`queens`,
    /// `pentomino`, ...), `argument` its argument as the command takes it
    /// (`8`, `6x10`, `3x4 2`, ...), `option` its one flag (up to symmetry,
    /// up to reversal, distinct words) where it has one.
    Generator {
        /// The generator's name.
        name: String,
        /// Its argument.
        argument: String,
        /// Its flag.
        option: bool,
    },
}

/// The generators the page offers, with an example argument and what
/// their flag means (empty: no flag).
pub const GENERATORS: &[(&str, &str, &str)] = &[
    ("queens", "8", ""),
    ("langford", "7", "up to reversal"),
    ("pentomino", "6x10", "up to symmetry"),
    ("dominoes", "4x4", ""),
    ("tiling", "6x6 trominoes", ""),
    ("latin", "4", ""),
    ("sudoku-grids", "2x2", ""),
    ("partitions", "6", ""),
    ("matchings", "8", ""),
    ("debruijn", "3", ""),
    ("matrices", "3x3 1", ""),
    ("words", "2x2 at an no so to", "distinct words"),
];

/// A picture of a solution, for the page to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Drawing {
    /// Queens on an n x n board: the column of the queen of each row.
    Queens {
        /// The board's size.
        n: usize,
        /// The queen's column in each row, top row first.
        columns: Vec<usize>,
    },
    /// Pieces on a board: the piece on each cell of the bounding box, row
    /// by row (`-1` for a hole), and each piece's label.
    Pieces {
        /// Cells per row.
        width: usize,
        /// Rows.
        height: usize,
        /// The piece on each cell, row by row, or -1.
        cells: Vec<i64>,
        /// Each piece's label.
        labels: Vec<String>,
    },
    /// Any other solution: the text `dlx gen --solve` draws.
    Text {
        /// The picture.
        text: String,
    },
}

/// A problem's size and kind, and what its reader noticed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProblemInfo {
    /// Primary items.
    pub primary: usize,
    /// Secondary items.
    pub secondary: usize,
    /// Options.
    pub options: usize,
    /// Whether options give secondary items colors (Algorithm C).
    pub colors: bool,
    /// Whether primary items have bounds other than 1 (Algorithm M).
    pub bounds: bool,
    /// What the generator says of its problem (empty for text).
    pub description: String,
    /// The reader's warnings, located as errors are.
    pub warnings: Vec<String>,
}

/// A listed solution, for the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shown {
    /// Each option's items, a colored one as `x:a`.
    pub options: Vec<String>,
    /// Its picture, for a generated problem.
    pub drawing: Option<Drawing>,
}

/// The answer to one search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CoverReport {
    /// The problem.
    pub problem: ProblemInfo,
    /// The search's figures.
    #[serde(flatten)]
    pub search: Report,
    /// The listed solutions, with their options' text and pictures.
    pub shown: Vec<Shown>,
}

impl std::ops::Deref for CoverReport {
    type Target = Report;
    fn deref(&self) -> &Report {
        &self.search
    }
}

/// A generator and how its solutions are drawn.
trait Drawn {
    fn problem(&self) -> &Problem;
    fn describe(&self) -> String;
    fn draw(&self, options: &[OptionId]) -> Drawing;
}

struct WithDrawing<P, F> {
    generator: P,
    draw: F,
}

impl<P: ExactCover, F: Fn(&P::Solution) -> Drawing> Drawn for WithDrawing<P, F> {
    fn problem(&self) -> &Problem {
        self.generator.problem()
    }
    fn describe(&self) -> String {
        self.generator.describe()
    }
    fn draw(&self, options: &[OptionId]) -> Drawing {
        (self.draw)(&self.generator.decode(options))
    }
}

/// The text drawing of any solution.
fn text<S: std::fmt::Display>(solution: &S) -> Drawing {
    Drawing::Text {
        text: solution.to_string(),
    }
}

fn queens(board: &dancing_problems::QueensBoard) -> Drawing {
    Drawing::Queens {
        n: board.n(),
        columns: board.columns().to_vec(),
    }
}

/// The pieces on each cell of a `width` x `height` box.
fn pieces_drawing(
    width: usize,
    height: usize,
    at: impl Fn(Cell) -> Option<usize>,
    labels: Vec<String>,
) -> Drawing {
    let mut cells = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let cell = Cell {
                x: x as i32,
                y: y as i32,
            };
            cells.push(at(cell).map_or(-1, |piece| piece as i64));
        }
    }
    Drawing::Pieces {
        width,
        height,
        cells,
        labels,
    }
}

fn packing(tiling: &Tiling, pieces: usize) -> Drawing {
    let labels = (0..pieces).map(|p| tiling.symbol(p).to_string()).collect();
    pieces_drawing(
        tiling.width(),
        tiling.height(),
        |cell| tiling.piece_at(cell),
        labels,
    )
}

fn tile_layout(layout: &TileLayout, board: &Board) -> Drawing {
    let labels = (0..layout.tiles().len())
        .map(|t| (t + 1).to_string())
        .collect();
    pieces_drawing(
        board.width(),
        board.height(),
        |cell| layout.tile_at(cell),
        labels,
    )
}

/// A boxed generator with its drawing.
fn boxed<P, F>(
    generator: Result<P, dancing_problems::Error>,
    draw: F,
) -> Result<Box<dyn Drawn>, Located>
where
    P: ExactCover + 'static,
    F: Fn(&P::Solution) -> Drawing + 'static,
{
    let generator = generator.map_err(|error| error.to_string())?;
    Ok(Box::new(WithDrawing { generator, draw }))
}

/// `"6x10"` as (6, 10).
fn dimensions(text: &str) -> Option<(usize, usize)> {
    let (rows, columns) = text.split_once(['x', 'X'])?;
    Some((rows.trim().parse().ok()?, columns.trim().parse().ok()?))
}

/// A board as `dlx gen` takes it: `ROWSxCOLUMNS`, or a picture with rows
/// separated by `/` (`.` a cell, `#` a hole).
fn board(text: &str) -> Result<Board, Located> {
    let made = match dimensions(text) {
        Some((rows, columns)) => Board::rectangle(rows, columns),
        None => Board::from_picture(&text.replace('/', "\n")),
    };
    made.map_err(|error| format!("board {text:?}: {error}"))
}

/// A named set of pieces.
type PieceSet = fn() -> Vec<Piece>;

/// Shapes: a named set, or a picture with a character per piece.
fn shapes(text: &str, named: &[(&str, PieceSet)]) -> Result<Vec<Piece>, Located> {
    if let Some((_, make)) = named.iter().find(|(name, _)| *name == text) {
        return Ok(make());
    }
    pieces_from_picture(&text.replace('/', "\n"))
        .map_err(|error| format!("pieces {text:?}: {error}"))
}

/// A number argument.
fn number(name: &str, text: &str) -> Result<usize, Located> {
    text.trim()
        .parse()
        .map_err(|_| format!("{name}: expected a number, not {text:?}"))
}

/// A dimensions argument.
fn sized(name: &str, text: &str) -> Result<(usize, usize), Located> {
    dimensions(text).ok_or_else(|| format!("{name}: expected ROWSxCOLUMNS, like 3x4, not {text:?}"))
}

/// The generator `name` with `argument` and its flag.
fn generator(name: &str, argument: &str, option: bool) -> Result<Box<dyn Drawn>, Located> {
    let mut words = argument.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    match name {
        "queens" => boxed(Queens::new(number(name, first)?), queens),
        "langford" => {
            let n = number(name, first)?;
            let made = if option {
                Langford::up_to_reversal(n)
            } else {
                Langford::new(n)
            };
            boxed(made, text)
        }
        "pentomino" => {
            let board = board(first)?;
            let pieces = match rest.first() {
                Some(picture) => shapes(picture, &[("pentominoes", pentominoes)])?,
                None => pentominoes(),
            };
            let count = pieces.len();
            let made = if option {
                Packing::up_to_symmetry(board, pieces)
            } else {
                Packing::new(board, pieces)
            };
            boxed(made, move |tiling: &Tiling| packing(tiling, count))
        }
        "dominoes" => {
            let board = board(first)?;
            let kept = board.clone();
            boxed(Tilings::dominoes(board), move |layout: &TileLayout| {
                tile_layout(layout, &kept)
            })
        }
        "tiling" => {
            let board = board(first)?;
            let kept = board.clone();
            let named: &[(&str, PieceSet)] = &[
                ("dominoes", tilings::domino),
                ("trominoes", tilings::trominoes),
            ];
            let pieces = shapes(rest.first().copied().unwrap_or("trominoes"), named)?;
            boxed(Tilings::new(board, pieces), move |layout: &TileLayout| {
                tile_layout(layout, &kept)
            })
        }
        "latin" => boxed(LatinSquares::new(number(name, first)?), text),
        "sudoku-grids" => {
            let (rows, columns) = sized(name, first)?;
            boxed(SudokuGrids::new(rows, columns), text)
        }
        "partitions" => boxed(SetPartitions::new(number(name, first)?), text),
        "matchings" => boxed(PerfectMatchings::new(number(name, first)?), text),
        "debruijn" => boxed(DeBruijn::new(number(name, first)?), text),
        "matrices" => {
            let (rows, columns) = sized(name, first)?;
            let sum = match rest.first() {
                Some(sum) => u32::try_from(number("matrices sum", sum)?)
                    .map_err(|_| format!("matrices sum: {sum} is too large"))?,
                None => 2,
            };
            if sum == 0 {
                return Err("matrices sum: must be at least 1".to_owned());
            }
            boxed(
                ZeroOneMatrices::new(rows, columns, (sum, sum), (sum, sum)),
                text,
            )
        }
        "words" => {
            let (rows, columns) = sized(name, first)?;
            let words: Vec<String> = rest.iter().map(|w| (*w).to_owned()).collect();
            boxed(WordRectangles::new(&words, rows, columns, option), text)
        }
        _ => Err(format!(
            "unknown generator {name:?} (one of {})",
            GENERATORS
                .iter()
                .map(|(name, _, _)| *name)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// A problem read or generated, ready to search.
pub struct Loaded {
    origin: Origin,
    info: ProblemInfo,
}

/// A problem of DLX text, or a generator's.
enum Origin {
    Read(Box<Problem>),
    Generated(Box<dyn Drawn>),
}

impl Loaded {
    /// The problem.
    pub fn problem(&self) -> &Problem {
        match &self.origin {
            Origin::Read(problem) => problem,
            Origin::Generated(generated) => generated.problem(),
        }
    }

    /// Its size, kind and warnings.
    pub fn info(&self) -> &ProblemInfo {
        &self.info
    }
}

fn info(problem: &Problem, description: String, warnings: Vec<String>) -> ProblemInfo {
    ProblemInfo {
        primary: problem.primary_count(),
        secondary: problem.secondary_count(),
        options: problem.option_count(),
        colors: problem.has_colors(),
        bounds: problem.has_bounds(),
        description,
        warnings,
    }
}

/// Reads or generates the problem of `source`. Errors are located as
/// `dlx solve` locates them: `NAME:LINE:COLUMN: message`.
pub fn load(source: &Source) -> Result<Loaded, Located> {
    match source {
        Source::Text { text, name } => {
            let parsed = format::read_str(text).map_err(|error| format!("{name}:{error}"))?;
            let warnings = parsed
                .warnings
                .iter()
                .map(|warning| format!("{name}:{warning}"))
                .collect();
            let info = info(&parsed.problem, String::new(), warnings);
            Ok(Loaded {
                origin: Origin::Read(Box::new(parsed.problem)),
                info,
            })
        }
        Source::Generator {
            name,
            argument,
            option,
        } => {
            let generated = generator(name, argument, *option)
                .map_err(|message| format!("dlx gen {name}: {message}"))?;
            let info = info(generated.problem(), generated.describe(), Vec::new());
            Ok(Loaded {
                origin: Origin::Generated(generated),
                info,
            })
        }
    }
}

/// The text of option `option`: its items, colored ones as `x:a`.
pub fn option_text(problem: &Problem, option: OptionId) -> Vec<String> {
    problem
        .option(option)
        .iter()
        .zip(problem.option_colors(option))
        .map(|(&item, color)| {
            let name = problem.item_name(item).unwrap_or_default();
            match color.and_then(|color| problem.color_name(color)) {
                Some(color) => format!("{name}:{color}"),
                None => name.to_owned(),
            }
        })
        .collect()
}

/// Loads `source` and runs `request` on it (see [`search::run`]).
pub fn run(
    source: &Source,
    request: &Request,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<CoverReport, Located> {
    let loaded = load(source)?;
    let problem = loaded.problem();
    let report = search::run(problem, request, progress);
    let shown = report
        .listed
        .iter()
        .map(|listed| {
            let options = search::option_ids(listed);
            Shown {
                options: options
                    .iter()
                    .map(|&option| option_text(problem, option).join(" "))
                    .collect(),
                drawing: match &loaded.origin {
                    Origin::Generated(generated) => Some(generated.draw(&options)),
                    Origin::Read(_) => None,
                },
            }
        })
        .collect();
    Ok(CoverReport {
        problem: loaded.info.clone(),
        search: report,
        shown,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generated(name: &str, argument: &str, option: bool) -> Source {
        Source::Generator {
            name: name.to_owned(),
            argument: argument.to_owned(),
            option,
        }
    }

    fn count(source: &Source) -> u64 {
        let report = run(
            source,
            &Request::count(),
            &mut |_| ControlFlow::Continue(()),
        )
        .unwrap();
        assert!(report.complete);
        report.solutions
    }

    /// Queens by brute force over permutations: an independent count.
    fn queens_brute(n: usize) -> u64 {
        fn place(n: usize, row: usize, columns: &mut Vec<usize>) -> u64 {
            if row == n {
                return 1;
            }
            let mut total = 0;
            for c in 0..n {
                let safe = columns
                    .iter()
                    .enumerate()
                    .all(|(r, &q)| q != c && q.abs_diff(c) != row - r);
                if safe {
                    columns.push(c);
                    total += place(n, row + 1, columns);
                    columns.pop();
                }
            }
            total
        }
        place(n, 0, &mut Vec::new())
    }

    #[test]
    fn queens_count_as_brute_force_and_draw_valid_boards() {
        for n in 4..=8 {
            assert_eq!(
                count(&generated("queens", &n.to_string(), false)),
                queens_brute(n)
            );
        }
        let report = run(
            &generated("queens", "8", false),
            &Request::first(5),
            &mut |_| ControlFlow::Continue(()),
        )
        .unwrap();
        assert_eq!(report.shown.len(), 5);
        for shown in &report.shown {
            let Some(Drawing::Queens { n, columns }) = &shown.drawing else {
                panic!("not a queens drawing: {shown:?}");
            };
            assert_eq!(*n, 8);
            let mut seen = columns.clone();
            seen.sort_unstable();
            assert_eq!(seen, (0..8).collect::<Vec<_>>());
            for a in 0..8 {
                for b in a + 1..8 {
                    assert_ne!(columns[a].abs_diff(columns[b]), b - a, "{columns:?}");
                }
            }
        }
    }

    #[test]
    fn a_packing_is_drawn_with_every_cell_covered_by_whole_pieces() {
        let report = run(
            &generated("pentomino", "3x20", false),
            &Request::first(1),
            &mut |_| ControlFlow::Continue(()),
        )
        .unwrap();
        let Some(Drawing::Pieces {
            width,
            height,
            cells,
            labels,
        }) = &report.shown[0].drawing
        else {
            panic!("not a packing: {:?}", report.shown[0]);
        };
        assert_eq!((*width, *height, labels.len()), (20, 3, 12));
        for piece in 0..12 {
            assert_eq!(
                cells.iter().filter(|&&c| c == piece).count(),
                5,
                "piece {piece}"
            );
        }
    }

    #[test]
    fn dominoes_count_independently() {
        // Domino tilings of 2 x n: Fibonacci numbers.
        let (mut a, mut b) = (1u64, 1u64);
        for n in 1..=8 {
            assert_eq!(
                count(&generated("dominoes", &format!("2x{n}"), false)),
                b,
                "2x{n}"
            );
            (a, b) = (b, a + b);
        }
    }

    #[test]
    fn text_problems_count_and_list_colored_options() {
        // Knuth's example with colors: x:A or x:B.
        let text = "p q | x\np x:A\nq x:A\np x:B\nq x:B\np q\n";
        let source = Source::Text {
            text: text.to_owned(),
            name: "colors.dlx".to_owned(),
        };
        let report = run(&source, &Request::first(10), &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(report.problem.colors);
        assert_eq!(report.solutions, 3);
        let mut shown: Vec<String> = report.shown.iter().map(|s| s.options.join(", ")).collect();
        shown.sort();
        assert_eq!(shown, ["p q", "p x:A, q x:A", "p x:B, q x:B"]);
    }

    #[test]
    fn a_bad_file_gives_the_located_message_of_dlx_solve() {
        let source = Source::Text {
            text: "a b\na c\nb x\n".to_owned(),
            name: "bad.dlx".to_owned(),
        };
        let error = run(&source, &Request::count(), &mut |_| {
            ControlFlow::Continue(())
        })
        .err()
        .unwrap();
        assert_eq!(error, "bad.dlx:2:3: unknown item `c`");
    }

    #[test]
    fn every_generator_of_the_list_makes_its_example() {
        for (name, argument, _) in GENERATORS {
            let report = run(
                &generated(name, argument, false),
                &Request::first(1),
                &mut |_| ControlFlow::Continue(()),
            )
            .unwrap_or_else(|error| panic!("{name} {argument}: {error}"));
            assert_eq!(report.shown.len(), 1, "{name} {argument}");
        }
        let error = load(&generated("queens", "eight", false)).err().unwrap();
        assert!(error.contains("expected a number"), "{error}");
        assert!(load(&generated("nothing", "1", false)).is_err());
    }
}
