//! The engine in the browser: what the static page in `web/` asks of the
//! `dancing` engine, its Sudoku crate and its problem generators, as plain
//! Rust functions that take text and return JSON text.
//!
//! The page's Web Worker calls them through the `wasm-bindgen` bindings
//! (compiled for `wasm32` only, in `bindings.rs`); everything else here is
//! ordinary Rust, tested on the host with `cargo test`. The functions use
//! the crates' public APIs only: parsing, rules, search and decoding are
//! theirs, this crate only translates.
//!
//! A search runs to its end, to its node or time budget, or until its
//! progress callback says stop; the page stops a search on its Stop button
//! by terminating the Worker (see `web/README.md` for why).
//!
//! ```
//! let report = dancing_web::cover::run(
//!     &dancing_web::cover::Source::Generator { name: "queens".into(), argument: "6".into(), option: false },
//!     &dancing_web::search::Request::count(),
//!     &mut |_| std::ops::ControlFlow::Continue(()),
//! ).unwrap();
//! assert_eq!(report.solutions, 4);
//! assert!(report.complete);
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod cover;
pub mod random;
pub mod search;
pub mod sudoku;

#[cfg(target_arch = "wasm32")]
mod bindings;

/// The version of the engine this module was built from, as the page
/// shows it.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// An error with its place, as the CLI writes it (`NAME:LINE:COLUMN:
/// message` for a DLX file, `NAME:LINE: message` for a puzzle): what the
/// page shows.
pub type Located = String;
