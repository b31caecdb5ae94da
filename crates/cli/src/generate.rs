//! `dlx gen`: classic exact-cover problems, written in Knuth's DLX format
//! (the default, for `dlx solve` or Knuth's DLX1) or solved here and drawn.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};

use anstyle::{AnsiColor, Color, Style};
use clap::{Subcommand, ValueEnum};
use dancing::OptionId;
use dancing::format::text::{escaped, tokens};
use dancing_problems::polyomino::{
    Board, Cell, Packing, Piece, Tiling, pentominoes, pieces_from_picture,
};
use dancing_problems::{
    DeBruijn, Error, ExactCover, Langford, LatinSquares, PerfectMatchings, Queens, SetPartitions,
    SudokuGrids, Tilings, WordRectangles, ZeroOneMatrices, tilings, write_dlx,
};

use crate::interrupt;
use crate::solve::SearchArgs;
use crate::solve::budget::Budget;
use crate::solve::printer::{Count, Printer};
use crate::solve::runner::{Outcome, Run};
use crate::status::{Status, diag, is_broken_pipe};

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

/// One subcommand per problem.
#[derive(Subcommand, Debug)]
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
        /// Color the pieces in drawings: auto (on a terminal, unless NO_COLOR
        /// is set), always, never.
        #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorWhen::Auto)]
        color: ColorWhen,
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
        #[arg(long, value_name = "SHAPES", default_value = "trominoes", value_parser = parse_shapes)]
        shapes: PieceSet,
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

/// What to do with the problem: write it (the default), solve and draw, or count.
#[derive(clap::Args, Debug)]
pub struct Output {
    /// Solve here and draw each solution; the count goes to standard error.
    #[arg(long)]
    pub solve: bool,
    /// Solve here and print only the number of solutions.
    #[arg(long, conflicts_with = "solve")]
    pub count: bool,
    /// Stop after N solutions (implies --solve unless --count is given).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max: Option<u64>,
    /// Threads, budgets, progress and statistics, as in `dlx solve`.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// When to color drawings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    // When standard output is a terminal and NO_COLOR is not set.
    Auto,
    Always,
    Never,
}

/// Pieces given on the command line.
#[derive(Clone, Debug)]
pub struct PieceSet(Vec<Piece>);

/// Writes or solves the problem; errors go to standard error.
pub fn run(args: &Args) -> Status {
    match &args.problem {
        Problem::Queens { n, output } => emit(
            "queens",
            Queens::new(*n as usize),
            output,
            Shape::Block,
            plain,
        ),
        Problem::Langford {
            n,
            up_to_reversal,
            output,
        } => {
            let n = *n as usize;
            let langford = if *up_to_reversal {
                Langford::up_to_reversal(n)
            } else {
                Langford::new(n)
            };
            emit("langford", langford, output, Shape::Line, plain)
        }
        Problem::Pentomino {
            board,
            up_to_symmetry,
            pieces,
            color,
            output,
        } => {
            let (board, pieces) = (board.clone(), pieces.0.clone());
            let packing = if *up_to_symmetry {
                Packing::up_to_symmetry(board, pieces)
            } else {
                Packing::new(board, pieces)
            };
            let colored = match color {
                ColorWhen::Always => true,
                ColorWhen::Never => false,
                ColorWhen::Auto => {
                    io::stdout().is_terminal()
                        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                }
            };
            let draw = move |tiling: &Tiling| {
                if colored {
                    draw_colored(tiling)
                } else {
                    tiling.to_string()
                }
            };
            emit("pentomino", packing, output, Shape::Block, draw)
        }
        Problem::Dominoes { board, output } => emit(
            "dominoes",
            Tilings::dominoes(board.clone()),
            output,
            Shape::Block,
            plain,
        ),
        Problem::Tiling {
            board,
            shapes,
            output,
        } => emit(
            "tiling",
            Tilings::new(board.clone(), shapes.0.clone()),
            output,
            Shape::Block,
            plain,
        ),
        Problem::Latin { n, output } => emit(
            "latin",
            LatinSquares::new(*n as usize),
            output,
            Shape::Block,
            plain,
        ),
        Problem::SudokuGrids {
            boxes: (rows, columns),
            output,
        } => emit(
            "sudoku-grids",
            SudokuGrids::new(*rows, *columns),
            output,
            Shape::Block,
            plain,
        ),
        Problem::SudokuPuzzles { count, seed } => crate::sudoku_puzzles::run(*count, *seed),
        Problem::Partitions { n, output } => emit(
            "partitions",
            SetPartitions::new(*n as usize),
            output,
            Shape::Line,
            plain,
        ),
        Problem::Matchings { points, output } => emit(
            "matchings",
            PerfectMatchings::new(*points as usize),
            output,
            Shape::Line,
            plain,
        ),
        Problem::DeBruijn { n, output } => emit(
            "debruijn",
            DeBruijn::new(*n as usize),
            output,
            Shape::Line,
            plain,
        ),
        Problem::Matrices {
            shape: (rows, columns),
            row_sums,
            column_sums,
            output,
        } => emit(
            "matrices",
            ZeroOneMatrices::new(*rows, *columns, *row_sums, column_sums.unwrap_or(*row_sums)),
            output,
            Shape::Block,
            plain,
        ),
        Problem::Words {
            shape: (rows, columns),
            words,
            distinct,
            output,
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
            emit("words", built, output, Shape::Block, plain)
        }
    }
}

/// How drawings are separated: a blank line between pictures of several
/// lines, nothing between one-line ones.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Block,
    Line,
}

fn plain<S: std::fmt::Display>(solution: &S) -> String {
    solution.to_string()
}

/// Builds the problem, then writes it in Knuth's format or solves it.
fn emit<P, D>(name: &str, built: Result<P, Error>, output: &Output, shape: Shape, draw: D) -> Status
where
    P: ExactCover,
    D: Fn(&P::Solution) -> String,
{
    let solving = output.solve || output.count || output.max.is_some();
    let search_flags = output.search.given();
    if !solving && !search_flags.is_empty() {
        let verb = if search_flags.len() == 1 {
            "applies"
        } else {
            "apply"
        };
        diag!(
            "dlx gen {name}: {} only {verb} with --solve, --count or --max",
            search_flags.join(", ")
        );
        return Status::Error;
    }
    let generator = match built {
        Ok(generator) => generator,
        Err(error) => {
            diag!("dlx gen {name}: {error}");
            return Status::Error;
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = if solving {
        interrupt::catch();
        let run = Run {
            search: &output.search,
            budget: Budget::start(output.search.time_limit),
            max_solutions: output.max,
            name,
            prefixed: false,
        };
        let problem = generator.problem();
        let outcome = if output.count {
            run.search(problem, &mut Count::new(&mut out, None))
        } else {
            let mut drawing = Drawing {
                generator: &generator,
                draw: &draw,
                shape,
                out: &mut out,
            };
            run.search(problem, &mut drawing)
        };
        outcome.map(|outcome| outcome.status())
    } else {
        write_dlx(&generator, &mut out).map(|()| Status::Success)
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status,
        // The reader went away (`dlx gen ... | head`): stop quietly.
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx gen {name}: error writing output: {error}");
            Status::Error
        }
    }
}

/// Draws each solution, decoded by the generator: pictures of several lines
/// separated by a blank line, one-line pictures one after another.
struct Drawing<'a, P, D, W> {
    generator: &'a P,
    draw: &'a D,
    shape: Shape,
    out: &'a mut W,
}

impl<P, D, W> Printer for Drawing<'_, P, D, W>
where
    P: ExactCover,
    D: Fn(&P::Solution) -> String,
    W: Write,
{
    fn wants_solutions(&self) -> bool {
        true
    }

    fn solution(
        &mut self,
        _: &dancing::Problem,
        number: u64,
        options: &[OptionId],
    ) -> io::Result<()> {
        let picture = (self.draw)(&self.generator.decode(options));
        if number > 1 && self.shape == Shape::Block {
            writeln!(self.out)?;
        }
        write!(self.out, "{picture}")?;
        if !picture.ends_with('\n') {
            writeln!(self.out)?;
        }
        Ok(())
    }

    fn finish(&mut self, _: &Outcome) -> io::Result<()> {
        self.out.flush()
    }
}

/// Background colors for pieces, twelve that a terminal tells apart.
const PIECE_COLORS: [AnsiColor; 12] = [
    AnsiColor::Red,
    AnsiColor::Green,
    AnsiColor::Yellow,
    AnsiColor::Blue,
    AnsiColor::Magenta,
    AnsiColor::Cyan,
    AnsiColor::BrightRed,
    AnsiColor::BrightGreen,
    AnsiColor::BrightYellow,
    AnsiColor::BrightBlue,
    AnsiColor::BrightMagenta,
    AnsiColor::BrightCyan,
];

/// A packing with each piece on a background of its own; cells are two
/// characters wide, so that they look square.
fn draw_colored(tiling: &Tiling) -> String {
    let mut picture = String::new();
    for y in 0..tiling.height() {
        let mut row = String::new();
        // The style changes only where the piece does.
        let mut current: Option<Style> = None;
        for x in 0..tiling.width() {
            let piece = tiling.piece_at(Cell::new(x as i32, y as i32));
            let style = piece.map(piece_style);
            if style != current {
                if let Some(previous) = current {
                    let _ = write!(row, "{}", previous.render_reset());
                }
                if let Some(next) = style {
                    let _ = write!(row, "{}", next.render());
                }
                current = style;
            }
            match piece {
                Some(piece) => {
                    row.push(tiling.symbol(piece));
                    row.push(' ');
                }
                None => row.push_str("  "),
            }
        }
        if let Some(last) = current {
            let _ = write!(row, "{}", last.render_reset());
        }
        picture.push_str(row.trim_end());
        picture.push('\n');
    }
    picture
}

/// The colors of a piece: a background from the palette, and a letter that
/// stands out on it.
fn piece_style(piece: usize) -> Style {
    let k = piece % PIECE_COLORS.len();
    let letter = if k < 6 {
        AnsiColor::BrightWhite
    } else {
        AnsiColor::Black
    };
    Style::new()
        .bg_color(Some(Color::Ansi(PIECE_COLORS[k])))
        .fg_color(Some(Color::Ansi(letter)))
}

/// A clap parser for a size in `1..=max`.
fn size_parser(max: usize) -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=max as i64)
}

/// `RxC`: two numbers around an `x` (their range is checked by the problem).
fn parse_dimensions(text: &str) -> Option<(usize, usize)> {
    let (rows, columns) = text.split_once(['x', 'X'])?;
    let number = |s: &str| s.parse::<usize>().ok();
    Some((number(rows)?, number(columns)?))
}

fn parse_box(text: &str) -> Result<(usize, usize), String> {
    parse_dimensions(text)
        .ok_or_else(|| "expected the rows and columns of a box, like 2x3".to_owned())
}

fn parse_board(text: &str) -> Result<Board, String> {
    if let Some(path) = text.strip_prefix('@') {
        return Board::from_picture(&read_picture(path)?).map_err(|e| format!("{path}: {e}"));
    }
    if text
        .chars()
        .all(|c| c.is_ascii_digit() || c == 'x' || c == 'X')
    {
        let (rows, columns) = parse_dimensions(text).ok_or_else(|| {
            "expected ROWSxCOLUMNS like 6x10, a picture like ..#/..., or @FILE".to_owned()
        })?;
        return Board::rectangle(rows, columns).map_err(|e| e.to_string());
    }
    Board::from_picture(text).map_err(|e| e.to_string())
}

/// The shapes of `dlx gen tiling`: named sets, or pieces as `--pieces`
/// takes them.
fn parse_shapes(text: &str) -> Result<PieceSet, String> {
    match text {
        "dominoes" => Ok(PieceSet(tilings::domino())),
        "trominoes" => Ok(PieceSet(tilings::trominoes())),
        _ => parse_pieces(text),
    }
}

fn parse_pieces(text: &str) -> Result<PieceSet, String> {
    if text == "pentominoes" {
        return Ok(PieceSet(pentominoes()));
    }
    let (picture, origin) = match text.strip_prefix('@') {
        Some(path) => (read_picture(path)?, format!("{path}: ")),
        None => (text.to_owned(), String::new()),
    };
    pieces_from_picture(&picture)
        .map(PieceSet)
        .map_err(|e| format!("{origin}{e}"))
}

/// The most bytes read from a picture file: far more than any board.
const MAX_PICTURE_BYTES: u64 = 1 << 20;

/// The text of a picture file, or of standard input for `-`.
fn read_picture(path: &str) -> Result<String, String> {
    let mut text = String::new();
    let reader: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?)
    };
    reader
        .take(MAX_PICTURE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if text.len() as u64 > MAX_PICTURE_BYTES {
        return Err(format!(
            "{path}: a picture file may hold at most {MAX_PICTURE_BYTES} bytes"
        ));
    }
    Ok(text)
}

/// `RxC` for a shape (its range is checked by the problem).
fn parse_shape(text: &str) -> Result<(usize, usize), String> {
    parse_dimensions(text).ok_or_else(|| "expected ROWSxCOLUMNS, like 4x4".to_owned())
}

/// `N` (exactly N) or `LOWER:UPPER`, as in Knuth's DLX3 (`2|r0`, `1:2|r0`).
fn parse_sums(text: &str) -> Result<(u32, u32), String> {
    let number = |s: &str| {
        s.parse::<u32>()
            .map_err(|e| format!("`{s}` is not a count: {e}"))
    };
    let (lower, upper) = match text.split_once(':') {
        Some((lower, upper)) => (number(lower)?, number(upper)?),
        None => (number(text)?, number(text)?),
    };
    if upper == 0 || lower > upper {
        return Err(format!(
            "`{text}`: the upper bound must be at least 1 and at least the lower"
        ));
    }
    Ok((lower, upper))
}

/// The most bytes read from a word list: far more than any dictionary.
const MAX_WORD_LIST_BYTES: u64 = 64 << 20;

/// A word list, with the line and column of every word for messages.
struct WordList {
    words: Vec<String>,
    places: Vec<(usize, usize)>,
}

impl WordList {
    /// Reads the words of `path` (`-`: standard input), separated by
    /// blanks or line ends.
    fn read(path: &str) -> Result<WordList, String> {
        let reader: Box<dyn Read> = if path == "-" {
            Box::new(io::stdin())
        } else {
            Box::new(File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?)
        };
        let mut bytes = Vec::new();
        reader
            .take(MAX_WORD_LIST_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {path}: {e}"))?;
        if bytes.len() as u64 > MAX_WORD_LIST_BYTES {
            return Err(format!(
                "{path}: a word list may hold at most {MAX_WORD_LIST_BYTES} bytes"
            ));
        }
        let mut list = WordList {
            words: Vec::new(),
            places: Vec::new(),
        };
        for (number, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = std::str::from_utf8(line)
                .map_err(|_| format!("{path}:{}: the line is not valid UTF-8", number + 1))?;
            for (column, word) in tokens(line.strip_suffix('\r').unwrap_or(line)) {
                if list.words.len() == WordRectangles::MAX_WORDS {
                    return Err(format!(
                        "{path}:{}: more than {} words",
                        number + 1,
                        WordRectangles::MAX_WORDS
                    ));
                }
                list.words.push(word.to_owned());
                list.places.push((number + 1, column));
            }
        }
        Ok(list)
    }
}
