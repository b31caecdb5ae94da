//! Langford pairs: arrange two copies of each of 1..n in a row so that the
//! two copies of `k` have exactly `k` numbers between them.
//!
//! Knuth's formulation: primary items `v1`..`vn` (the values) and `s1`..`s2n`
//! (the slots); value `k` in slots `j` and `j + k + 1` is the option
//! `vk sj s(j+k+1)`. Options come value by value, slot by slot, as in
//! Knuth's `langford7.dlx`.
//!
//! A sequence reversed is again a Langford sequence, so solutions come in
//! mirror-image pairs. [`Langford::up_to_reversal`] counts each pair once: an
//! odd value `v` (n, or n - 1 when n is even, as Knuth does) is kept in the
//! left half, in slots `j` and `j + v + 1` with `j + (j + v + 1) < 2n + 1`.
//! A pair sits on the centre (`j + (j + v + 1) = 2n + 1`) only when `v` is
//! even; so for odd `v` no sequence is its own reversal, and exactly one
//! sequence of each mirror pair has `v` on the left.
//!
//! ```
//! use dancing_problems::{Langford, ExactCover};
//!
//! assert_eq!(Langford::new(7)?.count(), 52);
//! assert_eq!(Langford::up_to_reversal(7)?.count(), 26);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::fmt;

use dancing::{OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover};

/// Langford pairs for one n, built.
#[derive(Clone, Debug)]
pub struct Langford {
    n: usize,
    /// The value kept in the left half, when mirror images are counted once.
    restricted_value: Option<usize>,
    /// `(value, first slot)` of each option, both counted from 1.
    placements: Vec<(usize, usize)>,
    problem: Problem,
}

impl Langford {
    /// The largest n accepted (two million options).
    pub const MAX_N: usize = 1000;

    /// Every Langford sequence of 1..n, each mirror-image pair counted twice.
    pub fn new(n: usize) -> Result<Langford, Error> {
        Langford::build(n, false)
    }

    /// The Langford sequences of 1..n up to reversal: one of each
    /// mirror-image pair.
    pub fn up_to_reversal(n: usize) -> Result<Langford, Error> {
        Langford::build(n, true)
    }

    fn build(n: usize, up_to_reversal: bool) -> Result<Langford, Error> {
        check_range("n for Langford pairs", n, 1, Self::MAX_N)?;
        let restricted_value = up_to_reversal.then_some(if n % 2 == 1 { n } else { n - 1 });
        let slots = 2 * n;
        let mut builder = ProblemBuilder::new();
        let values = (1..=n)
            .map(|v| builder.primary_item(&format!("v{v}")))
            .collect::<Result<Vec<_>, _>>()?;
        let slot_items = (1..=slots)
            .map(|s| builder.primary_item(&format!("s{s}")))
            .collect::<Result<Vec<_>, _>>()?;
        let mut placements = Vec::new();
        for value in 1..=n {
            for first in 1..slots.saturating_sub(value) {
                let second = first + value + 1;
                // The pair lies left of the centre iff first + second < 2n + 1.
                if restricted_value == Some(value) && first + second > slots {
                    continue;
                }
                builder.option([
                    values[value - 1],
                    slot_items[first - 1],
                    slot_items[second - 1],
                ])?;
                placements.push((value, first));
            }
        }
        Ok(Langford {
            n,
            restricted_value,
            placements,
            problem: builder.build()?,
        })
    }

    /// The n of the problem.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The value kept in the left half when counting up to reversal.
    pub fn restricted_value(&self) -> Option<usize> {
        self.restricted_value
    }
}

impl ExactCover for Langford {
    type Solution = LangfordSequence;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> LangfordSequence {
        let mut values = vec![0; 2 * self.n];
        for option in options {
            let (value, first) = self.placements[option.index()];
            values[first - 1] = value;
            values[first + value] = value;
        }
        LangfordSequence { values }
    }

    fn describe(&self) -> String {
        match self.restricted_value {
            Some(value) => format!(
                "Langford pairs n={}, up to reversal (value {value} kept in the left half)",
                self.n
            ),
            None => format!(
                "Langford pairs n={}, no symmetry breaking (twice the count up to reversal)",
                self.n
            ),
        }
    }
}

/// A Langford sequence: `Display` writes its 2n numbers separated by spaces.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LangfordSequence {
    values: Vec<usize>,
}

impl LangfordSequence {
    /// The numbers, slot by slot.
    pub fn values(&self) -> &[usize] {
        &self.values
    }
}

impl fmt::Display for LangfordSequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, value) in self.values.iter().enumerate() {
            let separator = if k == 0 { "" } else { " " };
            write!(f, "{separator}{value}")?;
        }
        Ok(())
    }
}
