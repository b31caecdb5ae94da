//! How often long loops outside the search ask a caller's cancel request.
//!
//! A leaf module: the reader, the linker and the checker of the matrix all
//! take the interval from here, so none imports it from another.

/// Steps of work (names or lines read, options linked, nodes checked)
/// between two looks at a cancel request: a millisecond or two of work.
pub(crate) const CANCEL_CHECK: usize = 1 << 16;
