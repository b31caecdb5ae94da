//! The values of `dlx gen`'s arguments that clap cannot read by itself:
//! sizes, shapes, boards, pieces and sums. They are read as
//! `dancing_problems::generator` reads them; what is the command's own is
//! `@FILE` (a picture read from a file, `@-` from standard input).

use dancing_problems::generator::{parse_dimensions, parse_prices as read_prices};
use dancing_problems::polyomino::Board;
pub use dancing_problems::{PieceSet, generator::parse_sums};

use super::files::read_picture;

/// A clap parser for a size in `1..=max`.
pub fn size_parser(max: usize) -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=max as i64)
}

pub fn parse_box(text: &str) -> Result<(usize, usize), String> {
    parse_dimensions(text)
        .ok_or_else(|| "expected the rows and columns of a box, like 2x3".to_owned())
}

/// The text of a picture argument: itself, or the file it names with `@`
/// (and the file's name, to put before errors).
fn picture(text: &str) -> Result<(String, String), String> {
    match text.strip_prefix('@') {
        Some(path) => Ok((read_picture(path)?, format!("{path}: "))),
        None => Ok((text.to_owned(), String::new())),
    }
}

/// A board: `ROWSxCOLUMNS`, a picture, or @FILE holding a picture.
pub fn parse_board(text: &str) -> Result<Board, String> {
    let (picture, origin) = picture(text)?;
    if origin.is_empty() {
        return picture.parse().map_err(|e| format!("{e}"));
    }
    Board::from_picture(&picture).map_err(|e| format!("{origin}{e}"))
}

/// The prices of `dlx gen tiling --prices`: shape names and the price of
/// a copy of each, in the order given.
#[derive(Clone, Debug)]
pub struct Prices(pub Vec<(String, u64)>);

/// `NAME=PRICE` pairs separated by commas (`D=2,O=3`).
pub fn parse_prices(text: &str) -> Result<Prices, String> {
    read_prices(text).map(Prices)
}

/// Pieces (or the shapes of a tiling): a named set, a picture, or @FILE
/// holding a picture.
pub fn parse_pieces(text: &str) -> Result<PieceSet, String> {
    let (picture, origin) = picture(text)?;
    if origin.is_empty() {
        return picture.parse().map_err(|e| format!("{e}"));
    }
    dancing_problems::polyomino::pieces_from_picture(&picture)
        .map(PieceSet)
        .map_err(|e| format!("{origin}{e}"))
}

/// `RxC` for a shape (its range is checked by the problem).
pub fn parse_shape(text: &str) -> Result<(usize, usize), String> {
    parse_dimensions(text).ok_or_else(|| "expected ROWSxCOLUMNS, like 4x4".to_owned())
}
