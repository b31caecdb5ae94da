//! The memory work may take, weighed before threads are started: a search
//! on `-j N` threads copies the problem's matrix N times, and N copies of a
//! 30 MB matrix do not fit in a few gigabytes. The thread count is cut to
//! what fits (with a note), rather than starting threads that each fail
//! to allocate.
//!
//! What fits is read from Linux's `/proc`: the memory available
//! (`MemAvailable`), and the room left under the process's limits on
//! address space and data (`ulimit -v`, `-d`). Whether there are limits at
//! all, which every search asks, is asked of the system directly with
//! glibc (`getrlimit`, two system calls where reading `/proc/self/limits`
//! takes six). Elsewhere nothing is known and nothing is cut.
//!
//! Memory that runs out all the same (a limit lowered meanwhile, a search
//! that grows) ends the program with one line and exit status 2
//! ([`ExitWhenExhausted`], [`exit_on_exhaustion_panics`]), not a panic per
//! thread or an abort.

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::fs;
use std::io::{Read as _, Write as _};
use std::sync::atomic::{AtomicBool, Ordering};

use dancing::expert::kilobytes;

use crate::status::diag;

/// The address space each thread reserves beyond its copy: its stack
/// (Rust's default, 2 MB) and the malloc arena glibc gives each thread
/// (64 MB), which `ulimit -v` counts though little of it is touched.
const THREAD_RESERVE: u64 = (2 + 64) << 20;

/// The share of the free memory the copies may take: the rest is for
/// what the search allocates as it goes, and for everything else.
const SHARE_NUMERATOR: u64 = 3;
const SHARE_DENOMINATOR: u64 = 4;

/// The threads, of the `wanted` ones, whose copies of `per_thread` bytes
/// fit in the memory there is (at least one); says so on standard error
/// (as `who`) when that is fewer than wanted.
pub fn threads_that_fit(wanted: usize, per_thread: usize, who: &str) -> usize {
    // One thread makes no copy beside the template: nothing to weigh.
    if wanted <= 1 {
        return wanted;
    }
    let limited = memory_limited();
    let copies = (wanted as u64).saturating_mul(per_thread as u64);
    if !limited && copies <= UNWEIGHED_COPIES {
        return wanted;
    }
    let limits = read_proc("/proc/self/limits").unwrap_or_default();
    let Some(free) = Free::now(&limits, limited) else {
        return wanted;
    };
    let fitting = free.threads(wanted, per_thread as u64);
    if fitting < wanted {
        diag!(
            "{who}: -j {wanted} would copy the {} matrix {wanted} times, more than the memory there is ({}): searching on {fitting} thread{}",
            human(per_thread as u64),
            free.describe(),
            if fitting == 1 { "" } else { "s" },
        );
    }
    fitting
}

/// Whether the copies of `per_thread` bytes made by as many threads as
/// the engine may choose by default (up to [`MOST_THREADS`]) go unweighed
/// by [`threads_that_fit`], whatever their number: the engine may then
/// choose the threads itself.
pub fn copies_unweighed(per_thread: usize) -> bool {
    (per_thread as u64).saturating_mul(MOST_THREADS) <= UNWEIGHED_COPIES && !memory_limited()
}

/// The threads a search is given at most: `-j`'s bound, and more than
/// any machine's cores that the engine would choose by default.
const MOST_THREADS: u64 = 1024;

/// Whether `ulimit -v` or `-d` limits this process.
fn memory_limited() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        [libc::RLIMIT_AS, libc::RLIMIT_DATA]
            .into_iter()
            .any(|resource| {
                let mut limit = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                // SAFETY: `getrlimit` writes one `rlimit`, the one it is
                // given, and reads nothing of ours.
                let read = unsafe { libc::getrlimit(resource, &mut limit) } == 0;
                read && limit.rlim_cur != libc::RLIM_INFINITY
            })
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        let limits = read_proc("/proc/self/limits").unwrap_or_default();
        LIMITS
            .iter()
            .any(|(limit, _)| soft_limit(&limits, limit).is_some())
    }
}

/// Copies that take this much in all are not weighed against the memory
/// available unless a `ulimit` is set: every machine this runs on has it
/// to spare, and reading `/proc/meminfo` would cost a millisecond-sized run
/// a noticeable share of its time. Under a limit they are weighed all the
/// same, since each thread also reserves [`THREAD_RESERVE`] of address
/// space.
const UNWEIGHED_COPIES: u64 = 64 << 20;

/// The text of a file of `/proc`, read in one go: they say their size is
/// 0, and reading one into an empty string takes a read call per doubling
/// of the buffer.
fn read_proc(path: &str) -> Option<String> {
    let mut text = String::with_capacity(8192);
    fs::File::open(path).ok()?.read_to_string(&mut text).ok()?;
    Some(text)
}

/// The limits on memory in `/proc/self/limits` that `ulimit -v` and `-d`
/// set, each with the line of `/proc/self/status` that says what is used
/// under it.
const LIMITS: [(&str, &str); 2] = [
    ("Max address space", "VmSize:"),
    ("Max data size", "VmData:"),
];

/// The memory this process can still take.
#[derive(Clone, Copy, Debug)]
struct Free {
    /// The memory available (`MemAvailable`).
    memory: u64,
    /// The room left under the address-space and data limits, if any.
    address_space: Option<u64>,
}

impl Free {
    /// `None` where `/proc` does not tell; `limits` is the text of
    /// `/proc/self/limits`, `limited` whether it sets a limit of [`LIMITS`].
    fn now(limits: &str, limited: bool) -> Option<Free> {
        let meminfo = read_proc("/proc/meminfo")?;
        // What the process uses matters only under a limit.
        let status = if limited {
            read_proc("/proc/self/status").unwrap_or_default()
        } else {
            String::new()
        };
        Free::read(&meminfo, limits, &status)
    }

    /// From the texts of `/proc/meminfo`, `/proc/self/limits` and
    /// `/proc/self/status`.
    fn read(meminfo: &str, limits: &str, status: &str) -> Option<Free> {
        let memory = kilobytes(meminfo, "MemAvailable:")?;
        let address_space = LIMITS
            .into_iter()
            .filter_map(|(limit, used)| {
                Some(soft_limit(limits, limit)?.saturating_sub(kilobytes(status, used)?))
            })
            .min();
        Some(Free {
            memory,
            address_space,
        })
    }

    /// The threads of `wanted` (at least one) whose copies of `per_thread`
    /// bytes fit in a share of the memory, and whose copies, stacks and
    /// arenas fit in a share of the address space (a copy's arena can take
    /// twice its size, as its chunks double).
    fn threads(self, wanted: usize, per_thread: u64) -> usize {
        let share = |bytes: u64| bytes / SHARE_DENOMINATOR * SHARE_NUMERATOR;
        let mut fit = share(self.memory) / per_thread.max(1);
        if let Some(room) = self.address_space {
            let each = per_thread.saturating_mul(2).saturating_add(THREAD_RESERVE);
            fit = fit.min(share(room) / each);
        }
        wanted
            .min(usize::try_from(fit).unwrap_or(usize::MAX))
            .max(1)
    }

    /// `3.6 GB available`, `1.2 GB under ulimit`.
    fn describe(self) -> String {
        match self.address_space {
            Some(room) if room < self.memory => format!("{} left under ulimit", human(room)),
            _ => format!("{} available", human(self.memory)),
        }
    }
}

/// The system's allocator, which ends the program with a message and
/// exit status 2 when an allocation fails, instead of Rust's abort (exit
/// status 134, "memory allocation of N bytes failed").
pub struct ExitWhenExhausted;

// SAFETY: every method hands its arguments to the system allocator as they
// came, under the same contract, and returns what it returned; the only
// addition is the check for null, after which nothing is returned at all.
// (No stable hook turns an allocation failure into an exit status: this
// wrapper is the way.)
unsafe impl GlobalAlloc for ExitWhenExhausted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is `System.alloc`'s.
        let pointer = unsafe { System.alloc(layout) };
        if pointer.is_null() {
            exhausted(Some(layout.size()));
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if pointer.is_null() {
            exhausted(Some(layout.size()));
        }
        pointer
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc` is `System.realloc`'s,
        // and `pointer` came from `System` through this allocator.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if moved.is_null() {
            exhausted(Some(new_size));
        }
        moved
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from `System` through this allocator, with
        // `layout`.
        unsafe { System.dealloc(pointer, layout) }
    }
}

/// Set by the first thread to find memory exhausted.
static EXHAUSTED: AtomicBool = AtomicBool::new(false);

/// Ends the program: memory ran out (wanting `bytes` more, if known).
/// Allocates nothing (the message is made on the stack); one thread
/// writes it, the others wait for the end.
fn exhausted(bytes: Option<usize>) -> ! {
    if EXHAUSTED.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
    let mut message = StackText::default();
    let _ = message.write_str("dlx: out of memory");
    if let Some(bytes) = bytes {
        let _ = write!(
            message,
            " (an allocation of {} failed)",
            Human(bytes as u64)
        );
    }
    let _ = message
        .write_str(": try fewer threads (-j), a smaller --memo-limit, or a smaller problem\n");
    let _ = std::io::stderr().write_all(message.text());
    std::process::exit(2);
}

/// Makes a panic that reports exhausted memory (bumpalo's arenas panic
/// with "out of memory" when a chunk cannot be had) end the program as an
/// allocation failure does, with one line and exit status 2; any other
/// panic goes to the hook that was installed until then.
pub fn exit_on_exhaustion_panics() {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str));
        if message.is_some_and(|message| message.contains("out of memory")) {
            exhausted(None);
        }
        before(info);
    }));
}

/// A line of text written on the stack: it cannot fail to allocate.
struct StackText {
    bytes: [u8; 256],
    len: usize,
}

impl Default for StackText {
    fn default() -> StackText {
        StackText {
            bytes: [0; 256],
            len: 0,
        }
    }
}

impl StackText {
    fn text(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        let end = self.len + text.len();
        let room = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        room.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// The soft limit of a line of `/proc/self/limits` (`Max address space
/// unlimited unlimited bytes`): `None` when unlimited or absent.
fn soft_limit(limits: &str, name: &str) -> Option<u64> {
    let line = limits.lines().find(|line| line.starts_with(name))?;
    line[name.len()..].split_whitespace().next()?.parse().ok()
}

/// `31.5 MB`, `3.8 GB`.
fn human(bytes: u64) -> String {
    Human(bytes).to_string()
}

/// Bytes as a person reads them, written without allocating: `100 bytes`,
/// `31.5 MB`, `3.8 GB`.
struct Human(u64);

impl std::fmt::Display for Human {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const UNITS: [&str; 5] = ["bytes", "KB", "MB", "GB", "TB"];
        let bytes = self.0;
        let mut value = bytes as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        if unit == 0 {
            write!(f, "{bytes} bytes")
        } else {
            write!(f, "{value:.1} {}", UNITS[unit])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_cut_to_the_copies_that_fit_and_never_below_one() {
        let mb = 1 << 20;
        let free = |memory, address_space| Free {
            memory,
            address_space,
        };
        // 4 GB available: 3 GB for copies of 30 MB each.
        assert_eq!(free(4096 * mb, None).threads(1024, 30 * mb), 102);
        assert_eq!(free(4096 * mb, None).threads(8, 30 * mb), 8);
        // Under a 4 GB address space: 3 GB for 126 MB each.
        assert_eq!(free(24 << 30, Some(4096 * mb)).threads(1024, 30 * mb), 24);
        assert_eq!(free(8 * mb, None).threads(8, 30 * mb), 1);
        assert_eq!(free(0, Some(0)).threads(3, 0), 1);
    }

    #[test]
    fn proc_lines_are_read_in_bytes_and_unlimited_is_no_limit() {
        let meminfo = "MemTotal:       24000000 kB\nMemAvailable:    1000 kB\n";
        assert_eq!(kilobytes(meminfo, "MemAvailable:"), Some(1_024_000));
        assert_eq!(kilobytes(meminfo, "Cached:"), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max data size             unlimited            unlimited            bytes\n\
                      Max address space         4096000000           unlimited            bytes\n";
        assert_eq!(soft_limit(limits, "Max address space"), Some(4_096_000_000));
        assert_eq!(soft_limit(limits, "Max data size"), None);
        assert_eq!(human(3 * (1 << 30) + (1 << 29)), "3.5 GB");
        assert_eq!(human(100), "100 bytes");
    }

    #[test]
    fn the_room_under_a_limit_is_the_limit_less_what_is_used() {
        let meminfo = "MemAvailable:   8000000 kB\n";
        let limits = "Max data size             unlimited            unlimited            bytes\n\
                      Max address space         4096000000           unlimited            bytes\n";
        let status = "VmSize:\t  1000000 kB\nVmData:\t  500000 kB\n";
        let free = Free::read(meminfo, limits, status).expect("read");
        assert_eq!(free.memory, 8_192_000_000);
        assert_eq!(free.address_space, Some(4_096_000_000 - 1_024_000_000));
        assert!(
            free.describe().ends_with("left under ulimit"),
            "{}",
            free.describe()
        );
        let unlimited = Free::read(meminfo, "", status).expect("read");
        assert_eq!(unlimited.address_space, None);
        assert!(Free::read("", limits, status).is_none());
    }

    #[test]
    fn the_limits_asked_of_the_system_are_those_proc_shows() {
        // Two ways to the same soft limits (`ulimit -v`, `-d`): glibc's
        // `getrlimit` and the text of `/proc/self/limits`.
        if cfg!(target_os = "linux") {
            let limits = read_proc("/proc/self/limits").expect("/proc/self/limits");
            let shown = LIMITS
                .iter()
                .any(|(limit, _)| soft_limit(&limits, limit).is_some());
            assert_eq!(memory_limited(), shown, "{limits}");
        }
    }

    #[test]
    fn this_machine_has_some_memory_free() {
        // On Linux `/proc` tells; elsewhere nothing is known.
        if cfg!(target_os = "linux") {
            let limits = read_proc("/proc/self/limits").expect("/proc/self/limits");
            assert!(limits.contains("Max address space"), "{limits}");
            assert!(Free::now(&limits, false).is_some_and(|free| free.memory > 0));
        }
    }
}
