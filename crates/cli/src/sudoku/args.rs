//! The command line of `dlx sudoku`, as clap reads it (the plan,
//! `plan.rs`, decides what it asks for).

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};

use dancing_sudoku::format::{Format, Layout};
use dancing_sudoku::{Engine, Shape, Symbols, Variant};

pub(super) const AFTER_HELP: &str = "\
Input formats (detected from the first lines of each input unless --format is given):
  line      one puzzle per line: n*n cells, then optionally whitespace and a comment
  poj2676   a line with the number of puzzles, then n lines of n cells per puzzle
  blocks    n lines of n whitespace-separated cells (numbers of two digits are decimal)
  grid      .sdk/.ss grids: n rows, `|` and spaces ignored, `---+---+---` rules skipped
  csv       a header naming the puzzle column (quizzes, puzzle) and perhaps the solution
            column (solutions, solution), as in Kaggle's sets; a given solution is checked
Sizes: 4x4 to 64x64. A line's length (or a grid's first row) gives the size, with boxes as
square as can be and no taller than wide (6x6: 2x3, 8x8: 2x4, 12x12: 3x4); --box RxC
fixes the shape. A cell is a symbol (1-9, A-Z, a-z by default; a-z read as A-Z up to
35x35; --symbols for others), or `.`, `_` or `0` (when 0 is not a symbol) when empty.
Blank lines and `#` lines are skipped, a line `end` ends the input, and any format may
start with a count line, which is checked. Bare rows of 16 cells or more read as lines
unless --format grid is given.

Variants (--variant, or a line `variant NAME` before the puzzles it applies to):
  x         both long diagonals hold every digit once
  hyper     so do the windows one cell in from the boxes (Windoku: four on 9x9)
  jigsaw    regions instead of boxes: after the cells, a space and a region map of n*n labels
  killer    cages: after the cells (and region map), a cage map of n*n labels (`.` for no
            cage) and a LABEL=SUM word per cage; a cage's digits are distinct with that sum
  mixes     x+hyper, jigsaw+x, killer+x, ... (joined by `+`)
Jigsaw and killer puzzles are read in the line format; a region or cage map in the comment
of a line read as another variant is refused (it would be solved by the wrong rules). Every
solution is verified against every rule of its variant before it is printed.

Output layouts (by default the layout of the input):
  line, rows (alias poj2676), blocks, grid, ans (the \"100 lines\" seed's `ans: ` layout)
  csv       CSV input only (Kaggle's `quizzes,solutions`, `id,puzzle`, ...): a header line,
            the input's columns and a `solution` column unless it has one, then each record
            in input order with its solution in that column; a puzzle with no answer (bad,
            unsolvable, not unique, given up) keeps its row with the solution empty (or
            --placeholder) and is reported on stderr as in the other layouts

Every solution is checked against its puzzle before it is printed (a grid that broke a
rule would be reported as an internal error, never printed).

Puzzles with no solution (or, with --unique, not exactly one), bad puzzles and puzzles given
up (their --max-nodes or --time-limit budget ran out first; the answer is then unknown)
are reported on stderr as FILE:LINE: message and print nothing on stdout, unless
--placeholder is given. An input that holds no puzzle at all is an error.

Answers are written as soon as they are known when input comes slowly (a pipe, a terminal,
`tail -f`); from a regular file they are written in large blocks. Ctrl-C or SIGTERM stops
the run: the answers found so far are written, then a partial summary on stderr, and the
exit status is 130. A second Ctrl-C, a quarter of a second or more after the first, ends
the program at once (signals that come together count as one).

--rate answers each puzzle that has exactly one solution with its rating, on the puzzle's
line as --generate --rate writes it (`CELLS [MAPS] clues=24 singles=yes search-effort=58.0`,
after the `box` and `variant` lines the puzzle needs); the others are reported.

--to-dlx writes the problem of one puzzle, and refuses a second (`dlx solve` would read two
problems as one); --to-dlx-dir DIR writes one file per puzzle, DIR/NAME-LINE.dlx (NAME is
the input's file name, or `stdin`), and prints each file's path.

Puzzles are solved on every core unless -j says otherwise; answers come out in input order,
the same whatever the number of threads. On a terminal, long runs show progress on stderr
(puzzles done, puzzles per second) unless --quiet is given or answers go to the terminal.

Exit status: 0 if every puzzle was solved (or counted); 1 if some puzzle has no solution
(or, with --unique, not exactly one); 2 if some input was bad, unreadable or empty, or some
puzzle was given up (its answer is unknown); 130 if interrupted. The worst applies.";

/// Solve, count, rate or generate Sudoku: 4x4 to 64x64, X, hyper, jigsaw and killer; lines, grids or CSV.
///
/// Prints each puzzle's solution in the layout of the input (or the one
/// chosen with --output). Puzzles are read from the files named, or from
/// standard input.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Puzzle files; none, or `-`, reads standard input.
    pub files: Vec<PathBuf>,

    /// Input format (`auto`: detected from the first lines of each input).
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = format_parser())]
    pub format: InputFormat,

    /// The box shape of every puzzle, ROWSxCOLUMNS (`3x3`, `2x3`, `3x2`,
    /// `4x4`) [default: from each puzzle's size: the most square boxes, no
    /// taller than wide, so 6x6 has 2x3 boxes and 12x12 3x4].
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,

    /// The characters of digits 1, 2, ..., in order [default:
    /// 123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz, enough
    /// for 61x61; 62x62 to 64x64 need an alphabet of their own].
    #[arg(long, value_name = "ALPHABET", value_parser = check_symbols)]
    pub symbols: Option<String>,

    /// The variant of the puzzles: classic, x (both diagonals), hyper
    /// (Windoku windows), jigsaw (a region map after the cells), killer (a
    /// cage map and LABEL=SUM words after the cells), or a mix joined by `+`
    /// (`x+killer`). A line `variant NAME` in the input changes it.
    #[arg(long, value_name = "NAME", default_value = "classic")]
    pub variant: Variant,

    /// How solutions are written [default: as the input is]: a grid layout,
    /// or `csv` (CSV input only): each record with its solution.
    #[arg(long, value_name = "LAYOUT", value_parser = layout_parser())]
    pub output: Option<Written>,

    /// Search engine: Dancing Links, or one of the seeds' depth-first searches.
    #[arg(long, default_value = "dlx", value_parser = engine_parser())]
    pub engine: Engine,

    /// Print each puzzle's number of solutions, one integer per line.
    #[arg(long, conflicts_with_all = ["unique", "to_dlx", "output"])]
    pub count: bool,

    /// With --count, stop counting at N, so that a count of N means "N or
    /// more" [default: count every solution].
    // With every conflict of --count and --generate: clap waives a
    // `requires` whose target conflicts with a flag given, which would
    // let --limit be ignored.
    #[arg(long, value_name = "N", requires = "count", conflicts_with_all = ["unique", "to_dlx", "to_dlx_dir", "output", "generate"],
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Print the solution of each puzzle that has exactly one; report the
    /// others on stderr.
    #[arg(long, conflicts_with = "to_dlx")]
    pub unique: bool,

    /// Print the puzzle's exact-cover problem in Knuth's DLX format (for
    /// `dlx solve` or DLX1) instead of solving it. One puzzle only: a
    /// second is refused (see --to-dlx-dir).
    #[arg(long, conflicts_with_all = ["json", "output", "placeholder", "stats", "max_nodes", "time_limit", "engine"])]
    pub to_dlx: bool,

    /// Write each puzzle's exact-cover problem in Knuth's DLX format to a
    /// file of its own in DIR (made if missing), DIR/NAME-LINE.dlx, and
    /// print the file's path.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["to_dlx", "count", "unique", "json", "output", "placeholder", "max_nodes", "time_limit", "engine", "stats"])]
    pub to_dlx_dir: Option<PathBuf>,

    /// Give up on a puzzle after N search-tree nodes (counted alike by
    /// every engine: 1 plus one per placement), and report it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,

    /// Give up on a puzzle after this long (`250ms`, `2`, `2s`, `1.5m`),
    /// and report it.
    #[arg(long, value_name = "TIME", value_parser = crate::run::values::parse_duration)]
    pub time_limit: Option<Duration>,

    /// Print a summary on stderr: puzzles, solved, unsolvable, invalid,
    /// search nodes, time and microseconds per puzzle.
    #[arg(long)]
    pub stats: bool,

    /// Write JSON Lines: one record per puzzle, then a summary record.
    #[arg(long, conflicts_with_all = ["output", "placeholder"])]
    pub json: bool,

    /// Print TEXT on a line of its own in place of each puzzle that gets no
    /// answer (bad, unsolvable, not unique), keeping the output aligned with
    /// the input.
    #[arg(long, value_name = "TEXT")]
    pub placeholder: Option<String>,

    /// Solve on N threads (1 to 1024) [default: one per core; one when
    /// puzzles are typed at a terminal]. The output is the same for every N;
    /// -j 1 solves one puzzle after another.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,

    /// Generate COUNT puzzles instead of solving: each with exactly one
    /// solution and minimal (no clue can be taken away), of the --box shape
    /// (3x3 by default) and --variant (any; jigsaw puzzles get a random
    /// region map, killer puzzles random cages and only the clues they need,
    /// a few; killer up to 9x9, jigsaw up to 12x12), written one per line in --symbols
    /// with their region map and cages, after a line `variant NAME` for any
    /// variant but classic, so that `dlx sudoku` reads them back as they are.
    /// The output depends on --seed only, not on -j.
    #[arg(long, value_name = "COUNT", conflicts_with_all = NOT_WITH_GENERATE)]
    pub generate: Option<u64>,

    /// The seed of --generate.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "generate", conflicts_with_all = NOT_WITH_GENERATE)]
    pub seed: u64,

    /// With --generate, take clues away in pairs related by the half turn,
    /// so that the clues make a symmetric pattern (minimal for such pairs).
    #[arg(long, requires = "generate", conflicts_with_all = NOT_WITH_GENERATE)]
    pub symmetric: bool,

    /// Rate each puzzle of the files (or, with --generate, each puzzle
    /// made): whether singles alone solve it (the search never branches),
    /// and the search effort (nodes of a uniqueness search, averaged over 8
    /// relabellings of the digits, the same for every puzzle; killer: of
    /// the one search, since relabelling changes the sums). Each puzzle
    /// with exactly one solution is written on a line of its own with its
    /// rating, `... clues=24 singles=yes search-effort=58.0`, as --generate
    /// --rate writes it; the others are reported as with --unique. A
    /// measure of search, not a human difficulty grade.
    #[arg(long, conflicts_with_all = NOT_WITH_RATE)]
    pub rate: bool,

    /// Show no progress on stderr (shown only on a terminal, for runs
    /// longer than a second).
    #[arg(short, long)]
    pub quiet: bool,
}

/// The flags about what is done with each puzzle read, and how it is
/// written, which --rate does not go with (a rating is its answer, written
/// on the puzzle's line).
const NOT_WITH_RATE: [&str; 10] = [
    "count",
    "limit",
    "unique",
    "to_dlx",
    "to_dlx_dir",
    "output",
    "placeholder",
    "max_nodes",
    "time_limit",
    "engine",
];

/// The flags about reading and answering puzzles, which --generate and the
/// flags that require it (--seed, --symmetric) do not go with: each
/// of those carries the whole list, since clap waives a `requires` whose
/// target conflicts with a flag given (`--count --seed 3` would be taken,
/// the seed ignored).
const NOT_WITH_GENERATE: [&str; 13] = [
    "files",
    "count",
    "limit",
    "unique",
    "to_dlx",
    "to_dlx_dir",
    "output",
    "placeholder",
    "max_nodes",
    "time_limit",
    "format",
    "engine",
    "stats",
];

/// `--format`: a [`Format`], or `None` to detect the format of each input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputFormat(pub Option<Format>);

/// `--format`: a [`Format`] by name, or `auto`.
fn format_parser() -> impl TypedValueParser<Value = InputFormat> {
    let names = std::iter::once("auto").chain(Format::ALL.map(Format::name));
    PossibleValuesParser::new(names).map(|name| InputFormat(name.parse().ok()))
}

/// `--output`: how answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// Solutions as grids in a layout.
    Grids(Layout),
    /// Each record of a CSV input with its solution.
    Csv,
}

/// `--output`: a [`Layout`] by name (`poj2676` stands for `rows`), or `csv`.
fn layout_parser() -> impl TypedValueParser<Value = Written> {
    let names = Layout::ALL
        .map(Layout::name)
        .into_iter()
        .chain(["poj2676", "csv"]);
    PossibleValuesParser::new(names).map(|name| match name.as_str() {
        "csv" => Written::Csv,
        name => Written::Grids(name.parse().expect("a layout name")),
    })
}

/// `--symbols`, checked (and kept as text: the parsed alphabet is large).
fn check_symbols(text: &str) -> Result<String, String> {
    Symbols::new(text)
        .map(|_| text.to_owned())
        .map_err(|error| error.to_string())
}

/// `--engine`: an [`Engine`] by name.
fn engine_parser() -> impl TypedValueParser<Value = Engine> {
    PossibleValuesParser::new(Engine::ALL.map(Engine::name))
        .map(|name| name.parse().expect("an engine name"))
}
