//! Link settings that make `dlx` start fast on Linux with glibc, where a
//! cluster runs it thousands of times on small tasks and a run of a tiny
//! problem is mostly start-up (docs/src/benchmarks.md, "Start-up"):
//!
//! - **At a fixed address** (`-no-pie`): the dynamic loader then has no
//!   relocation to apply to the binary's 5,000 pointers, which would copy
//!   about 25 pages on every start. The shared libraries and the stack
//!   still get random addresses; only the binary's own image does not.
//! - **GCC's unwinder linked in** (`libgcc_eh.a` for `libgcc_s.so`): one
//!   shared library less to map, and no run of `libgcc_s`'s constructor,
//!   which asks the CPU for its features with about nine `cpuid`
//!   instructions, each a trip to the hypervisor on a virtual machine
//!   (7 µs apiece on the 2-core machine of the benchmarks). This is what
//!   `gcc -static-libgcc` does for C++ programs; Rust's standard library
//!   asks for `libgcc_s` by name, so a linker script of that name, found
//!   first, stands for it.
//!
//! Both are applied only when building on Linux with glibc for the machine
//! itself, and the second only when the C compiler has `libgcc_eh.a`;
//! elsewhere the binary is linked as Rust links it by default.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let target = |key: &str| env::var(format!("CARGO_CFG_TARGET_{key}")).unwrap_or_default();
    let native = env::var("TARGET").ok() == env::var("HOST").ok();
    if !(native && target("OS") == "linux" && target("ENV") == "gnu") {
        return;
    }
    println!("cargo::rustc-link-arg-bins=-no-pie");
    if let Some(folder) = unwinder_standing_for_libgcc_s() {
        println!("cargo::rustc-link-search=native={}", folder.display());
    }
}

/// A folder holding a linker script named `libgcc_s.so` that links GCC's
/// static unwinder instead, when the C compiler has one; `None` otherwise.
fn unwinder_standing_for_libgcc_s() -> Option<PathBuf> {
    let compiler = env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_owned());
    let asked = Command::new(compiler)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()?;
    // The compiler prints the bare name back when it has no such file.
    let found = String::from_utf8(asked.stdout).ok()?;
    let found = Path::new(found.trim());
    if !asked.status.success() || !found.is_absolute() || !found.is_file() {
        return None;
    }
    let folder = PathBuf::from(env::var_os("OUT_DIR")?).join("static-unwinder");
    fs::create_dir_all(&folder).ok()?;
    fs::write(folder.join("libgcc_s.so"), "INPUT(-lgcc_eh)\n").ok()?;
    Some(folder)
}
