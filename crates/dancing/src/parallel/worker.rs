//! A worker: takes units until there are none, searching each task of a
//! unit from its path, and hands the solutions to the caller.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::mpsc::SyncSender;

use bumpalo::Bump;

use crate::config::SearchConfig;
use crate::search::{Solver, Subsearch};
use crate::visit::{Explorer, Progress, Solution, Stats, StopReason};

use super::order::{Batch, Report, Shared, lock};
use super::split::Cursor;

/// Nodes a worker explores between two looks at the shared state (a stop
/// request, the node budget, its turn): fewer when nodes are slow.
const WORKER_CHECKPOINT_INTERVAL: u64 = 1 << 12;

/// Runs one worker to the end of the search.
pub(super) fn work(shared: &Shared<'_>, worker: usize, sender: &SyncSender<Report>) {
    let bump = Bump::new();
    let config = SearchConfig::new().checkpoint_interval(WORKER_CHECKPOINT_INTERVAL);
    // A huge problem's copy takes a while: a stop meanwhile ends it.
    let Some(solver) =
        Solver::from_template_until(shared.template, &bump, &mut || shared.stopping())
    else {
        lock(&shared.totals).complete = false;
        return;
    };
    let mut solver = solver.with_config(config);
    let mut totals = Stats::default();
    let mut complete = true;
    let mut profile = vec![0u64; shared.template.max_depth() + 1];
    let mut path = Vec::new();
    let mut cursor = Cursor::default();
    let mut hung_up = false;
    while let Some(unit) = shared.claim() {
        let Some(done) = search_unit(
            shared,
            worker,
            sender,
            unit,
            &mut solver,
            &mut path,
            &mut cursor,
            &mut totals,
            &mut complete,
            &mut profile,
        ) else {
            hung_up = true;
            break;
        };
        *lock(&shared.done_weight) += done.explored;
        *lock(&shared.running[worker]) = Default::default();
        if sender
            .send(Report::Done {
                unit,
                batch: done.batch,
            })
            .is_err()
        {
            hung_up = true;
            break;
        }
    }
    if hung_up {
        shared.request_stop(StopReason::Visitor);
    }
    let mut sums = lock(&shared.totals);
    sums.stats.nodes += totals.nodes;
    sums.stats.updates += totals.updates;
    sums.stats.cleansings += totals.cleansings;
    sums.stats.solutions += totals.solutions;
    sums.stats.max_depth = sums.stats.max_depth.max(totals.max_depth);
    sums.complete &= complete;
    for (sum, count) in sums.profile.iter_mut().zip(profile) {
        *sum += count;
    }
}

/// What is left to report of a unit searched to its end (or stopped).
struct UnitDone {
    batch: Batch,
    /// The weight of the unit explored.
    explored: f64,
}

/// Searches the tasks of `unit`; `None` if the caller hung up.
#[allow(clippy::too_many_arguments)]
fn search_unit<S: Subsearch>(
    shared: &Shared<'_>,
    worker: usize,
    sender: &SyncSender<Report>,
    unit: usize,
    solver: &mut S,
    path: &mut Vec<u32>,
    cursor: &mut Cursor,
    totals: &mut Stats,
    complete: &mut bool,
    profile: &mut [u64],
) -> Option<UnitDone> {
    let split = shared.split;
    let range = split.units[unit];
    let mut hand = Hand {
        shared,
        worker,
        sender,
        unit,
        batch: Batch::default(),
        streaming: shared.is_turn(unit),
        reported: (0, 0),
        hung_up: false,
        explored: 0.0,
    };
    for task in &split.tasks[range.start..range.end] {
        if shared.stopping() {
            *complete = false;
            break;
        }
        if task.solution {
            split.task_path(task, path);
            // Found and counted by the split: only its place in the order
            // is the task's.
            if shared.collect {
                let options: Vec<_> = path
                    .iter()
                    .filter_map(|&node| solver.option_of(node))
                    .collect();
                hand.batch.push(&options);
                if hand.batch.is_full() && !hand.hand_over() {
                    break;
                }
            }
            continue;
        }
        split.move_to(cursor, task.path(), solver);
        if shared.node_limit != u64::MAX {
            // The budget left, as far as this thread knows: the others may
            // spend some of it meanwhile.
            let spent = shared.nodes.load(Ordering::Relaxed);
            let left = shared.node_limit.saturating_sub(spent);
            solver.set_node_limit(Some(left));
        }
        *lock(&shared.running[worker]) = super::order::Running {
            explored: hand.explored,
            weight: task.weight,
            fraction: 0.0,
        };
        hand.reported = (0, 0);
        let stats = if task.siblings == 0 {
            solver.explore_to(usize::MAX, &mut hand)
        } else {
            let stats = solver.explore_run(task.siblings, &mut hand);
            cursor.back_to_run_start(split, solver);
            stats
        };
        if hand.hung_up {
            return None;
        }
        shared.add_nodes(stats.nodes - hand.reported.0);
        shared
            .solutions
            .fetch_add(stats.solutions - hand.reported.1, Ordering::Relaxed);
        totals.nodes += stats.nodes;
        totals.updates += stats.updates;
        totals.cleansings += stats.cleansings;
        totals.solutions += stats.solutions;
        totals.max_depth = totals.max_depth.max(stats.max_depth);
        *complete &= stats.is_complete();
        let (from, counted) = solver.counted_profile();
        for (sum, &count) in profile[from..].iter_mut().zip(counted) {
            *sum += count;
        }
        hand.explored += task.weight * solver.explored();
        if !stats.is_complete() {
            break;
        }
        // A task may end before its search's first checkpoint (a run of
        // a few siblings whose nodes are slow): its solutions go now, not
        // at the end of the unit, so that the first of `-n 1` comes soon.
        if !hand.flush() {
            break;
        }
    }
    if hand.hung_up {
        return None;
    }
    Some(UnitDone {
        batch: hand.batch,
        explored: hand.explored,
    })
}

/// The explorer of a worker's search: collects solutions, hands them over
/// in turn, and looks at the shared state at checkpoints.
struct Hand<'s, 'a> {
    shared: &'s Shared<'a>,
    worker: usize,
    sender: &'s SyncSender<Report>,
    unit: usize,
    batch: Batch,
    /// Whether solutions go to the caller as they come (the unit is the
    /// head, or order does not matter).
    streaming: bool,
    /// Nodes and solutions of the current task already added to the shared
    /// counts.
    reported: (u64, u64),
    hung_up: bool,
    /// The weight of the unit's tasks done so far.
    explored: f64,
}

impl Hand<'_, '_> {
    /// Sends the batch, once it is the unit's turn; false if the search
    /// stopped meanwhile or the caller hung up.
    fn hand_over(&mut self) -> bool {
        if !self.streaming {
            if !self.shared.wait_for_turn(self.unit) {
                return false;
            }
            self.streaming = true;
        }
        let batch = std::mem::take(&mut self.batch);
        let report = Report::Solutions {
            unit: self.unit,
            batch,
        };
        if self.sender.send(report).is_err() {
            self.hung_up = true;
            return false;
        }
        true
    }
}

impl Hand<'_, '_> {
    /// Sends the solutions found so far if it is the unit's turn (without
    /// waiting for it): they reach the caller soon after they are found,
    /// not only when a batch is full, the first of `-n 1` at once. False
    /// if the search stopped meanwhile or the caller hung up.
    fn flush(&mut self) -> bool {
        if !self.streaming && self.shared.is_turn(self.unit) {
            self.streaming = true;
        }
        !self.streaming || self.batch.is_empty() || self.hand_over()
    }
}

impl Explorer for Hand<'_, '_> {
    fn solution(&mut self, solution: &Solution<'_>) -> ControlFlow<()> {
        if !self.shared.collect {
            return ControlFlow::Continue(());
        }
        self.batch.push(solution.options());
        if self.batch.is_full() && !self.hand_over() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        let (nodes, solutions) = (progress.stats.nodes, progress.stats.solutions);
        self.shared.add_nodes(nodes - self.reported.0);
        self.shared
            .solutions
            .fetch_add(solutions - self.reported.1, Ordering::Relaxed);
        self.reported = (nodes, solutions);
        lock(&self.shared.running[self.worker]).fraction = progress.fraction;
        if !self.flush() {
            return ControlFlow::Break(());
        }
        if self.shared.stopping() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
