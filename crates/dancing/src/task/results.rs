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
//! use dancing::task::TaskResult;
//!
//! let line = r#"{"task":"3","digest":"fnv1a64:00000000000000ff","prefix":"12 40","stop":"complete","solutions":2,"nodes":117,"updates":2301,"cleansings":0,"max_depth":9,"seconds":0.01,"frontier":[]}"#;
//! let result = TaskResult::parse(line)?;
//! assert_eq!(result.task.id, "3");
//! assert_eq!(TaskResult::parse(&result.to_line())?, result);
//! assert!(TaskResult::parse(&line[..40]).is_err());
//! # Ok::<(), String>(())
//! ```

use std::io::{self, BufRead};

use serde_json::{Value, json};

use super::{Digest, Task, format_prefix, is_valid_id, parse_prefix};
use crate::Stats;

/// The longest result line read: solutions make lines long, but not this.
pub const MAX_RESULT_LINE: usize = 1 << 30;

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

impl TaskResult {
    /// The JSON line, without its end.
    pub fn to_line(&self) -> String {
        let mut record = json!({
            "task": self.task.id,
            "digest": self.digest.to_string(),
            "prefix": format_prefix(&self.task.prefix),
        });
        match &self.outcome {
            ResultOutcome::Failed(message) => {
                record["stop"] = json!("error");
                record["error"] = json!(message);
            }
            ResultOutcome::Ran {
                stop,
                stats,
                seconds,
                frontier,
                found,
            } => {
                record["stop"] = json!(stop);
                record["solutions"] = json!(stats.solutions);
                record["nodes"] = json!(stats.nodes);
                record["updates"] = json!(stats.updates);
                record["cleansings"] = json!(stats.cleansings);
                record["max_depth"] = json!(stats.max_depth);
                record["seconds"] = json!(seconds);
                record["frontier"] = frontier
                    .iter()
                    .map(|task| {
                        json!({"id": task.id, "own": task.own, "prefix": format_prefix(&task.prefix)})
                    })
                    .collect();
                if let Some(found) = found {
                    record["found"] = Value::Array(found.clone());
                }
            }
        }
        record.to_string()
    }

    /// Reads a result line.
    pub fn parse(line: &str) -> Result<TaskResult, String> {
        let record: Value =
            serde_json::from_str(line).map_err(|error| format!("not a JSON result: {error}"))?;
        let id = text(&record, "task")?;
        if !is_valid_id(id) {
            return Err("`task` is not a task id (numbers joined by dots)".into());
        }
        let digest = text(&record, "digest")?
            .parse()
            .map_err(|error| format!("`digest`: {error}"))?;
        let prefix =
            parse_prefix(text(&record, "prefix")?).map_err(|e| format!("`prefix`: {e}"))?;
        let task = Task {
            id: id.to_owned(),
            own: 0,
            prefix,
        };
        let stop = text(&record, "stop")?;
        let outcome = if stop == "error" {
            ResultOutcome::Failed(text(&record, "error")?.to_owned())
        } else {
            if !["complete", "max-nodes", "time-limit", "interrupted"].contains(&stop) {
                return Err(format!(
                    "`stop` is `{}`, not a known stop",
                    stop.escape_debug()
                ));
            }
            let frontier = record
                .get("frontier")
                .and_then(Value::as_array)
                .ok_or("`frontier` is missing")?
                .iter()
                .map(frontier_task)
                .collect::<Result<Vec<_>, _>>()?;
            if (stop == "complete") != frontier.is_empty() {
                return Err("a complete task has no frontier, a stopped one has one".into());
            }
            let found = match record.get("found") {
                None => None,
                Some(Value::Array(found)) => Some(found.clone()),
                Some(_) => return Err("`found` is not a list of solutions".into()),
            };
            if found.as_ref().is_some_and(|found| {
                found.len() as u64 != number(&record, "solutions").unwrap_or(0)
            }) {
                return Err("`found` does not hold `solutions` solutions".into());
            }
            ResultOutcome::Ran {
                stop: stop.to_owned(),
                stats: Stats {
                    solutions: number(&record, "solutions")?,
                    nodes: number(&record, "nodes")?,
                    updates: number(&record, "updates")?,
                    cleansings: number(&record, "cleansings")?,
                    max_depth: usize::try_from(number(&record, "max_depth")?)
                        .map_err(|_| "`max_depth` is too large")?,
                    ..Stats::default()
                },
                seconds: record.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
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

fn text<'v>(record: &'v Value, field: &str) -> Result<&'v str, String> {
    record
        .get(field)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("`{field}` is missing or not a string"))
}

fn number(record: &Value, field: &str) -> Result<u64, String> {
    record
        .get(field)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("`{field}` is missing or not a whole number"))
}

fn frontier_task(entry: &Value) -> Result<Task, String> {
    let id = text(entry, "id").map_err(|e| format!("frontier: {e}"))?;
    if !is_valid_id(id) {
        return Err("frontier: `id` is not a task id".into());
    }
    let prefix = parse_prefix(text(entry, "prefix")?).map_err(|e| format!("frontier: {e}"))?;
    let own = number(entry, "own").map_err(|e| format!("frontier: {e}"))?;
    if own as usize > prefix.len() {
        return Err("frontier: `own` is longer than the path".into());
    }
    Ok(Task {
        id: id.to_owned(),
        own: own as usize,
        prefix,
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
    use crate::task::Choice;
    use crate::{ItemId, OptionId};

    use super::*;

    fn sample() -> TaskResult {
        TaskResult {
            task: Task {
                id: "3.1".into(),
                own: 0,
                prefix: vec![
                    Choice::Option(OptionId::new(4)),
                    Choice::Retire(ItemId::new(2)),
                ],
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
                    own: 0,
                    prefix: vec![
                        Choice::Option(OptionId::new(4)),
                        Choice::Retire(ItemId::new(2)),
                        Choice::Option(OptionId::new(9)),
                    ],
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
