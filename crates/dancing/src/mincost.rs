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

use crate::budget::Budget;
use crate::problem::{ItemKind, OptionId, Problem};
use crate::visit::{Stats, StopReason};

/// How far down an item's list the choice of item looks for usable
/// options before it takes the list's length instead (DLX5's `lenthresh`,
/// its default).
pub const LOOKAHEAD: u32 = 10;

/// The most solutions a minimum-cost search keeps (DLX5's `maxk`).
pub const MAX_BEST: usize = 15_000;

/// An infinite cost: no cutoff yet.
const INFINITE: u64 = u64::MAX;

/// Why a minimum-cost search cannot run on a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MinCostError {
    /// The problem has item bounds (Algorithm M), which DLX5 does not
    /// handle.
    Bounds,
    /// `K` is 0 or above [`MAX_BEST`].
    BadCount(usize),
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
/// use dancing::{format, MinCostSolver};
///
/// // Cover a and b: both at once for 5, or one by one for 1 + 2.
/// let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
/// let mut solver = MinCostSolver::new(&problem)?;
/// let outcome = solver.search(2, dancing::Budget::new(), |_| std::ops::ControlFlow::Continue(()));
/// let costs: Vec<u64> = outcome.best.iter().map(|s| s.cost).collect();
/// assert_eq!(costs, [3, 5]);
/// assert!(outcome.is_proven());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
        for (option, entries) in problem.options() {
            if entries
                .iter()
                .all(|&item| problem.item_kind(item) == ItemKind::Secondary)
            {
                // Ignored, as DLX5 ignores it.
                continue;
            }
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
        mut report: impl FnMut(&CostedSolution) -> ControlFlow<()>,
    ) -> MinCostOutcome {
        Self::check_count(k).expect("a count of best solutions from 1 to MAX_BEST");
        let mut stats = Stats::default();
        // The `k` best net costs found, a max-heap whose top is the cutoff.
        let mut best_costs: BinaryHeap<u64> = std::iter::repeat_n(INFINITE, k).collect();
        let mut best: Vec<(u64, u64, Vec<OptionId>)> = Vec::new();
        let mut found = 0u64;
        let mut clock = budget.start();
        let mut checkpoint = clock.first_checkpoint();
        let depth = (self.first_secondary as usize).max(1);
        let mut choice = vec![0u32; depth];
        let mut spent_at = vec![0u64; depth];
        let mut item_threshold = vec![0u64; depth];
        let mut option_threshold = vec![0u64; depth];
        let mut cutoff = INFINITE;
        let mut level = 0usize;
        let mut spent = 0u64;
        let mut item;
        let mut node;
        let mut next_cost;
        let stop = 'search: {
            if self.hopeless {
                stats.nodes = 1;
                break 'search StopReason::Complete;
            }
            // DLX5's steps as labeled loops: `forward` enters a node,
            // `advance` commits the option at `level`, `backup` and
            // `backdown` go back up.
            'forward: loop {
                if stats.nodes == checkpoint {
                    match clock.checkpoint(stats.nodes) {
                        ControlFlow::Continue(next) => checkpoint = next,
                        ControlFlow::Break(reason) => {
                            self.unwind(level, &choice, &item_threshold, &option_threshold);
                            break 'search reason;
                        }
                    }
                }
                stats.nodes += 1;
                stats.max_depth = stats.max_depth.max(level);
                let (chosen, count) = self.choose(spent, cutoff);
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
                    self.cover(item, item_threshold[level], &mut stats);
                }
                loop {
                    if !backing_down {
                        // Advance: commit the option at `level`.
                        option_threshold[level] = cutoff - next_cost;
                        self.commit(node, option_threshold[level], &mut stats);
                        if self.next[0] == 0 {
                            // A solution, which DLX5 counts as a node.
                            stats.nodes += 1;
                            stats.max_depth = stats.max_depth.max(level + 1);
                            best_costs.pop();
                            best_costs.push(next_cost);
                            cutoff = *best_costs.peek().expect("k > 0 costs");
                            found += 1;
                            let options: Vec<OptionId> = choice[..=level]
                                .iter()
                                .map(|&n| OptionId::new(self.option_of[n as usize] as usize))
                                .collect();
                            let solution = CostedSolution {
                                cost: self.total_tax + next_cost,
                                options,
                            };
                            let asked_stop = report(&solution).is_break();
                            best.push((next_cost, found, solution.options));
                            if asked_stop {
                                self.uncommit(node, option_threshold[level]);
                                self.uncover(item, item_threshold[level]);
                                self.unwind(level, &choice, &item_threshold, &option_threshold);
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
                        if level == 0 {
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
        stats.stop = stop;
        stats.solutions = found;
        // The best: the `k` cheapest found, cheapest first, the earlier
        // found first among equal costs.
        best.sort_by_key(|&(cost, order, _)| (cost, order));
        best.truncate(k);
        MinCostOutcome {
            best: best
                .into_iter()
                .map(|(cost, _, options)| CostedSolution {
                    cost: self.total_tax + cost,
                    options,
                })
                .collect(),
            stats,
            total_tax: self.total_tax,
        }
    }

    /// Undoes the levels above `level` (each with its item covered and its
    /// option committed) after a search stopped entering `level`.
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
