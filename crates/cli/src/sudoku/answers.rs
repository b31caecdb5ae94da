//! Answers kept to be written in order later: the bytes for stdout, the
//! messages for stderr with where they fall in those bytes, and what they
//! add to the totals. Printers fill them; the output (`super::output`)
//! writes them out.

use std::fmt::Display;
use std::io::Write;
use std::sync::Arc;

use dancing_sudoku::format::{CsvHeader, Layout};
use dancing_sudoku::{Shape, Variant};

use super::report::Totals;

/// The answers to some puzzles, kept to be written in order later: the bytes
/// for stdout, the messages for stderr with where they fall in those bytes,
/// and what they add to the totals.
#[derive(Default)]
pub(super) struct Answers {
    pub(super) out: Vec<u8>,
    pub(super) marks: Vec<Mark>,
    /// The layout of the last grid (or placeholder) written.
    pub(super) last_layout: Option<Layout>,
    pub(super) totals: Totals,
    /// Ctrl-C came before every puzzle was answered: the answers end here,
    /// and no later one may be written.
    pub(super) cut_short: bool,
}

/// A point in [`Answers::out`] where something happens as it is written.
pub(super) enum Mark {
    /// A message for stderr, written after the bytes before it.
    Note { at: usize, message: String },
    /// The first grid (or placeholder) of a chunk, whose separator from the
    /// grid before it depends on what earlier chunks wrote.
    FirstGrid { at: usize, layout: Layout },
    /// `--rate`: a puzzle line of `shape` and `variant`, which needs
    /// lines `box RxC` or `variant NAME` before it when the lines before
    /// leave the reader with other rules (see `generate::rules_lines`).
    Rules {
        at: usize,
        shape: Shape,
        variant: Variant,
    },
    /// `--output csv`: a record of an input with `header`, which needs the
    /// header line before it unless the last one written is the same.
    CsvHeader { at: usize, header: Arc<CsvHeader> },
}

impl Answers {
    /// Empties them, for the next puzzle or chunk.
    pub(super) fn clear(&mut self) {
        self.out.clear();
        self.marks.clear();
        self.last_layout = None;
        self.totals = Totals::default();
        self.cut_short = false;
    }

    /// A message for stderr, written after the bytes so far.
    pub(super) fn note(&mut self, message: String) {
        let at = self.out.len();
        self.marks.push(Mark::Note { at, message });
    }

    /// A line of text on stdout.
    pub(super) fn line(&mut self, text: impl Display) {
        // Writing into memory does not fail.
        let _ = writeln!(self.out, "{text}");
    }
}
