//! The set of all solutions as a diagram: a zero-suppressed decision
//! diagram (ZDD) built by the memoized search, after DXZ (Nishino et al.,
//! "Dancing with decision diagrams", AAAI 2017) and Knuth's DLX6.
//!
//! Each distinct subproblem the search meets is one chain of nodes, each
//! node saying "this option and a solution of what is left after it; or
//! else the rest of the chain". Node 0 is the empty set of solutions,
//! node 1 the set holding the empty solution. A subproblem met again is
//! the chain made the first time, so the diagram is often far smaller than
//! the list of solutions, and what it answers takes time proportional to
//! its size:
//!
//! - [`count`]: the exact count of any size, counts by solution size,
//!   exactly uniform random solutions, the solutions listed;
//! - [`costs`]: the least and greatest cost of a solution and the `K`
//!   cheapest solutions (DLX5's costs);
//! - [`zdd`]: Knuth's ZDDREAD text format, written and read back;
//! - [`nodes`]: the store of nodes while the diagram is built.
//!
//! The diagram is built by [`Engine::diagram`](crate::Engine::diagram).

use std::fmt;
use std::time::Duration;

use crate::problem::OptionId;
use crate::visit::StopReason;

mod costs;
mod count;
pub(crate) mod nodes;
pub mod zdd;

pub use costs::{CostError, CostRange};
pub use count::{Counts, Sampler, Solutions};
pub use zdd::ZddError;

/// The node of the empty set of solutions.
pub const BOTTOM: u32 = 0;
/// The node of the set that holds one solution, the empty one.
pub const TOP: u32 = 1;
/// The id of the first node that is not a terminal.
pub const FIRST_NODE: u32 = 2;

/// The item a diagram's search branches on at each node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// The item with the fewest options (the search's rule, DLX6's).
    #[default]
    Fewest,
    /// The first item in input order (Knuth's `dlx6-noMRV.ch`): on a grid
    /// listed row by row, the subproblems are frontiers and few.
    Input,
}

impl Order {
    /// The name the command line uses: `mrv` or `input`.
    pub fn as_str(self) -> &'static str {
        match self {
            Order::Fewest => "mrv",
            Order::Input => "input",
        }
    }
}

impl std::str::FromStr for Order {
    type Err = String;

    fn from_str(text: &str) -> Result<Order, String> {
        match text {
            "mrv" => Ok(Order::Fewest),
            "input" => Ok(Order::Input),
            _ => Err(format!(
                "unknown order `{text}` (expected `mrv` or `input`)"
            )),
        }
    }
}

/// The least default bound on the cache of subproblems, and the bound
/// where the machine does not say how much memory it has: 256 MiB.
pub const DEFAULT_DIAGRAM_CACHE: usize = 256 << 20;

/// The default bound on the cache of subproblems: half the memory
/// available (Linux's `MemAvailable`), and at least
/// [`DEFAULT_DIAGRAM_CACHE`].
///
/// A cache that fills is emptied and refilled, and the search below every
/// subproblem it forgot is made again: on domino tilings of 18x18 a
/// 256 MiB cache is emptied thousands of times and the build takes
/// minutes instead of ten seconds. The diagram itself takes a fraction of
/// the cache's memory (a node of 12 bytes against a key and its entry),
/// and what is left of the other half is for it.
pub fn default_cache_limit() -> usize {
    let half = crate::machine::memory_available().map_or(0, |bytes| bytes / 2);
    usize::try_from(half)
        .unwrap_or(usize::MAX)
        .max(DEFAULT_DIAGRAM_CACHE)
}

/// How a diagram is built: the branching order, the most nodes it may
/// have, and the memory of its cache of subproblems.
///
/// ```
/// use dancing::diagram::{DiagramConfig, Order};
///
/// let config = DiagramConfig::new().order(Order::Input).max_nodes(1_000_000);
/// assert_eq!(config.get_order(), Order::Input);
/// assert_eq!(config.get_max_nodes(), 1_000_000);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramConfig {
    order: Order,
    max_nodes: u32,
    cache_limit: usize,
}

impl Default for DiagramConfig {
    fn default() -> DiagramConfig {
        DiagramConfig {
            order: Order::Fewest,
            max_nodes: u32::MAX - FIRST_NODE,
            cache_limit: default_cache_limit(),
        }
    }
}

impl DiagramConfig {
    /// Fewest options first, as many nodes as `u32` ids allow, a cache of
    /// [`default_cache_limit`] bytes.
    pub fn new() -> DiagramConfig {
        DiagramConfig::default()
    }

    /// Branches as `order` says.
    #[must_use]
    pub fn order(mut self, order: Order) -> DiagramConfig {
        self.order = order;
        self
    }

    /// Stops with [`DiagramError::TooLarge`] rather than make more than
    /// `nodes` nodes (terminals not counted).
    #[must_use]
    pub fn max_nodes(mut self, nodes: u32) -> DiagramConfig {
        self.max_nodes = nodes;
        self
    }

    /// Bounds the cache of subproblems to about `bytes`: when the next
    /// entry would not fit, it is emptied and refilled. The diagram stays
    /// exact in any bound; a smaller one shares fewer subproblems (more
    /// nodes, more search).
    #[must_use]
    pub fn cache_limit(mut self, bytes: usize) -> DiagramConfig {
        self.cache_limit = bytes;
        self
    }

    /// The branching order.
    pub fn get_order(&self) -> Order {
        self.order
    }

    /// The most nodes.
    pub fn get_max_nodes(&self) -> u32 {
        self.max_nodes
    }

    /// The bound on the cache, in bytes.
    pub fn get_cache_limit(&self) -> usize {
        self.cache_limit
    }
}

/// Why no diagram was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DiagramError {
    /// The diagram would have more nodes than its limit.
    TooLarge {
        /// The limit ([`DiagramConfig::max_nodes`]).
        limit: u32,
    },
    /// The request stopped the search: its stop token, time limit or node
    /// limit.
    Stopped(StopReason),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::TooLarge { limit } => {
                write!(f, "the diagram needs more than its limit of {limit} nodes")
            }
            DiagramError::Stopped(reason) => {
                write!(
                    f,
                    "the search stopped before the diagram was complete ({})",
                    reason.as_str()
                )
            }
        }
    }
}

impl std::error::Error for DiagramError {}

/// How far the building of a diagram has come, told every few thousand
/// search nodes (see [`Engine::diagram_monitored`](crate::Engine::diagram_monitored)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DiagramProgress {
    /// Nodes of the search tree entered so far.
    pub search_nodes: u64,
    /// Nodes of the diagram made so far (terminals not counted).
    pub nodes: usize,
}

/// What building a diagram took, as DLX6 reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiagramStats {
    /// Nodes of the search tree entered (those answered by the cache
    /// included).
    pub search_nodes: u64,
    /// Options removed from item lists.
    pub updates: u64,
    /// Satisfied color constraints removed from options.
    pub cleansings: u64,
    /// Subproblems found in the cache.
    pub hits: u64,
    /// Subproblems cached (each looked up and missed).
    pub memos: u64,
    /// How many times the cache was full and emptied.
    pub evictions: u64,
    /// The most memory the cache took, in bytes (estimated).
    pub cache_bytes: usize,
    /// The most memory the nodes and their unique table took, in bytes.
    pub node_bytes: usize,
    /// The deepest level of the search.
    pub max_depth: usize,
    /// The time the build took.
    pub elapsed: Duration,
}

/// The set of all solutions of a problem as a ZDD: compact arrays of
/// nodes with `u32` ids, each node an option (its index in the problem)
/// and two branches, `lo` (solutions without the option, the rest of the
/// chain) and `hi` (what completes a solution with it). Ids
/// [`BOTTOM`] and [`TOP`] are the terminals; every node's branches have
/// smaller ids than the node.
///
/// ```
/// use dancing::{format, Engine, Request};
/// use dancing::diagram::DiagramConfig;
///
/// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
/// let diagram = Engine::new(problem).diagram(&Request::new(), &DiagramConfig::new())?;
/// assert_eq!(diagram.count().to_string(), "92");
/// // A diagram with no solution draws `None`; this one has 92.
/// let drawn = diagram.sampler(7).draw().expect("92 solutions to draw from");
/// assert_eq!(drawn.len(), 8);
/// assert!(diagram.solutions().any(|solution| solution == drawn));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Diagram {
    options: Vec<u32>,
    lo: Vec<u32>,
    hi: Vec<u32>,
    root: u32,
    stats: DiagramStats,
}

/// Two diagrams are equal when their nodes and roots are (what building
/// them took aside).
impl PartialEq for Diagram {
    fn eq(&self, other: &Diagram) -> bool {
        (&self.options, &self.lo, &self.hi, self.root)
            == (&other.options, &other.lo, &other.hi, other.root)
    }
}

impl Eq for Diagram {}

impl Diagram {
    /// The diagram of the nodes in `store` from `root`.
    pub(crate) fn from_store(store: nodes::NodeStore, root: u32, stats: DiagramStats) -> Diagram {
        let (options, lo, hi) = store.into_arrays();
        Diagram {
            options,
            lo,
            hi,
            root,
            stats,
        }
    }

    /// The diagram of nodes given as arrays (node `FIRST_NODE + k` is
    /// `options[k]`, `lo[k]`, `hi[k]`), checked: every branch is a
    /// terminal or an earlier node, and so is the root.
    ///
    /// # Errors
    /// The index of the first node that breaks the rule, or `None` for the
    /// root, or for arrays of unequal lengths.
    pub fn from_arrays(
        options: Vec<u32>,
        lo: Vec<u32>,
        hi: Vec<u32>,
        root: u32,
    ) -> Result<Diagram, Option<usize>> {
        if options.len() != lo.len()
            || lo.len() != hi.len()
            || options.len() > (u32::MAX - FIRST_NODE) as usize
        {
            return Err(None);
        }
        for k in 0..options.len() {
            let id = k as u32 + FIRST_NODE;
            if lo[k] >= id || hi[k] >= id || hi[k] == BOTTOM {
                return Err(Some(k));
            }
        }
        if root as usize >= options.len() + FIRST_NODE as usize {
            return Err(None);
        }
        Ok(Diagram {
            options,
            lo,
            hi,
            root,
            stats: DiagramStats::default(),
        })
    }

    /// The number of nodes, terminals not counted.
    pub fn node_count(&self) -> usize {
        self.options.len()
    }

    /// The root's id: [`BOTTOM`] when there is no solution, [`TOP`] when
    /// the only solution is empty.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The node `id` (not a terminal): its option and its `lo` and `hi`
    /// branches.
    ///
    /// # Panics
    /// If `id` is a terminal or past the last node.
    pub fn node(&self, id: u32) -> (OptionId, u32, u32) {
        let k = (id - FIRST_NODE) as usize;
        (
            OptionId::new(self.options[k] as usize),
            self.lo[k],
            self.hi[k],
        )
    }

    /// The first node (by id) whose option is not among `options`
    /// options, with that option: a diagram read from a file that belongs
    /// to a problem with fewer options than it names. `None` when every
    /// node fits.
    ///
    /// ```
    /// use dancing::diagram::Diagram;
    ///
    /// // Two nodes: option 3 (from 1) or option 1, then the top.
    /// let diagram = Diagram::read_zdd("2: (~3?0:1)\n3: (~1?2:1)\n").unwrap();
    /// assert_eq!(diagram.first_option_past(3), None);
    /// let (id, option) = diagram.first_option_past(2).unwrap();
    /// assert_eq!((id, option.index()), (2, 2));
    /// ```
    pub fn first_option_past(&self, options: usize) -> Option<(u32, OptionId)> {
        let k = self
            .options
            .iter()
            .position(|&option| option as usize >= options)?;
        Some((
            k as u32 + FIRST_NODE,
            OptionId::new(self.options[k] as usize),
        ))
    }

    /// What building it took (zeros for a diagram read from a file).
    pub fn stats(&self) -> &DiagramStats {
        &self.stats
    }

    /// The bytes its arrays take.
    pub fn bytes(&self) -> usize {
        12 * self.options.len()
    }
}
