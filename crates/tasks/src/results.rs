//! Task results: the JSON line `dlx solve --tasks` writes per task, and
//! its reader for `dlx merge` (or any other tool that adds results up).
//!
//! ```text
//! {"task":"3","digest":"fnv1a64:…","prefix":"12 40","stop":"complete","solutions":2,
//!  "nodes":117,"updates":2301,"cleansings":0,"max_depth":9,"seconds":0.01,"frontier":[]}
//! ```
//!
//! `stop` is `complete`, `max-nodes`, `time-limit` or `interrupted` (then
//! `frontier` lists the tasks left, each `{"id","own","prefix"}`, and the
//! figures count the finished part only), or `error` (then `error` says
//! why and there are no figures). `found`, when solutions were asked for,
//! holds them in the order of the search: each a list of options, each a
//! list of entries as the input wrote them (`"X"`, `"X:a"`).
//!
//! ```
//! use dancing_tasks::TaskResult;
//!
//! let line = r#"{"task":"3","digest":"fnv1a64:00000000000000ff","prefix":"12 40","stop":"complete","solutions":2,"nodes":117,"updates":2301,"cleansings":0,"max_depth":9,"seconds":0.01,"frontier":[]}"#;
//! let result = TaskResult::parse(line)?;
//! assert_eq!(result.task.id, "3");
//! assert_eq!(TaskResult::parse(&result.to_line())?, result);
//! assert!(TaskResult::parse(&line[..40]).is_err());
//! # Ok::<(), String>(())
//! ```

use std::io::{self, BufRead};

use dancing::Stats;
use dancing::task::NodePath;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::{Digest, Task, format_prefix, is_valid_id, parse_prefix};

/// The longest result line read: solutions make lines long, but not this.
pub const MAX_RESULT_LINE: usize = 1 << 30;

/// The words of `stop` for a task that ran.
const STOPS: [&str; 4] = ["complete", "max-nodes", "time-limit", "interrupted"];

/// The result of one task, as written and read.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskResult {
    /// The task that ran: its id and path (`own` is not written, and reads
    /// back as 0).
    pub task: Task,
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
        /// The solutions, when they were asked for.
        found: Option<Vec<Value>>,
    },
    /// It could not run, and why.
    Failed(String),
}

/// A result line as JSON sees it, its keys in the order written. Every
/// field is optional, and one of the wrong type reads as absent, so that
/// [`TaskResult::parse`] names the first field that is wrong in the words
/// of the format rather than serde's.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
struct Record {
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    task: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    digest: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    prefix: Option<String>,
    #[serde(deserialize_with = "lenient", skip_serializing_if = "Option::is_none")]
    stop: Option<String>,
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
    /// Kept as JSON: a list of solutions, or (present but not a list)
    /// refused by the reader.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    found: Option<Value>,
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
    /// The JSON line, without its end.
    pub fn to_line(&self) -> String {
        let mut record = Record {
            task: Some(self.task.id.clone()),
            digest: Some(self.digest.to_string()),
            prefix: Some(format_prefix(&self.task.node.prefix)),
            ..Record::default()
        };
        match &self.outcome {
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
            } => {
                record.stop = Some(stop.clone());
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
        serde_json::to_string(&record).expect("a result record is JSON")
    }

    /// Reads a result line.
    ///
    /// # Errors
    /// What is wrong with the line, in printable words: the first field
    /// missing, of the wrong type or refused (in the order `task`,
    /// `digest`, `prefix`, `stop`, then `error` or `frontier`, `found` and
    /// the figures), or why it is not JSON.
    pub fn parse(line: &str) -> Result<TaskResult, String> {
        let Object(record) = serde_json::from_str::<Object<Record>>(line)
            .map_err(|error| format!("not a JSON result: {error}"))?;
        let id = required(record.task, "task")?;
        if !is_valid_id(&id) {
            return Err("`task` is not a task id (numbers joined by dots)".into());
        }
        let digest = required(record.digest, "digest")?
            .parse()
            .map_err(|error| format!("`digest`: {error}"))?;
        let prefix = parse_prefix(&required(record.prefix, "prefix")?)
            .map_err(|e| format!("`prefix`: {e}"))?;
        let task = Task {
            id,
            node: NodePath { own: 0, prefix },
        };
        let stop = required(record.stop, "stop")?;
        let outcome = if stop == "error" {
            ResultOutcome::Failed(required(record.error, "error")?)
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
            }
        };
        Ok(TaskResult {
            task,
            digest,
            outcome,
        })
    }
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
    })
}

/// The next line of `input` without its end, at most [`MAX_RESULT_LINE`]
/// bytes; `None` at the end. A last line without its end is returned too
/// (a killed writer leaves one, which then fails to parse).
pub fn read_line<R: BufRead>(input: &mut R, buffer: &mut Vec<u8>) -> io::Result<Option<()>> {
    buffer.clear();
    let read =
        <&mut R as io::Read>::take(input, MAX_RESULT_LINE as u64 + 1).read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(None);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
    } else if buffer.len() > MAX_RESULT_LINE {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a line longer than {MAX_RESULT_LINE} bytes"),
        ));
    }
    Ok(Some(()))
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
            },
            digest: "fnv1a64:00000000000000ff".parse().unwrap(),
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
                }],
                found: Some(vec![json!([["A", "B"]])]),
            },
        }
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
        let wrong_count = line.replace("\"solutions\":1", "\"solutions\":2");
        assert!(
            TaskResult::parse(&wrong_count)
                .unwrap_err()
                .contains("found")
        );
        let no_frontier = line.replace("\"max-nodes\"", "\"complete\"");
        assert!(
            TaskResult::parse(&no_frontier)
                .unwrap_err()
                .contains("frontier")
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
