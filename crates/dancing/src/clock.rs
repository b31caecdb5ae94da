//! The engine's clock: [`Instant`] is `std::time::Instant`, except on
//! `wasm32-unknown-unknown`, where the standard library has no clock
//! (`Instant::now()` traps there: "RuntimeError: unreachable") and the
//! `web-time` crate reads the browser's `performance.now()` instead. Every
//! time the engine takes (budgets, checkpoint intervals, progress reports)
//! goes through here, so that the same code runs in a Web Worker.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;
