//! Costed problems (Knuth's DLX5 `|c` on options), plain and colored:
//! `dlx solve --best K` on 1 and 2 threads against the K cheapest costs of
//! the brute force, each solution listed being one of the brute force's
//! with the cost printed; `dlx verify` of that listing; `dlx reduce` then
//! `--best`; and `dlx split`, `dlx solve --tasks --best K` and `dlx merge`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::harness::{
    Case, Failure, Rng, Signature, fail, parse_case, run, run_allowing, signature, write,
};
use crate::problems::{Kind, random_case};
use dancing_testkit::brute;

/// A random problem of `kind` (plain or colored: DLX5 has no bounds), each
/// option costing 0 to 9.
pub fn costed_case(rng: &mut Rng, kind: Kind) -> (Case, Vec<u64>) {
    let case = random_case(rng, kind);
    let costs: Vec<u64> = case.options.iter().map(|_| rng.below(10) as u64).collect();
    let mut lines = case.text.lines();
    let mut text = String::new();
    for line in lines.by_ref().take(2) {
        text += line;
        text.push('\n');
    }
    for (line, cost) in lines.zip(&costs) {
        text += &format!("{line} |{cost}\n");
    }
    (
        Case {
            text,
            options: case.options,
        },
        costs,
    )
}

/// The costs each solution (by its signature) may have: options with the
/// same items and different costs make several.
type CostsBySolution = BTreeMap<Signature, BTreeSet<u64>>;

/// The solutions of the brute force with their costs: the costs in
/// increasing order, and the costs of each solution.
fn brute_costs(case: &Case, costs: &[u64]) -> Result<(Vec<u64>, CostsBySolution), Failure> {
    let problem = parse_case(case)?;
    let mut sorted = Vec::new();
    let mut by_signature = CostsBySolution::new();
    for cover in brute::exact_covers(&problem) {
        let cost = cover.iter().map(|o| costs[o.index()]).sum();
        let options = cover
            .iter()
            .map(|o| case.options[o.index()].clone())
            .collect();
        sorted.push(cost);
        by_signature
            .entry(signature(options))
            .or_default()
            .insert(cost);
    }
    sorted.sort_unstable();
    Ok((sorted, by_signature))
}

/// The solutions of a `--best` listing: after each `best I: cost C` line,
/// its options (cost suffixes `|c` left out) up to a blank line.
fn listed(output: &str) -> Result<Vec<(u64, Signature)>, String> {
    let mut solutions = Vec::new();
    let mut current: Option<(u64, Vec<Vec<String>>)> = None;
    for line in output.lines().chain(std::iter::once("")) {
        if let Some(rest) = line.strip_prefix("best ") {
            let cost = rest
                .split_once(": cost ")
                .and_then(|(_, cost)| cost.trim().parse().ok())
                .ok_or_else(|| format!("a bad `best` line: {line}"))?;
            current = Some((cost, Vec::new()));
        } else if line.trim().is_empty() {
            if let Some((cost, options)) = current.take() {
                solutions.push((cost, signature(options)));
            }
        } else if let Some((_, options)) = current.as_mut() {
            options.push(
                line.split_whitespace()
                    .filter(|token| !token.starts_with('|'))
                    .map(str::to_owned)
                    .collect(),
            );
        }
    }
    Ok(solutions)
}

/// One costed problem through `--best` on every path.
pub fn check_costed(dlx: &Path, work: &Path, case: &Case, costs: &[u64]) -> Result<usize, Failure> {
    let text = &case.text;
    let path = write(work, "costed.dlx", text, text)?;
    let (sorted, by_signature) = brute_costs(case, costs)?;
    let mut checks = 0;
    // The K cheapest listed: their costs the brute force's first K, each a
    // solution of the brute force with that cost.
    let agree = |what: &str, output: &str, k: usize| -> Result<(), Failure> {
        let solutions = listed(output).map_err(|e| fail(text, e))?;
        let got: Vec<u64> = solutions.iter().map(|(cost, _)| *cost).collect();
        let expected = &sorted[..k.min(sorted.len())];
        if got != expected {
            return Err(fail(
                text,
                format!("{what}: costs {got:?}, brute force {expected:?}"),
            ));
        }
        for (cost, solution) in &solutions {
            if !by_signature.get(solution).is_some_and(|c| c.contains(cost)) {
                return Err(fail(
                    text,
                    format!("{what}: {solution:?} at cost {cost} is not a solution of that cost"),
                ));
            }
        }
        Ok(())
    };
    for threads in ["1", "2"] {
        for k in [1, 3] {
            let k_text = k.to_string();
            let args = [
                "solve",
                path.as_str(),
                "--best",
                &k_text,
                "-q",
                "-j",
                threads,
            ];
            let output = run(dlx, &args, None, text)?;
            agree(&format!("dlx {}", args.join(" ")), &output, k)?;
            if !sorted.is_empty() {
                let listing = write(work, "best.txt", &output, text)?;
                run_allowing(
                    dlx,
                    &["verify", &path],
                    Some(Path::new(&listing)),
                    text,
                    &[0],
                )?;
            }
            checks += 2;
        }
    }
    // Reduced, the cheapest cost stays.
    let reduced = run(dlx, &["reduce", &path], None, text)?;
    let reduced_path = write(work, "costed-reduced.dlx", &reduced, text)?;
    let output = run(
        dlx,
        &["solve", &reduced_path, "--best", "-q", "-j", "1"],
        None,
        text,
    )?;
    let got: Vec<u64> = listed(&output)
        .map_err(|e| fail(text, e))?
        .iter()
        .map(|s| s.0)
        .collect();
    if got != sorted[..sorted.len().min(1)] {
        return Err(fail(
            text,
            format!(
                "dlx reduce, then --best: {got:?}, brute force {:?}\n--- reduced ---\n{reduced}",
                &sorted[..sorted.len().min(1)]
            ),
        ));
    }
    checks += 1;
    // Split, each task's cheapest two, merged: the problem's.
    for tasks in ["2", "5"] {
        let split = run(dlx, &["split", &path, "--tasks", tasks], None, text)?;
        let tasks_path = write(work, "costed.tasks", &split, text)?;
        let results = run(
            dlx,
            &["solve", &path, "--tasks", &tasks_path, "--best", "2", "-q"],
            None,
            text,
        )?;
        let results_path = write(work, "costed.results", &results, text)?;
        let merged = run(
            dlx,
            &["merge", "--tasks", &tasks_path, &results_path],
            None,
            text,
        )?;
        agree(
            &format!("dlx split --tasks {tasks}, solve --tasks --best 2, merge"),
            &merged,
            2,
        )?;
        checks += 1;
    }
    Ok(checks)
}
