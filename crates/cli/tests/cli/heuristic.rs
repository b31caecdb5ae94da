//! `--heuristic`: Knuth's learning rules from the command line. Their
//! trees are Knuth's (the node and update counts of SSXCC-WTD0 and
//! SSXCC-FRB0 on the reference files), their solutions are the default
//! search's and pass `dlx verify`, and what they cannot do is refused with
//! a reason.

use std::collections::BTreeSet;
use std::process::Output;

use super::common::*;

fn solve(args: &[&str], files: &[&str]) -> Output {
    dlx()
        .arg("solve")
        .args(args)
        .args(files.iter().map(|file| engine_data(file)))
        .output()
        .unwrap()
}

/// The `name value` pairs of a `--stats` line.
fn figure(stats: &str, name: &str) -> String {
    let words: Vec<&str> = stats.split_whitespace().collect();
    let at = words
        .iter()
        .position(|&word| word == name)
        .unwrap_or_else(|| panic!("no {name} in {stats}"));
    words[at + 1].to_owned()
}

/// The solutions printed, each as its set of option lines.
fn solutions(text: &str) -> BTreeSet<BTreeSet<String>> {
    text.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| block.lines().map(str::to_owned).collect())
        .collect()
}

#[test]
fn the_statistics_are_knuths_and_name_the_search() {
    // (file, rule, nodes, updates) as `ssxcc-wtd0 < FILE` and
    // `ssxcc-frb0 < FILE` print them (Knuth's programs from
    // ascherer/cwebtest, built beside the project).
    let knuth = [
        ("langford8.dlx", "wtd", 2374, 36351),
        ("langford8.dlx", "frb", 2702, 43228),
        ("debruijn4.dlx", "wtd", 2756, 105301),
        ("debruijn4.dlx", "frb", 2904, 114316),
        ("pentomino3x20.dlx", "wtd", 21460, 19995178),
        ("pentomino3x20.dlx", "frb", 6850, 7296120),
    ];
    for (file, rule, nodes, updates) in knuth {
        let output = solve(&["--count", "--stats", "--heuristic", rule], &[file]);
        assert_exit(&output, 0);
        let stats = stderr(&output);
        assert_eq!(figure(&stats, "nodes"), nodes.to_string(), "{file} {rule}");
        assert_eq!(
            figure(&stats, "updates"),
            updates.to_string(),
            "{file} {rule}"
        );
        assert_eq!(figure(&stats, "search"), format!("cells-{rule}"), "{file}");
        assert_eq!(figure(&stats, "threads"), "1", "{file}");
        // Dancing cells count no cleansings: none is shown.
        assert!(!stats.contains("cleansings"), "{stats}");
    }
    // The default names no search, and keeps DLX2's figures.
    let output = solve(
        &["--count", "--stats", "--heuristic", "mrv"],
        &["debruijn4.dlx"],
    );
    let stats = stderr(&output);
    assert!(!stats.contains("search"), "{stats}");
    assert!(stats.contains("cleansings"), "{stats}");
    let json = solve(
        &["--count", "--json", "--heuristic", "frb"],
        &["queens8.dlx"],
    );
    let summary = String::from_utf8(json.stdout).unwrap();
    assert!(summary.contains(r#""search":"cells-frb""#), "{summary}");
    assert!(summary.contains(r#""nodes":966"#), "{summary}");
}

#[test]
fn every_rule_prints_the_defaults_solutions_which_verify() {
    for file in [
        "queens8.dlx",
        "langford7.dlx",
        "debruijn3.dlx",
        "colors.dlx",
    ] {
        let default = solve(&[], &[file]);
        let expected = solutions(&String::from_utf8(default.stdout).unwrap());
        assert!(!expected.is_empty(), "{file}");
        for rule in ["wtd", "frb"] {
            for seed in [None, Some("3")] {
                let mut args = vec!["--heuristic", rule];
                if let Some(seed) = seed {
                    args.extend(["--seed", seed]);
                }
                let output = solve(&args, &[file]);
                assert_exit(&output, 0);
                let text = String::from_utf8(output.stdout).unwrap();
                assert_eq!(solutions(&text), expected, "{file} {rule} seed {seed:?}");
                let verified = dlx()
                    .arg("verify")
                    .arg(engine_data(file))
                    .write_stdin(text)
                    .output()
                    .unwrap();
                assert_exit(&verified, 0);
            }
        }
    }
}

#[test]
fn budgets_stop_a_learning_rule_and_say_so() {
    let output = solve(
        &[
            "--count",
            "--stats",
            "--heuristic",
            "wtd",
            "--max-nodes",
            "500",
        ],
        &["queens12.dlx"],
    );
    assert_exit(&output, 0);
    let stats = stderr(&output);
    assert_eq!(figure(&stats, "nodes"), "500");
    assert_eq!(figure(&stats, "stopped"), "max-nodes");
    let estimate: f64 = figure(&stats, "explored-estimate").parse().unwrap();
    assert!(estimate > 0.0 && estimate < 1.0, "{stats}");
    let output = solve(&["-n", "3", "--heuristic", "frb"], &["queens8.dlx"]);
    assert_exit(&output, 0);
    assert_eq!(
        solutions(&String::from_utf8(output.stdout).unwrap()).len(),
        3
    );
}

#[test]
fn what_a_learning_rule_cannot_do_is_refused() {
    // Item bounds: refused for that input (status 2), the others answered.
    let output = solve(
        &["--count", "--heuristic", "wtd"],
        &["rowcol4_2_2.dlx", "queens6.dlx"],
    );
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("rowcol4_2_2.dlx: --heuristic wtd"),
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains("multiplicities"),
        "{}",
        stderr(&output)
    );
    let counts = String::from_utf8(output.stdout).unwrap();
    assert!(counts.contains("queens6.dlx:4"), "{counts}");
    assert!(!counts.contains("rowcol4_2_2"), "{counts}");
    // More than one thread.
    let output = solve(&["--heuristic", "frb", "-j", "2"], &["queens6.dlx"]);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("one thread"),
        "{}",
        stderr(&output)
    );
    // The default rule runs on any number of threads.
    let output = solve(
        &["--count", "--heuristic", "mrv", "-j", "2"],
        &["queens6.dlx"],
    );
    assert_exit(&output, 0);
    // An unknown rule, and the searches that keep their own order.
    for (args, says) in [
        (vec!["--heuristic", "dom"], "possible values: mrv, wtd, frb"),
        (
            vec!["--count", "--memo", "--heuristic", "wtd"],
            "order of its own",
        ),
        (vec!["--profile", "--heuristic", "wtd"], "nodes per level"),
        (vec!["--best", "--heuristic", "wtd"], "branch-and-bound"),
    ] {
        let output = solve(&args, &["queens6.dlx"]);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(says),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // `dlx gen` takes it with a search, and refuses it without one.
    let output = dlx()
        .args(["gen", "queens", "8", "--count", "--heuristic", "wtd"])
        .output()
        .unwrap();
    assert_exit(&output, 0);
    assert_eq!(String::from_utf8(output.stdout).unwrap().trim(), "92");
    let output = dlx()
        .args(["gen", "queens", "8", "--heuristic", "wtd"])
        .output()
        .unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("--heuristic only applies with"),
        "{}",
        stderr(&output)
    );
}
