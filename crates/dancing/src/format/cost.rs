//! The costs of an option: `|n` (Knuth's DLX5) or `$n` (miniexact).

use super::ParseErrorKind;
use crate::problem::MAX_OPTION_COST;

/// Whether an option's token is a cost: `|n` as Knuth's DLX5 writes it
/// (any token starting with `|`: a `|` cannot stand in a name), or `$n` as
/// miniexact does (a `$` followed by a digit or `-`; other names may start
/// with `$`). Public for readers of printed options (`dlx verify`).
///
/// ```
/// use dancing::format::is_cost;
///
/// assert!(is_cost("|5") && is_cost("$2") && is_cost("|x"));
/// assert!(!is_cost("$a") && !is_cost("a|"));
/// ```
pub fn is_cost(token: &str) -> bool {
    let bytes = token.as_bytes();
    match bytes.first() {
        Some(b'|') => true,
        Some(b'$') => matches!(bytes.get(1), Some(b'0'..=b'9' | b'-')),
        _ => false,
    }
}

/// `sum` plus the cost `token` (`|n` or `$n`), checked: a number, not
/// negative, and the sum at most [`MAX_OPTION_COST`].
pub(super) fn add_cost(sum: u64, token: &str) -> Result<u64, ParseErrorKind> {
    let digits = &token[1..];
    if let Some(rest) = digits.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(ParseErrorKind::NegativeCost(token.into()));
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseErrorKind::MalformedCost(token.into()));
    }
    digits
        .parse::<u64>()
        .ok()
        .and_then(|cost| sum.checked_add(cost))
        .filter(|&total| total <= MAX_OPTION_COST)
        .ok_or_else(|| ParseErrorKind::CostTooLarge(token.into()))
}
