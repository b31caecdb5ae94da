//! Reading puzzles: every input in turn, streamed, each thing read handed
//! on in input order.

use std::cell::Cell;
use std::io::{self, BufRead};
use std::sync::Arc;

use dancing_sudoku::format::{CsvRecord, Format, Layout, PuzzleReader, ReadError};
use dancing_sudoku::{Grid, Rules};

use super::plan::Inputs;
use crate::input::Input;
use crate::input::ahead::{OnIdle, ReadAhead};
use crate::interrupt;

/// One thing read from an input, in input order: a puzzle, a puzzle that
/// could not be read, or a problem of the input as a whole.
pub(super) struct Entry {
    /// The input's name in messages.
    pub(super) name: Arc<str>,
    pub(super) item: Item,
}

pub(super) enum Item {
    /// A puzzle, its rules, the solution given with it (CSV), the layout
    /// its answer takes, and its CSV record (`--output csv`).
    Puzzle {
        line: usize,
        puzzle: Grid,
        rules: Box<Rules>,
        given_solution: Option<Grid>,
        layout: Layout,
        csv: Option<CsvRecord>,
    },
    /// A puzzle that could not be read; a placeholder takes `layout`, or
    /// the solution column of its CSV record (`--output csv`).
    BadPuzzle {
        error: ReadError,
        layout: Layout,
        csv: Option<CsvRecord>,
    },
    /// The input cannot be opened, or its count line is wrong.
    InputError {
        line: Option<usize>,
        message: String,
    },
}

impl Entry {
    /// Whether this is a puzzle, read or not.
    pub(super) fn is_puzzle(&self) -> bool {
        matches!(self.item, Item::Puzzle { .. } | Item::BadPuzzle { .. })
    }

    /// The line it was read from, if any.
    pub(super) fn line(&self) -> Option<usize> {
        match &self.item {
            Item::Puzzle { line, .. } => Some(*line),
            Item::BadPuzzle { error, .. } => Some(error.line),
            Item::InputError { line, .. } => *line,
        }
    }
}

/// Reads every input in turn and hands what it holds to `push`, in order,
/// stopping after `max_puzzles` puzzles or on Ctrl-C. An input that cannot
/// be read, or holds no puzzle, is reported in its place, and the next one
/// is read.
///
/// Input that may be slow (standard input, a pipe, a terminal) is read
/// ahead on a thread of its own, and `idle` is called whenever no more of
/// it has come yet, before waiting for it: the answers so far can then be
/// written out, so that each comes as soon as it is known. An error from
/// `idle` ends the reading and is returned.
pub(super) fn read_inputs(
    inputs: &Inputs,
    max_puzzles: u64,
    idle: &mut dyn FnMut() -> io::Result<()>,
    push: &mut dyn FnMut(Entry) -> io::Result<()>,
) -> io::Result<()> {
    let mut puzzles = 0;
    let idle_failure = Cell::new(None);
    let mut idle = || {
        idle().map_err(|error| {
            let message = error.to_string();
            idle_failure.set(Some(error));
            // Ends this input's reading; the failure itself is returned below.
            io::Error::other(message)
        })
    };
    'inputs: for input in Input::all(&inputs.files) {
        if interrupt::requested() || puzzles >= max_puzzles {
            break;
        }
        let name: Arc<str> = input.name().into();
        let reader = match open(&input, &mut idle) {
            Ok(reader) => reader,
            // Ctrl-C while the opening waited (a named pipe with no writer).
            Err(_) if interrupt::requested() => return Ok(()),
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
        let mut reader = PuzzleReader::with_options(reader, inputs.format, inputs.options.clone());
        let mut puzzle = Grid::default();
        let mut entries = 0;
        while let Some(read) = reader.read_into(&mut puzzle) {
            if let Some(error) = idle_failure.take() {
                return Err(error);
            }
            if interrupt::requested() {
                // What was read last may be cut short: it is not answered.
                return Ok(());
            }
            if inputs.csv && reader.format() != Some(Format::Csv) {
                // Its answers would have no record to go in.
                let format = reader.format().map_or("unknown", Format::name);
                let message = format!("--output csv needs CSV input, and this input is {format}");
                let item = Item::InputError {
                    line: None,
                    message,
                };
                push(Entry { name, item })?;
                continue 'inputs;
            }
            let csv = if inputs.csv {
                reader.csv_record()
            } else {
                None
            };
            // Answers take the layout asked for, or that of the input.
            let layout = match inputs.layout {
                Some(output) => output,
                None => reader.layout().unwrap_or(Layout::Line),
            };
            let item = match read {
                Ok(line) => Item::Puzzle {
                    line,
                    puzzle: puzzle.clone(),
                    rules: Box::new(reader.rules().clone()),
                    given_solution: reader.take_solution(),
                    layout,
                    csv,
                },
                Err(error) if error.is_puzzle_error() => Item::BadPuzzle { error, layout, csv },
                Err(error) => Item::InputError {
                    line: Some(error.line),
                    message: error.kind.to_string(),
                },
            };
            let entry = Entry {
                name: name.clone(),
                item,
            };
            entries += 1;
            if entry.is_puzzle() {
                puzzles += 1;
            }
            push(entry)?;
            if puzzles >= max_puzzles {
                return Ok(());
            }
        }
        if let Some(error) = idle_failure.take() {
            return Err(error);
        }
        if interrupt::requested() {
            return Ok(());
        }
        if entries == 0 {
            // An empty input is more likely a mistake than a batch of none.
            let message = "no puzzle found".to_owned();
            let item = Item::InputError {
                line: None,
                message,
            };
            push(Entry { name, item })?;
        }
    }
    Ok(())
}

/// Opens `input`: a regular file directly (reading it never waits), and
/// anything else through a [`ReadAhead`], opened on its helper thread too:
/// opening a named pipe blocks until a writer comes, and Ctrl-C must end
/// that wait as it ends a wait for input.
fn open<'i>(
    input: &Input,
    idle: &'i mut dyn FnMut() -> io::Result<()>,
) -> io::Result<Box<dyn BufRead + 'i>> {
    if !input.may_wait()? {
        return input.open();
    }
    let input = input.clone();
    let reader = ReadAhead::open(move || input.open_source(), OnIdle(idle))?;
    Ok(Box::new(reader))
}
