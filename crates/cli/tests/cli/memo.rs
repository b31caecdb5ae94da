//! `--memo` (memoized counting) and `dlx gen dominoes` / `tiling`: the
//! same counts as the plain search on every reference file, exact counts
//! past 64 bits, bounded memory, budgets, item bounds, and the tiling
//! generators' counts and bad arguments.

use std::process::Output;

use super::common::*;

/// Reference files: plain, colored, bounded (with slack and without), and
/// large.
const REFERENCE: [&str; 11] = [
    "colors.dlx",
    "debruijn4.dlx",
    "knuth_dlx3_example.dlx",
    "rowcol4_1_2.dlx",
    "rowcol5_2_2.dlx",
    "langford8.dlx",
    "matchings12.dlx",
    "partitions8.dlx",
    "pentomino3x20.dlx",
    "queens12.dlx",
    "sudoku4x4_grids.dlx",
];

fn run(args: &[&str]) -> Output {
    dlx().args(args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The figure after `name` on a `--stats` line.
fn figure(stats: &str, name: &str) -> u64 {
    let mut words = stats.split_whitespace();
    words.find(|&word| word == name);
    words
        .next()
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {stats}"))
}

#[test]
fn memoized_counts_equal_plain_counts_on_every_reference_file() {
    let files: Vec<String> = REFERENCE
        .iter()
        .map(|file| engine_data(file).display().to_string())
        .collect();
    let mut plain_args = vec!["solve", "--count", "-j", "1"];
    plain_args.extend(files.iter().map(String::as_str));
    let plain = run(&plain_args);
    assert_exit(&plain, 0);
    for limit in ["256M", "4K", "0"] {
        let mut memo_args = vec!["solve", "--count", "--memo", "--memo-limit", limit];
        memo_args.extend(files.iter().map(String::as_str));
        let memo = run(&memo_args);
        assert_exit(&memo, 0);
        assert_eq!(stdout(&memo), stdout(&plain), "--memo-limit {limit}");
        assert_eq!(stdout(&memo).lines().count(), REFERENCE.len());
    }
}

#[test]
fn eight_by_eight_dominoes_take_a_few_thousand_nodes() {
    let output = run(&["gen", "dominoes", "8x8", "--count", "--memo", "--stats"]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "12988816\n");
    let stats = stderr(&output);
    assert_eq!(figure(&stats, "solutions"), 12_988_816);
    assert!(figure(&stats, "nodes") < 10_000, "{stats}");
    assert!(figure(&stats, "cache-hits") > 0, "{stats}");
    assert!(figure(&stats, "cache-peak-bytes") > 0, "{stats}");
    assert!(stats.contains("cache-off no"), "{stats}");
    assert!(stats.contains("complete yes"), "{stats}");
}

/// 16x16 has about 2.4e30 tilings: printed in full, and in JSON as a
/// string of digits (beyond what JSON readers take as a number).
#[test]
fn counts_past_64_bits_are_printed_exactly() {
    let output = run(&["gen", "dominoes", "16x16", "--count", "--memo"]);
    assert_exit(&output, 0);
    let count: u128 = stdout(&output).trim().parse().unwrap();
    assert!(count > u128::from(u64::MAX));
    let text = run(&["gen", "dominoes", "16x16"]);
    let path = std::env::temp_dir().join(format!("dlx-memo-16x16-{}.dlx", std::process::id()));
    std::fs::write(&path, &text.stdout).unwrap();
    let json = run(&[
        "solve",
        "--count",
        "--memo",
        "--json",
        "-j",
        "2",
        path.to_str().unwrap(),
    ]);
    std::fs::remove_file(&path).unwrap();
    assert_exit(&json, 0);
    let summary: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(summary["solutions"], count.to_string());
    assert_eq!(summary["threads"], 2);
    assert!(summary["memo"]["hits"].as_u64().unwrap() > 0);
    assert!(summary["memo"]["peak_entries"].as_u64().unwrap() > 0);
}

#[test]
fn a_tiny_cache_evicts_and_counts_the_same() {
    let output = run(&[
        "gen",
        "dominoes",
        "6x8",
        "--count",
        "--memo",
        "--memo-limit",
        "4K",
        "--stats",
    ]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "167089\n");
    let stats = stderr(&output);
    assert!(figure(&stats, "cache-evictions") > 0, "{stats}");
    assert!(figure(&stats, "cache-peak-bytes") <= 4096, "{stats}");
}

#[test]
fn queens_turn_the_cache_off_and_count_the_same() {
    let file = engine_data("queens12.dlx");
    let output = run(&[
        "solve",
        "--count",
        "--memo",
        "--stats",
        file.to_str().unwrap(),
    ]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "14200\n");
    assert!(
        stderr(&output).contains("cache-off yes"),
        "{}",
        stderr(&output)
    );
}

/// Item bounds (Algorithm M) are counted too: the 7x7 0-1 matrices with
/// two 1s in each row and column (OEIS A001499: 3,110,940), in far fewer
/// nodes than the plain search's.
#[test]
fn bounded_problems_are_counted_with_the_cache() {
    let plain = run(&["gen", "matrices", "7x7", "--count", "--stats", "-j", "1"]);
    assert_exit(&plain, 0);
    assert_eq!(stdout(&plain), "3110940\n");
    let memo = run(&["gen", "matrices", "7x7", "--count", "--memo", "--stats"]);
    assert_exit(&memo, 0);
    assert_eq!(stdout(&memo), "3110940\n");
    let stats = stderr(&memo);
    assert!(stats.contains("cache-off no"), "{stats}");
    assert!(
        figure(&stats, "nodes") * 20 < figure(&stderr(&plain), "nodes"),
        "{stats}"
    );
}

#[test]
fn memo_flags_need_their_partners_and_sizes_must_parse() {
    let file = engine_data("toy.dlx");
    let file = file.to_str().unwrap();
    for (args, needle) in [
        (&["solve", "--memo", file][..], "--count"),
        (&["solve", "--count", "--memo-limit", "1M", file], "--memo"),
        (
            &["solve", "--count", "--memo", "--memo-limit", "lots", file],
            "not a size",
        ),
        (
            &["solve", "--count", "--memo", "--memo-limit=-3K", file],
            "not a size",
        ),
        (&["gen", "dominoes", "4x4", "--memo"], "--count"),
    ] {
        let output = run(args);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(needle),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// A node budget stops a memoized count like any other: a lower bound,
/// marked incomplete.
#[test]
fn a_node_budget_stops_a_memoized_count() {
    let output = run(&[
        "gen",
        "dominoes",
        "8x10",
        "--count",
        "--memo",
        "--max-nodes",
        "200",
        "--stats",
        "-j",
        "1",
    ]);
    let stats = stderr(&output);
    assert!(stats.contains("complete no"), "{stats}");
    assert!(stats.contains("stopped max-nodes"), "{stats}");
    assert!(figure(&stats, "nodes") <= 200, "{stats}");
    let partial: u128 = stdout(&output).trim().parse().unwrap();
    assert!(partial < 1_031_151_241);
}

/// `--memo -j N`: the same counts as the plain search on every reference
/// file, with a large cache, a tiny one and none.
#[test]
fn memoized_counts_on_threads_equal_plain_counts() {
    let files: Vec<String> = REFERENCE
        .iter()
        .map(|file| engine_data(file).display().to_string())
        .collect();
    let mut plain_args = vec!["solve", "--count", "-j", "1"];
    plain_args.extend(files.iter().map(String::as_str));
    let plain = run(&plain_args);
    assert_exit(&plain, 0);
    for threads in ["2", "3"] {
        for limit in ["256M", "4K", "0"] {
            let mut args = vec![
                "solve",
                "--count",
                "--memo",
                "-j",
                threads,
                "--memo-limit",
                limit,
            ];
            args.extend(files.iter().map(String::as_str));
            let memo = run(&args);
            assert_exit(&memo, 0);
            assert_eq!(stdout(&memo), stdout(&plain), "{args:?}");
        }
    }
}

/// On two threads the summary says so, the cache's figures add up over
/// them, and a budget stops the count with a lower bound.
#[test]
fn memoized_counts_on_two_threads_report_and_stop() {
    {
        let mut args = vec!["gen", "dominoes", "8x8", "--count", "--memo", "--stats"];
        args.extend(["-j", "2"]);
        let output = run(&args);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), "12988816\n");
        let stats = stderr(&output);
        assert_eq!(figure(&stats, "threads"), 2, "{stats}");
        assert!(figure(&stats, "cache-hits") > 0, "{stats}");
        assert!(figure(&stats, "cache-peak-entries") > 0, "{stats}");
        assert!(stats.contains("complete yes"), "{stats}");
        assert!(stats.contains("cache-off no"), "{stats}");

        args[2] = "8x10";
        args.extend(["--max-nodes", "3000"]);
        let output = run(&args);
        let stats = stderr(&output);
        assert!(stats.contains("complete no"), "{stats}");
        assert!(stats.contains("stopped max-nodes"), "{stats}");
        let partial: u128 = stdout(&output).trim().parse().unwrap();
        assert!(partial < 1_031_151_241, "{stats}");
    }
}

#[test]
fn tiling_generators_count_what_is_known() {
    for (args, count) in [
        (&["gen", "dominoes", "2x10", "--count"][..], "89"),
        (&["gen", "dominoes", "8x8", "--count", "--memo"], "12988816"),
        (&["gen", "dominoes", "3x3", "--count"], "0"),
        (&["gen", "tiling", "2x3", "--count"], "3"),
        (
            &["gen", "tiling", "4x4", "--shapes", "dominoes", "--count"],
            "36",
        ),
        (
            &["gen", "tiling", "4x4", "--shapes", "AAB/..B", "--count"],
            "36",
        ),
        // The corners are forced, leaving a 2x2 square.
        (&["gen", "dominoes", ".##./..../..../.##.", "--count"], "2"),
    ] {
        let output = run(args);
        let code = if count == "0" { 1 } else { 0 };
        assert_exit(&output, code);
        assert_eq!(stdout(&output).trim(), count, "{args:?}");
    }
}

#[test]
fn tiling_generators_name_bad_arguments() {
    for (args, needle) in [
        (&["gen", "dominoes", "0x4"][..], "rows"),
        (&["gen", "dominoes", "4x"][..], "ROWSxCOLUMNS"),
        (
            &["gen", "tiling", "3x3", "--shapes", "A|"],
            "cannot name a piece",
        ),
        (
            &["gen", "tiling", "3x3", "--shapes", "@/no/such/file"],
            "cannot open",
        ),
        (&["gen", "dominoes", "..x/..."], "unexpected"),
    ] {
        let output = run(args);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(needle),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}
