//! The `dancing.Problem` value: the engine's problem, shared, with what
//! reading it warned of and the figures of its last search. Its methods
//! are in [`crate::problem`]; the modules that take a Problem from Python
//! (tasks, generators) name it here.

use std::sync::Arc;

use dancing::{ItemKind, OptionId};
use pyo3::prelude::*;

use crate::last_search::LastSearch;

/// An exact-cover problem: items, and options that are sets of items.
///
/// A solution is a set of options that covers every primary item exactly
/// once (or between its bounds) and every secondary item at most once
/// (or, where options give it a color, only by options of one color).
///
/// ``Problem(items, options, secondary=(), bounds=None, costs=None)``
/// builds one: ``items`` are the primary items' names (str, or int for a
/// name written in digits), ``options`` an iterable of options, each an
/// iterable of item names; a secondary item may carry a color,
/// ``"x:red"``, as in Knuth's format; ``bounds`` maps a primary item to
/// ``(lower, upper)`` (or to ``n``: exactly n); ``costs`` gives each
/// option a cost (a whole number, one per option, in order; Knuth's DLX5
/// ``|n``), which ``best()`` minimizes and ``option_cost(i)`` reads back.
/// ``Problem.from_dlx``, ``Problem.from_file`` and ``Problem.from_matrix``
/// read other forms.
///
/// Options are numbered from 0 in the order given: a solution is a list of
/// those numbers, and ``problem.option(i)`` gives option ``i`` back.
/// A Problem is immutable and may be searched from several threads; its
/// ``stats`` are those of the last search that ended.
///
/// Problems compare by value: the same items (names, kinds, bounds, in
/// order) and the same options in the same order (colors by name, costs).
/// They pickle by value and ``copy`` shares the immutable problem; neither
/// carries ``stats`` along. A name Knuth's DLX text cannot hold (what
/// ``to_dlx`` writes) is refused when the problem is made.
///
/// >>> p = Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
/// >>> sorted(sorted(s) for s in p.solutions())
/// [[0, 1], [2, 3]]
#[pyclass(module = "dancing", frozen)]
pub struct Problem {
    pub(crate) inner: Arc<dancing::Problem>,
    pub(crate) warnings: Vec<String>,
    pub(crate) last: Arc<LastSearch>,
}

impl Problem {
    pub(crate) fn wrap(problem: dancing::Problem, warnings: Vec<String>) -> Problem {
        Problem {
            inner: Arc::new(problem),
            warnings,
            last: Arc::default(),
        }
    }

    /// The engine's problem, shared (for a search on another thread).
    pub(crate) fn shared(&self) -> Arc<dancing::Problem> {
        Arc::clone(&self.inner)
    }

    /// The text of option `option`: its items, with colors as `x:a`.
    pub(crate) fn option_names(&self, option: OptionId) -> Vec<String> {
        self.inner.option_entries(option)
    }

    pub(crate) fn names_of(&self, kind: ItemKind) -> Vec<String> {
        let problem = &*self.inner;
        problem
            .items()
            .filter(|&item| problem.item_kind(item) == kind)
            .map(|item| problem.item_name(item).unwrap_or_default().to_owned())
            .collect()
    }
}
