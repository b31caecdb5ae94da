//! The writer of standard output: replays [`Answers`] in input order, with
//! their messages on stderr where they fall.

use std::io::{self, BufWriter, Write};
use std::sync::Arc;

use dancing_sudoku::format::{CsvHeader, Layout};
use dancing_sudoku::{Shape, Variant};

use super::answers::{Answers, Mark};
use super::generate::rules_lines;
use super::report::Totals;
use crate::progress::ProgressBar;

/// The main thread's end: writes answers to stdout and their messages to
/// stderr, in order, and adds up the totals.
pub(super) struct Output<'p> {
    pub(super) out: BufWriter<io::StdoutLock<'static>>,
    /// Flush after every write, so that a terminal shows answers as they come.
    pub(super) interactive: bool,
    pub(super) progress: &'p ProgressBar,
    /// The layout of the last grid written, if any.
    pub(super) last_layout: Option<Layout>,
    pub(super) totals: Totals,
    /// Answers were cut short by Ctrl-C: later ones are not written, so
    /// that the output is the answers to a prefix of the input.
    pub(super) cut_short: bool,
    /// `--rate`: the boxes the lines written so far set (`None`: none,
    /// each line's length tells them) and the variant.
    pub(super) last_rules: (Option<Shape>, Variant),
    /// `--output csv`: the header of the last header line written.
    pub(super) last_csv_header: Option<Arc<CsvHeader>>,
}

impl Output<'_> {
    /// Writes `answers`: the bytes, each message after the bytes before it
    /// (stdout is flushed first, so that both read in order on a terminal or
    /// in one file), and a separator before the first grid where the grid
    /// before it calls for one.
    pub(super) fn write(&mut self, answers: &Answers) -> io::Result<()> {
        if self.cut_short {
            return Ok(());
        }
        self.cut_short = answers.cut_short;
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

    /// Writes out what is buffered: input is slow in coming, and the
    /// answers so far should not wait for it.
    pub(super) fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
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
                Mark::Rules { at, shape, variant } => {
                    self.out.write_all(&answers.out[written..*at])?;
                    written = *at;
                    let (boxes, was) = self.last_rules;
                    let lines = rules_lines(boxes, was, *shape, *variant);
                    self.out.write_all(lines.as_bytes())?;
                    // Boxes once set stay set; until then each line's
                    // length tells them.
                    let boxes = if lines.starts_with("box ") {
                        Some(*shape)
                    } else {
                        boxes
                    };
                    self.last_rules = (boxes, *variant);
                }
                Mark::CsvHeader { at, header } => {
                    self.out.write_all(&answers.out[written..*at])?;
                    written = *at;
                    if self.last_csv_header.as_ref() != Some(header) {
                        writeln!(self.out, "{}", header.answer_line())?;
                        self.last_csv_header = Some(header.clone());
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
pub(super) fn separator(layout: Layout) -> &'static [u8] {
    match layout {
        Layout::Blocks | Layout::Grid => b"\n",
        Layout::Line | Layout::Rows | Layout::Ans => b"",
    }
}

#[cfg(test)]
mod tests {
    use dancing_sudoku::Grid;
    use dancing_sudoku::format::GridWriter;

    use super::*;

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
