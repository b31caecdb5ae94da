//! The digest of a problem: FNV-1a (64 bits) over the problem's canonical
//! text, the text [`format::write`] gives (items, bounds, colors and options
//! in input order), so that equal problems have equal digests whatever
//! spacing, comments or line ends the file had.

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use dancing::{Problem, format};

/// FNV-1a's offset basis and prime, 64 bits.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// How a digest is written: the hash's name, a colon, 16 hex digits.
const PREFIX: &str = "fnv1a64:";

/// A stable 64-bit digest of a problem, written `fnv1a64:` and 16 hex
/// digits. It tells tasks and results of one problem from those of
/// another; it is no defence against a forger.
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
pub struct Digest(u64);

impl Digest {
    /// The digest of `problem`'s canonical text.
    ///
    /// # Errors
    /// If the problem cannot be written in Knuth's format (see
    /// [`format::write`]); a problem read from that format always can.
    pub fn of(problem: &Problem) -> io::Result<Digest> {
        let mut hasher = Fnv(FNV_OFFSET);
        format::write(problem, &mut hasher)?;
        Ok(Digest(hasher.0))
    }
}

/// A writer that hashes what it is given.
struct Fnv(u64);

impl Write for Fnv {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(FNV_PRIME);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PREFIX}{:016x}", self.0)
    }
}

/// A string that is not a digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestError;

impl fmt::Display for DigestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a digest is `{PREFIX}` and 16 hex digits")
    }
}

impl std::error::Error for DigestError {}

impl FromStr for Digest {
    type Err = DigestError;

    fn from_str(text: &str) -> Result<Digest, DigestError> {
        let hex = text.strip_prefix(PREFIX).ok_or(DigestError)?;
        if hex.len() != 16 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(DigestError);
        }
        u64::from_str_radix(hex, 16)
            .map(Digest)
            .map_err(|_| DigestError)
    }
}
