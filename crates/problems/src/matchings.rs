//! Perfect matchings: the ways to pair up points 0..n, every pair allowed
//! (the perfect matchings of the complete graph K_n).
//!
//! Every pair is an option, so there are (n - 1)!! = 1 x 3 x 5 x ... x (n - 1)
//! matchings for even n (10,395 for 12 points) and none for odd n. Pairs come
//! in lexicographic order (`x0 x1`, `x0 x2`, ...), as in Knuth's
//! `matchings12.dlx`.
//!
//! ```
//! use dancing_problems::{PerfectMatchings, ExactCover};
//!
//! assert_eq!(PerfectMatchings::new(12)?.count(), 10_395);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::fmt;

use dancing::{OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover, numbered_primary};

/// The perfect matchings of n points, built.
#[derive(Clone, Debug)]
pub struct PerfectMatchings {
    points: usize,
    /// The two points of each option.
    pairs: Vec<(usize, usize)>,
    problem: Problem,
}

impl PerfectMatchings {
    /// The most points accepted (half a million options).
    pub const MAX_POINTS: usize = 1000;

    /// The perfect matchings of `points` points.
    pub fn new(points: usize) -> Result<PerfectMatchings, Error> {
        check_range("the number of points", points, 1, Self::MAX_POINTS)?;
        let mut builder = ProblemBuilder::new();
        let items = numbered_primary(&mut builder, "x", 0..points)?;
        let mut pairs = Vec::with_capacity(points * (points - 1) / 2);
        for a in 0..points {
            for b in a + 1..points {
                builder.option([items[a], items[b]])?;
                pairs.push((a, b));
            }
        }
        Ok(PerfectMatchings {
            points,
            pairs,
            problem: builder.build()?,
        })
    }

    /// The number of points.
    pub fn points(&self) -> usize {
        self.points
    }
}

impl ExactCover for PerfectMatchings {
    type Solution = Matching;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Matching {
        let mut pairs: Vec<(usize, usize)> = options
            .iter()
            .map(|option| self.pairs[option.index()])
            .collect();
        pairs.sort();
        Matching { pairs }
    }

    fn describe(&self) -> String {
        format!("perfect matchings of K_{}", self.points)
    }
}

/// A perfect matching as pairs `(a, b)` with `a < b`, sorted; `Display`
/// writes `0-3 1-2`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Matching {
    pairs: Vec<(usize, usize)>,
}

impl Matching {
    /// The pairs.
    pub fn pairs(&self) -> &[(usize, usize)] {
        &self.pairs
    }
}

impl fmt::Display for Matching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, (a, b)) in self.pairs.iter().enumerate() {
            write!(f, "{}{a}-{b}", if k == 0 { "" } else { " " })?;
        }
        Ok(())
    }
}
