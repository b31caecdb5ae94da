//! How far a run of tasks is, from the results so far and the task
//! file's estimates of the tasks left (`dlx merge --progress`, Python's
//! `count_on` progress).
//!
//! A task left is sized by the estimate of its nearest task in the task
//! file that has one (its own, or for a frontier task its stopped
//! ancestor's): each such task stands for its estimate, less the nodes
//! it and the tasks below it have done. A task with no estimate to go
//! by, or whose ancestor has done more than its estimate already (the
//! estimate was low), is counted apart as of unknown size.

use std::collections::HashMap;

use crate::merge::Ledger;
use crate::results::ResultOutcome;

/// How far a run is.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Tasks accepted complete.
    pub done: usize,
    /// Tasks accepted stopped (their frontiers then expected).
    pub stopped: usize,
    /// Tasks left: missing, or not started.
    pub left: usize,
    /// The tasks left that a budget kept from starting.
    pub not_started: usize,
    /// The nodes the accepted results explored.
    pub nodes_done: u64,
    /// The task time of the accepted results, in seconds.
    pub seconds_done: f64,
    /// The estimated nodes of the tasks left that have a size.
    pub nodes_left: u64,
    /// Tasks left of unknown size (not in `nodes_left`).
    pub unknown_size: usize,
}

impl Progress {
    /// The progress of the results of `ledger` (accounted), whose nodes
    /// add up to `nodes_done` in `seconds_done` of task time.
    ///
    /// # Errors
    /// The task file's estimates of the tasks left add up past `u64::MAX`
    /// nodes (no search of tasks is that large: the estimates are not to
    /// be trusted).
    pub fn of(ledger: &Ledger, nodes_done: u64, seconds_done: f64) -> Result<Progress, String> {
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
            nodes_done,
            seconds_done,
            nodes_left,
            unknown_size,
        })
    }

    /// The fraction of the tree done, as far as the estimates go: none
    /// when tasks are left and none of them has a size to go by.
    pub fn fraction_done(&self) -> Option<f64> {
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
    pub fn seconds_left(&self) -> Option<f64> {
        (self.nodes_done > 0 && self.seconds_done > 0.0 && self.fraction_done().is_some())
            .then(|| self.nodes_left as f64 * self.seconds_done / self.nodes_done as f64)
    }
}

/// The estimated nodes of each task left (in the order of
/// `ledger.missing`), as far as the task file's estimates go: a task with
/// an estimate of its own stands for it; the tasks left below a stopped
/// task with an estimate share what it has left (its estimate less what
/// it and the tasks below it have done) evenly. `None`: no estimate to go
/// by, or the ancestor has done more than its estimate already.
pub fn sizes_left(ledger: &Ledger) -> Vec<Option<f64>> {
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
