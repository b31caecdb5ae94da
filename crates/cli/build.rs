//! Link settings that make `dlx` start fast on Linux with glibc, where a
//! cluster runs it thousands of times on small tasks and a run of a tiny
//! problem is mostly start-up (docs/src/benchmarks.md, "Start-up"):
//!
//! - **Static**: glibc, libm and GCC's unwinder linked into the binary, so
//!   that no dynamic loader runs, no shared library is mapped and no
//!   symbol is looked up at start (a run of a 6-node count took 1.8 times
//!   DLX1's CPU time dynamic, about 1.0 static). Rust links the C
//!   libraries statically only under `-C target-feature=+crt-static`,
//!   which Cargo cannot set for one binary (in `rustflags` it reaches the
//!   proc-macro crates too, rust-lang/rust#78210); a `-static` link
//!   argument alone makes a broken binary (the libraries are still asked
//!   for as shared ones, `-Bdynamic -lc`). So the binary's link finds,
//!   first on its search path, linker scripts named `libc.so`, `libm.so`
//!   and `libgcc_s.so` that stand for the static archives, and is given
//!   `-static`.
//! - **At a fixed address** (`-no-pie`): no relocation of the binary's
//!   5,000 pointers at start, which would copy about 25 pages. The stack
//!   and the heap still get random addresses.
//!
//! Both are applied only when building on Linux with glibc for the machine
//! itself, and the static link only when the C compiler has `libc.a`,
//! `libm.a` and `libgcc_eh.a` (Debian's `libc6-dev`, which a C compiler
//! needs anyway); elsewhere, or without them, the binary is linked as Rust
//! links it by default (with GCC's unwinder where there is one). Only the
//! binary is linked so: the test programs, which the same search path
//! would reach, keep the shared libraries.

use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let target = |key: &str| env::var(format!("CARGO_CFG_TARGET_{key}")).unwrap_or_default();
    let native = env::var("TARGET").ok() == env::var("HOST").ok();
    if !(native && target("OS") == "linux" && target("ENV") == "gnu") {
        return;
    }
    println!("cargo::rustc-link-arg-bins=-no-pie");
    let Some(unwinder) = unwinder_standing_for_libgcc_s() else {
        return;
    };
    println!("cargo::rustc-link-search=native={}", unwinder.display());
    if let Some(folder) = c_libraries_standing_for_shared_ones() {
        // For the binary alone (`-L` takes effect wherever it stands).
        println!("cargo::rustc-link-arg-bins=-L{}", folder.display());
        println!("cargo::rustc-link-arg-bins=-static");
    }
}

/// The path of `file` in the C compiler's libraries, if it has it.
fn compiler_file(file: &str) -> Option<PathBuf> {
    let compiler = env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_owned());
    let asked = Command::new(compiler)
        .arg(format!("-print-file-name={file}"))
        .output()
        .ok()?;
    // The compiler prints the bare name back when it has no such file.
    let found = String::from_utf8(asked.stdout).ok()?;
    let found = PathBuf::from(found.trim());
    (asked.status.success() && found.is_absolute() && found.is_file()).then_some(found)
}

/// A folder holding linker scripts named `libc.so` and `libm.so` that link
/// glibc's static archives instead, when the C compiler has them; `None`
/// otherwise.
fn c_libraries_standing_for_shared_ones() -> Option<PathBuf> {
    let libc = compiler_file("libc.a")?;
    let libm = compiler_file("libm.a")?;
    let folder = PathBuf::from(env::var_os("OUT_DIR")?).join("static-libc");
    fs::create_dir_all(&folder).ok()?;
    fs::write(
        folder.join("libc.so"),
        format!("INPUT({})\n", libc.display()),
    )
    .ok()?;
    fs::write(
        folder.join("libm.so"),
        format!("INPUT({})\n", libm.display()),
    )
    .ok()?;
    Some(folder)
}

/// A folder holding a linker script named `libgcc_s.so` that links GCC's
/// static unwinder instead, when the C compiler has one; `None` otherwise.
fn unwinder_standing_for_libgcc_s() -> Option<PathBuf> {
    compiler_file("libgcc_eh.a")?;
    let folder = PathBuf::from(env::var_os("OUT_DIR")?).join("static-unwinder");
    fs::create_dir_all(&folder).ok()?;
    fs::write(folder.join("libgcc_s.so"), "INPUT(-lgcc_eh)\n").ok()?;
    Some(folder)
}
