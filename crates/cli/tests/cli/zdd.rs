//! `dlx zdd`: the diagram's counts against `dlx solve --count` on
//! reference files (plain, colored, bounded) in both orders, a count past
//! 2^128 against an independent transfer-matrix count, the written ZDD read
//! back with the same answers, samples that are solutions and repeat by
//! seed, and malformed ZDD files named by FILE:LINE:COL with status 2.

use std::process::Output;

use super::common::*;

fn run(args: &[&str]) -> Output {
    dlx().args(args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn path(file: &str) -> String {
    engine_data(file).display().to_string()
}

#[test]
fn counts_equal_dlx_solve_in_both_orders() {
    for file in [
        "toy.dlx",
        "colors.dlx",
        "debruijn4.dlx",
        "knuth_dlx3_example.dlx",
        "rowcol4_1_2.dlx",
        "rowcol5_2_2.dlx",
        "matchings12.dlx",
        "partitions8.dlx",
        "queens8.dlx",
        "sudoku4x4_grids.dlx",
    ] {
        let solved = run(&["solve", "--count", &path(file)]);
        assert_exit(&solved, 0);
        for order in ["mrv", "input"] {
            let counted = run(&["zdd", "--order", order, &path(file)]);
            assert_exit(&counted, 0);
            assert_eq!(stdout(&counted), stdout(&solved), "{file} {order}");
            let stats = stderr(&counted);
            // After any warnings of the reader, DLX6's summary line.
            assert!(
                stats.lines().any(|line| line.starts_with("Altogether ")),
                "{stats}"
            );
            assert!(stats.contains(" ZDD node"), "{stats}");
        }
    }
}

/// Domino tilings of an `m` x `n` board by a row-profile transfer matrix,
/// in decimal (schoolbook addition on digit strings: independent of every
/// integer type the program uses).
fn tilings(m: usize, n: usize) -> String {
    fn add(a: &str, b: &str) -> String {
        let (a, b): (Vec<u8>, Vec<u8>) = (a.bytes().rev().collect(), b.bytes().rev().collect());
        let mut sum = Vec::new();
        let mut carry = 0;
        for k in 0..a.len().max(b.len()) {
            let digit = |d: &Vec<u8>| d.get(k).map_or(0, |&c| c - b'0');
            let s = digit(&a) + digit(&b) + carry;
            sum.push(b'0' + s % 10);
            carry = s / 10;
        }
        if carry > 0 {
            sum.push(b'0' + carry);
        }
        sum.reverse();
        String::from_utf8(sum).unwrap()
    }
    let mut counts = vec![String::from("0"); 1 << n];
    counts[0] = "1".into();
    for row in 0..m {
        for column in 0..n {
            let mut next = vec![String::from("0"); 1 << n];
            let bit = 1 << column;
            for (profile, count) in counts.iter().enumerate() {
                if count == "0" {
                    continue;
                }
                let mut put = |to: usize| next[to] = add(&next[to], count);
                if profile & bit != 0 {
                    put(profile & !bit);
                    continue;
                }
                if row + 1 < m {
                    put(profile | bit);
                }
                if column + 1 < n && profile & (bit << 1) == 0 {
                    put(profile | bit << 1);
                }
            }
            counts = next;
        }
    }
    counts[0].clone()
}

#[test]
fn a_count_past_2_to_the_128_is_printed_in_full() {
    // 46 x 8 dominoes: past 2^128 (where `--count --memo` stops with an
    // overflow), yet 8 cells wide, so that the frontiers of input order
    // stay small.
    let expected = tilings(46, 8);
    assert!(expected.len() > 39, "{expected}");
    let problem = run(&["gen", "dominoes", "46x8"]);
    assert_exit(&problem, 0);
    let counted = dlx()
        .args(["zdd", "--order", "input"])
        .write_stdin(problem.stdout)
        .output()
        .unwrap();
    assert_exit(&counted, 0);
    assert_eq!(stdout(&counted).trim(), expected);
}

#[test]
fn a_written_diagram_read_back_gives_the_same_answers() {
    let scratch = scratch("zdd-read-back");
    let written = scratch.join("queens8.zdd");
    let written = written.display().to_string();
    let file = path("queens8.dlx");
    let built = run(&[
        "zdd", &file, "--write", &written, "--count", "--sizes", "--sample", "5", "--seed", "7",
        "--list",
    ]);
    assert_exit(&built, 0);
    let read = run(&[
        "zdd", &file, "--read", &written, "--count", "--sizes", "--sample", "5", "--seed", "7",
        "--list",
    ]);
    assert_exit(&read, 0);
    assert_eq!(stdout(&read), stdout(&built));
    // The count, one size (8 queens), 5 samples and 92 listed solutions of
    // 8 lines and a blank line each.
    let text = stdout(&built);
    assert!(text.starts_with("92\n8 92\n"), "{text}");
    assert_eq!(text.lines().count(), 2 + (5 + 92) * 9);
    // Without the problem, options by number; the same count.
    let bare = run(&["zdd", "--read", &written]);
    assert_exit(&bare, 0);
    assert_eq!(stdout(&bare), "92\n");
    // Each sample is a solution that `dlx verify` accepts.
    let sampled = run(&["zdd", &file, "--sample", "3", "--seed", "11"]);
    assert_exit(&sampled, 0);
    let solutions = scratch.join("samples.txt");
    std::fs::write(&solutions, &sampled.stdout).unwrap();
    let verified = run(&["verify", &file, &solutions.display().to_string()]);
    assert_exit(&verified, 0);
    // A seed repeats; another differs.
    assert_eq!(
        stdout(&run(&["zdd", &file, "--sample", "3", "--seed", "11"])),
        stdout(&sampled)
    );
    assert_ne!(
        stdout(&run(&["zdd", &file, "--sample", "3", "--seed", "12"])),
        stdout(&sampled)
    );
}

#[test]
fn malformed_zdd_files_are_named_by_line_and_column_with_status_2() {
    let scratch = scratch("zdd-malformed");
    let cases = [
        (
            "2: (~1?0:1)\n3: (~2?4:1)\n",
            ":2:8: node 4 is not defined on an earlier line",
        ),
        ("2: (~1?0:1)\n3 (~2?2:1)\n", ":2:2: expected `:`"),
        (
            "2: (~x?0:1)\n",
            ":1:6: expected a variable number in decimal",
        ),
    ];
    for (text, message) in cases {
        let file = scratch.join("bad.zdd");
        std::fs::write(&file, text).unwrap();
        let name = file.display().to_string();
        let output = run(&["zdd", "--read", &name]);
        assert_exit(&output, 2);
        assert_eq!(stderr(&output), format!("{name}{message}\n"));
    }
    // An option past the problem's.
    let file = scratch.join("far.zdd");
    std::fs::write(&file, "2: (~99?0:1)\n3: (~0?0:2)\n").unwrap();
    let output = run(&[
        "zdd",
        &path("toy.dlx"),
        "--read",
        &file.display().to_string(),
    ]);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("option 99 is past the"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_diagram_past_max_nodes_stops_with_status_2_and_no_solution_is_status_1() {
    let output = run(&["zdd", &path("queens8.dlx"), "--max-nodes", "10"]);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("more than its limit of 10 nodes"),
        "{}",
        stderr(&output)
    );
    let scratch = scratch("zdd-none");
    let file = scratch.join("none.dlx");
    std::fs::write(&file, "a b\na\n").unwrap();
    let output = run(&["zdd", &file.display().to_string()]);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

/// The costs of `dlx solve --best K`'s K best, from its text output
/// (`NAME: the K best costs: 90, 95`).
fn best_costs(output: &Output) -> Vec<u64> {
    let text = stdout(output);
    let line = text
        .lines()
        .find(|line| line.contains(" best cost"))
        .unwrap_or_else(|| panic!("no best costs in\n{text}"));
    let (_, costs) = line.split_once(": ").expect("NAME: the ... costs: ...");
    let (_, costs) = costs.split_once(": ").expect("the K best costs: ...");
    costs
        .split(", ")
        .map(|cost| cost.parse().expect("a cost"))
        .collect()
}

/// The costs of the `best N: cost C` heads, in order.
fn heads(output: &Output) -> Vec<u64> {
    let text = stdout(output);
    text.lines()
        .filter_map(|line| {
            line.strip_prefix("best ")?
                .split_once(": cost ")?
                .1
                .parse()
                .ok()
        })
        .collect()
}

#[test]
fn best_costs_equal_dlx_solve_best_on_the_costed_files_in_text_and_json() {
    for file in [
        "assignment6.dlx",
        "assignment8.dlx",
        "queens8_costs.dlx",
        "colors_costs.dlx",
    ] {
        for k in ["1", "3", "20"] {
            let solved = run(&["solve", "--best", k, &path(file)]);
            assert_exit(&solved, 0);
            let expected = best_costs(&solved);
            let read = run(&["zdd", "--best", k, &path(file)]);
            assert_exit(&read, 0);
            assert_eq!(best_costs(&read), expected, "{file} --best {k}");
            assert_eq!(heads(&read), expected, "{file} --best {k}");
            // The same in JSON, each best a solution of `dlx solve --json`'s
            // shape whose cost is its options' costs.
            let json = run(&["zdd", "--json", "--costs", "--best", k, &path(file)]);
            assert_exit(&json, 0);
            let summary: serde_json::Value =
                serde_json::from_str(stdout(&json).lines().last().expect("a summary")).unwrap();
            assert_eq!(summary["type"], "summary");
            let best = summary["best"].as_array().expect("best");
            let costs: Vec<u64> = best.iter().map(|b| b["cost"].as_u64().unwrap()).collect();
            assert_eq!(costs, expected, "{file} --json --best {k}");
            assert_eq!(summary["min_cost"].as_u64(), Some(expected[0]));
            for solution in best {
                assert!(!solution["options"].as_array().unwrap().is_empty());
                assert!(!solution["option_ids"].as_array().unwrap().is_empty());
            }
        }
    }
}

#[test]
fn the_best_blocks_verify_and_costs_are_the_range_of_the_listing() {
    let scratch = scratch("zdd-best-verify");
    let file = path("assignment6.dlx");
    let read = run(&["zdd", "--best", "720", &file]);
    assert_exit(&read, 0);
    // Every block, its head dropped, is a solution `dlx verify` accepts.
    let blocks: String = stdout(&read)
        .lines()
        .filter(|line| !line.starts_with("best ") && !line.contains(" best costs"))
        .map(|line| format!("{line}\n"))
        .collect();
    let solutions = scratch.join("best.txt");
    std::fs::write(&solutions, blocks).unwrap();
    let verified = run(&["verify", &file, &solutions.display().to_string()]);
    assert_exit(&verified, 0);
    let heads = heads(&read);
    assert_eq!(heads.len(), 720);
    assert!(heads.windows(2).all(|pair| pair[0] <= pair[1]));
    let costs = run(&["zdd", "--costs", &file]);
    assert_exit(&costs, 0);
    assert_eq!(
        stdout(&costs),
        format!("min cost {}\nmax cost {}\n", heads[0], heads[719])
    );
    // From a written diagram and the problem beside it: the same.
    let zdd = scratch.join("a6.zdd").display().to_string();
    assert_exit(&run(&["zdd", &file, "--write", &zdd]), 0);
    let again = run(&["zdd", &file, "--read", &zdd, "--costs"]);
    assert_exit(&again, 0);
    assert_eq!(stdout(&again), stdout(&costs));
}

#[test]
fn costs_without_costs_or_without_the_problem_are_refused_with_status_2() {
    let scratch = scratch("zdd-refusals");
    let zdd = scratch.join("q8.zdd").display().to_string();
    assert_exit(&run(&["zdd", &path("queens8.dlx"), "--write", &zdd]), 0);
    for flags in [&["--costs"][..], &["--best", "3"]] {
        let mut args = vec!["zdd", "--read", zdd.as_str()];
        args.extend(flags);
        let output = run(&args);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains("needs the problem file beside --read"),
            "{}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
        let file = path("queens8.dlx");
        let mut args = vec!["zdd", file.as_str()];
        args.extend(flags);
        let output = run(&args);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains("needs options with costs"),
            "{}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
    }
    let output = run(&["zdd", "--best", "0", &path("assignment6.dlx")]);
    assert_exit(&output, 2);
}

#[test]
fn a_count_past_2_to_the_53_is_a_json_string_equal_to_the_text_count() {
    let scratch = scratch("zdd-json-count");
    let board = scratch.join("dominoes12.dlx");
    let generated = dlx().args(["gen", "dominoes", "12x12"]).output().unwrap();
    assert_exit(&generated, 0);
    std::fs::write(&board, &generated.stdout).unwrap();
    let board = board.display().to_string();
    let text = run(&["zdd", "--order", "input", &board]);
    assert_exit(&text, 0);
    assert_eq!(stdout(&text), "53060477521960000\n");
    let json = run(&["zdd", "--order", "input", "--json", "--sizes", &board]);
    assert_exit(&json, 0);
    let out = stdout(&json);
    let summary: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert_eq!(summary["solutions"], serde_json::json!("53060477521960000"));
    assert_eq!(
        summary["sizes"],
        serde_json::json!([{"size": 72, "count": "53060477521960000"}])
    );
    assert!(summary["zdd_nodes"].as_u64().unwrap() > 0);
    assert!(summary["search_nodes"].as_u64().unwrap() >= summary["memos"].as_u64().unwrap());
    assert!(summary["time_seconds"].as_f64().unwrap() >= 0.0);
    // A count within 2^53 is a number; samples are solution records.
    let small = run(&[
        "zdd",
        "--json",
        "--sample",
        "2",
        "--list",
        &path("queens8.dlx"),
    ]);
    assert_exit(&small, 0);
    let records: Vec<serde_json::Value> = stdout(&small)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 2 + 92 + 1);
    assert_eq!(records[0]["type"], "sample");
    assert_eq!(records[2]["type"], "solution");
    assert_eq!(records[94]["solutions"], serde_json::json!(92));
    let mut listed: Vec<_> = records[2..94]
        .iter()
        .map(|r| r["option_ids"].clone())
        .collect();
    listed.dedup();
    assert_eq!(listed.len(), 92);
    for record in &records[..94] {
        assert_eq!(record["options"].as_array().unwrap().len(), 8);
    }
}

#[test]
fn the_time_limit_stops_the_build_with_status_2_and_ctrl_c_with_130() {
    let scratch = scratch("zdd-stops");
    let queens = scratch.join("queens16.dlx");
    let generated = dlx().args(["gen", "queens", "16"]).output().unwrap();
    assert_exit(&generated, 0);
    std::fs::write(&queens, &generated.stdout).unwrap();
    let queens = queens.display().to_string();
    let started = std::time::Instant::now();
    let output = run(&["zdd", "--time-limit", "200ms", &queens]);
    assert_exit(&output, 2);
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert!(
        stderr(&output).contains("time limit reached while building the diagram"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
    let running = super::running::spawn(&["zdd", queens.as_str()]);
    std::thread::sleep(std::time::Duration::from_millis(300));
    running.interrupt();
    let finished = running.finish(std::time::Duration::from_secs(10));
    assert_eq!(finished.code, Some(130), "{finished:?}");
    assert!(
        finished
            .stderr
            .contains("interrupted while building the diagram"),
        "{finished:?}"
    );
    assert!(finished.stdout.is_empty(), "{finished:?}");
}
