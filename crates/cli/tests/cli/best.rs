//! `dlx solve --best K`: the optimum of assignment problems against an
//! independent computation (a dynamic program over subsets of jobs), the K
//! best costs as DLX5 finds them, budgets marked "not proven optimal", and
//! bad requests.

use serde_json::Value;

use std::time::Duration;

use crate::common::{assert_exit, dlx, engine_data, stderr};
use crate::running::spawn;

/// The cost matrix of an assignment file (`wI jJ |C` lines).
fn cost_matrix(path: &std::path::Path) -> Vec<Vec<u64>> {
    cost_matrix_of(&std::fs::read_to_string(path).unwrap())
}

/// The cost matrix of an assignment problem's text (`wI jJ |C` lines; no
/// `|C` is a cost of 0).
fn cost_matrix_of(text: &str) -> Vec<Vec<u64>> {
    let mut entries = Vec::new();
    for line in text.lines().skip_while(|l| l.starts_with('|')).skip(1) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let worker: usize = parts[0][1..].parse().unwrap();
        let job: usize = parts[1][1..].parse().unwrap();
        let cost: u64 = parts.get(2).map_or(0, |c| c[1..].parse().unwrap());
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

/// The K best are DLX5's; with -j N the threads share the cutoff and find
/// the same K best costs as one thread.
#[test]
fn the_k_best_are_dlx5s_and_threads_find_the_same_costs() {
    for (file, costs) in [
        ("assignment6.dlx", [90, 95, 101]),
        ("queens8_costs.dlx", [20, 26, 26]),
    ] {
        let path = engine_data(file);
        for threads in ["1", "2", "3"] {
            let record = summary("3", &["-j", threads], &path);
            assert_eq!(best_costs(&record), costs, "{file} -j {threads}");
            assert_eq!(record["proven"], true);
        }
    }
    let record = summary("1", &[], &engine_data("queens8_costs.dlx"));
    assert_eq!(
        (record["nodes"].as_u64(), record["updates"].as_u64()),
        (Some(173), Some(3461))
    );
    // Larger problems, where the threads do share work: the costs of one
    // thread, and each printed best a verified assignment of its cost.
    for (n, seed) in [(24, "3"), (28, "3"), (20, "7")] {
        let generated = dlx()
            .args(["gen", "assignment", &n.to_string(), "--cost-seed", seed])
            .output()
            .unwrap();
        assert_exit(&generated, 0);
        let text = String::from_utf8(generated.stdout).unwrap();
        let matrix = cost_matrix_of(&text);
        let mut costs = Vec::new();
        for threads in ["1", "2"] {
            let output = solve_stdin(&["--best", "3", "--json", "-j", threads], text.as_bytes());
            assert_exit(&output, 0);
            let out = String::from_utf8(output.stdout).unwrap();
            let record: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
            for solution in record["best"].as_array().unwrap() {
                let options: Vec<usize> = solution["option_ids"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o.as_u64().unwrap() as usize)
                    .collect();
                // Option o is worker o / n, job o % n.
                let mut jobs: Vec<usize> = options.iter().map(|o| o % n).collect();
                let mut workers: Vec<usize> = options.iter().map(|o| o / n).collect();
                jobs.sort_unstable();
                workers.sort_unstable();
                assert_eq!(jobs, (0..n).collect::<Vec<_>>());
                assert_eq!(workers, (0..n).collect::<Vec<_>>());
                let cost: u64 = options.iter().map(|o| matrix[o / n][o % n]).sum();
                assert_eq!(solution["cost"].as_u64(), Some(cost));
            }
            costs.push(best_costs(&record));
        }
        assert_eq!(costs[0], costs[1], "n {n} seed {seed}");
    }
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

/// `dlx solve ARGS` with `input` on standard input.
fn solve_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    dlx()
        .arg("solve")
        .args(args)
        .write_stdin(input.to_vec())
        .output()
        .unwrap()
}

#[test]
fn generated_assignments_have_the_independent_optimum() {
    for n in [6, 8, 10, 12] {
        for seed in 0..3 {
            let seed = seed.to_string();
            let generated = dlx()
                .args(["gen", "assignment", &n.to_string(), "--cost-seed", &seed])
                .output()
                .unwrap();
            assert_exit(&generated, 0);
            let text = String::from_utf8(generated.stdout).unwrap();
            let optimum = least_assignment(&cost_matrix_of(&text));
            // `--best` alone is `--best 1`.
            let output = solve_stdin(&["--best", "--json"], text.as_bytes());
            assert_exit(&output, 0);
            let summary: Value = serde_json::from_str(
                String::from_utf8(output.stdout)
                    .unwrap()
                    .lines()
                    .last()
                    .unwrap(),
            )
            .unwrap();
            assert_eq!(best_costs(&summary), [optimum], "n {n} seed {seed}");
        }
    }
}

#[test]
fn a_cost_matrix_file_gives_its_problem_and_bad_ones_are_located() {
    let dir = tempfile::tempdir().unwrap();
    let matrix = dir.path().join("costs.txt");
    std::fs::write(&matrix, "# worker by job\n4 1 3\n2 0 5\n\n3 2 2\n").unwrap();
    let generated = dlx()
        .args(["gen", "assignment", "--costs"])
        .arg(&matrix)
        .output()
        .unwrap();
    assert_exit(&generated, 0);
    let text = String::from_utf8(generated.stdout).unwrap();
    assert_eq!(cost_matrix_of(&text), [[4, 1, 3], [2, 0, 5], [3, 2, 2]]);
    let output = solve_stdin(&["--best", "1"], text.as_bytes());
    assert!(
        stderr(&output).contains("optimum cost 5"),
        "{}",
        stderr(&output)
    );
    for (content, message) in [
        ("4 1 3\n2 x 5\n3 2 2\n", ":2:3: `x` is not a cost"),
        ("4 1 3\n2 5\n", ":2: 2 costs, but line 1 has 3"),
        ("4 1\n2 5\n1 1\n", ":3: more lines than the 2 costs"),
        ("4 1 3\n2 5 1\n", ": 2 lines of 3 costs"),
        ("1 99999999999\n2 2\n", ":1:3: `99999999999` is not a cost"),
        ("", ": no costs"),
    ] {
        std::fs::write(&matrix, content).unwrap();
        let output = dlx()
            .args(["gen", "assignment", "--costs"])
            .arg(&matrix)
            .output()
            .unwrap();
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(message),
            "{content:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
    for args in [
        &["gen", "assignment"][..],
        &["gen", "assignment", "3", "--costs", "x"],
        &["gen", "assignment", "0"],
    ] {
        assert_exit(&dlx().args(args).output().unwrap(), 2);
    }
}

#[test]
fn a_time_limit_prints_the_best_so_far_not_proven() {
    // 40 workers: DLX5 needs far more than the limit to prove its optimum.
    let generated = dlx()
        .args(["gen", "assignment", "40", "--cost-seed", "1"])
        .output()
        .unwrap();
    for threads in ["1", "2"] {
        let output = solve_stdin(
            &["--best", "1", "--time-limit", "300ms", "-j", threads],
            &generated.stdout,
        );
        assert_exit(&output, 0);
        assert!(
            stderr(&output).contains("not proven optimal: stopped, time limit reached"),
            "-j {threads}: {}",
            stderr(&output)
        );
        assert!(
            String::from_utf8(output.stdout)
                .unwrap()
                .contains("(not proven optimal)")
        );
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_best_so_far_not_proven_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a40.dlx");
    let generated = dlx()
        .args(["gen", "assignment", "40", "--cost-seed", "1"])
        .output()
        .unwrap();
    std::fs::write(&path, generated.stdout).unwrap();
    for threads in ["1", "2"] {
        let running = spawn(&[
            std::ffi::OsStr::new("solve"),
            "--best".as_ref(),
            "2".as_ref(),
            "-j".as_ref(),
            threads.as_ref(),
            path.as_os_str(),
        ]);
        std::thread::sleep(Duration::from_millis(500));
        running.interrupt();
        let finished = running.finish(Duration::from_secs(10));
        assert_eq!(finished.code, Some(130), "-j {threads}: {finished:?}");
        assert!(
            finished.stderr.contains("not proven optimal"),
            "-j {threads}: {finished:?}"
        );
        assert!(finished.stdout.contains("best 1: cost"), "{finished:?}");
    }
}

/// `dlx gen tiling --prices`: each option costs its shape's price, so
/// pricing every shape at 1 makes the optimum the fewest tiles, and bad
/// prices are refused.
#[test]
fn priced_tilings_find_the_fewest_tiles_and_bad_prices_exit_2() {
    // Monominoes, dominoes and 2x2 squares on R x C: as many squares as
    // fit in 2 x 2 blocks, dominoes for an odd row or column pair, then a
    // monomino for the odd corner.
    for (rows, columns) in [(2, 2), (3, 4), (4, 4), (5, 3), (5, 5)] {
        let generated = dlx()
            .args(["gen", "tiling", &format!("{rows}x{columns}")])
            .args(["--shapes", "M.DD.OO/.....OO", "--prices", "M=1,D=1,O=1"])
            .output()
            .unwrap();
        assert_exit(&generated, 0);
        let squares = (rows / 2) * (columns / 2);
        let dominoes = (rows % 2) * (columns / 2) + (columns % 2) * (rows / 2);
        let corner = (rows % 2) * (columns % 2);
        let fewest = squares + dominoes + corner;
        for threads in ["1", "2"] {
            let output = solve_stdin(&["--best", "--json", "-j", threads], &generated.stdout);
            assert_exit(&output, 0);
            let out = String::from_utf8(output.stdout).unwrap();
            let record: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
            assert_eq!(best_costs(&record), [fewest as u64], "{rows}x{columns}");
            let tiles = record["best"][0]["options"].as_array().unwrap().len();
            assert_eq!(tiles, fewest, "{rows}x{columns}");
        }
    }
    for (prices, message) in [
        ("X=1", "no shape is named `X`"),
        ("D", "is not NAME=PRICE"),
        ("D=-1", "`-1` is not a price"),
        ("D=1,D=2", "priced twice"),
    ] {
        let output = dlx()
            .args([
                "gen", "tiling", "2x2", "--shapes", "M.DD", "--prices", prices,
            ])
            .output()
            .unwrap();
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(message),
            "{prices}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
}

/// `dlx split`, `dlx solve --tasks --best K` and `dlx merge`: the K best
/// of the tasks are the problem's, also when a node cap stops the tasks
/// and reruns of their frontiers finish the search; a merge of results
/// run with and without --best is refused.
#[test]
fn split_tasks_with_costs_merge_to_the_k_best() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name);
    let n = 16;
    let generated = dlx()
        .args(["gen", "assignment", &n.to_string(), "--cost-seed", "5"])
        .output()
        .unwrap();
    std::fs::write(path("a.dlx"), &generated.stdout).unwrap();
    let matrix = cost_matrix_of(&String::from_utf8(generated.stdout).unwrap());
    let whole = summary("3", &[], &path("a.dlx"));
    let expected = best_costs(&whole);
    let split = dlx()
        .args(["split", "--tasks", "20"])
        .arg(path("a.dlx"))
        .output()
        .unwrap();
    assert_exit(&split, 0);
    std::fs::write(path("t.txt"), &split.stdout).unwrap();
    let solve_tasks = |tasks: &str, extra: &[&str], out: &str| {
        let output = dlx()
            .arg("solve")
            .arg(path("a.dlx"))
            .arg("--tasks")
            .arg(path(tasks))
            .args(["--best", "3"])
            .args(extra)
            .output()
            .unwrap();
        assert_exit(&output, 0);
        std::fs::write(path(out), output.stdout).unwrap();
    };
    let merge = |extra: &[&str], results: &[&str]| {
        let mut command = dlx();
        command
            .arg("merge")
            .arg("--tasks")
            .arg(path("t.txt"))
            .args(extra);
        for result in results {
            command.arg(path(result));
        }
        command.output().unwrap()
    };
    // The merged best, each an assignment of the cost it claims.
    let merged_costs = |results: &[&str]| {
        let output = merge(&["--json"], results);
        assert_exit(&output, 0);
        let record: Value = serde_json::from_slice(&output.stdout).unwrap();
        let mut costs = Vec::new();
        for solution in record["best"].as_array().unwrap() {
            let mut jobs = Vec::new();
            let mut cost = 0;
            for option in solution["options"].as_array().unwrap() {
                let entries: Vec<&str> = option
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e.as_str().unwrap())
                    .collect();
                let worker: usize = entries[0][1..].parse().unwrap();
                let job: usize = entries[1][1..].parse().unwrap();
                jobs.push(job);
                cost += matrix[worker][job];
            }
            jobs.sort_unstable();
            assert_eq!(jobs, (0..n).collect::<Vec<_>>());
            assert_eq!(solution["cost"].as_u64(), Some(cost));
            costs.push(cost);
        }
        costs
    };
    for threads in ["1", "2"] {
        solve_tasks("t.txt", &["-j", threads], "r.jsonl");
        assert_eq!(merged_costs(&["r.jsonl"]), expected, "-j {threads}");
        let text = merge(&[], &["r.jsonl"]);
        assert_exit(&text, 0);
        assert!(
            stderr(&text).contains(&format!("optimum cost {}", expected[0])),
            "{}",
            stderr(&text)
        );
    }
    // Tasks stopped by a node cap, and rounds of reruns of what is left.
    solve_tasks("t.txt", &["--max-nodes", "100"], "s0.jsonl");
    let mut results = vec!["s0.jsonl".to_owned()];
    for round in 1.. {
        let names: Vec<&str> = results.iter().map(String::as_str).collect();
        let rerun = merge(&["--rerun"], &names);
        if rerun.status.code() == Some(0) {
            break;
        }
        assert_exit(&rerun, 3);
        assert!(round < 20, "the reruns do not end");
        let tasks = format!("re{round}.txt");
        std::fs::write(path(&tasks), &rerun.stdout).unwrap();
        let out = format!("s{round}.jsonl");
        solve_tasks(&tasks, &["--max-nodes", "5000"], &out);
        results.push(out);
    }
    assert!(results.len() > 1, "the cap stopped no task");
    let names: Vec<&str> = results.iter().map(String::as_str).collect();
    assert_eq!(merged_costs(&names), expected);
    // Results with and without --best are not merged.
    let counted = dlx()
        .arg("solve")
        .arg(path("a.dlx"))
        .arg("--tasks")
        .arg(path("t.txt"))
        .args(["--count", "--max-nodes", "5", "--task-range", "0..5"])
        .output()
        .unwrap();
    std::fs::write(path("c.jsonl"), counted.stdout).unwrap();
    let split_range = dlx()
        .arg("solve")
        .arg(path("a.dlx"))
        .arg("--tasks")
        .arg(path("t.txt"))
        .args(["--best", "3", "--task-range", "5..20"])
        .output()
        .unwrap();
    std::fs::write(path("b.jsonl"), split_range.stdout).unwrap();
    let mixed = merge(&[], &["c.jsonl", "b.jsonl"]);
    assert_exit(&mixed, 2);
    assert!(
        stderr(&mixed).contains("without --best"),
        "{}",
        stderr(&mixed)
    );
}

/// The costed 8 queens: every solution listed by the plain search (which
/// ignores costs), priced by the rule its header states, gives the K best
/// that `--best K` finds, on one thread and on two.
#[test]
fn the_costed_queens_best_are_those_of_every_solution_priced() {
    let path = engine_data("queens8_costs.dlx");
    let listed = dlx()
        .args(["solve", "--json", "-j", "1"])
        .arg(&path)
        .output()
        .unwrap();
    assert_exit(&listed, 0);
    let mut costs = Vec::new();
    for line in String::from_utf8(listed.stdout).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        if record["type"] != "solution" {
            continue;
        }
        // A queen on row i, column j costs (i*j + 3*i + j) mod 10.
        let cost: u64 = record["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|option| {
                let i: u64 = option[0].as_str().unwrap()[1..].parse().unwrap();
                let j: u64 = option[1].as_str().unwrap()[1..].parse().unwrap();
                (i * j + 3 * i + j) % 10
            })
            .sum();
        costs.push(cost);
    }
    assert_eq!(costs.len(), 92);
    costs.sort_unstable();
    for threads in ["1", "2"] {
        let record = summary("5", &["-j", threads], &path);
        assert_eq!(best_costs(&record), costs[..5], "-j {threads}");
    }
}

/// A cost among an option's items counts as one at its end (as Knuth's
/// DLX5 reads it, optimum 3 for `a |3 b`), costs spread over an option add
/// up, and the best solution is written with its costs at the end.
#[test]
fn a_cost_among_the_items_counts_as_one_at_the_end() {
    let best = |text: &str| {
        let output = dlx()
            .args(["solve", "--best", "2", "--json"])
            .write_stdin(text.to_owned())
            .output()
            .unwrap();
        assert_exit(&output, 0);
        String::from_utf8(output.stdout).unwrap()
    };
    for (spread, at_the_end) in [
        ("a b\na |3 b\n", "a b\na b |3\n"),
        (
            "a b c\na |1 b |2\nc $4\na b\nc |2\n",
            "a b c\na b |3\nc |4\na b\nc |2\n",
        ),
        ("a b\n$2 a b\na\nb |1\n", "a b\na b |2\na\nb |1\n"),
    ] {
        assert_eq!(best(spread), best(at_the_end), "{spread:?}");
    }
}
