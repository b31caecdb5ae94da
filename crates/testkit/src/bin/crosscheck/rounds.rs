//! Budgets with reruns: `dlx split`, every task run under a small
//! `--max-nodes` (so that tasks stop and leave frontiers), then `dlx merge
//! --rerun` and the tasks it lists run again, round after round, until the
//! merge is complete: its count and its solutions must be the brute
//! force's, and a rerun's task file merged with its own round's results
//! alone must never be called complete.

use std::path::Path;

use crate::harness::{
    Case, Failure, Rng, brute_solutions, fail, run, run_allowing, text_solutions, write,
};

/// More rounds than any small case needs: one more is a failure.
const MAX_ROUNDS: usize = 200;

/// One problem through split, budgeted runs and reruns.
pub fn check_rounds(dlx: &Path, work: &Path, case: &Case, rng: &mut Rng) -> Result<usize, Failure> {
    let text = &case.text;
    let path = write(work, "rounds.dlx", text, text)?;
    let expected = brute_solutions(case)?;
    let tasks = (1 + rng.below(6)).to_string();
    let budget = (1 + rng.below(4)).to_string();
    let split = run(dlx, &["split", &path, "--tasks", &tasks], None, text)?;
    let tasks_path = write(work, "rounds.tasks", &split, text)?;
    let solve = |task_file: &str, round: usize| -> Result<String, Failure> {
        let results = run(
            dlx,
            &[
                "solve",
                &path,
                "--tasks",
                task_file,
                "--max-nodes",
                &budget,
                "-q",
                "-j",
                "2",
            ],
            None,
            text,
        )?;
        write(work, &format!("round{round}.jsonl"), &results, text)
    };
    let mut results = vec![solve(&tasks_path, 0)?];
    let mut last_rerun: Option<String> = None;
    let what = format!("split --tasks {tasks}, --max-nodes {budget} a task");
    loop {
        if results.len() > MAX_ROUNDS {
            return Err(fail(
                text,
                format!("{what}: not complete after {MAX_ROUNDS} rounds"),
            ));
        }
        let mut args = vec!["merge", "--tasks", tasks_path.as_str()];
        args.extend(results.iter().map(String::as_str));
        let (status, _) = run_allowing(dlx, &args, None, text, &[0, 1, 3])?;
        if status != 3 {
            break;
        }
        args.push("--rerun");
        let (_, rerun) = run_allowing(dlx, &args, None, text, &[3])?;
        let rerun_path = write(work, &format!("rerun{}.tasks", results.len()), &rerun, text)?;
        results.push(solve(&rerun_path, results.len())?);
        last_rerun = Some(rerun_path);
    }
    let mut args = vec!["merge", "--tasks", tasks_path.as_str()];
    args.extend(results.iter().map(String::as_str));
    let total = run(dlx, &args, None, text)?;
    if total.trim() != expected.len().to_string() {
        return Err(fail(
            text,
            format!(
                "{what}: merged {} in {} rounds, brute force {}",
                total.trim(),
                results.len(),
                expected.len()
            ),
        ));
    }
    args.push("--solutions");
    let listed = text_solutions(&run(dlx, &args, None, text)?);
    if listed != expected {
        return Err(fail(
            text,
            format!("{what}: merged {listed:?}\n  brute force: {expected:?}"),
        ));
    }
    let mut checks = 2;
    // The last rerun's file with its own round's results: a part of the
    // split, never the whole.
    if let (Some(rerun), Some(own)) = (&last_rerun, results.last()) {
        let (status, said) = run_allowing(
            dlx,
            &["merge", "--tasks", rerun, own],
            None,
            text,
            &[0, 1, 2, 3],
        )?;
        if status != 3 {
            return Err(fail(
                text,
                format!(
                    "{what}: a rerun's file with its own results alone merged with exit {status}: {said}"
                ),
            ));
        }
        checks += 1;
    }
    Ok(checks)
}
