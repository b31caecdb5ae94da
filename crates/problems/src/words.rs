//! Word rectangles: grids of letters whose rows and columns are all words of
//! a list the user gives (word squares when the grid is square).
//!
//! An exact cover with colors (Knuth's XCC): the rows `rI` and columns `cJ`
//! are primary items, the cells `xI_J` secondary. Putting a word in row `i`
//! is the option `ri xi_0:a xi_1:b ...`, which colors the cells with its
//! letters, and likewise for columns; a row and a column agree where they
//! cross exactly when they give the cell the same color. With `distinct`,
//! every word is also a secondary item `wK` of the options that use it, so
//! no word is used twice (Knuth's "double word squares": then no square is
//! its own transpose).
//!
//! ```
//! use dancing_problems::{ExactCover, WordRectangles};
//!
//! let words = ["ab", "ba", "aa"].map(String::from);
//! let squares = WordRectangles::new(&words, 2, 2, false)?;
//! assert!(squares.problem().has_colors());
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::collections::HashSet;
use std::fmt;

use dancing::{ColorId, ItemId, OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover, numbered_primary};

/// The word rectangles of one shape over one list of words, built.
#[derive(Clone, Debug)]
pub struct WordRectangles {
    height: usize,
    width: usize,
    distinct: bool,
    /// The words used, each once, in the order of the list.
    words: Vec<Vec<char>>,
    /// The placement of each option: `(row, word)` for the first
    /// `row_options`, then `(column, word)`.
    placements: Vec<(usize, usize)>,
    row_options: usize,
    problem: Problem,
}

impl WordRectangles {
    /// The longest side accepted.
    pub const MAX_SIDE: usize = 16;
    /// The most words accepted in a list.
    pub const MAX_WORDS: usize = 1_000_000;
    /// The most option entries built (a list of long words times the sides).
    pub const MAX_ENTRIES: usize = 20_000_000;

    /// The `height` x `width` rectangles whose rows and columns are words
    /// of `words` (each word is a sequence of characters, each a letter of
    /// the grid); with `distinct`, no word is used twice. Words of other
    /// lengths are left out, and repeated words count once.
    ///
    /// # Errors
    /// A side outside `1..=MAX_SIDE`, more than `MAX_WORDS` words, a word
    /// holding whitespace, `:`, `|` or a control character (it could not be
    /// a color in Knuth's format; [`Error::InvalidWord`] gives its index in
    /// `words`), or a problem larger than `MAX_ENTRIES`.
    pub fn new(
        words: &[String],
        height: usize,
        width: usize,
        distinct: bool,
    ) -> Result<WordRectangles, Error> {
        check_range("the height", height, 1, Self::MAX_SIDE)?;
        check_range("the width", width, 1, Self::MAX_SIDE)?;
        check_range("the number of words", words.len(), 0, Self::MAX_WORDS)?;
        let mut used: Vec<Vec<char>> = Vec::new();
        let mut seen = HashSet::new();
        for (index, word) in words.iter().enumerate() {
            if let Some(reason) = invalid_letter(word) {
                return Err(Error::InvalidWord {
                    index,
                    word: word.clone(),
                    reason,
                });
            }
            let letters: Vec<char> = word.chars().collect();
            if (letters.len() == width || letters.len() == height) && seen.insert(word.as_str()) {
                used.push(letters);
            }
        }
        let of_length = |length: usize| used.iter().filter(move |w| w.len() == length).count();
        let extra = usize::from(distinct);
        let entries = height * of_length(width) * (width + 1 + extra)
            + width * of_length(height) * (height + 1 + extra);
        if entries > Self::MAX_ENTRIES {
            return Err(Error::TooLarge {
                entries,
                limit: Self::MAX_ENTRIES,
            });
        }

        let mut builder = ProblemBuilder::new();
        let rows = numbered_primary(&mut builder, "r", 0..height)?;
        let columns = numbered_primary(&mut builder, "c", 0..width)?;
        let mut cells = Vec::with_capacity(height * width);
        for i in 0..height {
            for j in 0..width {
                cells.push(builder.secondary_item(&format!("x{i}_{j}"))?);
            }
        }
        let word_items: Vec<ItemId> = if distinct {
            (0..used.len())
                .map(|k| builder.secondary_item(&format!("w{k}")))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        };
        let mut letter_colors = std::collections::HashMap::new();
        let mut color_of = |builder: &mut ProblemBuilder, letter: char| {
            if let Some(&color) = letter_colors.get(&letter) {
                return Ok::<ColorId, Error>(color);
            }
            let color = builder.color(letter.encode_utf8(&mut [0; 4]))?;
            letter_colors.insert(letter, color);
            Ok(color)
        };
        let mut placements = Vec::new();
        // Rows first, then columns: `decode` reads the rows alone.
        for (across, lines, length) in [(true, &rows, width), (false, &columns, height)] {
            for (line, &line_item) in lines.iter().enumerate() {
                for (word_index, word) in used.iter().enumerate() {
                    if word.len() != length {
                        continue;
                    }
                    let mut entries = vec![(line_item, None)];
                    for (k, &letter) in word.iter().enumerate() {
                        let cell = if across {
                            line * width + k
                        } else {
                            k * width + line
                        };
                        entries.push((cells[cell], Some(color_of(&mut builder, letter)?)));
                    }
                    if distinct {
                        entries.push((word_items[word_index], None));
                    }
                    builder.colored_option(entries)?;
                    placements.push((line, word_index));
                }
            }
        }
        let row_options = height * of_length(width);
        Ok(WordRectangles {
            height,
            width,
            distinct,
            words: used,
            placements,
            row_options,
            problem: builder.build()?,
        })
    }
}

/// Why `word` cannot stand in the grid, if it cannot: each letter becomes a
/// color name in Knuth's format.
fn invalid_letter(word: &str) -> Option<&'static str> {
    if word.is_empty() {
        return Some("a word needs a letter");
    }
    word.chars().find_map(|c| match c {
        ':' | '|' => Some("`:` and `|` cannot be letters (they are Knuth's separators)"),
        _ if c.is_whitespace() => Some("a word is one run of letters, without blanks"),
        _ if c.is_control() || c == '\u{feff}' => Some("control characters cannot be letters"),
        _ => None,
    })
}

impl ExactCover for WordRectangles {
    type Solution = LetterGrid;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> LetterGrid {
        let mut letters = vec!['?'; self.height * self.width];
        for option in options.iter().filter(|o| o.index() < self.row_options) {
            let (row, word) = self.placements[option.index()];
            letters[row * self.width..(row + 1) * self.width].copy_from_slice(&self.words[word]);
        }
        LetterGrid {
            width: self.width,
            letters,
        }
    }

    fn describe(&self) -> String {
        let shape = if self.height == self.width {
            format!("word squares of order {}", self.height)
        } else {
            format!(
                "word rectangles of {} rows x {} columns",
                self.height, self.width
            )
        };
        let distinct = if self.distinct {
            ", every word used once"
        } else {
            ""
        };
        format!("{shape}{distinct}, from {} words", self.words.len())
    }
}

/// A grid of letters; `Display` writes a line per row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LetterGrid {
    width: usize,
    letters: Vec<char>,
}

impl LetterGrid {
    /// The rows, each a slice of letters.
    pub fn rows(&self) -> impl Iterator<Item = &[char]> {
        self.letters.chunks(self.width)
    }
}

impl fmt::Display for LetterGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            let line: String = row.iter().collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
