//! The task file: a header line, then one line per task.
//!
//! ```text
//! dlx-tasks 2 blake3:5e0b3c0f6f1f2a1d5e0b3c0f6f1f2a1d 0c9d…51/3 3
//! 0 1 ~12 0
//! 1 0 ~310 1 7
//! 2 0 ~41 1 8
//! ```
//!
//! The header holds the format's name and version (2), the problem's
//! [`Digest`], the [`SplitId`] of the split the tasks come from (a rerun's
//! file keeps it) and the number of tasks in this file. A task line holds the task's id
//! (numbers joined by dots), the number of ancestors it owns, optionally
//! `~` and the task's estimated size in nodes (Knuth's estimate, a whole
//! number: `dlx split` writes it unless asked for no probes; a frontier
//! task in a rerun's file has none), and its path from the root as
//! choices: an option's input index counted from 0, or `r` and an item's
//! index for Algorithm M's move that retires that item. Files without
//! estimates (of an older `dlx split`, or `--probes 0`) read as before;
//! an older `dlx` refuses a file with estimates at its first task line
//! (`~12` is not a choice). The split's identity hashes the lines as
//! written, estimates included. Words are separated by single spaces or
//! tabs; lines end with `\n` (or `\r\n`).

use std::collections::HashSet;
use std::fmt;
use std::io::{self, BufRead, Write};

use dancing::task::{Choice, NodePath};

use crate::{Digest, MAX_ID_LEN, SplitId, Task, format_prefix, is_valid_id, rounded_estimate};

/// The first word of a task file.
pub const MAGIC: &str = "dlx-tasks";

/// The version of the format this reader reads and writes.
pub const VERSION: u32 = 2;

/// The longest line read, in bytes: a path of a million choices.
pub const MAX_LINE: usize = 8 << 20;

/// A task file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskFile {
    /// The digest of the problem the tasks are of.
    pub digest: Digest,
    /// The split they come from.
    pub split: SplitId,
    /// The tasks, in the file's order.
    pub tasks: Vec<Task>,
}

/// Writes the task file of a new split of the problem of `digest`, and
/// returns its identity: the hash of the file without it (the header
/// without the identity, then the task lines).
///
/// # Errors
/// Those of `out`.
pub fn write_split<W: Write>(out: &mut W, digest: Digest, tasks: &[Task]) -> io::Result<SplitId> {
    let (split, body) = split_identity(digest, tasks);
    write_header(out, digest, split, tasks.len())?;
    out.write_all(&body)?;
    Ok(split)
}

/// Writes the task file of a new split of `count` tasks of the problem of
/// `digest`, as [`write_split`] does, without holding the tasks: `tasks`
/// is called twice and must give the same tasks (numbered from 0 here) in
/// the same order both times, each with its estimated nodes or none: first to hash their lines into the split's
/// identity, which the header holds, then to write them. Peak memory is
/// then one line, however many tasks there are.
///
/// # Errors
/// Those of `out` and of `tasks`; `InvalidData` if `tasks` gives other
/// than `count` tasks.
pub fn write_split_streamed<W: Write>(
    out: &mut W,
    digest: Digest,
    count: usize,
    mut tasks: impl FnMut(&mut dyn FnMut(&NodePath, Option<f64>) -> io::Result<()>) -> io::Result<()>,
) -> io::Result<SplitId> {
    // The identity hashes the header without it, then the lines.
    let mut hasher = blake3::Hasher::new();
    writeln!(hasher, "{MAGIC} {VERSION} {digest} {count}")?;
    let mut line = Vec::new();
    let mut hashed = 0;
    tasks(&mut |node, estimate| {
        line.clear();
        write_node(
            &mut line,
            &hashed.to_string(),
            node,
            estimate.map(rounded_estimate),
        )?;
        hasher.update(&line);
        hashed += 1;
        Ok(())
    })?;
    let split = SplitId::of_hasher(&hasher, count);
    write_header(out, digest, split, count)?;
    let mut written = 0;
    tasks(&mut |node, estimate| {
        write_node(
            out,
            &written.to_string(),
            node,
            estimate.map(rounded_estimate),
        )?;
        written += 1;
        Ok(())
    })?;
    if hashed != count || written != count {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a split of {count} tasks gave {hashed}, then {written}"),
        ));
    }
    Ok(split)
}

/// The identity of a split of `tasks`, and their lines.
fn split_identity(digest: Digest, tasks: &[Task]) -> (SplitId, Vec<u8>) {
    split_identity_of(digest, tasks.len(), tasks.iter())
}

/// The identity of a split of `count` tasks, `tasks` in the split's order,
/// and their lines.
fn split_identity_of<'t>(
    digest: Digest,
    count: usize,
    tasks: impl Iterator<Item = &'t Task>,
) -> (SplitId, Vec<u8>) {
    let mut text = format!("{MAGIC} {VERSION} {digest} {count}\n").into_bytes();
    let start = text.len();
    for task in tasks {
        write_task(&mut text, task).expect("writing to memory");
    }
    (SplitId::of(&text, count), text.split_off(start))
}

/// Writes the header of a task file of `count` tasks of the split `split`
/// (for a rerun's file: the tasks still to run of that split).
///
/// # Errors
/// Those of `out`.
pub fn write_header<W: Write>(
    out: &mut W,
    digest: Digest,
    split: SplitId,
    count: usize,
) -> io::Result<()> {
    writeln!(out, "{MAGIC} {VERSION} {digest} {split} {count}")
}

/// Writes one task line.
///
/// # Errors
/// Those of `out`.
pub fn write_task<W: Write>(out: &mut W, task: &Task) -> io::Result<()> {
    write_node(out, &task.id, &task.node, task.estimate)
}

/// Writes the line of the task `id` at `node`, with its estimate if any.
fn write_node<W: Write + ?Sized>(
    out: &mut W,
    id: &str,
    node: &NodePath,
    estimate: Option<u64>,
) -> io::Result<()> {
    let NodePath { own, prefix } = node;
    write!(out, "{id} {own}")?;
    if let Some(estimate) = estimate {
        write!(out, " {ESTIMATE}{estimate}")?;
    }
    if prefix.is_empty() {
        writeln!(out)
    } else {
        writeln!(out, " {}", format_prefix(prefix))
    }
}

/// What starts a task line's estimate.
const ESTIMATE: char = '~';

/// What is wrong with a task file, and on which line (counted from 1).
#[derive(Debug)]
pub struct TaskFileError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for TaskFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.message)
    }
}

impl std::error::Error for TaskFileError {}

/// Reads a task file: the header, then exactly as many task lines as it
/// says, each id once.
///
/// ```
/// use dancing_tasks::read_tasks;
///
/// let header = "dlx-tasks 2 blake3:000000000000000000000000000000ff 000102030405060708090a0b0c0d0e0f/9";
/// let file = read_tasks(format!("{header} 2\n0.1 1 3\n1.2 0 4 r2\n").as_bytes())?;
/// assert_eq!(file.tasks.len(), 2);
/// assert_eq!(file.tasks[1].node.prefix.len(), 2);
/// let error = read_tasks(format!("{header} 3\n0 0 3\n").as_bytes()).unwrap_err();
/// assert_eq!(error.line, 2);
/// assert!(error.message.contains("truncated"), "{error}");
/// # Ok::<(), dancing_tasks::TaskFileError>(())
/// ```
///
/// # Errors
/// The first line that is malformed (or the last line, for a file that
/// ends before its header's count) or holds a task that is not of the
/// split (an id whose first number is N or more, in a split of N), read
/// errors, and a whole split (tasks `0` to N-1 of a split of N, in any
/// order) that is not the one its identity names.
pub fn read_tasks<R: BufRead>(input: R) -> Result<TaskFile, TaskFileError> {
    let mut lines = TaskLines {
        input,
        buffer: Vec::new(),
        number: 0,
    };
    let at = |line: usize, message: String| TaskFileError { line, message };
    let Some((_, header)) = lines.next()? else {
        return Err(at(1, "empty: no `dlx-tasks` header".into()));
    };
    let (digest, split, count) = parse_header(header).map_err(|m| at(lines.number, m))?;
    let mut tasks = Vec::new();
    let mut ids = HashSet::new();
    while let Some((line, text)) = lines.next()? {
        if tasks.len() == count {
            return Err(at(
                line,
                format!("more tasks than the {count} the header says"),
            ));
        }
        let task = parse_task(text).map_err(|m| at(line, m))?;
        // Every task is one of the split's or lies below one (a frontier
        // task's id starts with its split task's).
        if top_level(&task.id).is_none_or(|top| top >= split.tasks()) {
            return Err(at(
                line,
                format!(
                    "task {} is not of the split {split}, whose tasks are {}",
                    task.id,
                    match split.tasks() {
                        0 => "none".to_owned(),
                        n => format!("0 to {}", n - 1),
                    }
                ),
            ));
        }
        if !ids.insert(task.id.clone()) {
            return Err(at(line, format!("task {} appears twice", task.id)));
        }
        tasks.push(task);
    }
    let line = lines.number;
    if tasks.len() < count {
        return Err(at(
            line,
            format!(
                "truncated: the header says {count} tasks, the file ends after {}",
                tasks.len()
            ),
        ));
    }
    let file = TaskFile {
        digest,
        split,
        tasks,
    };
    // A whole split can be checked against its identity: a changed path
    // would otherwise be run, and merged, as the split's. Its tasks may
    // come in any order (a rerun's file regroups them), and are hashed in
    // the split's.
    if file.is_whole_split() {
        let mut order: Vec<&Task> = file.tasks.iter().collect();
        order.sort_by_key(|task| top_level(&task.id));
        if split_identity_of(digest, order.len(), order.into_iter()).0 != split {
            return Err(at(
                1,
                format!(
                    "the tasks are not those of the split {split} (the file was changed after `dlx split`)"
                ),
            ));
        }
    }
    Ok(file)
}

impl TaskFile {
    /// Whether the file holds every task of its split (`0` to N-1, in any
    /// order), and nothing else: `dlx split`'s file, or a rerun's of all
    /// of them. Such a file is checked against the split's identity when
    /// read. Any other file (a rerun's) holds part of the split: the
    /// split's identity, not the file, says which tasks there are.
    pub fn is_whole_split(&self) -> bool {
        self.tasks.len() as u64 == self.split.tasks()
            && self
                .tasks
                .iter()
                .all(|task| top_level(&task.id).is_some_and(|k| task.id == k.to_string()))
    }
}

/// The number of the split's task that the task `id` is, or lies below:
/// its first part (`7` of `7.2.1`), if it fits.
pub fn top_level(id: &str) -> Option<u64> {
    id.split('.').next()?.parse().ok()
}

/// The lines of a task file that hold something, numbered from 1: blank
/// lines (an editor's, a concatenation's) and a byte-order mark at the
/// start are skipped.
struct TaskLines<R> {
    input: R,
    buffer: Vec<u8>,
    /// The number of the last line read.
    number: usize,
}

impl<R: BufRead> TaskLines<R> {
    /// The next line that is not blank, with its number; `None` at the end.
    fn next(&mut self) -> Result<Option<(usize, &str)>, TaskFileError> {
        loop {
            self.number += 1;
            let number = self.number;
            let at = |message| TaskFileError {
                line: number,
                message,
            };
            let more = read_line(&mut self.input, &mut self.buffer).map_err(at)?;
            if !more {
                self.number -= 1;
                return Ok(None);
            }
            if number == 1 && self.buffer.starts_with(BYTE_ORDER_MARK) {
                self.buffer.drain(..BYTE_ORDER_MARK.len());
            }
            if !self.buffer.trim_ascii().is_empty() {
                break;
            }
        }
        let text = std::str::from_utf8(&self.buffer).map_err(|_| TaskFileError {
            line: self.number,
            message: "not UTF-8 text".into(),
        })?;
        Ok(Some((self.number, text)))
    }
}

/// The byte-order mark some editors put at the start of a UTF-8 file: the
/// task and result readers skip it on a file's first line.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Reads the next line without its end into `buffer`: `false` at the end
/// of the input.
fn read_line<R: BufRead>(input: &mut R, buffer: &mut Vec<u8>) -> Result<bool, String> {
    buffer.clear();
    let read = <&mut R as io::Read>::take(input, MAX_LINE as u64 + 1)
        .read_until(b'\n', buffer)
        .map_err(|error| format!("cannot read: {error}"))?;
    if read == 0 {
        return Ok(false);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
        if buffer.last() == Some(&b'\r') {
            buffer.pop();
        }
    } else if buffer.len() > MAX_LINE {
        return Err(format!("a line longer than {MAX_LINE} bytes"));
    }
    Ok(true)
}

fn parse_header(text: &str) -> Result<(Digest, SplitId, usize), String> {
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    if words.first() != Some(&MAGIC) {
        return Err(format!("not a task file: it starts with `{MAGIC}`"));
    }
    if let Some(version) = words.get(1)
        && *version != VERSION.to_string()
    {
        return Err(format!(
            "task file version {} (this dlx reads version {VERSION}: split the problem again with it)",
            version.chars().take(20).collect::<String>().escape_debug()
        ));
    }
    let [_, _, digest, split, count] = words[..] else {
        return Err(format!(
            "not a task file header: `{MAGIC} {VERSION} DIGEST SPLIT COUNT` expected"
        ));
    };
    let digest = digest.parse().map_err(|e| format!("{e}"))?;
    let split = split.parse().map_err(|e| format!("{e}"))?;
    let count = count
        .parse()
        .map_err(|_| format!("`{}` is not a number of tasks", count.escape_debug()))?;
    Ok((digest, split, count))
}

/// Reads one task line (`ID OWN [~ESTIMATE] CHOICE...`).
///
/// ```
/// use dancing_tasks::file::parse_task;
///
/// assert_eq!(parse_task("3 0 ~1200 4 9")?.estimate, Some(1200));
/// assert_eq!(parse_task("3 0 4 9")?.estimate, None);
/// assert!(parse_task("3 0 ~12x 4 9").unwrap_err().contains("estimate"));
/// # Ok::<(), String>(())
/// ```
///
/// # Errors
/// What is malformed, in words naming the task.
pub fn parse_task(text: &str) -> Result<Task, String> {
    let mut words = text.split_ascii_whitespace().peekable();
    let (Some(id), Some(own)) = (words.next(), words.next()) else {
        return Err("a task line is `ID OWN [~ESTIMATE] CHOICE...`".into());
    };
    if !is_valid_id(id) {
        return Err(format!(
            "`{}` is not a task id (numbers joined by dots, at most {MAX_ID_LEN} bytes)",
            id.chars().take(40).collect::<String>().escape_debug()
        ));
    }
    let own: usize = own.parse().map_err(|_| {
        format!(
            "task {id}: `{}` is not a number of ancestors",
            own.escape_debug()
        )
    })?;
    let estimate = match words.next_if(|word| word.starts_with(ESTIMATE)) {
        None => None,
        Some(word) => Some(parse_estimate(&word[ESTIMATE.len_utf8()..]).ok_or_else(|| {
            format!(
                "task {id}: `{}` is not an estimated size (`~` and a whole number of nodes)",
                word.chars().take(40).collect::<String>().escape_debug()
            )
        })?),
    };
    let prefix: Vec<Choice> = words
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("task {id}: {e}"))?;
    if own > prefix.len() {
        return Err(format!(
            "task {id}: it owns {own} ancestors but has a path of {}",
            prefix.len()
        ));
    }
    Ok(Task {
        id: id.to_owned(),
        node: NodePath { own, prefix },
        estimate,
    })
}

/// A whole number of nodes in decimal digits (no sign), if it fits.
fn parse_estimate(digits: &str) -> Option<u64> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}
