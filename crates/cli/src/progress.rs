//! Progress on standard error for long runs, drawn by `indicatif`.
//!
//! A [`ProgressBar`] shows nothing unless standard error is a terminal, and
//! nothing during its first second ([`REVEAL_AFTER`]): short runs, pipes and
//! files never see it. Once shown it is redrawn a few times a second and
//! cleared when the [`ProgressBar`] is dropped (or [`ProgressBar::finish`]ed), so
//! that it never mixes with results.
//!
//! ```ignore
//! let progress = ProgressBar::spinner("{spinner} {human_pos} puzzles, {rate} puzzles/s");
//! for puzzle in puzzles {
//!     // ...
//!     progress.inc(1);
//! }
//! progress.suspend(|| eprintln!("a message that must not be drawn over"));
//! progress.finish();
//! ```
//!
//! Templates use `indicatif`'s keys (`{spinner}`, `{bar:30}`, `{pos}`,
//! `{human_pos}`, `{len}`, `{percent}`, `{elapsed}`, `{eta}`, `{prefix}`,
//! `{msg}`, `{wide_msg}`, ...) and one of ours: `{rate}`, steps per second
//! since the start, as a whole number with thousands separators. The line
//! should fit the terminal (`{wide_msg}` is cut to fit): a line that wraps
//! cannot be cleared whole.

use std::borrow::Cow;
use std::io::{self, IsTerminal};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use console::Term;
use indicatif::{HumanFloatCount, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike};

/// How long work goes on before progress appears.
pub const REVEAL_AFTER: Duration = Duration::from_secs(1);

/// How often a visible progress line is redrawn (the spinner turns).
const TICK: Duration = Duration::from_millis(100);

/// How often a visible progress line may be redrawn at most.
const REFRESH_HZ: u8 = 20;

/// Columns left free at the end of the progress line, for the `^C` that
/// the terminal echoes on Ctrl-C.
const ECHO_ROOM: u16 = 2;

/// Standard error as `indicatif` sees it: [`ECHO_ROOM`] columns narrower
/// than it is. `indicatif` pads the line to the full width, which leaves the
/// cursor on the last column; the `^C` echoed there would wrap to a new
/// line, and clearing the bar would clear that line and leave the bar,
/// stale, above the result.
#[derive(Debug)]
struct Narrowed(Term);

impl TermLike for Narrowed {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(ECHO_ROOM).max(1)
    }

    fn height(&self) -> u16 {
        self.0.size().0
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }

    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }

    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

/// A progress line on standard error, or nothing.
///
/// Every method takes `&self`, and a `ProgressBar` is `Sync`: worker threads
/// may advance it too.
pub struct ProgressBar {
    /// `None` when progress is not shown at all (not a terminal, or hidden).
    bar: Option<indicatif::ProgressBar>,
    /// The thread that shows the bar after [`REVEAL_AFTER`]; dropping the
    /// sender wakes it early.
    reveal: Option<(Sender<()>, JoinHandle<()>)>,
}

impl ProgressBar {
    /// No progress: every method does nothing.
    pub fn hidden() -> ProgressBar {
        ProgressBar {
            bar: None,
            reveal: None,
        }
    }

    /// A spinner with a counter, for work of unknown length, drawn with
    /// `template` (see the module documentation); hidden when standard error
    /// is not a terminal.
    pub fn spinner(template: &str) -> ProgressBar {
        ProgressBar::start(None, template)
    }

    /// A bar that fills up to `len`, drawn with `template`; hidden when
    /// standard error is not a terminal.
    pub fn bar(len: u64, template: &str) -> ProgressBar {
        ProgressBar::start(Some(len), template)
    }

    fn start(len: Option<u64>, template: &str) -> ProgressBar {
        if !io::stderr().is_terminal() {
            return ProgressBar::hidden();
        }
        // Drawn nowhere until revealed; counting starts now all the same.
        let bar = indicatif::ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden())
            .with_style(style(template));
        let (wake, woken) = mpsc::channel::<()>();
        let shown = bar.clone();
        let spawned = thread::Builder::new()
            .name("dlx-progress".into())
            .spawn(move || {
                // Anything but a timeout means the work ended first.
                if woken.recv_timeout(REVEAL_AFTER) == Err(RecvTimeoutError::Timeout) {
                    shown.set_draw_target(ProgressDrawTarget::term_like_with_hz(
                        Box::new(Narrowed(Term::buffered_stderr())),
                        REFRESH_HZ,
                    ));
                    shown.enable_steady_tick(TICK);
                }
            });
        match spawned {
            Ok(handle) => ProgressBar {
                bar: Some(bar),
                reveal: Some((wake, handle)),
            },
            // A progress bar is a nicety: without a thread, go without it.
            Err(_) => ProgressBar::hidden(),
        }
    }

    /// Sets the count.
    pub fn set_position(&self, position: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(position);
        }
    }

    /// Sets the text of `{prefix}` in the template (a file name, say: text
    /// that must not be read as a template).
    pub fn set_prefix(&self, prefix: impl Into<Cow<'static, str>>) {
        if let Some(bar) = &self.bar {
            bar.set_prefix(prefix);
        }
    }

    /// Sets the text of `{msg}` (or `{wide_msg}`) in the template.
    pub fn set_message(&self, message: impl Into<Cow<'static, str>>) {
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }

    /// Whether anything may be drawn: standard error is a terminal and
    /// progress was not hidden.
    pub fn is_active(&self) -> bool {
        self.bar.is_some()
    }

    /// Runs `f` with the progress line cleared, then draws it again: for
    /// anything written to the terminal meanwhile (messages on stderr).
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Clears the progress line for good (dropping does the same).
    pub fn finish(self) {}
}

impl Drop for ProgressBar {
    fn drop(&mut self) {
        // Stop the reveal first, so that the bar cannot appear once cleared.
        if let Some((wake, handle)) = self.reveal.take() {
            drop(wake);
            let _ = handle.join();
        }
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// The style for `template`, with the `{rate}` key; `indicatif`'s default
/// if the template is malformed (templates are constants of this program,
/// and tests check them).
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
        .with_key("rate", rate)
}

/// Whether `template` is one `indicatif` accepts (for tests of templates).
#[cfg(test)]
pub fn is_valid_template(template: &str) -> bool {
    ProgressStyle::with_template(template).is_ok()
}

/// `{rate}`: steps per second since the start, rounded, `12,345`.
fn rate(state: &ProgressState, out: &mut dyn std::fmt::Write) {
    let seconds = state.elapsed().as_secs_f64();
    let per_second = if seconds > 0.0 {
        state.pos() as f64 / seconds
    } else {
        0.0
    };
    let _ = write!(out, "{:.0}", HumanFloatCount(per_second));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_progress_does_nothing_and_runs_suspended_work() {
        let progress = ProgressBar::hidden();
        progress.set_position(7);
        progress.set_message("x");
        assert!(!progress.is_active());
        assert_eq!(progress.suspend(|| 42), 42);
        progress.finish();
    }

    #[test]
    fn the_bar_leaves_room_for_an_echoed_ctrl_c() {
        let term = Term::stderr();
        let narrowed = Narrowed(term.clone());
        assert_eq!(narrowed.width(), term.size().1 - ECHO_ROOM);
        assert_eq!(narrowed.height(), term.size().0);
    }

    #[test]
    fn malformed_templates_are_told_apart() {
        assert!(is_valid_template("{spinner} {human_pos} done, {rate}/s"));
        assert!(!is_valid_template("{pos:z}"));
    }
}
