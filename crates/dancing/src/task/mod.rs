//! Tasks: the search of a problem cut into pieces that run anywhere (other
//! processes, other machines, a cluster's job array) and add up exactly.
//!
//! A [`Task`] is a node of the search tree, named by its path from the root
//! as [`Choice`]s that depend only on the problem (an option's input index,
//! or for Algorithm M an item that takes no more options), never on the
//! matrix's layout, the thread count or the build. Running it searches the
//! subtree below the node, and also the few nodes above it that it *owns*
//! (the ancestors it is the first task below), so that the tasks of a split
//! together explore the whole tree exactly once: their nodes, updates,
//! cleansings and solutions add up to those of one sequential search, and
//! their solutions, taken task after task, come in its order.
//!
//! - [`digest`]: the problem's digest, which every task file and result
//!   carries;
//! - [`file`]: the task file, one line per task, and its reader;
//! - [`run`]: splitting a problem into tasks, and running a task, with the
//!   frontier a budget leaves as new tasks;
//! - [`threads`]: one task on several threads, with the figures of one;
//! - [`results`]: the result line a task's run writes (JSON), and its
//!   reader.
//!
//! ```
//! use std::ops::ControlFlow;
//! use bumpalo::Bump;
//! use dancing::{format, Solver, Template, Search};
//! use dancing::task::{split, SplitGoal, TaskRunner};
//!
//! let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
//! let template = Template::new(&problem);
//! let tasks = split(&problem, &template, SplitGoal::Tasks(10), true, &mut |_| ControlFlow::Continue(())).tasks;
//! assert!(tasks.len() >= 10);
//! let bump = Bump::new();
//! let mut runner = TaskRunner::new(&problem, &template, &bump);
//! let (mut solutions, mut nodes) = (0, 0);
//! for task in &tasks {
//!     runner.select(task)?;
//!     let outcome = runner.count();
//!     solutions += outcome.stats.solutions;
//!     nodes += outcome.stats.nodes;
//! }
//! let one = Solver::new(&problem, &bump).search(|_| ControlFlow::Continue(()));
//! assert_eq!((solutions, nodes), (one.solutions, one.nodes));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod digest;
pub mod file;
pub mod results;
pub mod run;
pub mod threads;

use std::fmt;
use std::str::FromStr;

use crate::problem::{ItemId, OptionId};

pub use digest::Digest;
pub use file::{TaskFile, TaskFileError, read_tasks, write_header, write_task};
pub use results::{ResultOutcome, TaskResult};
pub use run::{
    MAX_SPLIT_TASKS, PrefixError, SplitGoal, SplitOutcome, TaskOutcome, TaskRunner, split,
};
pub use threads::{ThreadedOutcome, run_on_threads};

/// The longest task id accepted, in bytes: frontier tasks add a part to
/// their parent's id, so this bounds how often a task is re-split.
pub const MAX_ID_LEN: usize = 4096;

/// One step of a task's path: what the search chose at that level.
///
/// Siblings come in the search's order when sorted: options by input index
/// (an item's list keeps input order), then Algorithm M's move that retires
/// the item branched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Choice {
    /// The option with this input index, written as its number (`17`).
    Option(OptionId),
    /// Algorithm M's null move: the item branched on takes no more options
    /// (its lower bound allows it), written `r` and the item's input index
    /// (`r3`).
    Retire(ItemId),
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Option(option) => write!(f, "{}", option.index()),
            Choice::Retire(item) => write!(f, "r{}", item.index()),
        }
    }
}

/// A string that is not a [`Choice`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceError(String);

impl fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a choice (an option's index, or `r` and an item's index)",
            self.0.escape_debug()
        )
    }
}

impl std::error::Error for ChoiceError {}

impl FromStr for Choice {
    type Err = ChoiceError;

    fn from_str(text: &str) -> Result<Choice, ChoiceError> {
        let error = || ChoiceError(text.chars().take(40).collect());
        let (retire, digits) = match text.strip_prefix('r') {
            Some(digits) => (true, digits),
            None => (false, text),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        // Indices fit in 32 bits, as the problem's do.
        let index: u32 = digits.parse().map_err(|_| error())?;
        Ok(if retire {
            Choice::Retire(ItemId::new(index as usize))
        } else {
            Choice::Option(OptionId::new(index as usize))
        })
    }
}

/// The choices of a path, written as a task file does: separated by
/// spaces.
pub fn format_prefix(prefix: &[Choice]) -> String {
    let parts: Vec<String> = prefix.iter().map(Choice::to_string).collect();
    parts.join(" ")
}

/// Reads choices separated by spaces (see [`format_prefix`]).
///
/// # Errors
/// The first word that is not a choice.
pub fn parse_prefix(text: &str) -> Result<Vec<Choice>, ChoiceError> {
    text.split_ascii_whitespace().map(str::parse).collect()
}

/// One task: an id, the number of ancestors it owns, and its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// Numbers joined by dots: `7` for the eighth task of a split, `7.2`
    /// for the third task of the frontier task 7 left.
    pub id: String,
    /// How many of the deepest ancestors of the node this task explores
    /// as well (each once, as the search does before its first child).
    pub own: usize,
    /// The path from the root.
    pub prefix: Vec<Choice>,
}

/// Whether `id` is a task id: numbers joined by dots, no longer than
/// [`MAX_ID_LEN`].
pub fn is_valid_id(id: &str) -> bool {
    id.len() <= MAX_ID_LEN
        && id.split('.').all(|part| {
            !part.is_empty() && part.len() <= 9 && part.bytes().all(|b| b.is_ascii_digit())
        })
}
