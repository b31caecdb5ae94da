//! The split pass: the top of the search tree, explored on the caller's
//! thread level by level until it has enough subtrees to share out.
//!
//! The frontier starts as the root alone. A pass over it *expands* each
//! subtree in order: its path is selected (moving from the previous one,
//! which costs about what a search moving there does, see
//! `Solver::reselect`), and the search explores that one node, counting it
//! as the full search would and leaving its children as new subtrees:
//! listed, not entered (entering a child, committing its option, can cost
//! as much as the whole problem's size, and a node may have a million
//! children). Entering a node is counted by the search that explores it:
//! the next expansion, or a worker's search.
//! Passes go on until there are `target` subtrees (a pass stops expanding as
//! soon as there are), or none are left (the split found every solution).
//! No node is explored twice, so the split costs what the same nodes cost
//! one thread, and a tree that is a long path (a subtree per level) splits
//! in time linear in its depth.
//!
//! Tasks keep the order of the full search, and the paths are stored as a
//! tree (each step names its parent), so a task takes a few bytes whatever
//! its depth. Consecutive tasks are then grouped into *units* of about equal
//! estimated size: a unit is what a worker takes at once, which bounds the
//! number of handovers when a node has a million children.

use std::ops::ControlFlow;
use std::time::Duration;

use crate::clock::Instant;
use crate::search::Subsearch;
use crate::visit::{Explorer, Progress, Solution, Stats, StopReason};

/// No parent: a step (or task) at the root.
const ROOT: u32 = u32::MAX;

/// Steps the split stores at most before it stops expanding: one expansion
/// adds fewer steps than the matrix has nodes (below 2^30), so step numbers
/// stay below [`ROOT`].
const STEP_CAP: usize = 1 << 31;

/// The most tasks one expansion makes, per subtree wanted, when runs of
/// siblings are allowed: a node with more children than that gives runs of
/// consecutive children, so a root with ten million options costs a few
/// thousand tasks (4,096 for the default 2 x 64 wanted), not ten million
/// (36 bytes and a handover each).
const CHILD_TASKS_PER_TARGET: u64 = 32;

/// Children an expansion lists between looks at the clock: a node with
/// millions of children takes tenths of a second to expand, longer than a
/// stop may wait, while a look at the clock per child would cost more
/// than listing it.
const CHILDREN_PER_CLOCK_CHECK: u64 = 1 << 14;

/// One step of a path: the option node chosen, the step before it, and
/// the length of the path up to it.
#[derive(Clone, Copy, Debug)]
struct Step {
    parent: u32,
    node: u32,
    depth: u32,
}

/// The path a solver has selected, as steps, to move it to another task's
/// path in time proportional to the part that changes.
#[derive(Debug, Default)]
pub(super) struct Cursor {
    /// The steps of the selection, from the root.
    steps: Vec<u32>,
    /// Scratch: the steps to add, deepest first, and their nodes.
    added: Vec<u32>,
    nodes: Vec<u32>,
}

/// A node of the search tree at the frontier: a subtree to search (a
/// task), or a solution or dead end the split found.
#[derive(Clone, Copy, Debug)]
pub(super) struct Subtree {
    /// The last step of its path, or [`ROOT`].
    path: u32,
    /// Whether the node is a solution rather than a subtree.
    pub(super) solution: bool,
    /// Whether the node is a dead end (kept only when the budget says so).
    dead_end: bool,
    /// The siblings after the node's that the task searches too (a run,
    /// see `Solver::explore_run`); 0 for a single subtree.
    pub(super) siblings: u32,
    /// Knuth's estimate of the share of the whole tree below the node (and
    /// its run).
    pub(super) weight: f64,
}

impl Subtree {
    /// Whether the node is still to search (neither a solution nor a
    /// dead end).
    fn is_open(&self) -> bool {
        !self.solution && !self.dead_end
    }

    /// The last step of the task's path.
    pub(super) fn path(&self) -> u32 {
        self.path
    }
}

/// A run of consecutive tasks, taken by one worker at once.
#[derive(Clone, Copy, Debug)]
pub(super) struct Unit {
    pub(super) start: usize,
    pub(super) end: usize,
    /// The sum of its tasks' weights.
    pub(super) weight: f64,
}

/// The outcome of the split pass.
#[derive(Debug, Default)]
pub(super) struct Split {
    steps: Vec<Step>,
    pub(super) tasks: Vec<Subtree>,
    pub(super) units: Vec<Unit>,
    /// What the split itself explored: the nodes above the frontier.
    pub(super) stats: Stats,
    /// Nodes per level of the split, as long as the solver's profile.
    pub(super) profile: Vec<u64>,
    /// Why the split stopped early (a budget or the monitor), if it did.
    pub(super) stopped: Option<StopReason>,
    /// The estimated share of the tree the split explored itself (its
    /// solutions and dead ends), when it stopped.
    pub(super) explored: f64,
}

/// The limits and the monitor of a split pass.
pub(super) struct SplitBudget<'m> {
    /// Subtrees wanted.
    pub(super) target: usize,
    /// The depth below which no subtree is expanded (`usize::MAX` for
    /// none): a split to a fixed depth.
    pub(super) max_depth: usize,
    /// Whether dead ends stay in the frontier as tasks (the task split
    /// needs every node it explored to belong to a task).
    pub(super) keep_dead_ends: bool,
    /// Whether a node with very many children may give runs of siblings
    /// as tasks (see [`CHILD_TASKS_PER_TARGET`]); a split whose tasks are paths
    /// (the task files) says no.
    pub(super) sibling_runs: bool,
    /// Nodes the whole search may take.
    pub(super) node_limit: u64,
    /// How often to call the monitor.
    pub(super) interval: Duration,
    pub(super) monitor: &'m mut dyn FnMut(&Progress) -> ControlFlow<()>,
}

impl Split {
    /// Splits the search of `solver` (which has nothing selected).
    pub(super) fn run<S: Subsearch>(
        solver: &mut S,
        depth_limit: usize,
        budget: SplitBudget<'_>,
    ) -> Split {
        let mut split = Split {
            tasks: vec![Subtree {
                path: ROOT,
                solution: false,
                dead_end: false,
                siblings: 0,
                weight: 1.0,
            }],
            profile: vec![0; depth_limit + 1],
            ..Split::default()
        };
        let mut cursor = Cursor::default();
        let mut last_report = Instant::now();
        // The weight of the solutions and dead ends the split has met.
        let mut finished = 0.0;
        'passes: loop {
            let subtrees = split.subtrees();
            if subtrees == 0 || subtrees >= budget.target {
                break;
            }
            let mut next = Vec::with_capacity(split.tasks.len() * 2);
            let mut live = subtrees;
            let mut expanded = false;
            let tasks = std::mem::take(&mut split.tasks);
            let mut pending = tasks.into_iter();
            for task in pending.by_ref() {
                if !task.is_open()
                    || task.siblings > 0
                    || live >= budget.target
                    || split.steps.len() >= STEP_CAP
                    || split.depth_of(task.path) >= budget.max_depth
                {
                    next.push(task);
                    continue;
                }
                expanded = true;
                split.move_to(&mut cursor, task.path, solver);
                let depth = cursor.depth();
                let before = next.len();
                let steps_before = split.steps.len();
                let mut expansion = ChildCollector {
                    parent: task.path,
                    depth: depth as u32 + 1,
                    weight: task.weight,
                    steps: &mut split.steps,
                    out: &mut next,
                    solution: false,
                    child_tasks_cap: if budget.sibling_runs && solver.runs_siblings() {
                        (budget.target as u64).saturating_mul(CHILD_TASKS_PER_TARGET)
                    } else {
                        u64::MAX
                    },
                    run_length: 0,
                    open_run: false,
                    watch: Watch {
                        listed: 0,
                        last_report: &mut last_report,
                        interval: budget.interval,
                        monitor: &mut *budget.monitor,
                        progress: Progress {
                            stats: Stats {
                                stop: StopReason::Running,
                                ..split.stats
                            },
                            fraction: finished,
                        },
                        stopped: false,
                    },
                };
                let stats = solver.explore_to(depth + 1, &mut expansion);
                if expansion.watch.stopped {
                    // Stopped among the children: the node stays a task of
                    // its own, unexpanded and uncounted, so that the tasks
                    // still cover the tree.
                    next.truncate(before);
                    split.steps.truncate(steps_before);
                    next.push(task);
                    split.stopped = Some(StopReason::Interrupted);
                    split.explored = finished;
                    next.extend(pending);
                    split.tasks = next;
                    break 'passes;
                }
                let solution = expansion.solution;
                split.add(&stats, solver.counted_profile());
                let children = next.len() - before;
                if solution {
                    next.push(Subtree {
                        solution: true,
                        ..task
                    });
                }
                if children == 0 {
                    finished += task.weight;
                    if !solution && budget.keep_dead_ends {
                        next.push(Subtree {
                            dead_end: true,
                            ..task
                        });
                    }
                }
                live = live - 1 + children;
                // Runs only come from an expansion with more children than
                // any target, so the pass is over (`live >= target`).
                let over_budget = split.stats.nodes >= budget.node_limit;
                if over_budget || last_report.elapsed() >= budget.interval {
                    last_report = Instant::now();
                    let progress = Progress {
                        stats: Stats {
                            stop: StopReason::Running,
                            ..split.stats
                        },
                        fraction: finished,
                    };
                    let reason = if over_budget {
                        Some(StopReason::NodeLimit)
                    } else if (budget.monitor)(&progress).is_break() {
                        Some(StopReason::Interrupted)
                    } else {
                        None
                    };
                    if reason.is_some() {
                        split.stopped = reason;
                        split.explored = finished;
                        next.extend(pending);
                        split.tasks = next;
                        break 'passes;
                    }
                }
            }
            split.tasks = next;
            if !expanded {
                // Every subtree is at the depth limit.
                break;
            }
        }
        solver.clear_selection();
        split.stats.stop = split.stopped.unwrap_or(StopReason::Complete);
        split.group(budget.target);
        split
    }

    /// The number of subtrees (tasks that are not solutions).
    pub(super) fn subtrees(&self) -> usize {
        self.tasks.iter().filter(|task| task.is_open()).count()
    }

    /// The option nodes on the way to `task`, from the root, into `path`.
    pub(super) fn task_path(&self, task: &Subtree, path: &mut Vec<u32>) {
        self.path(task.path, path);
    }

    /// Moves `solver`, whose selection is the path of `cursor`, to the path
    /// ending at `step`: only the steps below the deepest one the two paths
    /// share are visited.
    pub(super) fn move_to<S: Subsearch>(&self, cursor: &mut Cursor, step: u32, solver: &mut S) {
        cursor.added.clear();
        let mut at = step;
        while at != ROOT {
            let Step { parent, depth, .. } = self.steps[at as usize];
            if cursor.steps.get(depth as usize - 1) == Some(&at) {
                break;
            }
            cursor.added.push(at);
            at = parent;
        }
        let common = if at == ROOT {
            0
        } else {
            self.steps[at as usize].depth as usize
        };
        cursor.steps.truncate(common);
        cursor.nodes.clear();
        for &added in cursor.added.iter().rev() {
            cursor.steps.push(added);
            cursor.nodes.push(self.steps[added as usize].node);
        }
        solver.reselect_from(common, &cursor.nodes);
    }

    /// The length of the path ending at `step`.
    fn depth_of(&self, step: u32) -> usize {
        if step == ROOT {
            0
        } else {
            self.steps[step as usize].depth as usize
        }
    }

    fn path(&self, mut step: u32, path: &mut Vec<u32>) {
        path.clear();
        while step != ROOT {
            let Step { parent, node, .. } = self.steps[step as usize];
            path.push(node);
            step = parent;
        }
        path.reverse();
    }

    fn add(&mut self, stats: &Stats, (from, profile): (usize, &[u64])) {
        self.stats.nodes += stats.nodes;
        self.stats.updates += stats.updates;
        self.stats.cleansings += stats.cleansings;
        self.stats.solutions += stats.solutions;
        self.stats.max_depth = self.stats.max_depth.max(stats.max_depth);
        for (sum, &count) in self.profile[from..].iter_mut().zip(profile) {
            *sum += count;
        }
    }

    /// Groups the tasks into units of consecutive tasks: a unit closes when
    /// it holds a `1 / target` share of the subtrees' weight or of their
    /// number, so there are at most about `2 * target` units, and a task
    /// estimated to be large is a unit of its own.
    fn group(&mut self, target: usize) {
        let target = target.max(1);
        let total: f64 = self
            .tasks
            .iter()
            .filter(|task| task.is_open())
            .map(|task| task.weight)
            .sum();
        let weight_share = total / target as f64;
        let count_share = self.tasks.len().div_ceil(target).max(1);
        let mut unit = Unit {
            start: 0,
            end: 0,
            weight: 0.0,
        };
        for (index, task) in self.tasks.iter().enumerate() {
            unit.end = index + 1;
            if task.is_open() {
                unit.weight += task.weight;
            }
            if unit.weight >= weight_share || unit.end - unit.start >= count_share {
                self.units.push(unit);
                unit = Unit {
                    start: index + 1,
                    end: index + 1,
                    weight: 0.0,
                };
            }
        }
        if unit.end > unit.start {
            self.units.push(unit);
        }
    }
}

/// The explorer of one expansion: the children of the node become tasks.
struct ChildCollector<'a> {
    parent: u32,
    /// The depth of the children.
    depth: u32,
    weight: f64,
    steps: &'a mut Vec<Step>,
    out: &'a mut Vec<Subtree>,
    /// Whether the node is a solution.
    solution: bool,
    /// The most tasks the expansion makes: more children are grouped into
    /// runs (`u64::MAX`: never).
    child_tasks_cap: u64,
    /// The children per task, worked out at the first child (0 before).
    run_length: u64,
    /// Whether the last task pushed is a run of this expansion that is
    /// not yet full.
    open_run: bool,
    /// The monitor, asked while the children are listed.
    watch: Watch<'a>,
}

/// What an expansion needs to ask the split's monitor whether to stop
/// while it lists a node's children.
struct Watch<'a> {
    /// Children listed so far.
    listed: u64,
    /// When the monitor was last asked (shared with the split pass).
    last_report: &'a mut Instant,
    interval: Duration,
    monitor: &'a mut dyn FnMut(&Progress) -> ControlFlow<()>,
    /// The split's progress before this expansion.
    progress: Progress,
    /// Whether the monitor asked to stop.
    stopped: bool,
}

impl Watch<'_> {
    /// Counts one child, and every [`CHILDREN_PER_CLOCK_CHECK`] asks the
    /// monitor, when its interval is up, whether to stop.
    fn child(&mut self) -> ControlFlow<()> {
        self.listed += 1;
        if self.listed.is_multiple_of(CHILDREN_PER_CLOCK_CHECK)
            && self.last_report.elapsed() >= self.interval
        {
            *self.last_report = Instant::now();
            if (self.monitor)(&self.progress).is_break() {
                self.stopped = true;
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}

impl Explorer for ChildCollector<'_> {
    fn solution(&mut self, _solution: &Solution<'_>) -> ControlFlow<()> {
        self.solution = true;
        ControlFlow::Continue(())
    }

    fn frontier(&mut self, node: u32, weight: f64) -> ControlFlow<()> {
        self.watch.child()?;
        if self.run_length == 0 {
            // `weight` is one over the number of children (the search
            // branches on one item, each option a child).
            let children = (1.0 / weight).round() as u64;
            self.run_length = children.div_ceil(self.child_tasks_cap).max(1);
        }
        if self.open_run {
            let run = self.out.last_mut().expect("an open run was pushed");
            run.siblings += 1;
            run.weight += self.weight * weight;
            self.open_run = u64::from(run.siblings) + 1 < self.run_length;
            return ControlFlow::Continue(());
        }
        self.open_run = self.run_length > 1;
        // Below `ROOT`: see `STEP_CAP`.
        let step = self.steps.len() as u32;
        self.steps.push(Step {
            parent: self.parent,
            node,
            depth: self.depth,
        });
        self.out.push(Subtree {
            path: step,
            solution: false,
            dead_end: false,
            siblings: 0,
            weight: self.weight * weight,
        });
        ControlFlow::Continue(())
    }
}

impl Cursor {
    /// The length of the path.
    pub(super) fn depth(&self) -> usize {
        self.steps.len()
    }

    /// Moves the last selection of `solver` back to the node of the
    /// path's last step: after a run of siblings, which ends at a sibling
    /// the cursor does not know, the two agree again. The item stays
    /// covered (one option swapped), so this costs nothing in proportion
    /// to the item's length.
    pub(super) fn back_to_run_start<S: Subsearch>(&mut self, split: &Split, solver: &mut S) {
        let depth = self.steps.len() - 1;
        let start = split.steps[self.steps[depth] as usize].node;
        solver.reselect_from(depth, &[start]);
    }
}

#[cfg(test)]
mod tests {
    use bumpalo::Bump;

    use super::*;
    use crate::problem::builder::ProblemBuilder;
    use crate::search::Solver;

    /// One item in `children` options: a root with that many children.
    fn wide_root(children: usize) -> crate::Problem {
        let mut builder = ProblemBuilder::new();
        let y = builder.primary_item("y").unwrap();
        for _ in 0..children {
            builder.option([y]).unwrap();
        }
        builder.build().unwrap()
    }

    /// Splits `problem` for 2 subtrees with the monitor asked at every
    /// chance; `stop_at` is the call that breaks (0: none). Returns the
    /// split and the calls made.
    fn split_asking(problem: &crate::Problem, stop_at: usize) -> (Split, usize) {
        let bump = Bump::new();
        let mut solver = Solver::new(problem, &bump);
        let mut calls = 0;
        let mut monitor = |_: &Progress| {
            calls += 1;
            if calls == stop_at {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let split = Split::run(
            &mut solver,
            1,
            SplitBudget {
                target: 2,
                max_depth: usize::MAX,
                keep_dead_ends: false,
                sibling_runs: true,
                node_limit: u64::MAX,
                interval: Duration::ZERO,
                monitor: &mut monitor,
            },
        );
        (split, calls)
    }

    /// A node with many children asks the monitor while it lists them, not
    /// only once they are all listed; a stop there leaves the node a task
    /// of its own, unexpanded and uncounted, so the tasks still cover the
    /// tree.
    #[test]
    fn a_stop_is_seen_among_a_nodes_many_children() {
        let children = 10 * CHILDREN_PER_CLOCK_CHECK as usize;
        let problem = wide_root(children);
        let (whole, calls) = split_asking(&problem, 0);
        assert!(whole.stopped.is_none());
        assert_eq!(whole.stats.nodes, 1);
        assert!(
            calls >= 10,
            "{calls} calls while listing {children} children"
        );

        let (stopped, calls) = split_asking(&problem, 2);
        assert_eq!(calls, 2);
        assert_eq!(stopped.stopped, Some(StopReason::Interrupted));
        assert_eq!(stopped.stats.nodes, 0, "the root is not counted");
        assert_eq!(stopped.tasks.len(), 1);
        assert_eq!(stopped.tasks[0].path, ROOT);
        assert!(stopped.tasks[0].is_open());
        assert!(stopped.steps.is_empty());
    }
}
