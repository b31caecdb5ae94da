//! `dlx sudoku`: Sudoku puzzles in any supported format, solved, counted,
//! checked for uniqueness, or written as exact-cover problems.
//!
//! Puzzles are streamed, so a file of a million puzzles is never in memory.
//! With one thread (`-j 1`), each is read, solved and written before the
//! next is read; with more, puzzles are read on the main thread, solved in
//! chunks on a pool of threads (see [`crate::batch`]), and the answers
//! written on the main thread in input order, byte for byte what one thread
//! writes. A bad puzzle is reported as `FILE:LINE: message` on stderr and the
//! run goes on.
//!
//! One [`Answerer`] answers puzzles for both: it writes each answer into
//! [`Answers`] (the bytes for stdout, the messages for stderr and where
//! they fall, the totals), which [`Output`] then writes out.

use std::fmt::Display;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use dancing_sudoku::exact_cover::ExactCover;
use dancing_sudoku::format::{Format, GridWriter, Layout, PuzzleReader, ReadError};
use dancing_sudoku::{Engine, Grid, Outcome, SolveError, Solver};
use serde_json::{Map, Value, json};

use crate::batch::{self, Stop};
use crate::input::Input;
use crate::progress::Progress;
use crate::status::{Status, is_broken_pipe};

const AFTER_HELP: &str = "\
Input formats (detected from the first lines of each input unless --format is given):
  line      one puzzle per line: 81 cells, then optionally whitespace and a comment
  poj2676   a line with the number of puzzles, then 9 lines of 9 cells per puzzle
  blocks    9 lines of 9 whitespace-separated cells
  grid      .sdk/.ss grids: 9 rows, `|` and spaces ignored, `---+---+---` rules skipped
A cell is 1-9, or `.` or `0` when empty. Blank lines and `#` lines are skipped, a line
`end` ends the input, and any format may start with a count line, which is checked.

Output layouts (by default the layout of the input):
  line, rows (alias poj2676), blocks, grid, ans (the \"100 lines\" seed's `ans: ` layout)

Puzzles with no solution (or, with --unique, not exactly one) and bad puzzles are
reported on stderr as FILE:LINE: message and print nothing on stdout, unless
--placeholder is given.

Puzzles are solved on every core unless -j says otherwise; answers come out in input order,
the same whatever the number of threads. On a terminal, long runs show progress on stderr
(puzzles done, puzzles per second) unless --quiet is given or answers go to the terminal.

Exit status: 0 if every puzzle was solved (or counted); 1 if some puzzle has no solution
(or, with --unique, not exactly one); 2 if some input was bad or unreadable.";

/// Solve Sudoku puzzles: lines, POJ 2676, blocks or .sdk grids.
///
/// Prints each puzzle's solution in the layout of the input (or the one
/// chosen with --output). Puzzles are read from the files named, or from
/// standard input.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Puzzle files; none, or `-`, reads standard input.
    pub files: Vec<PathBuf>,

    /// Input format.
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    pub format: FormatArg,

    /// How solutions are written [default: as the input is].
    #[arg(long, value_enum, value_name = "LAYOUT")]
    pub output: Option<OutputArg>,

    /// Search engine: Dancing Links, or one of the seeds' depth-first searches.
    #[arg(long, value_enum, default_value_t = EngineArg::Dlx)]
    pub engine: EngineArg,

    /// Print each puzzle's number of solutions, one integer per line.
    #[arg(long, conflicts_with_all = ["unique", "to_dlx", "output"])]
    pub count: bool,

    /// With --count, stop counting at N, so that a count of N means "N or
    /// more" [default: count every solution].
    #[arg(long, value_name = "N", requires = "count", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Print the solution of each puzzle that has exactly one; report the
    /// others on stderr.
    #[arg(long, conflicts_with = "to_dlx")]
    pub unique: bool,

    /// Print each puzzle's exact-cover problem in Knuth's DLX format (for
    /// `dlx solve` or DLX1) instead of solving it.
    #[arg(long, conflicts_with_all = ["json", "output", "placeholder", "stats"])]
    pub to_dlx: bool,

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

    /// Show no progress on stderr (shown only on a terminal, for runs
    /// longer than a second).
    #[arg(short, long)]
    pub quiet: bool,
}

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// Detect the format of each input from its first lines.
    Auto,
    /// 81-character lines.
    Line,
    /// A count line, then 9 lines of 9 digits per puzzle.
    #[value(name = "poj2676")]
    Poj2676,
    /// 9 lines of 9 whitespace-separated numbers.
    Blocks,
    /// .sdk/.ss grids with `|` and `---+---+---` rules.
    Grid,
}

impl FormatArg {
    fn format(self) -> Option<Format> {
        match self {
            FormatArg::Auto => None,
            FormatArg::Line => Some(Format::Line),
            FormatArg::Poj2676 => Some(Format::Poj2676),
            FormatArg::Blocks => Some(Format::Blocks),
            FormatArg::Grid => Some(Format::Grid),
        }
    }
}

/// `--output`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputArg {
    /// One 81-digit line per grid.
    Line,
    /// 9 lines of 9 digits per grid (POJ 2676).
    #[value(alias = "poj2676")]
    Rows,
    /// 9 lines of 9 space-separated digits, a blank line between grids.
    Blocks,
    /// .sdk style, with `|` and `---+---+---`, a blank line between grids.
    Grid,
    /// The "100 lines" output: `ans: `, then rows of digits each followed by three spaces.
    Ans,
}

impl OutputArg {
    fn layout(self) -> Layout {
        match self {
            OutputArg::Line => Layout::Line,
            OutputArg::Rows => Layout::Rows,
            OutputArg::Blocks => Layout::Blocks,
            OutputArg::Grid => Layout::Grid,
            OutputArg::Ans => Layout::Ans,
        }
    }
}

/// `--engine`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// Dancing Links (Algorithm X on the exact cover).
    Dlx,
    /// Row-major depth-first search (POJ 2676).
    Naive,
    /// Depth-first search over the list of empty cells ("100 lines").
    BlankList,
    /// Bitmasks, fewest candidates first (AcWing 166).
    Mrv,
    /// Iterative bitmasks with an explicit stack (LeetCode 37).
    Stack,
}

impl EngineArg {
    fn engine(self) -> Engine {
        match self {
            EngineArg::Dlx => Engine::Dlx,
            EngineArg::Naive => Engine::Naive,
            EngineArg::BlankList => Engine::BlankList,
            EngineArg::Mrv => Engine::Mrv,
            EngineArg::Stack => Engine::Stack,
        }
    }
}

/// What is done with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Solve,
    Count { limit: u64 },
    Unique,
    ToDlx,
}

/// The progress line: puzzles done and their rate.
const PROGRESS: &str = "{spinner} {human_pos} puzzles, {rate} puzzles/s, {elapsed}";

/// Solves every puzzle of every input in turn, on one thread or several.
pub fn run(args: &Args) -> Status {
    let config = Config::new(args);
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    // When answers stream onto the terminal, they show the progress.
    let progress = if args.quiet || interactive {
        Progress::hidden()
    } else {
        Progress::spinner(PROGRESS)
    };
    let mut output = Output {
        out: BufWriter::with_capacity(1 << 16, stdout.lock()),
        interactive,
        progress: &progress,
        last_layout: None,
        totals: Totals::default(),
    };
    let started = Instant::now();
    let threads = thread_count(args);
    let ran = if threads == 1 {
        solve_in_turn(args, &config, &mut output)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|k| format!("dlx-sudoku-{k}"))
            .build();
        match pool {
            Ok(pool) => solve_in_parallel(args, &config, &pool, &mut output),
            Err(error) => {
                drop(progress);
                crate::diag!("dlx: cannot start {threads} threads: {error}");
                return Status::Error;
            }
        }
    };
    let written = ran
        .and_then(|()| {
            if args.json {
                let summary = summary_json(&config, &output.totals, started.elapsed());
                writeln!(output.out, "{summary}")?;
            }
            Ok(())
        })
        .and_then(|()| output.out.flush());
    let totals = output.totals;
    // Cleared before anything else is written on stderr.
    drop(progress);
    match written {
        Ok(()) => {}
        // The reader went away (`dlx sudoku big.txt | head`): stop quietly.
        Err(error) if is_broken_pipe(&error) => return totals.status,
        Err(error) => {
            crate::diag!("dlx: error writing output: {error}");
            return Status::Error;
        }
    }
    if args.stats {
        print_stats(&config, &totals, started.elapsed());
    }
    totals.status
}

/// The threads to solve on: `--threads`, or one per core; one when reading
/// puzzles typed at a terminal, so that each answer comes back at once.
fn thread_count(args: &Args) -> usize {
    let typed = Input::all(&args.files)
        .iter()
        .any(|input| matches!(input, Input::Stdin))
        && io::stdin().is_terminal();
    if typed {
        return 1;
    }
    match args.threads {
        Some(threads) => usize::from(threads),
        None => thread::available_parallelism().map_or(1, NonZeroUsize::get),
    }
}

/// `-j 1`: each puzzle is read, answered and written before the next is read.
fn solve_in_turn(args: &Args, config: &Config, output: &mut Output<'_>) -> io::Result<()> {
    let mut answerer = Answerer::new(config);
    let mut answers = Answers::default();
    read_inputs(args, &mut |entry| {
        answerer.answer(&entry, &mut answers);
        output.write(&answers)?;
        answers.clear();
        Ok(())
    })
}

/// `-j N`: puzzles are read on this thread, answered in chunks on `pool`
/// (each thread with a solver of its own), and the answers written here in
/// input order, chunk after chunk.
fn solve_in_parallel(
    args: &Args,
    config: &Config,
    pool: &rayon::ThreadPool,
    output: &mut Output<'_>,
) -> io::Result<()> {
    // Answerers (and their solvers) between chunks: one per thread at most.
    let idle = Mutex::new(Vec::new());
    let answer_chunk = |chunk: Vec<Entry>, stop: &Stop| {
        let spare = idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let mut answerer = spare.unwrap_or_else(|| Answerer::new(config));
        answerer.start_chunk();
        let mut answers = Answers::default();
        for entry in &chunk {
            if stop.requested() {
                break;
            }
            answerer.answer(entry, &mut answers);
        }
        idle.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(answerer);
        answers
    };
    batch::run_in_order(
        pool,
        answer_chunk,
        |answers| output.write(&answers),
        |push| read_inputs(args, push),
    )
}

/// One thing read from an input, in input order: a puzzle, a puzzle that
/// could not be read, or a problem of the input as a whole.
struct Entry {
    /// The input's name in messages.
    name: Arc<str>,
    item: Item,
}

enum Item {
    /// A puzzle, and the layout its answer takes.
    Puzzle {
        line: usize,
        puzzle: Grid,
        layout: Layout,
    },
    /// A puzzle that could not be read; a placeholder takes `layout`.
    BadPuzzle { error: ReadError, layout: Layout },
    /// The input cannot be opened, or its count line is wrong.
    InputError {
        line: Option<usize>,
        message: String,
    },
}

/// Reads every input in turn and hands what it holds to `push`, in order.
/// An input that cannot be read is reported in its place, and the next one
/// is read.
fn read_inputs(args: &Args, push: &mut dyn FnMut(Entry) -> io::Result<()>) -> io::Result<()> {
    for input in Input::all(&args.files) {
        let name: Arc<str> = input.name().into();
        let reader = match input.open() {
            Ok(reader) => reader,
            Err(error) => {
                let message = format!("cannot open: {error}");
                let item = Item::InputError {
                    line: None,
                    message,
                };
                push(Entry { name, item })?;
                continue;
            }
        };
        let mut reader = PuzzleReader::new(reader, args.format.format());
        let mut puzzle = Grid::default();
        while let Some(read) = reader.read_into(&mut puzzle) {
            // Answers take the layout asked for, or that of the input.
            let layout = match args.output {
                Some(output) => output.layout(),
                None => reader.layout().unwrap_or(Layout::Line),
            };
            let item = match read {
                Ok(line) => Item::Puzzle {
                    line,
                    puzzle: puzzle.clone(),
                    layout,
                },
                Err(error) if error.is_puzzle_error() => Item::BadPuzzle { error, layout },
                Err(error) => Item::InputError {
                    line: Some(error.line),
                    message: error.kind.to_string(),
                },
            };
            push(Entry {
                name: name.clone(),
                item,
            })?;
        }
    }
    Ok(())
}

/// The settings every answerer shares.
struct Config {
    mode: Mode,
    engine: Engine,
    json: bool,
    placeholder: Option<String>,
}

impl Config {
    fn new(args: &Args) -> Config {
        let mode = if args.to_dlx {
            Mode::ToDlx
        } else if args.count {
            Mode::Count {
                limit: args.limit.unwrap_or(u64::MAX),
            }
        } else if args.unique {
            Mode::Unique
        } else {
            Mode::Solve
        };
        Config {
            mode,
            engine: args.engine.engine(),
            json: args.json,
            placeholder: args.placeholder.clone(),
        }
    }
}

/// Counts for the summary, and the exit status so far.
#[derive(Clone, Copy, Debug)]
struct Totals {
    /// Puzzles read, bad ones included.
    puzzles: u64,
    solved: u64,
    unsolvable: u64,
    not_unique: u64,
    /// Puzzles that could not be read or have contradictory givens.
    invalid: u64,
    /// Problems of an input as a whole: unreadable, bad count line.
    errors: u64,
    nodes: u64,
    /// Time in the solver, added over threads.
    solve_time: Duration,
    status: Status,
}

impl Default for Totals {
    fn default() -> Totals {
        Totals {
            puzzles: 0,
            solved: 0,
            unsolvable: 0,
            not_unique: 0,
            invalid: 0,
            errors: 0,
            nodes: 0,
            solve_time: Duration::ZERO,
            status: Status::Success,
        }
    }
}

impl Totals {
    fn add(&mut self, other: &Totals) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.unsolvable += other.unsolvable;
        self.not_unique += other.not_unique;
        self.invalid += other.invalid;
        self.errors += other.errors;
        self.nodes += other.nodes;
        self.solve_time += other.solve_time;
        self.status = self.status.worst(other.status);
    }

    fn fail(&mut self, status: Status) {
        self.status = self.status.worst(status);
    }
}

/// The answers to some puzzles, kept to be written in order later: the bytes
/// for stdout, the messages for stderr with where they fall in those bytes,
/// and what they add to the totals.
#[derive(Default)]
struct Answers {
    out: Vec<u8>,
    marks: Vec<Mark>,
    /// The layout of the last grid (or placeholder) written.
    last_layout: Option<Layout>,
    totals: Totals,
}

/// A point in [`Answers::out`] where something happens as it is written.
enum Mark {
    /// A message for stderr, written after the bytes before it.
    Note { at: usize, message: String },
    /// The first grid (or placeholder) of a chunk, whose separator from the
    /// grid before it depends on what earlier chunks wrote.
    FirstGrid { at: usize, layout: Layout },
}

impl Answers {
    fn clear(&mut self) {
        self.out.clear();
        self.marks.clear();
        self.last_layout = None;
        self.totals = Totals::default();
    }

    fn note(&mut self, message: String) {
        let at = self.out.len();
        self.marks.push(Mark::Note { at, message });
    }

    fn line(&mut self, text: impl Display) {
        // Writing into memory does not fail.
        let _ = writeln!(self.out, "{text}");
    }
}

/// Answers puzzles one at a time: what `-j 1` does on the main thread and
/// each worker of `-j N` on its chunks.
struct Answerer<'c> {
    config: &'c Config,
    solver: Solver,
    solution: Grid,
    /// Writes grids in one layout; made anew when the layout changes, and
    /// at the start of a chunk.
    writer: Option<GridWriter>,
}

/// The puzzle being answered, and where it comes from.
struct Case<'e> {
    name: &'e str,
    line: usize,
    puzzle: &'e Grid,
    layout: Layout,
}

/// What goes where a grid goes.
enum Answer<'a> {
    /// The solution just found.
    Solution,
    /// `--placeholder`.
    Placeholder(&'a str),
}

/// Why a puzzle gets no answer.
struct Failure<'a> {
    /// The `status` of its JSON record.
    status: &'a str,
    message: &'a str,
    exit: Status,
    outcome: Option<&'a Outcome>,
}

impl<'c> Answerer<'c> {
    fn new(config: &'c Config) -> Answerer<'c> {
        Answerer {
            config,
            solver: Solver::new(config.engine),
            solution: Grid::default(),
            writer: None,
        }
    }

    /// Forgets what was written before: the next grid is the first of a
    /// chunk, separated from the previous chunk's when it is written out.
    fn start_chunk(&mut self) {
        self.writer = None;
    }

    /// Answers `entry`, adding to `answers`.
    fn answer(&mut self, entry: &Entry, answers: &mut Answers) {
        let name = &*entry.name;
        match &entry.item {
            Item::Puzzle {
                line,
                puzzle,
                layout,
            } => {
                let case = Case {
                    name,
                    line: *line,
                    puzzle,
                    layout: *layout,
                };
                self.puzzle(&case, answers);
            }
            Item::BadPuzzle { error, layout } => self.bad_puzzle(name, error, *layout, answers),
            Item::InputError { line, message } => self.input_error(name, *line, message, answers),
        }
    }

    /// Solves (or counts, or converts) a puzzle.
    fn puzzle(&mut self, case: &Case, answers: &mut Answers) {
        answers.totals.puzzles += 1;
        let limit = match self.config.mode {
            Mode::ToDlx => return self.problem(case, answers),
            Mode::Solve => 1,
            Mode::Unique => 2,
            Mode::Count { limit } => limit,
        };
        let started = Instant::now();
        let searched = self.solver.search(case.puzzle, limit, &mut self.solution);
        answers.totals.solve_time += started.elapsed();
        let outcome = match searched {
            Ok(outcome) => outcome,
            Err(error) => return self.invalid(case, &error, answers),
        };
        answers.totals.nodes += outcome.nodes;
        if outcome.solutions > 0 && !self.solution.solves(case.puzzle) {
            // Never print a wrong grid, whatever happened.
            let message = format!(
                "internal error: the {} engine returned a grid that does not solve the puzzle",
                self.solver.engine()
            );
            answers.totals.invalid += 1;
            let failure = Failure {
                status: "error",
                message: &message,
                exit: Status::Error,
                outcome: Some(&outcome),
            };
            return self.failed(case, &failure, answers);
        }
        match (self.config.mode, outcome.solutions) {
            (Mode::Count { .. }, count) => {
                if count > 0 {
                    answers.totals.solved += 1;
                } else {
                    answers.totals.unsolvable += 1;
                    answers.totals.fail(Status::NotFound);
                }
                if self.config.json {
                    let status = if count > 0 { "solved" } else { "no-solution" };
                    self.puzzle_json(case, status, Some(&outcome), None, answers);
                } else {
                    answers.line(count);
                }
            }
            (_, 0) => {
                answers.totals.unsolvable += 1;
                let failure = Failure {
                    status: "no-solution",
                    message: "no solution",
                    exit: Status::NotFound,
                    outcome: Some(&outcome),
                };
                self.failed(case, &failure, answers);
            }
            (Mode::Unique, 2..) => {
                answers.totals.not_unique += 1;
                let failure = Failure {
                    status: "not-unique",
                    message: "more than one solution",
                    exit: Status::NotFound,
                    outcome: Some(&outcome),
                };
                self.failed(case, &failure, answers);
            }
            _ => {
                answers.totals.solved += 1;
                if self.config.json {
                    self.puzzle_json(case, "solved", Some(&outcome), None, answers);
                } else {
                    self.grid(case.layout, Answer::Solution, answers);
                }
            }
        }
    }

    /// `--to-dlx`: the puzzle's exact-cover problem in Knuth's format.
    fn problem(&mut self, case: &Case, answers: &mut Answers) {
        match ExactCover::new(case.puzzle) {
            // Writing into memory does not fail.
            Ok(cover) => {
                let _ = cover.write_dlx(&mut answers.out);
            }
            Err(error) => self.invalid(case, &error, answers),
        }
    }

    fn invalid(&mut self, case: &Case, error: &SolveError, answers: &mut Answers) {
        answers.totals.invalid += 1;
        let message = error.to_string();
        let failure = Failure {
            status: "invalid",
            message: &message,
            exit: Status::Error,
            outcome: None,
        };
        self.failed(case, &failure, answers);
    }

    /// A puzzle that gets no answer: the message on stderr, a placeholder or
    /// a JSON record on stdout.
    fn failed(&mut self, case: &Case, failure: &Failure, answers: &mut Answers) {
        answers.totals.fail(failure.exit);
        answers.note(format!("{}:{}: {}", case.name, case.line, failure.message));
        if self.config.json {
            let message = Some(failure.message);
            self.puzzle_json(case, failure.status, failure.outcome, message, answers);
        } else {
            self.placeholder(case.layout, answers);
        }
    }

    /// A puzzle that could not be read.
    fn bad_puzzle(&mut self, name: &str, error: &ReadError, layout: Layout, answers: &mut Answers) {
        answers.totals.puzzles += 1;
        answers.totals.invalid += 1;
        answers.totals.fail(Status::Error);
        answers.note(format!("{name}:{error}"));
        if self.config.json {
            let record = json!({
                "type": "puzzle",
                "file": name,
                "line": error.line,
                "puzzle": null,
                "status": "invalid",
                "solution": null,
                "error": error.kind.to_string(),
            });
            answers.line(record);
        } else {
            self.placeholder(layout, answers);
        }
    }

    /// `--placeholder`: its text in place of an answer.
    fn placeholder(&mut self, layout: Layout, answers: &mut Answers) {
        // The settings outlive this answerer: no borrow of it.
        let config = self.config;
        let Some(text) = &config.placeholder else {
            return;
        };
        match config.mode {
            Mode::Count { .. } => answers.line(text),
            _ => self.grid(layout, Answer::Placeholder(text), answers),
        }
    }

    /// Writes a grid or a placeholder in `layout`, separated from the grid
    /// before as the layout wants.
    fn grid(&mut self, layout: Layout, answer: Answer, answers: &mut Answers) {
        if self.writer.is_none() {
            let at = answers.out.len();
            answers.marks.push(Mark::FirstGrid { at, layout });
        }
        let writer = writer_for(&mut self.writer, layout);
        // Writing into memory does not fail.
        let _ = match answer {
            Answer::Solution => writer.write(&mut answers.out, &self.solution),
            Answer::Placeholder(text) => writer.write_placeholder(&mut answers.out, text),
        };
        answers.last_layout = Some(layout);
    }

    /// A problem of an input as a whole (it cannot be opened, its count line
    /// is wrong): no puzzle is skipped because of it.
    fn input_error(&self, name: &str, line: Option<usize>, message: &str, answers: &mut Answers) {
        answers.totals.errors += 1;
        answers.totals.fail(Status::Error);
        let place = match line {
            Some(line) => format!("{name}:{line}"),
            None => name.to_owned(),
        };
        answers.note(format!("{place}: {message}"));
        if self.config.json {
            let record = json!({ "type": "error", "file": name, "line": line, "error": message });
            answers.line(record);
        }
    }

    fn puzzle_json(
        &self,
        case: &Case,
        status: &str,
        outcome: Option<&Outcome>,
        error: Option<&str>,
        answers: &mut Answers,
    ) {
        let mut record = Map::new();
        record.insert("type".into(), "puzzle".into());
        record.insert("file".into(), case.name.into());
        record.insert("line".into(), case.line.into());
        record.insert("puzzle".into(), case.puzzle.to_line().into());
        record.insert("status".into(), status.into());
        let solved = status == "solved" && outcome.is_some_and(|o| o.solutions > 0);
        let solution = if solved {
            Value::from(self.solution.to_line())
        } else {
            Value::Null
        };
        record.insert("solution".into(), solution);
        if let Some(outcome) = outcome {
            if matches!(self.config.mode, Mode::Count { .. } | Mode::Unique) {
                record.insert("count".into(), outcome.solutions.into());
            }
            record.insert("nodes".into(), outcome.nodes.into());
        }
        if let Some(error) = error {
            record.insert("error".into(), error.into());
        }
        answers.line(Value::Object(record));
    }
}

/// The main thread's end: writes answers to stdout and their messages to
/// stderr, in order, and adds up the totals.
struct Output<'p> {
    out: BufWriter<io::StdoutLock<'static>>,
    /// Flush after every write, so that a terminal shows answers as they come.
    interactive: bool,
    progress: &'p Progress,
    /// The layout of the last grid written, if any.
    last_layout: Option<Layout>,
    totals: Totals,
}

impl Output<'_> {
    /// Writes `answers`: the bytes, each message after the bytes before it
    /// (stdout is flushed first, so that both read in order on a terminal or
    /// in one file), and a separator before the first grid where the grid
    /// before it calls for one.
    fn write(&mut self, answers: &Answers) -> io::Result<()> {
        let noted = answers
            .marks
            .iter()
            .any(|mark| matches!(mark, Mark::Note { .. }));
        if noted && self.progress.is_active() {
            let progress = self.progress;
            progress.suspend(|| self.replay(answers))?;
        } else {
            self.replay(answers)?;
        }
        self.totals.add(&answers.totals);
        self.progress.set_position(self.totals.puzzles);
        if self.interactive {
            self.out.flush()?;
        }
        Ok(())
    }

    fn replay(&mut self, answers: &Answers) -> io::Result<()> {
        let mut written = 0;
        for mark in &answers.marks {
            match mark {
                Mark::Note { at, message } => {
                    self.out.write_all(&answers.out[written..*at])?;
                    written = *at;
                    self.out.flush()?;
                    // Messages are best effort: a closed stderr stops nothing.
                    let _ = writeln!(io::stderr(), "{message}");
                }
                Mark::FirstGrid { at, layout } => {
                    self.out.write_all(&answers.out[written..*at])?;
                    written = *at;
                    if self.last_layout == Some(*layout) {
                        self.out.write_all(separator(*layout))?;
                    }
                }
            }
        }
        self.out.write_all(&answers.out[written..])?;
        if answers.last_layout.is_some() {
            self.last_layout = answers.last_layout;
        }
        Ok(())
    }
}

/// What [`GridWriter`] writes between two grids of `layout`: a blank line
/// between pictures of several lines.
fn separator(layout: Layout) -> &'static [u8] {
    match layout {
        Layout::Blocks | Layout::Grid => b"\n",
        Layout::Line | Layout::Rows | Layout::Ans => b"",
    }
}

/// The writer in `slot`, made anew if the layout changed (a later input in
/// another format is answered in its own layout).
fn writer_for(slot: &mut Option<GridWriter>, layout: Layout) -> &mut GridWriter {
    if slot.as_ref().is_none_or(|writer| writer.layout() != layout) {
        *slot = Some(GridWriter::new(layout));
    }
    slot.get_or_insert_with(|| GridWriter::new(layout))
}

fn summary_json(config: &Config, totals: &Totals, elapsed: Duration) -> Value {
    json!({
        "type": "summary",
        "engine": config.engine.name(),
        "puzzles": totals.puzzles,
        "solved": totals.solved,
        "unsolvable": totals.unsolvable,
        "not_unique": totals.not_unique,
        "invalid": totals.invalid,
        "errors": totals.errors,
        "nodes": totals.nodes,
        "time_seconds": elapsed.as_secs_f64(),
        "solve_seconds": totals.solve_time.as_secs_f64(),
        "us_per_puzzle": per_puzzle(elapsed, totals.puzzles),
    })
}

/// The `--stats` line: `name value` pairs, like `dlx solve --stats`.
fn print_stats(config: &Config, totals: &Totals, elapsed: Duration) {
    crate::diag!(
        "engine {} puzzles {} solved {} unsolvable {} not-unique {} invalid {} errors {} nodes {} \
         time {:.3}s solve-time {:.3}s us-per-puzzle {:.2}",
        config.engine,
        totals.puzzles,
        totals.solved,
        totals.unsolvable,
        totals.not_unique,
        totals.invalid,
        totals.errors,
        totals.nodes,
        elapsed.as_secs_f64(),
        totals.solve_time.as_secs_f64(),
        per_puzzle(elapsed, totals.puzzles),
    );
}

/// Microseconds per puzzle over the whole run (reading, solving, writing).
fn per_puzzle(elapsed: Duration, puzzles: u64) -> f64 {
    if puzzles == 0 {
        0.0
    } else {
        elapsed.as_secs_f64() * 1e6 / puzzles as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_template_is_valid() {
        assert!(crate::progress::is_valid_template(PROGRESS));
    }

    #[test]
    fn separators_are_those_of_the_grid_writer() {
        let grid: Grid = "1..2....3..4...1".parse().expect("a 4x4 puzzle");
        for layout in Layout::ALL {
            let mut writer = GridWriter::new(layout);
            let (mut one, mut two) = (Vec::new(), Vec::new());
            let _ = writer.write(&mut one, &grid);
            let _ = writer.write(&mut two, &grid);
            assert_eq!(
                two.strip_suffix(&one[..]),
                Some(separator(layout)),
                "{layout}"
            );
        }
    }
}
