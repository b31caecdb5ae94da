//! Splitting a problem into tasks, and running a task.

use std::collections::BinaryHeap;
use std::fmt;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use bumpalo::Bump;

use super::{Choice, NodePath};
use crate::config::SearchConfig;
use crate::matrix::Template;
use crate::parallel::{SplitFrontier, split_frontier};
use crate::problem::{ItemId, ItemKind, OptionId, Problem};
use crate::random::SplitMix64;
use crate::search::Solver;
use crate::visit::{Explorer, FnVisitor, Progress, Solution, Stats, StopReason, Visiting, Visitor};

/// The most tasks a split makes: past this many it stops deepening. A
/// task is a process somewhere (a job array's index, a line for GNU
/// parallel), and a million is more than any job array takes; the split's
/// frontier of that many paths takes about 200 MB, and its task file 25 MB.
/// (A cap of 2^24 would let a split take 3.4 GB and 9 s before it could
/// refuse a depth.)
pub const MAX_SPLIT_TASKS: usize = 1 << 20;

/// How far [`split`] cuts the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitGoal {
    /// At least this many subtrees (as the parallel search splits: level
    /// by level, stopping as soon as there are enough), unless the tree
    /// has fewer nodes.
    Tasks(usize),
    /// Every subtree at this depth (the tree's leaves above it are tasks
    /// too), unless that is more than [`MAX_SPLIT_TASKS`].
    Depth(usize),
}

/// The tasks of a split.
#[derive(Clone, Debug)]
pub struct SplitOutcome {
    /// The tasks' nodes, in the order of the search.
    pub tasks: Vec<NodePath>,
    /// Knuth's estimate of each task's number of nodes (see [`Sizing`]),
    /// in the order of `tasks`; empty when no probes were asked for.
    pub estimates: Vec<f64>,
    /// Why the split stopped short of its goal (the monitor), if it did;
    /// the tasks still cover the whole tree.
    pub stopped: Option<StopReason>,
}

/// Splits the search of `problem` (linked as `template`) into tasks, as
/// `goal` says: the parallel search's split pass, its subtrees and the
/// solutions it met written down as tasks that together explore the tree
/// once, each with Knuth's estimate of its size ([`Sizing::default`]'s
/// probes). With `balance`, subtrees that the estimate says are large are
/// cut further (into up to four times the tasks of the split), for tasks
/// of more even sizes. `monitor` is called every few milliseconds with the
/// progress, and stops the split by breaking (the tasks then have the
/// depth reached).
///
/// The tasks are collected; [`SplitTasks`] walks them one at a time.
pub fn split(
    problem: &Problem,
    template: &Template,
    goal: SplitGoal,
    balance: bool,
    monitor: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> SplitOutcome {
    split_sized(problem, template, goal, balance, Sizing::default(), monitor)
}

/// [`split`], the tasks' sizes estimated as `sizing` says.
pub fn split_sized(
    problem: &Problem,
    template: &Template,
    goal: SplitGoal,
    balance: bool,
    sizing: Sizing,
    monitor: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> SplitOutcome {
    let bump = Bump::new();
    let split = SplitTasks::sized(problem, template, &bump, goal, balance, sizing, monitor);
    let mut tasks = Vec::with_capacity(split.len());
    let mut estimates = Vec::new();
    let walked: Result<(), std::convert::Infallible> = split.for_each(|task, estimate| {
        tasks.push(task.clone());
        estimates.extend(estimate);
        Ok(())
    });
    let Ok(()) = walked;
    SplitOutcome {
        tasks,
        estimates,
        stopped: split.stopped(),
    }
}

/// How a split estimates the size of each task: Knuth's random probes
/// ([`Solver::estimate`]) started at the task's node, `probes` of them
/// (none: no estimates), drawn from `seed` (the same seed, the same
/// estimates, and so the same task file), within `work_limit` updates in
/// all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizing {
    /// The probes per task; 0 for no estimate (then `--balance` probes
    /// once per subtree all the same: it needs sizes to compare).
    pub probes: u64,
    /// The seed of the first task's probes; each task's seed is the next
    /// number of a SplitMix64 stream from it.
    pub seed: u64,
    /// The most updates the probes may make in all ([`Estimate::work`]):
    /// past it, the split has no estimates (and `--balance` cuts no
    /// further), so that a split of a huge problem into many tasks ends in
    /// seconds. Counted, not timed: the same split gives the same file.
    ///
    /// [`Estimate::work`]: crate::Estimate::work
    pub work_limit: u64,
}

/// The probes per task of [`Sizing::default`]: 15 queens cut into 200
/// tasks is sized in a quarter of a second, each task's estimate within
/// some tens of percent (pentominoes 6x10 balanced into 840 tasks: 3 s).
pub const DEFAULT_PROBES: u64 = 200;

/// The work limit of [`Sizing::default`]: about five seconds of probes
/// here (pentominoes 6x10 balanced into 840 tasks stays within it).
pub const DEFAULT_WORK_LIMIT: u64 = 500_000_000;

impl Default for Sizing {
    fn default() -> Sizing {
        Sizing {
            probes: DEFAULT_PROBES,
            seed: 0,
            work_limit: DEFAULT_WORK_LIMIT,
        }
    }
}

/// The tasks of a split, as [`split`] makes them, kept as the split pass
/// stores its frontier (a few bytes a task) and turned into [`NodePath`]s
/// one at a time, as often as needed: a task file is written (and its
/// identity hashed first) without holding every task's path at once (but
/// their estimates, 8 bytes a task). With `balance`, the frontier is held
/// as paths (the balancing reorders them).
pub struct SplitTasks<'b> {
    solver: Solver<'b>,
    primaries: Vec<ItemId>,
    frontier: Frontier,
    /// Each task's estimated nodes, when sized.
    estimates: Option<Vec<f64>>,
    /// Whether the probes passed the sizing's work limit (then there are
    /// no estimates).
    over_work_limit: bool,
    stopped: Option<StopReason>,
}

/// The frontier of a [`SplitTasks`].
enum Frontier {
    /// As the split pass left it.
    Compact(SplitFrontier),
    /// Balanced: every path with its estimated nodes, in the order of the
    /// search.
    Paths(Vec<(Vec<u32>, f64)>),
}

impl<'b> SplitTasks<'b> {
    /// Splits the search of `problem` (linked as `template`, searched in
    /// `bump`) as [`split`] does.
    pub fn new(
        problem: &Problem,
        template: &'b Template,
        bump: &'b Bump,
        goal: SplitGoal,
        balance: bool,
        monitor: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> SplitTasks<'b> {
        SplitTasks::sized(
            problem,
            template,
            bump,
            goal,
            balance,
            Sizing::default(),
            monitor,
        )
    }

    /// [`new`](Self::new), the tasks' sizes estimated as `sizing` says.
    /// The monitor stops the estimates too (the split is then stopped).
    pub fn sized(
        problem: &Problem,
        template: &'b Template,
        bump: &'b Bump,
        goal: SplitGoal,
        balance: bool,
        sizing: Sizing,
        monitor: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> SplitTasks<'b> {
        let mut solver = Solver::from_template(template, bump);
        let (target, max_depth) = match goal {
            SplitGoal::Tasks(count) => (count.clamp(1, MAX_SPLIT_TASKS), usize::MAX),
            SplitGoal::Depth(depth) => (MAX_SPLIT_TASKS, depth),
        };
        let frontier = split_frontier(
            &mut solver,
            template.max_depth(),
            target,
            max_depth,
            Duration::from_millis(50),
            monitor,
        );
        let mut stopped = frontier.stopped;
        let mut prober = Prober::new(sizing, monitor);
        // A split by depth that reached the cap is refused by its caller:
        // not worth sizing.
        let refused = matches!(goal, SplitGoal::Depth(_)) && frontier.len() >= MAX_SPLIT_TASKS;
        let (frontier, estimates) = if stopped.is_some() || refused {
            (Frontier::Compact(frontier), None)
        } else if balance {
            let paths = frontier.into_paths();
            let most = paths.len().saturating_mul(4);
            let paths = split_large(&mut solver, &mut prober, paths, most);
            let estimates =
                (sizing.probes > 0).then(|| paths.iter().map(|&(_, estimate)| estimate).collect());
            (Frontier::Paths(paths), estimates)
        } else if sizing.probes > 0 {
            let mut path = Vec::new();
            let estimates = (0..frontier.len())
                .map(|k| {
                    frontier.path(k, &mut path);
                    prober.nodes(&mut solver, &path)
                })
                .collect();
            (Frontier::Compact(frontier), Some(estimates))
        } else {
            (Frontier::Compact(frontier), None)
        };
        if prober.stopped {
            stopped = Some(StopReason::Interrupted);
        }
        let over_work_limit = prober.over_limit();
        SplitTasks {
            solver,
            primaries: primaries(problem),
            frontier,
            estimates: estimates.filter(|_| !over_work_limit),
            over_work_limit,
            stopped,
        }
    }

    /// The number of tasks.
    pub fn len(&self) -> usize {
        match &self.frontier {
            Frontier::Compact(frontier) => frontier.len(),
            Frontier::Paths(paths) => paths.len(),
        }
    }

    /// Whether there is no task (never: the root at least is one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Why the split stopped short of its goal (the monitor), if it did;
    /// the tasks still cover the whole tree.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// Whether the estimates passed the [`Sizing`]'s work limit: the tasks
    /// then have no estimates (and a balanced split is cut no further
    /// than it was then).
    pub fn over_work_limit(&self) -> bool {
        self.over_work_limit
    }

    /// Calls `visit` with each task in the order of the search, and its
    /// estimated nodes when the split was sized, until it fails.
    ///
    /// # Errors
    /// The first error of `visit`.
    pub fn for_each<E>(
        &self,
        mut visit: impl FnMut(&NodePath, Option<f64>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut previous = Vec::new();
        let mut path = Vec::new();
        let mut task = NodePath {
            own: 0,
            prefix: Vec::new(),
        };
        for k in 0..self.len() {
            match &self.frontier {
                Frontier::Compact(frontier) => frontier.path(k, &mut path),
                Frontier::Paths(paths) => {
                    path.clear();
                    path.extend_from_slice(&paths[k].0);
                }
            }
            task.own = owned_ancestors((k > 0).then_some(&previous[..]), &path);
            task.prefix.clear();
            task.prefix.extend(
                path.iter()
                    .map(|&node| choice_of(&self.solver, &self.primaries, node)),
            );
            visit(&task, self.estimates.as_ref().map(|estimates| estimates[k]))?;
            std::mem::swap(&mut previous, &mut path);
        }
        Ok(())
    }
}

/// Knuth's estimates of subtrees, for a split: each from the probes of a
/// [`Sizing`] (at least one) and the next seed of its stream, the monitor
/// asked every few milliseconds (once it breaks, every estimate is 0 and
/// [`stopped`](Self::stopped) is set; so once the work limit is passed).
struct Prober<'m> {
    probes: u64,
    seeds: SplitMix64,
    /// The updates the probes made so far, and the most they may.
    work: u64,
    work_limit: u64,
    monitor: &'m mut dyn FnMut(&Progress) -> ControlFlow<()>,
    asked: Instant,
    stopped: bool,
}

impl<'m> Prober<'m> {
    fn new(sizing: Sizing, monitor: &'m mut dyn FnMut(&Progress) -> ControlFlow<()>) -> Self {
        Prober {
            probes: sizing.probes.max(1),
            seeds: SplitMix64::new(sizing.seed),
            work: 0,
            work_limit: sizing.work_limit,
            monitor,
            asked: Instant::now(),
            stopped: false,
        }
    }

    /// The estimated nodes of the subtree at `path` (its node included).
    fn nodes(&mut self, solver: &mut Solver<'_>, path: &[u32]) -> f64 {
        let seed = self.seeds.next_u64();
        if !self.stopped && self.asked.elapsed() >= Duration::from_millis(50) {
            self.asked = Instant::now();
            let progress = Progress {
                stats: Stats {
                    stop: StopReason::Running,
                    ..Stats::default()
                },
                fraction: 0.0,
            };
            self.stopped = (self.monitor)(&progress).is_break();
        }
        if self.stopped || self.over_limit() {
            return 0.0;
        }
        solver.clear_selection();
        solver.reselect_from(0, path);
        let estimate = solver.estimate(self.probes, seed);
        solver.clear_selection();
        self.work = self.work.saturating_add(estimate.work);
        estimate.nodes.mean
    }

    /// Whether the probes have passed the work limit.
    fn over_limit(&self) -> bool {
        self.work > self.work_limit
    }
}

/// How much larger than the mean a subtree may be estimated before
/// [`split_large`] cuts it into its children.
const LARGE: f64 = 2.0;

/// Estimates every subtree of `paths` (the split pass's, whose weights are
/// dropped) with `prober`, then cuts the one estimated largest into its
/// children (each estimated in turn), again and again, until none is more
/// than [`LARGE`] times the mean or there are `most` tasks; then puts the
/// tasks back in the order of the search, so that they still explore the
/// tree once. Each path comes back with its estimated nodes.
fn split_large(
    solver: &mut Solver<'_>,
    prober: &mut Prober<'_>,
    paths: Vec<(Vec<u32>, f64)>,
    most: usize,
) -> Vec<(Vec<u32>, f64)> {
    let most = most.min(MAX_SPLIT_TASKS);
    let mut paths: Vec<(Vec<u32>, f64)> = paths
        .into_iter()
        .map(|(path, _)| {
            let estimate = prober.nodes(solver, &path);
            (path, estimate)
        })
        .collect();
    // The sum of the estimates of the tasks as they stand.
    let mut total: f64 = paths.iter().map(|(_, estimate)| estimate).sum();
    let mut heap: BinaryHeap<(Weight, usize)> = paths
        .iter()
        .enumerate()
        .map(|(index, (_, estimate))| (Weight(*estimate), index))
        .collect();
    let mut children = Vec::new();
    while let Some((Weight(estimate), index)) = heap.pop() {
        if prober.stopped || paths.len() >= most || estimate <= LARGE * total / paths.len() as f64 {
            break;
        }
        let path = paths[index].0.clone();
        solver.clear_selection();
        solver.reselect_from(0, &path);
        children.clear();
        solver.explore_to(
            path.len() + 1,
            &mut Weighed {
                children: &mut children,
            },
        );
        // A leaf (a solution or a dead end) stays as it is, out of the heap.
        for (k, &(node, _)) in children.iter().enumerate() {
            let mut child = path.clone();
            child.push(node);
            let size = prober.nodes(solver, &child);
            let place = if k == 0 {
                // The cut node itself is the first child's to explore.
                total -= estimate;
                paths[index] = (child, size);
                index
            } else {
                paths.push((child, size));
                paths.len() - 1
            };
            total += size;
            heap.push((Weight(size), place));
        }
    }
    solver.clear_selection();
    // Siblings are in an item's list in the order of their nodes, but for
    // Algorithm M's null move (the item's header), which comes last.
    let key = |node: u32| {
        if solver.option_of(node).is_some() {
            node
        } else {
            u32::MAX
        }
    };
    paths.sort_by_cached_key(|(path, _)| path.iter().map(|&node| key(node)).collect::<Vec<u32>>());
    paths
}

/// A weight that orders as `f64::total_cmp` does, for the heap.
#[derive(Clone, Copy, PartialEq)]
struct Weight(f64);

impl Eq for Weight {}

impl PartialOrd for Weight {
    fn partial_cmp(&self, other: &Weight) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Weight {
    fn cmp(&self, other: &Weight) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// The explorer that keeps a node's children with their estimated shares.
struct Weighed<'a> {
    children: &'a mut Vec<(u32, f64)>,
}

impl Explorer for Weighed<'_> {
    fn solution(&mut self, _solution: &Solution<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn frontier(&mut self, node: u32, weight: f64) -> ControlFlow<()> {
        self.children.push((node, weight));
        ControlFlow::Continue(())
    }
}

/// How many of the deepest ancestors of the node at `path` no task before
/// it (the one at `previous`, in the order of the search) has: those the
/// task explores. An ancestor of both shares their common part, and the
/// tasks in between are below it too, so comparing with the previous task
/// is enough.
fn owned_ancestors(previous: Option<&[u32]>, path: &[u32]) -> usize {
    let Some(previous) = previous else {
        return path.len();
    };
    let common = previous
        .iter()
        .zip(path)
        .take_while(|(a, b)| a == b)
        .count();
    // The ancestors of depth 0..=common that are ancestors of `previous`.
    let shared = (common + 1).min(previous.len()).min(path.len());
    path.len() - shared
}

/// The primary items, by matrix column (column `c` is entry `c - 1`).
fn primaries(problem: &Problem) -> Vec<ItemId> {
    problem
        .items()
        .filter(|&item| problem.item_kind(item) == ItemKind::Primary)
        .collect()
}

/// The choice a node of a path makes.
fn choice_of(solver: &Solver<'_>, primaries: &[ItemId], node: u32) -> Choice {
    match solver.option_of(node) {
        Some(option) => Choice::Option(option),
        // The null move: `node` is the header of a primary item, its column.
        None => Choice::Retire(primaries[node as usize - 1]),
    }
}

/// A task whose path is not a path of the search tree: it was written for
/// another problem, or by hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrefixError {
    /// The level of the first choice that the search does not make there.
    pub level: usize,
    /// The choice at that level.
    pub choice: Choice,
}

impl fmt::Display for PrefixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "choice {} (`{}`) is not a move of the search at that point: the task is not a node of this problem's search tree",
            self.level + 1,
            self.choice
        )
    }
}

impl std::error::Error for PrefixError {}

/// What running a task did.
#[derive(Clone, Debug)]
pub struct TaskOutcome {
    /// The statistics of the part explored: the owned ancestors, and every
    /// node the search below the task entered before it stopped (none is
    /// explored again by the frontier; entering a frontier node is its
    /// task's to count). `solutions` counts every solution the visitor saw.
    pub stats: Stats,
    /// When the search stopped early: the node it was about to enter, and
    /// the siblings after each node on its way down from the task's node
    /// not yet reached, as new tasks in the order of the search, each with
    /// its whole path from the root and owning nothing. The finished part
    /// and these tasks together explore the task's tree exactly once: their
    /// nodes, updates, cleansings and solutions add up to the task's.
    pub frontier: Vec<NodePath>,
}

/// Runs tasks of one problem, one after the other, on one thread.
pub struct TaskRunner<'b> {
    solver: Solver<'b>,
    primaries: Vec<ItemId>,
    /// The selected task: its path (as choices and as nodes), and the
    /// statistics of its owned ancestors.
    prefix: Vec<Choice>,
    path: Vec<u32>,
    owned: Stats,
    /// Scratch: the children of a node.
    children: Vec<u32>,
    config: SearchConfig,
}

impl<'b> TaskRunner<'b> {
    /// A runner for tasks of `problem`, linked as `template`, in `bump`.
    pub fn new(problem: &Problem, template: &'b Template, bump: &'b Bump) -> TaskRunner<'b> {
        TaskRunner {
            solver: Solver::from_template(template, bump),
            primaries: primaries(problem),
            prefix: Vec::new(),
            path: Vec::new(),
            owned: Stats::default(),
            children: Vec::new(),
            config: SearchConfig::new(),
        }
    }

    /// Runs later tasks as `config` says: its node limit holds for each
    /// task as a whole (its threads do not matter: a runner is one thread).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Selects `task`'s node, checking each choice against the moves the
    /// search makes there, and explores the ancestors it owns.
    ///
    /// # Errors
    /// If a choice is not one of the search's moves at its level; nothing
    /// is selected then.
    pub fn select(&mut self, task: &NodePath) -> Result<(), PrefixError> {
        self.solver.clear_selection();
        self.solver.set_config(SearchConfig::new());
        self.path.clear();
        self.owned = Stats::default();
        let owned_from = task.prefix.len().saturating_sub(task.own);
        for (level, &choice) in task.prefix.iter().enumerate() {
            let stats = self.expand(&mut Ignore);
            if level >= owned_from {
                add(&mut self.owned, &stats);
            }
            let found = self
                .children
                .iter()
                .copied()
                .find(|&node| choice_of(&self.solver, &self.primaries, node) == choice);
            let Some(node) = found else {
                self.solver.clear_selection();
                self.path.clear();
                return Err(PrefixError { level, choice });
            };
            self.solver.reselect_from(level, &[node]);
            self.path.push(node);
        }
        self.prefix.clone_from(&task.prefix);
        Ok(())
    }

    /// The children of the selected node into `self.children`, exploring
    /// that one node as the search does (its solution, if it is one, goes
    /// to `explorer`).
    fn expand<E: Explorer>(&mut self, explorer: &mut E) -> Stats {
        self.expand_at(self.path.len(), explorer)
    }

    /// [`expand`](Self::expand) for a selection of `level` choices.
    fn expand_at<E: Explorer>(&mut self, level: usize, explorer: &mut E) -> Stats {
        self.children.clear();
        let mut expansion = Expansion {
            inner: explorer,
            children: &mut self.children,
        };
        self.solver.explore_to(level + 1, &mut expansion)
    }

    /// Runs the selected task, reporting its solutions and progress to
    /// `visitor` (whose stop, the node limit, or a checkpoint that breaks,
    /// ends the run with a frontier). Returns what it did, or the
    /// visitor's error.
    pub fn run<V: Visitor>(&mut self, visitor: V) -> Result<TaskOutcome, V::Error> {
        let mut visiting = Visiting::new(visitor);
        // The owned ancestors count against the task's node limit.
        let left = self
            .config
            .get_node_limit()
            .map(|limit| limit.saturating_sub(self.owned.nodes));
        let mut stats = self.owned;
        self.solver.set_config(self.config.clone().node_limit(left));
        let below = self.solver.explore_to(usize::MAX, &mut visiting);
        self.solver.set_config(SearchConfig::new());
        add(&mut stats, &below);
        let frontier = if below.is_complete() {
            Vec::new()
        } else {
            self.frontier_of_stop(below.stop, &mut stats)
        };
        stats.stop = below.stop;
        let (stats, result) = visiting.finish(stats);
        result.map(|_| TaskOutcome { stats, frontier })
    }

    /// The frontier a search below the selected task left when it stopped
    /// (as `stop` says) at the node of `Solver::stopped_path`: that node,
    /// unless it was entered (a solution the visitor stopped at), then the
    /// siblings after each node on the way up, deepest first, which is the
    /// order of the search. Each is a task with its whole path from the
    /// root.
    ///
    /// A search counts the updates (and cleansings) of entering each node
    /// it enters, and so does a task for its own node. So the frontier's
    /// siblings, which the search never entered, need nothing; but the
    /// node it stopped on entering (the task's own, if the search stopped
    /// at once) was entered, its option committed, before the stop, and
    /// its task counts that again: it is taken out of `finished`, so that
    /// the finished part and the frontier add up to the task's figures
    /// exactly.
    fn frontier_of_stop(&mut self, stop: StopReason, finished: &mut Stats) -> Vec<NodePath> {
        let below: Vec<u32> = self.solver.stopped_path()[self.path.len()..].to_vec();
        let base = self.path.len();
        let mut frontier = Vec::new();
        let mut push = |runner: &TaskRunner<'_>, tail: &[u32], last: Option<u32>| {
            let mut prefix = runner.prefix.clone();
            prefix.extend(
                tail.iter()
                    .chain(&last)
                    .map(|&node| choice_of(&runner.solver, &runner.primaries, node)),
            );
            frontier.push(NodePath { own: 0, prefix });
        };
        // A stop on entering a node leaves it uncounted; the visitor stops
        // at a solution it has counted.
        if stop != StopReason::Visitor {
            push(self, &below, None);
            self.solver.reselect_from(base, &below);
            let (updates, cleansings) = self.solver.entering_cost();
            finished.updates -= updates;
            finished.cleansings -= cleansings;
        }
        for level in (0..below.len()).rev() {
            let (above, child) = (&below[..level], below[level]);
            self.solver.reselect_from(base, above);
            self.expand_at(base + level, &mut Ignore);
            let children = std::mem::take(&mut self.children);
            let place = children
                .iter()
                .position(|&node| node == child)
                .expect("the search stopped below one of the node's children");
            for &sibling in &children[place + 1..] {
                push(self, above, Some(sibling));
            }
            self.children = children;
        }
        self.solver.reselect_from(base, &[]);
        frontier
    }

    /// Cuts the selected task's tree level by level, as the split does,
    /// until it has `target` subtrees (or `node_limit` nodes are spent, or
    /// `stop` says to stop): what the cut explored (the owned ancestors and
    /// the nodes it expanded, each counted once), and the pieces it left,
    /// in the order of the search: subtrees as tasks below this one, and
    /// the solutions it met. Running every subtree piece as a
    /// task then completes the task exactly.
    pub(super) fn split_below(
        &mut self,
        target: usize,
        node_limit: u64,
        stop: &dyn Fn() -> bool,
    ) -> Below {
        enum Cut {
            Subtree(Vec<u32>),
            Solution(Vec<u32>, Vec<OptionId>, (u64, u64)),
        }
        let base = self.path.len();
        let mut stats = self.owned;
        let mut halted = false;
        let mut cuts = vec![Cut::Subtree(Vec::new())];
        let subtrees = |cuts: &[Cut]| {
            cuts.iter()
                .filter(|cut| matches!(cut, Cut::Subtree(_)))
                .count()
        };
        while !halted && (1..target).contains(&subtrees(&cuts)) {
            let mut live = subtrees(&cuts);
            let mut next = Vec::with_capacity(cuts.len() * 2);
            for cut in cuts {
                let path = match cut {
                    Cut::Subtree(path) if !halted && live < target => path,
                    other => {
                        next.push(other);
                        continue;
                    }
                };
                if stats.nodes >= node_limit || stop() {
                    halted = true;
                    next.push(Cut::Subtree(path));
                    continue;
                }
                self.solver.reselect_from(base, &path);
                let mut keep = KeepSolution(None);
                let expanded = self.expand_at(base + path.len(), &mut keep);
                add(&mut stats, &expanded);
                if let Some(options) = keep.0 {
                    let entering = self.solver.entering_cost();
                    next.push(Cut::Solution(path.clone(), options, entering));
                }
                live = live - 1 + self.children.len();
                for &child in &self.children {
                    let mut below = path.clone();
                    below.push(child);
                    next.push(Cut::Subtree(below));
                }
            }
            cuts = next;
        }
        self.solver.reselect_from(base, &[]);
        let pieces = cuts
            .into_iter()
            .map(|cut| {
                let (path, options) = match cut {
                    Cut::Subtree(path) => (path, None),
                    Cut::Solution(path, options, entering) => (path, Some((options, entering))),
                };
                let mut prefix = self.prefix.clone();
                prefix.extend(
                    path.iter()
                        .map(|&node| choice_of(&self.solver, &self.primaries, node)),
                );
                let task = NodePath { own: 0, prefix };
                match options {
                    None => Piece::Subtree(task),
                    Some((options, entering)) => Piece::Solution {
                        task,
                        options,
                        entering,
                    },
                }
            })
            .collect();
        Below {
            stats,
            pieces,
            halted,
        }
    }

    /// Runs the selected task to the end (or the node limit), counting.
    pub fn count(&mut self) -> TaskOutcome {
        let counting = FnVisitor {
            solution: |_: &Solution<'_>| ControlFlow::Continue(()),
            progress: |_: &Progress| ControlFlow::Continue(()),
        };
        let Ok(outcome) = self.run(counting);
        outcome
    }
}

/// A task's tree cut by [`TaskRunner::split_below`].
pub(super) struct Below {
    /// What the cut explored itself.
    pub(super) stats: Stats,
    /// The pieces it left, in the order of the search.
    pub(super) pieces: Vec<Piece>,
    /// Whether the node limit or the stop ended the cut early.
    pub(super) halted: bool,
}

/// A piece of a cut task: a subtree to search, or a solution the cut
/// found (counted in its figures), with its path.
pub(super) enum Piece {
    Subtree(NodePath),
    Solution {
        task: NodePath,
        options: Vec<OptionId>,
        /// What entering its node cost (updates, cleansings), counted by
        /// the cut with the node.
        entering: (u64, u64),
    },
}

/// Adds the figures of a finished search to `sum`.
pub(super) fn add(sum: &mut Stats, stats: &Stats) {
    sum.nodes += stats.nodes;
    sum.updates += stats.updates;
    sum.cleansings += stats.cleansings;
    sum.solutions += stats.solutions;
    sum.max_depth = sum.max_depth.max(stats.max_depth);
}

/// The explorer of one node's expansion: its children are kept, its
/// solution and progress passed on.
struct Expansion<'a, E> {
    inner: &'a mut E,
    children: &'a mut Vec<u32>,
}

impl<E: Explorer> Explorer for Expansion<'_, E> {
    fn solution(&mut self, solution: &Solution<'_>) -> ControlFlow<()> {
        self.inner.solution(solution)
    }

    fn frontier(&mut self, node: u32, _weight: f64) -> ControlFlow<()> {
        self.children.push(node);
        ControlFlow::Continue(())
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        self.inner.checkpoint(progress)
    }
}

/// The explorer of an expansion that keeps the node's solution, if it is
/// one.
struct KeepSolution(Option<Vec<OptionId>>);

impl Explorer for KeepSolution {
    fn solution(&mut self, solution: &Solution<'_>) -> ControlFlow<()> {
        self.0 = Some(solution.options().to_vec());
        ControlFlow::Continue(())
    }
}

/// An explorer that ignores everything.
struct Ignore;

impl Explorer for Ignore {
    fn solution(&mut self, _solution: &Solution<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}
