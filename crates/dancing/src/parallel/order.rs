//! What the workers and the caller share: which units are taken, which one
//! the caller is visiting (the *head*, when solutions keep their order), the
//! stop flag, and the running totals.
//!
//! Memory stays bounded in ordered searches because a worker whose unit is
//! not the head holds at most [`HOLD_OPTIONS`] option ids of solutions (or
//! [`HOLD_SOLUTIONS`] solutions); past that it waits for its turn, and only
//! the head's worker streams. Units may be taken at most `window` past the
//! head, so at most that many units' solutions are ever held.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

use crate::matrix::Template;
use crate::problem::OptionId;
use crate::visit::{Stats, StopReason};

use super::split::Split;

/// Solutions a worker collects before it hands them over (or, when its unit
/// is not the head of an ordered search, before it waits for its turn).
pub(super) const HOLD_SOLUTIONS: usize = 1 << 10;

/// Option ids of solutions a worker collects before it hands them over, so
/// that long solutions are bounded too.
pub(super) const HOLD_OPTIONS: usize = 1 << 16;

/// Solutions handed from a worker to the caller: each is
/// `ends[k - 1]..ends[k]` of `options`.
#[derive(Debug, Default)]
pub(super) struct Batch {
    pub(super) options: Vec<OptionId>,
    pub(super) ends: Vec<usize>,
}

impl Batch {
    pub(super) fn push(&mut self, options: &[OptionId]) {
        self.options.extend_from_slice(options);
        self.ends.push(self.options.len());
    }

    pub(super) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    pub(super) fn is_full(&self) -> bool {
        self.ends.len() >= HOLD_SOLUTIONS || self.options.len() >= HOLD_OPTIONS
    }

    /// The solutions, in order.
    pub(super) fn solutions(&self) -> impl Iterator<Item = &[OptionId]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.options[start..end])
    }
}

/// What a worker hands to the caller's thread.
#[derive(Debug)]
pub(super) enum Report {
    /// Solutions of unit `unit`, not its last ones.
    Solutions { unit: usize, batch: Batch },
    /// Unit `unit` is done: its last solutions.
    Done { unit: usize, batch: Batch },
}

/// Which units are taken and visited.
#[derive(Debug)]
struct Claims {
    /// The next unit to take.
    next: usize,
}

/// Sums over the workers, added as each finishes.
#[derive(Debug)]
pub(super) struct Totals {
    pub(super) stats: Stats,
    pub(super) profile: Vec<u64>,
    /// Whether every task searched ran to its end.
    pub(super) complete: bool,
}

/// How far one worker's current unit has gone, for progress reports.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Running {
    /// The weight of the unit's tasks done (or, if stopped, the part
    /// explored).
    pub(super) explored: f64,
    /// The weight of the task being searched, and the fraction of it
    /// explored.
    pub(super) weight: f64,
    pub(super) fraction: f64,
}

pub(super) struct Shared<'a> {
    pub(super) template: &'a Template,
    pub(super) split: &'a Split,
    /// The summed weight of the split's subtrees: what is left to explore
    /// after the split, for progress reports.
    pub(super) subtree_weight: f64,
    claims: Mutex<Claims>,
    /// Signalled when a unit becomes the head, or the search stops.
    changed: Condvar,
    /// The unit whose solutions the caller visits now (ordered searches).
    head: AtomicUsize,
    /// How many units past the head may be taken.
    window: usize,
    /// Whether the solutions of a unit wait for their turn.
    pub(super) ordered: bool,
    /// Whether solutions are sent to the caller at all (not when counting).
    pub(super) collect: bool,
    stop: AtomicBool,
    /// Why the search is stopping: the first reason given.
    stop_reason: OnceLock<StopReason>,
    /// Nodes and solutions so far, over all threads (updated at checkpoints).
    pub(super) nodes: AtomicU64,
    pub(super) solutions: AtomicU64,
    pub(super) node_limit: u64,
    /// Per worker, for progress reports.
    pub(super) running: Vec<Mutex<Running>>,
    /// The weight of the units done, and the totals of finished workers.
    pub(super) done_weight: Mutex<f64>,
    pub(super) totals: Mutex<Totals>,
}

impl<'a> Shared<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        template: &'a Template,
        split: &'a Split,
        workers: usize,
        ordered: bool,
        collect: bool,
        node_limit: u64,
        profile_len: usize,
    ) -> Shared<'a> {
        let ordered = ordered && collect;
        Shared {
            template,
            split,
            subtree_weight: split.units.iter().map(|unit| unit.weight).sum(),
            claims: Mutex::new(Claims { next: 0 }),
            changed: Condvar::new(),
            head: AtomicUsize::new(0),
            window: if ordered { 4 * workers + 4 } else { usize::MAX },
            ordered,
            collect,
            stop: AtomicBool::new(false),
            stop_reason: OnceLock::new(),
            nodes: AtomicU64::new(split.stats.nodes),
            solutions: AtomicU64::new(split.stats.solutions),
            node_limit,
            running: (0..workers)
                .map(|_| Mutex::new(Running::default()))
                .collect(),
            done_weight: Mutex::new(0.0),
            totals: Mutex::new(Totals {
                stats: Stats::default(),
                profile: vec![0; profile_len],
                complete: true,
            }),
        }
    }

    /// The next unit to search, or `None` when there is none left or the
    /// search is stopping. In an ordered search, waits while the next unit
    /// is too far past the head.
    pub(super) fn claim(&self) -> Option<usize> {
        let mut claims = lock(&self.claims);
        loop {
            if self.stopping() || claims.next >= self.split.units.len() {
                return None;
            }
            let head = self.head.load(Ordering::Acquire);
            if claims.next < head.saturating_add(self.window) {
                claims.next += 1;
                return Some(claims.next - 1);
            }
            claims = self.changed.wait(claims).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Whether `unit` is the head: its solutions go to the visitor as soon
    /// as they come.
    pub(super) fn is_turn(&self, unit: usize) -> bool {
        !self.ordered || self.head.load(Ordering::Acquire) == unit
    }

    /// Waits until `unit` is the head; false if the search stops first.
    pub(super) fn wait_for_turn(&self, unit: usize) -> bool {
        let mut claims = lock(&self.claims);
        loop {
            if self.stopping() {
                return false;
            }
            if self.is_turn(unit) {
                return true;
            }
            claims = self.changed.wait(claims).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Makes `unit` the head (the caller has visited every unit before it).
    pub(super) fn set_head(&self, unit: usize) {
        // Under the lock, so that no waiter misses it between its test and
        // its wait.
        let _claims = lock(&self.claims);
        self.head.store(unit, Ordering::Release);
        self.changed.notify_all();
    }

    /// Stops every worker; `reason` says why, if no other reason was given
    /// before.
    pub(super) fn request_stop(&self, reason: StopReason) {
        let _ = self.stop_reason.set(reason);
        let _claims = lock(&self.claims);
        self.stop.store(true, Ordering::Relaxed);
        self.changed.notify_all();
    }

    pub(super) fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Why the search stopped, if it did.
    pub(super) fn stop_reason(&self) -> Option<StopReason> {
        self.stop_reason.get().copied()
    }

    /// Counts `nodes` more nodes, and stops the search when that spends the
    /// node budget.
    pub(super) fn add_nodes(&self, nodes: u64) {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if total >= self.node_limit {
            self.request_stop(StopReason::NodeLimit);
        }
    }
}

/// Locks a mutex that a panicking thread may have poisoned (the data is
/// still consistent: every update under these locks is a single step).
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
