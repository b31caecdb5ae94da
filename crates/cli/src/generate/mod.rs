//! `dlx gen`: classic exact-cover problems, written in Knuth's DLX format
//! (the default, for `dlx solve` or Knuth's DLX1) or solved here and drawn.
//!
//! The arguments ([`problem`]: the clap enum of the problems, with its
//! [`values`] and [`files`]) become a [`plan`] first; [`run`] then builds
//! the problem and hands it to [`emit`], which writes it or solves it on
//! the run layer's runner, drawing solutions with a [`drawing`] printer.

mod drawing;
mod emit;
mod files;
mod plan;
mod problem;
mod values;

use dancing::format::text::escaped;
use dancing_problems::polyomino::{Packing, Tiling};
use dancing_problems::{
    Assignment, DeBruijn, Error, Langford, LatinSquares, PerfectMatchings, Queens, SetPartitions,
    SudokuGrids, Tilings, WordRectangles, ZeroOneMatrices,
};

use drawing::{Shape, draw_colored, plain};
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
    flatten_help = true,
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
    let plan = match GenPlan::new(&args.problem) {
        Ok(plan) => plan,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    match &args.problem {
        Problem::Queens { n, .. } => emit(&plan, Queens::new(*n as usize), Shape::Block, plain),
        Problem::Langford {
            n, up_to_reversal, ..
        } => {
            let n = *n as usize;
            let langford = if *up_to_reversal {
                Langford::up_to_reversal(n)
            } else {
                Langford::new(n)
            };
            emit(&plan, langford, Shape::Line, plain)
        }
        Problem::Pentomino {
            board,
            up_to_symmetry,
            pieces,
            color,
            ..
        } => {
            let (board, pieces) = (board.clone(), pieces.0.clone());
            let packing = if *up_to_symmetry {
                Packing::up_to_symmetry(board, pieces)
            } else {
                Packing::new(board, pieces)
            };
            let colored = color.colors();
            let draw = move |tiling: &Tiling| {
                if colored {
                    draw_colored(tiling)
                } else {
                    tiling.to_string()
                }
            };
            emit(&plan, packing, Shape::Block, draw)
        }
        Problem::Dominoes { board, .. } => {
            emit(&plan, Tilings::dominoes(board.clone()), Shape::Block, plain)
        }
        Problem::Tiling {
            board,
            shapes,
            prices,
            ..
        } => emit(
            &plan,
            shape_prices(&shapes.0, prices.as_ref())
                .and_then(|prices| Tilings::priced(board.clone(), shapes.0.clone(), &prices)),
            Shape::Block,
            plain,
        ),
        Problem::Latin { n, .. } => {
            emit(&plan, LatinSquares::new(*n as usize), Shape::Block, plain)
        }
        Problem::SudokuGrids {
            boxes: (rows, columns),
            ..
        } => emit(
            &plan,
            SudokuGrids::new(*rows, *columns),
            Shape::Block,
            plain,
        ),
        Problem::SudokuPuzzles { count, seed } => crate::sudoku_puzzles::run(*count, *seed),
        Problem::Partitions { n, .. } => {
            emit(&plan, SetPartitions::new(*n as usize), Shape::Line, plain)
        }
        Problem::Matchings { points, .. } => emit(
            &plan,
            PerfectMatchings::new(*points as usize),
            Shape::Line,
            plain,
        ),
        Problem::DeBruijn { n, .. } => emit(&plan, DeBruijn::new(*n as usize), Shape::Line, plain),
        Problem::Matrices {
            shape: (rows, columns),
            row_sums,
            column_sums,
            ..
        } => emit(
            &plan,
            ZeroOneMatrices::new(*rows, *columns, *row_sums, column_sums.unwrap_or(*row_sums)),
            Shape::Block,
            plain,
        ),
        Problem::Assignment {
            n,
            cost_seed,
            max_cost,
            costs,
            ..
        } => {
            let built = match (costs, n) {
                (Some(path), _) => match files::read_cost_matrix(path) {
                    Ok(matrix) => Assignment::from_costs(matrix),
                    Err(message) => {
                        diag!("dlx gen assignment: {message}");
                        return Status::Error;
                    }
                },
                (None, Some(n)) => Assignment::random(*n as usize, *cost_seed, *max_cost),
                (None, None) => {
                    diag!("dlx gen assignment: give the number of workers N, or --costs FILE");
                    return Status::Error;
                }
            };
            emit(&plan, built, Shape::Block, plain)
        }
        Problem::Words {
            shape: (rows, columns),
            words,
            distinct,
            ..
        } => {
            let list = match WordList::read(words) {
                Ok(list) => list,
                Err(message) => {
                    diag!("dlx gen words: {message}");
                    return Status::Error;
                }
            };
            let built = WordRectangles::new(&list.words, *rows, *columns, *distinct);
            if let Err(Error::InvalidWord { index, reason, .. }) = &built {
                let (line, column) = list.places[*index];
                let word = escaped(&list.words[*index]);
                diag!("{words}:{line}:{column}: word `{word}`: {reason}");
                return Status::Error;
            }
            emit(&plan, built, Shape::Block, plain)
        }
    }
}

/// The price of each shape of `dlx gen tiling` (0 for those `--prices`
/// does not name); a name that is not a shape's is an error.
fn shape_prices(
    shapes: &[dancing_problems::Piece],
    prices: Option<&values::Prices>,
) -> Result<Vec<u64>, dancing_problems::Error> {
    let mut each = vec![0; shapes.len()];
    for (name, price) in prices.map_or(&[][..], |p| &p.0[..]) {
        let Some(shape) = shapes.iter().position(|s| s.name() == name) else {
            let names: Vec<&str> = shapes.iter().map(|s| s.name()).collect();
            return Err(dancing_problems::Error::InvalidCosts {
                reason: format!(
                    "--prices: no shape is named `{name}` (the shapes: {})",
                    names.join(", ")
                ),
            });
        };
        each[shape] = *price;
    }
    Ok(each)
}
