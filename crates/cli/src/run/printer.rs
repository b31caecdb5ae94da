//! The only places that format what a search found on standard output: a
//! [`Printer`] (solutions as text or JSON, or only their number); the
//! summary on standard error is the [`report`](super::report)'s.
//!
//! A new output format is one more printer: `dlx gen --solve` draws its
//! solutions with one of its own, on the same runner.

use std::io::{self, Write};

use dancing::engine::Algorithm;
use dancing::{OptionId, Problem};
use serde_json::{Value, json};

use super::outcome::RunOutcome;

/// Writes the results of one search on standard output.
pub trait Printer {
    /// Whether the search must hand over each solution; when not, it only
    /// counts them, which is faster on several threads.
    fn wants_solutions(&self) -> bool;

    /// Once the problem is read, before it is searched: what the printer
    /// needs to learn from it, or why it cannot print its solutions (the
    /// message to show).
    fn prepare(&mut self, _problem: &Problem) -> Result<(), String> {
        Ok(())
    }

    /// Before the search: a header, say.
    fn begin(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// Solution `number` (from 1), the options chosen on `problem`.
    fn solution(&mut self, problem: &Problem, number: u64, options: &[OptionId]) -> io::Result<()>;

    /// After the search (or after reading stopped): the count or summary,
    /// if this printer writes one; then flushes.
    fn finish(&mut self, outcome: &RunOutcome) -> io::Result<()>;

    /// Whether the summary sentence goes to standard error (a printer
    /// whose output holds its own summary says no).
    fn summary_on_stderr(&self) -> bool {
        true
    }
}

/// The line that stands for a solution of no options (a problem whose
/// primary items all have lower bound 0): a comment in Knuth's format, so
/// that it names no option, and `dlx verify` counts it.
pub const EMPTY_SOLUTION: &str = "| the empty solution: no options";

/// Solutions as Knuth writes them: a line per chosen option with its item
/// names (and colors, `X:a`, as in the input), a blank line between
/// solutions, and `==> FILE <==` before the solutions of each of several
/// files. A solution of no options is the line [`EMPTY_SOLUTION`].
pub struct Text<'w, W: Write> {
    out: &'w mut W,
    header: Option<Header>,
}

/// The header of one file among several.
pub struct Header {
    pub name: String,
    /// Whether a file was printed before, so a blank line separates them.
    pub after_another: bool,
}

impl Header {
    /// `==> FILE <==`, after a blank line when a file was printed before.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        if self.after_another {
            writeln!(out)?;
        }
        writeln!(out, "==> {} <==", self.name)
    }
}

impl<'w, W: Write> Text<'w, W> {
    pub fn new(out: &'w mut W, header: Option<Header>) -> Self {
        Text { out, header }
    }
}

impl<W: Write> Printer for Text<'_, W> {
    fn wants_solutions(&self) -> bool {
        true
    }

    fn begin(&mut self) -> io::Result<()> {
        match &self.header {
            Some(header) => header.write(self.out),
            None => Ok(()),
        }
    }

    fn solution(&mut self, problem: &Problem, number: u64, options: &[OptionId]) -> io::Result<()> {
        if number > 1 {
            writeln!(self.out)?;
        }
        if options.is_empty() {
            writeln!(self.out, "{EMPTY_SOLUTION}")?;
        }
        for &option in options {
            let mut separator = "";
            for entry in problem.option_entry_texts(option) {
                write!(self.out, "{separator}{entry}")?;
                separator = " ";
            }
            writeln!(self.out)?;
        }
        Ok(())
    }

    fn finish(&mut self, _: &RunOutcome) -> io::Result<()> {
        self.out.flush()
    }
}

/// JSON Lines: an object per solution (unless only counting), written as
/// [`solution_fields`] writes every solution, then a summary object with
/// the statistics, whatever the number of threads.
pub struct Json<'w, W: Write> {
    out: &'w mut W,
    file: String,
    solutions: bool,
}

impl<'w, W: Write> Json<'w, W> {
    /// With `solutions` false (`--count`), only the summary is written.
    pub fn new(out: &'w mut W, file: String, solutions: bool) -> Self {
        Json {
            out,
            file,
            solutions,
        }
    }
}

impl<W: Write> Printer for Json<'_, W> {
    fn wants_solutions(&self) -> bool {
        self.solutions
    }

    fn solution(&mut self, problem: &Problem, number: u64, options: &[OptionId]) -> io::Result<()> {
        if !self.solutions {
            return Ok(());
        }
        let cost = options
            .iter()
            .map(|&option| problem.option_cost(option))
            .sum();
        let mut record = serde_json::Map::new();
        record.insert("type".into(), json!("solution"));
        record.insert("file".into(), json!(self.file));
        record.insert("solution".into(), json!(number));
        record.extend(solution_fields(problem, cost, options));
        writeln!(self.out, "{}", Value::Object(record))
    }

    fn finish(&mut self, outcome: &RunOutcome) -> io::Result<()> {
        let stats = &outcome.stats;
        // The same fields for every run; `null` where a figure does not
        // apply (no stop) or was not measured.
        let mut summary = json!({
            "type": "summary",
            "file": self.file,
            "solutions": json_count(outcome.solutions()),
            "nodes": stats.nodes,
            "updates": stats.updates,
            "max_depth": stats.max_depth,
            "complete": stats.is_complete(),
            "stopped": outcome.stop.map(dancing::StopReason::as_str),
            "explored_estimate": outcome.explored,
            "time_seconds": outcome.elapsed.as_secs_f64(),
            "threads": outcome.threads,
        });
        if outcome.cleansings_counted {
            summary["cleansings"] = json!(stats.cleansings);
        }
        if outcome.algorithm != Algorithm::Links {
            summary["search"] = json!(outcome.algorithm.as_str());
        }
        if let Some(refusal) = outcome.refusal() {
            // No count came (it passed 2^128, say): no figure, the reason.
            summary["solutions"] = Value::Null;
            summary["complete"] = json!(false);
            summary["stopped"] = json!("failed");
            summary["error"] = json!(refusal);
        }
        if let Some(line) = outcome.stopped_reading_at {
            summary["stopped_reading_at_line"] = json!(line);
        }
        if let Some(memo) = &outcome.memo {
            let cache = &memo.cache;
            summary["memo"] = json!({
                "hits": cache.hits,
                "misses": cache.misses,
                "peak_entries": cache.peak_entries,
                "peak_bytes": cache.peak_bytes,
                "evictions": cache.evictions,
                "turned_off": cache.turned_off,
            });
        }
        writeln!(self.out, "{summary}")?;
        self.out.flush()
    }

    fn summary_on_stderr(&self) -> bool {
        false
    }
}

/// Only the number of solutions: `N`, or `LABEL:N` (one of several files).
/// An input whose reading stopped has no count to print.
pub struct Count<'w, W: Write> {
    out: &'w mut W,
    label: Option<String>,
}

impl<'w, W: Write> Count<'w, W> {
    pub fn new(out: &'w mut W, label: Option<String>) -> Self {
        Count { out, label }
    }
}

impl<W: Write> Printer for Count<'_, W> {
    fn wants_solutions(&self) -> bool {
        false
    }

    fn solution(&mut self, _: &Problem, _: u64, _: &[OptionId]) -> io::Result<()> {
        Ok(())
    }

    fn finish(&mut self, outcome: &RunOutcome) -> io::Result<()> {
        if outcome.stopped_reading_at.is_none() && outcome.refusal().is_none() {
            match &self.label {
                Some(label) => writeln!(self.out, "{label}:{}", outcome.solutions())?,
                None => writeln!(self.out, "{}", outcome.solutions())?,
            }
        }
        self.out.flush()
    }
}

/// A solution as every JSON record of `dlx solve` writes it (a solution,
/// an improvement or one of the K best of `--best`): `cost`, the sum of
/// its options' costs; `options`, each option's entries as Knuth's format
/// writes them (`"X"`, `"X:a"`, see [`Problem::option_entries`]); and `option_ids`, the options' numbers (from 0,
/// in the order of the input).
pub fn solution_fields(
    problem: &Problem,
    cost: u64,
    options: &[OptionId],
) -> serde_json::Map<String, Value> {
    let entries: Vec<Vec<String>> = options
        .iter()
        .map(|&option| problem.option_entries(option))
        .collect();
    let ids: Vec<usize> = options.iter().map(|option| option.index()).collect();
    let mut fields = serde_json::Map::new();
    fields.insert("cost".into(), json!(cost));
    fields.insert("options".into(), json!(entries));
    fields.insert("option_ids".into(), json!(ids));
    fields
}

/// A count in JSON: a number where it fits 64 bits (what every JSON reader
/// takes), else a string of its digits.
fn json_count(count: u128) -> serde_json::Value {
    match u64::try_from(count) {
        Ok(count) => json!(count),
        Err(_) => json!(count.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use dancing::format;

    use super::*;

    /// DLX3's example: its one solution is options 1, 3 and 4.
    const DLX3_EXAMPLE: &str = "\
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
";

    fn solution(printer: &mut impl Printer, problem: &Problem) {
        let options = [1, 3, 4].map(OptionId::new);
        printer.solution(problem, 1, &options).unwrap();
    }

    #[test]
    fn text_prints_options_as_in_the_input_colors_included() {
        let problem = format::read_str(DLX3_EXAMPLE).unwrap().problem;
        let mut out = Vec::new();
        solution(&mut Text::new(&mut out, None), &problem);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "A C X:1 Y:1\nB X:1\nC Y:1\n");
        // What is printed is what `dlx verify` accepts.
        let verified = crate::verify::verify(&problem, text.as_bytes(), None);
        assert_eq!(verified.ok().map(|verified| verified.solutions), Some(1));
    }

    /// An item without a name (a problem built, not read) is printed as
    /// the format writes it, `#` and its index, in text and in JSON.
    #[test]
    fn unnamed_items_are_printed_as_the_format_writes_them() {
        let mut builder = dancing::ProblemBuilder::new();
        let first = builder.primary_items(2).unwrap();
        builder.option([first, dancing::ItemId::new(1)]).unwrap();
        let problem = builder.build().unwrap();
        let options = [OptionId::new(0)];
        let mut out = Vec::new();
        Text::new(&mut out, None)
            .solution(&problem, 1, &options)
            .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "#0 #1\n");
        let mut out = Vec::new();
        Json::new(&mut out, "f".into(), true)
            .solution(&problem, 1, &options)
            .unwrap();
        let record: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(record["options"], json!([["#0", "#1"]]));
    }

    #[test]
    fn json_prints_colored_entries_as_strings() {
        let problem = format::read_str(DLX3_EXAMPLE).unwrap().problem;
        let mut out = Vec::new();
        solution(&mut Json::new(&mut out, "f".into(), true), &problem);
        let text = String::from_utf8(out).unwrap();
        let record: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            record["options"],
            json!([["A", "C", "X:1", "Y:1"], ["B", "X:1"], ["C", "Y:1"]])
        );
        assert_eq!(record["option_ids"], json!([1, 3, 4]));
        assert_eq!(record["cost"], json!(0));
        let verified = crate::verify::verify(&problem, text.as_bytes(), None);
        assert_eq!(verified.ok().map(|verified| verified.solutions), Some(1));
    }
}
