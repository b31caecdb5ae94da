//! Binary de Bruijn cycles of order n with labelled positions: cyclic
//! strings of 2^n bits in which every n-bit word appears exactly once.
//!
//! An exact cover with colors (Knuth's XCC): the words `wB..B` and the
//! positions `pK` are primary items, the cells `xK` of the cycle secondary.
//! Placing word `b` at position `k` is the option `wb pk xk:b0 ... x(k+n-1):b(n-1)`
//! (cells taken cyclically), which colors the cells it covers with the
//! word's bits; two placements may share a cell only when they agree on its
//! bit. Each cycle is counted once per starting position, so there are
//! 2^(2^(n-1)) solutions (16, 256, 65,536 for n = 3, 4, 5), and the problem
//! is Knuth's `debruijn3.dlx`/`debruijn4.dlx` line for line.
//!
//! ```
//! use dancing_problems::{DeBruijn, ExactCover};
//!
//! let cycles = DeBruijn::new(3)?;
//! assert!(cycles.problem().has_colors());
//! assert_eq!(cycles.problem().option_count(), 64);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::fmt;

use dancing::{OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover};

/// The binary de Bruijn cycles of one order, built.
#[derive(Clone, Debug)]
pub struct DeBruijn {
    order: usize,
    problem: Problem,
}

impl DeBruijn {
    /// The largest order accepted: 4^8 = 65,536 options.
    pub const MAX_N: usize = 8;

    /// The de Bruijn cycles of order `n` (words of `n` bits).
    pub fn new(n: usize) -> Result<DeBruijn, Error> {
        check_range("the order", n, 1, Self::MAX_N)?;
        let length = 1usize << n;
        let mut builder = ProblemBuilder::new();
        let words: Vec<_> = (0..length)
            .map(|word| builder.primary_item(&format!("w{}", bits(word, n))))
            .collect::<Result<_, _>>()?;
        let positions: Vec<_> = (0..length)
            .map(|k| builder.primary_item(&format!("p{k}")))
            .collect::<Result<_, _>>()?;
        let cells: Vec<_> = (0..length)
            .map(|k| builder.secondary_item(&format!("x{k}")))
            .collect::<Result<_, _>>()?;
        let colors = [builder.color("0")?, builder.color("1")?];
        for (word, &word_item) in words.iter().enumerate() {
            for (position, &position_item) in positions.iter().enumerate() {
                let placed = (0..n).map(|k| {
                    let bit = (word >> (n - 1 - k)) & 1;
                    (cells[(position + k) % length], Some(colors[bit]))
                });
                let entries = [(word_item, None), (position_item, None)]
                    .into_iter()
                    .chain(placed);
                builder.colored_option(entries)?;
            }
        }
        Ok(DeBruijn {
            order: n,
            problem: builder.build()?,
        })
    }

    /// The order n: the length of the words.
    pub fn order(&self) -> usize {
        self.order
    }
}

/// `word` as `n` binary digits, the most significant first.
fn bits(word: usize, n: usize) -> String {
    (0..n)
        .map(|k| {
            if (word >> (n - 1 - k)) & 1 == 1 {
                '1'
            } else {
                '0'
            }
        })
        .collect()
}

impl ExactCover for DeBruijn {
    type Solution = Cycle;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Cycle {
        let n = self.order;
        let length = 1usize << n;
        let mut cycle = vec![false; length];
        for option in options {
            // Options come word by word, position by position.
            let (word, position) = (option.index() / length, option.index() % length);
            for k in 0..n {
                cycle[(position + k) % length] = (word >> (n - 1 - k)) & 1 == 1;
            }
        }
        Cycle { bits: cycle }
    }

    fn describe(&self) -> String {
        let exponent = 1u32 << (self.order - 1);
        let expected = match 1u64.checked_shl(exponent) {
            Some(count) if exponent < 64 => count.to_string(),
            _ => format!("2^{exponent}"),
        };
        format!(
            "binary de Bruijn cycles of order {}, positions labelled (expect 2^(2^(n-1)) = {expected})",
            self.order
        )
    }
}

/// A cyclic string of bits; `Display` writes it as `0`s and `1`s from
/// position 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cycle {
    bits: Vec<bool>,
}

impl Cycle {
    /// The bits, from position 0.
    pub fn bits(&self) -> &[bool] {
        &self.bits
    }
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &bit in &self.bits {
            f.write_str(if bit { "1" } else { "0" })?;
        }
        Ok(())
    }
}
