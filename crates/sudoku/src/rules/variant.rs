//! The variants a puzzle's rules may mix, without their data: what
//! `--variant` names.

use std::fmt;
use std::str::FromStr;

/// A set of variant rules, without their data: what `--variant` names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// X-Sudoku: both long diagonals.
    pub diagonals: bool,
    /// Hyper (Windoku): the extra windows.
    pub windows: bool,
    /// Jigsaw: irregular regions instead of boxes.
    pub jigsaw: bool,
    /// Killer: cages with sums.
    pub killer: bool,
}

impl Variant {
    /// Classic Sudoku: rows, columns and boxes only.
    pub const CLASSIC: Variant = Variant {
        diagonals: false,
        windows: false,
        jigsaw: false,
        killer: false,
    };

    /// Whether no variant rule is on.
    pub fn is_classic(self) -> bool {
        self == Variant::CLASSIC
    }

    /// Whether the puzzle text carries data beyond the cells (a region map
    /// or cages).
    pub fn needs_data(self) -> bool {
        self.jigsaw || self.killer
    }
}

impl fmt::Display for Variant {
    /// `classic`, or the rules joined by `+`: `x+hyper`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_classic() {
            return f.write_str("classic");
        }
        let names = [
            (self.diagonals, "x"),
            (self.windows, "hyper"),
            (self.jigsaw, "jigsaw"),
            (self.killer, "killer"),
        ];
        let mut first = true;
        for (on, name) in names {
            if on {
                if !first {
                    f.write_str("+")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

impl FromStr for Variant {
    type Err = String;

    /// Names joined by `+` or `,`: `classic`, `x` (or `diagonal`), `hyper`
    /// (or `windoku`), `jigsaw`, `killer`.
    fn from_str(text: &str) -> Result<Variant, String> {
        let mut variant = Variant::CLASSIC;
        for name in text.split(['+', ',']) {
            match name.trim().to_ascii_lowercase().as_str() {
                "classic" => {}
                "x" | "diagonal" | "diagonals" => variant.diagonals = true,
                "hyper" | "windoku" => variant.windows = true,
                "jigsaw" => variant.jigsaw = true,
                "killer" => variant.killer = true,
                other => {
                    return Err(format!(
                        "unknown variant {other:?}: expected classic, x, hyper, jigsaw or killer, \
                         joined by '+'"
                    ));
                }
            }
        }
        Ok(variant)
    }
}
