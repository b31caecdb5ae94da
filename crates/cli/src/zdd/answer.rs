//! What `dlx zdd` was asked, read off the diagram, and printed: as text
//! (the count, `SIZE COUNT` lines, the cost range, the K best as `dlx
//! solve --best K` prints them, solutions) or as JSON Lines (a record per
//! listed or sampled solution, as `dlx solve --json` writes solutions,
//! then a summary record). The schema is in the book's diagram chapter.

use std::io::{self, Write};

use dancing::diagram::{CostRange, Diagram};
use dancing::engine::CostedSolution;
use dancing::{OptionId, Problem};
use num_bigint::BigUint;
use serde_json::{Value, json};

use super::Args;
use crate::interrupt;
use crate::run::printer::solution_fields;
use crate::solve::best::{best_json, write_best};

/// The largest count a JSON number holds exactly in every reader (a
/// double's 53-bit mantissa): larger counts are written as strings.
const JSON_EXACT: u64 = 1 << 53;

/// Where the diagram came from, as the summary names it.
pub(super) enum Source {
    /// Built by searching the problem of this name.
    Search(String),
    /// Read from this ZDD file.
    File(String),
}

/// The answers asked for, those that can fail (costs) already read off
/// the diagram.
pub(super) struct Answers<'a> {
    args: &'a Args,
    diagram: &'a Diagram,
    /// The problem's name and the problem, when there is one (always
    /// without --read).
    problem: Option<(&'a str, &'a Problem)>,
    source: Source,
    range: Option<CostRange>,
    best: Vec<CostedSolution>,
}

impl<'a> Answers<'a> {
    /// Reads the costs asked for off `diagram`; the message of what went
    /// wrong (an option the problem lacks, a cost past 2^64 - 1).
    pub(super) fn new(
        args: &'a Args,
        diagram: &'a Diagram,
        problem: Option<(&'a str, &'a Problem)>,
        source: Source,
    ) -> Result<Answers<'a>, String> {
        let mut answers = Answers {
            args,
            diagram,
            problem,
            source,
            range: None,
            best: Vec::new(),
        };
        if args.costs || args.best.is_some() {
            // The refusal without a problem was said before the build.
            let (name, problem) = problem.expect("costs are asked with a problem");
            let failed = |error| format!("{name}: {error}");
            if args.costs {
                answers.range = diagram.cost_range(problem).map_err(failed)?;
            }
            if let Some(k) = args.best {
                answers.best = diagram.best(problem, k as usize).map_err(failed)?;
            }
        }
        Ok(answers)
    }

    /// The count, unless only the diagram was asked for on standard output.
    fn wants_count(&self) -> bool {
        let args = self.args;
        let anything =
            args.sizes || args.sample.is_some() || args.list || args.costs || args.best.is_some();
        let writes_diagram = args
            .write
            .as_ref()
            .is_some_and(|path| path.as_os_str() == "-");
        args.count || (!anything && !writes_diagram)
    }

    /// The sizes that have solutions, with their counts.
    fn sizes(&self) -> Vec<(usize, BigUint)> {
        self.diagram
            .sizes()
            .into_iter()
            .enumerate()
            .filter(|(_, count)| *count != BigUint::default())
            .collect()
    }

    /// Each solution asked for (samples, then the listing), its options in
    /// input order, until Ctrl-C: `each(kind, number, options)`.
    fn solutions(
        &self,
        mut each: impl FnMut(&'static str, u64, &[OptionId]) -> io::Result<()>,
    ) -> io::Result<()> {
        if let Some(n) = self.args.sample {
            let mut sampler = self.diagram.sampler(self.args.seed);
            for number in 1..=n {
                let Some(mut solution) = sampler.draw() else {
                    break;
                };
                solution.sort();
                each("sample", number, &solution)?;
                if interrupt::requested() {
                    return Ok(());
                }
            }
        }
        if self.args.list {
            for (number, mut solution) in (1..).zip(self.diagram.solutions()) {
                solution.sort();
                each("solution", number, &solution)?;
                if interrupt::requested() {
                    break;
                }
            }
        }
        Ok(())
    }

    /// The answers as text.
    pub(super) fn text(&self, out: &mut impl Write) -> io::Result<()> {
        if self.wants_count() {
            writeln!(out, "{}", self.diagram.count())?;
        }
        if self.args.sizes {
            for (size, count) in self.sizes() {
                writeln!(out, "{size} {count}")?;
            }
        }
        if let Some(range) = self.range {
            writeln!(out, "min cost {}", range.min)?;
            writeln!(out, "max cost {}", range.max)?;
        }
        if let (Some(_), Some((name, problem))) = (self.args.best, self.problem) {
            // Read off the whole diagram: the best are proven.
            write_best(out, name, problem, &self.best, true)?;
        }
        let problem = self.problem.map(|(_, problem)| problem);
        self.solutions(|_, _, solution| write_solution(out, solution, problem))
    }

    /// The answers as JSON Lines: a record per sample or listed solution,
    /// then the summary.
    pub(super) fn json(&self, out: &mut impl Write) -> io::Result<()> {
        let file = match &self.source {
            Source::Search(name) => name.clone(),
            Source::File(path) => path.clone(),
        };
        let problem = self.problem.map(|(_, problem)| problem);
        self.solutions(|kind, number, solution| {
            let mut record = serde_json::Map::new();
            record.insert("type".into(), json!(kind));
            record.insert("file".into(), json!(file));
            record.insert(kind.into(), json!(number));
            record.extend(solution_json(problem, solution));
            writeln!(out, "{}", Value::Object(record))
        })?;
        let diagram = self.diagram;
        let mut summary = json!({
            "type": "summary",
            "file": file,
            "solutions": json_count(&diagram.count()),
            "zdd_nodes": diagram.node_count(),
        });
        if self.args.sizes {
            summary["sizes"] = self
                .sizes()
                .iter()
                .map(|(size, count)| json!({"size": size, "count": json_count(count)}))
                .collect();
        }
        if self.args.costs {
            summary["min_cost"] = json!(self.range.map(|range| range.min));
            summary["max_cost"] = json!(self.range.map(|range| range.max));
        }
        if let (Some(_), Some((_, problem))) = (self.args.best, self.problem) {
            summary["best"] = best_json(problem, &self.best);
        }
        match &self.source {
            Source::Search(_) => {
                let stats = diagram.stats();
                summary["order"] = json!(self.args.order);
                summary["search_nodes"] = json!(stats.search_nodes);
                summary["updates"] = json!(stats.updates);
                summary["cleansings"] = json!(stats.cleansings);
                summary["memos"] = json!(stats.memos);
                summary["hits"] = json!(stats.hits);
                summary["evictions"] = json!(stats.evictions);
                summary["bytes"] = json!(stats.cache_bytes + stats.node_bytes);
                summary["max_depth"] = json!(stats.max_depth);
                summary["time_seconds"] = json!(stats.elapsed.as_secs_f64());
            }
            Source::File(path) => summary["zdd_file"] = json!(path),
        }
        writeln!(out, "{summary}")
    }
}

/// A count in JSON: a number up to 2^53 (which every reader holds
/// exactly), else a string of its digits, so no reader loses any.
fn json_count(count: &BigUint) -> Value {
    match u64::try_from(count) {
        Ok(small) if small <= JSON_EXACT => json!(small),
        _ => json!(count.to_string()),
    }
}

/// A solution's JSON fields: with the problem, those of every `dlx solve`
/// solution ([`solution_fields`]: cost, options, option ids); without,
/// only the option ids (from 0, as `dlx solve` numbers them).
fn solution_json(
    problem: Option<&Problem>,
    options: &[OptionId],
) -> serde_json::Map<String, Value> {
    let ids = || {
        options
            .iter()
            .map(|option| option.index())
            .collect::<Vec<_>>()
    };
    let Some(problem) = problem else {
        let mut fields = serde_json::Map::new();
        fields.insert("option_ids".into(), json!(ids()));
        return fields;
    };
    let cost = options.iter().try_fold(0u64, |sum, &option| {
        sum.checked_add(problem.option_cost(option))
    });
    let mut fields = solution_fields(problem, cost.unwrap_or(0), options);
    if cost.is_none() {
        // Past 2^64 - 1 (a diagram read from a file can repeat options):
        // no figure rather than a wrong one.
        fields.insert("cost".into(), Value::Null);
    }
    fields
}

/// A solution as text: with the problem, its options' texts in input
/// order, one a line, and a blank line after (as `dlx solve` prints them);
/// without, its options' numbers (from 1, as in the ZDD file) on one line.
fn write_solution(
    out: &mut impl Write,
    solution: &[OptionId],
    problem: Option<&Problem>,
) -> io::Result<()> {
    match problem {
        Some(problem) => {
            for &option in solution {
                writeln!(out, "{}", problem.option_text(option))?;
            }
            writeln!(out)
        }
        None => {
            let numbers: Vec<String> = solution
                .iter()
                .map(|o| (o.index() + 1).to_string())
                .collect();
            writeln!(out, "{}", numbers.join(" "))
        }
    }
}
