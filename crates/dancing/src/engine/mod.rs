//! The front door: an [`Engine`] is a problem linked once, with its
//! [`Config`]; each call takes a [`Request`] (its limits and stop token)
//! and returns a [`Report`]. Which search runs (one thread or several,
//! plain or memoized, shuffled or not) is decided here, once, for every
//! front end.
//!
//! - [`config`]: [`Config`] and [`Counting`], set when the engine is built;
//! - [`request`]: [`Request`], the limits of one call;
//! - [`report`]: [`Report`] and [`BestReport`], what a call did;
//! - [`search`]: listing and counting (the seed's mapping back, the
//!   memoized count and its fallback);
//! - [`solutions`]: the resumable listing, an owning iterator, and the
//!   [`Cache`] it searches in;
//! - [`more`]: the other capabilities (cheapest solutions, estimates,
//!   reduction);
//! - [`tasks`]: the split into tasks and the run of one;
//! - [`each`]: many tasks on a few threads, by the one scheduler.

mod config;
mod diagram;
mod each;
mod more;
mod report;
mod request;
mod search;
mod solutions;
mod tasks;

use std::sync::{Arc, OnceLock};

use crate::matrix::Template;
use crate::mincost::{MinCostError, MinCostSolver};
use crate::problem::Problem;
use crate::relabel::Shuffled;
use crate::stop::Stop;

pub use crate::schedule::default_threads;
pub use config::{Config, Counting};
pub use each::run_each;
pub use report::{Algorithm, BestReport, Report};
pub use request::{Request, RequestClock};
pub use search::CountError;
pub use solutions::{Cache, Solutions};
pub use tasks::BestTaskOutcome;

// The parts of the engine's reports, named here rather than at the
// crate's root (which keeps to the front door and the problem).
pub use crate::mincost::CostedSolution;
pub use crate::reduce::Reduction;
pub use crate::search::{CacheStats, Estimate, Figure};

/// A problem linked for searching, with how to search it: immutable,
/// `Send + Sync` and cheap to clone (clones share the linked problem), so
/// that many threads can search one problem at once, each call with its
/// own [`Request`].
///
/// ```
/// use dancing::{format, Config, Engine, Request, StopReason};
///
/// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
/// let engine = Engine::builder().config(Config::new().threads(2)).build(problem);
/// let report = engine.count(&Request::new())?;
/// assert_eq!(report.solutions, 92);
/// assert!(report.is_complete());
///
/// // Within a budget: the count is a lower bound, and says so.
/// let report = engine.count(&Request::new().max_nodes(100))?;
/// assert_eq!(report.stop(), StopReason::NodeLimit);
/// assert_eq!(report.stop().as_str(), "max-nodes");
///
/// let first = engine.first(&Request::new()).solution.expect("a solution");
/// assert_eq!(first.len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    linked: Arc<Linked>,
    config: Config,
}

/// The problem and its links, shared by an engine's clones.
#[derive(Debug)]
struct Linked {
    /// The problem as given: solutions are reported in its numbering.
    problem: Arc<Problem>,
    /// With a seed: the problem shuffled, which the searches run on.
    shuffled: Option<Shuffled>,
    /// The links of the problem searched (shuffled, with a seed).
    template: Arc<Template>,
    /// With a seed: the links of the problem as given, for what depends
    /// on the input's tree (tasks, estimates), linked when first needed.
    input_template: OnceLock<Arc<Template>>,
    /// The minimum-cost search's own links, made when first needed.
    min_cost: OnceLock<Result<MinCostSolver, MinCostError>>,
}

/// How an engine is made: its configuration, then [`build`](Self::build).
#[derive(Clone, Debug, Default)]
pub struct EngineBuilder {
    config: Config,
}

impl EngineBuilder {
    /// Engines built search as `config` says.
    #[must_use]
    pub fn config(mut self, config: Config) -> EngineBuilder {
        self.config = config;
        self
    }

    /// Links `problem`.
    pub fn build(self, problem: impl Into<Arc<Problem>>) -> Engine {
        self.build_until(problem, &Stop::new())
            .expect("linking that is never stopped completes")
    }

    /// Links `problem`, unless `stop` is requested first (linking a huge
    /// problem takes a while): `None` then.
    pub fn build_until(self, problem: impl Into<Arc<Problem>>, stop: &Stop) -> Option<Engine> {
        let problem = problem.into();
        let shuffled = self
            .config
            .get_seed()
            .map(|seed| Shuffled::new(&problem, seed));
        let searched = shuffled.as_ref().map_or(&*problem, Shuffled::problem);
        let template = Arc::new(Template::link(searched, stop)?);
        let input_template = OnceLock::new();
        if shuffled.is_none() {
            let _ = input_template.set(Arc::clone(&template));
        }
        Some(Engine {
            linked: Arc::new(Linked {
                problem,
                shuffled,
                template,
                input_template,
                min_cost: OnceLock::new(),
            }),
            config: self.config,
        })
    }
}

impl Engine {
    /// `problem` linked, searched as [`Config::default`] says.
    pub fn new(problem: impl Into<Arc<Problem>>) -> Engine {
        Engine::builder().build(problem)
    }

    /// A builder, to choose the configuration.
    pub fn builder() -> EngineBuilder {
        EngineBuilder::default()
    }

    /// This engine searching as `config` says: the same links, unless the
    /// seed differs (the problem is then shuffled and linked anew).
    pub fn with_config(&self, config: Config) -> Engine {
        if config.get_seed() == self.config.get_seed() {
            return Engine {
                linked: Arc::clone(&self.linked),
                config,
            };
        }
        Engine::builder()
            .config(config)
            .build(Arc::clone(&self.linked.problem))
    }

    /// How this engine searches.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The problem, as given.
    pub fn problem(&self) -> &Problem {
        &self.linked.problem
    }

    /// The bytes each searching thread copies from the links (the memory a
    /// thread costs).
    pub fn copy_bytes(&self) -> usize {
        self.linked.template.copy_bytes()
    }

    /// The links of the problem searched (shuffled, with a seed): for the
    /// expert solvers of [`expert`](crate::expert).
    pub fn template(&self) -> &Template {
        &self.linked.template
    }

    /// The links of the problem as given, whatever the seed.
    fn input_template(&self) -> &Arc<Template> {
        self.linked
            .input_template
            .get_or_init(|| Arc::new(Template::new(&self.linked.problem)))
    }
}
