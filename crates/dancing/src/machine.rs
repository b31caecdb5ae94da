//! What the machine offers a search that grows: the memory available.
//!
//! Read from Linux's `/proc/meminfo` (`MemAvailable`: free memory plus
//! the caches the kernel can drop), with no system call of ours and no
//! unsafe code. Elsewhere (other systems, the browser) nothing is known.

/// The memory available to a new allocation now, in bytes: `None` where
/// the system does not say.
pub fn memory_available() -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    kilobytes(&meminfo, "MemAvailable:")
}

/// The figure of a `Name:   1234 kB` line of `/proc/meminfo` or
/// `/proc/PID/status`, in bytes.
pub fn kilobytes(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    let value: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    Some(value.saturating_mul(1024))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_is_read_in_bytes_and_a_missing_line_is_none() {
        let meminfo = "MemTotal:       24000000 kB\nMemAvailable:    1000 kB\n";
        assert_eq!(kilobytes(meminfo, "MemAvailable:"), Some(1_024_000));
        assert_eq!(kilobytes(meminfo, "MemTotal:"), Some(24_576_000_000));
        assert_eq!(kilobytes(meminfo, "Cached:"), None);
        assert_eq!(kilobytes("MemAvailable: lots kB\n", "MemAvailable:"), None);
    }

    #[test]
    fn this_machine_says_what_it_has_on_linux() {
        let available = memory_available();
        assert_eq!(available.is_some(), cfg!(target_os = "linux"));
        assert!(available.is_none_or(|bytes| bytes > 0));
    }
}
