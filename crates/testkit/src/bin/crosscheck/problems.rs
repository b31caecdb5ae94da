//! Random plain, colored and bounded problems through `dlx solve` on 1, 2
//! and 3 threads, with `--seed`, `--count` with and without `--memo`, `dlx
//! reduce` then a count, and `dlx split` + `dlx solve --tasks` + `dlx
//! merge`, every solution against the brute force.

use std::fmt::Write as _;
use std::path::Path;

use crate::harness::{
    Case, Checked, Failure, Rng, Signature, brute_solutions, fail, json_solutions, run,
    text_solutions,
};

/// The kinds of exact-cover problems checked.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Plain,
    Colored,
    Bounded,
}

/// A random problem of `kind`: 1 to 5 primary items, 0 to 3 secondary
/// ones, up to 12 options of 1 to 4 entries, and half of the time a
/// planted solution, so that many cases have solutions.
pub fn random_case(rng: &mut Rng, kind: Kind) -> Case {
    let primary = 1 + rng.below(5);
    let secondary = rng.below(4);
    let items = primary + secondary;
    let colors = ["a", "b", "c"];
    let name = |item: usize| {
        if item < primary {
            format!("p{item}")
        } else {
            format!("s{}", item - primary)
        }
    };
    let token = |rng: &mut Rng, item: usize| {
        if item >= primary && matches!(kind, Kind::Colored) && rng.chance(70) {
            format!("{}:{}", name(item), colors[rng.below(colors.len())])
        } else {
            name(item)
        }
    };
    let mut options: Vec<Vec<String>> = Vec::new();
    if rng.chance(50) {
        // A planted solution: the primary items dealt into parts.
        let parts = 1 + rng.below(primary);
        let mut planted: Vec<Vec<usize>> = vec![Vec::new(); parts];
        for item in 0..primary {
            planted[rng.below(parts)].push(item);
        }
        for part in planted.into_iter().filter(|part| !part.is_empty()) {
            let mut option: Vec<String> = part.iter().map(|&item| name(item)).collect();
            if secondary > 0 && rng.chance(50) {
                let item = primary + rng.below(secondary);
                option.push(token(rng, item));
            }
            options.push(option);
        }
    }
    for _ in 0..rng.below(9) {
        let mut chosen: Vec<usize> = (0..items).collect();
        let size = 1 + rng.below(items.min(4));
        for k in 0..size {
            let other = k + rng.below(items - k);
            chosen.swap(k, other);
        }
        chosen.truncate(size);
        chosen.sort();
        options.push(chosen.iter().map(|&item| token(rng, item)).collect());
    }
    let mut header = String::new();
    for item in 0..primary {
        if matches!(kind, Kind::Bounded) && rng.chance(60) {
            let upper = 1 + rng.below(3);
            let lower = rng.below(upper + 1);
            let _ = write!(header, "{lower}:{upper}|");
        }
        let _ = write!(header, "{} ", name(item));
    }
    if secondary > 0 {
        header.push('|');
        for item in primary..items {
            let _ = write!(header, " {}", name(item));
        }
    }
    let mut text = format!("| crosscheck {kind:?}\n{}\n", header.trim_end());
    for option in &options {
        text.push_str(&option.join(" "));
        text.push('\n');
    }
    Case { text, options }
}

/// One problem through every path of the command line.
pub fn check_problem(dlx: &Path, work: &Path, case: &Case, seed: u64) -> Result<usize, Failure> {
    let text = &case.text;
    let file = work.join("case.dlx");
    std::fs::write(&file, text).map_err(|e| fail(text, e.to_string()))?;
    let path = file.to_str().expect("a UTF-8 path");
    let expected = brute_solutions(case)?;
    let count = expected.len().to_string();
    let mut checks = 0;
    let same = |what: &str, got: &[Signature]| -> Checked {
        if got == expected {
            Ok(())
        } else {
            Err(fail(
                text,
                format!("{what}: {got:?}\n  brute force: {expected:?}"),
            ))
        }
    };
    let seed_text = seed.to_string();
    for threads in ["1", "2", "3"] {
        let solved = run(
            dlx,
            &["solve", "--json", "-q", "-j", threads, path],
            None,
            text,
        )?;
        same(
            &format!("dlx solve -j {threads}"),
            &json_solutions(&solved).map_err(|e| fail(text, e))?,
        )?;
        let shuffled = run(
            dlx,
            &[
                "solve", "--json", "-q", "-j", threads, "--seed", &seed_text, path,
            ],
            None,
            text,
        )?;
        same(
            &format!("dlx solve -j {threads} --seed {seed}"),
            &json_solutions(&shuffled).map_err(|e| fail(text, e))?,
        )?;
        for memo in [false, true] {
            let mut args = vec!["solve", "--count", "-q", "-j", threads];
            if memo {
                args.push("--memo");
            }
            args.push(path);
            let counted = run(dlx, &args, None, text)?;
            if counted.trim() != count {
                return Err(fail(
                    text,
                    format!(
                        "`dlx {}` counted {}, brute force {count}",
                        args.join(" "),
                        counted.trim()
                    ),
                ));
            }
        }
        checks += 4;
    }
    // Reduced, the count stays (its names may change: merged items).
    let reduced = run(dlx, &["reduce", path], None, text)?;
    let reduced_file = work.join("reduced.dlx");
    std::fs::write(&reduced_file, &reduced).map_err(|e| fail(text, e.to_string()))?;
    let counted = run(
        dlx,
        &[
            "solve",
            "--count",
            "-q",
            reduced_file.to_str().expect("UTF-8"),
        ],
        None,
        text,
    )?;
    if counted.trim() != count {
        return Err(fail(
            text,
            format!(
                "dlx reduce, then a count: {}, brute force {count}\n--- reduced ---\n{reduced}",
                counted.trim()
            ),
        ));
    }
    checks += 1;
    // Split into tasks, each run, merged: the solutions of the whole.
    for tasks in ["1", "3", "8"] {
        let split = run(dlx, &["split", path, "--tasks", tasks], None, text)?;
        let tasks_file = work.join("case.tasks");
        std::fs::write(&tasks_file, &split).map_err(|e| fail(text, e.to_string()))?;
        let tasks_path = tasks_file.to_str().expect("UTF-8");
        let results = run(
            dlx,
            &["solve", "-q", "-j", "2", path, "--tasks", tasks_path],
            None,
            text,
        )?;
        let results_file = work.join("case.results");
        std::fs::write(&results_file, &results).map_err(|e| fail(text, e.to_string()))?;
        let results_path = results_file.to_str().expect("UTF-8");
        let merged = run(
            dlx,
            &["merge", "--solutions", "--tasks", tasks_path, results_path],
            None,
            text,
        )?;
        same(
            &format!("dlx split --tasks {tasks}, solve --tasks, merge --solutions"),
            &text_solutions(&merged),
        )?;
        let total = run(
            dlx,
            &["merge", "--tasks", tasks_path, results_path],
            None,
            text,
        )?;
        if total.trim() != count {
            return Err(fail(
                text,
                format!(
                    "dlx merge (of {tasks} tasks) says {}, brute force {count}",
                    total.trim()
                ),
            ));
        }
        checks += 2;
    }
    Ok(checks)
}
