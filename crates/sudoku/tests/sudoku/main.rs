//! Integration tests of `dancing-sudoku`: the seeds' samples, every engine
//! against the others on generated puzzles, the exact-cover text, the
//! formats, the readers against untrusted input, and other shapes.

mod common;
mod cross_check;
mod exact_cover;
mod formats;
mod parsers;
mod reference;
mod seeds;
mod shapes;
