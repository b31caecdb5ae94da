//! What a diagram answers, each in one pass over its nodes: the exact
//! count (in 128 bits while it fits, else with no bound), the counts by
//! solution size, exactly uniform random solutions, and the solutions
//! listed.
//!
//! A node's solutions are its `lo` branch's and, each with its option
//! added, its `hi` branch's; no solution is in both (they differ in the
//! option), so counts add. The solutions of a node are ranked `lo`'s
//! first, then `hi`'s: the listing follows that rank, and a random
//! solution is the one of a uniformly drawn rank.

use num_bigint::BigUint;

use super::{BOTTOM, Diagram, FIRST_NODE, TOP};
use crate::problem::OptionId;
use crate::random::SplitMix64;

/// The number of solutions of every node, by id: in 128 bits where the
/// root's count fits, else exact big integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Every count fits in 128 bits.
    Small(Vec<u128>),
    /// Some count does not.
    Big(Vec<BigUint>),
}

impl Counts {
    /// The count of node `id`.
    pub fn of(&self, id: u32) -> BigUint {
        match self {
            Counts::Small(counts) => BigUint::from(counts[id as usize]),
            Counts::Big(counts) => counts[id as usize].clone(),
        }
    }
}

impl Diagram {
    /// The counts of all its nodes (see [`Counts`]).
    pub fn counts(&self) -> Counts {
        let mut small = Vec::with_capacity(self.options.len() + FIRST_NODE as usize);
        small.extend([0u128, 1]);
        for k in 0..self.options.len() {
            let (lo, hi) = (self.lo[k] as usize, self.hi[k] as usize);
            match small[lo].checked_add(small[hi]) {
                Some(count) => small.push(count),
                None => return Counts::Big(self.big_counts(small)),
            }
        }
        Counts::Small(small)
    }

    /// The counts, the first `small.len()` known in 128 bits.
    fn big_counts(&self, small: Vec<u128>) -> Vec<BigUint> {
        let known = small.len();
        let mut big: Vec<BigUint> = small.into_iter().map(BigUint::from).collect();
        big.reserve(self.options.len() + FIRST_NODE as usize - known);
        for k in known - FIRST_NODE as usize..self.options.len() {
            let count = &big[self.lo[k] as usize] + &big[self.hi[k] as usize];
            big.push(count);
        }
        big
    }

    /// The exact number of solutions.
    pub fn count(&self) -> BigUint {
        self.counts().of(self.root)
    }

    /// The number of solutions if it fits in 128 bits.
    pub fn count_u128(&self) -> Option<u128> {
        match self.counts() {
            Counts::Small(counts) => Some(counts[self.root as usize]),
            Counts::Big(counts) => u128::try_from(&counts[self.root as usize]).ok(),
        }
    }

    /// The number of solutions of each size (options chosen), by size:
    /// entry `k` counts the solutions of `k` options; empty when there is
    /// none. Each node's counts are freed once the last node above it has
    /// used them.
    pub fn sizes(&self) -> Vec<BigUint> {
        if self.root == BOTTOM {
            return Vec::new();
        }
        let n = self.options.len() + FIRST_NODE as usize;
        // How many nodes (and the root) still need each node's counts.
        let mut uses = vec![0u32; n];
        for k in 0..self.options.len() {
            uses[self.lo[k] as usize] += 1;
            uses[self.hi[k] as usize] += 1;
        }
        uses[self.root as usize] += 1;
        let mut sizes: Vec<Option<BySize>> = vec![None; n];
        sizes[TOP as usize] = Some(BySize {
            least: 0,
            counts: vec![BigUint::from(1u32)],
        });
        let take = |sizes: &mut Vec<Option<BySize>>, uses: &mut Vec<u32>, id: u32| {
            let id = id as usize;
            uses[id] -= 1;
            if uses[id] == 0 {
                sizes[id].take()
            } else {
                sizes[id].clone()
            }
        };
        for k in 0..self.options.len() {
            let id = k + FIRST_NODE as usize;
            if uses[id] == 0 {
                continue;
            }
            let lo = take(&mut sizes, &mut uses, self.lo[k]);
            let hi = take(&mut sizes, &mut uses, self.hi[k]).map(BySize::shifted);
            sizes[id] = match (lo, hi) {
                (Some(lo), Some(hi)) => Some(lo.add(&hi)),
                (lo, hi) => lo.or(hi),
            };
        }
        match sizes[self.root as usize].take() {
            Some(BySize { least, counts }) => {
                let mut all = vec![BigUint::default(); least];
                all.extend(counts);
                all
            }
            None => Vec::new(),
        }
    }

    /// A sampler of uniformly random solutions, seeded: the same seed
    /// draws the same solutions from the same diagram.
    pub fn sampler(&self, seed: u64) -> Sampler<'_> {
        Sampler {
            diagram: self,
            counts: self.counts(),
            random: SplitMix64::new(seed),
        }
    }

    /// The solutions, each once, in rank order (each node's `lo` branch's
    /// before its `hi` branch's), options in the order of the diagram's
    /// path (root first).
    pub fn solutions(&self) -> Solutions<'_> {
        Solutions {
            diagram: self,
            stack: vec![(self.root, 0, None)],
            path: Vec::new(),
        }
    }

    /// The solution of rank `rank` among the solutions of node `id`, the
    /// counts of every node being `counts`.
    fn unrank(&self, counts: &Counts, mut id: u32, rank: Rank) -> Vec<OptionId> {
        let mut solution = Vec::new();
        match (counts, rank) {
            (Counts::Small(counts), Rank::Small(mut rank)) => {
                while id >= FIRST_NODE {
                    let k = (id - FIRST_NODE) as usize;
                    let lo = counts[self.lo[k] as usize];
                    if rank < lo {
                        id = self.lo[k];
                    } else {
                        rank -= lo;
                        solution.push(OptionId::new(self.options[k] as usize));
                        id = self.hi[k];
                    }
                }
            }
            (Counts::Big(counts), Rank::Big(mut rank)) => {
                while id >= FIRST_NODE {
                    let k = (id - FIRST_NODE) as usize;
                    let lo = &counts[self.lo[k] as usize];
                    if rank < *lo {
                        id = self.lo[k];
                    } else {
                        rank -= lo;
                        solution.push(OptionId::new(self.options[k] as usize));
                        id = self.hi[k];
                    }
                }
            }
            _ => unreachable!("a rank is drawn in its counts' kind"),
        }
        debug_assert_eq!(id, TOP);
        solution
    }
}

/// A rank among a node's solutions, in its counts' kind.
enum Rank {
    Small(u128),
    Big(BigUint),
}

/// Counts by size from the least size that has one.
#[derive(Clone, Debug)]
struct BySize {
    least: usize,
    counts: Vec<BigUint>,
}

impl BySize {
    /// The counts with one more option in each solution.
    fn shifted(mut self) -> BySize {
        self.least += 1;
        self
    }

    fn add(self, other: &BySize) -> BySize {
        let least = self.least.min(other.least);
        let end = (self.least + self.counts.len()).max(other.least + other.counts.len());
        let mut counts = vec![BigUint::default(); end - least];
        for (k, count) in self.counts.into_iter().enumerate() {
            counts[self.least - least + k] = count;
        }
        for (k, count) in other.counts.iter().enumerate() {
            counts[other.least - least + k] += count;
        }
        BySize { least, counts }
    }
}

/// Exactly uniform random solutions of a diagram: each of its `n`
/// solutions drawn with probability `1/n`, by drawing a rank below `n`
/// (random bits, a draw at or past `n` thrown away and drawn again: no
/// modulo bias) and reading the solution of that rank off the diagram.
pub struct Sampler<'d> {
    diagram: &'d Diagram,
    counts: Counts,
    random: SplitMix64,
}

impl Sampler<'_> {
    /// The number of solutions.
    pub fn count(&self) -> BigUint {
        self.counts.of(self.diagram.root)
    }

    /// A uniformly random solution (its options in the diagram's path
    /// order), or `None` when there is no solution.
    pub fn draw(&mut self) -> Option<Vec<OptionId>> {
        let rank = match &self.counts {
            Counts::Small(counts) => {
                let n = counts[self.diagram.root as usize];
                if n == 0 {
                    return None;
                }
                Rank::Small(below_u128(&mut self.random, n))
            }
            Counts::Big(counts) => {
                let n = &counts[self.diagram.root as usize];
                Rank::Big(below_big(&mut self.random, n))
            }
        };
        Some(self.diagram.unrank(&self.counts, self.diagram.root, rank))
    }

    /// The solution of rank `rank` (0 is the first that
    /// [`Diagram::solutions`] lists), if there are more than `rank`.
    pub fn solution_at(&self, rank: &BigUint) -> Option<Vec<OptionId>> {
        if *rank >= self.count() {
            return None;
        }
        let rank = match &self.counts {
            Counts::Small(_) => Rank::Small(u128::try_from(rank).ok()?),
            Counts::Big(_) => Rank::Big(rank.clone()),
        };
        Some(self.diagram.unrank(&self.counts, self.diagram.root, rank))
    }
}

/// The random words of a draw below `n` (`n > 0`): as many 64-bit words,
/// low first, as `n - 1` has bits, the top one cut to its bits; the same
/// stream for the 128-bit and the big counts.
fn random_words(random: &mut SplitMix64, bits: u64, words: &mut Vec<u64>) {
    words.clear();
    let full = bits / 64;
    words.extend((0..full).map(|_| random.next_u64()));
    let rest = bits % 64;
    if rest > 0 {
        words.push(random.next_u64() & ((1u64 << rest) - 1));
    }
}

/// A uniform number below `n` (`n > 0`) by rejection on the bits.
fn below_u128(random: &mut SplitMix64, n: u128) -> u128 {
    let bits = u64::from(128 - (n - 1).leading_zeros());
    let mut words = Vec::with_capacity(2);
    loop {
        random_words(random, bits, &mut words);
        let value = words
            .iter()
            .rev()
            .fold(0u128, |value, &word| value << 64 | u128::from(word));
        if value < n {
            return value;
        }
    }
}

/// A uniform number below `n` (`n > 0`) by rejection on the bits.
fn below_big(random: &mut SplitMix64, n: &BigUint) -> BigUint {
    let bits = (n - 1u32).bits();
    let mut words = Vec::new();
    loop {
        random_words(random, bits, &mut words);
        let digits: Vec<u32> = words
            .iter()
            .flat_map(|&word| [word as u32, (word >> 32) as u32])
            .collect();
        let value = BigUint::new(digits);
        if value < *n {
            return value;
        }
    }
}

/// The solutions of a diagram, listed (see [`Diagram::solutions`]).
pub struct Solutions<'d> {
    diagram: &'d Diagram,
    /// The branches still to list: a node, the length of the path above
    /// it, and the option its branch adds (a `hi` branch's).
    stack: Vec<(u32, usize, Option<u32>)>,
    path: Vec<u32>,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        let diagram = self.diagram;
        loop {
            let (mut id, depth, option) = self.stack.pop()?;
            self.path.truncate(depth);
            self.path.extend(option);
            // Down the `lo` branches, each node's `hi` branch kept for
            // later.
            while id >= FIRST_NODE {
                let k = (id - FIRST_NODE) as usize;
                self.stack
                    .push((diagram.hi[k], self.path.len(), Some(diagram.options[k])));
                id = diagram.lo[k];
            }
            if id == TOP {
                return Some(
                    self.path
                        .iter()
                        .map(|&option| OptionId::new(option as usize))
                        .collect(),
                );
            }
        }
    }
}
