//! A task: a node of the search tree with the id the protocol knows it by.

use dancing::task::{Choice, ChoiceError, NodePath};

/// The longest task id accepted, in bytes: frontier tasks add a part to
/// their parent's id, so this bounds how often a task is re-split.
pub const MAX_ID_LEN: usize = 4096;

/// One task: an id, the node it searches (the ancestors it owns, and its
/// path from the root), and the estimate of its size `dlx split` wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// Numbers joined by dots: `7` for the eighth task of a split, `7.2`
    /// for the third task of the frontier task 7 left.
    pub id: String,
    /// The node, as the engine's runner selects it.
    pub node: NodePath,
    /// Knuth's estimate of the nodes the task explores, rounded, when the
    /// split was sized (a frontier task has none). Not part of what binds
    /// a result to its task: the split's identity covers it.
    pub estimate: Option<u64>,
}

impl Task {
    /// The tasks of a split (the nodes [`dancing::task::split`] gives, in
    /// the order of the search), numbered from `0`, without estimates.
    pub fn numbered(nodes: impl IntoIterator<Item = NodePath>) -> impl Iterator<Item = Task> {
        nodes.into_iter().enumerate().map(|(k, node)| Task {
            id: k.to_string(),
            node,
            estimate: None,
        })
    }

    /// The tasks of a split with their estimated nodes (as
    /// [`dancing::task::split`] gives both), numbered from `0`; `estimates`
    /// empty for none.
    pub fn numbered_sized(nodes: Vec<NodePath>, estimates: &[f64]) -> Vec<Task> {
        nodes
            .into_iter()
            .enumerate()
            .map(|(k, node)| Task {
                id: k.to_string(),
                node,
                estimate: estimates.get(k).map(|&nodes| rounded_estimate(nodes)),
            })
            .collect()
    }

    /// The tasks a stopped run of this one left (its frontier, in the
    /// order of the search), named `ID.0`, `ID.1`, ... below this task's
    /// id.
    pub fn frontier(&self, left: impl IntoIterator<Item = NodePath>) -> Vec<Task> {
        left.into_iter()
            .enumerate()
            .map(|(k, node)| Task {
                id: format!("{}.{k}", self.id),
                node,
                estimate: None,
            })
            .collect()
    }
}

/// Whether `id` is a task id: numbers joined by dots, no longer than
/// [`MAX_ID_LEN`].
pub fn is_valid_id(id: &str) -> bool {
    id.len() <= MAX_ID_LEN
        && id.split('.').all(|part| {
            !part.is_empty() && part.len() <= 9 && part.bytes().all(|b| b.is_ascii_digit())
        })
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

/// An estimate of nodes as a task file writes it: rounded to a whole
/// number (at most `u64::MAX`, 0 for what is not a number).
pub fn rounded_estimate(nodes: f64) -> u64 {
    // `as` saturates, and takes NaN to 0.
    nodes.round() as u64
}
