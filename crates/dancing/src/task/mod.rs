//! Tasks: the search of a problem cut into pieces that run anywhere (other
//! processes, other machines, a cluster's job array) and add up exactly.
//!
//! A task is a node of the search tree, named by its [`NodePath`]: its path
//! from the root as [`Choice`]s that depend only on the problem (an
//! option's input index, or for Algorithm M an item that takes no more
//! options), never on the matrix's layout, the thread count or the build.
//! Running it searches the subtree below the node, and also the few nodes
//! above it that it *owns* (the ancestors it is the first task below), so
//! that the tasks of a split together explore the whole tree exactly once:
//! their nodes, updates, cleansings and solutions add up to those of one
//! sequential search, and their solutions, taken task after task, come in
//! its order.
//!
//! - [`run`]: splitting a problem into tasks, and running a task, with the
//!   frontier a budget leaves as new tasks;
//! - [`threads`]: one task on several threads, with the figures of one.
//!
//! How tasks are named, written to files and reported (task ids, the task
//! file, the result lines, the problem's digest) is an application's
//! protocol, not the search's: the `dancing-tasks` crate holds the one
//! `dlx split`, `dlx solve --tasks` and `dlx merge` speak.
//!
//! ```
//! use std::ops::ControlFlow;
//! use bumpalo::Bump;
//! use dancing::format;
//! use dancing::expert::{Search, Solver, Template};
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

pub mod run;
mod split;
pub mod threads;

use std::fmt;
use std::str::FromStr;

use crate::problem::{ItemId, OptionId};

pub use run::{
    CACHED_ENTRIES, DEFAULT_PROBES, DEFAULT_WORK_LIMIT, MAX_SPLIT_TASKS, PrefixError, Sizing,
    SplitGoal, SplitOutcome, SplitTasks, TaskOutcome, TaskRunner, split, split_sized,
};
pub use threads::{ThreadedOutcome, run_on_threads};

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

/// A node of the search tree, named by its path from the root, with the
/// number of its ancestors that a task run at it explores as well: what
/// [`split`] gives, [`TaskRunner::select`] takes, and a stopped run leaves
/// in its frontier.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct NodePath {
    /// How many of the deepest ancestors of the node the task explores as
    /// well (each once, as the search does before its first child).
    pub own: usize,
    /// The path from the root.
    pub prefix: Vec<Choice>,
}

impl NodePath {
    /// The root of the search tree, owning nothing: the whole search.
    pub fn root() -> NodePath {
        NodePath::default()
    }
}
