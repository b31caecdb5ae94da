//! CSV input: the header's columns, a record's fields, and a record read
//! as a puzzle and its solution.

use super::cells::read_cells;
use super::error::{PUZZLE_COLUMNS, ReadErrorKind, SOLUTION_COLUMNS};
use super::options::ReadOptions;
use super::variant::variant_rules;
use crate::grid::Grid;
use crate::rules::{Rules, Variant};

/// The columns of a CSV input.
#[derive(Clone, Copy, Debug)]
pub(super) struct CsvColumns {
    fields: usize,
    puzzle: usize,
    solution: Option<usize>,
}

/// The columns of a CSV header line, or `None` if it names no puzzle
/// column.
pub(super) fn csv_header(content: &[u8]) -> Option<CsvColumns> {
    let fields = csv_fields(content).ok()?;
    let named = |names: &[&str]| {
        fields.iter().position(|&(_, field)| {
            let name = String::from_utf8_lossy(field).trim().to_ascii_lowercase();
            names.contains(&name.as_str())
        })
    };
    Some(CsvColumns {
        fields: fields.len(),
        puzzle: named(&PUZZLE_COLUMNS)?,
        solution: named(&SOLUTION_COLUMNS),
    })
}

/// The fields of a CSV record, with their byte offsets: separated by
/// commas, each bare or in double quotes (`""` for a quote inside). Sudoku
/// fields never hold commas or line ends, so a record is one line.
fn csv_fields(line: &[u8]) -> Result<Vec<(usize, &[u8])>, ReadErrorKind> {
    let mut fields = Vec::new();
    let mut at = 0;
    loop {
        if line.get(at) == Some(&b'"') {
            let start = at + 1;
            let Some(length) = line[start..].iter().position(|&c| c == b'"') else {
                return Err(ReadErrorKind::CsvQuote { column: at + 1 });
            };
            fields.push((start, &line[start..start + length]));
            at = start + length + 1;
            match line.get(at) {
                None => return Ok(fields),
                Some(b',') => at += 1,
                Some(_) => return Err(ReadErrorKind::CsvQuote { column: at + 1 }),
            }
        } else {
            let length = line[at..]
                .iter()
                .position(|&c| c == b',')
                .unwrap_or(line.len() - at);
            let field = &line[at..at + length];
            if let Some(k) = field.iter().position(|&c| c == b'"') {
                return Err(ReadErrorKind::CsvQuote { column: at + k + 1 });
            }
            fields.push((at, field));
            at += length;
            if at == line.len() {
                return Ok(fields);
            }
            at += 1;
        }
    }
}

/// Reads a CSV record: the puzzle field as a puzzle line, and the solution
/// field, if any, as a complete grid of the same shape.
pub(super) fn read_csv_record(
    line: &[u8],
    columns: CsvColumns,
    options: &ReadOptions,
    variant: Variant,
    grid: &mut Grid,
) -> Result<(Rules, Option<Grid>), ReadErrorKind> {
    if variant.needs_data() {
        return Err(ReadErrorKind::VariantNeedsLines(variant));
    }
    let fields = csv_fields(line.trim_ascii_end())?;
    if fields.len() != columns.fields {
        return Err(ReadErrorKind::CsvFields {
            expected: columns.fields,
            found: fields.len(),
        });
    }
    let (start, cells) = fields[columns.puzzle];
    let cells = cells.trim_ascii();
    read_cells(line, start, cells, options, grid)?;
    let rules = variant_rules(grid.shape(), variant);
    let Some(column) = columns.solution else {
        return Ok((rules, None));
    };
    let (start, text) = fields[column];
    let text = text.trim_ascii();
    if text.is_empty() {
        return Ok((rules, None));
    }
    let mut solution = Grid::new(grid.shape());
    let bad = |message: String| ReadErrorKind::BadSolution {
        column: start + 1,
        message,
    };
    let forced = ReadOptions {
        shape: Some(grid.shape()),
        ..options.clone()
    };
    read_cells(line, start, text, &forced, &mut solution).map_err(|kind| bad(kind.to_string()))?;
    if !solution.is_complete() {
        return Err(bad("it has blanks".to_owned()));
    }
    Ok((rules, Some(solution)))
}
