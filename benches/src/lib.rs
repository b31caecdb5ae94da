//! Shared helpers for the benchmarks (work in progress).
