//! How dancing cells choose the item to branch on: the fewest options
//! (SSXCC's rule, the default), or one of Knuth's two learning rules of
//! 2025, each the d-way version (every option of the chosen item is a
//! branch, as SSXCC branches):
//!
//! - [`Branching::Weighted`], dom/wdeg after Boussemart, Hemery, Lecoutre
//!   and Sais (ECAI 2004), Knuth's `ssxcc-wtd0.ch`: every primary item has
//!   a weight, 1 at the start, raised by 1 each time the item is wiped out
//!   (a choice leaves it no option, or a scan finds it with none); the
//!   branch is on the item of least size / weight.
//! - [`Branching::FailureRate`], after Li, Yin and Li (CP 2021), Knuth's
//!   `ssxcc-frb0.ch`: every primary item counts the branches tried on it
//!   (`assigns`, from 1) and those that wiped out another primary item
//!   (`fails`, from 0); the branch is on the item of least size / rate,
//!   the rate being (fails + 1/2) / assigns.
//!
//! Both rules compute their scores as Knuth's programs do, in single
//! precision, and keep the first item of least score met in the active
//! list (SSXCC's rule breaks ties by the items' input order instead).
//! An item with one option is forced whatever its score, as in SSXCC;
//! and since a branching item's options are hidden without checking, an
//! item whose options all contain it can be left with none: the scan that
//! finds it so counts a wipe-out there and backs up.

use std::fmt;
use std::str::FromStr;

use super::SIZE;

/// The rule that chooses the item to branch on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Branching {
    /// The item with the fewest options, ties to the first in the input
    /// (Knuth's MRV, in every search of the engine).
    #[default]
    Mrv,
    /// Least options / weight, an item's weight being 1 plus the times it
    /// was wiped out (Knuth's SSXCC-WTD0).
    Weighted,
    /// Least options / failure rate, the rate of an item being (failed
    /// branches on it + 1/2) / (branches on it + 1) (Knuth's SSXCC-FRB0).
    FailureRate,
}

impl Branching {
    /// Every rule, the default first.
    pub const ALL: [Branching; 3] = [Branching::Mrv, Branching::Weighted, Branching::FailureRate];

    /// The rule's short name: `mrv`, `wtd` or `frb`.
    pub fn as_str(self) -> &'static str {
        match self {
            Branching::Mrv => "mrv",
            Branching::Weighted => "wtd",
            Branching::FailureRate => "frb",
        }
    }

    /// Whether the rule learns from the search's dead ends (the weighted
    /// and failure-rate rules): such a rule searches on dancing cells, on
    /// one thread, since what it learns depends on the order of the whole
    /// search.
    pub fn learns(self) -> bool {
        self != Branching::Mrv
    }

    /// Whether the rule searches `problem` as asked: the learning rules
    /// are built for exact cover with colors, not for item bounds (a
    /// problem with bounds is searched by the fewest-options rule). Front
    /// ends refuse what this refuses, in their own words.
    pub fn searches(self, problem: &crate::Problem) -> bool {
        !(self.learns() && problem.has_bounds())
    }
}

impl fmt::Display for Branching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not a branching rule's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBranching(pub String);

impl fmt::Display for UnknownBranching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown branching rule {:?} (expected mrv, wtd or frb)",
            self.0
        )
    }
}

impl std::error::Error for UnknownBranching {}

impl FromStr for Branching {
    type Err = UnknownBranching;

    fn from_str(name: &str) -> Result<Branching, UnknownBranching> {
        Branching::ALL
            .into_iter()
            .find(|rule| rule.as_str() == name)
            .ok_or_else(|| UnknownBranching(name.to_owned()))
    }
}

/// What the learning rules remember between choices, per item (indexed
/// by the item's place in `set`, like its size): the weights for
/// [`Branching::Weighted`], the branches and failures for
/// [`Branching::FailureRate`]. Empty for the rule unused.
#[derive(Debug, Default)]
pub(super) struct Tallies {
    weights: Vec<u32>,
    assigns: Vec<u32>,
    fails: Vec<u32>,
}

/// What a scan of the active primary items found besides the items it
/// stacked as forced.
pub(super) enum Scan {
    /// The item to branch on, unless one is forced.
    Best(u32),
    /// Nothing to branch on: a solution, unless one is forced.
    Nothing,
    /// An item with no option left: back up.
    WipedOut(u32),
}

/// The active list and sets a scan reads.
pub(super) struct Active<'a> {
    pub set: &'a [u32],
    pub items: &'a [u32],
    pub second: u32,
}

impl Active<'_> {
    /// The primary items among the active ones, in the list's order, each
    /// with its size.
    #[inline(always)]
    fn primaries(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.items
            .iter()
            .copied()
            .filter(|&x| x < self.second)
            .map(|x| (x, self.set[(x - SIZE) as usize]))
    }
}

/// One branching rule: its scan and what it learns. Each search is
/// compiled once per rule, so the default rule's loop has no hooks.
pub(super) trait Rule {
    /// The tallies set to their start for a search over `set_len` places.
    fn reset(tallies: &mut Tallies, set_len: usize);

    /// Stacks every active primary item of size 1 on `force`, and says
    /// which item to branch on.
    fn scan(active: &Active<'_>, force: &mut Vec<u32>, tallies: &Tallies) -> Scan;

    /// A scan found `item` with no options.
    #[inline(always)]
    fn wiped_out(_tallies: &mut Tallies, _item: u32) {}

    /// A branch on `branched` left `emptied` with no option.
    #[inline(always)]
    fn failed(_tallies: &mut Tallies, _branched: u32, _emptied: u32) {}

    /// A branch on `branched` went down a level.
    #[inline(always)]
    fn succeeded(_tallies: &mut Tallies, _branched: u32) {}
}

/// SSXCC's rule: the fewest options, ties to the leftmost item in the
/// input (Weigel's suggestion, in SSXCC).
pub(super) struct Mrv;

impl Rule for Mrv {
    fn reset(_tallies: &mut Tallies, _set_len: usize) {}

    #[inline(always)]
    fn scan(active: &Active<'_>, force: &mut Vec<u32>, _tallies: &Tallies) -> Scan {
        let mut smallest = u32::MAX;
        let mut best = 0;
        for &x in active.items {
            if x >= active.second {
                continue;
            }
            let s = active.set[(x - SIZE) as usize];
            if s <= 1 {
                debug_assert_eq!(s, 1, "hiding leaves no empty primary item");
                force.push(x);
            } else if s < smallest || (s == smallest && x < best) {
                smallest = s;
                best = x;
            }
        }
        if smallest == u32::MAX {
            Scan::Nothing
        } else {
            Scan::Best(best)
        }
    }
}

/// A score this large or more is taken as `DANGEROUS` (Knuth's guard
/// against infinities; no score of these rules reaches it in practice).
const FINFTY: f32 = 2e32;
const DANGEROUS: f32 = 1e32;

/// The scan of both learning rules: the first item of least
/// `size / merit`, sizes 1 forced, size 0 a wipe-out.
#[inline(always)]
fn least_score(active: &Active<'_>, force: &mut Vec<u32>, merit: impl Fn(u32) -> f32) -> Scan {
    let mut score = FINFTY;
    let mut best = None;
    for (x, s) in active.primaries() {
        if s <= 1 {
            if s == 0 {
                force.clear();
                return Scan::WipedOut(x);
            }
            force.push(x);
        } else {
            let mut this = s as f32 / merit(x);
            if this >= FINFTY {
                this = DANGEROUS;
            }
            if this < score {
                best = Some(x);
                score = this;
            }
        }
    }
    best.map_or(Scan::Nothing, Scan::Best)
}

/// Knuth's SSXCC-WTD0: size / weight.
pub(super) struct Weighted;

impl Rule for Weighted {
    fn reset(tallies: &mut Tallies, set_len: usize) {
        tallies.weights.clear();
        tallies.weights.resize(set_len, 1);
    }

    #[inline(always)]
    fn scan(active: &Active<'_>, force: &mut Vec<u32>, tallies: &Tallies) -> Scan {
        least_score(active, force, |x| tallies.weights[x as usize] as f32)
    }

    fn wiped_out(tallies: &mut Tallies, item: u32) {
        bump(&mut tallies.weights[item as usize]);
    }

    fn failed(tallies: &mut Tallies, _branched: u32, emptied: u32) {
        bump(&mut tallies.weights[emptied as usize]);
    }
}

/// Knuth's SSXCC-FRB0: size / ((fails + 1/2) / assigns).
pub(super) struct FailureRate;

impl Rule for FailureRate {
    fn reset(tallies: &mut Tallies, set_len: usize) {
        tallies.assigns.clear();
        tallies.assigns.resize(set_len, 1);
        tallies.fails.clear();
        tallies.fails.resize(set_len, 0);
    }

    #[inline(always)]
    fn scan(active: &Active<'_>, force: &mut Vec<u32>, tallies: &Tallies) -> Scan {
        least_score(active, force, |x| {
            // As Knuth's C computes it: the sum in double precision,
            // rounded to single, divided in single.
            let fails = (f64::from(tallies.fails[x as usize]) + 0.5) as f32;
            fails / tallies.assigns[x as usize] as f32
        })
    }

    fn wiped_out(tallies: &mut Tallies, item: u32) {
        // The item scanned empty is charged as a failed branch of its own.
        Self::failed(tallies, item, item);
    }

    fn failed(tallies: &mut Tallies, branched: u32, _emptied: u32) {
        bump(&mut tallies.assigns[branched as usize]);
        bump(&mut tallies.fails[branched as usize]);
    }

    fn succeeded(tallies: &mut Tallies, branched: u32) {
        bump(&mut tallies.assigns[branched as usize]);
    }
}

/// One more, staying at the largest count (Knuth's programs stop at 2^31;
/// a count stuck at 2^32 - 1 only stops learning).
#[inline(always)]
fn bump(count: &mut u32) {
    *count = count.saturating_add(1);
}
