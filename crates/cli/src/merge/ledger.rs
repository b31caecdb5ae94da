//! The ledger of a merge: every result line read, bound to the task it
//! claims to be, and every task of the split accounted for as done,
//! stopped (its frontier then expected), missing, or in a fault.
//!
//! A result counts only if its problem, split, id and path are those of a
//! task the split (or a stopped task's frontier) expects, and its line's
//! checksum holds; so a total is never made of lines of another split, of
//! edited lines, or of tasks that do not exist.

use std::collections::{HashMap, VecDeque};
use std::path::Path;

use dancing_tasks::file::BYTE_ORDER_MARK;
use dancing_tasks::results::{ResultOutcome, TaskResult, read_line};
use dancing_tasks::{Digest, SplitId, Task, format_prefix, read_tasks};

use crate::input::Input;

/// Where a line was read: `FILE:LINE`.
pub type Place = String;

/// A result line read and checked, and where.
pub struct Placed {
    pub place: Place,
    pub result: TaskResult,
}

/// A fault that no rerun mends: the results disagree with the split or
/// with each other, or cannot be read. Any of them makes the merge refuse
/// (exit 2).
pub enum Fault {
    /// A results file that cannot be opened or read.
    Unreadable { file: String, error: String },
    /// A line that is not a result line of this format, or whose checksum
    /// does not match.
    Corrupt { place: Place, why: String },
    /// A checked line that is not of this split: another problem, another
    /// split, a path that is not the task's, or an id the split has not.
    Foreign {
        place: Place,
        id: String,
        why: String,
    },
    /// Two results of one task that say different things.
    Disagreeing {
        place: Place,
        id: String,
        first: Place,
    },
    /// A task that ran and could not: its path is not the search's.
    Failed {
        place: Place,
        id: String,
        error: String,
    },
}

impl Fault {
    /// The fault in words, its place first.
    pub fn describe(&self) -> String {
        match self {
            Fault::Unreadable { file, error } => format!("{file}: cannot read: {error}"),
            Fault::Corrupt { place, why } => format!("{place}: {why}"),
            Fault::Foreign { place, id, why } => format!("{place}: task {id}: {why}"),
            Fault::Disagreeing { place, id, first } => format!(
                "{place}: task {id} has another result at {first} that says otherwise (figures or frontier differ)"
            ),
            Fault::Failed { place, id, error } => format!("{place}: task {id} failed: {error}"),
        }
    }

    /// The summary's word for it.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Unreadable { .. } => "unreadable",
            Fault::Corrupt { .. } => "corrupt",
            Fault::Foreign { .. } => "foreign",
            Fault::Disagreeing { .. } => "disagreeing",
            Fault::Failed { .. } => "failed",
        }
    }
}

/// A task with no result that counts: a rerun mends it.
pub struct Missing {
    /// The task, with its path when it is known (always with a task file).
    pub id: String,
    pub task: Option<Task>,
    /// Where a `not-started` line names it, and the budget that stopped it.
    pub not_started: Option<(Place, String)>,
}

/// What the ledger holds once every line is read.
#[derive(Default)]
pub struct Ledger {
    /// The problem and split the results are bound to: the task file's,
    /// else the first result's.
    pub identity: Option<(Digest, SplitId)>,
    /// Where the identity comes from (the task file, or a line).
    pub identity_from: String,
    /// Whether a task file gave the tasks (and so their paths).
    pub task_file: bool,
    /// The task file's tasks, in its order.
    tasks: Vec<Task>,
    /// The estimated nodes of the task file's tasks that have one, by id.
    pub estimates: HashMap<String, u64>,
    /// Every checked line, by the task id it names.
    lines: HashMap<String, Vec<Placed>>,
    /// The results that count, one per task, in the order they were
    /// accounted (the task file's, then frontiers).
    pub accepted: Vec<Placed>,
    /// Tasks accepted complete, and stopped (with a frontier).
    pub done: usize,
    pub stopped: usize,
    /// Tasks expected in all: the split's and the frontiers'.
    pub expected: usize,
    /// Results read again and the same (accepted once).
    pub duplicates: Vec<(Place, Place)>,
    pub missing: Vec<Missing>,
    pub faults: Vec<Fault>,
    /// Last lines cut short (no line end, not a result): what a writer
    /// killed mid-line leaves; its task is missing unless another line has
    /// it.
    pub torn: Vec<Place>,
}

impl Ledger {
    /// Reads the task file, which fixes the problem, the split and the
    /// tasks expected.
    pub fn read_task_file(&mut self, path: &Path) -> Result<(), String> {
        let name = path.display().to_string();
        let file = Input::File(path.to_owned())
            .open()
            .map_err(|error| format!("{name}: cannot open: {error}"))?;
        let file = read_tasks(file).map_err(|error| format!("{name}:{error}"))?;
        self.identity = Some((file.digest, file.split));
        self.identity_from = format!("the task file {name}");
        self.task_file = true;
        self.estimates = file
            .tasks
            .iter()
            .filter_map(|task| Some((task.id.clone(), task.estimate?)))
            .collect();
        self.tasks = file.tasks;
        Ok(())
    }

    /// Reads every line of one results file (`-`: standard input); a bad
    /// line is noted and the rest still read.
    pub fn read_results(&mut self, path: &Path) {
        let name = path.display().to_string();
        let input = Input::all(std::slice::from_ref(&path.to_owned())).remove(0);
        let mut reader = match input.open() {
            Ok(reader) => reader,
            Err(error) => {
                self.faults.push(Fault::Unreadable {
                    file: name,
                    error: error.to_string(),
                });
                return;
            }
        };
        let mut buffer = Vec::new();
        for line in 1.. {
            let place = format!("{name}:{line}");
            match read_line(&mut reader, &mut buffer) {
                Ok(None) => break,
                Ok(Some(ended)) => {
                    if line == 1 && buffer.starts_with(BYTE_ORDER_MARK) {
                        buffer.drain(..BYTE_ORDER_MARK.len());
                    }
                    // Blank lines hold no result (an editor's, or those
                    // between concatenated files).
                    if ended && buffer.trim_ascii().is_empty() {
                        continue;
                    }
                    let parsed = std::str::from_utf8(&buffer)
                        .map_err(|_| "not UTF-8 text".to_owned())
                        .and_then(TaskResult::parse);
                    match parsed {
                        Ok(result) => self.note(place, result),
                        Err(_) if !ended => self.torn.push(place),
                        Err(why) => self.faults.push(Fault::Corrupt {
                            why: corrupt_hint(&buffer, why),
                            place,
                        }),
                    }
                }
                Err(error) => {
                    self.faults.push(Fault::Unreadable {
                        file: place,
                        error: error.to_string(),
                    });
                    break;
                }
            }
        }
    }

    /// Files a checked line under its task, if it is of the problem and
    /// split of the merge.
    fn note(&mut self, place: Place, result: TaskResult) {
        let (digest, split) = *self.identity.get_or_insert_with(|| {
            self.identity_from = format!("the first result, {place}");
            (result.digest, result.split)
        });
        let id = result.task.id.clone();
        let why = if result.digest != digest {
            format!(
                "a result of another problem (digest {}; {} has {digest})",
                result.digest, self.identity_from
            )
        } else if result.split != split {
            format!(
                "a result of another split (split {}; {} has {split}): results of two splits do not add up",
                result.split, self.identity_from
            )
        } else {
            self.lines
                .entry(id)
                .or_default()
                .push(Placed { place, result });
            return;
        };
        self.faults.push(Fault::Foreign { place, id, why });
    }

    /// Accounts for every task: those of the split (the task file's, or
    /// without it the ids `0` to N-1 its identity names), then the
    /// frontier each stopped task left, and names every line left over.
    pub fn account(&mut self) {
        let mut queue: VecDeque<(String, Option<Task>, String)> = VecDeque::new();
        if self.task_file {
            for task in std::mem::take(&mut self.tasks) {
                queue.push_back((task.id.clone(), Some(task), "the task file's".into()));
            }
        } else if let Some((_, split)) = self.identity {
            for k in 0..split.tasks() {
                queue.push_back((k.to_string(), None, String::new()));
            }
        }
        while let Some((id, task, source)) = queue.pop_front() {
            self.expected += 1;
            let lines = self.lines.remove(&id).unwrap_or_default();
            let (ran, not_started): (Vec<Placed>, Vec<Placed>) = lines
                .into_iter()
                .partition(|placed| !matches!(placed.result.outcome, ResultOutcome::NotStarted(_)));
            // Lines whose task is not the one expected under this id.
            let (ran, strays): (Vec<Placed>, Vec<Placed>) = ran.into_iter().partition(|placed| {
                task.as_ref()
                    .is_none_or(|task| task.node == placed.result.task.node)
            });
            for stray in strays.into_iter().chain(
                not_started
                    .iter()
                    .filter(|placed| {
                        task.as_ref()
                            .is_some_and(|task| task.node != placed.result.task.node)
                    })
                    .map(|placed| Placed {
                        place: placed.place.clone(),
                        result: placed.result.clone(),
                    }),
            ) {
                let expected = task.as_ref().expect("a stray has an expected task");
                self.faults.push(Fault::Foreign {
                    place: stray.place,
                    id: id.clone(),
                    why: format!(
                        "its path is `{}` (owning {}), {source} is `{}` (owning {}): a result of another split or an edited line",
                        format_prefix(&stray.result.task.node.prefix),
                        stray.result.task.node.own,
                        format_prefix(&expected.node.prefix),
                        expected.node.own
                    ),
                });
            }
            let mut ran = ran.into_iter();
            let Some(first) = ran.next() else {
                let not_started =
                    not_started
                        .into_iter()
                        .next()
                        .map(|placed| match placed.result.outcome {
                            ResultOutcome::NotStarted(why) => (placed.place, why),
                            _ => unreachable!("partitioned above"),
                        });
                self.missing.push(Missing {
                    id,
                    task,
                    not_started,
                });
                continue;
            };
            let mut agreed = true;
            for other in ran {
                if other.result.agrees_with(&first.result) {
                    self.duplicates.push((other.place, first.place.clone()));
                } else {
                    agreed = false;
                    self.faults.push(Fault::Disagreeing {
                        place: other.place,
                        id: id.clone(),
                        first: first.place.clone(),
                    });
                }
            }
            if !agreed {
                continue;
            }
            match &first.result.outcome {
                ResultOutcome::Failed(error) => {
                    self.faults.push(Fault::Failed {
                        place: first.place.clone(),
                        id,
                        error: error.clone(),
                    });
                    continue;
                }
                ResultOutcome::Ran { frontier, .. } if frontier.is_empty() => self.done += 1,
                ResultOutcome::Ran { frontier, .. } => {
                    self.stopped += 1;
                    let source = format!("the frontier of task {id} at {}", first.place);
                    for left in frontier {
                        queue.push_back((left.id.clone(), Some(left.clone()), source.clone()));
                    }
                }
                ResultOutcome::NotStarted(_) => unreachable!("partitioned above"),
            }
            self.accepted.push(first);
        }
        // What no task expected: ids the split has not, frontier tasks of
        // no stopped task.
        let mut ghosts: Vec<Placed> = self.lines.drain().flat_map(|(_, lines)| lines).collect();
        ghosts.sort_by(|a, b| a.place.cmp(&b.place));
        let split_size = self.identity.map_or(0, |(_, split)| split.tasks());
        for ghost in ghosts {
            let why = if self.task_file {
                "neither in the task file nor left by a stopped task".to_owned()
            } else {
                format!(
                    "not a task of the split (tasks 0 to {}) nor left by a stopped task",
                    split_size.saturating_sub(1)
                )
            };
            self.faults.push(Fault::Foreign {
                place: ghost.place,
                id: ghost.result.task.id,
                why,
            });
        }
    }
}

/// A corrupt line's reason, with a hint when the line is recognisably a
/// scheduler's message rather than a result.
fn corrupt_hint(line: &[u8], why: String) -> String {
    if line.starts_with(b"slurmstepd:") || line.starts_with(b"srun:") {
        format!(
            "a message of Slurm's, not a result line (give sbatch an --error file apart from --output): {}",
            String::from_utf8_lossy(&line[..line.len().min(120)]).escape_debug()
        )
    } else {
        why
    }
}
