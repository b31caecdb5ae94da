//! Minimum-cost exact cover, as Knuth's DLX5 does it: Algorithm C where
//! every option has a nonnegative cost, finding the `K` solutions of least
//! total cost.
//!
//! Its own links, apart from the main engine's matrix, because the dance
//! itself changes: every item's list is sorted by cost, and covering an
//! item hides only the options cheap enough to matter (those below a
//! threshold, the cost still allowed when the item was covered: the same
//! threshold uncovers it). Before the search each primary item is *taxed*
//! with the least cost of its options, which is taken off those options
//! (every solution pays each tax once, so the order of solutions by cost
//! is unchanged): then each item has an option of net cost 0, and an
//! option whose net cost is at least what the `K`-th best solution costs
//! can never help. The search branches on the item with the fewest usable
//! options (looking at most [`LOOKAHEAD`] options down each list), the
//! one whose cheapest option is dearest on ties, and tries its options in
//! order of cost, backing up as soon as the cost so far plus the next
//! option's reaches the cutoff. Nodes, updates and cleansings are counted
//! as DLX5 counts them (a solution is a node too), so the figures can be
//! checked against it.

use std::collections::BinaryHeap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::budget::{Budget, BudgetClock};
use crate::problem::{ItemKind, OptionId, Problem};
use crate::schedule;
use crate::visit::{Stats, StopReason};

/// How far down an item's list the choice of item looks for usable
/// options before it takes the list's length instead (DLX5's `lenthresh`,
/// its default).
pub const LOOKAHEAD: u32 = 10;

/// The most solutions a minimum-cost search keeps (DLX5's `maxk`).
pub const MAX_BEST: usize = 15_000;

/// An infinite cost: no cutoff yet.
const INFINITE: u64 = u64::MAX;

/// How many subtrees [`MinCostSolver::search_threads`] cuts for each
/// thread: enough that a thread done early finds more work.
const SUBTREES_PER_THREAD: usize = 32;

/// The deepest level [`MinCostSolver::search_threads`] cuts the tree at.
const FRONTIER_DEPTH: usize = 8;

/// No entry node: an option that DLX5 ignores.
const NO_ENTRY: u32 = u32::MAX;

/// Why a minimum-cost search cannot run on a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MinCostError {
    /// The problem has item bounds (Algorithm M), which DLX5 does not
    /// handle.
    Bounds,
    /// `K` is 0 or above [`MAX_BEST`].
    BadCount(usize),
    /// The option at this place of a subtree's path cannot be chosen
    /// there: not an option of the problem with a primary item, or in
    /// conflict with one before it.
    Path(usize),
}

impl fmt::Display for MinCostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MinCostError::Bounds => write!(
                f,
                "a minimum-cost search does not handle item bounds (multiplicities): DLX5 is Algorithm C with costs"
            ),
            MinCostError::BadCount(k) => {
                write!(f, "cannot keep {k} best solutions: from 1 to {MAX_BEST}")
            }
            MinCostError::Path(place) => write!(
                f,
                "option {} of the path cannot be chosen there (no primary item, or it conflicts with one before it)",
                place + 1
            ),
        }
    }
}

impl std::error::Error for MinCostError {}

/// A solution and its cost (the sum of its options' costs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostedSolution {
    /// The total cost.
    pub cost: u64,
    /// Its options, in the order the search chose them.
    pub options: Vec<OptionId>,
}

/// What a minimum-cost search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinCostOutcome {
    /// The best solutions found, cheapest first, at most `K` of them: the
    /// `K` best of the problem when the search ran to its end (ties
    /// between equal costs broken by the order of discovery).
    pub best: Vec<CostedSolution>,
    /// Nodes, updates, cleansings as DLX5 counts them; `solutions` counts
    /// the solutions found that were cheaper than the `K`-th best then
    /// known (each was reported); `stop` says whether the search ended
    /// (then the best are proven optimal) or why it stopped.
    pub stats: Stats,
    /// The sum of the items' taxes (see the module): what every solution
    /// pays before its options' net costs.
    pub total_tax: u64,
    /// When [`search_subtree`](MinCostSolver::search_subtree) was stopped
    /// by its budget: the subtrees it left unexplored that may still hold
    /// a solution cheaper than the `K`-th best it found, each as its path
    /// of options from the root (empty otherwise). With the best found,
    /// their best are the subtree's.
    pub frontier: Vec<Vec<OptionId>>,
}

impl MinCostOutcome {
    /// Whether the best solutions are proven the best: the search ran to
    /// its end.
    pub fn is_proven(&self) -> bool {
        self.stats.stop == StopReason::Complete
    }
}

/// A node of the links: an item's header, a spacer between options, or an
/// entry of an option.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// The item of an entry or header; for a spacer, 0.
    item: u32,
    /// An entry's color code (0: none); -1 once cleansed by a purify.
    color: i32,
    /// The net cost of the entry's option.
    cost: u64,
}

/// The minimum-cost search of one problem (DLX5): build it once, search
/// as often as wanted.
///
/// ```
/// use dancing::format;
/// use dancing::expert::MinCostSolver;
///
/// // Cover a and b: both at once for 5, or one by one for 1 + 2.
/// let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
/// let mut solver = MinCostSolver::new(&problem)?;
/// let outcome = solver.search(2, dancing::expert::Budget::new(), |_| std::ops::ControlFlow::Continue(()));
/// let costs: Vec<u64> = outcome.best.iter().map(|s| s.cost).collect();
/// assert_eq!(costs, [3, 5]);
/// assert!(outcome.is_proven());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct MinCostSolver {
    nodes: Vec<Node>,
    /// The active-list links of the items (0 is the root); secondary items
    /// are in a list of their own.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The length of each primary item's list (as DLX5 keeps it: the
    /// options left in it).
    len: Vec<u32>,
    /// The option of every entry node (meaningless elsewhere).
    option_of: Vec<u32>,
    /// The first entry node of every option of the problem
    /// ([`NO_ENTRY`] for those ignored).
    option_start: Vec<u32>,
    /// Items are `1..first_secondary` primary, then secondary up to
    /// `first_node` (the first spacer).
    first_secondary: u32,
    first_node: u32,
    total_tax: u64,
    /// A primary item has no option at all: no solution.
    hopeless: bool,
}

impl MinCostSolver {
    /// Links `problem` for the minimum-cost search: taxes assessed, lists
    /// sorted by net cost.
    ///
    /// # Errors
    /// [`MinCostError::Bounds`] if the problem has item bounds.
    pub fn new(problem: &Problem) -> Result<MinCostSolver, MinCostError> {
        if problem.has_bounds() {
            return Err(MinCostError::Bounds);
        }
        let items = problem.item_count() as u32;
        let first_secondary = problem.primary_count() as u32 + 1;
        let first_node = items + 1;
        let mut nodes = vec![Node::default(); first_node as usize];
        let mut option_of = vec![0; first_node as usize];
        for item in 0..first_node {
            nodes[item as usize].up = item;
            nodes[item as usize].down = item;
            nodes[item as usize].item = item;
        }
        // The first spacer.
        nodes.push(Node::default());
        option_of.push(0);
        let mut last_spacer = nodes.len() - 1;
        let mut len = vec![0u32; first_node as usize];
        let mut option_start = vec![NO_ENTRY; problem.option_count()];
        for (option, entries) in problem.options() {
            if entries
                .iter()
                .all(|&item| problem.item_kind(item) == ItemKind::Secondary)
            {
                // Ignored, as DLX5 ignores it.
                continue;
            }
            option_start[option.index()] = nodes.len() as u32;
            let colors: Vec<i32> = problem
                .option_colors(option)
                .map(|color| color.map_or(0, |c| c.index() as i32 + 1))
                .collect();
            let cost = problem.option_cost(option);
            let start = nodes.len() as u32;
            for (&item, &color) in entries.iter().zip(&colors) {
                let column = problem.column_of(item);
                let here = nodes.len() as u32;
                // Appended at the bottom of the item's list.
                let bottom = nodes[column as usize].up;
                nodes.push(Node {
                    up: bottom,
                    down: column,
                    item: column,
                    color,
                    cost,
                });
                option_of.push(option.index() as u32);
                nodes[bottom as usize].down = here;
                nodes[column as usize].up = here;
                len[column as usize] += 1;
            }
            let end = nodes.len() as u32 - 1;
            nodes[last_spacer].down = end;
            nodes.push(Node {
                up: start,
                ..Node::default()
            });
            option_of.push(0);
            last_spacer = nodes.len() - 1;
        }
        let mut prev = vec![0; first_node as usize + 1];
        let mut next = vec![0; first_node as usize + 1];
        // The primary items in a circle through the root 0, the secondary
        // ones in a circle of their own (DLX5's layout).
        let circle = |prev: &mut [u32], next: &mut [u32], head: u32, members: &[u32]| {
            let mut last = head;
            for &item in members {
                next[last as usize] = item;
                prev[item as usize] = last;
                last = item;
            }
            next[last as usize] = head;
            prev[head as usize] = last;
        };
        let primaries: Vec<u32> = (1..first_secondary).collect();
        circle(&mut prev, &mut next, 0, &primaries);
        if first_secondary < first_node {
            let secondaries: Vec<u32> = (first_secondary + 1..first_node).collect();
            circle(&mut prev, &mut next, first_secondary, &secondaries);
        }
        let mut solver = MinCostSolver {
            nodes,
            prev,
            next,
            len,
            option_of,
            option_start,
            first_secondary,
            first_node,
            total_tax: 0,
            hopeless: false,
        };
        solver.assess_taxes();
        for item in 1..first_node {
            solver.sort_list(item);
        }
        Ok(solver)
    }

    /// Taxes each primary item, in order, with the least net cost of its
    /// options, taken off each of them.
    fn assess_taxes(&mut self) {
        for item in 1..self.first_secondary {
            let mut least = INFINITE;
            let mut node = self.nodes[item as usize].down;
            while node != item {
                least = least.min(self.nodes[node as usize].cost);
                node = self.nodes[node as usize].down;
            }
            if least == INFINITE {
                // No option: no solution, and no tax to collect.
                self.hopeless = true;
                continue;
            }
            if least == 0 {
                continue;
            }
            self.total_tax += least;
            let mut node = self.nodes[item as usize].down;
            while node != item {
                let (first, last) = self.option_span(node);
                for entry in first..=last {
                    self.nodes[entry as usize].cost -= least;
                }
                node = self.nodes[node as usize].down;
            }
        }
    }

    /// The first and last entry nodes of the option of entry `node`.
    fn option_span(&self, node: u32) -> (u32, u32) {
        let mut first = node;
        while self.nodes[first as usize - 1].item != 0 {
            first -= 1;
        }
        let mut last = node;
        while self.nodes[last as usize + 1].item != 0 {
            last += 1;
        }
        (first, last)
    }

    /// Sorts `item`'s list by net cost, keeping the order of equal costs.
    fn sort_list(&mut self, item: u32) {
        let mut list = Vec::new();
        let mut node = self.nodes[item as usize].down;
        while node != item {
            list.push(node);
            node = self.nodes[node as usize].down;
        }
        list.sort_by_key(|&node| self.nodes[node as usize].cost);
        let mut above = item;
        for &node in &list {
            self.nodes[above as usize].down = node;
            self.nodes[node as usize].up = above;
            above = node;
        }
        self.nodes[above as usize].down = item;
        self.nodes[item as usize].up = above;
    }

    /// The entry after `node` in its option, around the option's end.
    #[inline]
    fn right(&self, node: u32) -> u32 {
        let next = node + 1;
        if self.nodes[next as usize].item == 0 {
            self.nodes[next as usize].up
        } else {
            next
        }
    }

    /// The entry before `node` in its option, around the option's start.
    #[inline]
    fn left(&self, node: u32) -> u32 {
        let before = node - 1;
        if self.nodes[before as usize].item == 0 {
            self.nodes[before as usize].down
        } else {
            before
        }
    }

    /// Whether `node` is an item's header (the end of a list).
    #[inline]
    fn is_header(&self, node: u32) -> bool {
        node < self.first_node
    }

    /// Hides the entries of `node`'s option other than `node` from their
    /// lists (but cleansed ones), counting updates.
    fn hide(&mut self, node: u32, stats: &mut Stats) {
        let mut entry = self.right(node);
        while entry != node {
            let Node {
                up,
                down,
                item,
                color,
                ..
            } = self.nodes[entry as usize];
            if color >= 0 {
                self.nodes[up as usize].down = down;
                self.nodes[down as usize].up = up;
                stats.updates += 1;
                if item < self.first_secondary {
                    self.len[item as usize] -= 1;
                }
            }
            entry = self.right(entry);
        }
    }

    /// Undoes `hide(node)`.
    fn unhide(&mut self, node: u32) {
        let mut entry = self.right(node);
        while entry != node {
            let Node {
                up,
                down,
                item,
                color,
                ..
            } = self.nodes[entry as usize];
            if color >= 0 {
                self.nodes[up as usize].down = entry;
                self.nodes[down as usize].up = entry;
                if item < self.first_secondary {
                    self.len[item as usize] += 1;
                }
            }
            entry = self.right(entry);
        }
    }

    /// Covers `item`: out of its active list, and the options of its list
    /// that cost less than `threshold` hidden.
    fn cover(&mut self, item: u32, threshold: u64, stats: &mut Stats) {
        let (prev, next) = (self.prev[item as usize], self.next[item as usize]);
        self.next[prev as usize] = next;
        self.prev[next as usize] = prev;
        stats.updates += 1;
        let mut node = self.nodes[item as usize].down;
        while !self.is_header(node) && self.nodes[node as usize].cost < threshold {
            self.hide(node, stats);
            node = self.nodes[node as usize].down;
        }
    }

    /// Undoes `cover(item, threshold)` (the same threshold), going down
    /// the list again: the links come back all the same.
    fn uncover(&mut self, item: u32, threshold: u64) {
        let mut node = self.nodes[item as usize].down;
        while !self.is_header(node) && self.nodes[node as usize].cost < threshold {
            self.unhide(node);
            node = self.nodes[node as usize].down;
        }
        let (prev, next) = (self.prev[item as usize], self.next[item as usize]);
        self.next[prev as usize] = item;
        self.prev[next as usize] = item;
    }

    /// Purifies the secondary item of `node` with `node`'s color: the
    /// options below `threshold` that give it another color are hidden,
    /// those that agree are cleansed.
    fn purify(&mut self, node: u32, threshold: u64, stats: &mut Stats) {
        let Node { item, color, .. } = self.nodes[node as usize];
        stats.cleansings += 1;
        let mut other = self.nodes[item as usize].down;
        while !self.is_header(other) && self.nodes[other as usize].cost < threshold {
            if self.nodes[other as usize].color != color {
                self.hide(other, stats);
            } else if other != node {
                stats.cleansings += 1;
                self.nodes[other as usize].color = -1;
            }
            other = self.nodes[other as usize].down;
        }
    }

    /// Undoes `purify(node, threshold)`.
    fn unpurify(&mut self, node: u32, threshold: u64) {
        let Node { item, color, .. } = self.nodes[node as usize];
        let mut other = self.nodes[item as usize].down;
        while !self.is_header(other) && self.nodes[other as usize].cost < threshold {
            if self.nodes[other as usize].color < 0 {
                self.nodes[other as usize].color = color;
            } else if other != node {
                self.unhide(other);
            }
            other = self.nodes[other as usize].down;
        }
    }

    /// Covers or purifies the items of `node`'s option other than its own,
    /// left to right.
    fn commit(&mut self, node: u32, threshold: u64, stats: &mut Stats) {
        let mut entry = self.right(node);
        while entry != node {
            let Node { item, color, .. } = self.nodes[entry as usize];
            if color == 0 {
                self.cover(item, threshold, stats);
            } else if color > 0 {
                self.purify(entry, threshold, stats);
            }
            entry = self.right(entry);
        }
    }

    /// Undoes `commit(node, threshold)`, right to left.
    fn uncommit(&mut self, node: u32, threshold: u64) {
        let mut entry = self.left(node);
        while entry != node {
            let Node { item, color, .. } = self.nodes[entry as usize];
            if color == 0 {
                self.uncover(item, threshold);
            } else if color > 0 {
                self.unpurify(entry, threshold);
            }
            entry = self.left(entry);
        }
    }

    /// The item to branch on, and its number of usable options (0: back
    /// up), when the options so far cost `spent` and a solution must cost
    /// less than `cutoff`.
    fn choose(&self, spent: u64, cutoff: u64) -> (u32, u32) {
        let room = cutoff - spent;
        let (mut best, mut best_count, mut best_least) = (0, u32::MAX, 0);
        let mut item = self.next[0];
        while item != 0 {
            let first = self.nodes[item as usize].down;
            if first == item {
                return (item, 0);
            }
            let least = self.nodes[first as usize].cost;
            if least >= room {
                return (item, 0);
            }
            // Count the usable options, up to the best count so far.
            let mut count = 1;
            let mut node = self.nodes[first as usize].down;
            let mut beaten = false;
            loop {
                if self.is_header(node) || self.nodes[node as usize].cost >= room {
                    break;
                }
                if count == best_count {
                    beaten = true;
                    break;
                }
                if count >= LOOKAHEAD {
                    count = self.len[item as usize];
                    break;
                }
                count += 1;
                node = self.nodes[node as usize].down;
            }
            if !beaten && (count < best_count || (count == best_count && least > best_least)) {
                (best, best_count, best_least) = (item, count, least);
            }
            item = self.next[item as usize];
        }
        (best, best_count)
    }

    /// Searches for the `k` cheapest solutions within `budget`, reporting
    /// each solution found that is cheaper than the `k`-th best known then
    /// to `report` (which may stop the search). See [`MinCostOutcome`].
    ///
    /// # Panics
    /// If `k` is 0 or above [`MAX_BEST`] (see [`check_count`](Self::check_count)).
    pub fn search(
        &mut self,
        k: usize,
        budget: Budget,
        report: impl FnMut(&CostedSolution) -> ControlFlow<()>,
    ) -> MinCostOutcome {
        Self::check_count(k).expect("a count of best solutions from 1 to MAX_BEST");
        let mut walk = Walk::new(self, budget.start());
        let mut kept = OwnBest::new(k, self.total_tax, report);
        let stop = if self.hopeless {
            walk.stats.nodes = 1;
            StopReason::Complete
        } else {
            self.search_below(&[], &mut walk, &mut kept)
        };
        let mut stats = walk.stats;
        stats.stop = stop;
        stats.solutions = kept.best.found;
        MinCostOutcome {
            best: kept.best.into_best(k, self.total_tax),
            stats,
            total_tax: self.total_tax,
            frontier: Vec::new(),
        }
    }

    /// Searches for the `k` cheapest solutions on `threads` threads, which
    /// share the cutoff: the subtrees below the first levels of the search
    /// (cheapest first) are handed out one at a time, and a solution found
    /// by one thread prunes the search of all. The best costs are those of
    /// [`search`](Self::search) (among solutions of equal cost, which are
    /// kept may differ); nodes and updates are those of a different tree
    /// and vary from run to run. `report` is called under a lock, by the
    /// thread that found the solution. A node cap counts the nodes of all
    /// threads, looked at every [`POLL_INTERVAL`](crate::budget::POLL_INTERVAL)
    /// nodes of each.
    ///
    /// ```
    /// use dancing::format;
    /// use dancing::expert::{Budget, MinCostSolver};
    ///
    /// let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
    /// let mut solver = MinCostSolver::new(&problem)?;
    /// let outcome = solver.search_threads(2, 2, Budget::new(), |_| std::ops::ControlFlow::Continue(()));
    /// let costs: Vec<u64> = outcome.best.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [3, 5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// If `k` is 0 or above [`MAX_BEST`].
    pub fn search_threads(
        &mut self,
        k: usize,
        threads: usize,
        budget: Budget,
        report: impl FnMut(&CostedSolution) -> ControlFlow<()> + Send,
    ) -> MinCostOutcome {
        if threads <= 1 || self.hopeless {
            return self.search(k, budget, report);
        }
        Self::check_count(k).expect("a count of best solutions from 1 to MAX_BEST");
        let clock = budget.start();
        let node_cap = clock.node_limit();
        let subtrees = self.frontier(threads.saturating_mul(SUBTREES_PER_THREAD));
        let shared = SharedBest {
            best: Mutex::new((Best::new(k), report)),
            cutoff: AtomicU64::new(INFINITE),
            stop: Arc::new(AtomicBool::new(false)),
            reason: Mutex::new(None),
            nodes: AtomicU64::new(0),
            total_tax: self.total_tax,
        };
        // Each thread's clock: the deadline fixed now, the node cap counted
        // over all threads (in `SharedHandle::poll`), and a stop by any
        // thread stopping all.
        let mut thread_budget = clock.remaining();
        thread_budget.nodes = None;
        let stop = Arc::clone(&shared.stop);
        let thread_budget = thread_budget.also_cancel_when(move || stop.load(Ordering::Relaxed));
        let this = &*self;
        let stopped = || shared.stop.load(Ordering::Relaxed);
        let all_stats = schedule::run(threads, subtrees.len(), &stopped, |queue| {
            let mut solver = this.clone();
            let mut walk = Walk::new(&solver, thread_budget.start());
            let mut handle = SharedHandle {
                shared: &shared,
                node_cap,
                counted: 0,
            };
            while let Some(next) = queue.take() {
                let reason = solver.search_below(&subtrees[next], &mut walk, &mut handle);
                if reason != StopReason::Complete {
                    shared.stop_for(reason);
                    break;
                }
            }
            walk.stats
        });
        let mut stats = Stats::default();
        for one in &all_stats {
            stats.nodes += one.nodes;
            stats.updates += one.updates;
            stats.cleansings += one.cleansings;
            stats.max_depth = stats.max_depth.max(one.max_depth);
        }
        stats.stop = shared
            .reason
            .into_inner()
            .expect("no thread panics holding the stop reason")
            .unwrap_or(StopReason::Complete);
        let (best, _) = shared
            .best
            .into_inner()
            .expect("no thread panics holding the best solutions");
        stats.solutions = best.found;
        MinCostOutcome {
            best: best.into_best(k, self.total_tax),
            stats,
            total_tax: self.total_tax,
            frontier: Vec::new(),
        }
    }

    /// The subtrees of the first levels of the search (with no cutoff), at
    /// least `target` of them unless the tree is smaller, each as the path
    /// of entry nodes that leads to it, cheapest path first: between them
    /// they hold every solution once.
    fn frontier(&mut self, target: usize) -> Vec<Vec<u32>> {
        let mut stats = Stats::default();
        let mut thresholds = Vec::new();
        let mut leaves: Vec<(u64, Vec<u32>)> = Vec::new();
        let mut level: Vec<(u64, Vec<u32>)> = vec![(0, Vec::new())];
        for _ in 0..FRONTIER_DEPTH {
            if leaves.len() + level.len() >= target {
                break;
            }
            let mut below = Vec::new();
            for (spent, path) in level {
                let forced = self.force(&path, INFINITE, &mut thresholds, &mut stats);
                debug_assert_eq!(forced, Some(spent), "a path of the search is usable");
                let solved = self.next[0] == 0;
                if !solved {
                    let (item, count) = self.choose(spent, INFINITE);
                    let mut node = self.nodes[item as usize].down;
                    // No usable option: a dead end, which holds nothing.
                    while count > 0 && node != item {
                        let mut child = path.clone();
                        child.push(node);
                        below.push((spent + self.nodes[node as usize].cost, child));
                        node = self.nodes[node as usize].down;
                    }
                }
                self.unforce(&path, &thresholds);
                if solved {
                    // A solution: a subtree of one node.
                    leaves.push((spent, path));
                }
            }
            level = below;
            if level.is_empty() {
                break;
            }
        }
        leaves.extend(level);
        leaves.sort_by_key(|&(spent, _)| spent);
        leaves.into_iter().map(|(_, path)| path).collect()
    }

    /// Covers the item and commits the option of each entry node of
    /// `path`, in order, as the search would going down it with `cutoff`:
    /// the net cost of the path, with the thresholds used in
    /// `thresholds`; or `None`, with nothing changed, if the path costs
    /// `cutoff` or more or one of its options is no longer usable (it
    /// shares an item with, or disagrees in color with, one before it).
    fn force(
        &mut self,
        path: &[u32],
        cutoff: u64,
        thresholds: &mut Vec<u64>,
        stats: &mut Stats,
    ) -> Option<u64> {
        thresholds.clear();
        let mut spent = 0u64;
        for (forced, &node) in path.iter().enumerate() {
            let next_cost = spent.saturating_add(self.nodes[node as usize].cost);
            if next_cost >= cutoff || !self.is_usable(node) {
                self.unforce(&path[..forced], thresholds);
                return None;
            }
            // Options costing this much or more can no longer be used
            // below, so they need not be hidden.
            let threshold = cutoff - next_cost;
            self.cover(self.nodes[node as usize].item, threshold, stats);
            self.commit(node, threshold, stats);
            thresholds.push(threshold);
            spent = next_cost;
        }
        Some(spent)
    }

    /// Undoes `force(path)`, which used `thresholds`.
    fn unforce(&mut self, path: &[u32], thresholds: &[u64]) {
        for (&node, &threshold) in path.iter().zip(thresholds).rev() {
            self.uncommit(node, threshold);
            self.uncover(self.nodes[node as usize].item, threshold);
        }
    }

    /// Whether the option of entry `node` can be chosen now: its item
    /// active, and none of its entries hidden by a choice made before.
    fn is_usable(&self, node: u32) -> bool {
        let item = self.nodes[node as usize].item;
        if item >= self.first_secondary || self.next[self.prev[item as usize] as usize] != item {
            return false;
        }
        let mut entry = node;
        loop {
            let Node { up, color, .. } = self.nodes[entry as usize];
            if color >= 0 && self.nodes[up as usize].down != entry {
                return false;
            }
            entry = self.right(entry);
            if entry == node {
                return true;
            }
        }
    }

    /// The entry node by which a search would choose `option`: its first
    /// entry in a primary item; `None` for an option of the problem that
    /// has none (DLX5 ignores those) or is not one.
    fn entry_of(&self, option: OptionId) -> Option<u32> {
        let start = *self.option_start.get(option.index())?;
        let mut entry = start;
        while entry != NO_ENTRY && self.nodes[entry as usize].item != 0 {
            if self.nodes[entry as usize].item < self.first_secondary {
                return Some(entry);
            }
            entry += 1;
        }
        None
    }

    /// Searches below the subtree of `options` (chosen one after another
    /// from the root, as a task of `dlx split` names its subtree) for its
    /// `k` cheapest solutions, as [`search`](Self::search) does from the
    /// root; the nodes above the subtree are not counted. An empty list is
    /// the whole search.
    ///
    /// # Errors
    /// [`MinCostError::Path`] if an option is not one of the problem's,
    /// covers no primary item, or conflicts with one before it.
    ///
    /// # Panics
    /// If `k` is 0 or above [`MAX_BEST`].
    pub fn search_subtree(
        &mut self,
        options: &[OptionId],
        k: usize,
        budget: Budget,
        report: impl FnMut(&CostedSolution) -> ControlFlow<()>,
    ) -> Result<MinCostOutcome, MinCostError> {
        Self::check_count(k).expect("a count of best solutions from 1 to MAX_BEST");
        let mut path = Vec::with_capacity(options.len());
        for (place, &option) in options.iter().enumerate() {
            path.push(self.entry_of(option).ok_or(MinCostError::Path(place))?);
        }
        // Check the whole path once, before any cutoff could prune it.
        let mut scratch = Stats::default();
        let mut thresholds = Vec::new();
        if self.hopeless && !path.is_empty() {
            return Err(MinCostError::Path(0));
        }
        if !self.hopeless {
            for end in 1..=path.len() {
                if self
                    .force(&path[..end], INFINITE, &mut thresholds, &mut scratch)
                    .is_none()
                {
                    return Err(MinCostError::Path(end - 1));
                }
                self.unforce(&path[..end], &thresholds);
            }
        }
        let mut walk = Walk::new(self, budget.start());
        walk.frontier = Some(Vec::new());
        let mut kept = OwnBest::new(k, self.total_tax, report);
        let stop = if self.hopeless {
            walk.stats.nodes = 1;
            StopReason::Complete
        } else {
            self.search_below(&path, &mut walk, &mut kept)
        };
        let mut stats = walk.stats;
        stats.stop = stop;
        stats.solutions = kept.best.found;
        let frontier = walk
            .frontier
            .unwrap_or_default()
            .iter()
            .map(|nodes| self.options_of(nodes))
            .collect();
        Ok(MinCostOutcome {
            best: kept.best.into_best(k, self.total_tax),
            stats,
            total_tax: self.total_tax,
            frontier,
        })
    }

    /// DLX5's search of the subtree below `path` (entry nodes chosen from
    /// the root; empty for the whole tree), keeping solutions in `kept`;
    /// the counts go to `walk.stats`. The links are as they were when it
    /// returns, however it stopped.
    fn search_below<K: Kept>(&mut self, path: &[u32], walk: &mut Walk, kept: &mut K) -> StopReason {
        let Walk {
            clock,
            checkpoint,
            stats,
            choice,
            spent_at,
            item_threshold,
            option_threshold,
            thresholds,
            frontier,
        } = walk;
        let mut cutoff = kept.cutoff();
        let Some(mut spent) = self.force(path, cutoff, thresholds, stats) else {
            // Pruned: the path alone costs the cutoff.
            return StopReason::Complete;
        };
        let base = path.len();
        for (level, (&node, &threshold)) in path.iter().zip(thresholds.iter()).enumerate() {
            choice[level] = node;
            item_threshold[level] = threshold;
            option_threshold[level] = threshold;
        }
        if self.next[0] == 0 {
            // The path is a solution: a node, as DLX5 counts one.
            stats.nodes += 1;
            stats.max_depth = stats.max_depth.max(base);
            let options = self.options_of(&choice[..base]);
            let asked = kept.keep(spent, options);
            self.unwind(base, choice, item_threshold, option_threshold);
            return if asked.is_break() {
                StopReason::Visitor
            } else {
                StopReason::Complete
            };
        }
        let mut level = base;
        let mut item;
        let mut node;
        let mut next_cost;
        let stop = 'search: {
            // DLX5's steps as labeled loops: `forward` enters a node,
            // `advance` commits the option at `level`, `backup` and
            // `backdown` go back up.
            'forward: loop {
                if stats.nodes == *checkpoint {
                    let reason = match clock.checkpoint(stats.nodes) {
                        ControlFlow::Continue(next) => {
                            *checkpoint = next;
                            kept.poll(stats.nodes)
                        }
                        ControlFlow::Break(reason) => Some(reason),
                    };
                    if let Some(reason) = reason {
                        if let Some(frontier) = frontier {
                            // Undoes the levels, listing what is left.
                            let levels = Levels {
                                base,
                                choice,
                                spent_at,
                                item_threshold,
                                option_threshold,
                            };
                            self.unwind_to_frontier(level, &levels, cutoff, frontier);
                            return reason;
                        }
                        break 'search reason;
                    }
                }
                stats.nodes += 1;
                stats.max_depth = stats.max_depth.max(level);
                // Another thread may have found a cheaper solution.
                cutoff = cutoff.min(kept.cutoff());
                let (chosen, count) = if spent < cutoff {
                    self.choose(spent, cutoff)
                } else {
                    (0, 0)
                };
                // Where the search goes on from: a level to back down
                // from, or an option to advance to.
                let mut backing_down = count == 0;
                item = chosen;
                node = 0;
                next_cost = 0;
                if !backing_down {
                    spent_at[level] = spent;
                    node = self.nodes[item as usize].down;
                    choice[level] = node;
                    next_cost = spent + self.nodes[node as usize].cost;
                    item_threshold[level] = cutoff - next_cost;
                    self.cover(item, item_threshold[level], stats);
                }
                loop {
                    if !backing_down {
                        // Advance: commit the option at `level`.
                        option_threshold[level] = cutoff - next_cost;
                        self.commit(node, option_threshold[level], stats);
                        if self.next[0] == 0 {
                            // A solution, which DLX5 counts as a node.
                            stats.nodes += 1;
                            stats.max_depth = stats.max_depth.max(level + 1);
                            let options = self.options_of(&choice[..=level]);
                            let asked = kept.keep(next_cost, options);
                            cutoff = cutoff.min(kept.cutoff());
                            if asked.is_break() {
                                self.uncommit(node, option_threshold[level]);
                                self.uncover(item, item_threshold[level]);
                                break 'search StopReason::Visitor;
                            }
                            // Recover at this level.
                        } else {
                            level += 1;
                            spent = next_cost;
                            continue 'forward;
                        }
                    } else {
                        // Backdown: to the level above.
                        if level == base {
                            break 'search StopReason::Complete;
                        }
                        level -= 1;
                        node = choice[level];
                        item = self.nodes[node as usize].item;
                        spent = spent_at[level];
                    }
                    // Recover: undo the option at `level`, try the next.
                    self.uncommit(node, option_threshold[level]);
                    node = self.nodes[node as usize].down;
                    choice[level] = node;
                    let next_usable = node != item && {
                        next_cost = spent + self.nodes[node as usize].cost;
                        next_cost < cutoff
                    };
                    if next_usable {
                        backing_down = false;
                    } else {
                        // Backup: the item's options are done.
                        self.uncover(item, item_threshold[level]);
                        backing_down = true;
                    }
                }
            }
        };
        // The levels still committed: those above `level` when the search
        // stopped entering or leaving a node, and always the path.
        self.unwind(level.max(base), choice, item_threshold, option_threshold);
        stop
    }

    /// Undoes the levels above `level` after a budget stopped the search
    /// entering `level`, pushing onto `frontier` the subtrees left: the
    /// node being entered, and at each level from `levels.base` up the
    /// options after its choice that the cutoff allows.
    fn unwind_to_frontier(
        &mut self,
        level: usize,
        levels: &Levels<'_>,
        cutoff: u64,
        frontier: &mut Vec<Vec<u32>>,
    ) {
        let Levels {
            base,
            choice,
            spent_at,
            item_threshold,
            option_threshold,
        } = *levels;
        frontier.push(choice[..level].to_vec());
        for l in (0..level).rev() {
            let node = choice[l];
            self.uncommit(node, option_threshold[l]);
            let item = self.nodes[node as usize].item;
            if l >= base {
                // The item's list is whole again here (the levels below
                // are undone): the siblings still to try, cheapest first.
                let mut sibling = self.nodes[node as usize].down;
                while sibling != item && spent_at[l] + self.nodes[sibling as usize].cost < cutoff {
                    let mut path = choice[..l].to_vec();
                    path.push(sibling);
                    frontier.push(path);
                    sibling = self.nodes[sibling as usize].down;
                }
            }
            self.uncover(item, item_threshold[l]);
        }
    }

    /// The options of the entry nodes `nodes`.
    fn options_of(&self, nodes: &[u32]) -> Vec<OptionId> {
        nodes
            .iter()
            .map(|&n| OptionId::new(self.option_of[n as usize] as usize))
            .collect()
    }

    /// Undoes the levels above `level` (each with its item covered and its
    /// option committed).
    fn unwind(
        &mut self,
        level: usize,
        choice: &[u32],
        item_threshold: &[u64],
        option_threshold: &[u64],
    ) {
        for l in (0..level).rev() {
            let node = choice[l];
            self.uncommit(node, option_threshold[l]);
            let item = self.nodes[node as usize].item;
            self.uncover(item, item_threshold[l]);
        }
    }

    /// Whether `k` best solutions can be kept: from 1 to [`MAX_BEST`].
    ///
    /// # Errors
    /// [`MinCostError::BadCount`] otherwise.
    pub fn check_count(k: usize) -> Result<(), MinCostError> {
        if (1..=MAX_BEST).contains(&k) {
            Ok(())
        } else {
            Err(MinCostError::BadCount(k))
        }
    }
}

/// The state of one thread's walk through the tree, kept from one subtree
/// to the next: its clock, counts, and the choices of each level.
struct Walk {
    clock: BudgetClock,
    /// The node count at which to look at the clock next.
    checkpoint: u64,
    stats: Stats,
    /// The entry node chosen at each level.
    choice: Vec<u32>,
    /// The net cost of the options above each level.
    spent_at: Vec<u64>,
    /// The thresholds each level covered its item and committed its
    /// option with (undone with the same).
    item_threshold: Vec<u64>,
    option_threshold: Vec<u64>,
    /// Scratch for `force`.
    thresholds: Vec<u64>,
    /// Where a search stopped by its budget lists the subtrees it left,
    /// if it is asked to.
    frontier: Option<Vec<Vec<u32>>>,
}

/// The levels of a search, for [`MinCostSolver::unwind_to_frontier`].
struct Levels<'a> {
    /// The first level below the subtree's path.
    base: usize,
    choice: &'a [u32],
    spent_at: &'a [u64],
    item_threshold: &'a [u64],
    option_threshold: &'a [u64],
}

impl Walk {
    fn new(solver: &MinCostSolver, clock: BudgetClock) -> Walk {
        // A level per primary item at most.
        let depth = (solver.first_secondary as usize).max(1);
        Walk {
            checkpoint: clock.first_checkpoint(),
            clock,
            stats: Stats::default(),
            choice: vec![0; depth],
            spent_at: vec![0; depth],
            item_threshold: vec![0; depth],
            option_threshold: vec![0; depth],
            thresholds: Vec::new(),
            frontier: None,
        }
    }
}

/// The best solutions found so far: the `k` best net costs (a max-heap
/// whose top is the cutoff), and every solution that was kept, in the
/// order found.
struct Best {
    costs: BinaryHeap<u64>,
    kept: Vec<(u64, u64, Vec<OptionId>)>,
    /// How many solutions were kept.
    found: u64,
}

impl Best {
    fn new(k: usize) -> Best {
        Best {
            costs: std::iter::repeat_n(INFINITE, k).collect(),
            kept: Vec::new(),
            found: 0,
        }
    }

    /// The net cost a solution must be below to be among the `k` best.
    fn cutoff(&self) -> u64 {
        *self.costs.peek().expect("k > 0 costs")
    }

    fn insert(&mut self, net: u64, options: Vec<OptionId>) {
        self.costs.pop();
        self.costs.push(net);
        self.found += 1;
        self.kept.push((net, self.found, options));
    }

    /// The `k` cheapest kept, cheapest first, the earlier found first
    /// among equal costs.
    fn into_best(mut self, k: usize, total_tax: u64) -> Vec<CostedSolution> {
        self.kept.sort_by_key(|&(cost, order, _)| (cost, order));
        self.kept.truncate(k);
        self.kept
            .into_iter()
            .map(|(cost, _, options)| CostedSolution {
                cost: total_tax + cost,
                options,
            })
            .collect()
    }
}

/// Where a search keeps the solutions it finds and gets its cutoff: its
/// own, or shared with the other threads of one search.
trait Kept {
    /// The net cost a solution must be below to be kept.
    fn cutoff(&self) -> u64;
    /// A solution of net cost `net` (below the cutoff when it was found):
    /// kept and reported; `Break` stops the search.
    fn keep(&mut self, net: u64, options: Vec<OptionId>) -> ControlFlow<()>;
    /// At each checkpoint of the clock, after `nodes` nodes: a reason to
    /// stop, if there is one.
    fn poll(&mut self, nodes: u64) -> Option<StopReason>;
}

/// The solutions of a search on one thread, each reported as it is kept.
struct OwnBest<R> {
    best: Best,
    total_tax: u64,
    report: R,
}

impl<R: FnMut(&CostedSolution) -> ControlFlow<()>> OwnBest<R> {
    fn new(k: usize, total_tax: u64, report: R) -> OwnBest<R> {
        OwnBest {
            best: Best::new(k),
            total_tax,
            report,
        }
    }
}

impl<R: FnMut(&CostedSolution) -> ControlFlow<()>> Kept for OwnBest<R> {
    #[inline]
    fn cutoff(&self) -> u64 {
        self.best.cutoff()
    }

    fn keep(&mut self, net: u64, options: Vec<OptionId>) -> ControlFlow<()> {
        let solution = CostedSolution {
            cost: self.total_tax + net,
            options,
        };
        let asked = (self.report)(&solution);
        self.best.insert(net, solution.options);
        asked
    }

    #[inline]
    fn poll(&mut self, _nodes: u64) -> Option<StopReason> {
        None
    }
}

/// What the threads of [`MinCostSolver::search_threads`] share.
struct SharedBest<R> {
    /// The best so far and the caller's report, under one lock.
    best: Mutex<(Best, R)>,
    /// The cutoff of `best`, read at every node without the lock.
    cutoff: AtomicU64,
    /// Set when a thread stops: the others stop at their next checkpoint.
    stop: Arc<AtomicBool>,
    /// Why the first thread to stop stopped.
    reason: Mutex<Option<StopReason>>,
    /// The nodes counted by all threads at their last checkpoints.
    nodes: AtomicU64,
    total_tax: u64,
}

impl<R> SharedBest<R> {
    /// Records why the search stops (the first reason wins) and stops
    /// every thread.
    fn stop_for(&self, reason: StopReason) {
        let mut first = self
            .reason
            .lock()
            .expect("no thread panics holding the stop reason");
        first.get_or_insert(reason);
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// One thread's view of [`SharedBest`].
struct SharedHandle<'a, R> {
    shared: &'a SharedBest<R>,
    /// The node cap of the whole search.
    node_cap: Option<u64>,
    /// The nodes of this thread already added to `shared.nodes`.
    counted: u64,
}

impl<R: FnMut(&CostedSolution) -> ControlFlow<()>> Kept for SharedHandle<'_, R> {
    #[inline]
    fn cutoff(&self) -> u64 {
        self.shared.cutoff.load(Ordering::Relaxed)
    }

    fn keep(&mut self, net: u64, options: Vec<OptionId>) -> ControlFlow<()> {
        let mut guard = self
            .shared
            .best
            .lock()
            .expect("no thread panics holding the best solutions");
        let (best, report) = &mut *guard;
        if net >= best.cutoff() {
            // Another thread found as good meanwhile.
            return ControlFlow::Continue(());
        }
        let solution = CostedSolution {
            cost: self.shared.total_tax + net,
            options,
        };
        let asked = report(&solution);
        best.insert(net, solution.options);
        self.shared.cutoff.store(best.cutoff(), Ordering::Relaxed);
        asked
    }

    fn poll(&mut self, nodes: u64) -> Option<StopReason> {
        let new = nodes - self.counted;
        self.counted = nodes;
        let total = self.shared.nodes.fetch_add(new, Ordering::Relaxed) + new;
        self.node_cap
            .is_some_and(|cap| total >= cap)
            .then_some(StopReason::NodeLimit)
    }
}
