//! `dancing.sudoku.Rating`: how hard a puzzle is for the search, the
//! figures `dlx sudoku --rate` prints, as a value that compares, hashes
//! and pickles by its figures.

use std::hash::{Hash, Hasher};

use dancing_sudoku::generate::Rating as EngineRating;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args;

/// How hard a Sudoku puzzle with one solution is for the search, as
/// ``dlx sudoku --rate`` rates it: ``clues``, the givens; ``singles``,
/// whether singles alone solve it (the search never branches);
/// ``search_effort``, the nodes of a uniqueness search averaged over
/// relabellings of the digits (search effort, not a human difficulty
/// grade). ``str()`` is the rating as the command writes it after the
/// puzzle: ``clues=24 singles=no search-effort=58.0``.
#[pyclass(module = "dancing.sudoku", frozen)]
#[derive(Clone, Debug)]
pub struct Rating {
    clues: usize,
    rating: EngineRating,
}

impl Rating {
    /// The engine's rating of a puzzle of `clues` givens.
    pub fn new(clues: usize, rating: EngineRating) -> Rating {
        Rating { clues, rating }
    }

    /// What equality and the hash look at (the effort by its bits, as a
    /// float has no `Hash`; ratings are never NaN).
    fn figures(&self) -> (usize, bool, u64) {
        (
            self.clues,
            self.rating.singles,
            self.rating.effort.to_bits(),
        )
    }
}

#[pymethods]
impl Rating {
    #[new]
    fn py_new(clues: &Bound<'_, PyAny>, singles: bool, search_effort: f64) -> PyResult<Rating> {
        let clues = args::size("clues", clues)?;
        Ok(Rating::new(
            clues,
            EngineRating {
                singles,
                effort: search_effort,
            },
        ))
    }

    /// The puzzle's givens.
    #[getter]
    fn clues(&self) -> usize {
        self.clues
    }

    /// Whether singles alone solve the puzzle.
    #[getter]
    fn singles(&self) -> bool {
        self.rating.singles
    }

    /// The nodes of a uniqueness search, averaged over relabellings.
    #[getter]
    fn search_effort(&self) -> f64 {
        self.rating.effort
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Rating>()
            .is_ok_and(|other| self.figures() == other.get().figures())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.figures().hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        let singles = if self.rating.singles { "True" } else { "False" };
        format!(
            "Rating(clues={}, singles={singles}, search_effort={:?})",
            self.clues, self.rating.effort
        )
    }

    fn __str__(&self) -> String {
        self.rating.words(self.clues)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let rating = slf.get();
        let figures = (rating.clues, rating.rating.singles, rating.rating.effort);
        (py.get_type::<Rating>(), figures).into_pyobject(py)
    }
}
