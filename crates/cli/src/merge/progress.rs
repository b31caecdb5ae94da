//! `dlx merge --progress`: how far a run is ([`Progress`], the tasks
//! crate's reckoning), in words or as the JSON account's `progress`
//! object; and the regrouping of the tasks left into jobs of about equal
//! estimated size (`--rerun --chunk`).

use std::io::{self, Write};

use dancing_tasks::progress::Progress;
use serde_json::{Value, json};

/// The progress in words on standard output.
pub(super) fn write(progress: &Progress) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "tasks: {} done, {} stopped (their frontiers expected), {} left ({} not started)",
        progress.done, progress.stopped, progress.left, progress.not_started
    )?;
    write!(out, "nodes: {} done, ", progress.nodes_done)?;
    match progress.fraction_done() {
        None => write!(out, "the rest of unknown size")?,
        // Tasks of unknown size left: the fraction is an upper bound.
        Some(fraction) if progress.unknown_size > 0 => write!(
            out,
            "about {} left: at most {:.1}% of the tree done",
            progress.nodes_left,
            100.0 * fraction
        )?,
        Some(fraction) => write!(
            out,
            "about {} left: {:.1}% of the tree done",
            progress.nodes_left,
            100.0 * fraction
        )?,
    }
    if progress.unknown_size > 0 {
        write!(
            out,
            " ({} tasks left of unknown size not counted: no estimate, or past it)",
            progress.unknown_size
        )?;
    }
    writeln!(out)?;
    match progress.seconds_left() {
        Some(left) => writeln!(
            out,
            "time: {:.3} task-seconds so far, about {left:.3} left (divide by the jobs running at once)",
            progress.seconds_done
        )?,
        None => writeln!(
            out,
            "time: {:.3} task-seconds so far, the time left unknown",
            progress.seconds_done
        )?,
    }
    out.flush()
}

/// The progress as the JSON account's `progress` object.
pub(super) fn to_json(progress: &Progress) -> Value {
    json!({
        "tasks_done": progress.done,
        "tasks_stopped": progress.stopped,
        "tasks_left": progress.left,
        "not_started": progress.not_started,
        "nodes_done": progress.nodes_done,
        "estimated_nodes_left": progress.nodes_left,
        "tasks_left_unsized": progress.unknown_size,
        "fraction_done": progress.fraction_done(),
        "task_seconds_done": progress.seconds_done,
        "estimated_task_seconds_left": progress.seconds_left(),
    })
}

/// The places of `sizes` (tasks' estimated sizes, `None` for unknown,
/// taken as the mean of the known) regrouped into about `jobs` jobs of
/// `per` tasks (the last may have fewer) and about equal estimated size:
/// the largest task first, each to the least loaded job with room. Returns
/// the order to write the tasks in (each job's tasks contiguous, in their
/// first order within it), `per`, and each job's estimated size.
pub(super) fn regroup(sizes: &[Option<f64>], jobs: usize) -> (Vec<usize>, usize, Vec<f64>) {
    let count = sizes.len();
    if count == 0 {
        return (Vec::new(), 1, Vec::new());
    }
    let per = count.div_ceil(jobs.max(1));
    let jobs = count.div_ceil(per);
    let known: Vec<f64> = sizes.iter().flatten().copied().collect();
    let mean = if known.is_empty() {
        1.0
    } else {
        known.iter().sum::<f64>() / known.len() as f64
    };
    let size = |k: usize| sizes[k].unwrap_or(mean);
    let mut by_size: Vec<usize> = (0..count).collect();
    by_size.sort_by(|&a, &b| size(b).total_cmp(&size(a)).then(a.cmp(&b)));
    // Exact room: every job but the last holds `per`, so that job K is
    // places K*per.. of the file, as `--task K --chunk per` runs it.
    let mut room: Vec<usize> = (0..jobs).map(|job| per.min(count - job * per)).collect();
    let mut loads = vec![0.0f64; jobs];
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); jobs];
    for k in by_size {
        let job = (0..jobs)
            .filter(|&job| room[job] > 0)
            .min_by(|&a, &b| loads[a].total_cmp(&loads[b]).then(a.cmp(&b)))
            .expect("the rooms add up to the tasks");
        room[job] -= 1;
        loads[job] += size(k);
        members[job].push(k);
    }
    let order = members
        .into_iter()
        .flat_map(|mut job| {
            job.sort_unstable();
            job
        })
        .collect();
    (order, per, loads)
}

#[cfg(test)]
mod tests {
    use super::regroup;

    /// Jobs of `per` tasks but the last, every place once, the largest
    /// tasks spread over the jobs: no job more than the largest task above
    /// the mean.
    #[test]
    fn regrouped_jobs_are_full_and_about_equal() {
        let sizes: Vec<Option<f64>> = [
            900.0, 10.0, 850.0, 20.0, 30.0, 800.0, 5.0, 40.0, 700.0, 60.0,
        ]
        .into_iter()
        .map(Some)
        .chain([None, None])
        .collect();
        for jobs in 1..=12 {
            let (order, per, loads) = regroup(&sizes, jobs);
            let mut seen = order.clone();
            seen.sort_unstable();
            assert_eq!(seen, (0..sizes.len()).collect::<Vec<_>>());
            assert_eq!(per, sizes.len().div_ceil(jobs));
            assert_eq!(loads.len(), sizes.len().div_ceil(per));
            let mean = loads.iter().sum::<f64>() / loads.len() as f64;
            let largest = loads.iter().copied().fold(0.0, f64::max);
            assert!(largest <= mean + 900.0, "{jobs} jobs: {loads:?}");
            // Within a job, the tasks keep their first order.
            for job in order.chunks(per) {
                assert!(job.windows(2).all(|pair| pair[0] < pair[1]), "{order:?}");
            }
        }
        // Four jobs of three: the four large tasks each in a job of its own.
        let (order, _, _) = regroup(&sizes, 4);
        for job in order.chunks(3) {
            let large = job
                .iter()
                .filter(|&&k| sizes[k].unwrap_or(0.0) >= 700.0)
                .count();
            assert_eq!(large, 1, "{order:?}");
        }
    }
}
