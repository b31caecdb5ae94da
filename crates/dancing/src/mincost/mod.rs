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

mod best;
mod choice;
mod links;
mod search;
mod threads;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::problem::{ItemKind, OptionId, Problem};
use crate::visit::{Stats, StopReason};
use choice::ChoiceTree;

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
    /// A subtree's path holds one of Algorithm M's moves (an item
    /// retired), which only a problem with bounds has, and DLX5 has none.
    Retire,
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
            MinCostError::Retire => {
                f.write_str("a path with Algorithm M's moves, from a problem with bounds")
            }
        }
    }
}

impl std::error::Error for MinCostError {}

/// Whether the `k` cheapest solutions of `problem` can be searched for, as
/// [`Engine::best`](crate::Engine::best) and
/// [`Engine::best_task`](crate::Engine::best_task) would say, before
/// anything is linked (a front end that must refuse early).
///
/// ```
/// use dancing::mincost::{MinCostError, check};
///
/// let costed = dancing::format::read_str("a b\na b |5\n")?.problem;
/// assert_eq!(check(&costed, 3), Ok(()));
/// assert_eq!(check(&costed, 0), Err(MinCostError::BadCount(0)));
/// let bounded = dancing::format::read_str("2:3|a\na\n")?.problem;
/// assert_eq!(check(&bounded, 1), Err(MinCostError::Bounds));
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
///
/// # Errors
/// [`MinCostError::BadCount`] if `k` is 0 or above [`MAX_BEST`], else
/// [`MinCostError::Bounds`] if the problem has item bounds.
pub fn check(problem: &Problem, k: usize) -> Result<(), MinCostError> {
    MinCostSolver::check_count(k)?;
    check_problem(problem)
}

/// Whether DLX5 can search `problem`: not with item bounds.
fn check_problem(problem: &Problem) -> Result<(), MinCostError> {
    if problem.has_bounds() {
        Err(MinCostError::Bounds)
    } else {
        Ok(())
    }
}

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
    /// The choice's tree of summaries, for a problem of many primary items
    /// (see [`choice`]).
    tree: Option<ChoiceTree>,
    /// The steps of the choices (items and summaries looked at), for the
    /// tests of their work.
    #[cfg(test)]
    choice_steps: tests::Steps,
}

/// Its size and taxes, not its links.
impl fmt::Debug for MinCostSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MinCostSolver")
            .field("nodes", &self.nodes.len())
            .field("total_tax", &self.total_tax)
            .field("hopeless", &self.hopeless)
            .finish_non_exhaustive()
    }
}

impl MinCostSolver {
    /// Links `problem` for the minimum-cost search: taxes assessed, lists
    /// sorted by net cost.
    ///
    /// # Errors
    /// [`MinCostError::Bounds`] if the problem has item bounds.
    pub fn new(problem: &Problem) -> Result<MinCostSolver, MinCostError> {
        check_problem(problem)?;
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
            tree: None,
            #[cfg(test)]
            choice_steps: tests::Steps::default(),
        };
        solver.assess_taxes();
        for item in 1..first_node {
            solver.sort_list(item);
        }
        solver.tree = ChoiceTree::for_items(problem.primary_count());
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
}
