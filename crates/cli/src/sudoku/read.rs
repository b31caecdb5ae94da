//! Reading puzzles: every input in turn, streamed, each thing read handed
//! on in input order.

use std::io;
use std::sync::Arc;

use dancing_sudoku::Grid;
use dancing_sudoku::format::{Layout, PuzzleReader, ReadError};

use super::args::Args;
use crate::input::Input;

/// One thing read from an input, in input order: a puzzle, a puzzle that
/// could not be read, or a problem of the input as a whole.
pub(super) struct Entry {
    /// The input's name in messages.
    pub(super) name: Arc<str>,
    pub(super) item: Item,
}

pub(super) enum Item {
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
pub(super) fn read_inputs(
    args: &Args,
    push: &mut dyn FnMut(Entry) -> io::Result<()>,
) -> io::Result<()> {
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
