//! The `heuristic` argument of the searches: the engine's branching rule
//! ([`dancing::Branching`]) by its short name, and the requests a learning
//! rule cannot serve, refused in Python's words before anything runs (as
//! `dlx solve --heuristic` refuses them).

use dancing::Branching;
use dancing::engine::Algorithm;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The rule `name` names: "mrv", "wtd" or "frb"; anything else is a
/// ValueError naming the argument and the three names.
pub fn parse(name: &str) -> PyResult<Branching> {
    name.parse().map_err(|_| {
        let [first, second, third] = Branching::ALL.map(Branching::as_str);
        PyValueError::new_err(format!(
            "heuristic must be {first:?} (fewest options), {second:?} (Knuth's SSXCC-WTD0) \
             or {third:?} (SSXCC-FRB0), not {name:?}"
        ))
    })
}

/// The search `rule` runs on a problem without bounds (those with bounds
/// are refused a learning rule).
pub fn algorithm(rule: Branching) -> Algorithm {
    if rule.learns() {
        Algorithm::Cells(rule)
    } else {
        Algorithm::Links
    }
}

/// Refuses `rule` on `problem` when it has item bounds: the learning rules
/// are built for exact cover with colors, and the engine would search such
/// a problem by the fewest options instead of what was asked.
pub fn refuse_bounds(rule: Branching, problem: &dancing::Problem) -> PyResult<()> {
    if !rule.searches(problem) {
        return Err(PyValueError::new_err(format!(
            "heuristic={:?}: the problem has items with multiplicities (bounds), \
             which only heuristic=\"mrv\" searches",
            rule.as_str()
        )));
    }
    Ok(())
}

/// Refuses `rule` with more than one thread asked for (`threads` as
/// given: None leaves the choice to the rule, one thread for a learning
/// rule).
pub fn refuse_threads(rule: Branching, threads: Option<usize>) -> PyResult<()> {
    match threads {
        Some(threads) if rule.learns() && threads > 1 => Err(PyValueError::new_err(format!(
            "heuristic={:?} searches on one thread (what it learns depends on the order of \
             the whole search): give threads=1 or leave threads out, not threads={threads}",
            rule.as_str()
        ))),
        _ => Ok(()),
    }
}

/// Refuses `rule` with the memoized count, which keeps its own order.
pub fn refuse_memo(rule: Branching, memo: bool) -> PyResult<()> {
    if rule.learns() && memo {
        return Err(PyValueError::new_err(format!(
            "heuristic={:?} cannot be combined with memo=True: the memoized count branches \
             on the fewest options (use heuristic=\"mrv\", or memo=False)",
            rule.as_str()
        )));
    }
    Ok(())
}
