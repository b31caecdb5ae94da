//! Test support shared by the workspace's test binaries and benchmarks; a
//! dev-only crate, never a dependency of a library or binary that ships.
//!
//! - [`alloc`]: a counting global allocator, for tests that prove a loop
//!   allocates nothing once warm.
//! - [`strategies`]: proptest strategies for small random exact-cover
//!   problems, with or without a planted solution, with secondary items.
//! - [`brute`]: every exact cover of a small problem, by trying every subset
//!   of its options (independent of the engine's search).
//! - [`verify`]: the assertion that a set of options is an exact cover, by
//!   the engine's checker (`dancing::check`).
//! - [`figures`]: Knuth's DLX1 figures for the engine's reference files, and
//!   the counts from the literature that tests and benchmarks check.

// The allocator is the one place that needs `unsafe` (`GlobalAlloc` is an
// unsafe trait); it allows it for itself alone.
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

pub mod alloc;
pub mod brute;
pub mod figures;
#[cfg(feature = "strategies")]
pub mod strategies;
pub mod verify;
