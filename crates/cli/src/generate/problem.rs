//! The problems of `dlx gen`, one clap subcommand each, and what to do
//! with the problem ([`Output`]).

use clap::Subcommand;
use dancing_problems::generator::Costs;
use dancing_problems::polyomino::Board;
use dancing_problems::{
    Assignment, DeBruijn, Langford, LatinSquares, PerfectMatchings, Queens, SetPartitions,
};

use super::values::{
    PieceSet, Prices, parse_board, parse_box, parse_pieces, parse_prices, parse_shape, parse_sums,
    size_parser,
};
use crate::drawing::ColorWhen;
use crate::run::args::SearchArgs;

/// One subcommand per problem.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
pub enum Problem {
    /// N queens on an N x N board: rows and columns primary, diagonals secondary.
    Queens {
        /// The size of the board.
        #[arg(value_name = "N", value_parser = size_parser(Queens::MAX_N))]
        n: u32,
        #[command(flatten)]
        output: Output,
    },
    /// Langford pairs: two of each of 1..N, with k numbers between the two k's.
    Langford {
        /// The largest value.
        #[arg(value_name = "N", value_parser = size_parser(Langford::MAX_N))]
        n: u32,
        /// Count each sequence and its reversal once.
        #[arg(long)]
        up_to_reversal: bool,
        #[command(flatten)]
        output: Output,
    },
    /// Pack the 12 pentominoes (or other pieces) into a board, each piece once.
    #[command(visible_alias = "polyomino")]
    Pentomino {
        /// The board: ROWSxCOLUMNS (6x10), a picture with rows separated by
        /// `/` (`.` a cell, `#` a hole, as in `..#/...`), or @FILE holding a
        /// picture (@- reads standard input).
        #[arg(value_name = "BOARD", value_parser = parse_board)]
        board: Board,
        /// Count each set of solutions related by the board's symmetries
        /// (rotations, reflections) once.
        #[arg(long)]
        up_to_symmetry: bool,
        /// The pieces: `pentominoes`, or a picture where each piece is drawn
        /// with a character of its own (`AAB/.CB`: pieces A, B, C), or
        /// @FILE holding one.
        #[arg(long, value_name = "PIECES", default_value = "pentominoes", value_parser = parse_pieces)]
        pieces: PieceSet,
        #[command(flatten)]
        output: Output,
    },
    /// Domino tilings of a board, any number of dominoes (12,988,816 for
    /// 8x8; count big boards with --count --memo).
    Dominoes {
        /// The board: ROWSxCOLUMNS (8x8), a picture with rows separated by
        /// `/` (`.` a cell, `#` a hole), or @FILE holding a picture.
        #[arg(value_name = "BOARD", value_parser = parse_board)]
        board: Board,
        #[command(flatten)]
        output: Output,
    },
    /// Tilings of a board by copies of some shapes, each used any number of
    /// times, in any rotation or reflection (trominoes by default).
    Tiling {
        /// The board: ROWSxCOLUMNS, a picture (`..#/...`), or @FILE.
        #[arg(value_name = "BOARD", value_parser = parse_board)]
        board: Board,
        /// The shapes: `dominoes`, `trominoes`, or a picture where each
        /// shape is drawn with a character of its own (`AAB/..B`), or
        /// @FILE holding one.
        #[arg(long, value_name = "SHAPES", default_value = "trominoes", value_parser = parse_pieces)]
        shapes: PieceSet,
        /// A price for each copy of a shape, by its character (`D=2,O=3`;
        /// shapes not named cost 0): each option gets its shape's price
        /// (`|n`), and `dlx solve --best` finds the cheapest tilings.
        #[arg(long, value_name = "PRICES", value_parser = parse_prices)]
        prices: Option<Prices>,
        #[command(flatten)]
        output: Output,
    },
    /// Latin squares of order N: each of N symbols once per row and column.
    Latin {
        /// The order.
        #[arg(value_name = "N", value_parser = size_parser(LatinSquares::MAX_N))]
        n: u32,
        #[command(flatten)]
        output: Output,
    },
    /// All Sudoku grids with boxes of R rows and C columns (R*C symbols).
    SudokuGrids {
        /// The box shape, RxC: 2x2 for 4x4 grids, 2x3 for 6x6.
        #[arg(value_name = "RxC", value_parser = parse_box)]
        boxes: (usize, usize),
        #[command(flatten)]
        output: Output,
    },
    /// Sudoku puzzles for `dlx sudoku`, one 81-character line each: minimal,
    /// with exactly one solution (not an exact-cover problem).
    SudokuPuzzles {
        /// How many puzzles.
        #[arg(value_name = "COUNT")]
        count: u64,
        /// The same seed gives the same puzzles.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        // Taken so that it is refused with a reason (the puzzles are lines
        // of digits, not drawings), not as an unknown flag.
        #[arg(long, value_name = "WHEN", value_enum, hide = true)]
        color: Option<ColorWhen>,
    },
    /// Set partitions of {0..N-1}: every nonempty subset is an option (Bell numbers).
    Partitions {
        /// The size of the set.
        #[arg(value_name = "N", value_parser = size_parser(SetPartitions::MAX_N))]
        n: u32,
        #[command(flatten)]
        output: Output,
    },
    /// Perfect matchings of N points: every pair is an option ((N-1)!! for even N).
    Matchings {
        /// The number of points.
        #[arg(value_name = "N", value_parser = size_parser(PerfectMatchings::MAX_POINTS))]
        points: u32,
        #[command(flatten)]
        output: Output,
    },
    /// Binary de Bruijn cycles of order N, positions labelled: 2^(2^(N-1))
    /// (colors: cells colored 0 or 1 by the words placed on them).
    #[command(name = "debruijn")]
    DeBruijn {
        /// The order: the length of the words.
        #[arg(value_name = "N", value_parser = size_parser(DeBruijn::MAX_N))]
        n: u32,
        #[command(flatten)]
        output: Output,
    },
    /// 0-1 matrices with bounded row and column sums (bounds: rows and
    /// columns are items held between LOWER and UPPER times).
    Matrices {
        /// The shape, ROWSxCOLUMNS.
        #[arg(value_name = "RxC", value_parser = parse_shape)]
        shape: (usize, usize),
        /// Every row sum: N (exactly) or LOWER:UPPER.
        #[arg(long, value_name = "SUMS", default_value = "2", value_parser = parse_sums)]
        row_sums: (u32, u32),
        /// Every column sum: N or LOWER:UPPER [default: the row sums].
        #[arg(long, value_name = "SUMS", value_parser = parse_sums)]
        column_sums: Option<(u32, u32)>,
        #[command(flatten)]
        output: Output,
    },
    /// The assignment problem with costs (Knuth's DLX5 format): N workers,
    /// N jobs, a cost for each worker on each job.
    ///
    /// Option `wI jJ |C` puts worker I on job J at cost C; costs from
    /// --cost-seed, or a matrix file. Solve it with `dlx solve --best K`.
    Assignment {
        /// The number of workers and jobs (costs drawn from --cost-seed).
        // Not `required_unless_present`: N or --costs is checked when run.
        #[arg(value_name = "N", value_parser = size_parser(Assignment::MAX_N), conflicts_with = "costs")]
        n: Option<u32>,
        /// The seed of the random costs: the same seed, the same problem.
        /// (`--seed` is the search's, with --solve.)
        #[arg(long, value_name = "S", default_value_t = Costs::DEFAULT_SEED, conflicts_with = "costs")]
        cost_seed: u64,
        /// The largest random cost (costs are drawn from 0 to it).
        #[arg(long, value_name = "C", default_value_t = Costs::DEFAULT_MAX_COST, conflicts_with = "costs",
              value_parser = clap::value_parser!(u64).range(..=dancing::expert::MAX_OPTION_COST))]
        max_cost: u64,
        /// Read the costs from FILE instead: N lines of N nonnegative
        /// integers, the cost of worker I (line I) on each job (`-` reads
        /// standard input).
        #[arg(long, value_name = "FILE")]
        costs: Option<String>,
        #[command(flatten)]
        output: Output,
    },
    /// Word rectangles (word squares when square) from a list of words:
    /// every row and column a word (colors: cells colored by letters).
    Words {
        /// The shape, ROWSxCOLUMNS (5x5 for word squares of order 5).
        #[arg(value_name = "RxC", value_parser = parse_shape)]
        shape: (usize, usize),
        /// The word list: words separated by blanks or lines (`-` reads
        /// standard input); words of other lengths are left out.
        #[arg(long, value_name = "FILE")]
        words: String,
        /// Use every word at most once (no square is then its own transpose).
        #[arg(long)]
        distinct: bool,
        #[command(flatten)]
        output: Output,
    },
}

// What to do with the problem: write it (the default), solve and draw, or
// count. (A plain comment: clap would take a doc comment of a flattened
// struct for the about of every problem.)
#[derive(clap::Args, Debug)]
pub struct Output {
    /// Solve here and draw each solution; the count goes to standard error.
    #[arg(long, conflicts_with_all = ["memo", "memo_limit"])]
    pub solve: bool,
    /// Solve here and print only the number of solutions.
    #[arg(long, conflicts_with = "solve")]
    pub count: bool,
    /// Stop after N solutions (implies --solve unless --count is given).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["memo", "memo_limit"])]
    pub max: Option<u64>,
    /// Color the drawings of --solve: auto (on a terminal, unless NO_COLOR
    /// is set), always, never. Only pentomino, dominoes and tiling draw in
    /// color; the other problems refuse the flag.
    #[arg(long, value_name = "WHEN", value_enum, conflicts_with_all = ["count", "memo", "memo_limit"])]
    pub color: Option<ColorWhen>,
    // Threads, budgets, progress and statistics, as in `dlx solve`.
    #[command(flatten)]
    pub search: SearchArgs,
}

impl Problem {
    /// The problem's name on the command line, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Problem::Queens { .. } => "queens",
            Problem::Langford { .. } => "langford",
            Problem::Pentomino { .. } => "pentomino",
            Problem::Dominoes { .. } => "dominoes",
            Problem::Tiling { .. } => "tiling",
            Problem::Latin { .. } => "latin",
            Problem::SudokuGrids { .. } => "sudoku-grids",
            Problem::SudokuPuzzles { .. } => "sudoku-puzzles",
            Problem::Partitions { .. } => "partitions",
            Problem::Matchings { .. } => "matchings",
            Problem::DeBruijn { .. } => "debruijn",
            Problem::Matrices { .. } => "matrices",
            Problem::Assignment { .. } => "assignment",
            Problem::Words { .. } => "words",
        }
    }

    /// Whether its drawings have colors (`--color`): those of pieces and
    /// tiles on a board.
    pub fn draws_in_color(&self) -> bool {
        matches!(
            self,
            Problem::Pentomino { .. } | Problem::Dominoes { .. } | Problem::Tiling { .. }
        )
    }

    /// The `--color` given, if any.
    pub fn color(&self) -> Option<ColorWhen> {
        match self {
            Problem::SudokuPuzzles { color, .. } => *color,
            _ => self.output().and_then(|output| output.color),
        }
    }

    /// What to do with an exact-cover problem; `None` for the one that is
    /// not (Sudoku puzzles).
    pub fn output(&self) -> Option<&Output> {
        match self {
            Problem::Queens { output, .. }
            | Problem::Langford { output, .. }
            | Problem::Pentomino { output, .. }
            | Problem::Dominoes { output, .. }
            | Problem::Tiling { output, .. }
            | Problem::Latin { output, .. }
            | Problem::SudokuGrids { output, .. }
            | Problem::Partitions { output, .. }
            | Problem::Matchings { output, .. }
            | Problem::DeBruijn { output, .. }
            | Problem::Matrices { output, .. }
            | Problem::Assignment { output, .. }
            | Problem::Words { output, .. } => Some(output),
            Problem::SudokuPuzzles { .. } => None,
        }
    }
}
