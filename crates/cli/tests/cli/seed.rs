//! `--seed`: reproducible random tie-breaking and option order; the same
//! output on any number of threads, other solutions first for other seeds,
//! the same counts.

use std::process::Output;

use super::common::*;

fn solve(args: &[&str], file: &str) -> Output {
    let path = engine_data(file);
    let output = dlx()
        .arg("solve")
        .args(args)
        .arg(path.to_str().unwrap())
        .output()
        .unwrap();
    assert_exit(&output, 0);
    output
}

#[test]
fn a_seed_repeats_its_solutions_on_any_number_of_threads() {
    let one = solve(&["--seed", "5", "-j", "1"], "langford7.dlx");
    let two = solve(&["--seed", "5", "-j", "2"], "langford7.dlx");
    let again = solve(&["--seed", "5", "-j", "3"], "langford7.dlx");
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout, again.stdout);
    assert!(!one.stdout.is_empty());
}

#[test]
fn other_seeds_give_other_first_solutions_in_the_input_names() {
    let firsts: std::collections::BTreeSet<Vec<u8>> = (1..=6)
        .map(|seed| solve(&["-n", "1", "--seed", &seed.to_string()], "queens8.dlx").stdout)
        .collect();
    assert!(
        firsts.len() >= 3,
        "{} distinct first solutions",
        firsts.len()
    );
    let items = std::fs::read_to_string(engine_data("queens8.dlx")).unwrap();
    for first in &firsts {
        // Each line is an option of the input, as written there.
        for line in String::from_utf8_lossy(first).lines() {
            assert!(items.lines().any(|option| option.trim() == line), "{line}");
        }
    }
}

#[test]
fn seeds_do_not_change_counts() {
    for file in [
        "queens10.dlx",
        "colors.dlx",
        "rowcol4_2_2.dlx",
        "pentomino3x20.dlx",
    ] {
        let plain = solve(&["--count"], file);
        for seed in ["0", "9", "18446744073709551615"] {
            let seeded = solve(&["--count", "--seed", seed], file);
            assert_eq!(seeded.stdout, plain.stdout, "{file} seed {seed}");
        }
    }
}

#[test]
fn a_bad_seed_is_an_argument_error() {
    let path = engine_data("toy.dlx");
    for seed in ["-1", "x", "18446744073709551616"] {
        let output = dlx()
            .args(["solve", &format!("--seed={seed}"), path.to_str().unwrap()])
            .output()
            .unwrap();
        assert_exit(&output, 2);
        assert!(stderr(&output).contains("--seed"), "{}", stderr(&output));
    }
}
