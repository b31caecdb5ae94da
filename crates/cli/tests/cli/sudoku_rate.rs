//! `dlx sudoku --rate`: a seed's puzzles do not depend on rating them, and
//! the puzzles of files are rated as `--generate --rate` rates the ones it
//! makes, with the same lines.

use serde_json::Value;

use super::common::*;

/// `dlx sudoku ARGS` on `input`, successful; its standard output.
fn sudoku(args: &[&str], input: &str) -> String {
    let output = dlx()
        .args(["sudoku", "-q"])
        .args(args)
        .write_stdin(input.to_owned())
        .output()
        .unwrap();
    assert_exit(&output, 0);
    String::from_utf8(output.stdout).unwrap()
}

/// A generated line without its rating: the puzzle as `--generate` writes
/// it unrated.
fn unrated(line: &str) -> &str {
    line.split(" clues=").next().unwrap()
}

/// `text` with each line's cage sums (`LABEL=SUM`) in the order of their
/// labels: a generated puzzle lists them in the order its cages were made,
/// one read back in the order of its labels.
fn sums_sorted(text: &str) -> String {
    let mut sorted = String::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let is_sum = |word: &&str| {
            word.split_once('=')
                .is_some_and(|(label, _)| label.chars().count() == 1)
        };
        let mut sums: Vec<&str> = words.iter().copied().filter(is_sum).collect();
        sums.sort_unstable();
        let mut sums = sums.into_iter();
        let words: Vec<&str> = words
            .iter()
            .map(|word| {
                if is_sum(word) {
                    sums.next().unwrap()
                } else {
                    word
                }
            })
            .collect();
        sorted += &words.join(" ");
        sorted.push('\n');
    }
    sorted
}

/// The shapes and variants tried: classic, boxes a line's length does not
/// tell with a variant, killer (whose rating is of one search).
const KINDS: [&[&str]; 3] = [
    &[],
    &["--box", "3x2", "--variant", "x"],
    &["--box", "2x2", "--variant", "killer"],
];

#[test]
fn a_seed_gives_the_same_puzzles_rated_or_not() {
    for kind in KINDS {
        for threads in ["1", "2"] {
            let mut args = vec!["--generate", "6", "--seed", "42", "-j", threads];
            args.extend_from_slice(kind);
            let plain = sudoku(&args, "");
            args.push("--rate");
            let rated = sudoku(&args, "");
            let stripped: Vec<&str> = rated.lines().map(unrated).collect();
            assert_eq!(stripped, plain.lines().collect::<Vec<_>>(), "{args:?}");
            let ratings = rated
                .lines()
                .filter(|line| line.contains(" clues="))
                .count();
            assert_eq!(ratings, 6, "{rated}");
        }
    }
}

#[test]
fn the_puzzles_of_a_file_are_rated_as_the_generator_rates_them() {
    let dir = scratch("rate");
    for kind in KINDS {
        let mut args = vec!["--generate", "5", "--seed", "7"];
        args.extend_from_slice(kind);
        let plain = sudoku(&args, "");
        args.push("--rate");
        let rated = sudoku(&args, "");
        let file = dir.join("puzzles.txt");
        std::fs::write(&file, &plain).unwrap();
        let file = file.to_str().unwrap();
        for threads in ["1", "2"] {
            // The same lines: the `box` and `variant` lines, then each
            // puzzle with its rating.
            let of_file = sudoku(&["--rate", "-j", threads, file], "");
            assert_eq!(sums_sorted(&of_file), sums_sorted(&rated), "{args:?}");
            assert_eq!(
                sudoku(&["--rate", "-j", threads], &plain),
                of_file,
                "{args:?}"
            );
        }
        // Rated again, the lines read back and rate the same.
        let again = sudoku(&["--rate"], &rated);
        assert_eq!(sums_sorted(&again), sums_sorted(&rated), "{args:?}");
        let records = sudoku(&["--rate", "--json", file], "");
        let rated_lines: Vec<&str> = rated
            .lines()
            .filter(|line| line.contains(" clues="))
            .collect();
        let records: Vec<Value> = records
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .filter(|record: &Value| record["type"] == "puzzle")
            .collect();
        assert_eq!(records.len(), rated_lines.len());
        for (record, line) in records.iter().zip(rated_lines) {
            let singles = if record["singles"] == true {
                "yes"
            } else {
                "no"
            };
            let words = format!(
                "clues={} singles={singles} search-effort={:.1}",
                record["clues"],
                record["search_effort"].as_f64().unwrap()
            );
            assert!(line.ends_with(&words), "{line} / {record}");
            assert_eq!(record["status"], "solved", "{record}");
        }
    }
}

#[test]
fn puzzles_without_exactly_one_solution_are_reported_not_rated() {
    let generated = sudoku(&["--generate", "1", "--box", "2x2", "--seed", "3"], "");
    let puzzle = generated.trim();
    let clues = puzzle.chars().filter(|&c| c != '.').count();
    let input = format!("{puzzle}\n{}\n12.1............\n", ".".repeat(16));
    let output = dlx()
        .args(["sudoku", "--rate"])
        .write_stdin(input)
        .output()
        .unwrap();
    // The worst: a bad puzzle (two 1s in a row).
    assert_exit(&output, 2);
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert!(
        lines[0].starts_with(&format!("{puzzle} clues={clues} singles=")),
        "{stdout}"
    );
    let said = stderr(&output);
    assert!(said.contains("<stdin>:2: more than one solution"), "{said}");
    assert!(said.contains("<stdin>:3: "), "{said}");
}
