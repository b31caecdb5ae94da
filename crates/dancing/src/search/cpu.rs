//! Whether the search loop may run its AVX2 build: asked of the CPU once a
//! process, with the three `cpuid` queries that answer it.
//!
//! The standard library's `is_x86_feature_detected!` learns every feature
//! at its first call, with about nine `cpuid` instructions. On a virtual
//! machine each is a trip to the hypervisor (7 µs apiece on the 2-core
//! machine of the benchmarks, 60 µs in all): a tenth of the whole run of a
//! tiny problem, which a cluster's thousands of small tasks pay each time
//! (docs/src/benchmarks.md, "Start-up"). Three queries answer the one
//! question asked here.

use std::sync::atomic::{AtomicU8, Ordering};

/// What [`has_avx2`] found: not asked yet, no, or yes.
static AVX2: AtomicU8 = AtomicU8::new(UNKNOWN);
const UNKNOWN: u8 = 0;
const ABSENT: u8 = 1;
const PRESENT: u8 = 2;

/// Whether the CPU has AVX2 and the operating system saves the vector
/// registers it uses across context switches: what code compiled with
/// `#[target_feature(enable = "avx2")]` needs to run. Never under Miri,
/// which cannot run `cpuid` and interprets the portable build.
pub(super) fn has_avx2() -> bool {
    if cfg!(miri) {
        return false;
    }
    match AVX2.load(Ordering::Relaxed) {
        UNKNOWN => {
            let found = ask_the_cpu();
            AVX2.store(if found { PRESENT } else { ABSENT }, Ordering::Relaxed);
            found
        }
        known => known == PRESENT,
    }
}

/// The checks of Intel's Software Developer's Manual (volume 1, 14.7.1,
/// "Detection of Intel AVX2"), which AMD's CPUs answer the same way.
fn ask_the_cpu() -> bool {
    use std::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};

    // Leaf 7 says whether there is AVX2; a CPU whose leaves stop before 7
    // has none (and would answer the query with another leaf's bits).
    if __cpuid(0).eax < 7 {
        return false;
    }
    // Leaf 1: AVX (bit 28 of ECX), and OSXSAVE (bit 27): the operating
    // system has enabled XGETBV, which tells which registers it saves.
    const OSXSAVE_AND_AVX: u32 = (1 << 27) | (1 << 28);
    if __cpuid(1).ecx & OSXSAVE_AND_AVX != OSXSAVE_AND_AVX {
        return false;
    }
    // SAFETY: XGETBV is an instruction of the XSAVE feature, which the
    // CPU has and the operating system has enabled for user code exactly
    // when CPUID.1:ECX.OSXSAVE (bit 27) is set, as checked just above.
    // Register 0 (XCR0) always exists where XGETBV does. The instruction
    // reads a register and touches no memory.
    #[allow(unsafe_code)]
    let saved_state = unsafe { _xgetbv(0) };
    // Bits 1 and 2 of XCR0: the SSE and AVX (upper halves of YMM) state.
    const SSE_AND_AVX_STATE: u64 = 0b110;
    if saved_state & SSE_AND_AVX_STATE != SSE_AND_AVX_STATE {
        return false;
    }
    // Leaf 7, subleaf 0: AVX2 is bit 5 of EBX.
    __cpuid_count(7, 0).ebx & (1 << 5) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three queries answer as the standard library's full detection
    /// does, on whatever CPU runs the tests, and the cached answer is the
    /// first one.
    #[test]
    fn agrees_with_the_standard_library() {
        let expected = std::is_x86_feature_detected!("avx2");
        assert_eq!(ask_the_cpu(), expected);
        assert_eq!(has_avx2(), expected);
        assert_eq!(has_avx2(), expected);
        let cached = if expected { PRESENT } else { ABSENT };
        assert_eq!(AVX2.load(Ordering::Relaxed), cached);
    }
}
