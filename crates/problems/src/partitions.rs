//! Set partitions: the ways to split {0, ..., n-1} into nonempty blocks.
//!
//! Every nonempty subset is an option, so the solutions are the partitions,
//! counted by the Bell numbers (1, 2, 5, 15, 52, 203, 877, 4140, ...). A
//! small check of an engine: the tree has a node per partial partition.
//! Subsets come in binary counting order (`x0`, `x1`, `x0 x1`, `x2`, ...), as
//! in Knuth's `partitions8.dlx`.
//!
//! ```
//! use dancing_problems::{SetPartitions, ExactCover};
//!
//! assert_eq!(SetPartitions::new(8)?.count(), 4140);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::fmt;

use dancing::{OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover, numbered_primary};

/// The set partitions of an n-element set, built.
#[derive(Clone, Debug)]
pub struct SetPartitions {
    n: usize,
    problem: Problem,
}

impl SetPartitions {
    /// The largest set accepted: 2^16 - 1 options.
    pub const MAX_N: usize = 16;

    /// The partitions of `{0, ..., n-1}`.
    pub fn new(n: usize) -> Result<SetPartitions, Error> {
        check_range("the size of the set", n, 1, Self::MAX_N)?;
        let mut builder = ProblemBuilder::new();
        let elements = numbered_primary(&mut builder, "x", 0..n)?;
        for subset in 1..1usize << n {
            builder.option(
                (0..n)
                    .filter(|&k| subset >> k & 1 == 1)
                    .map(|k| elements[k]),
            )?;
        }
        Ok(SetPartitions {
            n,
            problem: builder.build()?,
        })
    }

    /// The size of the set.
    pub fn n(&self) -> usize {
        self.n
    }
}

impl ExactCover for SetPartitions {
    type Solution = SetPartition;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> SetPartition {
        // Option `k` is the subset whose bits are `k + 1`.
        let mut blocks: Vec<Vec<usize>> = options
            .iter()
            .map(|option| {
                let subset = option.index() + 1;
                assert!(
                    subset >> self.n == 0,
                    "option {} is not a subset",
                    option.index()
                );
                (0..self.n).filter(|&k| subset >> k & 1 == 1).collect()
            })
            .collect();
        blocks.sort();
        SetPartition { blocks }
    }

    fn describe(&self) -> String {
        format!("set partitions of {} elements", self.n)
    }
}

/// A partition into blocks, each sorted, ordered by their smallest element;
/// `Display` writes `{0,1} {2} {3,4}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SetPartition {
    blocks: Vec<Vec<usize>>,
}

impl SetPartition {
    /// The blocks.
    pub fn blocks(&self) -> &[Vec<usize>] {
        &self.blocks
    }
}

impl fmt::Display for SetPartition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (b, block) in self.blocks.iter().enumerate() {
            write!(f, "{}{{", if b == 0 { "" } else { " " })?;
            for (k, element) in block.iter().enumerate() {
                write!(f, "{}{element}", if k == 0 { "" } else { "," })?;
            }
            write!(f, "}}")?;
        }
        Ok(())
    }
}
