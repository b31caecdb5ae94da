//! Printers: the only place verdicts are formatted. Each output format is
//! one [`AnswerPrinter`] (grids in text layouts, counts, JSON Lines, Knuth's DLX
//! format); the diagnostics on stderr are the same for all of them
//! ([`diagnostic`]).

use std::sync::Arc;

use serde_json::{Map, Value, json};

use dancing_sudoku::format::{CsvHeader, GridWriter, Layout, puzzle_line};
use dancing_sudoku::generate::RateError;
use dancing_sudoku::{Grid, StopReason, Symbols};

use super::answer::{Case, Failure, Search, Verdict};
use super::answers::{Answers, Mark};
use super::plan::Printing;

/// Writes the standard output part of verdicts into [`Answers`].
pub(super) trait AnswerPrinter {
    /// Writes what `verdict` puts on standard output.
    fn print(&mut self, verdict: &Verdict, answers: &mut Answers);

    /// Forgets what was written before: the next answer is the first of a
    /// chunk, separated from the previous chunk's when it is written out.
    fn start_chunk(&mut self) {}

    /// Adds `verdict` to `answers`: its message, what this printer makes of
    /// it, its count in the totals; or, for a search cut short by Ctrl-C,
    /// the end of the answers.
    fn add(&mut self, verdict: &Verdict, answers: &mut Answers) {
        if let Verdict::Cancelled = verdict {
            answers.cut_short = true;
            return;
        }
        if let Some(message) = diagnostic(verdict) {
            answers.note(message);
        }
        answers.totals.record(verdict);
        self.print(verdict, answers);
    }
}

/// The printer of `printing`, writing digits in `symbols`.
pub(super) fn printer_for<'p>(
    printing: &'p Printing,
    symbols: &'p Symbols,
) -> Box<dyn AnswerPrinter + Send + 'p> {
    match printing {
        Printing::Json { counts } => Box::new(Json {
            symbols,
            counts: *counts,
        }),
        Printing::Dlx => Box::new(Dlx { symbols }),
        Printing::Ratings => Box::new(Ratings { symbols }),
        Printing::Counts { placeholder } => Box::new(Counts {
            placeholder: placeholder.as_deref(),
        }),
        Printing::Csv { placeholder } => Box::new(Csv {
            symbols,
            placeholder: placeholder.as_deref(),
            header: None,
        }),
        Printing::Grids { placeholder } => Box::new(Grids {
            symbols,
            placeholder: placeholder.as_deref(),
            writer: None,
        }),
    }
}

/// The message on stderr for `verdict`, if it calls for one: why a puzzle
/// got no answer, or what is wrong with its given solution, as
/// `FILE:LINE: message`.
pub(super) fn diagnostic(verdict: &Verdict) -> Option<String> {
    match verdict {
        Verdict::Solved { case, mismatch, .. } | Verdict::Counted { case, mismatch, .. } => {
            let mismatch = mismatch.as_ref()?;
            Some(format!("{}:{}: {mismatch}", case.name, case.line))
        }
        Verdict::Failed {
            case,
            failure,
            search,
        } => Some(format!(
            "{}:{}: {}",
            case.name,
            case.line,
            failure_message(failure, search.as_ref(), case.symbols)
        )),
        Verdict::Unreadable { name, error, .. } => Some(format!("{name}:{error}")),
        Verdict::BadInput {
            name,
            line: Some(line),
            message,
        } => Some(format!("{name}:{line}: {message}")),
        Verdict::BadInput {
            name,
            line: None,
            message,
        } => Some(format!("{name}: {message}")),
        Verdict::Converted { .. } | Verdict::ConvertedTo { .. } | Verdict::Cancelled => None,
    }
}

/// Why a puzzle got no answer, in words.
fn failure_message(failure: &Failure, search: Option<&Search>, symbols: &Symbols) -> String {
    match failure {
        // The words Python's rate uses too.
        Failure::NoSolution => RateError::NoSolution.to_string(),
        Failure::NotUnique => RateError::NotUnique.to_string(),
        Failure::GaveUp(cutoff) => {
            let flag = match cutoff {
                StopReason::TimeLimit => "--time-limit",
                _ => "--max-nodes",
            };
            // The cap counts the cells the singles placed too (each a node
            // of the search without them), so the message does.
            let (nodes, found) = search.map_or((0, 0), |s| {
                (s.outcome.nodes + s.outcome.deduced, s.outcome.solutions)
            });
            format!(
                "gave up: {cutoff} ({flag}) after {nodes} nodes and {found} solution{} found; \
                 the answer is unknown",
                if found == 1 { "" } else { "s" },
            )
        }
        Failure::Invalid(error) => error.message_in(symbols),
        Failure::WrongGrid(message) | Failure::CannotWrite(message) => message.clone(),
    }
}

/// Solutions as grids in the layout of their input (or `--output`), and
/// `--placeholder` in place of the others.
struct Grids<'c> {
    symbols: &'c Symbols,
    placeholder: Option<&'c str>,
    /// Writes grids in one layout; made anew when the layout changes, and
    /// at the start of a chunk.
    writer: Option<GridWriter>,
}

impl Grids<'_> {
    /// Writes `solution`, or the placeholder when there is none, in
    /// `layout`, separated from the grid before as the layout wants.
    fn grid(&mut self, layout: Layout, solution: Option<&Grid>, answers: &mut Answers) {
        if self.writer.is_none() {
            let at = answers.out.len();
            answers.marks.push(Mark::FirstGrid { at, layout });
        }
        let writer = writer_for(&mut self.writer, layout, self.symbols);
        // Writing into memory does not fail.
        let _ = match (solution, self.placeholder) {
            (Some(solution), _) => writer.write(&mut answers.out, solution),
            (None, Some(text)) => writer.write_placeholder(&mut answers.out, text),
            (None, None) => return,
        };
        answers.last_layout = Some(layout);
    }
}

impl AnswerPrinter for Grids<'_> {
    fn print(&mut self, verdict: &Verdict, answers: &mut Answers) {
        match verdict {
            Verdict::Solved { case, solution, .. } => {
                self.grid(case.layout, Some(solution), answers);
            }
            Verdict::Failed { case, .. } if self.placeholder.is_some() => {
                self.grid(case.layout, None, answers);
            }
            Verdict::Unreadable { layout, .. } if self.placeholder.is_some() => {
                self.grid(*layout, None, answers);
            }
            _ => {}
        }
    }

    fn start_chunk(&mut self) {
        self.writer = None;
    }
}

/// `--output csv`: each record of the input with its solution, or with
/// `--placeholder` (or nothing) in its place, after the header line of its
/// input.
struct Csv<'c> {
    symbols: &'c Symbols,
    placeholder: Option<&'c str>,
    /// The header of the record written last in this chunk.
    header: Option<Arc<CsvHeader>>,
}

impl AnswerPrinter for Csv<'_> {
    fn print(&mut self, verdict: &Verdict, answers: &mut Answers) {
        let (record, solution) = match verdict {
            Verdict::Solved { case, solution, .. } => {
                (case.csv, Some(line_of(solution, self.symbols)))
            }
            Verdict::Failed { case, .. } => (case.csv, None),
            Verdict::Unreadable { csv, .. } => (*csv, None),
            _ => return,
        };
        // Every puzzle of a CSV input has its record; other inputs are
        // refused when read.
        let Some(record) = record else { return };
        if self.header.as_ref() != Some(record.header()) {
            let at = answers.out.len();
            let header = record.header().clone();
            answers.marks.push(Mark::CsvHeader {
                at,
                header: header.clone(),
            });
            self.header = Some(header);
        }
        let solution = solution.as_deref().or(self.placeholder).unwrap_or("");
        answers.line(record.answer_line(solution));
    }

    fn start_chunk(&mut self) {
        self.header = None;
    }
}

/// `--count`: one number per puzzle, `--placeholder` for the others.
struct Counts<'c> {
    placeholder: Option<&'c str>,
}

impl AnswerPrinter for Counts<'_> {
    fn print(&mut self, verdict: &Verdict, answers: &mut Answers) {
        match (verdict, self.placeholder) {
            (Verdict::Counted { search, .. }, _) => answers.line(search.outcome.solutions),
            (Verdict::Failed { .. } | Verdict::Unreadable { .. }, Some(text)) => answers.line(text),
            _ => {}
        }
    }
}

/// `--to-dlx`, `--to-dlx-dir`: the problem, or the path of its file.
struct Dlx<'c> {
    symbols: &'c Symbols,
}

impl AnswerPrinter for Dlx<'_> {
    fn print(&mut self, verdict: &Verdict, answers: &mut Answers) {
        match verdict {
            // Writing into memory does not fail.
            Verdict::Converted { cover } => {
                let _ = cover.write_dlx_in(&mut answers.out, self.symbols);
            }
            Verdict::ConvertedTo { path } => answers.line(path.display()),
            _ => {}
        }
    }
}

/// `--rate`: each puzzle rated on its line (cells, then any region map and
/// cages), then its rating, as `--generate --rate` writes them, after the
/// lines `box RxC` and `variant NAME` its rules need (see
/// [`Mark::Rules`]).
struct Ratings<'c> {
    symbols: &'c Symbols,
}

impl AnswerPrinter for Ratings<'_> {
    fn print(&mut self, verdict: &Verdict, answers: &mut Answers) {
        let Verdict::Solved {
            case,
            rating: Some(rating),
            ..
        } = verdict
        else {
            return;
        };
        let Some(line) = puzzle_line(case.puzzle, case.rules, self.symbols) else {
            // Not seen: the puzzle was read in these symbols, its cages
            // with their labels.
            let (name, line) = (case.name, case.line);
            answers.note(format!(
                "{name}:{line}: internal error: the puzzle cannot be written back"
            ));
            return;
        };
        answers.marks.push(Mark::Rules {
            at: answers.out.len(),
            shape: case.puzzle.shape(),
            variant: case.rules.variant(),
        });
        let clues = case.puzzle.given_count();
        answers.line(format_args!("{line} {}", rating.words(clues)));
    }
}

/// `--json`: a record per puzzle (and per bad input).
struct Json<'c> {
    symbols: &'c Symbols,
    /// Whether records carry the count (`--count`, `--unique`).
    counts: bool,
}

impl AnswerPrinter for Json<'_> {
    fn print(&mut self, verdict: &Verdict, answers: &mut Answers) {
        let record = match verdict {
            Verdict::Solved {
                case,
                search,
                solution,
                mismatch,
                rating,
            } => {
                let mut record = self.puzzle(
                    case,
                    "solved",
                    Some(search),
                    Some(solution),
                    mismatch.as_deref(),
                );
                if let Some(rating) = rating {
                    record["clues"] = case.puzzle.given_count().into();
                    record["singles"] = rating.singles.into();
                    record["search_effort"] = rating.effort.into();
                }
                record
            }
            Verdict::Counted {
                case,
                search,
                solution,
                mismatch,
            } => {
                let found = search.outcome.solutions > 0;
                let status = if found { "solved" } else { "no-solution" };
                let solution = found.then_some(*solution);
                self.puzzle(case, status, Some(search), solution, mismatch.as_deref())
            }
            Verdict::Failed {
                case,
                failure,
                search,
            } => {
                let message = failure_message(failure, search.as_ref(), case.symbols);
                self.puzzle(case, failure.name(), search.as_ref(), None, Some(&message))
            }
            Verdict::Unreadable { name, error, .. } => json!({
                "type": "puzzle",
                "file": name,
                "line": error.line,
                "puzzle": null,
                "column": error.kind.column(),
                "status": "invalid",
                "solution": null,
                "error": error.kind.to_string(),
            }),
            Verdict::BadInput {
                name,
                line,
                message,
            } => json!({ "type": "error", "file": name, "line": line, "error": message }),
            Verdict::Converted { .. } | Verdict::ConvertedTo { .. } | Verdict::Cancelled => {
                return;
            }
        };
        answers.line(record);
    }
}

impl Json<'_> {
    fn puzzle(
        &self,
        case: &Case,
        status: &str,
        search: Option<&Search>,
        solution: Option<&Grid>,
        error: Option<&str>,
    ) -> Value {
        let mut record = Map::new();
        record.insert("type".into(), "puzzle".into());
        record.insert("file".into(), case.name.into());
        record.insert("line".into(), case.line.into());
        record.insert("puzzle".into(), line_of(case.puzzle, self.symbols).into());
        if !case.rules.is_classic() {
            record.insert("variant".into(), case.rules.variant().to_string().into());
        }
        record.insert("status".into(), status.into());
        let solution = solution.map_or(Value::Null, |grid| line_of(grid, self.symbols).into());
        record.insert("solution".into(), solution);
        if let Some(Search { outcome, .. }) = search {
            if let Some(cutoff) = outcome.cutoff {
                // Not a count: the search stopped before it was done.
                record.insert("cutoff".into(), cutoff.as_str().into());
                record.insert("solutions_found".into(), outcome.solutions.into());
            } else if self.counts {
                record.insert("count".into(), outcome.solutions.into());
            }
            record.insert("nodes".into(), outcome.nodes.into());
        }
        if let Some(error) = error {
            record.insert("error".into(), error.into());
        }
        Value::Object(record)
    }
}

/// The writer in `slot`, made anew if the layout changed (a later input in
/// another format is answered in its own layout).
fn writer_for<'s>(
    slot: &'s mut Option<GridWriter>,
    layout: Layout,
    symbols: &Symbols,
) -> &'s mut GridWriter {
    if slot.as_ref().is_none_or(|writer| writer.layout() != layout) {
        *slot = Some(GridWriter::with_symbols(layout, symbols));
    }
    slot.get_or_insert_with(|| GridWriter::with_symbols(layout, symbols))
}

/// A grid on one line in `symbols`, `.` for a blank.
fn line_of(grid: &Grid, symbols: &Symbols) -> String {
    grid.cells()
        .iter()
        .map(|&digit| symbols.symbol(digit))
        .collect()
}
