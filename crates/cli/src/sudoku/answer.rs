//! The answerer: solves, counts or converts one puzzle at a time and
//! writes its answer into [`Answers`].

use std::fs::File;
use std::io::{BufWriter, Write};
use std::time::Instant;

use dancing_sudoku::exact_cover::ExactCover;
use dancing_sudoku::format::{GridWriter, Layout, ReadError};
use dancing_sudoku::{Cutoff, Grid, Outcome, Rules, SolveError, Solver, Symbols};
use serde_json::{Map, Value, json};

use super::args::{Config, Mode, dlx_file_stem};
use super::output::{Answers, Mark, writer_for};
use super::read::{Entry, Item};
use crate::status::Status;

/// Answers puzzles one at a time: what `-j 1` does on the main thread and
/// each worker of `-j N` on its chunks.
pub(super) struct Answerer<'c> {
    config: &'c Config,
    solver: Solver,
    solution: Grid,
    /// Writes grids in one layout; made anew when the layout changes, and
    /// at the start of a chunk.
    writer: Option<GridWriter>,
}

/// The puzzle being answered, and where it comes from.
pub(super) struct Case<'e> {
    name: &'e str,
    line: usize,
    puzzle: &'e Grid,
    rules: &'e Rules,
    /// The solution that came with the puzzle (a CSV column), to check.
    given_solution: Option<&'e Grid>,
    layout: Layout,
}

/// What goes where a grid goes.
pub(super) enum Answer<'a> {
    /// The solution just found.
    Solution,
    /// `--placeholder`.
    Placeholder(&'a str),
}

/// Why a puzzle gets no answer.
pub(super) struct Failure<'a> {
    /// The `status` of its JSON record.
    status: &'a str,
    message: &'a str,
    exit: Status,
    outcome: Option<&'a Outcome>,
}

impl<'c> Answerer<'c> {
    pub(super) fn new(config: &'c Config) -> Answerer<'c> {
        let mut solver = Solver::new(config.engine);
        solver.set_budget(config.budget.clone());
        Answerer {
            config,
            solver,
            solution: Grid::default(),
            writer: None,
        }
    }

    /// Forgets what was written before: the next grid is the first of a
    /// chunk, separated from the previous chunk's when it is written out.
    pub(super) fn start_chunk(&mut self) {
        self.writer = None;
    }

    /// Answers `entry`, adding to `answers`.
    pub(super) fn answer(&mut self, entry: &Entry, answers: &mut Answers) {
        let name = &*entry.name;
        match &entry.item {
            Item::Puzzle {
                line,
                puzzle,
                rules,
                given_solution,
                layout,
            } => {
                let case = Case {
                    name,
                    line: *line,
                    puzzle,
                    rules,
                    given_solution: given_solution.as_ref(),
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
        let limit = match self.config.mode {
            Mode::ToDlx => {
                answers.totals.puzzles += 1;
                return self.problem(case, answers);
            }
            Mode::ToDlxDir => {
                answers.totals.puzzles += 1;
                return self.problem_file(case, answers);
            }
            Mode::Solve => 1,
            Mode::Unique => 2,
            Mode::Count { limit } => limit,
        };
        let started = Instant::now();
        let searched = self
            .solver
            .search_with(case.rules, case.puzzle, limit, &mut self.solution);
        let outcome = match searched {
            Ok(outcome) => outcome,
            Err(error) => {
                answers.totals.puzzles += 1;
                return self.invalid(case, &error, answers);
            }
        };
        if outcome.cutoff == Some(Cutoff::Cancelled) {
            // Ctrl-C: this puzzle is not answered, nor any after it.
            answers.cut_short = true;
            return;
        }
        answers.totals.puzzles += 1;
        answers.totals.solve_time += started.elapsed();
        answers.totals.nodes += outcome.nodes;
        let verdict = if outcome.solutions > 0 {
            case.rules.check(&self.solution, case.puzzle)
        } else {
            Ok(())
        };
        if let Err(violation) = verdict {
            // Never print a wrong grid, whatever happened.
            let message = format!(
                "internal error: the {} engine returned a grid that does not solve the puzzle: {violation}",
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
        if let Some(cutoff) = outcome.cutoff {
            return self.gave_up(case, cutoff, &outcome, answers);
        }
        match (self.config.mode, outcome.solutions) {
            (Mode::Count { .. }, count) => {
                if count > 0 {
                    answers.totals.solved += 1;
                } else {
                    answers.totals.unsolvable += 1;
                    answers.totals.fail(Status::NotFound);
                }
                let mismatch = self.check_given_solution(case, count, answers);
                if self.config.json {
                    let status = if count > 0 { "solved" } else { "no-solution" };
                    self.puzzle_json(case, status, Some(&outcome), mismatch.as_deref(), answers);
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
            (_, count) => {
                answers.totals.solved += 1;
                let mismatch = self.check_given_solution(case, count, answers);
                if self.config.json {
                    self.puzzle_json(case, "solved", Some(&outcome), mismatch.as_deref(), answers);
                } else {
                    self.grid(case.layout, Answer::Solution, answers);
                }
            }
        }
    }

    /// Checks the solution given with the puzzle (a CSV solution column):
    /// it must solve the puzzle under its rules and, when a solution was
    /// found, be that solution (else the puzzle has two). A mismatch is
    /// reported on stderr, counted, and makes the exit status 2; the answer
    /// found still stands. Returns the message, for the JSON record.
    fn check_given_solution(
        &self,
        case: &Case,
        found: u64,
        answers: &mut Answers,
    ) -> Option<String> {
        let given = case.given_solution?;
        let message = match case.rules.check(given, case.puzzle) {
            Err(violation) => format!("the given solution does not solve the puzzle: {violation}"),
            Ok(()) if found > 0 && *given != self.solution => {
                "the given solution differs from the one found: the puzzle has several solutions"
                    .to_owned()
            }
            Ok(()) => return None,
        };
        answers.totals.mismatches += 1;
        answers.totals.fail(Status::Error);
        answers.note(format!("{}:{}: {message}", case.name, case.line));
        Some(message)
    }

    /// `--to-dlx`: the puzzle's exact-cover problem in Knuth's format.
    fn problem(&mut self, case: &Case, answers: &mut Answers) {
        match ExactCover::with_rules(case.puzzle, case.rules) {
            // Writing into memory does not fail.
            Ok(cover) => {
                let _ = cover.write_dlx(&mut answers.out);
            }
            Err(error) => self.invalid(case, &error, answers),
        }
    }

    /// `--to-dlx-dir`: the puzzle's exact-cover problem in a file of its
    /// own, whose path is the answer.
    fn problem_file(&mut self, case: &Case, answers: &mut Answers) {
        let cover = match ExactCover::with_rules(case.puzzle, case.rules) {
            Ok(cover) => cover,
            Err(error) => return self.invalid(case, &error, answers),
        };
        let Some(dir) = &self.config.dlx_dir else {
            unreachable!("--to-dlx-dir gives the directory");
        };
        let path = dir.join(format!("{}-{}.dlx", dlx_file_stem(case.name), case.line));
        let written = File::create(&path).and_then(|file| {
            let mut file = BufWriter::new(file);
            cover.write_dlx(&mut file)?;
            file.flush()
        });
        match written {
            Ok(()) => answers.line(path.display()),
            Err(error) => {
                answers.totals.errors += 1;
                let message = format!("cannot write {}: {error}", path.display());
                let failure = Failure {
                    status: "error",
                    message: &message,
                    exit: Status::Error,
                    outcome: None,
                };
                self.failed(case, &failure, answers);
            }
        }
    }

    /// A puzzle whose budget ran out before it was decided: its answer is
    /// not known, which is reported like an error.
    fn gave_up(&mut self, case: &Case, cutoff: Cutoff, outcome: &Outcome, answers: &mut Answers) {
        answers.totals.gave_up += 1;
        let flag = match cutoff {
            Cutoff::Time => "--time-limit",
            _ => "--max-nodes",
        };
        let message = format!(
            "gave up: {cutoff} ({flag}) after {} nodes and {} solution{} found; the answer is unknown",
            outcome.nodes,
            outcome.solutions,
            if outcome.solutions == 1 { "" } else { "s" },
        );
        let failure = Failure {
            status: "gave-up",
            message: &message,
            exit: Status::Error,
            outcome: Some(outcome),
        };
        self.failed(case, &failure, answers);
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
        let writer = writer_for(&mut self.writer, layout, &self.config.read.symbols);
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
        let symbols = &self.config.read.symbols;
        record.insert("puzzle".into(), line_of(case.puzzle, symbols).into());
        if !case.rules.is_classic() {
            record.insert("variant".into(), case.rules.variant().to_string().into());
        }
        record.insert("status".into(), status.into());
        let solved = status == "solved" && outcome.is_some_and(|o| o.solutions > 0);
        let solution = if solved {
            Value::from(line_of(&self.solution, symbols))
        } else {
            Value::Null
        };
        record.insert("solution".into(), solution);
        if let Some(outcome) = outcome {
            if let Some(cutoff) = outcome.cutoff {
                // Not a count: the search stopped before it was done.
                let name = if cutoff == Cutoff::Time {
                    "time-limit"
                } else {
                    "max-nodes"
                };
                record.insert("cutoff".into(), name.into());
                record.insert("solutions_found".into(), outcome.solutions.into());
            } else if matches!(self.config.mode, Mode::Count { .. } | Mode::Unique) {
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

/// A grid on one line in `symbols`, `.` for a blank.
fn line_of(grid: &Grid, symbols: &Symbols) -> String {
    grid.cells()
        .iter()
        .map(|&digit| symbols.symbol(digit))
        .collect()
}
