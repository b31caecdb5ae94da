//! `dlx solve --best K`: the optimum of assignment problems against an
//! independent computation (a dynamic program over subsets of jobs), the K
//! best costs as DLX5 finds them, budgets marked "not proven optimal", and
//! bad requests.

use serde_json::Value;

use crate::common::{assert_exit, dlx, engine_data, stderr};

/// The cost matrix of an assignment file (`wI jJ |C` lines).
fn cost_matrix(path: &std::path::Path) -> Vec<Vec<u64>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut entries = Vec::new();
    for line in text.lines().skip_while(|l| l.starts_with('|')).skip(1) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let worker: usize = parts[0][1..].parse().unwrap();
        let job: usize = parts[1][1..].parse().unwrap();
        let cost: u64 = parts[2][1..].parse().unwrap();
        entries.push((worker, job, cost));
    }
    let n = entries.iter().map(|e| e.0).max().unwrap() + 1;
    let mut matrix = vec![vec![0; n]; n];
    for (worker, job, cost) in entries {
        matrix[worker][job] = cost;
    }
    matrix
}

/// The least cost of an assignment: best[S] is the least cost of giving
/// the jobs in S to the first |S| workers.
fn least_assignment(matrix: &[Vec<u64>]) -> u64 {
    let n = matrix.len();
    let mut best = vec![u64::MAX; 1 << n];
    best[0] = 0;
    for set in 0..1usize << n {
        if best[set] == u64::MAX {
            continue;
        }
        let worker = set.count_ones() as usize;
        if worker == n {
            continue;
        }
        for (job, &cost) in matrix[worker].iter().enumerate() {
            if set & (1 << job) == 0 {
                let next = set | (1 << job);
                best[next] = best[next].min(best[set] + cost);
            }
        }
    }
    best[(1 << n) - 1]
}

/// `dlx solve --best K --json ARGS FILE`: the summary record.
fn summary(k: &str, args: &[&str], file: &std::path::Path) -> Value {
    let output = dlx()
        .args(["solve", "--best", k, "--json"])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    assert!(!stderr(&output).contains("panicked"));
    let text = String::from_utf8(output.stdout).unwrap();
    let last = text.lines().last().unwrap();
    serde_json::from_str(last).unwrap()
}

fn best_costs(record: &Value) -> Vec<u64> {
    record["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["cost"].as_u64().unwrap())
        .collect()
}

#[test]
fn the_optimum_of_assignment_problems_is_the_independent_one() {
    for n in [6, 8, 10] {
        let path = engine_data(&format!("assignment{n}.dlx"));
        let optimum = least_assignment(&cost_matrix(&path));
        let output = dlx()
            .args(["solve", "--best", "1"])
            .arg(&path)
            .output()
            .unwrap();
        assert_exit(&output, 0);
        assert!(
            stderr(&output).contains(&format!("optimum cost {optimum}")),
            "n={n}: {optimum} {}",
            stderr(&output)
        );
        let record = summary("1", &[], &path);
        assert_eq!(best_costs(&record), [optimum]);
        assert_eq!(record["proven"], true);
    }
}

/// --best searches on one thread: -j is refused (it would be ignored).
#[test]
fn the_k_best_are_dlx5s() {
    for (file, costs) in [
        ("assignment6.dlx", [90, 95, 101]),
        ("queens8_costs.dlx", [20, 26, 26]),
    ] {
        let path = engine_data(file);
        let record = summary("3", &[], &path);
        assert_eq!(best_costs(&record), costs, "{file}");
        let threads = dlx()
            .args(["solve", "--best", "3", "-j", "2"])
            .arg(&path)
            .output()
            .unwrap();
        assert_exit(&threads, 2);
    }
    let record = summary("1", &[], &engine_data("queens8_costs.dlx"));
    assert_eq!(
        (record["nodes"].as_u64(), record["updates"].as_u64()),
        (Some(173), Some(3461))
    );
}

#[test]
fn a_stopped_search_prints_the_best_so_far_not_proven() {
    // DLX5 needs 55 nodes for this one; its first solutions come earlier.
    let path = engine_data("assignment10.dlx");
    let output = dlx()
        .args(["solve", "--best", "1", "--max-nodes", "40"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        stderr(&output).contains("not proven optimal"),
        "{}",
        stderr(&output)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("(not proven optimal)"), "{text}");
    let record = summary("1", &["--max-nodes", "3"], &path);
    assert_eq!(record["proven"], false);
    assert_eq!(record["stop"], "node budget spent");
}

#[test]
fn bad_requests_exit_2() {
    let dir = std::env::temp_dir().join(format!("dlx-best-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bounded = dir.join("bounded.dlx");
    std::fs::write(&bounded, "2|a b\na |1\na\nb\n").unwrap();
    let output = dlx()
        .args(["solve", "--best", "1"])
        .arg(&bounded)
        .output()
        .unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("item bounds"),
        "{}",
        stderr(&output)
    );
    let path = engine_data("assignment6.dlx");
    for args in [
        &["--best", "0"][..],
        &["--best", "2", "--count"],
        &["--best", "x"],
    ] {
        let output = dlx().arg("solve").args(args).arg(&path).output().unwrap();
        assert_exit(&output, 2);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
