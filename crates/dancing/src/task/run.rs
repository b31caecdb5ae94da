//! Running a task: selecting its path, searching below it, and the frontier
//! it leaves when it stops. The split's items are re-exported here, so
//! that `task::run` names them as `task` does.

use std::fmt;
use std::ops::ControlFlow;

use bumpalo::Bump;

use super::{Choice, NodePath};
use crate::config::SearchConfig;
use crate::matrix::Template;
use crate::problem::{ItemId, OptionId, Problem};
use crate::search::Solver;
use crate::visit::{Explorer, FnVisitor, Progress, Solution, Stats, StopReason, Visiting, Visitor};

pub use super::split::{
    CACHED_ENTRIES, DEFAULT_PROBES, DEFAULT_WORK_LIMIT, MAX_SPLIT_TASKS, Sizing, SplitGoal,
    SplitOutcome, SplitTasks, split, split_sized,
};
use super::split::{choice_of, primaries};

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
