//! `dlx estimate`: Knuth's random probes from the command line, against
//! the search's own figures; text, JSON, seeds and bad input.

use serde_json::Value;

use crate::common::{assert_exit, dlx, engine_data, stderr};

/// `dlx estimate ARGS --json`, parsed.
fn estimate_json(args: &[&str]) -> Value {
    let output = dlx()
        .arg("estimate")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert_exit(&output, 0);
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_estimate_agrees_with_the_search_it_timed() {
    for file in [
        "queens8.dlx",
        "langford7.dlx",
        "knuth_dlx3_example.dlx",
        "debruijn3.dlx",
    ] {
        let path = engine_data(file);
        let record = estimate_json(&[path.to_str().unwrap(), "--probes", "20000", "--seed", "3"]);
        // Small trees: the search, run alongside the probes, ends before
        // them, and the figures are its own.
        let probes = record["probes"].as_u64().unwrap();
        assert!(probes < 20000, "{file}: {record}");
        assert_eq!(record["interrupted"], false, "{file}: {record}");
        let exact = &record["exact"];
        assert!(exact.is_object(), "{file}: {record}");
        for figure in ["nodes", "updates", "solutions"] {
            let truth = exact[figure].as_f64().unwrap();
            assert_eq!(
                record[figure]["mean"].as_f64(),
                Some(truth),
                "{file}: {record}"
            );
            assert_eq!(
                record[figure]["std_error"].as_f64(),
                Some(0.0),
                "{file}: {record}"
            );
        }
        // The exact figures are the search's.
        let solved = dlx()
            .args(["solve", "--count", "--stats", "-j", "1"])
            .arg(&path)
            .output()
            .unwrap();
        let report = stderr(&solved) + &String::from_utf8_lossy(&solved.stdout);
        let nodes = exact["nodes"].as_u64().unwrap().to_string();
        assert!(report.contains(&nodes), "{file}: {nodes} not in {report}");
    }
}

/// A chain of 10,000 items, each with an option of its own: a search of
/// 10,001 nodes that every probe goes all the way down. The search ends
/// after a few probes, and the report says the figures are exact.
#[test]
fn a_chain_is_searched_not_probed_ten_thousand_times() {
    let dir = crate::common::scratch("estimate-chain");
    let path = dir.join("chain.dlx");
    let names: Vec<String> = (0..10_000).map(|i| format!("a{i}")).collect();
    std::fs::write(
        &path,
        format!("{}\n{}\n", names.join(" "), names.join("\n")),
    )
    .unwrap();
    let output = dlx().arg("estimate").arg(&path).output().unwrap();
    assert_exit(&output, 0);
    let text = String::from_utf8(output.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first.ends_with(
            "random paths (seed 0), then the search ran to its end: the figures are exact"
        ),
        "{text}"
    );
    assert!(text.contains("nodes      10001 ± 0.0%"), "{text}");
    assert!(
        text.contains("exact      the search ran to its end while timed: 10001 nodes"),
        "{text}"
    );
    let record = estimate_json(&[path.to_str().unwrap()]);
    assert!(record["probes"].as_u64().unwrap() <= 2, "{record}");
    assert_eq!(record["exact"]["nodes"], 10001);
    assert_eq!(record["interrupted"], false);
}

#[test]
fn the_text_report_says_how_sure_it_is_and_how_long() {
    let path = engine_data("queens12.dlx");
    let output = dlx()
        .args(["estimate", "--probes", "2000"])
        .arg(&path)
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let text = String::from_utf8(output.stdout).unwrap();
    for wanted in [
        "2000 of 2000 random paths (seed 0)",
        "nodes ",
        "updates ",
        "solutions ",
        "± ",
        "standard error",
    ] {
        assert!(text.contains(wanted), "{wanted:?} not in {text}");
    }
    // Either a time estimate or the exact figures of a search that ended
    // while it was timed.
    assert!(text.contains("time ") || text.contains("exact "), "{text}");
}

#[test]
fn the_same_seed_gives_the_same_estimate() {
    let path = engine_data("queens10.dlx");
    let path = path.to_str().unwrap();
    let strip = |mut record: Value| {
        for timed in ["calibration", "estimated_seconds"] {
            record.as_object_mut().unwrap().remove(timed);
        }
        record
    };
    let first = strip(estimate_json(&[path, "--probes", "500", "--seed", "9"]));
    let again = strip(estimate_json(&[path, "--probes", "500", "--seed", "9"]));
    let other = strip(estimate_json(&[path, "--probes", "500", "--seed", "10"]));
    assert_eq!(first, again);
    assert_ne!(first["nodes"], other["nodes"]);
}

#[test]
fn bad_input_exits_2_with_the_place() {
    let dir = std::env::temp_dir().join(format!("dlx-estimate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.dlx");
    std::fs::write(&bad, "a b\na b |-4\n").unwrap();
    let output = dlx().arg("estimate").arg(&bad).output().unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("bad.dlx:2:5: negative cost"),
        "{}",
        stderr(&output)
    );
    for args in [["--probes", "0"], ["--probes", "x"], ["--seed", "-1"]] {
        let output = dlx().arg("estimate").args(args).arg(&bad).output().unwrap();
        assert_exit(&output, 2);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A tree past the range of f64: 310 items of ten one-item options each
/// have 10^310 solutions, and every probe's estimate overflows. The
/// report says so, in text and JSON, and never prints `inf` with a
/// standard error of 0.
#[test]
fn an_estimate_past_f64_says_it_overflowed() {
    let dir = crate::common::scratch("estimate-overflow");
    let path = dir.join("wide.dlx");
    let items: Vec<String> = (0..310).map(|k| format!("i{k}")).collect();
    let mut text = items.join(" ") + "\n";
    for item in &items {
        for _ in 0..10 {
            text.push_str(item);
            text.push('\n');
        }
    }
    std::fs::write(&path, text).unwrap();
    // 10^310 is past f64::MAX, about 1.8e308: so is the truth.
    assert!(10f64.powi(310).is_infinite());
    let output = dlx()
        .args(["estimate", "--probes", "20"])
        .arg(&path)
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let report = String::from_utf8(output.stdout).unwrap();
    for figure in ["nodes", "updates", "solutions"] {
        let line = report
            .lines()
            .find(|line| line.starts_with(figure))
            .unwrap_or_else(|| panic!("no {figure} in {report}"));
        assert!(line.contains("overflowed"), "{line}");
    }
    // The first line names the file (a scratch path of random letters).
    let figures: String = report.lines().skip(1).collect();
    assert!(!figures.contains("inf"), "{report}");
    assert!(!figures.contains("0.0%"), "{report}");
    assert!(report.contains("beyond reckoning"), "{report}");
    let record = estimate_json(&[path.to_str().unwrap(), "--probes", "20"]);
    for figure in ["nodes", "updates", "solutions"] {
        assert_eq!(record[figure]["overflowed"], true, "{record}");
        assert!(record[figure]["mean"].is_null(), "{record}");
        assert!(record[figure]["std_error"].is_null(), "{record}");
    }
    // A tree within range has no `overflowed` key.
    let record = estimate_json(&[engine_data("queens8.dlx").to_str().unwrap()]);
    assert!(record["nodes"].get("overflowed").is_none(), "{record}");
}
