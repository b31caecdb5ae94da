//! The one registry of the generators: a [`Generator`] names a problem and
//! its parameters, is read from the text `dlx gen` takes (`"queens 8"`,
//! `"pentomino 6x10 --up-to-symmetry"`), and builds the problem
//! ([`Generator::build`]). Boards ([`Board`]'s `FromStr`), piece sets
//! ([`PieceSet`]), dimensions and sums are read here too, so that the
//! command, the Python module and the web page read them alike.
//!
//! In every picture, of a board or of pieces, rows are separated by `/` or
//! by newlines, both alike: `"..#/..."` is the picture of two rows.

use std::fmt;
use std::str::FromStr;

use crate::polyomino::{Board, Piece, pentominoes, pieces_from_picture};
use crate::{
    Assignment, DeBruijn, Error, Langford, LatinSquares, Packing, PerfectMatchings, Queens,
    SetPartitions, SudokuGrids, Tilings, WordRectangles, ZeroOneMatrices, tilings,
};

mod text;

pub use text::ParseError;

/// `RxC`: two numbers around an `x` (or `X`), as in `6x10`; their range
/// is checked by the problem.
pub fn parse_dimensions(text: &str) -> Option<(usize, usize)> {
    let (rows, columns) = text.split_once(['x', 'X'])?;
    let number = |s: &str| s.parse::<usize>().ok();
    Some((number(rows)?, number(columns)?))
}

/// A row or column sum: `N` (exactly N) or `LOWER:UPPER`, as in Knuth's
/// DLX3 (`2|r0`, `1:2|r0`). The error says what is wrong with `text`.
pub fn parse_sums(text: &str) -> Result<(u32, u32), String> {
    let number = |s: &str| {
        s.parse::<u32>()
            .map_err(|e| format!("`{s}` is not a count: {e}"))
    };
    let (lower, upper) = match text.split_once(':') {
        Some((lower, upper)) => (number(lower)?, number(upper)?),
        None => (number(text)?, number(text)?),
    };
    check_sums(lower, upper).map_err(|message| format!("`{text}`: {message}"))?;
    Ok((lower, upper))
}

/// Checks the bounds of a sum: the upper at least 1 and at least the lower.
pub fn check_sums(lower: u32, upper: u32) -> Result<(), String> {
    if upper == 0 || lower > upper {
        return Err("the upper bound must be at least 1 and at least the lower".to_owned());
    }
    Ok(())
}

/// `NAME=PRICE` pairs separated by commas (`D=2,O=3`): the price of a copy
/// of each shape of a tiling, by the shape's name, in the order given.
pub fn parse_prices(text: &str) -> Result<Vec<(String, u64)>, String> {
    let mut prices: Vec<(String, u64)> = Vec::new();
    for pair in text.split(',') {
        let Some((name, price)) = pair.split_once('=') else {
            return Err(format!("`{pair}` is not NAME=PRICE (as in `D=2,O=3`)"));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("`{pair}` names no shape"));
        }
        let max = dancing::expert::MAX_OPTION_COST;
        let price: u64 = price
            .trim()
            .parse()
            .ok()
            .filter(|&p| p <= max)
            .ok_or_else(|| {
                format!(
                    "`{}` is not a price (a whole number from 0 to {max})",
                    price.trim()
                )
            })?;
        if prices.iter().any(|(seen, _)| seen == name) {
            return Err(format!("shape `{name}` is priced twice"));
        }
        prices.push((name.to_owned(), price));
    }
    Ok(prices)
}

/// A board: `ROWSxCOLUMNS` (`6x10`), or a picture (`.` a cell, `#` or a
/// space a hole, rows separated by `/` or newlines: `..#/...`).
impl FromStr for Board {
    type Err = Error;

    fn from_str(text: &str) -> Result<Board, Error> {
        if !text.is_empty()
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || c == 'x' || c == 'X')
        {
            let (rows, columns) = parse_dimensions(text).ok_or_else(|| Error::Syntax {
                message: "expected ROWSxCOLUMNS like 6x10, or a picture like ..#/...".to_owned(),
            })?;
            return Board::rectangle(rows, columns);
        }
        Board::from_picture(text)
    }
}

/// Pieces: a named set (`pentominoes`, `dominoes`, `trominoes`), or a
/// picture where each piece is drawn with a character of its own
/// (`AAB/.CB`: pieces A, B and C).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSet(pub Vec<Piece>);

/// A named set of pieces: its name and the function that makes it.
pub type NamedSet = (&'static str, fn() -> Vec<Piece>);

impl PieceSet {
    /// The named sets, by name.
    pub const NAMED: &[NamedSet] = &[
        ("pentominoes", pentominoes),
        ("dominoes", tilings::domino),
        ("trominoes", tilings::trominoes),
    ];
}

impl FromStr for PieceSet {
    type Err = Error;

    fn from_str(text: &str) -> Result<PieceSet, Error> {
        if let Some((_, make)) = PieceSet::NAMED.iter().find(|(name, _)| *name == text) {
            return Ok(PieceSet(make()));
        }
        pieces_from_picture(text).map(PieceSet)
    }
}

/// Where the costs of an assignment problem come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Costs {
    /// `n` workers and jobs, costs drawn from 0 to `max_cost` by `seed`.
    Random {
        /// Workers (and jobs).
        n: usize,
        /// The seed: the same seed, the same costs.
        seed: u64,
        /// The largest cost.
        max_cost: u64,
    },
    /// The cost of worker I (row I) on each job.
    Matrix(Vec<Vec<u64>>),
}

impl Costs {
    /// The seed of random costs when none is given.
    pub const DEFAULT_SEED: u64 = 0;
    /// The largest random cost when none is given.
    pub const DEFAULT_MAX_COST: u64 = 99;
}

/// A generator and its parameters: one of the problems of `dlx gen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Generator {
    /// N queens ([`Queens`]).
    Queens {
        /// The size of the board.
        n: usize,
    },
    /// Langford pairs ([`Langford`]).
    Langford {
        /// The largest value.
        n: usize,
        /// Count a sequence and its reversal once.
        up_to_reversal: bool,
    },
    /// Pieces packed into a board, each once ([`Packing`]).
    Pentomino {
        /// The board.
        board: Board,
        /// The pieces.
        pieces: Vec<Piece>,
        /// Count solutions related by the board's symmetries once.
        up_to_symmetry: bool,
    },
    /// Domino tilings ([`Tilings::dominoes`]).
    Dominoes {
        /// The board.
        board: Board,
    },
    /// Tilings by copies of shapes ([`Tilings`]).
    Tiling {
        /// The board.
        board: Board,
        /// The shapes.
        shapes: Vec<Piece>,
        /// The price of a copy of a shape, by its name (others cost 0).
        prices: Vec<(String, u64)>,
    },
    /// Latin squares ([`LatinSquares`]).
    Latin {
        /// The order.
        n: usize,
    },
    /// Sudoku grids with boxes of `rows` x `columns` ([`SudokuGrids`]).
    SudokuGrids {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        columns: usize,
    },
    /// Set partitions ([`SetPartitions`]).
    Partitions {
        /// The size of the set.
        n: usize,
    },
    /// Perfect matchings ([`PerfectMatchings`]).
    Matchings {
        /// The number of points.
        points: usize,
    },
    /// De Bruijn cycles ([`DeBruijn`]).
    DeBruijn {
        /// The order.
        n: usize,
    },
    /// 0-1 matrices with bounded row and column sums ([`ZeroOneMatrices`]).
    Matrices {
        /// Rows.
        rows: usize,
        /// Columns.
        columns: usize,
        /// The bounds of every row sum.
        row_sums: (u32, u32),
        /// The bounds of every column sum.
        column_sums: (u32, u32),
    },
    /// The assignment problem ([`Assignment`]).
    Assignment {
        /// The costs.
        costs: Costs,
    },
    /// Word rectangles ([`WordRectangles`]).
    Words {
        /// Rows.
        rows: usize,
        /// Columns.
        columns: usize,
        /// The word list.
        words: Vec<String>,
        /// Use every word at most once.
        distinct: bool,
    },
}

/// A generator's problem, built: the generator of its kind, for its
/// decoding and drawing of solutions.
#[allow(missing_docs)]
pub enum Built {
    Queens(Queens),
    Langford(Langford),
    Packing(Packing),
    Tilings(Tilings),
    Latin(LatinSquares),
    SudokuGrids(SudokuGrids),
    Partitions(SetPartitions),
    Matchings(PerfectMatchings),
    DeBruijn(DeBruijn),
    Matrices(ZeroOneMatrices),
    Assignment(Assignment),
    Words(WordRectangles),
}

/// Calls `$body` with the generator inside a [`Built`], whatever its kind.
macro_rules! each_built {
    ($built:expr, $generator:ident => $body:expr) => {
        match $built {
            Built::Queens($generator) => $body,
            Built::Langford($generator) => $body,
            Built::Packing($generator) => $body,
            Built::Tilings($generator) => $body,
            Built::Latin($generator) => $body,
            Built::SudokuGrids($generator) => $body,
            Built::Partitions($generator) => $body,
            Built::Matchings($generator) => $body,
            Built::DeBruijn($generator) => $body,
            Built::Matrices($generator) => $body,
            Built::Assignment($generator) => $body,
            Built::Words($generator) => $body,
        }
    };
}

impl Built {
    /// The exact-cover problem.
    pub fn problem(&self) -> &dancing::Problem {
        use dancing::expert::ExactCover;
        each_built!(self, generator => generator.problem())
    }

    /// What the generator says of its problem.
    pub fn describe(&self) -> String {
        use dancing::expert::ExactCover;
        each_built!(self, generator => generator.describe())
    }
}

impl Generator {
    /// The names of the generators, as `dlx gen` takes them.
    pub const NAMES: &[&str] = &[
        "queens",
        "langford",
        "pentomino",
        "dominoes",
        "tiling",
        "latin",
        "sudoku-grids",
        "partitions",
        "matchings",
        "debruijn",
        "matrices",
        "assignment",
        "words",
    ];

    /// The generator's name, as `dlx gen` takes it.
    pub fn name(&self) -> &'static str {
        match self {
            Generator::Queens { .. } => "queens",
            Generator::Langford { .. } => "langford",
            Generator::Pentomino { .. } => "pentomino",
            Generator::Dominoes { .. } => "dominoes",
            Generator::Tiling { .. } => "tiling",
            Generator::Latin { .. } => "latin",
            Generator::SudokuGrids { .. } => "sudoku-grids",
            Generator::Partitions { .. } => "partitions",
            Generator::Matchings { .. } => "matchings",
            Generator::DeBruijn { .. } => "debruijn",
            Generator::Matrices { .. } => "matrices",
            Generator::Assignment { .. } => "assignment",
            Generator::Words { .. } => "words",
        }
    }

    /// Builds the problem; each generator checks its own parameters.
    pub fn build(&self) -> Result<Built, Error> {
        Ok(match self {
            Generator::Queens { n } => Built::Queens(Queens::new(*n)?),
            Generator::Langford { n, up_to_reversal } => Built::Langford(if *up_to_reversal {
                Langford::up_to_reversal(*n)?
            } else {
                Langford::new(*n)?
            }),
            Generator::Pentomino {
                board,
                pieces,
                up_to_symmetry,
            } => {
                let (board, pieces) = (board.clone(), pieces.clone());
                Built::Packing(if *up_to_symmetry {
                    Packing::up_to_symmetry(board, pieces)?
                } else {
                    Packing::new(board, pieces)?
                })
            }
            Generator::Dominoes { board } => Built::Tilings(Tilings::dominoes(board.clone())?),
            Generator::Tiling {
                board,
                shapes,
                prices,
            } => {
                let prices = shape_prices(shapes, prices)?;
                Built::Tilings(Tilings::priced(board.clone(), shapes.clone(), &prices)?)
            }
            Generator::Latin { n } => Built::Latin(LatinSquares::new(*n)?),
            Generator::SudokuGrids { rows, columns } => {
                Built::SudokuGrids(SudokuGrids::new(*rows, *columns)?)
            }
            Generator::Partitions { n } => Built::Partitions(SetPartitions::new(*n)?),
            Generator::Matchings { points } => Built::Matchings(PerfectMatchings::new(*points)?),
            Generator::DeBruijn { n } => Built::DeBruijn(DeBruijn::new(*n)?),
            Generator::Matrices {
                rows,
                columns,
                row_sums,
                column_sums,
            } => {
                for (lower, upper) in [row_sums, column_sums] {
                    check_sums(*lower, *upper).map_err(|message| Error::Syntax {
                        message: format!("sums {lower}:{upper}: {message}"),
                    })?;
                }
                Built::Matrices(ZeroOneMatrices::new(
                    *rows,
                    *columns,
                    *row_sums,
                    *column_sums,
                )?)
            }
            Generator::Assignment { costs } => Built::Assignment(match costs {
                Costs::Random { n, seed, max_cost } => Assignment::random(*n, *seed, *max_cost)?,
                Costs::Matrix(matrix) => Assignment::from_costs(matrix.clone())?,
            }),
            Generator::Words {
                rows,
                columns,
                words,
                distinct,
            } => Built::Words(WordRectangles::new(words, *rows, *columns, *distinct)?),
        })
    }
}

/// The price of each shape (0 for those `prices` does not name); a name
/// that is not a shape's is an error.
fn shape_prices(shapes: &[Piece], prices: &[(String, u64)]) -> Result<Vec<u64>, Error> {
    let mut each = vec![0; shapes.len()];
    for (name, price) in prices {
        let Some(shape) = shapes.iter().position(|s| s.name() == name) else {
            let names: Vec<&str> = shapes.iter().map(|s| s.name()).collect();
            return Err(Error::InvalidCosts {
                reason: format!(
                    "no shape is named `{name}` to be priced (the shapes: {})",
                    names.join(", ")
                ),
            });
        };
        each[shape] = *price;
    }
    Ok(each)
}

impl fmt::Display for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
