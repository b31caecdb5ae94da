//! `dlx gen`: classic exact-cover problems, written in Knuth's DLX format
//! (the default, for `dlx solve` or Knuth's DLX1) or solved here and drawn.
//!
//! The arguments ([`problem`]: the clap enum of the problems, with its
//! [`values`] and [`files`]) become a [`plan`] first; [`run`] then builds
//! the problem and hands it to [`emit`], which writes it or solves it on
//! the run layer's runner, drawing solutions with a [`drawing`] printer.

mod emit;
mod files;
mod plan;
mod problem;
mod values;

use dancing::format::text::escaped;
use dancing_problems::TileLayout;
use dancing_problems::generator::Costs;
use dancing_problems::polyomino::Tiling;
use dancing_problems::{Built, Error, Generator};

use crate::drawing::{Shape, draw_colored, plain};
use emit::emit;
use files::WordList;
use plan::GenPlan;
pub use problem::Problem;

use crate::status::{Status, diag};

const AFTER_HELP: &str = "\
Without --solve, --count or --max, the problem is written in Knuth's DLX format on standard \
output. Solving takes the search flags of `dlx solve` (-j, --max-nodes, --time-limit, -q, \
--stats, --profile) and stops the same way: Ctrl-C or a budget ends the search with the \
solutions found so far and a summary marked incomplete. Exit status: 0; 1 when solving finds \
no solution; 2 for a bad argument; 130 when interrupted.

Examples:
  dlx gen queens 12 | dlx solve --count           14200
  dlx gen langford 11 --up-to-reversal --count    17792
  dlx gen pentomino 6x10 --up-to-symmetry --solve --max 3
  dlx gen pentomino '......../......../......../...##.../...##.../......../......../........' --up-to-symmetry --count
  dlx gen sudoku-grids 2x2 --solve
  dlx gen dominoes 8x8 --count --memo                 12988816
  dlx gen tiling 3x9 --shapes trominoes --count";

/// Write a classic exact-cover problem in Knuth's DLX format, or solve it
/// here and draw its solutions.
///
/// By default the problem goes to standard output in Knuth's format, for
/// `dlx solve` (or Knuth's DLX1). With `--solve` each solution is drawn
/// instead, with `--count` only their number is printed; a summary goes to
/// standard error. Exit status: 0, or 1 when solving finds no solution, or
/// 2 for a bad argument.
#[derive(clap::Args, Debug)]
#[command(
    subcommand_value_name = "PROBLEM",
    subcommand_help_heading = "Problems",
    after_help = AFTER_HELP
)]
pub struct Args {
    /// The problem to generate.
    #[command(subcommand)]
    pub problem: Problem,
}

/// Writes or solves the problem; errors go to standard error.
pub fn run(args: &Args) -> Status {
    // Building a large problem takes seconds, writing it more.
    crate::interrupt::catch();
    let plan = match GenPlan::new(&args.problem) {
        Ok(plan) => plan,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    let name = plan.name;
    if let Problem::SudokuPuzzles { count, seed, .. } = &args.problem {
        return crate::sudoku_puzzles::run(*count, *seed);
    }
    let (generator, words) = match generator(&args.problem) {
        Ok(translated) => translated,
        Err(message) => {
            diag!("dlx gen {name}: {message}");
            return Status::Error;
        }
    };
    let built = match generator.build() {
        Ok(built) => built,
        Err(Error::InvalidWord { index, reason, .. }) if words.is_some() => {
            let (path, list) = words.expect("checked by the guard");
            let (line, column) = list.places[index];
            let word = escaped(&list.words[index]);
            diag!("{path}:{line}:{column}: word `{word}`: {reason}");
            return Status::Error;
        }
        Err(error) => {
            diag!("dlx gen {name}: {error}");
            return Status::Error;
        }
    };
    match built {
        Built::Queens(queens) => emit(&plan, queens, Shape::Block, plain),
        Built::Langford(langford) => emit(&plan, langford, Shape::Line, plain),
        Built::Packing(packing) => {
            let colored = plan.colored;
            let draw = move |tiling: &Tiling| {
                if colored {
                    draw_colored(tiling.width(), tiling.height(), |cell| {
                        let piece = tiling.piece_at(cell)?;
                        Some((piece, tiling.symbol(piece)))
                    })
                } else {
                    tiling.to_string()
                }
            };
            emit(&plan, packing, Shape::Block, draw)
        }
        Built::Tilings(tilings) => {
            let colored = plan.colored;
            let draw = move |layout: &TileLayout| {
                if colored {
                    draw_colored(layout.width(), layout.height(), |cell| {
                        let tile = layout.tile_at(cell)?;
                        Some((layout.color(tile), layout.letter(tile)))
                    })
                } else {
                    layout.to_string()
                }
            };
            emit(&plan, tilings, Shape::Block, draw)
        }
        Built::Latin(latin) => emit(&plan, latin, Shape::Block, plain),
        Built::SudokuGrids(grids) => emit(&plan, grids, Shape::Block, plain),
        Built::Partitions(partitions) => emit(&plan, partitions, Shape::Line, plain),
        Built::Matchings(matchings) => emit(&plan, matchings, Shape::Line, plain),
        Built::DeBruijn(cycles) => emit(&plan, cycles, Shape::Line, plain),
        Built::Matrices(matrices) => emit(&plan, matrices, Shape::Block, plain),
        Built::Assignment(assignment) => emit(&plan, assignment, Shape::Block, plain),
        Built::Words(rectangles) => emit(&plan, rectangles, Shape::Block, plain),
    }
}

/// The word list of `dlx gen words` and its path, for locating a word
/// the generator refuses.
type Words<'a> = Option<(&'a str, WordList)>;

/// The generator of `dlx gen`'s arguments (the files they name read), and
/// the word list read; the error is the message to show after the name.
fn generator(problem: &Problem) -> Result<(Generator, Words<'_>), String> {
    let generator = match problem {
        Problem::Queens { n, .. } => Generator::Queens { n: *n as usize },
        Problem::Langford {
            n, up_to_reversal, ..
        } => Generator::Langford {
            n: *n as usize,
            up_to_reversal: *up_to_reversal,
        },
        Problem::Pentomino {
            board,
            up_to_symmetry,
            pieces,
            ..
        } => Generator::Pentomino {
            board: board.clone(),
            pieces: pieces.0.clone(),
            up_to_symmetry: *up_to_symmetry,
        },
        Problem::Dominoes { board, .. } => Generator::Dominoes {
            board: board.clone(),
        },
        Problem::Tiling {
            board,
            shapes,
            prices,
            ..
        } => Generator::Tiling {
            board: board.clone(),
            shapes: shapes.0.clone(),
            prices: prices.as_ref().map_or_else(Vec::new, |p| p.0.clone()),
        },
        Problem::Latin { n, .. } => Generator::Latin { n: *n as usize },
        Problem::SudokuGrids {
            boxes: (rows, columns),
            ..
        } => Generator::SudokuGrids {
            rows: *rows,
            columns: *columns,
        },
        Problem::SudokuPuzzles { .. } => unreachable!("not an exact-cover problem"),
        Problem::Partitions { n, .. } => Generator::Partitions { n: *n as usize },
        Problem::Matchings { points, .. } => Generator::Matchings {
            points: *points as usize,
        },
        Problem::DeBruijn { n, .. } => Generator::DeBruijn { n: *n as usize },
        Problem::Matrices {
            shape: (rows, columns),
            row_sums,
            column_sums,
            ..
        } => Generator::Matrices {
            rows: *rows,
            columns: *columns,
            row_sums: *row_sums,
            column_sums: column_sums.unwrap_or(*row_sums),
        },
        Problem::Assignment {
            n,
            cost_seed,
            max_cost,
            costs,
            ..
        } => Generator::Assignment {
            costs: match (costs, n) {
                (Some(path), _) => Costs::Matrix(files::read_cost_matrix(path)?),
                (None, Some(n)) => Costs::Random {
                    n: *n as usize,
                    seed: *cost_seed,
                    max_cost: *max_cost,
                },
                (None, None) => {
                    return Err("give the number of workers N, or --costs FILE".to_owned());
                }
            },
        },
        Problem::Words {
            shape: (rows, columns),
            words,
            distinct,
            ..
        } => {
            let list = WordList::read(words)?;
            let generator = Generator::Words {
                rows: *rows,
                columns: *columns,
                words: list.words.clone(),
                distinct: *distinct,
            };
            return Ok((generator, Some((words.as_str(), list))));
        }
    };
    Ok((generator, None))
}
