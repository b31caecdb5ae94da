//! CSV input: the header's columns, a record's fields, and a record read
//! as a puzzle and its solution; and a record written back with the
//! solution found ([`CsvRecord`]).

use std::sync::Arc;

use super::cells::read_cells;
use super::error::{PUZZLE_COLUMNS, ReadErrorKind, SOLUTION_COLUMNS};
use super::options::ReadOptions;
use super::variant::variant_rules;
use crate::grid::Grid;
use crate::rules::{Rules, Variant};

/// The columns of a CSV input.
#[derive(Clone, Debug)]
pub(super) struct CsvColumns {
    fields: usize,
    puzzle: usize,
    solution: Option<usize>,
    /// The header, for writing records back.
    header: Arc<CsvHeader>,
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
    let solution = named(&SOLUTION_COLUMNS);
    let header = CsvHeader {
        names: fields
            .iter()
            .map(|&(_, field)| String::from_utf8_lossy(field).into_owned())
            .collect(),
        solution,
    };
    Some(CsvColumns {
        fields: fields.len(),
        puzzle: named(&PUZZLE_COLUMNS)?,
        solution,
        header: Arc::new(header),
    })
}

/// The header of a CSV input, for writing its records back with their
/// solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvHeader {
    /// The names of the columns, in order.
    names: Vec<String>,
    /// The solution column, if the input has one.
    solution: Option<usize>,
}

impl CsvHeader {
    /// The header line of the answers, without its line end: the input's
    /// columns, then a `solution` column when the input has none.
    pub fn answer_line(&self) -> String {
        let mut names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        if self.solution.is_none() {
            names.push("solution");
        }
        csv_line(names)
    }
}

/// A CSV record as read, to be written back with the solution found.
#[derive(Clone, Debug)]
pub struct CsvRecord {
    header: Arc<CsvHeader>,
    /// The fields, or `None` when the line is not a record of the
    /// header's columns (a stray quote, too many or too few fields).
    fields: Option<Vec<String>>,
    /// The line as read, without its line end.
    line: String,
}

impl CsvRecord {
    /// The record on `line` of an input with `columns`.
    pub(super) fn new(line: &[u8], columns: &CsvColumns) -> CsvRecord {
        let line = line.trim_ascii_end();
        let fields = csv_fields(line)
            .ok()
            .filter(|fields| fields.len() == columns.fields)
            .map(|fields| {
                fields
                    .iter()
                    .map(|&(_, field)| String::from_utf8_lossy(field).into_owned())
                    .collect()
            });
        CsvRecord {
            header: columns.header.clone(),
            fields,
            line: String::from_utf8_lossy(line).into_owned(),
        }
    }

    /// The header of the input the record was read from.
    pub fn header(&self) -> &Arc<CsvHeader> {
        &self.header
    }

    /// The record as a line of the answers, without its line end: its
    /// fields with `solution` in the solution column (a column after them
    /// when the input has none). A line that is not a record of the
    /// header's columns is written as it was.
    pub fn answer_line(&self, solution: &str) -> String {
        let Some(fields) = &self.fields else {
            return self.line.clone();
        };
        let mut fields: Vec<&str> = fields.iter().map(String::as_str).collect();
        match self.header.solution {
            Some(column) => fields[column] = solution,
            None => fields.push(solution),
        }
        csv_line(fields)
    }
}

/// Fields joined by commas, each in double quotes (a quote inside doubled)
/// when it holds a comma, a quote or a line end, or starts or ends with a
/// blank.
fn csv_line<'f>(fields: impl IntoIterator<Item = &'f str>) -> String {
    let mut line = String::new();
    for (k, field) in fields.into_iter().enumerate() {
        if k > 0 {
            line.push(',');
        }
        let quoted = field.contains([',', '"', '\n', '\r']) || field.trim() != field;
        if quoted {
            line.push('"');
            line.push_str(&field.replace('"', "\"\""));
            line.push('"');
        } else {
            line.push_str(field);
        }
    }
    line
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
    columns: &CsvColumns,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_written_back_with_their_solution() {
        let columns = csv_header(b"id,puzzle").expect("a header");
        assert_eq!(columns.header.answer_line(), "id,puzzle,solution");
        let record = CsvRecord::new(b"7,\"1.3\"\r", &columns);
        assert_eq!(record.answer_line("123"), "7,1.3,123");
        assert_eq!(record.answer_line(""), "7,1.3,");
        let odd = CsvRecord::new(b"7,1.3,extra", &columns);
        assert_eq!(odd.answer_line("123"), "7,1.3,extra");

        let columns = csv_header(b"quizzes,solutions").expect("a header");
        assert_eq!(columns.header.answer_line(), "quizzes,solutions");
        let record = CsvRecord::new(b"1.3,", &columns);
        assert_eq!(record.answer_line("123"), "1.3,123");
        assert_eq!(
            csv_line(["a,b", "say \"x\"", " c"]),
            "\"a,b\",\"say \"\"x\"\"\",\" c\""
        );
    }
}
