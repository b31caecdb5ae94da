//! The digests of the protocol, all BLAKE3 (the `blake3` crate) cut to
//! 128 bits and written in hex:
//!
//! - [`Digest`]: a problem's, over its canonical text (the text
//!   [`format::write`] gives: items, bounds, colors and options in input
//!   order), so that equal problems have equal digests whatever spacing,
//!   comments or line ends the file had;
//! - [`SplitId`]: a split's, over its task file as `dlx split` wrote it,
//!   with the number of tasks it has, so that results of one split are not
//!   taken for another's;
//! - [`line_check`]: a result line's own checksum, so that a changed byte
//!   is seen.
//!
//! They tell one thing from another and find damage; a forger who edits a
//! line can compute its checksum again.

use std::fmt;
use std::io;
use std::str::FromStr;

use dancing::{Problem, format};

/// How a problem's digest is written: the hash's name, a colon, 32 hex
/// digits.
const PREFIX: &str = "blake3:";

/// 128 bits of a BLAKE3 hash: collisions between honest inputs are out of
/// reach, and a line stays short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Hash128([u8; 16]);

impl Hash128 {
    fn of(hasher: &blake3::Hasher) -> Hash128 {
        let mut bytes = [0; 16];
        bytes.copy_from_slice(&hasher.finalize().as_bytes()[..16]);
        Hash128(bytes)
    }

    /// Exactly 32 hex digits, else `None`.
    fn parse(hex: &str) -> Option<Hash128> {
        if hex.len() != 32 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let mut bytes = [0; 16];
        for (k, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).ok()?;
        }
        Some(Hash128(bytes))
    }
}

impl fmt::Display for Hash128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

/// The checksum of a result line's content: 32 hex digits.
pub fn line_check(content: &[u8]) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(content);
    Hash128::of(&hasher).to_string()
}

/// A problem's digest, written `blake3:` and 32 hex digits. It tells tasks
/// and results of one problem from those of another.
///
/// ```
/// use dancing::format;
/// use dancing_tasks::Digest;
///
/// let one = format::read_str("a b\na\nb\n")?.problem;
/// let same = format::read_str("a  b\n| a comment\na\nb\n")?.problem;
/// let other = format::read_str("a b\nb\na\n")?.problem;
/// let digest = Digest::of(&one)?;
/// assert_eq!(digest, Digest::of(&same)?);
/// assert_ne!(digest, Digest::of(&other)?);
/// assert_eq!(digest.to_string().parse::<Digest>(), Ok(digest));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digest(Hash128);

impl Digest {
    /// The digest of `problem`'s canonical text.
    ///
    /// # Errors
    /// If the problem cannot be written in Knuth's format (see
    /// [`format::write`]); a problem read from that format always can.
    pub fn of(problem: &Problem) -> io::Result<Digest> {
        let mut hasher = blake3::Hasher::new();
        format::write(problem, &mut hasher)?;
        Ok(Digest(Hash128::of(&hasher)))
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PREFIX}{}", self.0)
    }
}

/// A string that is not a digest (or not a split's identity).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestError(&'static str);

impl fmt::Display for DigestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for DigestError {}

impl FromStr for Digest {
    type Err = DigestError;

    fn from_str(text: &str) -> Result<Digest, DigestError> {
        if text.starts_with("fnv1a64:") {
            return Err(DigestError(
                "an `fnv1a64:` digest is of an older dlx (task format 1): split the problem again",
            ));
        }
        text.strip_prefix(PREFIX)
            .and_then(Hash128::parse)
            .map(Digest)
            .ok_or(DigestError("a digest is `blake3:` and 32 hex digits"))
    }
}

/// A split's identity: the hash of its task file as `dlx split` wrote it
/// (header and task lines), and how many tasks it has. A rerun's task file
/// keeps the identity of the split its tasks come from, and every result
/// line echoes it. Written as 32 hex digits, `/`, the number of tasks.
///
/// ```
/// use dancing_tasks::SplitId;
///
/// let id: SplitId = "000102030405060708090a0b0c0d0e0f/202".parse()?;
/// assert_eq!(id.tasks(), 202);
/// assert_eq!(id.to_string().parse::<SplitId>(), Ok(id));
/// assert!("000102030405060708090a0b0c0d0e0f".parse::<SplitId>().is_err());
/// # Ok::<(), dancing_tasks::DigestError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitId {
    hash: Hash128,
    tasks: u64,
}

impl SplitId {
    /// The identity of a split whose task file (header and task lines, as
    /// written) is `text`, of `tasks` tasks.
    pub fn of(text: &[u8], tasks: usize) -> SplitId {
        let mut hasher = blake3::Hasher::new();
        hasher.update(text);
        SplitId {
            hash: Hash128::of(&hasher),
            tasks: tasks as u64,
        }
    }

    /// The identity of a split of `tasks` tasks whose task file (as
    /// [`of`](Self::of) takes it) `hasher` has hashed.
    pub(crate) fn of_hasher(hasher: &blake3::Hasher, tasks: usize) -> SplitId {
        SplitId {
            hash: Hash128::of(hasher),
            tasks: tasks as u64,
        }
    }

    /// How many tasks the split has (its top-level ids are `0` to this
    /// less one).
    pub fn tasks(&self) -> u64 {
        self.tasks
    }
}

impl fmt::Display for SplitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.hash, self.tasks)
    }
}

impl FromStr for SplitId {
    type Err = DigestError;

    fn from_str(text: &str) -> Result<SplitId, DigestError> {
        const SHAPE: DigestError =
            DigestError("a split's identity is 32 hex digits, `/`, its number of tasks");
        let (hash, tasks) = text.split_once('/').ok_or(SHAPE)?;
        let tasks = if tasks.bytes().all(|b| b.is_ascii_digit()) {
            tasks.parse().map_err(|_| SHAPE)?
        } else {
            return Err(SHAPE);
        };
        Ok(SplitId {
            hash: Hash128::parse(hash).ok_or(SHAPE)?,
            tasks,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_read_back_and_refuse_other_shapes() {
        let digest = Digest(Hash128([0xab; 16]));
        assert_eq!(digest.to_string(), format!("blake3:{}", "ab".repeat(16)));
        assert_eq!(digest.to_string().parse(), Ok(digest));
        for bad in [
            "blake3:ab",
            "ab",
            "fnv1a64:00000000000000ff",
            &format!("blake3:{}", "g".repeat(32)),
            &format!("blake3:{}", "é".repeat(16)),
        ] {
            assert!(bad.parse::<Digest>().is_err(), "{bad}");
        }
        for bad in [
            "",
            "/3",
            &format!("{}/", "0".repeat(32)),
            &format!("{}/+3", "0".repeat(32)),
        ] {
            assert!(bad.parse::<SplitId>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_changed_byte_changes_the_check() {
        let line = b"{\"task\":\"3\",\"solutions\":414}";
        let check = line_check(line);
        assert_eq!(check.len(), 32);
        assert_ne!(check, line_check(b"{\"task\":\"3\",\"solutions\":415}"));
        assert_eq!(check, line_check(line));
    }
}
