//! The files `dlx gen` reads: pictures of boards and pieces, and word
//! lists.

use std::fs::File;
use std::io::{self, Read};

use dancing::format::text::tokens;
use dancing_problems::WordRectangles;

/// The most bytes read from a picture file: far more than any board.
const MAX_PICTURE_BYTES: u64 = 1 << 20;

/// The text of a picture file, or of standard input for `-`.
pub fn read_picture(path: &str) -> Result<String, String> {
    let bytes = read_bounded(path, MAX_PICTURE_BYTES, "a picture file")?;
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "{}: not UTF-8 text (byte {})",
            shown(path),
            error.utf8_error().valid_up_to() + 1
        )
    })
}

/// How `path` is named in messages: `<stdin>` for `-`.
fn shown(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// The bytes of `path` (`-`: standard input), refused beyond `limit`
/// bytes (`what` names the kind of file in the message) before more is
/// read. Errors name the file first, as every reader of the tool does.
fn read_bounded(path: &str, limit: u64, what: &str) -> Result<Vec<u8>, String> {
    let shown = shown(path);
    let reader: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(File::open(path).map_err(|e| format!("{shown}: cannot open: {e}"))?)
    };
    let mut bytes = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{shown}: cannot read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("{shown}: {what} may hold at most {limit} bytes"));
    }
    Ok(bytes)
}

/// The most bytes read from a word list: far more than any dictionary.
const MAX_WORD_LIST_BYTES: u64 = 64 << 20;

/// A word list, with the line and column of every word for messages.
pub struct WordList {
    /// The words, in order.
    pub words: Vec<String>,
    /// The line and column of each word.
    pub places: Vec<(usize, usize)>,
}

impl WordList {
    /// Reads the words of `path` (`-`: standard input), separated by
    /// blanks or line ends.
    pub fn read(path: &str) -> Result<WordList, String> {
        let bytes = read_bounded(path, MAX_WORD_LIST_BYTES, "a word list")?;
        let mut list = WordList {
            words: Vec::new(),
            places: Vec::new(),
        };
        for (number, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = std::str::from_utf8(line)
                .map_err(|_| format!("{path}:{}: the line is not valid UTF-8", number + 1))?;
            for (column, word) in tokens(line.strip_suffix('\r').unwrap_or(line)) {
                if list.words.len() == WordRectangles::MAX_WORDS {
                    return Err(format!(
                        "{path}:{}: more than {} words",
                        number + 1,
                        WordRectangles::MAX_WORDS
                    ));
                }
                list.words.push(word.to_owned());
                list.places.push((number + 1, column));
            }
        }
        Ok(list)
    }
}

/// The most bytes read from a cost matrix: a million costs and then some.
const MAX_COST_MATRIX_BYTES: u64 = 32 << 20;

/// Reads a square cost matrix from `path` (`-`: standard input): one line
/// per worker, the costs of its jobs as nonnegative integers separated by
/// blanks. Blank lines and lines starting with `#` are skipped. Errors name
/// the place, `FILE:LINE:COLUMN`.
pub fn read_cost_matrix(path: &str) -> Result<Vec<Vec<u64>>, String> {
    let bytes = read_bounded(path, MAX_COST_MATRIX_BYTES, "a cost matrix")?;
    let shown = shown(path);
    let mut rows: Vec<Vec<u64>> = Vec::new();
    let mut first_line = 0;
    for (number, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = std::str::from_utf8(line)
            .map_err(|_| format!("{shown}:{}: the line is not valid UTF-8", number + 1))?;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let mut row = Vec::new();
        for (column, word) in tokens(line) {
            let cost = word
                .parse::<u64>()
                .ok()
                .filter(|&c| c <= dancing::expert::MAX_OPTION_COST)
                .ok_or_else(|| {
                    format!(
                        "{shown}:{}:{column}: `{word}` is not a cost (a whole number from 0 to {})",
                        number + 1,
                        dancing::expert::MAX_OPTION_COST
                    )
                })?;
            row.push(cost);
        }
        if let Some(first) = rows.first()
            && row.len() != first.len()
        {
            return Err(format!(
                "{shown}:{}: {} costs, but line {} has {}: the matrix must be square",
                number + 1,
                row.len(),
                first_line,
                first.len()
            ));
        }
        if rows.is_empty() {
            first_line = number + 1;
        }
        rows.push(row);
        if rows.len() > rows[0].len() {
            return Err(format!(
                "{shown}:{}: more lines than the {} costs of a line: the matrix must be square",
                number + 1,
                rows[0].len()
            ));
        }
    }
    match rows.first() {
        None => Err(format!("{shown}: no costs")),
        Some(first) if rows.len() < first.len() => Err(format!(
            "{shown}: {} lines of {} costs: the matrix must be square",
            rows.len(),
            first.len()
        )),
        Some(_) => Ok(rows),
    }
}
