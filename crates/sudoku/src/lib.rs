//! Sudoku on the dancing exact-cover engine (work in progress).
