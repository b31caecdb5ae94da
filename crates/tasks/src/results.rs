//! Task results: the JSON line `dlx solve --tasks` writes per task, and
//! its reader for `dlx merge` (or any other tool that adds results up).
//!
//! ```text
//! {"format":2,"task":"3","split":"0c9d…51/202","digest":"blake3:…","own":0,"prefix":"12 40",
//!  "stop":"complete","solutions":2,"nodes":117,"updates":2301,"cleansings":0,"max_depth":9,
//!  "seconds":0.01,"frontier":[],"check":"5be1…"}
//! ```
//!
//! Each line names its task (id, owned ancestors and path), the split it
//! comes from ([`SplitId`]) and the problem ([`Digest`]), so that a merge
//! can bind it to its task; and it ends with `check`, the [`line_check`]
//! of the line up to `,"check":`, so that a changed byte is seen.
//!
//! `stop` is `complete`, `max-nodes`, `time-limit` or `interrupted` (then
//! `frontier` lists the tasks left, each `{"id","own","prefix"}`, and the
//! figures count the finished part only), `not-started` (a budget ran out
//! before the task started: `why` says which, and there are no figures), or
//! `error` (then `error` says why and there are no figures). `found`, when
//! solutions were asked for, holds them in the order of the search: each a
//! list of options, each a list of entries as the input wrote them (`"X"`,
//! `"X:a"`).
//!
//! ```
//! use dancing_tasks::TaskResult;
//! use dancing_tasks::results::ResultOutcome;
//!
//! let result = TaskResult {
//!     task: dancing_tasks::file::parse_task("3 0 12 40").unwrap(),
//!     split: "000102030405060708090a0b0c0d0e0f/9".parse().unwrap(),
//!     digest: "blake3:000102030405060708090a0b0c0d0e0f".parse().unwrap(),
//!     outcome: ResultOutcome::NotStarted("time-limit".into()),
//! };
//! let line = result.to_line();
//! assert_eq!(TaskResult::parse(&line)?, result);
//! assert!(TaskResult::parse(&line[..40]).is_err());
//! let edited = line.replace("time-limit", "max-nodes");
//! assert!(TaskResult::parse(&edited).unwrap_err().contains("checksum"));
//! # Ok::<(), String>(())
//! ```

use std::io::{self, BufRead};

use dancing::Stats;
use dancing::task::NodePath;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::{Digest, SplitId, Task, format_prefix, is_valid_id, line_check, parse_prefix};

/// The version of the result line this reader reads and writes.
pub const FORMAT: u64 = 2;

/// What ends a line's content and starts its checksum.
const CHECK_KEY: &str = ",\"check\":\"";

/// The longest result line read: solutions make lines long, but not this.
pub const MAX_RESULT_LINE: usize = 1 << 30;

/// The words of `stop` for a task that ran.
const STOPS: [&str; 4] = ["complete", "max-nodes", "time-limit", "interrupted"];

/// The result of one task, as written and read.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskResult {
    /// The task that ran: its id, owned ancestors and path.
    pub task: Task,
    /// The split the task comes from, as its task file said.
    pub split: SplitId,
    /// The digest of the problem it ran on.
    pub digest: Digest,
    /// What came of it.
    pub outcome: ResultOutcome,
}

/// How a task ended.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultOutcome {
    /// It ran: to its end (`stop` is `complete`, no frontier) or to a stop.
    Ran {
        /// `complete`, `max-nodes`, `time-limit` or `interrupted`.
        stop: String,
        /// The figures of the part searched (solutions, nodes, updates,
        /// cleansings, depth).
        stats: Stats,
        /// The wall time of the run.
        seconds: f64,
        /// The tasks a stop left unexplored, empty when complete.
        frontier: Vec<Task>,
        /// The solutions, when they were asked for (with `best`, the
        /// best found, cheapest first).
        found: Option<Vec<Value>>,
        /// For a run of `dlx solve --tasks --best K`: K, and the cost of
        /// each solution in `found` (`solutions` then counts them).
        best: Option<BestFound>,
    },
    /// A budget ran out before it started (`time-limit` or
    /// `interrupted`): it is still to run.
    NotStarted(String),
    /// It could not run, and why.
    Failed(String),
}

/// The K best solutions of a task run with costs (`dlx solve --tasks
/// --best K`): their costs, in the order of `found`, cheapest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestFound {
    /// How many best solutions were kept at most.
    pub k: u64,
    /// The cost of each solution found.
    pub costs: Vec<u64>,
}

impl TaskResult {
    /// Whether `other` says the same of the same task: all but the wall
    /// time, which differs from run to run.
    pub fn agrees_with(&self, other: &TaskResult) -> bool {
        let timeless = |result: &TaskResult| {
            let mut result = result.clone();
            if let ResultOutcome::Ran { seconds, .. } = &mut result.outcome {
                *seconds = 0.0;
            }
            result
        };
        timeless(self) == timeless(other)
    }
}

/// A result line as JSON sees it, its keys in the order written. Every
/// field is optional, and one of the wrong type reads as absent, so that
/// [`TaskResult::parse`] names the first field that is wrong in the words
/// of the format rather than serde's.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
struct Record {
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    format: Option<u64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    task: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    split: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    digest: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    own: Option<u64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    prefix: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    stop: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    why: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    updates: Option<u64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    cleansings: Option<u64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    max_depth: Option<u64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    frontier: Option<Vec<Object<FrontierRecord>>>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    best: Option<u64>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    costs: Option<Vec<u64>>,
    /// Kept as JSON: a list of solutions, or (present but not a list)
    /// refused by the reader.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    found: Option<Value>,
    /// Written by [`TaskResult::to_line`] after the rest, not from here.
    #[serde(deserialize_with = "lenient", skip_serializing)]
    check: Option<String>,
}

/// A frontier task in a result line: `{"id","own","prefix"}`.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
struct FrontierRecord {
    #[serde(deserialize_with = "lenient")]
    id: Option<String>,
    #[serde(deserialize_with = "lenient")]
    own: Option<u64>,
    #[serde(deserialize_with = "lenient")]
    prefix: Option<String>,
}

/// A JSON object read as `T`, whose fields are all optional; any other
/// JSON value (a number, a list) reads as `T` with every field absent,
/// never as a list of fields in order.
#[derive(Serialize)]
#[serde(transparent)]
struct Object<T>(T);

impl<'de, T: DeserializeOwned + Default> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Object(fields) => T::deserialize(fields).map(Object).map_err(D::Error::custom),
            _ => Ok(Object(T::default())),
        }
    }
}

/// A field of the type `T`, or absent if it has another type.
fn lenient<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Ok(T::deserialize(Value::deserialize(deserializer)?).ok())
}

/// A field that is present, whatever it holds (`null` too).
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

impl TaskResult {
    /// The JSON line, without its end: the record, then its checksum.
    pub fn to_line(&self) -> String {
        let mut record = Record {
            format: Some(FORMAT),
            task: Some(self.task.id.clone()),
            split: Some(self.split.to_string()),
            digest: Some(self.digest.to_string()),
            own: Some(self.task.node.own as u64),
            prefix: Some(format_prefix(&self.task.node.prefix)),
            ..Record::default()
        };
        match &self.outcome {
            ResultOutcome::NotStarted(why) => {
                record.stop = Some(NOT_STARTED.into());
                record.why = Some(why.clone());
            }
            ResultOutcome::Failed(message) => {
                record.stop = Some("error".into());
                record.error = Some(message.clone());
            }
            ResultOutcome::Ran {
                stop,
                stats,
                seconds,
                frontier,
                found,
                best,
            } => {
                record.stop = Some(stop.clone());
                if let Some(best) = best {
                    record.best = Some(best.k);
                    record.costs = Some(best.costs.clone());
                }
                record.solutions = Some(stats.solutions);
                record.nodes = Some(stats.nodes);
                record.updates = Some(stats.updates);
                record.cleansings = Some(stats.cleansings);
                record.max_depth = Some(stats.max_depth as u64);
                record.seconds = Some(*seconds);
                record.frontier = Some(
                    frontier
                        .iter()
                        .map(|task| {
                            Object(FrontierRecord {
                                id: Some(task.id.clone()),
                                own: Some(task.node.own as u64),
                                prefix: Some(format_prefix(&task.node.prefix)),
                            })
                        })
                        .collect(),
                );
                record.found = found.clone().map(Value::Array);
            }
        }
        let mut line = serde_json::to_string(&record).expect("a result record is JSON");
        // `{...}` becomes `{...,"check":"HEX"}`, HEX the check of `{...`.
        line.pop();
        let check = line_check(line.as_bytes());
        line.push_str(CHECK_KEY);
        line.push_str(&check);
        line.push_str("\"}");
        line
    }

    /// Reads a result line.
    ///
    /// # Errors
    /// What is wrong with the line, in printable words: why it is not JSON,
    /// a line of another format, a checksum that does not match the line,
    /// or the first field missing, of the wrong type or refused (in the
    /// order `task`, `split`, `digest`, `own`, `prefix`, `stop`, then
    /// `error`, `why` or `frontier`, `found` and the figures).
    pub fn parse(line: &str) -> Result<TaskResult, String> {
        let Object(record) = serde_json::from_str::<Object<Record>>(line)
            .map_err(|error| format!("not a JSON result: {error}"))?;
        match record.format {
            Some(FORMAT) => {}
            Some(format) => {
                return Err(format!(
                    "a result line of format {format} (this dlx reads format {FORMAT})"
                ));
            }
            None => {
                return Err(format!(
                    "no `format`: a result line of format 1, from an older dlx (this dlx reads format {FORMAT}: split and run again with it)"
                ));
            }
        }
        verify_check(line, record.check.as_deref())?;
        let id = required(record.task, "task")?;
        if !is_valid_id(&id) {
            return Err("`task` is not a task id (numbers joined by dots)".into());
        }
        let split = required(record.split, "split")?
            .parse()
            .map_err(|error| format!("`split`: {error}"))?;
        let digest = required(record.digest, "digest")?
            .parse()
            .map_err(|error| format!("`digest`: {error}"))?;
        let own = number(record.own, "own")?;
        let prefix = parse_prefix(&required(record.prefix, "prefix")?)
            .map_err(|e| format!("`prefix`: {e}"))?;
        if own as usize > prefix.len() {
            return Err("`own` is longer than the path".into());
        }
        let task = Task {
            id,
            node: NodePath {
                own: own as usize,
                prefix,
            },
            estimate: None,
        };
        let stop = required(record.stop, "stop")?;
        let outcome = if stop == "error" {
            ResultOutcome::Failed(required(record.error, "error")?)
        } else if stop == NOT_STARTED {
            ResultOutcome::NotStarted(required(record.why, "why")?)
        } else {
            if !STOPS.contains(&stop.as_str()) {
                return Err(format!(
                    "`stop` is `{}`, not a known stop",
                    stop.escape_debug()
                ));
            }
            let frontier = record
                .frontier
                .ok_or("`frontier` is missing")?
                .into_iter()
                .map(|Object(entry)| frontier_task(entry))
                .collect::<Result<Vec<_>, _>>()?;
            if (stop == "complete") != frontier.is_empty() {
                return Err("a complete task has no frontier, a stopped one has one".into());
            }
            let found = match record.found {
                None => None,
                Some(Value::Array(found)) => Some(found),
                Some(_) => return Err("`found` is not a list of solutions".into()),
            };
            if found
                .as_ref()
                .is_some_and(|found| found.len() as u64 != record.solutions.unwrap_or(0))
            {
                return Err("`found` does not hold `solutions` solutions".into());
            }
            let best = match (record.best, record.costs) {
                (None, None) => None,
                (Some(k), Some(costs)) => {
                    if found
                        .as_ref()
                        .is_none_or(|found| found.len() != costs.len())
                    {
                        return Err(
                            "`costs` does not give a cost to each solution of `found`".into()
                        );
                    }
                    if costs.len() as u64 > k || !costs.is_sorted() {
                        return Err("`costs` is not at most `best` costs, cheapest first".into());
                    }
                    Some(BestFound { k, costs })
                }
                _ => return Err("`best` and `costs` come together (a run of --best K)".into()),
            };
            ResultOutcome::Ran {
                stop,
                stats: Stats {
                    solutions: number(record.solutions, "solutions")?,
                    nodes: number(record.nodes, "nodes")?,
                    updates: number(record.updates, "updates")?,
                    cleansings: number(record.cleansings, "cleansings")?,
                    max_depth: usize::try_from(number(record.max_depth, "max_depth")?)
                        .map_err(|_| "`max_depth` is too large")?,
                    ..Stats::default()
                },
                seconds: record.seconds.unwrap_or(0.0),
                frontier,
                found,
                best,
            }
        };
        Ok(TaskResult {
            task,
            split,
            digest,
            outcome,
        })
    }
}

/// The `stop` of a task a budget kept from starting.
const NOT_STARTED: &str = "not-started";

/// Checks that `line` ends with its `check`, the checksum of what comes
/// before it.
fn verify_check(line: &str, check: Option<&str>) -> Result<(), String> {
    let Some(check) = check else {
        return Err("`check` (the line's checksum) is missing or not a string".into());
    };
    let content = line
        .rfind(CHECK_KEY)
        .filter(|&at| line[at + CHECK_KEY.len()..] == format!("{check}\"}}"))
        .map(|at| &line[..at])
        .ok_or("`check` is not the line's last field, as written: the line was rewritten")?;
    if line_check(content.as_bytes()) != check {
        return Err(
            "the line's checksum does not match its content: a number, path or name in it was changed".into(),
        );
    }
    Ok(())
}

/// A text field's value, or that it is missing (or not text).
fn required(value: Option<String>, field: &str) -> Result<String, String> {
    value.ok_or_else(|| format!("`{field}` is missing or not a string"))
}

/// A number field's value, or that it is missing (or not a whole number).
fn number(value: Option<u64>, field: &str) -> Result<u64, String> {
    value.ok_or_else(|| format!("`{field}` is missing or not a whole number"))
}

fn frontier_task(entry: FrontierRecord) -> Result<Task, String> {
    let id = required(entry.id, "id").map_err(|e| format!("frontier: {e}"))?;
    if !is_valid_id(&id) {
        return Err("frontier: `id` is not a task id".into());
    }
    let prefix =
        parse_prefix(&required(entry.prefix, "prefix")?).map_err(|e| format!("frontier: {e}"))?;
    let own = number(entry.own, "own").map_err(|e| format!("frontier: {e}"))?;
    if own as usize > prefix.len() {
        return Err("frontier: `own` is longer than the path".into());
    }
    Ok(Task {
        id,
        node: NodePath {
            own: own as usize,
            prefix,
        },
        estimate: None,
    })
}

/// The next line of `input` without its end, at most [`MAX_RESULT_LINE`]
/// bytes, and whether it had its end; `None` at the end. A last line
/// without its end is returned too (a writer killed mid-line leaves one).
pub fn read_line<R: BufRead>(input: &mut R, buffer: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buffer.clear();
    let read =
        <&mut R as io::Read>::take(input, MAX_RESULT_LINE as u64 + 1).read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(None);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
        return Ok(Some(true));
    } else if buffer.len() > MAX_RESULT_LINE {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a line longer than {MAX_RESULT_LINE} bytes"),
        ));
    }
    Ok(Some(false))
}

#[cfg(test)]
mod tests {
    use dancing::task::Choice;
    use dancing::{ItemId, OptionId};
    use serde_json::json;

    use super::*;

    fn sample() -> TaskResult {
        TaskResult {
            task: Task {
                id: "3.1".into(),
                node: NodePath {
                    own: 0,
                    prefix: vec![
                        Choice::Option(OptionId::new(4)),
                        Choice::Retire(ItemId::new(2)),
                    ],
                },
                estimate: None,
            },
            split: "000102030405060708090a0b0c0d0e0f/9".parse().unwrap(),
            digest: "blake3:000102030405060708090a0b0c0d0e0f".parse().unwrap(),
            outcome: ResultOutcome::Ran {
                stop: "max-nodes".into(),
                stats: Stats {
                    solutions: 1,
                    nodes: 10,
                    updates: 20,
                    cleansings: 3,
                    max_depth: 4,
                    ..Stats::default()
                },
                seconds: 0.5,
                frontier: vec![Task {
                    id: "3.1.2".into(),
                    node: NodePath {
                        own: 0,
                        prefix: vec![
                            Choice::Option(OptionId::new(4)),
                            Choice::Retire(ItemId::new(2)),
                            Choice::Option(OptionId::new(9)),
                        ],
                    },
                    estimate: None,
                }],
                found: Some(vec![json!([["A", "B"]])]),
                best: None,
            },
        }
    }

    /// The result of a run with costs: its best two and their costs.
    fn costed() -> TaskResult {
        let mut result = sample();
        if let ResultOutcome::Ran {
            stats, found, best, ..
        } = &mut result.outcome
        {
            stats.solutions = 2;
            *found = Some(vec![json!([["A", "B"]]), json!([["A"], ["B"]])]);
            *best = Some(BestFound {
                k: 3,
                costs: vec![4, 9],
            });
        }
        result
    }

    #[test]
    fn a_costed_result_reads_back_and_bad_costs_are_refused() {
        let line = costed().to_line();
        assert!(line.contains(r#""best":3,"costs":[4,9]"#), "{line}");
        assert_eq!(TaskResult::parse(&line), Ok(costed()));
        let changed = line.replace("[4,9]", "[4,8]");
        assert!(
            TaskResult::parse(&changed)
                .unwrap_err()
                .contains("checksum")
        );
        let rechecked = |edit: &dyn Fn(&mut BestFound)| {
            let mut result = costed();
            if let ResultOutcome::Ran {
                best: Some(best), ..
            } = &mut result.outcome
            {
                edit(best);
            }
            TaskResult::parse(&result.to_line()).unwrap_err()
        };
        assert!(rechecked(&|b| b.costs = vec![9, 4]).contains("cheapest first"));
        assert!(rechecked(&|b| b.k = 1).contains("cheapest first"));
        assert!(rechecked(&|b| b.costs = vec![4]).contains("a cost to each"));
    }

    #[test]
    fn a_result_reads_back_and_damage_is_refused() {
        let result = sample();
        let line = result.to_line();
        assert_eq!(TaskResult::parse(&line), Ok(result));
        // Every cut of the line is refused.
        for cut in 0..line.len() {
            if line.is_char_boundary(cut) {
                assert!(TaskResult::parse(&line[..cut]).is_err(), "{}", &line[..cut]);
            }
        }
        // A changed number, path or word is seen by the checksum.
        for (from, to) in [
            ("\"solutions\":1", "\"solutions\":2"),
            ("\"nodes\":10", "\"nodes\":11"),
            ("\"prefix\":\"4 r2\"", "\"prefix\":\"5 r2\""),
            ("\"max-nodes\"", "\"complete\""),
        ] {
            let changed = line.replace(from, to);
            assert_ne!(changed, line);
            assert!(
                TaskResult::parse(&changed)
                    .unwrap_err()
                    .contains("checksum"),
                "{to}"
            );
        }
        // The checks after the checksum, on lines whose checksum is right.
        let rechecked = |edit: &dyn Fn(&mut TaskResult)| {
            let mut result = sample();
            edit(&mut result);
            TaskResult::parse(&result.to_line()).unwrap_err()
        };
        assert!(
            rechecked(
                &|r| if let ResultOutcome::Ran { stats, .. } = &mut r.outcome {
                    stats.solutions = 2;
                }
            )
            .contains("found")
        );
        assert!(
            rechecked(
                &|r| if let ResultOutcome::Ran { stop, .. } = &mut r.outcome {
                    *stop = "complete".into();
                }
            )
            .contains("frontier")
        );
        // A line of the older format, and one whose check moved.
        let old = r#"{"task":"3","digest":"fnv1a64:00000000000000ff","prefix":"12","stop":"complete","solutions":2,"nodes":1,"updates":2,"cleansings":0,"max_depth":9,"seconds":0.01,"frontier":[]}"#;
        assert!(TaskResult::parse(old).unwrap_err().contains("format 1"));
        let spaced = line.replacen(",\"check\":", ", \"check\":", 1);
        assert!(
            TaskResult::parse(&spaced)
                .unwrap_err()
                .contains("rewritten")
        );
    }

    proptest::proptest! {
        /// A result line cut anywhere and patched with arbitrary bytes
        /// never panics the reader; what it accepts writes and reads back
        /// the same, and what it refuses is said in printable words.
        #[test]
        fn damaged_lines_are_read_or_refused_without_panic(
            cut in proptest::prelude::any::<proptest::sample::Index>(),
            junk in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..24),
            rest in proptest::prelude::any::<proptest::sample::Index>(),
        ) {
            let line = sample().to_line().into_bytes();
            let at = cut.index(line.len() + 1);
            let mut damaged = line[..at].to_vec();
            damaged.extend(&junk);
            damaged.extend(&line[at + rest.index(line.len() - at + 1)..]);
            let text = String::from_utf8_lossy(&damaged);
            match TaskResult::parse(&text) {
                Ok(result) => {
                    proptest::prop_assert_eq!(TaskResult::parse(&result.to_line()), Ok(result));
                }
                Err(message) => {
                    proptest::prop_assert!(!message.chars().any(char::is_control), "{:?}", message);
                }
            }
        }
    }
}
