//! Helpers shared by the binary's tests.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// The `dlx` binary under test.
pub fn dlx() -> Command {
    Command::cargo_bin("dlx").expect("the dlx binary is built")
}

/// A scratch directory for one test's files, removed when the test ends,
/// whether it passes or fails (a fixed name under `/tmp` would be left
/// behind by every run).
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh [`Scratch`] directory named after its test, `dlx-{test}-…`.
pub fn scratch(test: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("dlx-{test}-"))
        .tempdir()
        .expect("a scratch directory");
    Scratch(dir)
}

/// A file in the engine's test data (Knuth's reference problems).
pub fn engine_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../dancing/tests/data")
        .join(name)
}

/// A file in this crate's test data.
pub fn cli_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// What a command wrote on stderr, as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts the exit status (showing stderr when it differs) and no panic.
#[track_caller]
pub fn assert_exit(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stderr: {}",
        stderr(output)
    );
    assert!(!stderr(output).contains("panicked"), "{}", stderr(output));
}
