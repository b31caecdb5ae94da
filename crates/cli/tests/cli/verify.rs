//! Tests of `dlx verify`: round trips from `dlx solve`, mutated outputs, bad
//! input, and a property test against a reference checker written here.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Output;

use proptest::prelude::*;

use super::common::*;

/// The problems of the engine's test data.
fn engine_problems() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(engine_data(""))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "dlx"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    files
}

pub(super) fn solve(problem: &Path, json: bool) -> Output {
    let mut command = dlx();
    command.arg("solve");
    if json {
        command.arg("--json");
    }
    command.arg(problem).output().unwrap()
}

pub(super) fn verify(problem: &Path, solutions: impl Into<Vec<u8>>) -> Output {
    dlx()
        .arg("verify")
        .arg(problem)
        .write_stdin(solutions)
        .output()
        .unwrap()
}

/// The number in `dlx solve`'s summary (`52 solutions, 607 nodes, ...`),
/// its last line (warnings may come before it).
fn solved_count(output: &Output) -> u64 {
    let text = stderr(output);
    let summary = text.lines().last().unwrap();
    summary.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn everything_dlx_solve_prints_for_the_engine_data_verifies() {
    for problem in engine_problems() {
        let solved = solve(&problem, false);
        assert_exit(&solved, 0);
        let count = solved_count(&solved);
        let plural = if count == 1 { "" } else { "s" };
        // Repeats are looked for among the first 2^19 distinct solutions.
        let only = if count > 1 << 19 {
            " (repeats looked for among the first 524288 distinct solutions only)"
        } else {
            ""
        };
        let expected = format!("{count} solution{plural} verified{only}\n");

        let checked = verify(&problem, solved.stdout);
        assert_exit(&checked, 0);
        assert_eq!(stderr(&checked), expected, "{}", problem.display());

        let solved = solve(&problem, true);
        assert_exit(&solved, 0);
        let checked = verify(&problem, solved.stdout);
        assert_exit(&checked, 0);
        assert_eq!(stderr(&checked), expected, "{} --json", problem.display());
    }
}

#[test]
fn the_order_of_names_in_a_line_does_not_matter_and_a_header_is_skipped() {
    let problem = engine_data("queens8.dlx");
    let solved = String::from_utf8(solve(&problem, false).stdout).unwrap();
    let reversed: String = solved
        .lines()
        .map(|line| line.split(' ').rev().collect::<Vec<_>>().join("  \t") + "\r\n")
        .collect();
    let checked = verify(&problem, format!("==> queens8.dlx <==\n{reversed}"));
    assert_exit(&checked, 0);
    assert_eq!(stderr(&checked), "92 solutions verified\n");

    let twice = format!("==> a <==\n{solved}\n==> b <==\n{solved}");
    let checked = verify(&problem, twice);
    assert_exit(&checked, 2);
    assert!(stderr(&checked).contains("second `==> FILE <==` header"));
}

/// A problem in Knuth's format, read independently of the engine, and a
/// reference checker of printed solutions.
struct Reference {
    /// Every item in declaration order, and whether it is primary.
    items: Vec<(String, bool)>,
    options: HashSet<BTreeSet<String>>,
    /// How many options of the problem have each item set.
    alike: HashMap<BTreeSet<String>, usize>,
}

/// What the reference expects `dlx verify` to name first.
#[derive(Debug, PartialEq)]
enum Fault {
    NotAnOption { line: usize },
    NoPrimary { line: usize },
    Twice { line: usize, item: String },
    Uncovered { item: String },
}

impl Reference {
    fn parse(text: &str) -> Reference {
        let mut lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'));
        let item_line = lines.next().unwrap();
        let (primary, secondary) = item_line.split_once('|').unwrap_or((item_line, ""));
        let items = primary
            .split_whitespace()
            .map(|name| (name.to_owned(), true))
            .chain(
                secondary
                    .split_whitespace()
                    .map(|name| (name.to_owned(), false)),
            )
            .collect();
        let mut alike = HashMap::new();
        for line in lines {
            let option: BTreeSet<String> = line.split_whitespace().map(str::to_owned).collect();
            *alike.entry(option).or_insert(0) += 1;
        }
        let options = alike.keys().cloned().collect();
        Reference {
            items,
            options,
            alike,
        }
    }

    /// How many of the printed solutions of `text` repeat earlier ones: a
    /// printed solution may come as often as its options can be chosen
    /// among the problem's options with the same items (the product of
    /// binomials), and each listing beyond that is a repeat.
    fn repeats(&self, text: &str) -> u64 {
        let mut listed: HashMap<Vec<BTreeSet<String>>, u64> = HashMap::new();
        for block in blocks(text) {
            let mut solution: Vec<BTreeSet<String>> = block
                .into_iter()
                .map(|(_, names)| names.into_iter().collect())
                .collect();
            solution.sort();
            *listed.entry(solution).or_insert(0) += 1;
        }
        let choose = |n: u64, k: u64| (0..k).fold(1, |c, i| c * (n - i) / (i + 1));
        listed
            .iter()
            .map(|(solution, &times)| {
                let mut ways = 1;
                for group in solution.chunk_by(|a, b| a == b) {
                    ways *= choose(self.alike[&group[0]] as u64, group.len() as u64);
                }
                times.saturating_sub(ways)
            })
            .sum()
    }

    fn is_primary(&self, name: &str) -> bool {
        self.items
            .iter()
            .any(|(item, primary)| item == name && *primary)
    }

    /// The first fault of one printed solution: options in order, the items
    /// of each in declaration order.
    fn fault(&self, solution: &[(usize, Vec<String>)]) -> Option<Fault> {
        let mut covered = HashSet::new();
        for (line, names) in solution {
            let set: BTreeSet<String> = names.iter().cloned().collect();
            if !self.options.contains(&set) {
                return Some(Fault::NotAnOption { line: *line });
            }
            if !set.iter().any(|name| self.is_primary(name)) {
                return Some(Fault::NoPrimary { line: *line });
            }
            for (item, _) in &self.items {
                if set.contains(item) && covered.contains(item) {
                    return Some(Fault::Twice {
                        line: *line,
                        item: item.clone(),
                    });
                }
            }
            covered.extend(set);
        }
        self.items
            .iter()
            .find(|(item, primary)| *primary && !covered.contains(item))
            .map(|(item, _)| Fault::Uncovered { item: item.clone() })
    }

    /// The first faulty solution (1-based) of printed text, and its fault.
    fn first_fault(&self, text: &str) -> Option<(usize, Fault)> {
        blocks(text)
            .iter()
            .enumerate()
            .find_map(|(k, block)| self.fault(block).map(|fault| (k + 1, fault)))
    }
}

/// Printed solutions: runs of non-blank lines, each line (1-based number)
/// as its names.
fn blocks(text: &str) -> Vec<Vec<(usize, Vec<String>)>> {
    let mut blocks = vec![Vec::new()];
    for (k, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            if !blocks.last().unwrap().is_empty() {
                blocks.push(Vec::new());
            }
        } else {
            let names = line.split_whitespace().map(str::to_owned).collect();
            blocks.last_mut().unwrap().push((k + 1, names));
        }
    }
    blocks.retain(|block| !block.is_empty());
    blocks
}

/// Asserts that `dlx verify` fails with exit 1, naming what the reference
/// finds first.
#[track_caller]
fn assert_caught(reference: &Reference, checked: &Output, text: &str) {
    let (solution, fault) = reference.first_fault(text).expect("a faulty output");
    assert_exit(checked, 1);
    let message = stderr(checked);
    assert!(
        message.starts_with(&format!("<stdin>: solution {solution}, ")),
        "{fault:?}: {message}"
    );
    let expected = match &fault {
        Fault::NotAnOption { line } => format!("line {line}: not an option of the problem"),
        Fault::NoPrimary { line } => format!("line {line}: an option with no primary item"),
        Fault::Twice { line, item } => {
            let kind = if reference.is_primary(item) {
                "primary"
            } else {
                "secondary"
            };
            format!("line {line}: {kind} item {item} is covered twice")
        }
        Fault::Uncovered { item } => format!("primary item {item} is not covered"),
    };
    assert!(message.contains(&expected), "{expected}: {message}");
}

/// `text` with line `index` (0-based) replaced by `with` (none: dropped).
fn edit(text: &str, index: usize, with: &[&str]) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines.splice(index..=index, with.iter().copied());
    lines.iter().map(|line| format!("{line}\n")).collect()
}

#[test]
fn mutated_outputs_fail_naming_the_solution_line_and_item() {
    for name in ["queens8.dlx", "langford7.dlx", "sudoku4x4_grids.dlx"] {
        let problem = engine_data(name);
        let reference = Reference::parse(&std::fs::read_to_string(&problem).unwrap());
        let solved = String::from_utf8(solve(&problem, false).stdout).unwrap();
        assert_eq!(reference.first_fault(&solved), None);
        let lines: Vec<&str> = solved.lines().collect();
        let solution = blocks(&solved);
        // An option line in the middle of the third solution, and one of
        // the second solution that the third does not choose.
        let (line, _) = solution[2][1];
        let target = line - 1;
        let other = solution[1]
            .iter()
            .map(|(line, _)| lines[line - 1])
            .find(|option| {
                !solution[2]
                    .iter()
                    .any(|(line, _)| lines[line - 1] == *option)
            })
            .unwrap();
        // The names of the target option with one swapped for an item the
        // option lacks: a set of known names that is no option.
        let mut names: Vec<&str> = lines[target].split(' ').collect();
        let outsider = reference
            .items
            .iter()
            .map(|(item, _)| item.as_str())
            .find(|item| {
                !names.contains(item) && {
                    let mut set: BTreeSet<String> =
                        names[1..].iter().map(|n| n.to_string()).collect();
                    set.insert(item.to_string());
                    !reference.options.contains(&set)
                }
            })
            .unwrap();
        names[0] = outsider;
        let no_option = names.join(" ");

        let mutants = [
            ("dropped", edit(&solved, target, &[])),
            (
                "repeated",
                edit(&solved, target, &[lines[target], lines[target]]),
            ),
            ("swapped", edit(&solved, target, &[other])),
            ("no option", edit(&solved, target, &[&no_option])),
        ];
        for (what, mutant) in mutants {
            let checked = verify(&problem, mutant.clone());
            assert_caught(&reference, &checked, &mutant);
            assert!(
                stderr(&checked).starts_with("<stdin>: solution 3, "),
                "{name} {what}: {}",
                stderr(&checked)
            );
        }
    }
}

#[test]
fn mutated_json_fails_naming_the_record() {
    let problem = engine_data("queens6.dlx");
    let solved = String::from_utf8(solve(&problem, true).stdout).unwrap();
    let lines: Vec<&str> = solved.lines().collect();
    assert_eq!(lines.len(), 5, "4 solutions and a summary");

    let dropped = edit(&solved, 1, &[]);
    let checked = verify(&problem, dropped);
    assert_exit(&checked, 1);
    assert!(
        stderr(&checked).contains("line 2: a record numbered 3 where solution 2 was expected"),
        "{}",
        stderr(&checked)
    );

    let last_dropped = edit(&solved, 3, &[]);
    let checked = verify(&problem, last_dropped);
    assert_exit(&checked, 1);
    assert!(
        stderr(&checked).contains("line 4: the summary counts 4 solutions, but 3 were listed"),
        "{}",
        stderr(&checked)
    );

    // The second option of solution 3 replaced by the first.
    let mut record: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
    let options = record["options"].as_array_mut().unwrap();
    options[1] = options[0].clone();
    let first_item = options[0][0].as_str().unwrap().to_owned();
    let ids = record["option_ids"].as_array_mut().unwrap();
    ids[1] = ids[0].clone();
    let record = record.to_string();
    let checked = verify(&problem, edit(&solved, 2, &[&record]));
    assert_exit(&checked, 1);
    let expected = format!(
        "solution 3, line 3, option 2: primary item {first_item} is covered twice (also line 3, option 1)"
    );
    assert!(stderr(&checked).contains(&expected), "{}", stderr(&checked));

    // Records of a second problem are an error, not a failure.
    let other = solved.replace("queens6.dlx", "other.dlx");
    let checked = verify(&problem, format!("{solved}{other}"));
    assert_exit(&checked, 2);
    assert!(
        stderr(&checked).starts_with("<stdin>:6: a record of a second problem"),
        "{}",
        stderr(&checked)
    );
}

#[test]
fn secondary_items_are_covered_at_most_once() {
    let problem = TempFile::new("secondary.dlx", "a b | x y\na x\nb x y\nb\na y\n");
    let checked = verify(problem.path(), "a x\nb\n\nb\na y\n");
    assert_exit(&checked, 0);
    assert_eq!(stderr(&checked), "2 solutions verified\n");
    let checked = verify(problem.path(), "a x\nb\n\nx a\ny x b\n");
    assert_exit(&checked, 1);
    assert!(
        stderr(&checked)
            .contains("solution 2, line 5: secondary item x is covered twice (also line 4)"),
        "{}",
        stderr(&checked)
    );
}

#[test]
fn an_option_without_a_primary_item_is_no_valid_choice() {
    let problem = TempFile::new("secondary-only.dlx", "a b | x\na x\nx\nb\na\n");
    let checked = verify(problem.path(), "a x\nb\n\na\nb\n");
    assert_exit(&checked, 0);
    assert_eq!(stderr(&checked), "2 solutions verified\n");
    let checked = verify(problem.path(), "a\nb\nx\n");
    assert_exit(&checked, 1);
    assert!(
        stderr(&checked).contains("solution 1, line 3: an option with no primary item"),
        "{}",
        stderr(&checked)
    );
}

/// Issue 46: a solution chooses each option once, also where item bounds
/// would let an option held twice pass (`2|A` with one option `A` has no
/// solution), in text and in JSON (by names or by `option_ids`); options
/// alike may each be chosen once.
#[test]
fn an_option_chosen_twice_is_no_solution() {
    let cases = [
        ("2|A\nA\n", "A\nA\n", r#"[["A"],["A"]]"#, "option A"),
        (
            "2|A 2|B\nA B\n",
            "A B\nB A\n",
            r#"[["A","B"],["B","A"]]"#,
            "option A B",
        ),
    ];
    for (text, twice, json, option) in cases {
        let problem = TempFile::new("twice.dlx", text);
        // The search agrees that there is no solution.
        assert_exit(&solve(problem.path(), false), 1);
        let checked = verify(problem.path(), twice);
        assert_exit(&checked, 1);
        let expected = format!(
            "<stdin>: solution 1, line 2: {option} is chosen twice (also line 1); a solution chooses each option once\n"
        );
        assert_eq!(stderr(&checked), expected);
        let by_names = format!(r#"{{"type":"solution","solution":1,"options":{json}}}"#);
        let by_ids = r#"{"type":"solution","solution":1,"option_ids":[0,0]}"#;
        for record in [by_names.as_str(), by_ids] {
            let checked = verify(problem.path(), record);
            assert_exit(&checked, 1);
            let expected = format!(
                "solution 1, line 1, option 2: {option} is chosen twice (also line 1, option 1)"
            );
            assert!(
                stderr(&checked).contains(&expected),
                "{record}: {}",
                stderr(&checked)
            );
        }
    }
    // Two options alike: the one solution chooses both, printed alike.
    let problem = TempFile::new("alike.dlx", "2|A\nA\nA\n");
    for json in [false, true] {
        let solved = solve(problem.path(), json);
        assert_exit(&solved, 0);
        let checked = verify(problem.path(), solved.stdout);
        assert_exit(&checked, 0);
        assert_eq!(stderr(&checked), "1 solution verified\n");
    }
    let checked = verify(problem.path(), "A\nA\nA\n");
    assert_exit(&checked, 1);
    assert!(
        stderr(&checked).contains(
            "line 3: primary item A is covered more than its upper bound of 2 times (first line 1)"
        ),
        "{}",
        stderr(&checked)
    );
}

/// Issue 46: an item whose name starts with `{` is no JSON: the format is
/// JSON only where the first line is a JSON object (or broken JSON that
/// names no item).
#[test]
fn text_that_starts_with_a_brace_is_text() {
    let problem = TempFile::new("brace.dlx", "{a {\"b\"} | {}\n{a\n{\"b\"} {}\n");
    let solved = solve(problem.path(), false);
    assert!(solved.stdout.starts_with(b"{"));
    let checked = verify(problem.path(), solved.stdout);
    assert_exit(&checked, 0);
    assert_eq!(stderr(&checked), "1 solution verified\n");
    let solved = solve(problem.path(), true);
    let checked = verify(problem.path(), solved.stdout);
    assert_exit(&checked, 0);
    assert_eq!(stderr(&checked), "1 solution verified\n");
    // Broken JSON is still read as JSON, and named so.
    let checked = verify(problem.path(), "{\"type\":\"solution\",\n");
    assert_exit(&checked, 2);
    assert!(
        stderr(&checked).starts_with("<stdin>:1:"),
        "{}",
        stderr(&checked)
    );
    assert!(
        stderr(&checked).contains("not a JSON record"),
        "{}",
        stderr(&checked)
    );
}

#[test]
fn text_that_is_no_solution_is_an_error_with_its_place() {
    let problem = engine_data("queens6.dlx");
    let solved = String::from_utf8(solve(&problem, false).stdout).unwrap();
    let json = String::from_utf8(solve(&problem, true).stdout).unwrap();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            edit(&solved, 4, &["hello world"]).into(),
            "<stdin>:5:1: unknown item `hello`",
        ),
        (
            edit(&solved, 1, &["r1  r1"]).into(),
            "<stdin>:2:5: item `r1` appears twice",
        ),
        (b"4\n".to_vec(), "<stdin>:1:1: unknown item `4`"),
        (
            [b"r0 c1 a1 b4\n".as_slice(), b"\xff\n"].concat(),
            "<stdin>:2: the line is not valid UTF-8",
        ),
        (
            edit(&json, 2, &["{\"type\": "]).into(),
            "<stdin>:3:9: not a JSON record",
        ),
        (
            edit(&json, 2, &["[1, 2]"]).into(),
            "<stdin>:3: a record must be a JSON object",
        ),
        (
            edit(
                &json,
                0,
                &[r#"{"type":"solution","solution":1,"options":[["r0","q"]]}"#],
            )
            .into(),
            "<stdin>:1: unknown item `q` in option 1",
        ),
        (
            edit(
                &json,
                1,
                &[r#"{"type":"solution","solution":2,"options":"r0"}"#],
            )
            .into(),
            "<stdin>:2: a solution record needs `options`",
        ),
        (
            edit(&json, 0, &[r#"{"type":"answer"}"#]).into(),
            "<stdin>:1: unknown record type",
        ),
        (
            format!("{json}{}", json.lines().next().unwrap()).into(),
            "<stdin>:6: a record after the summary",
        ),
    ];
    for (input, expected) in cases {
        let checked = verify(&problem, input);
        assert_exit(&checked, 2);
        assert!(
            stderr(&checked).starts_with(expected),
            "{expected}: {}",
            stderr(&checked)
        );
    }

    // A forced format reads the other one as garbage.
    let checked = dlx()
        .args(["verify", "--format", "json"])
        .arg(&problem)
        .write_stdin(solved.clone())
        .output()
        .unwrap();
    assert_exit(&checked, 2);
    assert!(stderr(&checked).starts_with("<stdin>:1:1: not a JSON record"));
    let checked = dlx()
        .args(["verify", "--format", "text"])
        .arg(&problem)
        .write_stdin(json)
        .output()
        .unwrap();
    assert_exit(&checked, 2);
    // `{"type":...` reads as item `{"type"` with a color.
    assert!(
        stderr(&checked).starts_with("<stdin>:1:1: unknown item `{\"type\"`"),
        "{}",
        stderr(&checked)
    );
}

#[test]
fn no_solutions_verify_and_both_inputs_on_stdin_are_refused() {
    let problem = engine_data("toy.dlx");
    let checked = verify(&problem, "\n\n");
    assert_exit(&checked, 0);
    assert_eq!(
        stderr(&checked),
        "0 solutions verified (the input lists none)\n"
    );

    let checked = verify(&problem, "{\"type\":\"summary\",\"solutions\":0}\n");
    assert_exit(&checked, 0);

    let checked = dlx()
        .args(["verify", "-"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_exit(&checked, 2);
    assert!(stderr(&checked).contains("cannot both come from standard input"));

    let checked = dlx()
        .arg("verify")
        .arg(&problem)
        .arg(engine_data("no-such-file"))
        .output()
        .unwrap();
    assert_exit(&checked, 2);
    assert!(stderr(&checked).contains("no-such-file: cannot open"));
}

#[test]
fn quiet_prints_nothing_but_errors() {
    let problem = engine_data("toy.dlx");
    for (solutions, code) in [("A D\nC E F\nB G\n", 0), ("A D\nB G\n", 1)] {
        let checked = dlx()
            .args(["verify", "--quiet"])
            .arg(&problem)
            .write_stdin(solutions)
            .output()
            .unwrap();
        assert_exit(&checked, code);
        assert!(checked.stderr.is_empty(), "{}", stderr(&checked));
    }
    let checked = dlx()
        .args(["verify", "-q"])
        .arg(&problem)
        .write_stdin("Z\n")
        .output()
        .unwrap();
    assert_exit(&checked, 2);
    assert!(stderr(&checked).starts_with("<stdin>:1:1: unknown item `Z`"));
}

#[test]
fn a_huge_line_is_refused_without_being_read_whole() {
    // 200 MiB of one line, written a MiB at a time: the limit for toy.dlx is
    // about 4 MiB (the JSON summary of its 15,000 best), so only that much
    // is ever held.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .arg("verify")
        .arg(engine_data("toy.dlx"))
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let chunk = b"A D ".repeat(1 << 18);
        for _ in 0..200 {
            if stdin.write_all(&chunk).is_err() {
                // verify stopped reading: what we want.
                return true;
            }
        }
        false
    });
    let output = child.wait_with_output().unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).starts_with("<stdin>:1: the line is longer than"),
        "{}",
        stderr(&output)
    );
    assert!(writer.join().unwrap(), "verify read the whole line");
}

/// A file under the test target's temporary directory, removed on drop.
pub(super) struct TempFile(PathBuf);

impl TempFile {
    pub(super) fn new(name: &str, contents: &str) -> TempFile {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static SERIAL: AtomicUsize = AtomicUsize::new(0);
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("verify-{}-{serial}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        TempFile(path)
    }

    pub(super) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A small random problem in Knuth's format: 1-4 primary items `p0..`, 0-2
/// secondary `s0..`, up to 10 options (some may lack a primary item).
fn small_problem() -> impl Strategy<Value = String> {
    (1usize..=4, 0usize..=2).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = proptest::collection::btree_set(0..items, 1..=items.min(3));
        proptest::collection::vec(option, 1..=10).prop_map(move |options| {
            let name = |k: usize| {
                if k < primary {
                    format!("p{k}")
                } else {
                    format!("s{}", k - primary)
                }
            };
            let mut text: String = (0..primary).map(|k| name(k) + " ").collect();
            if secondary > 0 {
                text += "|";
                text += &(primary..items)
                    .map(|k| format!(" {}", name(k)))
                    .collect::<String>();
            }
            text += "\n";
            for option in options {
                let names: Vec<String> = option.into_iter().map(name).collect();
                text += &names.join(" ");
                text += "\n";
            }
            text
        })
    })
}

/// The number of exact covers, by trying every subset of the options that
/// have a primary item.
fn brute_force_count(reference: &Reference, problem: &str) -> usize {
    let options: Vec<BTreeSet<String>> = problem
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .filter(|o: &BTreeSet<String>| o.iter().any(|n| reference.is_primary(n)))
        .collect();
    (0u32..1 << options.len())
        .filter(|subset| {
            let chosen: Vec<(usize, Vec<String>)> = (0..options.len())
                .filter(|k| subset >> k & 1 == 1)
                .map(|k| (0, options[k].iter().cloned().collect()))
                .collect();
            reference.fault(&chosen).is_none()
        })
        .count()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn solved_output_verifies_and_a_mutated_line_is_caught_or_still_covers(
        problem in small_problem(),
        mutation in 0usize..4,
        line in any::<prop::sample::Index>(),
        replacement in any::<prop::sample::Index>(),
    ) {
        let reference = Reference::parse(&problem);
        let file = TempFile::new("small.dlx", &problem);
        let solved = dlx().args(["solve", "-j", "1"]).arg(file.path()).output().unwrap();
        let solved = String::from_utf8(solved.stdout).unwrap();
        let count = brute_force_count(&reference, &problem);
        prop_assert_eq!(blocks(&solved).len(), count);

        let checked = verify(file.path(), solved.clone());
        assert_exit(&checked, 0);
        let plural = if count == 1 { "" } else { "s" };
        let none = if count == 0 { " (the input lists none)" } else { "" };
        prop_assert_eq!(stderr(&checked), format!("{count} solution{plural} verified{none}\n"));

        let lines: Vec<&str> = solved.lines().collect();
        if lines.is_empty() {
            return Ok(());
        }
        let target = line.index(lines.len());
        let options: Vec<&str> = problem.lines().skip(1).collect();
        let option = options[replacement.index(options.len())];
        let mutant = match mutation {
            0 => edit(&solved, target, &[]),
            1 => edit(&solved, target, &[lines[target], lines[target]]),
            2 => edit(&solved, target, &[option]),
            // Any item set in any order, maybe an option, maybe not.
            _ => {
                let subset = replacement.index((1 << reference.items.len()) - 1) + 1;
                let names: Vec<&str> = reference
                    .items
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| subset >> k & 1 == 1)
                    .map(|(_, (name, _))| name.as_str())
                    .rev()
                    .collect();
                edit(&solved, target, &[&names.join(" ")])
            }
        };
        let checked = verify(file.path(), mutant.clone());
        match reference.first_fault(&mutant) {
            None => {
                assert_exit(&checked, 0);
                let count = blocks(&mutant).len() as u64;
                let repeats = reference.repeats(&mutant);
                let message = stderr(&checked);
                let summary = message.lines().last().unwrap_or_default();
                let plural = if count == 1 { "" } else { "s" };
                if repeats == 0 {
                    prop_assert!(!message.contains("warning"), "{}", message);
                    prop_assert!(summary.starts_with(&format!("{count} solution{plural} verified")), "{}", message);
                } else {
                    // A listing without a summary may repeat itself: a warning.
                    prop_assert!(message.starts_with("<stdin>: warning: solution "), "{}", message);
                    let expected = format!("{count} solutions verified, {} of them distinct", count - repeats);
                    prop_assert_eq!(summary, expected);
                }
            }
            Some(_) => assert_caught(&reference, &checked, &mutant),
        }
    }
}
