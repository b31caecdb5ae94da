//! Helpers shared by the binary's tests.

use std::path::PathBuf;

use assert_cmd::Command;

/// The `dlx` binary under test.
pub fn dlx() -> Command {
    Command::cargo_bin("dlx").expect("the dlx binary is built")
}

/// A file in the engine's test data (Knuth's reference problems).
pub fn engine_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../dancing/tests/data")
        .join(name)
}

/// A file in this crate's test data.
#[allow(dead_code)]
pub fn cli_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}
