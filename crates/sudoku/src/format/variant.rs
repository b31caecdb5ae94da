//! Variant data on a puzzle line: jigsaw region maps, killer cage maps and
//! their sums, and the rules they make.

use super::cells::words;
use super::error::ReadErrorKind;
use super::options::Naming;
use crate::grid::Shape;
use crate::rules::{Cage, Rules, RulesError, Variant};

/// Reads the data of `variant` from the `words` of `line` that follow a
/// puzzle's cells (a region map; a cage map and its sums) into `rules`, of
/// an `n`x`n` grid. Returns the rules and where the comment starts.
/// `naming` names the variant setting in the message about a comment that
/// is another variant's data.
pub(super) fn read_variant_data<'a>(
    line: &'a [u8],
    words: impl Iterator<Item = (usize, &'a [u8])>,
    mut rules: Rules,
    n: usize,
    variant: Variant,
    naming: Naming,
) -> Result<(Rules, usize), ReadErrorKind> {
    let mut words = words.peekable();
    if variant.jigsaw {
        let (at, map) = words
            .next()
            .ok_or_else(|| missing("a region map", line.len()))?;
        let regions = region_map(map, at, n)?;
        rules = rules
            .with_regions(regions)
            .map_err(ReadErrorKind::BadRules)?;
    }
    if variant.killer {
        let (at, map) = words
            .next()
            .ok_or_else(|| missing("a cage map", line.len()))?;
        let (labels, cells_of) = cage_map(map, at, n)?;
        let mut sums: Vec<Option<u32>> = vec![None; labels.len()];
        // Where each cage's sum was written, to locate a sum it cannot have.
        let mut sum_columns = vec![at; labels.len()];
        let mut given = 0;
        while let Some(&(at, word)) = words.peek() {
            // Past the last cage's sum a comment may follow; a word that
            // is a sum is still a sum (a cage's second, or of no cage),
            // never a comment taken silently.
            if given == labels.len() && cage_sum(word, at).is_err() {
                break;
            }
            words.next();
            let (label, sum) = cage_sum(word, at)?;
            let Some(k) = labels.iter().position(|&l| l == label) else {
                return Err(ReadErrorKind::BadVariantData {
                    column: Some(at + 1),
                    message: format!(
                        "a sum for cage {:?}, which the cage map lacks",
                        label as char
                    ),
                });
            };
            sum_columns[k] = at;
            if sums[k].replace(sum).is_some() {
                return Err(ReadErrorKind::BadVariantData {
                    column: Some(at + 1),
                    message: format!("a second sum for cage {:?}", label as char),
                });
            }
            given += 1;
        }
        if let Some(k) = sums.iter().position(Option::is_none) {
            return Err(ReadErrorKind::BadVariantData {
                column: None,
                message: format!(
                    "no sum for cage {:?} (expected LABEL=SUM words after the cage map)",
                    labels[k] as char
                ),
            });
        }
        let cages = cells_of
            .into_iter()
            .zip(sums)
            .map(|(cells, sum)| Cage {
                cells,
                sum: sum.unwrap_or(0),
            })
            .collect();
        // The labels are kept, so that every later message (a contradiction,
        // a check) names a cage as the user wrote it.
        rules = rules.with_labelled_cages(cages, labels).map_err(|error| {
            // Located at the cage's sum (or the map).
            match (&error, error.cage_detail()) {
                (RulesError::CageSum { .. }, Some((cage, _))) => ReadErrorKind::BadVariantData {
                    column: Some(sum_columns[cage] + 1),
                    message: error.to_string(),
                },
                (_, Some(_)) => ReadErrorKind::BadVariantData {
                    column: Some(at + 1),
                    message: error.to_string(),
                },
                (_, None) => ReadErrorKind::BadRules(error),
            }
        })?;
    }
    let rest = words.next().map_or(line.len(), |(at, _)| at);
    refuse_unread_variant_data(line, rest, n, variant, naming)?;
    Ok((rules, rest))
}

/// Refuses a comment that is in fact the data of a variant the puzzle is not
/// read as: a jigsaw region map, or a killer cage map with its sums. Read as
/// a comment, it would be ignored and the puzzle solved by the wrong rules,
/// a wrong answer printed as a right one.
fn refuse_unread_variant_data(
    line: &[u8],
    rest: usize,
    n: usize,
    variant: Variant,
    naming: Naming,
) -> Result<(), ReadErrorKind> {
    let mut comment = words(&line[rest..]);
    let Some((at, first)) = comment.next() else {
        return Ok(());
    };
    let (what, missing) = if !variant.killer && is_cage_map_with_sums(first, comment.next(), n) {
        let killer = Variant {
            killer: true,
            ..variant
        };
        ("a killer cage map with its sums", killer)
    } else if !variant.jigsaw && is_region_map(first, n) {
        let jigsaw = Variant {
            jigsaw: true,
            ..variant
        };
        ("a jigsaw region map", jigsaw)
    } else {
        return Ok(());
    };
    Err(ReadErrorKind::BadVariantData {
        column: Some(rest + at + 1),
        message: format!(
            "the text after the cells is {what}, but the puzzle is read as {variant}: \
             give {} or a line `variant {missing}` \
             before the puzzle, or write `#` before the text to keep it a comment",
            naming.setting("variant", missing),
        ),
    })
}

/// Whether `word`, the first word of a comment, is a cage map: `n²`
/// characters followed by a `LABEL=SUM` word whose label is in the map.
fn is_cage_map_with_sums(word: &[u8], next: Option<(usize, &[u8])>, n: usize) -> bool {
    let Some((_, sum)) = next else {
        return false;
    };
    word.len() == n * n
        && matches!(sum, [label, b'=', digits @ ..]
            if !digits.is_empty()
                && digits.iter().all(u8::is_ascii_digit)
                && word.contains(label))
}

/// Whether `word`, the first word of a comment, is a region map: `n²`
/// labels, `n` of them each `n` times, with some row holding a label twice.
/// The last test tells it from a solution written after its puzzle, whose
/// rows never repeat a symbol.
fn is_region_map(word: &[u8], n: usize) -> bool {
    if word.len() != n * n {
        return false;
    }
    let mut counts = [0usize; 256];
    for &label in word {
        counts[usize::from(label)] += 1;
    }
    let labels = counts.iter().filter(|&&count| count > 0).count();
    let repeats_in_a_row = word.chunks(n).any(|row| {
        let mut seen = [false; 256];
        row.iter()
            .any(|&label| std::mem::replace(&mut seen[usize::from(label)], true))
    });
    labels == n && counts.iter().all(|&count| count == 0 || count == n) && repeats_in_a_row
}

/// The rules of `variant` that need no data: diagonals and windows.
pub(super) fn variant_rules(shape: Shape, variant: Variant) -> Rules {
    let mut rules = Rules::classic(shape);
    if variant.diagonals {
        rules = rules.with_diagonals();
    }
    if variant.windows {
        rules = rules.with_windows();
    }
    rules
}

fn missing(what: &str, at: usize) -> ReadErrorKind {
    ReadErrorKind::BadVariantData {
        column: Some(at + 1),
        message: format!("expected {what} after the cells"),
    }
}

/// A jigsaw region map: `n²` labels (any characters but whitespace), one per
/// cell; labels are numbered in order of first appearance.
fn region_map(map: &[u8], at: usize, n: usize) -> Result<Vec<u8>, ReadErrorKind> {
    if map.len() != n * n {
        return Err(ReadErrorKind::BadVariantData {
            column: Some(at + 1),
            message: format!(
                "a region map of {} characters, expected {}",
                map.len(),
                n * n
            ),
        });
    }
    let mut labels: Vec<u8> = Vec::new();
    let mut regions = Vec::with_capacity(n * n);
    for (k, &label) in map.iter().enumerate() {
        let index = match labels.iter().position(|&l| l == label) {
            Some(index) => index,
            None if labels.len() < n => {
                labels.push(label);
                labels.len() - 1
            }
            None => {
                return Err(ReadErrorKind::BadVariantData {
                    column: Some(at + k + 1),
                    message: format!(
                        "region label {:?} is one more than the {n} regions",
                        label as char
                    ),
                });
            }
        };
        regions.push(index as u8);
    }
    Ok(regions)
}

/// A killer cage map: `n²` labels, `.` for a cell in no cage; returns the
/// labels in order of first appearance and each one's cells.
#[allow(clippy::type_complexity)]
fn cage_map(map: &[u8], at: usize, n: usize) -> Result<(Vec<u8>, Vec<Vec<usize>>), ReadErrorKind> {
    if map.len() != n * n {
        return Err(ReadErrorKind::BadVariantData {
            column: Some(at + 1),
            message: format!("a cage map of {} characters, expected {}", map.len(), n * n),
        });
    }
    let mut labels: Vec<u8> = Vec::new();
    let mut cells: Vec<Vec<usize>> = Vec::new();
    for (cell, &label) in map.iter().enumerate() {
        if label == b'.' {
            continue;
        }
        if !label.is_ascii_graphic() || label == b'=' {
            return Err(ReadErrorKind::BadVariantData {
                column: Some(at + cell + 1),
                message: format!("bad cage label {:?}", label as char),
            });
        }
        match labels.iter().position(|&l| l == label) {
            Some(k) => cells[k].push(cell),
            None => {
                labels.push(label);
                cells.push(vec![cell]);
            }
        }
    }
    Ok((labels, cells))
}

/// A cage sum word: `LABEL=SUM`.
fn cage_sum(word: &[u8], at: usize) -> Result<(u8, u32), ReadErrorKind> {
    let bad = || ReadErrorKind::BadVariantData {
        column: Some(at + 1),
        message: format!(
            "bad cage sum {:?} (expected LABEL=SUM, such as a=12)",
            String::from_utf8_lossy(&word[..word.len().min(16)])
        ),
    };
    match word {
        [label, b'=', digits @ ..] if !digits.is_empty() && digits.len() <= 6 => {
            let sum = std::str::from_utf8(digits)
                .ok()
                .and_then(|text| text.parse().ok())
                .ok_or_else(bad)?;
            Ok((*label, sum))
        }
        _ => Err(bad()),
    }
}
