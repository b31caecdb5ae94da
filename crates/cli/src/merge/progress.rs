//! `dlx merge --progress`: how far a run is, from the results so far and
//! the task file's estimates of the tasks left.
//!
//! A task left is sized by the estimate of its nearest task in the task
//! file that has one (its own, or for a frontier task its stopped
//! ancestor's): each such task stands for its estimate, less the nodes
//! it and the tasks below it have done. A task with no estimate to go
//! by, or whose ancestor has done more than its estimate already (the
//! estimate was low), is counted apart as of unknown size.

use std::collections::HashMap;
use std::io::{self, Write};

use dancing_tasks::results::ResultOutcome;
use serde_json::{Value, json};

use super::Total;
use dancing_tasks::merge::Ledger;

/// How far a run is.
pub(super) struct Progress {
    /// Tasks accepted complete, stopped (their frontier then expected),
    /// and left (missing or not started).
    done: usize,
    stopped: usize,
    left: usize,
    not_started: usize,
    /// The nodes the accepted results explored, and their task time.
    nodes_done: u64,
    seconds_done: f64,
    /// The estimated nodes of the tasks left that have a size.
    nodes_left: u64,
    /// Tasks left of unknown size (not in `nodes_left`).
    unknown_size: usize,
}

impl Progress {
    /// The progress of the results of `ledger`, whose figures add up to
    /// `total`.
    ///
    /// # Errors
    /// The task file's estimates of the tasks left add up past `u64::MAX`
    /// nodes (no search of tasks is that large: the estimates are not to
    /// be trusted).
    pub(super) fn of(ledger: &Ledger, total: &Total) -> Result<Progress, String> {
        let sizes = sizes_left(ledger);
        let nodes_left = sizes.iter().flatten().sum::<f64>().round();
        // `u64::MAX as f64` is 2^64, the first sum that does not fit.
        if nodes_left >= u64::MAX as f64 {
            return Err(format!(
                "{}: the estimated nodes of the tasks left add up past {}: no progress (no search is that large: the estimates are not to be trusted)",
                ledger.task_file_name,
                u64::MAX
            ));
        }
        let nodes_left = nodes_left as u64;
        let unknown_size = sizes.iter().filter(|size| size.is_none()).count();
        Ok(Progress {
            done: ledger.done,
            stopped: ledger.stopped,
            left: ledger.missing.len(),
            not_started: ledger
                .missing
                .iter()
                .filter(|missing| missing.not_started.is_some())
                .count(),
            nodes_done: total.stats.nodes,
            seconds_done: total.seconds,
            nodes_left,
            unknown_size,
        })
    }

    /// The fraction of the tree done, as far as the estimates go: none
    /// when tasks are left and none of them has a size to go by.
    fn fraction_done(&self) -> Option<f64> {
        let all = self.nodes_done as f64 + self.nodes_left as f64;
        if self.left == 0 {
            Some(1.0)
        } else if (self.nodes_left == 0 && self.unknown_size > 0) || all == 0.0 {
            None
        } else {
            Some(self.nodes_done as f64 / all)
        }
    }

    /// The task time left at the task time per node so far, if anything
    /// has been timed.
    fn seconds_left(&self) -> Option<f64> {
        (self.nodes_done > 0 && self.seconds_done > 0.0 && self.fraction_done().is_some())
            .then(|| self.nodes_left as f64 * self.seconds_done / self.nodes_done as f64)
    }

    /// The progress in words on standard output.
    pub(super) fn write(&self) -> io::Result<()> {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        writeln!(
            out,
            "tasks: {} done, {} stopped (their frontiers expected), {} left ({} not started)",
            self.done, self.stopped, self.left, self.not_started
        )?;
        write!(out, "nodes: {} done, ", self.nodes_done)?;
        match self.fraction_done() {
            None => write!(out, "the rest of unknown size")?,
            // Tasks of unknown size left: the fraction is an upper bound.
            Some(fraction) if self.unknown_size > 0 => write!(
                out,
                "about {} left: at most {:.1}% of the tree done",
                self.nodes_left,
                100.0 * fraction
            )?,
            Some(fraction) => write!(
                out,
                "about {} left: {:.1}% of the tree done",
                self.nodes_left,
                100.0 * fraction
            )?,
        }
        if self.unknown_size > 0 {
            write!(
                out,
                " ({} tasks left of unknown size not counted: no estimate, or past it)",
                self.unknown_size
            )?;
        }
        writeln!(out)?;
        match self.seconds_left() {
            Some(left) => writeln!(
                out,
                "time: {:.3} task-seconds so far, about {left:.3} left (divide by the jobs running at once)",
                self.seconds_done
            )?,
            None => writeln!(
                out,
                "time: {:.3} task-seconds so far, the time left unknown",
                self.seconds_done
            )?,
        }
        out.flush()
    }

    /// The progress as the JSON account's `progress` object.
    pub(super) fn to_json(&self) -> Value {
        json!({
            "tasks_done": self.done,
            "tasks_stopped": self.stopped,
            "tasks_left": self.left,
            "not_started": self.not_started,
            "nodes_done": self.nodes_done,
            "estimated_nodes_left": self.nodes_left,
            "tasks_left_unsized": self.unknown_size,
            "fraction_done": self.fraction_done(),
            "task_seconds_done": self.seconds_done,
            "estimated_task_seconds_left": self.seconds_left(),
        })
    }
}

/// The estimated nodes of each task left (in the order of
/// `ledger.missing`), as far as the task file's estimates go: a task with
/// an estimate of its own stands for it; the tasks left below a stopped
/// task with an estimate share what it has left (its estimate less what
/// it and the tasks below it have done) evenly. `None`: no estimate to go
/// by, or the ancestor has done more than its estimate already.
pub(super) fn sizes_left(ledger: &Ledger) -> Vec<Option<f64>> {
    let estimates = &ledger.estimates;
    // The nearest task with an estimate: the task itself, or the ancestor
    // whose frontier it is in (ids grow by `.K` below their parent's).
    let sized = |mut id: &str| loop {
        if let Some((key, _)) = estimates.get_key_value(id) {
            return Some(key.as_str());
        }
        id = id.rsplit_once('.')?.0;
    };
    let mut done_below: HashMap<&str, u64> = HashMap::new();
    for placed in &ledger.accepted {
        if let (Some(root), ResultOutcome::Ran { stats, .. }) =
            (sized(&placed.result.task.id), &placed.result.outcome)
        {
            // Within the total, whose sum is checked.
            let done = done_below.entry(root).or_default();
            *done = done.saturating_add(stats.nodes);
        }
    }
    let roots: Vec<Option<&str>> = ledger.missing.iter().map(|m| sized(&m.id)).collect();
    let mut left_below: HashMap<&str, usize> = HashMap::new();
    for root in roots.iter().flatten() {
        *left_below.entry(root).or_default() += 1;
    }
    roots
        .iter()
        .map(|root| {
            let root = (*root)?;
            let estimate = estimates[root];
            let done = done_below.get(root).copied().unwrap_or(0);
            (estimate > done).then(|| (estimate - done) as f64 / left_below[root] as f64)
        })
        .collect()
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
