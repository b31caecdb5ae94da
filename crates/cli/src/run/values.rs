//! The values of the search flags that clap cannot read by itself: a
//! duration (`--time-limit`, also `dlx sudoku --time-limit`) and a memory
//! size (`--memo-limit`).

use std::time::Duration;

/// Parses a duration for `--time-limit`: a positive number, in seconds or
/// with a unit `us`, `ms`, `s`, `m` or `h` (`90`, `250ms`, `1.5m`, `2h`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    const UNITS: [(&str, f64); 7] = [
        // Longer suffixes first: `ns`, `ms` and `us` end in `s`.
        ("ns", 1e-9),
        ("us", 1e-6),
        ("µs", 1e-6),
        ("ms", 1e-3),
        ("s", 1.0),
        ("m", 60.0),
        ("h", 3600.0),
    ];
    let trimmed = text.trim();
    let (number, scale) = UNITS
        .iter()
        .find_map(|&(unit, scale)| Some((trimmed.strip_suffix(unit)?, scale)))
        .unwrap_or((trimmed, 1.0));
    let value: f64 = number
        .trim()
        .parse()
        .ok()
        .filter(|value: &f64| !value.is_nan())
        .ok_or_else(|| {
            format!(
                "`{text}` is not a duration: a number with an optional unit \
                 ns, us, ms, s (the default), m or h, like 250ms, 90, 1.5m or 2h"
            )
        })?;
    if value <= 0.0 {
        return Err(format!("`{text}` is not a positive duration"));
    }
    let seconds = value * scale;
    match Duration::try_from_secs_f64(seconds) {
        Ok(duration) if duration.is_zero() => Err(format!(
            "`{text}` is too short: the shortest time limit is 1ns"
        )),
        Ok(duration) => Ok(duration),
        Err(_) => Err(format!(
            "`{text}` is out of range: the longest time limit is {} seconds \
             (about 584 billion years)",
            u64::MAX
        )),
    }
}

/// Parses a memory size for `--memo-limit`: bytes, or a number with a
/// suffix `K`, `M`, `G` or `T` (powers of 1024; `KiB`, `MB` and the like
/// too), like `64M` or `1.5G`.
pub fn parse_size(text: &str) -> Result<usize, String> {
    const UNITS: [(char, f64); 4] = [
        ('K', 1024.0),
        ('M', 1024.0 * 1024.0),
        ('G', 1024.0 * 1024.0 * 1024.0),
        ('T', 1024.0 * 1024.0 * 1024.0 * 1024.0),
    ];
    let trimmed = text.trim();
    let unitless = trimmed
        .strip_suffix("iB")
        .or_else(|| trimmed.strip_suffix('B'))
        .unwrap_or(trimmed);
    let (number, scale) = match unitless.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some(last) => match UNITS.iter().find(|(unit, _)| *unit == last) {
            Some(&(_, scale)) => (&unitless[..unitless.len() - 1], scale),
            None => (unitless, 1.0),
        },
        None => (unitless, 1.0),
    };
    let value: f64 = number
        .trim()
        .parse()
        .ok()
        .filter(|value: &f64| value.is_finite() && *value >= 0.0)
        .ok_or_else(|| {
            format!("`{text}` is not a size: a number of bytes with an optional K, M, G or T, like 64M or 1G")
        })?;
    let bytes = value * scale;
    if bytes > usize::MAX as f64 {
        return Err(format!(
            "`{text}` is more memory than this machine can address"
        ));
    }
    Ok(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_units_from_microseconds_to_hours() {
        for (text, expected) in [
            ("90", Duration::from_secs(90)),
            ("90s", Duration::from_secs(90)),
            ("1ms", Duration::from_millis(1)),
            ("250ms", Duration::from_millis(250)),
            ("20us", Duration::from_micros(20)),
            ("1.5m", Duration::from_secs(90)),
            ("2h", Duration::from_secs(7200)),
            (" 3 s ", Duration::from_secs(3)),
            ("1e3", Duration::from_secs(1000)),
        ] {
            assert_eq!(parse_duration(text), Ok(expected), "{text}");
        }
    }

    #[test]
    fn bad_durations_say_what_is_wrong() {
        for (text, says) in [
            ("soon", "is not a duration"),
            ("nan", "is not a duration"),
            ("5 parsecs", "is not a duration"),
            ("", "is not a duration"),
            ("0", "is not a positive duration"),
            ("-3s", "is not a positive duration"),
            ("-inf", "is not a positive duration"),
            ("1e20", "is out of range"),
            ("1e17h", "is out of range"),
            ("inf", "is out of range"),
            ("1e-12s", "is too short"),
        ] {
            let error = parse_duration(text).expect_err(text);
            assert!(error.contains(says), "{text}: {error}");
            assert!(error.contains(&format!("`{text}`")), "{text}: {error}");
        }
    }

    #[test]
    fn sizes_take_binary_suffixes() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("64m"), Ok(64 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_size("512KB"), Ok(512 << 10));
        assert_eq!(parse_size("1.5K"), Ok(1536));
        assert_eq!(parse_size("0"), Ok(0));
        for bad in ["", "M", "-1M", "lots", "1X", "nan", "inf", "1e300T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }
}
