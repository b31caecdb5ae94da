//! The merge of task results run with costs (`dlx solve --tasks --best
//! K`), printed: the K cheapest of all the tasks' are the problem's (see
//! [`dancing_tasks::found::BestTotal`], which merges them).

use std::io::{self, BufWriter, Write};

use dancing_tasks::found::BestTotal as Merged;
use serde_json::{Value, json};

use super::total::write_solution;
use crate::status::{Status, diag};
use dancing_tasks::merge::Placed;

/// The K cheapest solutions of the results, cheapest first (ties in the
/// order of the search: by the paths of their tasks), as
/// [`dancing_tasks::found::BestTotal`] merges them.
pub struct BestTotal(Merged);

impl BestTotal {
    /// The K best of `accepted`, if its results were run with `--best`;
    /// an error if some were and some were not, or with different K.
    pub fn of(accepted: &[Placed]) -> Result<Option<BestTotal>, String> {
        match Merged::of(accepted) {
            Ok(best) => Ok(best.map(BestTotal)),
            Err(clash) => {
                let words = |k: Option<u64>| {
                    k.map_or_else(
                        || "without --best".to_owned(),
                        |k| format!("with --best {k}"),
                    )
                };
                Err(format!(
                    "dlx merge: {}: task {} was run {}, others {}: rerun the tasks one way",
                    clash.place,
                    clash.id,
                    words(clash.this),
                    words(clash.first)
                ))
            }
        }
    }

    /// The K best as JSON: `[{"cost", "options"}]`.
    pub fn to_json(&self) -> Value {
        self.0
            .best
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
        let costs: Vec<String> = self
            .0
            .best
            .iter()
            .map(|(cost, _)| cost.to_string())
            .collect();
        writeln!(
            out,
            "the {} best cost{} (of {} asked): {}",
            self.0.best.len(),
            if self.0.best.len() == 1 { "" } else { "s" },
            self.0.k,
            costs.join(", ")
        )?;
        for (place, (cost, options)) in self.0.best.iter().enumerate() {
            writeln!(out, "best {}: cost {cost}", place + 1)?;
            write_solution(&mut out, options)?;
            writeln!(out)?;
        }
        out.flush()?;
        match self.0.best.first() {
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
