//! The console examples of the README and the book (`docs/src/*.md`), run
//! as written: a changed digit in any of them fails this test.
//!
//! A ```` ```console ```` block is a transcript. A line starting `$ ` is a
//! command (ending in `\` continues it on the next line); the lines after
//! it, up to the next command, are what it prints: its standard output,
//! then its standard error (in that order whatever the buffering). A line `? N` right after a command
//! says it exits with status N (no such line: status 0). In the expected
//! text, `[..]` stands for any part of a line and `...` alone on a line for
//! any number of lines: figures that vary from run to run (times, the
//! number of cores) are written that way, never as numbers that happen to
//! match.
//!
//! Each block runs in one `bash` of its own, in a scratch folder that sees
//! the repository's folders (`crates`, `docs`, ...) by symbolic links, so
//! examples name the files that ship with it and write only scratch files;
//! `dlx` on the `PATH` is the one this test builds. Blocks of other
//! languages (`sh`: commands to type, with no transcript) are not run.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command of a transcript, with what it should print and exit with.
struct Step {
    line: usize,
    /// The file's lines (from 0) holding the status line and the expected
    /// output, which `DLX_DOCS_BLESS=1` rewrites.
    printed_lines: std::ops::Range<usize>,
    command: String,
    expected: String,
    status: i32,
}

/// One ```` ```console ```` block.
struct Transcript {
    file: PathBuf,
    steps: Vec<Step>,
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The Markdown files whose console examples are checked.
fn documents() -> Vec<PathBuf> {
    let root = repository();
    let mut files = vec![root.join("README.md")];
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(root.join("docs/src"))
        .expect("docs/src is the book's source")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    files.extend(chapters);
    files
}

fn transcripts(file: &Path) -> Vec<Transcript> {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let place = |i: usize| format!("{}:{}", file.display(), i + 1);
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```console" {
            i += 1;
            continue;
        }
        let mut transcript = Transcript {
            file: file.to_path_buf(),
            steps: Vec::new(),
        };
        i += 1;
        while i < lines.len() && lines[i].trim_end() != "```" {
            let first = lines[i].strip_prefix("$ ").unwrap_or_else(|| {
                panic!("{}: a console block starts with a `$ ` command", place(i))
            });
            let line = i + 1;
            let mut command = first.to_string();
            while command.ends_with('\\') && i + 1 < lines.len() {
                i += 1;
                command.push('\n');
                command.push_str(lines[i]);
            }
            i += 1;
            let printed_from = i;
            let mut status = 0;
            if let Some(code) = lines.get(i).and_then(|l| l.strip_prefix("? ")) {
                status = code
                    .trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{}: bad status line", place(i)));
                i += 1;
            }
            let mut expected = String::new();
            while i < lines.len() && !lines[i].starts_with("$ ") && lines[i].trim_end() != "```" {
                expected.push_str(lines[i]);
                expected.push('\n');
                i += 1;
            }
            transcript.steps.push(Step {
                line,
                printed_lines: printed_from..i,
                command,
                expected,
                status,
            });
        }
        assert!(
            i < lines.len(),
            "{}: a console block is not closed",
            file.display()
        );
        found.push(transcript);
        i += 1;
    }
    found
}

/// A scratch folder that sees the repository's top-level folders.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(repository()).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if entry.file_type().unwrap().is_dir() && name != "target" && name != ".git" {
            std::os::unix::fs::symlink(entry.path(), dir.path().join(name)).unwrap();
        }
    }
    dir
}

/// Separates one command's output from the next one's in the shell's stream.
const MARK: char = '\u{1}';

/// Runs a transcript's commands in one shell; returns each one's output and
/// status.
fn run(transcript: &Transcript) -> Vec<(String, i32)> {
    let dir = scratch();
    let dlx = Path::new(env!("CARGO_BIN_EXE_dlx"));
    let path = format!(
        "{}:{}",
        dlx.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // Standard output, then standard error: the order of the two on a
    // terminal depends on buffering, this one does not.
    let streams = dir.path().join(".streams");
    std::fs::create_dir(&streams).unwrap();
    let (out, err) = (streams.join("out"), streams.join("err"));
    let mut script = String::new();
    for step in &transcript.steps {
        // A group, not a subshell, so that variables carry to the next step.
        writeln!(
            script,
            "{{\n{}\n}} </dev/null >'{o}' 2>'{e}'\nstatus=$?\ncat '{o}' '{e}'\nprintf '{MARK}%d{MARK}' $status",
            step.command,
            o = out.display(),
            e = err.display(),
        )
        .unwrap();
    }
    let output = Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(dir.path())
        .env("PATH", path)
        .env("LC_ALL", "C")
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let mut results = Vec::new();
    let mut rest = text.as_str();
    for _ in &transcript.steps {
        let Some((printed, after)) = rest.split_once(MARK) else {
            results.push((format!("{rest}\n(the shell stopped here)"), -1));
            rest = "";
            continue;
        };
        let (status, after) = after.split_once(MARK).expect("a status follows its mark");
        results.push((printed.to_string(), status.parse().unwrap()));
        rest = after;
    }
    results
}

/// A command whose output or status is not what its example says.
struct Mismatch {
    message: String,
    printed_lines: std::ops::Range<usize>,
    /// What `DLX_DOCS_BLESS=1` writes in place of the example's output.
    replacement: String,
}

/// The steps of `transcript` whose `results` differ from what it says.
fn mismatches(
    transcript: &Transcript,
    results: &[(String, i32)],
    assert: &snapbox::Assert,
) -> Vec<Mismatch> {
    let mut found = Vec::new();
    for (step, (printed, status)) in transcript.steps.iter().zip(results) {
        let place = format!(
            "{}:{}: $ {}",
            transcript.file.display(),
            step.line,
            step.command
        );
        let message = if *status != step.status {
            Some(format!(
                "{place}\nexits with {status}, the docs say {}; it printed:\n{printed}",
                step.status
            ))
        } else {
            assert
                .try_eq(
                    Some(&place),
                    printed.clone().into(),
                    step.expected.clone().into(),
                )
                .err()
                .map(|e| e.to_string())
        };
        if let Some(message) = message {
            let status_line = if *status == 0 {
                String::new()
            } else {
                format!("? {status}\n")
            };
            found.push(Mismatch {
                message,
                printed_lines: step.printed_lines.clone(),
                replacement: status_line + &placeholders(printed),
            });
        }
    }
    found
}

/// Runs the transcripts on a few threads at once (some take seconds: a
/// time limit, a split run), each in its own shell and folder.
fn run_all(transcripts: &[Transcript]) -> Vec<Vec<(String, i32)>> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(vec![Vec::new(); transcripts.len()]);
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(transcript) = transcripts.get(i) else {
                        break;
                    };
                    let result = run(transcript);
                    results.lock().unwrap()[i] = result;
                }
            });
        }
    });
    results.into_inner().unwrap()
}

#[test]
fn every_console_example_prints_what_the_docs_say() {
    let documents = documents();
    let transcripts: Vec<Transcript> = documents
        .iter()
        .flat_map(|file| transcripts(file))
        .collect();
    assert!(
        transcripts.len() >= 20,
        "only {} console examples found",
        transcripts.len()
    );
    let assert = snapbox::Assert::new();
    let mut failures = Vec::new();
    let mut blessed: Vec<(&Path, std::ops::Range<usize>, String)> = Vec::new();
    let mut commands = 0;
    let blessing = std::env::var_os("DLX_DOCS_BLESS").is_some();
    for (transcript, results) in transcripts.iter().zip(run_all(&transcripts)) {
        commands += transcript.steps.len();
        let mut found = mismatches(transcript, &results, &assert);
        if !found.is_empty() && !blessing {
            // Once more, alone: a machine loaded by other tests can slow a
            // command past a budget that its example depends on. A drift
            // in the program fails both runs.
            let again = mismatches(transcript, &run(transcript), &assert);
            if again.is_empty() {
                eprintln!(
                    "note: {}: a console example passed only on its second run; the first:\n{}",
                    transcript.file.display(),
                    found
                        .iter()
                        .map(|m| m.message.as_str())
                        .collect::<Vec<_>>()
                        .join("\n")
                );
            }
            found = again;
        }
        for mismatch in found {
            failures.push(mismatch.message);
            blessed.push((
                &transcript.file,
                mismatch.printed_lines,
                mismatch.replacement,
            ));
        }
    }
    if blessing {
        bless(blessed);
    }
    assert!(
        failures.is_empty(),
        "{} of {commands} documented commands do not print what the docs say:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// What a command printed, as an example's expected text: times and thread
/// counts become `[..]`.
fn placeholders(printed: &str) -> String {
    let mut text = String::new();
    for line in printed.lines() {
        let mut previous = "";
        let words: Vec<String> = line
            .split(' ')
            .map(|word| {
                let opening = word.len() - word.trim_start_matches('(').len();
                let bare = word[opening..].trim_end_matches([',', ';', ')']);
                let digits = bare.trim_end_matches(['s', 'm', 'u', 'µ']);
                let number =
                    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.');
                let varies = (number && digits != bare && digits.contains('.'))
                    || (number && ["threads", "task-seconds"].contains(&previous));
                previous = word;
                if varies {
                    format!(
                        "{}[..]{}",
                        &word[..opening],
                        &word[opening + digits.len()..]
                    )
                } else {
                    word.to_string()
                }
            })
            .collect();
        text.push_str(&words.join(" "));
        text.push('\n');
    }
    text
}

/// `DLX_DOCS_BLESS=1`: writes what the failing commands printed into the
/// documents, for a person to read over before committing.
fn bless(mut changes: Vec<(&Path, std::ops::Range<usize>, String)>) {
    changes.sort_by(|a, b| (a.0, b.1.start).cmp(&(b.0, a.1.start)));
    for (file, range, replacement) in &changes {
        let text = std::fs::read_to_string(file).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines.splice(range.clone(), replacement.lines().map(str::to_string));
        std::fs::write(file, lines.join("\n") + "\n").unwrap();
    }
}

#[test]
fn transcripts_are_read_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("example.md");
    std::fs::write(
        &file,
        "text\n```console\n$ echo a \\\n  b\na b\n$ false\n? 1\n```\n```sh\n$ not run\n```\n",
    )
    .unwrap();
    let found = transcripts(&file);
    assert_eq!(found.len(), 1);
    let steps = &found[0].steps;
    assert_eq!(steps.len(), 2);
    assert_eq!(
        (
            steps[0].line,
            steps[0].command.as_str(),
            steps[0].expected.as_str()
        ),
        (3, "echo a \\\n  b", "a b\n")
    );
    assert_eq!(
        (
            steps[1].command.as_str(),
            steps[1].status,
            steps[1].expected.as_str()
        ),
        ("false", 1, "")
    );
    let results = run(&found[0]);
    assert_eq!(results, vec![("a b\n".to_string(), 0), (String::new(), 1)]);
}
