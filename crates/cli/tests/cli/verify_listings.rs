//! Tests of `dlx verify` on whole listings: solutions listed again, and
//! every output of `dlx solve --best K` (text and JSON, with and without
//! `--improvements`), each solution's cost checked; the JSON schema of a
//! solution, the same in every record, checked against the problem file
//! read here.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use super::common::*;
use super::verify::{TempFile, solve, verify};

/// The costed problems of the engine's test data, and one generated.
fn costed_problems() -> Vec<(String, TempFile)> {
    let mut problems = Vec::new();
    for name in ["queens8_costs.dlx", "colors_costs.dlx", "assignment6.dlx"] {
        let text = std::fs::read_to_string(engine_data(name)).unwrap();
        problems.push((name.to_owned(), TempFile::new(name, &text)));
    }
    let generated = dlx()
        .args(["gen", "assignment", "9", "--cost-seed", "4"])
        .output()
        .unwrap();
    assert_exit(&generated, 0);
    let text = String::from_utf8(generated.stdout).unwrap();
    problems.push(("assignment 9".to_owned(), TempFile::new("a9.dlx", &text)));
    problems
}

/// `dlx solve --best K ARGS FILE`.
fn best(file: &Path, k: &str, args: &[&str]) -> String {
    let output = dlx()
        .args(["solve", "--best", k])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    assert_exit(&output, 0);
    String::from_utf8(output.stdout).unwrap()
}

/// Every option line of a problem file, as its set of entries and its cost
/// (the `|n` after them), read here.
fn option_lines(file: &Path) -> Vec<(BTreeSet<String>, u64)> {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'))
        .skip(1)
        .map(|line| {
            let (costs, entries): (Vec<&str>, Vec<&str>) =
                line.split_whitespace().partition(|t| t.starts_with('|'));
            let cost = costs.iter().map(|c| c[1..].parse::<u64>().unwrap()).sum();
            (entries.into_iter().map(str::to_owned).collect(), cost)
        })
        .collect()
}

/// Checks a JSON solution against the problem file: each option's entries
/// are those of the option line its `option_ids` number names, and `cost`
/// is the sum of those lines' costs; the cost.
#[track_caller]
fn assert_solution_schema(solution: &Value, options: &[(BTreeSet<String>, u64)]) -> u64 {
    let ids = solution["option_ids"].as_array().expect("option_ids");
    let names = solution["options"].as_array().expect("options");
    assert_eq!(ids.len(), names.len(), "{solution}");
    let mut cost = 0;
    for (id, entries) in ids.iter().zip(names) {
        let (line, line_cost) = &options[id.as_u64().unwrap() as usize];
        let entries: BTreeSet<String> = entries
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(&entries, line, "{solution}");
        cost += line_cost;
    }
    assert_eq!(solution["cost"].as_u64(), Some(cost), "{solution}");
    cost
}

/// Issue 46: a solution listed again is a failure where a JSON summary
/// counts the solutions found (each once), a warning in text (which
/// claims nothing); alike options make alike solutions, not repeats.
#[test]
fn a_solution_listed_again_is_named() {
    let problem = engine_data("toy.dlx");
    let text = String::from_utf8(solve(&problem, false).stdout).unwrap();
    let four = [text.as_str(); 4].join("\n");
    let checked = verify(&problem, four);
    assert_exit(&checked, 0);
    assert_eq!(
        stderr(&checked),
        "<stdin>: warning: solution 2, line 5: the same solution as solution 1, listed again (3 solutions repeat earlier ones)\n\
         4 solutions verified, 1 of them distinct\n"
    );

    let json = String::from_utf8(solve(&problem, true).stdout).unwrap();
    let (record, summary) = json.split_once('\n').unwrap();
    let again = record.replace(r#""solution":1"#, r#""solution":2"#);
    let counted = summary.replace(r#""solutions":1"#, r#""solutions":2"#);
    let checked = verify(&problem, format!("{record}\n{again}\n{counted}"));
    assert_exit(&checked, 1);
    assert_eq!(
        stderr(&checked),
        "<stdin>: solution 2, line 2: the same solution as solution 1, listed again\n"
    );
    let checked = verify(&problem, format!("{record}\n{again}\n"));
    assert_exit(&checked, 0);
    assert!(
        stderr(&checked)
            .starts_with("<stdin>: warning: solution 2, line 2: the same solution as solution 1"),
        "{}",
        stderr(&checked)
    );

    // Three options alike: three solutions, printed alike; a fourth is one
    // too many.
    let alike = TempFile::new("alike.dlx", "A\nA\nA\nA\n");
    let solved = String::from_utf8(solve(alike.path(), false).stdout).unwrap();
    assert_eq!(solved, "A\n\nA\n\nA\n");
    let checked = verify(alike.path(), solved.clone());
    assert_eq!(stderr(&checked), "3 solutions verified\n");
    let checked = verify(alike.path(), format!("{solved}\nA\n"));
    assert!(
        stderr(&checked).ends_with("4 solutions verified, 3 of them distinct\n"),
        "{}",
        stderr(&checked)
    );
}

/// Issue 46: the text of `--best` lists each solution once, under its
/// `best N: cost C` line (improvements only with `--improvements`, each
/// under its own line), and every output of `--best` verifies, costs
/// checked: text, text without its cost lines, JSON, with improvements.
#[test]
fn every_output_of_best_verifies_with_its_costs() {
    for (name, file) in costed_problems() {
        let options = option_lines(file.path());
        for k in ["1", "3"] {
            // The K best by the JSON summary, each checked against the file.
            let json = best(file.path(), k, &["--json"]);
            assert_eq!(json.lines().count(), 1, "{name}: the summary alone");
            let summary: Value = serde_json::from_str(&json).unwrap();
            let costs: Vec<u64> = summary["best"]
                .as_array()
                .unwrap()
                .iter()
                .map(|solution| assert_solution_schema(solution, &options))
                .collect();
            assert!(!costs.is_empty() && costs.is_sorted(), "{name}: {costs:?}");
            let list: Vec<String> = costs.iter().map(u64::to_string).collect();
            let plural = if costs.len() == 1 { "" } else { "s" };
            let verified = format!(
                "{} best solution{plural} verified (cost{plural} {})",
                costs.len(),
                list.join(", ")
            );

            let text = best(file.path(), k, &[]);
            let heads: Vec<&str> = text.lines().filter(|l| l.contains(": cost ")).collect();
            let expected: Vec<String> = (1..=costs.len())
                .zip(&costs)
                .map(|(n, cost)| format!("best {n}: cost {cost}"))
                .collect();
            assert_eq!(heads, expected, "{name} --best {k}: each solution once");
            for (input, summary) in [(json.clone(), &verified), (text.clone(), &verified)] {
                let checked = verify(file.path(), input);
                assert_exit(&checked, 0);
                assert_eq!(
                    stderr(&checked),
                    format!("{summary}\n"),
                    "{name} --best {k}"
                );
            }
            // Without the lines that are not options: plain solutions,
            // each option's printed cost checked.
            let bare: String = text
                .lines()
                .filter(|l| !l.contains(": cost ") && !l.contains(" best cost"))
                .map(|l| format!("{l}\n"))
                .collect();
            let checked = verify(file.path(), bare);
            assert_exit(&checked, 0);
            assert!(
                stderr(&checked).starts_with(&format!("{} solution", costs.len())),
                "{name}: {}",
                stderr(&checked)
            );

            for json in [false, true] {
                let args: &[&str] = if json {
                    &["--improvements", "--json"]
                } else {
                    &["--improvements"]
                };
                let output = best(file.path(), k, args);
                let improvements = if json {
                    let records: Vec<Value> = output
                        .lines()
                        .map(|l| serde_json::from_str(l).unwrap())
                        .collect();
                    for (n, record) in records.iter().rev().skip(1).rev().enumerate() {
                        assert_eq!(record["type"], "improvement");
                        assert_eq!(record["improvement"], n + 1);
                        assert_solution_schema(record, &options);
                    }
                    records.len() - 1
                } else {
                    output
                        .lines()
                        .filter(|l| l.starts_with("improvement "))
                        .count()
                };
                assert!(improvements >= costs.len(), "{name}: {output}");
                let checked = verify(file.path(), output);
                assert_exit(&checked, 0);
                let plural = if improvements == 1 { "" } else { "s" };
                assert_eq!(
                    stderr(&checked),
                    format!("{improvements} improvement{plural} and {verified}\n"),
                    "{name} --best {k} --improvements, json {json}"
                );
            }
        }
    }
}

/// The plain JSON records hold a solution as `--best` does: `cost`,
/// `options` and `option_ids`.
#[test]
fn plain_json_solutions_have_the_fields_of_best() {
    let file = engine_data("colors_costs.dlx");
    let options = option_lines(&file);
    let solved = solve(&file, true);
    assert_exit(&solved, 0);
    let text = String::from_utf8(solved.stdout).unwrap();
    let mut costs = Vec::new();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        if record["type"] == "solution" {
            costs.push(assert_solution_schema(&record, &options));
        }
    }
    // The cheapest of them is the optimum that --best finds.
    let best: Value = serde_json::from_str(&best(&file, "1", &["--json"])).unwrap();
    assert_eq!(
        best["best"][0]["cost"].as_u64(),
        costs.iter().min().copied()
    );
}

/// Each claim of a `--best` output that is changed is caught (exit 1),
/// naming the solution and the line.
#[test]
fn mutated_best_outputs_fail() {
    let file = engine_data("assignment6.dlx");
    let text = best(&file, "3", &[]);
    let lines: Vec<&str> = text.lines().collect();
    // `FILE: the 3 best costs: 90, 95, 101`, then three blocks of a head
    // line, 6 options and a blank line.
    assert_eq!(lines.len(), 1 + 3 * 8, "{text}");
    assert!(
        lines[0].ends_with("the 3 best costs: 90, 95, 101"),
        "{text}"
    );
    let block = |k: usize| &lines[1 + 8 * k..1 + 8 * k + 8];
    let join = |lines: &[&str]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
    let option = block(0)[1];
    let (entries, cost) = option.rsplit_once(" |").unwrap();
    let other_cost = format!("{entries} |{}", cost.parse::<u64>().unwrap() + 1);
    let swapped = [&lines[..1], block(1), block(0), block(2)].concat();
    let renumbered = {
        let mut swapped = swapped.clone();
        swapped[1] = "best 1: cost 95";
        swapped[9] = "best 2: cost 90";
        swapped
    };
    let repeated = {
        let mut repeated = [&lines[..1], block(0), block(0), block(2)].concat();
        repeated[9] = "best 2: cost 90";
        repeated
    };
    let mutants = [
        (
            text.replace("best 2: cost 95", "best 2: cost 96"),
            "best 2, lines 10-16: the solution is said to cost 96, but its options cost 95",
        ),
        (
            text.replacen(option, &other_cost, 1),
            "best 1, line 3: option",
        ),
        (
            text.replace("costs: 90, 95, 101", "costs: 90, 95, 100"),
            "line 1: the summary lists the best costs [90, 95, 100], but the best solutions listed cost [90, 95, 101]",
        ),
        (
            join(&swapped),
            "best 1, line 2: a record numbered 2 where best 1 was expected",
        ),
        (
            join(&renumbered),
            "best 2, line 10: costs 90, less than the 95 of the best before it",
        ),
        (
            join(&repeated),
            "best 2, lines 10-16: the same solution as best 1, listed again",
        ),
    ];
    for (mutant, expected) in mutants {
        let checked = verify(&file, mutant.clone());
        assert_exit(&checked, 1);
        assert!(
            stderr(&checked).starts_with(&format!("<stdin>: {expected}")),
            "{expected}\n{}\n{mutant}",
            stderr(&checked)
        );
    }
    assert!(
        text.replacen(option, &other_cost, 1).contains(&other_cost),
        "the mutant changed a cost"
    );

    let json = best(&file, "3", &["--json"]);
    let summary: Value = serde_json::from_str(&json).unwrap();
    let mut costly = summary.clone();
    costly["best"][1]["cost"] = 94.into();
    let mut misnamed = summary.clone();
    let ids = &mut misnamed["best"][2]["option_ids"];
    let (first, second) = (ids[0].clone(), ids[1].clone());
    ids[0] = second;
    ids[1] = first;
    let mut repeated = summary.clone();
    repeated["best"][1] = summary["best"][0].clone();
    let mutants = [
        (
            costly,
            "best 2, line 1: the solution is said to cost 94, but its options cost 95",
        ),
        (
            misnamed,
            "best 3, line 1, option 1: `option_ids` names option",
        ),
        (
            repeated,
            "best 2, line 1: the same solution as best 1, listed again",
        ),
    ];
    for (mutant, expected) in mutants {
        let checked = verify(&file, mutant.to_string());
        assert_exit(&checked, 1);
        assert!(
            stderr(&checked).starts_with(&format!("<stdin>: {expected}")),
            "{expected}\n{}",
            stderr(&checked)
        );
    }
}

/// Issue 46: `--best FILE` takes the file for K; the error says how to
/// write it instead.
#[test]
fn a_file_after_best_gets_a_tip() {
    let file = engine_data("assignment6.dlx");
    let output = dlx().args(["solve", "--best"]).arg(&file).output().unwrap();
    assert_exit(&output, 2);
    let message = stderr(&output);
    assert!(
        message.contains("tip: `--best` takes the word after it as K"),
        "{message}"
    );
    assert!(message.contains("`--best=K`"), "{message}");
    for args in [&["--best=2"][..], &["--best", "2"]] {
        let output = dlx().arg("solve").args(args).arg(&file).output().unwrap();
        assert_exit(&output, 0);
    }
    let output = dlx()
        .arg("solve")
        .arg(&file)
        .arg("--best")
        .output()
        .unwrap();
    assert_exit(&output, 0);
    assert!(String::from_utf8_lossy(&output.stdout).contains("best 1: cost 90"));
}

/// The `--best` output of two problems is refused (exit 2), as the plain
/// output of two is: verify each on its own.
#[test]
fn the_best_of_two_problems_are_not_verified_as_one() {
    let file = engine_data("assignment6.dlx");
    for (args, expected) in [
        (&[][..], ": a second `--best` summary (the first on line 1)"),
        (
            &["--improvements"],
            ": an improvement after the `--best` summary on line ",
        ),
    ] {
        let output = dlx()
            .args(["solve", "--best", "1"])
            .args(args)
            .arg(&file)
            .arg(&file)
            .output()
            .unwrap();
        assert_exit(&output, 0);
        let checked = verify(&file, output.stdout);
        assert_exit(&checked, 2);
        assert!(stderr(&checked).contains(expected), "{}", stderr(&checked));
    }
}
