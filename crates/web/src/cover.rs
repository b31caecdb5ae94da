//! The page's exact-cover view: a problem in Knuth's DLX format (colors
//! and bounds included) or from a `dlx gen` generator, counted or listed,
//! and the solutions of the board problems drawn.

use std::ops::ControlFlow;

use dancing::expert::ExactCover;
use dancing::{OptionId, Problem, format};
use dancing_problems::generator::{parse_dimensions, parse_sums};
use dancing_problems::polyomino::{Board, Cell, Tiling, pentominoes};
use dancing_problems::{Built, Generator, PieceSet, TileLayout};
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
fn boxed<P, F>(generator: P, draw: F) -> Box<dyn Drawn>
where
    P: ExactCover + 'static,
    F: Fn(&P::Solution) -> Drawing + 'static,
{
    Box::new(WithDrawing { generator, draw })
}

/// The argument `what` read by `read`; the error names it and its text.
fn read<T, E: std::fmt::Display>(
    what: &str,
    text: &str,
    read: impl Fn(&str) -> Result<T, E>,
) -> Result<T, Located> {
    read(text).map_err(|error| format!("{what} {text:?}: {error}"))
}

/// A number argument.
fn number(what: &str, text: &str) -> Result<usize, Located> {
    read(what, text, |text| {
        text.parse::<usize>().map_err(|_| "expected a number")
    })
}

/// A dimensions argument.
fn sized(what: &str, text: &str) -> Result<(usize, usize), Located> {
    read(what, text, |text| {
        parse_dimensions(text).ok_or("expected ROWSxCOLUMNS, like 3x4")
    })
}

/// The generator of the page's `name`, `argument` (the words of the
/// command's arguments, the pieces and the sum given after the board or
/// shape) and flag: only the translation, the reading of boards and pieces
/// and the building are `dancing_problems::generator`'s.
fn translate(name: &str, argument: &str, option: bool) -> Result<Generator, Located> {
    let mut words = argument.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let board = |text: &str| read("board", text, str::parse::<Board>);
    let pieces = |text: &str| read("pieces", text, |t| t.parse::<PieceSet>().map(|set| set.0));
    Ok(match name {
        "queens" => Generator::Queens {
            n: number(name, first)?,
        },
        "langford" => Generator::Langford {
            n: number(name, first)?,
            up_to_reversal: option,
        },
        "pentomino" => Generator::Pentomino {
            board: board(first)?,
            pieces: match rest.first() {
                Some(picture) => pieces(picture)?,
                None => pentominoes(),
            },
            up_to_symmetry: option,
        },
        "dominoes" => Generator::Dominoes {
            board: board(first)?,
        },
        "tiling" => Generator::Tiling {
            board: board(first)?,
            shapes: pieces(rest.first().copied().unwrap_or("trominoes"))?,
            prices: Vec::new(),
        },
        "latin" => Generator::Latin {
            n: number(name, first)?,
        },
        "sudoku-grids" => {
            let (rows, columns) = sized(name, first)?;
            Generator::SudokuGrids { rows, columns }
        }
        "partitions" => Generator::Partitions {
            n: number(name, first)?,
        },
        "matchings" => Generator::Matchings {
            points: number(name, first)?,
        },
        "debruijn" => Generator::DeBruijn {
            n: number(name, first)?,
        },
        "matrices" => {
            let (rows, columns) = sized(name, first)?;
            let sums = match rest.first() {
                Some(sums) => read("matrices sum", sums, parse_sums)?,
                None => (2, 2),
            };
            Generator::Matrices {
                rows,
                columns,
                row_sums: sums,
                column_sums: sums,
            }
        }
        "words" => {
            let (rows, columns) = sized(name, first)?;
            Generator::Words {
                rows,
                columns,
                words: rest.iter().map(|w| (*w).to_owned()).collect(),
                distinct: option,
            }
        }
        _ => {
            return Err(format!(
                "unknown generator {name:?} (one of {})",
                GENERATORS
                    .iter()
                    .map(|(name, _, _)| *name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    })
}

/// The generator `name` with `argument` and its flag, built, with the
/// drawing of its solutions.
fn generator(name: &str, argument: &str, option: bool) -> Result<Box<dyn Drawn>, Located> {
    let generator = translate(name, argument, option)?;
    let built = generator.build().map_err(|error| error.to_string())?;
    Ok(match (built, generator) {
        (Built::Queens(made), _) => boxed(made, queens),
        (Built::Packing(made), Generator::Pentomino { pieces, .. }) => {
            let count = pieces.len();
            boxed(made, move |tiling: &Tiling| packing(tiling, count))
        }
        (Built::Tilings(made), Generator::Dominoes { board } | Generator::Tiling { board, .. }) => {
            boxed(made, move |layout: &TileLayout| tile_layout(layout, &board))
        }
        (Built::Langford(made), _) => boxed(made, text),
        (Built::Latin(made), _) => boxed(made, text),
        (Built::SudokuGrids(made), _) => boxed(made, text),
        (Built::Partitions(made), _) => boxed(made, text),
        (Built::Matchings(made), _) => boxed(made, text),
        (Built::DeBruijn(made), _) => boxed(made, text),
        (Built::Matrices(made), _) => boxed(made, text),
        (Built::Assignment(made), _) => boxed(made, text),
        (Built::Words(made), _) => boxed(made, text),
        (Built::Packing(_) | Built::Tilings(_), _) => {
            unreachable!("packings and tilings are built of their own generators")
        }
    })
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

    /// The solution `options` as the page shows it: its options' text,
    /// and its picture for a generated problem.
    pub fn show(&self, options: &[OptionId]) -> Shown {
        let problem = self.problem();
        Shown {
            options: options
                .iter()
                // As `dlx solve` prints an option: its entries as the
                // format writes them, without the cost.
                .map(|&option| problem.option_entries(option).join(" "))
                .collect(),
            drawing: match &self.origin {
                Origin::Generated(generated) => Some(generated.draw(options)),
                Origin::Read(_) => None,
            },
        }
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

/// Loads `source` and runs `request` on it (see [`search::run`]).
pub fn run(
    source: &Source,
    request: &Request,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<CoverReport, Located> {
    let loaded = load(source)?;
    let problem = loaded.problem();
    if !request.branching.searches(problem) {
        // As `dlx solve --heuristic` refuses it: the learning rules are
        // built for exact cover with colors, not item bounds.
        return Err(format!(
            "branching {}: the problem has items with multiplicities (bounds), \
             which only the fewest-options rule searches",
            request.branching
        ));
    }
    let report = search::run(problem, request, progress);
    let shown = report
        .listed
        .iter()
        .map(|listed| loaded.show(&search::option_ids(listed)))
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
    use dancing::Branching;

    fn generated(name: &str, argument: &str, option: bool) -> Source {
        Source::Generator {
            name: name.to_owned(),
            argument: argument.to_owned(),
            option,
        }
    }

    #[test]
    fn learning_rules_refuse_multiplicities() {
        let bounded = Source::Text {
            text: "1:2|a b\na\na\nb\na b\n".to_owned(),
            name: "bounded.dlx".to_owned(),
        };
        let counted = |branching| {
            let request = Request {
                branching,
                ..Request::count()
            };
            run(&bounded, &request, &mut |_| ControlFlow::Continue(()))
        };
        // a once or twice, b once: b by `b` with one or both `a`s (3
        // ways), or by `a b` alone or with one `a` (3 ways).
        let fewest = counted(Branching::Mrv).unwrap();
        assert!(fewest.complete && fewest.algorithm == "links");
        assert_eq!(fewest.solutions, 6);
        for rule in [Branching::Weighted, Branching::FailureRate] {
            let refused = counted(rule).unwrap_err();
            assert!(refused.contains("multiplicities"), "{refused}");
            assert!(
                refused.starts_with(&format!("branching {rule}")),
                "{refused}"
            );
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
