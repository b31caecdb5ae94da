//! The merge of task results run with costs (`dlx solve --tasks --best
//! K`): each task kept its K cheapest solutions, so the K cheapest of all
//! of them are the problem's (the tasks and the frontiers of the stopped
//! ones hold every solution once, and a stopped task leaves out only the
//! subtrees that cannot beat its own K-th best).

use std::io::{self, BufWriter, Write};

use dancing_tasks::results::ResultOutcome;
use serde_json::{Value, json};

use super::total::write_solution;
use crate::status::{Status, diag};
use dancing_tasks::merge::Placed;

/// The K cheapest solutions of the results, cheapest first (ties in the
/// order of the search: by the paths of their tasks).
pub struct BestTotal {
    k: u64,
    best: Vec<(u64, Value)>,
}

impl BestTotal {
    /// The K best of `accepted`, if its results were run with `--best`;
    /// an error if some were and some were not, or with different K.
    pub fn of(accepted: &[Placed]) -> Result<Option<BestTotal>, String> {
        let mut ran: Vec<&Placed> = accepted
            .iter()
            .filter(|placed| matches!(placed.result.outcome, ResultOutcome::Ran { .. }))
            .collect();
        ran.sort_by(|a, b| a.result.task.node.prefix.cmp(&b.result.task.node.prefix));
        let mut k = None;
        let mut best = Vec::new();
        for placed in &ran {
            let ResultOutcome::Ran {
                found,
                best: costed,
                ..
            } = &placed.result.outcome
            else {
                continue;
            };
            let this = costed.as_ref().map(|costed| costed.k);
            match (k, this) {
                (None, _) => k = Some(this),
                (Some(first), this) if first != this => {
                    let words = |k: Option<u64>| {
                        k.map_or_else(
                            || "without --best".to_owned(),
                            |k| format!("with --best {k}"),
                        )
                    };
                    return Err(format!(
                        "dlx merge: {}: task {} was run {}, others {}: rerun the tasks one way",
                        placed.place,
                        placed.result.task.id,
                        words(this),
                        words(first)
                    ));
                }
                _ => {}
            }
            if let (Some(costed), Some(found)) = (costed, found) {
                best.extend(costed.costs.iter().copied().zip(found.iter().cloned()));
            }
        }
        let Some(Some(k)) = k else {
            return Ok(None);
        };
        // Stable: equal costs stay in the order of the search.
        best.sort_by_key(|&(cost, _)| cost);
        best.truncate(k as usize);
        Ok(Some(BestTotal { k, best }))
    }

    /// The K best as JSON: `[{"cost", "options"}]`.
    pub fn to_json(&self) -> Value {
        self.best
            .iter()
            .map(|(cost, options)| json!({"cost": cost, "options": options}))
            .collect()
    }

    /// The K best on standard output, as `dlx solve --best` ends (`best
    /// N: cost C`, then the options' entries), and the optimum on standard
    /// error.
    pub fn write(&self, tasks: usize) -> io::Result<Status> {
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        let costs: Vec<String> = self.best.iter().map(|(cost, _)| cost.to_string()).collect();
        writeln!(
            out,
            "the {} best cost{} (of {} asked): {}",
            self.best.len(),
            if self.best.len() == 1 { "" } else { "s" },
            self.k,
            costs.join(", ")
        )?;
        for (place, (cost, options)) in self.best.iter().enumerate() {
            writeln!(out, "best {}: cost {cost}", place + 1)?;
            write_solution(&mut out, options)?;
            writeln!(out)?;
        }
        out.flush()?;
        match self.best.first() {
            Some((cost, _)) => {
                diag!("dlx merge: optimum cost {cost}, from {tasks} tasks");
                Ok(Status::Success)
            }
            None => {
                diag!("dlx merge: no solution, from {tasks} tasks");
                Ok(Status::NotFound)
            }
        }
    }
}
