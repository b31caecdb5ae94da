//! Knuth's ZDDREAD text format, as DLX6 writes it: one node a line,
//! `id: (~v?lo:hi)` with `id`, `lo` and `hi` in hexadecimal and the
//! variable `v` (the option's number, from 1 in input order) in decimal;
//! 0 and 1 are the terminals. A last node with variable 0, `lo` 0 and
//! `hi` the root tells ZDDREAD where to start (DLX6's dummy root).
//!
//! Written nodes come after their branches. Read back, a branch must be a
//! terminal or a node defined on an earlier line (as DLX6 and this crate
//! write them); the root is the `hi` of the `~0` node, or, in a file
//! without one, the node with the smallest variable (ZDDREAD's rule).

use std::fmt;
use std::io::{self, Write};

use hashbrown::HashMap;

use super::{BOTTOM, Diagram, FIRST_NODE, TOP};

impl Diagram {
    /// Writes the diagram in ZDDREAD's format (see the module), the dummy
    /// root last.
    ///
    /// # Errors
    /// The writer's.
    pub fn write_zdd(&self, out: &mut impl Write) -> io::Result<()> {
        for k in 0..self.options.len() {
            writeln!(
                out,
                "{:x}: (~{}?{:x}:{:x})",
                k as u64 + u64::from(FIRST_NODE),
                u64::from(self.options[k]) + 1,
                self.lo[k],
                self.hi[k]
            )?;
        }
        writeln!(
            out,
            "{:x}: (~0?0:{:x})",
            self.options.len() as u64 + u64::from(FIRST_NODE),
            self.root
        )
    }

    /// The diagram in `text`, in ZDDREAD's format (see the module).
    ///
    /// ```
    /// use dancing::diagram::Diagram;
    ///
    /// let diagram = Diagram::read_zdd("2: (~3?0:1)\n3: (~1?2:1)\n4: (~0?0:3)\n")?;
    /// assert_eq!(diagram.count().to_string(), "2");
    /// let error = Diagram::read_zdd("2: (~3?0:5)\n").unwrap_err();
    /// assert_eq!(error.to_string(), "1:10: node 5 is not defined on an earlier line");
    /// # Ok::<(), dancing::diagram::ZddError>(())
    /// ```
    ///
    /// # Errors
    /// A [`ZddError`] at the line and column of the first thing wrong.
    pub fn read_zdd(text: &str) -> Result<Diagram, ZddError> {
        let mut ids: HashMap<u64, (u32, usize), foldhash::fast::FixedState> = HashMap::default();
        let (mut options, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
        let mut dummy: Option<(u32, usize)> = None;
        let mut smallest: Option<(u64, u32)> = None;
        let mut lines = 0;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            lines = number;
            if line.trim().is_empty() {
                continue;
            }
            let parsed = Line::parse(line, number)?;
            let resolve = |id: (u64, usize)| -> Result<u32, ZddError> {
                match id.0 {
                    0 => Ok(BOTTOM),
                    1 => Ok(TOP),
                    other => match ids.get(&other) {
                        Some(&(node, _)) => Ok(node),
                        None => Err(ZddError::at(
                            number,
                            id.1,
                            format!("node {other:x} is not defined on an earlier line"),
                        )),
                    },
                }
            };
            if parsed.id.0 <= 1 {
                return Err(ZddError::at(
                    number,
                    parsed.id.1,
                    format!("node {:x} is a terminal and cannot be defined", parsed.id.0),
                ));
            }
            if let Some(&(_, first)) = ids.get(&parsed.id.0) {
                return Err(ZddError::at(
                    number,
                    parsed.id.1,
                    format!(
                        "node {:x} is defined twice (first on line {first})",
                        parsed.id.0
                    ),
                ));
            }
            let lo_node = resolve(parsed.lo)?;
            let hi_node = resolve(parsed.hi)?;
            if parsed.variable.0 == 0 {
                if let Some((_, first)) = dummy {
                    return Err(ZddError::at(
                        number,
                        parsed.variable.1,
                        format!("a second root node of variable 0 (the first on line {first})"),
                    ));
                }
                if lo_node != BOTTOM {
                    return Err(ZddError::at(
                        number,
                        parsed.lo.1,
                        "the root node of variable 0 must have lo branch 0".to_string(),
                    ));
                }
                dummy = Some((hi_node, number));
                // A node of its own, so that a later line may name it.
                ids.insert(parsed.id.0, (hi_node, number));
                continue;
            }
            if hi_node == BOTTOM {
                return Err(ZddError::at(
                    number,
                    parsed.hi.1,
                    "a hi branch of 0 is not allowed in a ZDD (the node would be its lo branch)"
                        .to_string(),
                ));
            }
            let option = u32::try_from(parsed.variable.0 - 1).map_err(|_| {
                ZddError::at(
                    number,
                    parsed.variable.1,
                    "variable out of range".to_string(),
                )
            })?;
            if options.len() >= (u32::MAX - FIRST_NODE) as usize {
                return Err(ZddError::at(number, 1, "too many nodes".to_string()));
            }
            let node = options.len() as u32 + FIRST_NODE;
            options.push(option);
            lo.push(lo_node);
            hi.push(hi_node);
            ids.insert(parsed.id.0, (node, number));
            if smallest.is_none_or(|(variable, _)| parsed.variable.0 < variable) {
                smallest = Some((parsed.variable.0, node));
            }
        }
        let root = match (dummy, smallest) {
            (Some((root, _)), _) => root,
            (None, Some((_, root))) => root,
            (None, None) => {
                return Err(ZddError::at(
                    lines.max(1),
                    1,
                    "no node in the file".to_string(),
                ));
            }
        };
        Diagram::from_arrays(options, lo, hi, root)
            .map_err(|_| ZddError::at(lines.max(1), 1, "an inconsistent diagram".to_string()))
    }
}

/// One line of a ZDD file, each number with its column.
struct Line {
    id: (u64, usize),
    variable: (u64, usize),
    lo: (u64, usize),
    hi: (u64, usize),
}

impl Line {
    fn parse(line: &str, number: usize) -> Result<Line, ZddError> {
        let mut cursor = Cursor {
            bytes: line.as_bytes(),
            at: 0,
            line: number,
        };
        cursor.spaces();
        let id = cursor.number(16, "a node id in hexadecimal")?;
        cursor.expect(b':')?;
        cursor.spaces();
        cursor.expect(b'(')?;
        cursor.expect(b'~')?;
        let variable = cursor.number(10, "a variable number in decimal")?;
        cursor.expect(b'?')?;
        let lo = cursor.number(16, "a lo branch in hexadecimal")?;
        cursor.expect(b':')?;
        let hi = cursor.number(16, "a hi branch in hexadecimal")?;
        cursor.expect(b')')?;
        cursor.spaces();
        if cursor.at < cursor.bytes.len() {
            return Err(cursor.error("unexpected text after the node".to_string()));
        }
        Ok(Line {
            id,
            variable,
            lo,
            hi,
        })
    }
}

struct Cursor<'t> {
    bytes: &'t [u8],
    at: usize,
    line: usize,
}

impl Cursor<'_> {
    fn spaces(&mut self) {
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.at += 1;
        }
    }

    fn error(&self, message: String) -> ZddError {
        ZddError::at(self.line, self.at + 1, message)
    }

    fn expect(&mut self, wanted: u8) -> Result<(), ZddError> {
        if self.bytes.get(self.at) == Some(&wanted) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected `{}`", wanted as char)))
        }
    }

    /// A number in `radix` and its column.
    fn number(&mut self, radix: u32, what: &str) -> Result<(u64, usize), ZddError> {
        let start = self.at;
        while self
            .bytes
            .get(self.at)
            .is_some_and(|&b| (b as char).is_digit(radix))
        {
            self.at += 1;
        }
        if self.at == start {
            return Err(self.error(format!("expected {what}")));
        }
        // The digits are ASCII: a valid string.
        let digits = std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or_default();
        match u64::from_str_radix(digits, radix) {
            Ok(value) => Ok((value, start + 1)),
            Err(_) => Err(ZddError::at(
                self.line,
                start + 1,
                format!("{what}: too large"),
            )),
        }
    }
}

/// A malformed ZDD file: the line and column (from 1) of the first thing
/// wrong, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZddError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in bytes.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl ZddError {
    fn at(line: usize, column: usize, message: String) -> ZddError {
        ZddError {
            line,
            column,
            message,
        }
    }
}

impl fmt::Display for ZddError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ZddError {}
