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
use super::ledger::Ledger;

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
    pub(super) fn of(ledger: &Ledger, total: &Total) -> Progress {
        let estimates = &ledger.estimates;
        // The nearest task with an estimate: the task itself, or the
        // ancestor whose frontier it is in (ids grow by `.K` below their
        // parent's).
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
                *done_below.entry(root).or_default() += stats.nodes;
            }
        }
        let mut left_below: HashMap<&str, usize> = HashMap::new();
        let mut unknown_size = 0;
        for missing in &ledger.missing {
            match sized(&missing.id) {
                Some(root) => *left_below.entry(root).or_default() += 1,
                None => unknown_size += 1,
            }
        }
        let mut nodes_left = 0u64;
        for (root, count) in left_below {
            let estimate = estimates[root];
            let done = done_below.get(root).copied().unwrap_or(0);
            if estimate > done {
                nodes_left = nodes_left.saturating_add(estimate - done);
            } else {
                unknown_size += count;
            }
        }
        Progress {
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
        }
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
