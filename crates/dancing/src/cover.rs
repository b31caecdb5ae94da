//! [`ExactCover`]: a problem of some other kind (a puzzle, a board to
//! tile, a combinatorial family) stated as exact cover, with the way back
//! from chosen options to its own terms. The Sudoku front end and the
//! classic problem generators implement it; the search is the engine's.

use std::io::{self, Write};
use std::ops::ControlFlow;

use bumpalo::Bump;

use crate::problem::{OptionId, Problem};
use crate::search::{Search, Solver};
use crate::visit::Stats;

/// A problem stated as exact cover: the engine's [`Problem`] (the
/// encoding), and the decoding of a set of chosen options into something
/// a person can read. Writing Knuth's DLX format, solving and counting
/// come with it.
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing::{OptionId, Problem, ProblemBuilder};
/// use dancing::expert::ExactCover;
///
/// /// Tilings of a 1 x n strip by dominoes and squares.
/// struct Strip { n: usize, problem: Problem }
///
/// impl Strip {
///     fn new(n: usize) -> Result<Strip, dancing::BuildError> {
///         let mut builder = ProblemBuilder::new();
///         let cells = (0..n).map(|c| builder.primary_item(&format!("c{c}"))).collect::<Result<Vec<_>, _>>()?;
///         for c in 0..n {
///             builder.option([cells[c]])?;
///             if c + 1 < n {
///                 builder.option([cells[c], cells[c + 1]])?;
///             }
///         }
///         Ok(Strip { n, problem: builder.build()? })
///     }
/// }
///
/// impl ExactCover for Strip {
///     type Solution = usize; // the number of dominoes
///     fn problem(&self) -> &Problem { &self.problem }
///     fn decode(&self, options: &[OptionId]) -> usize {
///         options.iter().filter(|&&o| self.problem.option(o).len() == 2).count()
///     }
///     fn describe(&self) -> String { format!("tilings of a 1 x {} strip", self.n) }
/// }
///
/// let strip = Strip::new(5)?;
/// assert_eq!(strip.count(), 8); // Fibonacci
/// let mut most = 0;
/// strip.solve(|dominoes| { most = most.max(dominoes); ControlFlow::Continue(()) });
/// assert_eq!(most, 2);
/// let mut text = Vec::new();
/// strip.write_dlx(&mut text)?;
/// assert!(String::from_utf8(text)?.starts_with("| tilings of a 1 x 5 strip\nc0 c1 c2 c3 c4\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ExactCover {
    /// What a solution decodes to.
    type Solution;

    /// The exact-cover problem, with named items.
    fn problem(&self) -> &Problem;

    /// Decodes the options of a solution found on
    /// [`problem`](Self::problem).
    ///
    /// # Panics
    /// If an option does not belong to this problem. Options that are not
    /// a solution give an unspecified (but memory-safe) result.
    fn decode(&self, options: &[OptionId]) -> Self::Solution;

    /// What the problem is, in a line or a few: written as comment lines at
    /// the top of the DLX file.
    fn describe(&self) -> String;

    /// Writes the problem in Knuth's DLX format, after the
    /// [description](Self::describe) as comment lines, so that `dlx solve`
    /// or Knuth's programs can read it.
    fn write_dlx<W: Write>(&self, out: W) -> io::Result<()>
    where
        Self: Sized,
    {
        crate::format::write_described(self.problem(), &self.describe(), out)
    }

    /// Solves the problem on one thread, calling `visit` with each decoded
    /// solution until it returns `ControlFlow::Break`; returns the
    /// engine's statistics.
    fn solve<F>(&self, mut visit: F) -> Stats
    where
        Self: Sized,
        F: FnMut(Self::Solution) -> ControlFlow<()>,
    {
        let bump = Bump::new();
        let mut solver = Solver::new(self.problem(), &bump);
        solver.search(|solution| visit(self.decode(solution.options())))
    }

    /// The number of solutions, counted on one thread without decoding
    /// them.
    fn count(&self) -> u64 {
        let bump = Bump::new();
        Solver::new(self.problem(), &bump).count()
    }
}
