//! The diagram of all solutions (see [`crate::diagram`]), built through
//! the front door.

use bumpalo::Bump;

use super::{Engine, Request};
use crate::diagram::{Diagram, DiagramConfig, DiagramError, DiagramProgress};
use crate::search::Solver;

impl Engine {
    /// The set of all solutions as a ZDD, built by the memoized search on
    /// one thread, branching as `config` says; within the request's node
    /// limit, time limit and stop token. The diagram's options are the
    /// problem's as given (a seed does not change the diagram).
    ///
    /// ```
    /// use dancing::{format, Engine, Request};
    /// use dancing::diagram::{DiagramConfig, Order};
    ///
    /// // Domino tilings of a 2x3 board: 3.
    /// let problem = format::read_str("a0 a1 a2 b0 b1 b2\na0 b0\na1 b1\na2 b2\na0 a1\na1 a2\nb0 b1\nb1 b2\n")?.problem;
    /// let engine = Engine::new(problem);
    /// for order in [Order::Fewest, Order::Input] {
    ///     let diagram = engine.diagram(&Request::new(), &DiagramConfig::new().order(order))?;
    ///     assert_eq!(diagram.count_u128(), Some(3));
    ///     assert_eq!(diagram.sizes().iter().map(|n| n.to_string()).collect::<Vec<_>>(), ["0", "0", "0", "3"]);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`DiagramError::TooLarge`] past the configured number of nodes;
    /// [`DiagramError::Stopped`] when the request stops the search.
    pub fn diagram(
        &self,
        request: &Request,
        config: &DiagramConfig,
    ) -> Result<Diagram, DiagramError> {
        self.diagram_monitored(request, config, |_| {})
    }

    /// [`diagram`](Self::diagram), telling `progress` every few thousand
    /// search nodes how far the build has come (a front end's progress
    /// line); the request's limits and token are looked at as often.
    ///
    /// ```
    /// use dancing::{format, Engine, Request};
    /// use dancing::diagram::DiagramConfig;
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens10.dlx"))?.problem;
    /// let mut told = Vec::new();
    /// let diagram = Engine::new(problem).diagram_monitored(&Request::new(), &DiagramConfig::new(), |progress| {
    ///     told.push(progress.search_nodes);
    /// })?;
    /// assert_eq!(diagram.count_u128(), Some(724));
    /// // Told as the search went on, never past its end.
    /// assert!(told.windows(2).all(|pair| pair[0] < pair[1]));
    /// assert!(told.iter().all(|&nodes| nodes <= diagram.stats().search_nodes));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`diagram`](Self::diagram).
    pub fn diagram_monitored(
        &self,
        request: &Request,
        config: &DiagramConfig,
        mut progress: impl FnMut(&DiagramProgress),
    ) -> Result<Diagram, DiagramError> {
        let clock = request.start();
        let bump = Bump::new();
        let mut solver = Solver::from_template(self.input_template(), &bump);
        let built = solver.build_diagram(config, clock.max_nodes, &mut |state| {
            progress(state);
            clock.spent()
        })?;
        let mut stats = built.stats;
        stats.elapsed = clock.elapsed();
        Ok(Diagram::from_store(built.nodes, built.root, stats))
    }
}
