//! The answerer: decides what happened to each puzzle (solved, counted,
//! converted, or why not) and returns it as a [`Verdict`]. It renders
//! nothing: a [printer](super::printer) formats verdicts, and
//! [`Totals::record`](super::report::Totals::record) adds them up.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dancing_sudoku::exact_cover::SudokuCover;
use dancing_sudoku::format::{CsvRecord, Layout, ReadError};
use dancing_sudoku::generate::{Generator, RATING_RELABELINGS, RateError, Rating};
use dancing_sudoku::{Grid, Outcome, Rules, SolveError, Solver, StopReason, Symbols};

use super::plan::{Answering, Mode, dlx_file_stem};
use super::read::{Entry, Item};

/// Answers puzzles one at a time: what `-j 1` does on the main thread and
/// each worker of `-j N` on its chunks.
pub(super) struct Answerer<'c> {
    answering: &'c Answering,
    /// The alphabet puzzles were read in.
    symbols: &'c Symbols,
    solver: Solver,
    solution: Grid,
    /// `--rate`: the generator whose rating is used (its seed is not:
    /// ratings draw from no generator's sequence), made for the first.
    rater: Option<Box<Generator>>,
}

/// The puzzle a verdict is about, and where it comes from.
#[derive(Clone, Copy)]
pub(super) struct Case<'a> {
    pub(super) name: &'a str,
    pub(super) line: usize,
    pub(super) puzzle: &'a Grid,
    pub(super) rules: &'a Rules,
    /// The alphabet it was read in, which messages about its digits use.
    pub(super) symbols: &'a Symbols,
    /// The layout its answer takes.
    pub(super) layout: Layout,
    /// `--output csv`: the record it was read from.
    pub(super) csv: Option<&'a CsvRecord>,
}

/// A search that ran: what it found, and how long it took.
#[derive(Clone, Copy)]
pub(super) struct Search {
    pub(super) outcome: Outcome,
    pub(super) time: Duration,
}

/// What happened to one thing read.
pub(super) enum Verdict<'a> {
    /// Solved (`--unique`, `--rate`: with exactly one solution); the
    /// first solution.
    Solved {
        case: Case<'a>,
        search: Search,
        solution: &'a Grid,
        /// What is wrong with the solution given with the puzzle.
        mismatch: Option<String>,
        /// `--rate`: the puzzle's rating.
        rating: Option<Rating>,
    },
    /// `--count`: the count is the outcome's solutions (0 included), and
    /// the first solution, if any.
    Counted {
        case: Case<'a>,
        search: Search,
        solution: &'a Grid,
        mismatch: Option<String>,
    },
    /// `--to-dlx`: the puzzle's exact cover.
    Converted { cover: Box<SudokuCover> },
    /// `--to-dlx-dir`: the file the exact cover was written to.
    ConvertedTo { path: PathBuf },
    /// No answer, and why.
    Failed {
        case: Case<'a>,
        failure: Failure,
        /// The search, when one ran.
        search: Option<Search>,
    },
    /// A puzzle that could not be read; its answer would take `layout`
    /// (or its CSV record's line, `--output csv`).
    Unreadable {
        name: &'a str,
        error: &'a ReadError,
        layout: Layout,
        csv: Option<&'a CsvRecord>,
    },
    /// A problem of an input as a whole (it cannot be opened, its count
    /// line is wrong): no puzzle is skipped because of it.
    BadInput {
        name: &'a str,
        line: Option<usize>,
        message: &'a str,
    },
    /// Ctrl-C stopped the search: this puzzle is not answered, nor any
    /// after it.
    Cancelled,
}

impl<'a> Verdict<'a> {
    /// No answer for `case`, for a reason found before any search.
    fn unsearched(case: Case<'a>, failure: Failure) -> Verdict<'a> {
        Verdict::Failed {
            case,
            failure,
            search: None,
        }
    }
}

/// Why a puzzle gets no answer.
pub(super) enum Failure {
    NoSolution,
    /// `--unique`: more than one solution.
    NotUnique,
    /// The budget ran out before the answer was known.
    GaveUp(StopReason),
    /// Contradictory givens, or rules the engine does not take.
    Invalid(SolveError),
    /// The engine returned a grid that breaks a rule (never printed).
    WrongGrid(String),
    /// `--to-dlx-dir`: the file could not be written.
    CannotWrite(String),
}

impl Failure {
    /// The `status` of its JSON record.
    pub(super) fn name(&self) -> &'static str {
        match self {
            Failure::NoSolution => "no-solution",
            Failure::NotUnique => "not-unique",
            Failure::GaveUp(_) => "gave-up",
            Failure::Invalid(_) => "invalid",
            Failure::WrongGrid(_) | Failure::CannotWrite(_) => "error",
        }
    }
}

impl<'c> Answerer<'c> {
    pub(super) fn new(answering: &'c Answering, symbols: &'c Symbols) -> Answerer<'c> {
        let mut solver = Solver::new(answering.engine);
        solver.set_budget(answering.budget.clone());
        Answerer {
            answering,
            symbols,
            solver,
            solution: Grid::default(),
            rater: None,
        }
    }

    /// What happened to `entry`.
    pub(super) fn answer<'a>(&'a mut self, entry: &'a Entry) -> Verdict<'a> {
        let name = &*entry.name;
        match &entry.item {
            Item::Puzzle {
                line,
                puzzle,
                rules,
                given_solution,
                layout,
                csv,
            } => {
                let case = Case {
                    name,
                    line: *line,
                    puzzle,
                    rules,
                    symbols: self.symbols,
                    layout: *layout,
                    csv: csv.as_ref(),
                };
                self.puzzle(case, given_solution.as_ref())
            }
            Item::BadPuzzle { error, layout, csv } => Verdict::Unreadable {
                name,
                error,
                layout: *layout,
                csv: csv.as_ref(),
            },
            Item::InputError { line, message } => Verdict::BadInput {
                name,
                line: *line,
                message,
            },
        }
    }

    /// Solves (or counts, or converts) a puzzle.
    fn puzzle<'a>(&'a mut self, case: Case<'a>, given_solution: Option<&Grid>) -> Verdict<'a> {
        let limit = match self.answering.mode {
            Mode::ToDlx | Mode::ToDlxDir => return self.convert(case),
            Mode::Solve => 1,
            Mode::Unique | Mode::Rate => 2,
            Mode::Count { limit } => limit,
        };
        let started = Instant::now();
        let searched = self
            .solver
            .search_with(case.rules, case.puzzle, limit, &mut self.solution);
        let outcome = match searched {
            Ok(outcome) => outcome,
            Err(error) => return Verdict::unsearched(case, Failure::Invalid(error)),
        };
        if outcome.cutoff == Some(StopReason::Cancelled) {
            return Verdict::Cancelled;
        }
        let search = Search {
            outcome,
            time: started.elapsed(),
        };
        let failed = |failure| Verdict::Failed {
            case,
            failure,
            search: Some(search),
        };
        if outcome.solutions > 0
            && let Err(violation) = case.rules.check(&self.solution, case.puzzle)
        {
            // Never print a wrong grid, whatever happened.
            return failed(Failure::WrongGrid(format!(
                "internal error: the {} engine returned a grid that does not solve the puzzle: {violation}",
                self.solver.engine()
            )));
        }
        if let Some(cutoff) = outcome.cutoff {
            return failed(Failure::GaveUp(cutoff));
        }
        let mismatch = given_solution.and_then(|given| {
            check_given_solution(
                &case,
                given,
                (outcome.solutions > 0).then_some(&self.solution),
            )
        });
        match (self.answering.mode, outcome.solutions) {
            (Mode::Count { .. }, _) => Verdict::Counted {
                case,
                search,
                solution: &self.solution,
                mismatch,
            },
            (_, 0) => failed(Failure::NoSolution),
            (Mode::Unique | Mode::Rate, 2..) => failed(Failure::NotUnique),
            (Mode::Rate, _) => {
                let rater = self
                    .rater
                    .get_or_insert_with(|| Box::new(Generator::new(0)));
                match rater.rate(case.rules, case.puzzle, RATING_RELABELINGS) {
                    Ok(rating) => Verdict::Solved {
                        case,
                        search,
                        solution: &self.solution,
                        mismatch,
                        rating: Some(rating),
                    },
                    // The search above found one solution: the rater's
                    // own search agrees, short of a bug.
                    Err(RateError::NoSolution) => failed(Failure::NoSolution),
                    Err(RateError::NotUnique) => failed(Failure::NotUnique),
                    Err(RateError::Invalid(error)) => failed(Failure::Invalid(error)),
                }
            }
            _ => Verdict::Solved {
                case,
                search,
                solution: &self.solution,
                mismatch,
                rating: None,
            },
        }
    }

    /// `--to-dlx`: the puzzle's exact cover; `--to-dlx-dir`: written to a
    /// file of its own.
    fn convert<'a>(&self, case: Case<'a>) -> Verdict<'a> {
        let cover = match SudokuCover::with_rules(case.puzzle, case.rules) {
            Ok(cover) => cover,
            Err(error) => return Verdict::unsearched(case, Failure::Invalid(error)),
        };
        let Some(dir) = &self.answering.dlx_dir else {
            return Verdict::Converted {
                cover: Box::new(cover),
            };
        };
        let path = dir.join(format!("{}-{}.dlx", dlx_file_stem(case.name), case.line));
        let written = File::create(&path).and_then(|file| {
            let mut file = BufWriter::new(file);
            cover.write_dlx_in(&mut file, case.symbols)?;
            file.flush()
        });
        match written {
            Ok(()) => Verdict::ConvertedTo { path },
            Err(error) => {
                let message = format!("cannot write {}: {error}", path.display());
                Verdict::unsearched(case, Failure::CannotWrite(message))
            }
        }
    }
}

/// Checks the solution `given` with the puzzle (a CSV solution column): it
/// must solve the puzzle under its rules and, when a solution was `found`,
/// be that solution (else the puzzle has two). Returns what is wrong.
fn check_given_solution(case: &Case, given: &Grid, found: Option<&Grid>) -> Option<String> {
    match case.rules.check(given, case.puzzle) {
        Err(violation) => Some(format!(
            "the given solution does not solve the puzzle: {violation}"
        )),
        Ok(()) if found.is_some_and(|found| found != given) => Some(
            "the given solution differs from the one found: the puzzle has several solutions"
                .to_owned(),
        ),
        Ok(()) => None,
    }
}
