//! The diagram's walk: the memoized search of `walk.rs`, where a node's
//! result is not its count but the node of the diagram that holds its
//! solutions (DXZ, Knuth's DLX6). Each distinct subproblem becomes one
//! chain of diagram nodes, an option and what completes it each, in the
//! order of the item's list (DLX6's order, the first option deepest); a
//! subproblem met again is the chain made the first time.
//!
//! Algorithm M's null move (the item left with no more options) adds no
//! option: its solutions end the chain, below the first option's node.

use hashbrown::HashMap;

use super::bounded::Bounded;
use super::cache::{Cache, Store};
use super::exact::Exact;
use super::walk::MemoCase;
use super::{MemoConfig, Tally};
use crate::diagram::nodes::NodeStore;
use crate::diagram::{
    BOTTOM, DiagramConfig, DiagramError, DiagramProgress, DiagramStats, Order, TOP,
};
use crate::matrix::{Branch, Colored, Hiding, Kind, Plain};
use crate::search::{Algorithm, AlgorithmX, Colors, Solver};
use crate::visit::StopReason;

/// The entered nodes between two looks at the stop token and the clock.
const CHECK_INTERVAL: u64 = 1 << 12;

type KeyMap = HashMap<Box<[u64]>, u32, foldhash::fast::FixedState>;

/// How a case branches in input order, beside the fewest-options rule of
/// its [`MemoCase::branch`].
trait Ordered: MemoCase {
    fn branch_in_order(solver: &Solver<'_>) -> Result<Self::Branch, u128>;
}

impl<A: Algorithm> Ordered for Exact<A> {
    fn branch_in_order(solver: &Solver<'_>) -> Result<u32, u128> {
        solver.matrix.choose_in_order().ok_or(1)
    }
}

impl<H: Hiding> Ordered for Bounded<H> {
    fn branch_in_order(solver: &Solver<'_>) -> Result<(u32, u32), u128> {
        match solver.matrix.choose_bounded_in_order() {
            Branch::Solution => Err(1),
            Branch::On { degree, .. } if degree <= 0 => Err(0),
            Branch::On { item, degree } => Ok((item, degree as u32)),
        }
    }
}

/// The cache of subproblems: the diagram node of each key, bounded in
/// memory (emptied when the next entry would not fit, which only shares
/// less).
struct NodeCache {
    map: KeyMap,
    key_bytes: usize,
    limit: usize,
    peak: usize,
    evictions: u64,
}

impl NodeCache {
    fn bytes(&self) -> usize {
        // A bucket per entry at a load of 7/8, a control byte each, and
        // each key's words and allocation header.
        self.map.capacity() * 8 / 7 * (size_of::<(Box<[u64]>, u32)>() + 1) + self.key_bytes
    }

    fn insert(&mut self, key: &[u64], node: u32) {
        let key_size = size_of_val(key) + 16;
        if self.bytes() + key_size > self.limit {
            self.map.clear();
            self.key_bytes = 0;
            self.evictions += 1;
            if self.bytes() + key_size > self.limit {
                return;
            }
        }
        self.map.insert(key.into(), node);
        self.key_bytes += key_size;
        self.peak = self.peak.max(self.bytes());
    }
}

/// One open level of the diagram's walk: where its key starts in the key
/// stack, where its options' branches start in the edge stack, and the
/// solutions of its null move (Algorithm M).
#[derive(Clone, Copy, Default)]
struct Open {
    key_start: usize,
    edge_start: usize,
    null: u32,
}

/// What the diagram's walk keeps beside the matrix.
struct Build {
    nodes: NodeStore,
    cache: NodeCache,
    /// The keys of the open levels, one after another.
    key_stack: Vec<u64>,
    /// The options tried at the open levels that have solutions, with the
    /// node of those solutions.
    edges: Vec<(u32, u32)>,
    open: Vec<Open>,
    stats: DiagramStats,
}

impl Build {
    /// Closes the open node at `level`: its chain made, cached under its
    /// key.
    fn close(&mut self, level: usize) -> Option<u32> {
        let Open {
            key_start,
            edge_start,
            null,
        } = self.open[level];
        let mut chain = null;
        for &(option, hi) in &self.edges[edge_start..] {
            chain = self.nodes.make(option, chain, hi)?;
        }
        self.edges.truncate(edge_start);
        self.cache.insert(&self.key_stack[key_start..], chain);
        self.key_stack.truncate(key_start);
        Some(chain)
    }
}

/// A diagram built: its nodes, its root, and what building it took.
pub(crate) struct Built {
    pub(crate) nodes: NodeStore,
    pub(crate) root: u32,
    pub(crate) stats: DiagramStats,
}

impl Solver<'_> {
    /// The diagram of the solutions below the selection, built as `config`
    /// says, telling `spent` every few thousand nodes how far it is and
    /// asking it whether to stop (and stopping after `max_nodes` search
    /// nodes, if given).
    pub(crate) fn build_diagram(
        &mut self,
        config: &DiagramConfig,
        max_nodes: Option<u64>,
        spent: &mut dyn FnMut(&DiagramProgress) -> Option<StopReason>,
    ) -> Result<Built, DiagramError> {
        self.abandon_search();
        let order = config.get_order();
        by_algorithm!(
            self,
            A => self.diagram_walk::<Exact<A>>(config, order, max_nodes, spent),
            bounded => by_hiding!(self, H => self.diagram_walk::<Bounded<H>>(config, order, max_nodes, spent))
        )
    }

    fn diagram_walk<C: Ordered>(
        &mut self,
        config: &DiagramConfig,
        order: Order,
        max_nodes: Option<u64>,
        spent: &mut dyn FnMut(&DiagramProgress) -> Option<StopReason>,
    ) -> Result<Built, DiagramError> {
        // The memo's tally for its key maker and Algorithm M's tweak marks;
        // its own cache is not used.
        let memo = MemoConfig::new().memory_limit(0).adaptive(false);
        let mut tally = Tally::new(self, &memo, Store::Own(Cache::new(&memo, 0)));
        let mut build = Build {
            nodes: NodeStore::new(config.get_max_nodes()),
            cache: NodeCache {
                map: KeyMap::with_hasher(foldhash::fast::FixedState::default()),
                key_bytes: 0,
                limit: config.get_cache_limit(),
                peak: 0,
                evictions: 0,
            },
            key_stack: Vec::new(),
            edges: Vec::new(),
            open: vec![Open::default(); self.choices.len() + 1],
            stats: DiagramStats::default(),
        };
        let node_limit = max_nodes.unwrap_or(u64::MAX);
        let bounded = self.matrix.kind.is_bounded();
        let base = self.selected;
        let mut level = base;
        let mut next_check = CHECK_INTERVAL.min(node_limit);
        let outcome: Result<u32, DiagramError> = 'search: loop {
            // Enter a node at `level`; `finished` is its diagram node once
            // known.
            let finished: u32 = 'node: {
                let stats = &mut build.stats;
                if stats.search_nodes >= next_check {
                    if stats.search_nodes >= node_limit {
                        break 'search Err(DiagramError::Stopped(StopReason::NodeLimit));
                    }
                    let progress = DiagramProgress {
                        search_nodes: stats.search_nodes,
                        nodes: build.nodes.len(),
                    };
                    if let Some(reason) = spent(&progress) {
                        break 'search Err(DiagramError::Stopped(reason));
                    }
                    next_check = stats
                        .search_nodes
                        .saturating_add(CHECK_INTERVAL)
                        .min(node_limit);
                }
                stats.search_nodes += 1;
                stats.max_depth = stats.max_depth.max(level);
                let branch = match order {
                    Order::Fewest => C::branch(self),
                    Order::Input => C::branch_in_order(self),
                };
                let branch = match branch {
                    Ok(branch) => branch,
                    Err(count) => break 'node if count == 1 { TOP } else { BOTTOM },
                };
                let key = tally.keys.make_for_diagram(&self.matrix, bounded);
                if let Some(&node) = build.cache.map.get(key) {
                    build.stats.hits += 1;
                    break 'node node;
                }
                build.stats.memos += 1;
                build.open[level] = Open {
                    key_start: build.key_stack.len(),
                    edge_start: build.edges.len(),
                    null: BOTTOM,
                };
                build.key_stack.extend_from_slice(key);
                tally.frames[level].tweak_mark = tally.keys.tweak_mark();
                if C::open(self, &mut tally, level, branch) {
                    level += 1;
                    continue 'search;
                }
                match build.close(level) {
                    Some(node) => break 'node node,
                    None => break 'search Err(too_large(config)),
                }
            };
            // Hand the finished node up, and backtrack to the deepest level
            // with a child left to try.
            let mut node = finished;
            loop {
                if level == base {
                    break 'search Ok(node);
                }
                level -= 1;
                if node != BOTTOM {
                    let choice = self.choices[level];
                    if self.matrix.item_of(choice) == choice {
                        // Algorithm M's null move.
                        build.open[level].null = node;
                    } else {
                        let option = self.matrix.option_of(choice).index() as u32;
                        build.edges.push((option, node));
                    }
                }
                if C::next(self, &mut tally, level) {
                    level += 1;
                    continue 'search;
                }
                match build.close(level) {
                    Some(closed) => node = closed,
                    None => break 'search Err(too_large(config)),
                }
            }
        };
        build.stats.updates = self.matrix.updates;
        build.stats.cleansings = self.matrix.cleansings;
        build.stats.evictions = build.cache.evictions;
        build.stats.cache_bytes = build.cache.peak;
        build.stats.node_bytes = build.nodes.bytes();
        match outcome {
            Ok(root) => Ok(Built {
                nodes: build.nodes,
                root,
                stats: build.stats,
            }),
            Err(error) => {
                C::unwind(self, base, level);
                Err(error)
            }
        }
    }
}

fn too_large(config: &DiagramConfig) -> DiagramError {
    DiagramError::TooLarge {
        limit: config.get_max_nodes(),
    }
}
