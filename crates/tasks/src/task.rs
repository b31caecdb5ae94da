//! A task: a node of the search tree with the id the protocol knows it by.

use dancing::task::{Choice, ChoiceError, NodePath};

/// The longest task id accepted, in bytes: frontier tasks add a part to
/// their parent's id, so this bounds how often a task is re-split.
pub const MAX_ID_LEN: usize = 4096;

/// One task: an id, and the node it searches (the ancestors it owns, and
/// its path from the root).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// Numbers joined by dots: `7` for the eighth task of a split, `7.2`
    /// for the third task of the frontier task 7 left.
    pub id: String,
    /// The node, as the engine's runner selects it.
    pub node: NodePath,
}

impl Task {
    /// The tasks of a split (the nodes [`dancing::task::split`] gives, in
    /// the order of the search), numbered from `0`.
    pub fn numbered(nodes: impl IntoIterator<Item = NodePath>) -> impl Iterator<Item = Task> {
        nodes.into_iter().enumerate().map(|(k, node)| Task {
            id: k.to_string(),
            node,
        })
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
