//! The ledger of a merge (`dlx merge`, and any other tool that adds
//! results up): every result line read, bound to the task it
//! claims to be, and every task of the split accounted for as done,
//! stopped (its frontier then expected), missing, or in a fault.
//!
//! A result counts only if its problem, split, id and path are those of a
//! task the split (or a stopped task's frontier) expects, and its line's
//! checksum holds; so a total is never made of lines of another split, of
//! edited lines, or of tasks that do not exist.

use std::collections::{HashMap, HashSet, VecDeque};

use dancing::Stats;

use crate::results::{ResultOutcome, TaskResult};
use crate::{Digest, SplitId, Task, TaskFile, format_prefix};

/// Where a line was read: `FILE:LINE`.
pub type Place = String;

/// A result line read and checked, and where.
pub struct Placed {
    /// Where it was read.
    pub place: Place,
    /// The result it holds.
    pub result: TaskResult,
}

/// A fault that no rerun mends: the results disagree with the split or
/// with each other, or cannot be read. Any of them makes the merge refuse
/// (exit 2).
#[allow(missing_docs)] // The variants' fields are named for what they hold.
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
    /// The task's path, when it is known.
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
    /// The task file's name, and how many tasks it holds when it is not
    /// the whole split (a rerun's file): then the split's identity says
    /// which tasks there are, and the others' paths are unknown.
    pub task_file_name: String,
    /// How many tasks a rerun's task file holds (`None`: the whole split).
    pub partial: Option<usize>,
    /// The task file's tasks not yet expected, by id.
    listed: HashMap<String, Task>,
    /// Lines of tasks that a rerun's task file lists below a task with no
    /// result yet (the stopped task that left them): not counted until
    /// that task's result is merged too, and no fault.
    pub waiting: Vec<Placed>,
    /// The estimated nodes of the task file's tasks that have one, by id.
    pub estimates: HashMap<String, u64>,
    /// Every checked line, by the task id it names.
    lines: HashMap<String, Vec<Placed>>,
    /// The results that count, one per task, in the order they were
    /// accounted (the task file's, then frontiers).
    pub accepted: Vec<Placed>,
    /// Tasks accepted complete, and stopped (with a frontier).
    pub done: usize,
    /// Tasks accepted stopped.
    pub stopped: usize,
    /// Tasks expected in all: the split's and the frontiers'.
    pub expected: usize,
    /// Results read again and the same (accepted once).
    pub duplicates: Vec<(Place, Place)>,
    /// Tasks with no result that counts, in the order accounted.
    pub missing: Vec<Missing>,
    /// Faults no rerun mends, in the order found.
    pub faults: Vec<Fault>,
    /// Last lines cut short (no line end, not a result): what a writer
    /// killed mid-line leaves; its task is missing unless another line has
    /// it.
    pub torn: Vec<Place>,
}

impl Ledger {
    /// Takes the task file `name` holds, which fixes the problem, the
    /// split and the tasks expected.
    pub fn set_task_file(&mut self, name: &str, file: TaskFile) {
        self.identity = Some((file.digest, file.split));
        self.identity_from = format!("the task file {name}");
        self.task_file = true;
        self.partial = (!file.is_whole_split()).then_some(file.tasks.len());
        self.task_file_name = name.to_owned();
        self.estimates = file
            .tasks
            .iter()
            .filter_map(|task| Some((task.id.clone(), task.estimate?)))
            .collect();
        self.listed = file
            .tasks
            .into_iter()
            .map(|task| (task.id.clone(), task))
            .collect();
    }

    /// Reads one result line found at `place` (without its line end;
    /// `ended`: whether it had one): a result is filed under its task, a
    /// last line cut short noted as torn, anything else as corrupt. Blank
    /// lines hold no result.
    pub fn note_line(&mut self, place: Place, line: &[u8], ended: bool) {
        if ended && line.trim_ascii().is_empty() {
            return;
        }
        let parsed = std::str::from_utf8(line)
            .map_err(|_| "not UTF-8 text".to_owned())
            .and_then(TaskResult::parse);
        match parsed {
            Ok(result) => self.note(place, result),
            Err(_) if !ended => self.torn.push(place),
            Err(why) => self.faults.push(Fault::Corrupt {
                why: corrupt_hint(line, why),
                place,
            }),
        }
    }

    /// Files a checked line under its task, if it is of the problem and
    /// split of the merge.
    pub fn note(&mut self, place: Place, result: TaskResult) {
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

    /// Accounts for every task: those of the split (the ids `0` to N-1
    /// its identity names, with their paths when the task file has them),
    /// then the frontier each stopped task left, and names every line
    /// left over. A rerun's task file holds only some of the split's
    /// tasks: whatever file is given, every task of the split must be
    /// accounted for.
    pub fn account(&mut self) {
        let mut queue: VecDeque<(String, Option<Task>, String)> = VecDeque::new();
        if let Some((_, split)) = self.identity {
            for k in 0..split.tasks() {
                let id = k.to_string();
                let task = self.listed.remove(&id);
                let source = if task.is_some() {
                    "the task file's"
                } else {
                    ""
                };
                queue.push_back((id, task, source.into()));
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
                        // A rerun's task file that lists it must have
                        // the path the frontier has.
                        if let Some(listed) = self.listed.remove(&left.id)
                            && listed.node != left.node
                        {
                            self.faults.push(Fault::Foreign {
                                place: self.task_file_name.clone(),
                                id: left.id.clone(),
                                why: format!(
                                    "its path in the task file is `{}` (owning {}), in {source} `{}` (owning {}): the task file is not a rerun of these results",
                                    format_prefix(&listed.node.prefix),
                                    listed.node.own,
                                    format_prefix(&left.node.prefix),
                                    left.node.own
                                ),
                            });
                        }
                        queue.push_back((left.id.clone(), Some(left.clone()), source.clone()));
                    }
                }
                ResultOutcome::NotStarted(_) => unreachable!("partitioned above"),
            }
            self.accepted.push(first);
        }
        // A task of a rerun's file below a task with no result waits for
        // that result; any other the split never expected is not of it.
        let missing: HashSet<&str> = self.missing.iter().map(|m| m.id.as_str()).collect();
        let below_missing = |mut id: &str| {
            while let Some((parent, _)) = id.rsplit_once('.') {
                if missing.contains(parent) {
                    return true;
                }
                id = parent;
            }
            false
        };
        let mut unreached: Vec<&Task> = self
            .listed
            .values()
            .filter(|task| !below_missing(&task.id))
            .collect();
        unreached.sort_by(|a, b| a.id.cmp(&b.id));
        let mut faults: Vec<Fault> = unreached
            .into_iter()
            .map(|task| Fault::Foreign {
                place: self.task_file_name.clone(),
                id: task.id.clone(),
                why: "the task file lists it, but no stopped task of these results left it: the task file is not a rerun of these results".into(),
            })
            .collect();
        // What no task expected: ids the split has not, frontier tasks of
        // no stopped task.
        let mut ghosts: Vec<Placed> = Vec::new();
        for (id, lines) in self.lines.drain() {
            if self.listed.contains_key(&id) && below_missing(&id) {
                self.waiting.extend(lines);
            } else {
                ghosts.extend(lines);
            }
        }
        self.faults.append(&mut faults);
        self.waiting.sort_by(|a, b| a.place.cmp(&b.place));
        ghosts.sort_by(|a, b| a.place.cmp(&b.place));
        let split_size = self.identity.map_or(0, |(_, split)| split.tasks());
        for ghost in ghosts {
            let why = if self.task_file && self.partial.is_none() {
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

/// The figures of `accepted` added up with checked sums (a sum past
/// `u64::MAX` is an error, never a wrapped count): solutions, nodes,
/// updates and cleansings summed, the deepest depth, and the task time.
///
/// # Errors
/// A sum past `u64::MAX` (or task time past `f64`'s range), naming the
/// figure and the line that took it there: no result of one search adds
/// up to that, so the lines are not to be trusted.
pub fn total(accepted: &[Placed]) -> Result<(Stats, f64), String> {
    let mut total = Stats::default();
    let mut seconds = 0.0;
    for placed in accepted {
        if let ResultOutcome::Ran {
            stats,
            seconds: took,
            ..
        } = &placed.result.outcome
        {
            let add = |sum: u64, value: u64, figure: &str| {
                sum.checked_add(value)
                    .ok_or_else(|| overflow(placed, figure, &u64::MAX.to_string()))
            };
            total.solutions = add(total.solutions, stats.solutions, "solutions")?;
            total.nodes = add(total.nodes, stats.nodes, "nodes")?;
            total.updates = add(total.updates, stats.updates, "updates")?;
            total.cleansings = add(total.cleansings, stats.cleansings, "cleansings")?;
            total.max_depth = total.max_depth.max(stats.max_depth);
            seconds += took;
            if !f64::is_finite(seconds) {
                return Err(overflow(placed, "seconds", &format!("{:e}", f64::MAX)));
            }
        }
    }
    Ok((total, seconds))
}

/// The error of a sum of `figure` that `placed` takes past `most`.
fn overflow(placed: &Placed, figure: &str, most: &str) -> String {
    format!(
        "{}: task {}: the {figure} of the results add up past {most} here: no total (no search adds up to that: the lines are not to be trusted)",
        placed.place, placed.result.task.id
    )
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

#[cfg(test)]
mod tests {
    use dancing::task::{Choice, NodePath};
    use dancing::{OptionId, Stats};

    use super::*;
    use crate::{read_tasks, write_split};

    /// A split of three tasks, and a complete result of each.
    fn split() -> (TaskFile, Vec<TaskResult>) {
        let digest: Digest = "blake3:000102030405060708090a0b0c0d0e0f".parse().unwrap();
        let tasks: Vec<Task> = Task::numbered((0..3).map(|k| NodePath {
            own: 1,
            prefix: vec![Choice::Option(OptionId::new(k))],
        }))
        .collect();
        let mut text = Vec::new();
        let split = write_split(&mut text, digest, &tasks).unwrap();
        let results = tasks
            .iter()
            .map(|task| TaskResult {
                task: task.clone(),
                split,
                digest,
                outcome: ResultOutcome::Ran {
                    stop: "complete".into(),
                    stats: Stats {
                        solutions: 2,
                        nodes: 5,
                        ..Stats::default()
                    },
                    seconds: 0.5,
                    frontier: Vec::new(),
                    found: None,
                    best: None,
                },
            })
            .collect();
        (read_tasks(&text[..]).unwrap(), results)
    }

    #[test]
    fn lines_are_accounted_for_and_added_up() {
        let (file, results) = split();
        let mut ledger = Ledger::default();
        ledger.set_task_file("tasks", file);
        ledger.note_line("r:1".into(), results[0].to_line().as_bytes(), true);
        ledger.note_line("r:2".into(), b"  ", true);
        let line = results[1].to_line();
        ledger.note_line("r:3".into(), &line.as_bytes()[..10], false);
        ledger.note("r:4".into(), results[2].clone());
        ledger.note("r:5".into(), results[2].clone());
        ledger.account();
        assert!(ledger.faults.is_empty());
        assert_eq!(ledger.torn, ["r:3"]);
        assert_eq!(ledger.duplicates, [("r:5".to_owned(), "r:4".to_owned())]);
        let missing: Vec<&str> = ledger.missing.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(missing, ["1"]);
        assert!(
            ledger.missing[0].task.is_some(),
            "the task file gives its path"
        );
        let (stats, seconds) = total(&ledger.accepted).unwrap();
        assert_eq!((stats.solutions, stats.nodes, seconds), (4, 10, 1.0));
    }

    #[test]
    fn a_changed_line_is_a_fault() {
        let (file, results) = split();
        let mut ledger = Ledger::default();
        ledger.set_task_file("tasks", file);
        let line = results[0].to_line().replace("\"nodes\":5", "\"nodes\":6");
        ledger.note_line("r:1".into(), line.as_bytes(), true);
        ledger.account();
        assert_eq!(ledger.faults.len(), 1);
        assert!(ledger.faults[0].describe().contains("checksum"));
        assert_eq!(ledger.missing.len(), 3);
    }
}
