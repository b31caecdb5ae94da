//! The values of `dlx gen`'s arguments that clap cannot read by itself:
//! sizes, shapes, boards, pieces and sums.

use dancing_problems::polyomino::{Board, Piece, pentominoes, pieces_from_picture};
use dancing_problems::tilings;

use super::files::read_picture;

/// Pieces given on the command line.
#[derive(Clone, Debug)]
pub struct PieceSet(pub Vec<Piece>);

/// A clap parser for a size in `1..=max`.
pub fn size_parser(max: usize) -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=max as i64)
}

/// `RxC`: two numbers around an `x` (their range is checked by the problem).
fn parse_dimensions(text: &str) -> Option<(usize, usize)> {
    let (rows, columns) = text.split_once(['x', 'X'])?;
    let number = |s: &str| s.parse::<usize>().ok();
    Some((number(rows)?, number(columns)?))
}

pub fn parse_box(text: &str) -> Result<(usize, usize), String> {
    parse_dimensions(text)
        .ok_or_else(|| "expected the rows and columns of a box, like 2x3".to_owned())
}

pub fn parse_board(text: &str) -> Result<Board, String> {
    if let Some(path) = text.strip_prefix('@') {
        return Board::from_picture(&read_picture(path)?).map_err(|e| format!("{path}: {e}"));
    }
    if text
        .chars()
        .all(|c| c.is_ascii_digit() || c == 'x' || c == 'X')
    {
        let (rows, columns) = parse_dimensions(text).ok_or_else(|| {
            "expected ROWSxCOLUMNS like 6x10, a picture like ..#/..., or @FILE".to_owned()
        })?;
        return Board::rectangle(rows, columns).map_err(|e| e.to_string());
    }
    Board::from_picture(text).map_err(|e| e.to_string())
}

/// The shapes of `dlx gen tiling`: named sets, or pieces as `--pieces`
/// takes them.
pub fn parse_shapes(text: &str) -> Result<PieceSet, String> {
    match text {
        "dominoes" => Ok(PieceSet(tilings::domino())),
        "trominoes" => Ok(PieceSet(tilings::trominoes())),
        _ => parse_pieces(text),
    }
}

/// The prices of `dlx gen tiling --prices`: shape names and the price of
/// a copy of each, in the order given.
#[derive(Clone, Debug)]
pub struct Prices(pub Vec<(String, u64)>);

/// `NAME=PRICE` pairs separated by commas (`D=2,O=3`).
pub fn parse_prices(text: &str) -> Result<Prices, String> {
    let mut prices: Vec<(String, u64)> = Vec::new();
    for pair in text.split(',') {
        let Some((name, price)) = pair.split_once('=') else {
            return Err(format!("`{pair}` is not NAME=PRICE (as in `D=2,O=3`)"));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("`{pair}` names no shape"));
        }
        let price: u64 = price
            .trim()
            .parse()
            .ok()
            .filter(|&p| p <= dancing::expert::MAX_OPTION_COST)
            .ok_or_else(|| {
                format!(
                    "`{}` is not a price (a whole number from 0 to {})",
                    price.trim(),
                    dancing::expert::MAX_OPTION_COST
                )
            })?;
        if prices.iter().any(|(seen, _)| seen == name) {
            return Err(format!("shape `{name}` is priced twice"));
        }
        prices.push((name.to_owned(), price));
    }
    Ok(Prices(prices))
}

pub fn parse_pieces(text: &str) -> Result<PieceSet, String> {
    if text == "pentominoes" {
        return Ok(PieceSet(pentominoes()));
    }
    let (picture, origin) = match text.strip_prefix('@') {
        Some(path) => (read_picture(path)?, format!("{path}: ")),
        None => (text.to_owned(), String::new()),
    };
    pieces_from_picture(&picture)
        .map(PieceSet)
        .map_err(|e| format!("{origin}{e}"))
}

/// `RxC` for a shape (its range is checked by the problem).
pub fn parse_shape(text: &str) -> Result<(usize, usize), String> {
    parse_dimensions(text).ok_or_else(|| "expected ROWSxCOLUMNS, like 4x4".to_owned())
}

/// `N` (exactly N) or `LOWER:UPPER`, as in Knuth's DLX3 (`2|r0`, `1:2|r0`).
pub fn parse_sums(text: &str) -> Result<(u32, u32), String> {
    let number = |s: &str| {
        s.parse::<u32>()
            .map_err(|e| format!("`{s}` is not a count: {e}"))
    };
    let (lower, upper) = match text.split_once(':') {
        Some((lower, upper)) => (number(lower)?, number(upper)?),
        None => (number(text)?, number(text)?),
    };
    if upper == 0 || lower > upper {
        return Err(format!(
            "`{text}`: the upper bound must be at least 1 and at least the lower"
        ));
    }
    Ok((lower, upper))
}
