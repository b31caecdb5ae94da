//! Splitting a problem into tasks: the split's frontier, sized by Knuth's
//! estimates when asked.

use std::collections::BinaryHeap;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use bumpalo::Bump;

use super::{Choice, NodePath};
use crate::matrix::Template;
use crate::parallel::{SplitFrontier, split_frontier};
use crate::problem::{ItemId, ItemKind, Problem};
use crate::random::SplitMix64;
use crate::search::Solver;
use crate::visit::{Explorer, Progress, Solution, Stats, StopReason};

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
    split.outcome()
}

/// How a split estimates the size of each task: Knuth's random probes
/// ([`Solver::estimate`]) started at the task's node, `probes` of them
/// (none: no estimates), drawn from `seed` (the same seed, the same
/// estimates, and so the same task file), within a limit of updates in
/// all ([`work_limit_for`](Self::work_limit_for) the problem's size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizing {
    /// The probes per task; 0 for no estimate (then `--balance` probes
    /// once per subtree all the same: it needs sizes to compare).
    pub probes: u64,
    /// The seed of the first task's probes; each task's seed is the next
    /// number of a SplitMix64 stream from it.
    pub seed: u64,
    /// The most updates the probes may make in all ([`Estimate::work`],
    /// and the updates of going down to each task's node) on a problem of
    /// up to [`CACHED_ENTRIES`] entries, scaled down in proportion on a
    /// larger one (see [`work_limit_for`](Self::work_limit_for)): past it
    /// the probes stop, within one probe, and the split has no estimates
    /// (and `--balance` cuts no further), so that a split of a huge
    /// problem into many tasks ends in seconds. Counted, not timed: the
    /// same split gives the same file.
    ///
    /// [`Estimate::work`]: crate::engine::Estimate::work
    pub work_limit: u64,
}

/// The probes per task of [`Sizing::default`]: 15 queens cut into 200
/// tasks is sized in a quarter of a second, each task's estimate within
/// some tens of percent (pentominoes 6x10 balanced into 840 tasks: 3 s).
pub const DEFAULT_PROBES: u64 = 200;

/// The work limit of [`Sizing::default`]: about five seconds of probes
/// here (pentominoes 6x10 balanced into 840 tasks stays within it).
pub const DEFAULT_WORK_LIMIT: u64 = 500_000_000;

/// The entries of a problem up to which the probes may make the whole
/// [`Sizing::work_limit`]: its links then fit in the processor's nearest
/// caches (some hundreds of kilobytes). Past it updates miss the caches
/// more and more, up to tens of times slower (1,000 items and a million
/// random options of three: some hundreds of nanoseconds an update where
/// pentominoes take 13, and each probe makes two million of them), so the
/// limit shrinks in proportion as the problem grows: then the probes'
/// time stays about that of reading a problem of that size.
pub const CACHED_ENTRIES: usize = 1 << 14;

impl Sizing {
    /// The most updates the probes may make on a problem of `entries`
    /// entries: [`work_limit`](Self::work_limit) up to [`CACHED_ENTRIES`],
    /// then `work_limit * CACHED_ENTRIES / entries`.
    ///
    /// ```
    /// use dancing::task::{CACHED_ENTRIES, DEFAULT_WORK_LIMIT, Sizing};
    ///
    /// let sizing = Sizing::default();
    /// assert_eq!(sizing.work_limit_for(12_336), DEFAULT_WORK_LIMIT); // pentominoes 6x10
    /// assert_eq!(sizing.work_limit_for(4 * CACHED_ENTRIES), DEFAULT_WORK_LIMIT / 4);
    /// ```
    pub fn work_limit_for(&self, entries: usize) -> u64 {
        if entries <= CACHED_ENTRIES {
            self.work_limit
        } else {
            let scaled = u128::from(self.work_limit) * CACHED_ENTRIES as u128 / entries as u128;
            scaled as u64
        }
    }
}

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
    /// The work limit for this problem, and the updates the probes made.
    work_limit: u64,
    probe_work: u64,
    /// Why the split stopped short (the engine puts its request's reason).
    pub(crate) stopped: Option<StopReason>,
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
        let work_limit = sizing.work_limit_for(problem.entry_count());
        let mut prober = Prober::new(sizing, work_limit, monitor);
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
            work_limit,
            probe_work: prober.work,
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

    /// The most updates the probes could make on this problem
    /// ([`Sizing::work_limit_for`] its entries).
    pub fn work_limit(&self) -> u64 {
        self.work_limit
    }

    /// The updates the probes made, going down to each task's node
    /// included: at most one probe's past [`work_limit`](Self::work_limit).
    pub fn probe_work(&self) -> u64 {
        self.probe_work
    }

    /// The tasks, collected in the order of the search, with their
    /// estimates and why the split stopped short, if it did.
    pub fn outcome(&self) -> SplitOutcome {
        let mut tasks = Vec::with_capacity(self.len());
        let mut estimates = Vec::new();
        let walked: Result<(), std::convert::Infallible> = self.for_each(|task, estimate| {
            tasks.push(task.clone());
            estimates.extend(estimate);
            Ok(())
        });
        let Ok(()) = walked;
        SplitOutcome {
            tasks,
            estimates,
            stopped: self.stopped(),
        }
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
    /// The updates the probes made so far (going down to each subtree
    /// included), and the most they may.
    work: u64,
    work_limit: u64,
    monitor: &'m mut dyn FnMut(&Progress) -> ControlFlow<()>,
    asked: Instant,
    stopped: bool,
}

impl<'m> Prober<'m> {
    fn new(
        sizing: Sizing,
        work_limit: u64,
        monitor: &'m mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> Self {
        Prober {
            probes: sizing.probes.max(1),
            seeds: SplitMix64::new(sizing.seed),
            work: 0,
            work_limit,
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
        let before = solver.matrix_updates();
        solver.clear_selection();
        solver.reselect_from(0, path);
        // Going down to the node is work of the probes too: on a huge
        // problem it is tens of thousands of updates.
        self.work = self
            .work
            .saturating_add(solver.matrix_updates().saturating_sub(before));
        let left = self.work_limit.saturating_sub(self.work);
        let estimate = solver.estimate_within_updates(self.probes, seed, left);
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
pub(super) fn primaries(problem: &Problem) -> Vec<ItemId> {
    problem
        .items()
        .filter(|&item| problem.item_kind(item) == ItemKind::Primary)
        .collect()
}

/// The choice a node of a path makes.
pub(super) fn choice_of(solver: &Solver<'_>, primaries: &[ItemId], node: u32) -> Choice {
    match solver.option_of(node) {
        Some(option) => Choice::Option(option),
        // The null move: `node` is the header of a primary item, its column.
        None => Choice::Retire(primaries[node as usize - 1]),
    }
}
