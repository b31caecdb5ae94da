//! The `dancing._dancing` extension module: the engine (`dancing`), its
//! Sudoku front end (`dancing_sudoku`) and its problem generators
//! (`dancing_problems`) for Python.
//!
//! A translation layer only: it converts Python values into the engine's
//! problems and back, turns the engine's errors into located Python
//! exceptions, releases the GIL while the engine searches, and stops a
//! search on Ctrl-C. Search, parsing and Sudoku rules are the crates'.

mod args;
mod best;
mod branching;
mod build;
mod costs;
mod counting;
mod diagram;
mod errors;
mod estimate;
mod generators;
mod handed;
mod handle;
mod last_search;
mod matrix;
mod merging;
mod pickle;
mod problem;
mod rating;
mod reduction;
mod solutions;
mod stats;
mod stop;
mod sudoku;
mod tasks;
mod verify;

use pyo3::prelude::*;

/// Exact cover by Dancing Links: Knuth's Algorithms X, C and M.
#[pymodule]
fn _dancing(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<problem::Problem>()?;
    m.add_class::<stats::Stats>()?;
    m.add_class::<solutions::Solutions>()?;
    m.add_function(wrap_pyfunction!(problem::_problem_from_state, m)?)?;
    m.add_class::<diagram::Diagram>()?;
    m.add_class::<diagram::DiagramSolutions>()?;
    m.add_function(wrap_pyfunction!(diagram::_diagram_from_state, m)?)?;
    m.add("DiagramError", py.get_type::<diagram::DiagramError>())?;
    // The Cargo version, which maturin gives the package too.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("DancingError", py.get_type::<errors::DancingError>())?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("ProblemError", py.get_type::<errors::ProblemError>())?;
    m.add("SudokuError", py.get_type::<errors::SudokuError>())?;
    m.add("VerifyError", py.get_type::<verify::VerifyError>())?;
    m.add_class::<tasks::Task>()?;
    m.add_class::<tasks::TaskResult>()?;
    m.add_class::<merging::Merge>()?;
    m.add_function(wrap_pyfunction!(tasks::write_tasks, m)?)?;
    m.add_function(wrap_pyfunction!(tasks::read_tasks_text, m)?)?;
    m.add_function(wrap_pyfunction!(merging::merge, m)?)?;
    m.add("MergeError", py.get_type::<merging::MergeError>())?;
    sudoku::register(m)?;
    generators::register(m)?;
    Ok(())
}
