//! `dlx sudoku`: Sudoku puzzles in any supported format, solved, counted,
//! checked for uniqueness, or written as exact-cover problems.
//!
//! Puzzles are streamed: one is read, solved and written before the next is
//! read, so a file of a million puzzles is never in memory. A bad puzzle is
//! reported as `FILE:LINE: message` on stderr and the run goes on.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dancing_sudoku::exact_cover::ExactCover;
use dancing_sudoku::format::{Format, GridWriter, Layout, PuzzleReader, ReadError};
use dancing_sudoku::{Engine, Grid, Outcome, SolveError, Solver};
use serde_json::{Map, Value, json};

use crate::input::Input;
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

/// Solves every puzzle of every input in turn.
pub fn run(args: &Args) -> Status {
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut batch = Batch::new(args, interactive);
    let written = batch.run_all(&mut out).and_then(|()| out.flush());
    match written {
        Ok(()) => {}
        // The reader went away (`dlx sudoku big.txt | head`): stop quietly.
        Err(error) if is_broken_pipe(&error) => return batch.status,
        Err(error) => {
            eprintln!("dlx: error writing output: {error}");
            return Status::Error;
        }
    }
    if args.stats {
        batch.print_stats();
    }
    batch.status
}

/// Counts for the summary.
#[derive(Debug, Default)]
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
    solve_time: Duration,
}

/// The state of one run over all inputs.
struct Batch<'a> {
    args: &'a Args,
    mode: Mode,
    solver: Solver,
    /// Writes the answers in `layout`; made anew when the layout changes.
    writer: Option<GridWriter>,
    /// The layout answers take: `--output`, or that of the current input.
    layout: Layout,
    puzzle: Grid,
    solution: Grid,
    totals: Totals,
    status: Status,
    started: Instant,
    /// Flush after every puzzle, so that a terminal shows answers as they come.
    interactive: bool,
}

impl<'a> Batch<'a> {
    fn new(args: &'a Args, interactive: bool) -> Batch<'a> {
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
        Batch {
            args,
            mode,
            solver: Solver::new(args.engine.engine()),
            writer: None,
            layout: args.output.map_or(Layout::Line, OutputArg::layout),
            puzzle: Grid::default(),
            solution: Grid::default(),
            totals: Totals::default(),
            status: Status::Success,
            started: Instant::now(),
            interactive,
        }
    }

    fn run_all(&mut self, out: &mut impl Write) -> io::Result<()> {
        for input in Input::all(&self.args.files) {
            self.run_input(&input, out)?;
        }
        if self.args.json {
            let summary = self.summary_json();
            writeln!(out, "{summary}")?;
        }
        Ok(())
    }

    fn run_input(&mut self, input: &Input, out: &mut impl Write) -> io::Result<()> {
        let name = input.name();
        let reader = match input.open() {
            Ok(reader) => reader,
            Err(error) => {
                self.input_error(out, &name, None, &format!("cannot open: {error}"))?;
                return Ok(());
            }
        };
        let mut reader = PuzzleReader::new(reader, self.args.format.format());
        while let Some(read) = reader.read_into(&mut self.puzzle) {
            if self.args.output.is_none() {
                self.layout = reader.layout().unwrap_or(Layout::Line);
            }
            match read {
                Ok(line) => self.puzzle_at(out, &name, line)?,
                Err(error) => self.read_error(out, &name, &error)?,
            }
            if self.interactive {
                out.flush()?;
            }
        }
        Ok(())
    }

    /// Solves (or counts, or converts) the puzzle read from `name:line`.
    fn puzzle_at(&mut self, out: &mut impl Write, name: &str, line: usize) -> io::Result<()> {
        self.totals.puzzles += 1;
        let limit = match self.mode {
            Mode::ToDlx => return self.write_problem(out, name, line),
            Mode::Solve => 1,
            Mode::Unique => 2,
            Mode::Count { limit } => limit,
        };
        let started = Instant::now();
        let searched = self.solver.search(&self.puzzle, limit, &mut self.solution);
        self.totals.solve_time += started.elapsed();
        let outcome = match searched {
            Ok(outcome) => outcome,
            Err(error) => return self.invalid_puzzle(out, name, line, &error),
        };
        self.totals.nodes += outcome.nodes;
        if outcome.solutions > 0 && !self.solution.solves(&self.puzzle) {
            // Never print a wrong grid, whatever happened.
            let message = format!(
                "internal error: the {} engine returned a grid that does not solve the puzzle",
                self.solver.engine()
            );
            self.totals.invalid += 1;
            return self.failed_puzzle(
                out,
                name,
                line,
                "error",
                &message,
                Status::Error,
                Some(&outcome),
            );
        }
        match (self.mode, outcome.solutions) {
            (Mode::Count { .. }, count) => {
                if count > 0 {
                    self.totals.solved += 1;
                } else {
                    self.totals.unsolvable += 1;
                    self.status = self.status.worst(Status::NotFound);
                }
                if self.args.json {
                    let status = if count > 0 { "solved" } else { "no-solution" };
                    self.puzzle_json(out, name, line, status, Some(&outcome), None)
                } else {
                    writeln!(out, "{count}")
                }
            }
            (_, 0) => {
                self.totals.unsolvable += 1;
                self.failed_puzzle(
                    out,
                    name,
                    line,
                    "no-solution",
                    "no solution",
                    Status::NotFound,
                    Some(&outcome),
                )
            }
            (Mode::Unique, 2..) => {
                self.totals.not_unique += 1;
                let message = "more than one solution";
                self.failed_puzzle(
                    out,
                    name,
                    line,
                    "not-unique",
                    message,
                    Status::NotFound,
                    Some(&outcome),
                )
            }
            _ => {
                self.totals.solved += 1;
                if self.args.json {
                    self.puzzle_json(out, name, line, "solved", Some(&outcome), None)
                } else {
                    writer_for(&mut self.writer, self.layout).write(out, &self.solution)
                }
            }
        }
    }

    /// `--to-dlx`: the puzzle's exact-cover problem in Knuth's format.
    fn write_problem(&mut self, out: &mut impl Write, name: &str, line: usize) -> io::Result<()> {
        match ExactCover::new(&self.puzzle) {
            Ok(cover) => cover.write_dlx(out),
            Err(error) => self.invalid_puzzle(out, name, line, &error),
        }
    }

    fn invalid_puzzle(
        &mut self,
        out: &mut impl Write,
        name: &str,
        line: usize,
        error: &SolveError,
    ) -> io::Result<()> {
        self.totals.invalid += 1;
        self.failed_puzzle(
            out,
            name,
            line,
            "invalid",
            &error.to_string(),
            Status::Error,
            None,
        )
    }

    /// A puzzle that gets no answer: the message on stderr, a placeholder or
    /// a JSON record on stdout.
    #[allow(clippy::too_many_arguments)]
    fn failed_puzzle(
        &mut self,
        out: &mut impl Write,
        name: &str,
        line: usize,
        status: &str,
        message: &str,
        exit: Status,
        outcome: Option<&Outcome>,
    ) -> io::Result<()> {
        self.status = self.status.worst(exit);
        self.diagnose(out, &format!("{name}:{line}: {message}"))?;
        if self.args.json {
            return self.puzzle_json(out, name, line, status, outcome, Some(message));
        }
        self.placeholder(out)
    }

    /// An error from the reader: a bad puzzle, or a problem of the input.
    fn read_error(
        &mut self,
        out: &mut impl Write,
        name: &str,
        error: &ReadError,
    ) -> io::Result<()> {
        if !error.is_puzzle_error() {
            return self.input_error(out, name, Some(error.line), &error.kind.to_string());
        }
        self.totals.puzzles += 1;
        self.totals.invalid += 1;
        self.status = Status::Error;
        self.diagnose(out, &format!("{name}:{error}"))?;
        if self.args.json {
            let record = json!({
                "type": "puzzle",
                "file": name,
                "line": error.line,
                "puzzle": null,
                "status": "invalid",
                "solution": null,
                "error": error.kind.to_string(),
            });
            return writeln!(out, "{record}");
        }
        self.placeholder(out)
    }

    /// A problem of an input as a whole (it cannot be opened, its count line
    /// is wrong): no puzzle is skipped because of it.
    fn input_error(
        &mut self,
        out: &mut impl Write,
        name: &str,
        line: Option<usize>,
        message: &str,
    ) -> io::Result<()> {
        self.totals.errors += 1;
        self.status = Status::Error;
        let place = match line {
            Some(line) => format!("{name}:{line}"),
            None => name.to_owned(),
        };
        self.diagnose(out, &format!("{place}: {message}"))?;
        if self.args.json {
            let record = json!({ "type": "error", "file": name, "line": line, "error": message });
            writeln!(out, "{record}")?;
        }
        Ok(())
    }

    /// Writes a message on stderr, after what stdout holds so far, so that
    /// both read in order on a terminal or in one file.
    fn diagnose(&self, out: &mut impl Write, message: &str) -> io::Result<()> {
        out.flush()?;
        eprintln!("{message}");
        Ok(())
    }

    fn placeholder(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some(text) = &self.args.placeholder else {
            return Ok(());
        };
        match self.mode {
            Mode::Count { .. } => writeln!(out, "{text}"),
            _ => writer_for(&mut self.writer, self.layout).write_placeholder(out, text),
        }
    }

    fn puzzle_json(
        &self,
        out: &mut impl Write,
        name: &str,
        line: usize,
        status: &str,
        outcome: Option<&Outcome>,
        error: Option<&str>,
    ) -> io::Result<()> {
        let mut record = Map::new();
        record.insert("type".into(), "puzzle".into());
        record.insert("file".into(), name.into());
        record.insert("line".into(), line.into());
        record.insert("puzzle".into(), self.puzzle.to_line().into());
        record.insert("status".into(), status.into());
        let solved = status == "solved" && outcome.is_some_and(|o| o.solutions > 0);
        let solution = if solved {
            Value::from(self.solution.to_line())
        } else {
            Value::Null
        };
        record.insert("solution".into(), solution);
        if let Some(outcome) = outcome {
            if matches!(self.mode, Mode::Count { .. } | Mode::Unique) {
                record.insert("count".into(), outcome.solutions.into());
            }
            record.insert("nodes".into(), outcome.nodes.into());
        }
        if let Some(error) = error {
            record.insert("error".into(), error.into());
        }
        writeln!(out, "{}", Value::Object(record))
    }

    fn summary_json(&self) -> Value {
        let totals = &self.totals;
        let elapsed = self.started.elapsed();
        json!({
            "type": "summary",
            "engine": self.solver.engine().name(),
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
    fn print_stats(&self) {
        let totals = &self.totals;
        let elapsed = self.started.elapsed();
        eprintln!(
            "engine {} puzzles {} solved {} unsolvable {} not-unique {} invalid {} errors {} nodes {} \
             time {:.3}s solve-time {:.3}s us-per-puzzle {:.2}",
            self.solver.engine(),
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
}

/// The writer in `slot`, made anew if the layout changed (a later input in
/// another format is answered in its own layout).
fn writer_for(slot: &mut Option<GridWriter>, layout: Layout) -> &mut GridWriter {
    if slot.as_ref().is_none_or(|writer| writer.layout() != layout) {
        *slot = Some(GridWriter::new(layout));
    }
    slot.get_or_insert_with(|| GridWriter::new(layout))
}

/// Microseconds per puzzle over the whole run (reading, solving, writing).
fn per_puzzle(elapsed: Duration, puzzles: u64) -> f64 {
    if puzzles == 0 {
        0.0
    } else {
        elapsed.as_secs_f64() * 1e6 / puzzles as f64
    }
}
