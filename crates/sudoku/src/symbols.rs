//! The characters that stand for digits: `1`-`9`, `A`-`Z`, `a`-`z` by
//! default, or any alphabet a collection uses (`0123456789ABCDEF` for
//! hexadecimal 16x16 puzzles).
//!
//! A grid of size `n` holds digits `1..=n`; digit `d` is written as the
//! `d`-th symbol of the alphabet. The default alphabet has 61 symbols, so
//! sizes 62 to 64 need an alphabet of their own. Blanks are `.` and `_`,
//! and `0` when `0` is not a symbol. For sizes up to 35 the default
//! alphabet also reads `a`-`z` as `A`-`Z` (puzzle collections write 16x16
//! grids either way); above 35 case matters, since `a` is digit 36.

use std::fmt;

/// The default alphabet: digits 1-9, then 10-35 as `A`-`Z`, then 36-61 as
/// `a`-`z`.
const DEFAULT_ALPHABET: &[u8; 61] =
    b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Characters that can never be symbols: blanks, separators of the text
/// formats, and the comment mark.
const RESERVED: &[u8] = b"._|,#=";

/// An alphabet of digit characters, with the table to read them back.
///
/// ```
/// use dancing_sudoku::Symbols;
///
/// let hex = Symbols::new("0123456789ABCDEF")?;
/// assert_eq!(hex.read(b'0', 16), Some(1));
/// assert_eq!(hex.read(b'.', 16), Some(0)); // a blank
/// assert_eq!(hex.symbol(16), 'F');
/// let default = Symbols::default();
/// assert_eq!(default.read(b'g', 16), Some(16)); // case-blind up to 35
/// assert_eq!(default.read(b'a', 36), Some(36));
/// assert_eq!(default.symbol(61), 'z');
/// # Ok::<(), dancing_sudoku::SymbolsError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Symbols {
    alphabet: Vec<u8>,
    /// `value[c]`: the digit of byte `c`, 0 for none.
    value: [u8; 256],
    /// Whether this is the default alphabet (which is case-blind for small
    /// sizes).
    default: bool,
}

impl Default for Symbols {
    fn default() -> Symbols {
        let mut symbols = Symbols::from_bytes(DEFAULT_ALPHABET);
        symbols.default = true;
        symbols
    }
}

impl Symbols {
    /// The largest size the default alphabet can write.
    pub const DEFAULT_MAX_SIZE: usize = DEFAULT_ALPHABET.len();

    /// The most symbols an alphabet holds: one for each digit of the
    /// largest grid ([`Shape::MAX_SIZE`](crate::Shape::MAX_SIZE), which is
    /// checked to be the same where shapes are defined).
    pub(crate) const MAX_LEN: usize = 64;

    /// An alphabet: ASCII characters, each once, not whitespace nor one of
    /// `. _ | , # =` (blanks and separators of the text formats).
    pub fn new(alphabet: &str) -> Result<Symbols, SymbolsError> {
        let bytes = alphabet.as_bytes();
        if bytes.is_empty() || bytes.len() > Symbols::MAX_LEN {
            return Err(SymbolsError::Length(alphabet.chars().count()));
        }
        for (k, c) in alphabet.chars().enumerate() {
            if !c.is_ascii_graphic() || RESERVED.contains(&(c as u8)) {
                return Err(SymbolsError::Reserved(c));
            }
            if alphabet.chars().take(k).any(|before| before == c) {
                return Err(SymbolsError::Repeated(c));
            }
        }
        Ok(Symbols::from_bytes(bytes))
    }

    fn from_bytes(alphabet: &[u8]) -> Symbols {
        let mut value = [0; 256];
        for (k, &c) in alphabet.iter().enumerate() {
            value[c as usize] = k as u8 + 1;
        }
        Symbols {
            alphabet: alphabet.to_vec(),
            value,
            default: false,
        }
    }

    /// Whether this alphabet can write grids of `size`.
    pub fn supports(&self, size: usize) -> bool {
        size <= self.alphabet.len()
    }

    /// The number of symbols.
    pub fn len(&self) -> usize {
        self.alphabet.len()
    }

    /// Whether the alphabet is empty (it never is).
    pub fn is_empty(&self) -> bool {
        self.alphabet.is_empty()
    }

    /// The character of `digit` (`1..=len`); `.` for 0 (a blank).
    pub fn symbol(&self, digit: u8) -> char {
        match digit {
            0 => '.',
            d => self
                .alphabet
                .get(d as usize - 1)
                .map_or('?', |&c| c as char),
        }
    }

    /// The digit written as `c` in a grid of `size`: `Some(0)` for a blank,
    /// `Some(d)` for digit `d` in `1..=size`, `None` for anything else.
    pub fn read(&self, c: u8, size: usize) -> Option<u8> {
        let digit = if self.default && size <= 35 && c.is_ascii_lowercase() {
            // `a`-`z` read as `A`-`Z` where that is not ambiguous.
            self.value[c.to_ascii_uppercase() as usize]
        } else {
            self.value[c as usize]
        };
        match digit {
            0 if c == b'.' || c == b'_' || c == b'0' => Some(0),
            0 => None,
            d if d as usize <= size => Some(d),
            _ => None,
        }
    }

    /// A short description of the characters a grid of `size` reads, for
    /// error messages: `1-9, A-G`, or the alphabet itself.
    pub fn describe(&self, size: usize) -> String {
        let used = &self.alphabet[..size.min(self.alphabet.len())];
        let blanks = if self.value[b'0' as usize] == 0 {
            "'.', '_' or '0'"
        } else {
            "'.' or '_'"
        };
        if self.default {
            let last = |from: u8, count: usize| (from + count as u8 - 1) as char;
            let mut text = format!("1-{}", last(b'1', size.min(9)));
            if size > 9 {
                text.push_str(&format!(", A-{}", last(b'A', (size - 9).min(26))));
            }
            if size > 35 {
                text.push_str(&format!(", a-{}", last(b'a', size - 35)));
            }
            format!("{text}, {blanks}")
        } else {
            format!("one of {:?}, {blanks}", String::from_utf8_lossy(used))
        }
    }
}

impl fmt::Debug for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Symbols({:?})", String::from_utf8_lossy(&self.alphabet))
    }
}

/// Why an alphabet cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SymbolsError {
    /// Empty, or more symbols than the largest size.
    Length(usize),
    /// A character that cannot be a symbol.
    Reserved(char),
    /// A character given twice.
    Repeated(char),
}

impl fmt::Display for SymbolsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymbolsError::Length(found) => write!(
                f,
                "an alphabet has 1 to {} symbols, not {found}",
                Symbols::MAX_LEN
            ),
            SymbolsError::Reserved(c) => write!(
                f,
                "{c:?} cannot be a symbol: symbols are printable ASCII, not whitespace nor one of . _ | , # ="
            ),
            SymbolsError::Repeated(c) => write!(f, "symbol {c:?} is given twice"),
        }
    }
}

impl std::error::Error for SymbolsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_alphabet_reads_what_it_writes_at_every_size() {
        let symbols = Symbols::default();
        for size in 1..=Symbols::DEFAULT_MAX_SIZE {
            for digit in 1..=size as u8 {
                let c = symbols.symbol(digit) as u8;
                assert_eq!(symbols.read(c, size), Some(digit), "{size} {digit}");
            }
            assert_eq!(symbols.read(b'.', size), Some(0));
            let beyond = symbols.symbol(size as u8 + 1) as u8;
            // (At 35, the next symbol `a` reads as `A`, case-blind.)
            if size < Symbols::DEFAULT_MAX_SIZE && size != 35 {
                assert_eq!(symbols.read(beyond, size), None, "{size}");
            }
        }
        assert_eq!(symbols.read(b'a', 16), Some(10));
        assert_eq!(symbols.read(b'a', 36), Some(36));
        assert_eq!(symbols.read(b'!', 61), None);
        assert_eq!(symbols.describe(16), "1-9, A-G, '.', '_' or '0'");
        assert_eq!(symbols.describe(40), "1-9, A-Z, a-e, '.', '_' or '0'");
    }

    #[test]
    fn alphabets_are_checked() {
        assert!(Symbols::new("0123456789ABCDEF").is_ok());
        assert_eq!(Symbols::new("12.4"), Err(SymbolsError::Reserved('.')));
        assert_eq!(Symbols::new("1231"), Err(SymbolsError::Repeated('1')));
        assert_eq!(Symbols::new(""), Err(SymbolsError::Length(0)));
        assert_eq!(Symbols::new("ab cd"), Err(SymbolsError::Reserved(' ')));
        let hex = Symbols::new("0123456789ABCDEF").unwrap();
        assert_eq!(hex.read(b'0', 16), Some(1));
        assert_eq!(hex.read(b'a', 16), None);
        assert_eq!(hex.describe(4), "one of \"0123\", '.' or '_'");
    }
}
