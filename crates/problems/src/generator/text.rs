//! [`Generator`]s read from text, in the syntax of `dlx gen`: the
//! generator's name, its arguments and its flags separated by blanks, as
//! in `pentomino 6x10 --pieces pentominoes --up-to-symmetry`.

use std::fmt;
use std::str::FromStr;

use super::{Costs, Generator, PieceSet, parse_dimensions, parse_prices, parse_sums};
use crate::polyomino::{Board, Piece};

/// Why the text of a generator could not be read: the argument (its
/// 1-based position among the words after the name, and what it is) and
/// what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The generator's name (empty when the name itself is wrong).
    pub generator: String,
    /// The 1-based position of the word at fault after the name (0: the
    /// name, or an argument missing at the end).
    pub position: usize,
    /// What the argument is (`BOARD`, `--pieces`, ...).
    pub argument: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.generator.is_empty() {
            return f.write_str(&self.message);
        }
        write!(f, "{}: ", self.generator)?;
        if self.position > 0 {
            write!(f, "argument {} ({}): ", self.position, self.argument)?;
        } else if !self.argument.is_empty() {
            write!(f, "{}: ", self.argument)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// The words after the generator's name, each with its position, and
/// which have been read.
struct Words<'a> {
    name: &'static str,
    words: Vec<(usize, &'a str)>,
}

impl<'a> Words<'a> {
    fn error(&self, position: usize, argument: &str, message: impl Into<String>) -> ParseError {
        ParseError {
            generator: self.name.to_owned(),
            position,
            argument: argument.to_owned(),
            message: message.into(),
        }
    }

    /// Takes the flag `flag` (a word on its own) if given.
    fn switch(&mut self, flag: &str) -> bool {
        let before = self.words.len();
        self.words.retain(|(_, word)| *word != flag);
        self.words.len() != before
    }

    /// Takes the value after the flag `flag`, read by `read`, if given.
    fn flag<T, E: fmt::Display>(
        &mut self,
        flag: &str,
        read: impl Fn(&str) -> Result<T, E>,
    ) -> Result<Option<T>, ParseError> {
        let Some(at) = self.words.iter().position(|(_, word)| *word == flag) else {
            return Ok(None);
        };
        let Some(&(position, value)) = self.words.get(at + 1) else {
            return Err(self.error(0, flag, "expects a value"));
        };
        let read = read(value).map_err(|e| self.error(position, flag, e.to_string()))?;
        self.words.drain(at..at + 2);
        Ok(Some(read))
    }

    /// Takes the next argument, `argument`, read by `read`.
    fn argument<T, E: fmt::Display>(
        &mut self,
        argument: &str,
        read: impl Fn(&str) -> Result<T, E>,
    ) -> Result<T, ParseError> {
        if self.words.is_empty() {
            return Err(self.error(0, argument, "missing"));
        }
        let (position, word) = self.words.remove(0);
        if word.starts_with("--") {
            return Err(self.error(position, argument, format!("unknown flag `{word}`")));
        }
        read(word).map_err(|e| self.error(position, argument, e.to_string()))
    }

    /// Takes the rest of the words.
    fn rest(&mut self) -> Vec<&'a str> {
        self.words.drain(..).map(|(_, word)| word).collect()
    }

    /// Checks that every word was read.
    fn done(&self) -> Result<(), ParseError> {
        match self.words.first() {
            None => Ok(()),
            Some(&(position, word)) => {
                Err(self.error(position, word, "unexpected argument".to_owned()))
            }
        }
    }
}

fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("expected a number, not `{text}`"))
}

fn dimensions(text: &str) -> Result<(usize, usize), String> {
    parse_dimensions(text).ok_or_else(|| format!("expected ROWSxCOLUMNS, like 4x4, not `{text}`"))
}

fn board(text: &str) -> Result<Board, crate::Error> {
    text.parse()
}

fn pieces(text: &str) -> Result<Vec<Piece>, crate::Error> {
    text.parse::<PieceSet>().map(|set| set.0)
}

impl FromStr for Generator {
    type Err = ParseError;

    /// Reads `NAME ARGUMENT... [--FLAG [VALUE]]...` as `dlx gen` takes
    /// them (`polyomino` is `pentomino`); the assignment problem takes
    /// `N [--cost-seed S] [--max-cost C]`, and word rectangles their
    /// words inline: `words 2x2 at an no so to [--distinct]`.
    fn from_str(text: &str) -> Result<Generator, ParseError> {
        let mut all = text.split_whitespace();
        let given = all.next().unwrap_or("");
        let given = if given == "polyomino" {
            "pentomino"
        } else {
            given
        };
        let Some(&name) = Generator::NAMES.iter().find(|&&name| name == given) else {
            return Err(ParseError {
                generator: String::new(),
                position: 0,
                argument: String::new(),
                message: format!(
                    "unknown generator `{given}` (one of {})",
                    Generator::NAMES.join(", ")
                ),
            });
        };
        let mut words = Words {
            name,
            words: all.enumerate().map(|(k, word)| (k + 1, word)).collect(),
        };
        let generator = match name {
            "queens" => Generator::Queens {
                n: words.argument("N", number)?,
            },
            "langford" => Generator::Langford {
                up_to_reversal: words.switch("--up-to-reversal"),
                n: words.argument("N", number)?,
            },
            "pentomino" => {
                let up_to_symmetry = words.switch("--up-to-symmetry");
                let pieces = words.flag("--pieces", pieces)?;
                Generator::Pentomino {
                    board: words.argument("BOARD", board)?,
                    pieces: pieces.unwrap_or_else(crate::polyomino::pentominoes),
                    up_to_symmetry,
                }
            }
            "dominoes" => Generator::Dominoes {
                board: words.argument("BOARD", board)?,
            },
            "tiling" => {
                let shapes = words.flag("--shapes", pieces)?;
                let prices = words.flag("--prices", parse_prices)?;
                Generator::Tiling {
                    board: words.argument("BOARD", board)?,
                    shapes: shapes.unwrap_or_else(crate::tilings::trominoes),
                    prices: prices.unwrap_or_default(),
                }
            }
            "latin" => Generator::Latin {
                n: words.argument("N", number)?,
            },
            "sudoku-grids" => {
                let (rows, columns) = words.argument("RxC", dimensions)?;
                Generator::SudokuGrids { rows, columns }
            }
            "partitions" => Generator::Partitions {
                n: words.argument("N", number)?,
            },
            "matchings" => Generator::Matchings {
                points: words.argument("N", number)?,
            },
            "debruijn" => Generator::DeBruijn {
                n: words.argument("N", number)?,
            },
            "matrices" => {
                let row_sums = words.flag("--row-sums", parse_sums)?.unwrap_or((2, 2));
                let column_sums = words.flag("--column-sums", parse_sums)?;
                let (rows, columns) = words.argument("RxC", dimensions)?;
                Generator::Matrices {
                    rows,
                    columns,
                    row_sums,
                    column_sums: column_sums.unwrap_or(row_sums),
                }
            }
            "assignment" => {
                let seed = words.flag("--cost-seed", |s| s.parse::<u64>())?;
                let max_cost = words.flag("--max-cost", |s| s.parse::<u64>())?;
                Generator::Assignment {
                    costs: Costs::Random {
                        n: words.argument("N", number)?,
                        seed: seed.unwrap_or(Costs::DEFAULT_SEED),
                        max_cost: max_cost.unwrap_or(Costs::DEFAULT_MAX_COST),
                    },
                }
            }
            "words" => {
                let distinct = words.switch("--distinct");
                let (rows, columns) = words.argument("RxC", dimensions)?;
                let list = words.rest().into_iter().map(str::to_owned).collect();
                Generator::Words {
                    rows,
                    columns,
                    words: list,
                    distinct,
                }
            }
            _ => unreachable!("every name of Generator::NAMES is read above"),
        };
        words.done()?;
        Ok(generator)
    }
}
