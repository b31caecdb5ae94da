//! The solutions that task results hold (`found`), from the run of a task
//! to the merge: how a task is run for its solutions or its K cheapest
//! ([`run`]), how a solution is written in a result line ([`entries`])
//! and read back as the problem's options ([`OptionIndex`]), and the
//! merged listing ([`listed`]) and K best ([`BestTotal`]) of the results
//! a [`Ledger`](crate::merge::Ledger) accepted. `dlx solve --tasks`, `dlx
//! merge` and the Python package all go through here.
//!
//! ```
//! use dancing::task::NodePath;
//! use dancing::{format, Engine, Request};
//! use dancing_tasks::found::{self, Ask, OptionIndex};
//! use dancing_tasks::results::ResultOutcome;
//! use dancing_tasks::Task;
//!
//! let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
//! let engine = Engine::new(problem);
//! let task = Task::numbered([NodePath::root()]).next().unwrap();
//! let ResultOutcome::Ran { found: Some(found), .. } =
//!     found::run(&engine, &task, Ask::Solutions, &Request::new())
//! else {
//!     panic!("a listing holds its solutions")
//! };
//! assert_eq!(found.len(), 3);
//! let index = OptionIndex::new(engine.problem());
//! let first: Vec<usize> = index.options(&found[0])?.iter().map(|o| o.index()).collect();
//! assert_eq!(first, [0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::time::Instant;

use dancing::{Engine, OptionId, Problem, Request};
use serde_json::Value;

use crate::Task;
use crate::merge::{Place, Placed};
use crate::results::{BestFound, ResultOutcome};

/// What a task's run is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The number of solutions (`dlx solve --tasks --count`).
    Count,
    /// The solutions, in the order of the search (`dlx solve --tasks`).
    Solutions,
    /// The K cheapest solutions with their costs (`--tasks --best K`).
    Best(usize),
}

/// Runs `task` on `engine` within `request` for what `ask` asks, as its
/// result line says it: a budget that stops it keeps what it found in the
/// part searched and leaves the rest as its frontier (for `Best`, the
/// subtrees that may still beat its K-th best). Listing and counting run
/// on the engine's threads, the K best on one (its threads would share a
/// cutoff, not a subtree). A path that is not the search's fails.
pub fn run(engine: &Engine, task: &Task, ask: Ask, request: &Request) -> ResultOutcome {
    let started = Instant::now();
    let failed =
        |error: &dyn std::fmt::Display| ResultOutcome::Failed(format!("task {}: {error}", task.id));
    let problem = engine.problem();
    if let Ask::Best(k) = ask {
        let outcome = match engine.best_task(&task.node, k, request) {
            Ok(outcome) => outcome,
            Err(error) => return failed(&error),
        };
        let mut stats = outcome.stats;
        stats.solutions = outcome.best.len() as u64;
        return ResultOutcome::Ran {
            stop: stats.stop.as_str().to_owned(),
            stats,
            seconds: started.elapsed().as_secs_f64(),
            frontier: task.frontier(outcome.frontier),
            found: Some(
                outcome
                    .best
                    .iter()
                    .map(|solution| entries(problem, &solution.options))
                    .collect(),
            ),
            best: Some(BestFound {
                k: k as u64,
                costs: outcome.best.iter().map(|solution| solution.cost).collect(),
            }),
        };
    }
    let collect = ask == Ask::Solutions;
    let threaded = match engine.run_task(&task.node, collect, request) {
        Ok(threaded) => threaded,
        Err(error) => return failed(&error),
    };
    let stats = threaded.outcome.stats;
    ResultOutcome::Ran {
        stop: stats.stop.as_str().to_owned(),
        stats,
        seconds: started.elapsed().as_secs_f64(),
        frontier: task.frontier(threaded.outcome.frontier),
        found: collect.then(|| {
            threaded
                .solutions
                .iter()
                .map(|options| entries(problem, options))
                .collect()
        }),
        best: None,
    }
}

/// A solution as a result line holds it: a list of options, each the
/// list of its entries as the input wrote them (`"X"`, `"X:a"`).
pub fn entries(problem: &Problem, options: &[OptionId]) -> Value {
    options
        .iter()
        .map(|&option| Value::from(problem.option_entries(option)))
        .collect()
}

/// The options of a problem by their entries, to read the solutions of a
/// result line back as options. Options with the same entries (a problem
/// may repeat one, with another cost) are chained, so that a solution that
/// holds several of them gets each once, the first first: a line names an
/// option by its entries only, so which of two equal ones a solution chose
/// is not in it.
pub struct OptionIndex {
    by_entries: HashMap<Vec<String>, Vec<OptionId>>,
}

impl OptionIndex {
    /// The index of `problem`'s options.
    pub fn new(problem: &Problem) -> OptionIndex {
        let mut by_entries: HashMap<Vec<String>, Vec<OptionId>> = HashMap::new();
        for (option, _) in problem.options() {
            by_entries
                .entry(problem.option_entries(option))
                .or_default()
                .push(option);
        }
        OptionIndex { by_entries }
    }

    /// The options of `solution` (as [`entries`] writes it), in its order.
    ///
    /// # Errors
    /// If it is not a list of lists of entries, or names an option the
    /// problem has not (more often than it has it).
    pub fn options(&self, solution: &Value) -> Result<Vec<OptionId>, String> {
        let options = solution
            .as_array()
            .ok_or("a solution is not a list of options")?;
        let mut taken: HashMap<&[String], usize> = HashMap::new();
        options
            .iter()
            .map(|option| {
                let names: Option<Vec<String>> = option.as_array().and_then(|names| {
                    names
                        .iter()
                        .map(|n| n.as_str().map(str::to_owned))
                        .collect()
                });
                let names = names.ok_or("an option is not a list of entries")?;
                let (key, ids) = self.by_entries.get_key_value(&names).ok_or_else(|| {
                    format!("`{}` is not an option of the problem", names.join(" "))
                })?;
                let used = taken.entry(key.as_slice()).or_default();
                let id = ids.get(*used).copied().ok_or_else(|| {
                    format!(
                        "`{}` is held more often than the problem has it",
                        names.join(" ")
                    )
                })?;
                *used += 1;
                Ok(id)
            })
            .collect()
    }
}

/// A result that holds no solutions where a listing needs them.
#[derive(Debug)]
pub struct Unlisted {
    /// Where its line was read.
    pub place: Place,
    /// Its task's id.
    pub id: String,
}

/// The results that ran, in the order of the search: by the paths of
/// their tasks (a task before the tasks its frontier left, siblings by
/// option index).
fn in_search_order(accepted: &[Placed]) -> Vec<&Placed> {
    let mut ran: Vec<&Placed> = accepted
        .iter()
        .filter(|placed| matches!(placed.result.outcome, ResultOutcome::Ran { .. }))
        .collect();
    ran.sort_by(|a, b| a.result.task.node.prefix.cmp(&b.result.task.node.prefix));
    ran
}

/// The solutions `accepted` hold, in the order of the search (`dlx merge
/// --solutions`): a stopped task's before its frontier's, as one thread
/// finds them.
///
/// # Errors
/// The first result (in that order) that holds no solutions: a count.
pub fn listed(accepted: &[Placed]) -> Result<Vec<&Value>, Unlisted> {
    let mut solutions = Vec::new();
    for placed in in_search_order(accepted) {
        let ResultOutcome::Ran { found, .. } = &placed.result.outcome else {
            continue;
        };
        let Some(found) = found else {
            return Err(Unlisted {
                place: placed.place.clone(),
                id: placed.result.task.id.clone(),
            });
        };
        solutions.extend(found);
    }
    Ok(solutions)
}

/// Results run for the K best and otherwise (or with another K): their
/// K best do not merge.
#[derive(Debug)]
pub struct BestClash {
    /// Where the line that differs from the first was read.
    pub place: Place,
    /// Its task's id.
    pub id: String,
    /// Its K (`None`: not run for the K best).
    pub this: Option<u64>,
    /// The K of the first result (in the order of the search).
    pub first: Option<u64>,
}

/// The K cheapest solutions of results run with costs (`dlx solve --tasks
/// --best K`), cheapest first, ties in the order of the search (by the
/// paths of their tasks). Each task kept its K cheapest, so the K
/// cheapest of all of them are the problem's: the tasks and the frontiers
/// of the stopped ones hold every solution once, and a stopped task leaves
/// out only the subtrees that cannot beat its own K-th best.
#[derive(Clone, Debug, PartialEq)]
pub struct BestTotal {
    /// How many were asked for.
    pub k: u64,
    /// The cost and the solution (as [`entries`] writes it) of each.
    pub best: Vec<(u64, Value)>,
}

impl BestTotal {
    /// The K best of `accepted`, if its results were run for them.
    ///
    /// # Errors
    /// If some were and some were not, or with different K.
    pub fn of(accepted: &[Placed]) -> Result<Option<BestTotal>, BestClash> {
        let mut k = None;
        let mut best = Vec::new();
        for placed in in_search_order(accepted) {
            let ResultOutcome::Ran {
                found,
                best: costed,
                ..
            } = &placed.result.outcome
            else {
                continue;
            };
            let this = costed.as_ref().map(|costed| costed.k);
            match k {
                None => k = Some(this),
                Some(first) if first != this => {
                    return Err(BestClash {
                        place: placed.place.clone(),
                        id: placed.result.task.id.clone(),
                        this,
                        first,
                    });
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
        best.truncate(usize::try_from(k).unwrap_or(usize::MAX));
        Ok(Some(BestTotal { k, best }))
    }
}

#[cfg(test)]
mod tests {
    use dancing::task::NodePath;
    use dancing::{Config, format};

    use super::*;
    use crate::TaskResult;
    use crate::{Digest, SplitId};

    const COSTED: &str = "a b c\na |4\nb |1\nc |2\na b |3\nb c |2\na c |9\na b c |7\n";

    /// Every solution of `problem` by brute force over subsets of options,
    /// with its cost.
    fn brute_force(problem: &Problem, costs: &[u64]) -> Vec<(u64, Vec<usize>)> {
        let n = problem.option_count();
        let mut all = Vec::new();
        for mask in 0u32..1 << n {
            let chosen: Vec<usize> = (0..n).filter(|k| mask >> k & 1 == 1).collect();
            let mut held = vec![0; problem.item_count()];
            for &k in &chosen {
                for item in problem.option(OptionId::new(k)) {
                    held[item.index()] += 1;
                }
            }
            if held.iter().all(|&h| h == 1) {
                all.push((chosen.iter().map(|&k| costs[k]).sum(), chosen));
            }
        }
        all
    }

    /// The results of the root task run by `ask` with a node limit of
    /// `nodes`, rerun on every frontier until none is left, as a ledger
    /// accepts them.
    fn run_all(problem: &str, ask: Ask, nodes: u64) -> Vec<Placed> {
        let problem = format::read_str(problem).unwrap().problem;
        let engine = Engine::builder()
            .config(Config::new().threads(1))
            .build(problem);
        let digest = Digest::of(engine.problem()).unwrap();
        let split: SplitId = "000102030405060708090a0b0c0d0e0f/1".parse().unwrap();
        let mut queue: Vec<Task> = Task::numbered([NodePath::root()]).collect();
        let mut placed = Vec::new();
        while let Some(task) = queue.pop() {
            let outcome = run(&engine, &task, ask, &Request::new().max_nodes(nodes));
            if let ResultOutcome::Ran { frontier, .. } = &outcome {
                queue.extend(frontier.iter().cloned());
            }
            placed.push(Placed {
                place: format!("r:{}", task.id),
                result: TaskResult {
                    task,
                    split,
                    digest,
                    outcome,
                },
            });
        }
        placed
    }

    #[test]
    fn a_listing_in_stopped_pieces_holds_every_solution_once_in_order() {
        let problem = format::read_str(COSTED).unwrap().problem;
        let index = OptionIndex::new(&problem);
        let expected: Vec<Vec<usize>> = brute_force(&problem, &[0; 7])
            .into_iter()
            .map(|(_, s)| s)
            .collect();
        let whole = run_all(COSTED, Ask::Solutions, u64::MAX);
        let in_order = |placed: &[Placed]| -> Vec<Vec<usize>> {
            listed(placed)
                .unwrap()
                .into_iter()
                .map(|s| {
                    index
                        .options(s)
                        .unwrap()
                        .iter()
                        .map(|o| o.index())
                        .collect()
                })
                .collect()
        };
        let order = in_order(&whole);
        for nodes in [1, 2, 3, 5] {
            let pieces = run_all(COSTED, Ask::Solutions, nodes);
            assert!(pieces.len() > 1, "a limit of {nodes} nodes stops the root");
            assert_eq!(in_order(&pieces), order, "{nodes} nodes a task");
        }
        let mut sorted: Vec<Vec<usize>> = order
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.sort();
                s
            })
            .collect();
        sorted.sort();
        let mut expected = expected;
        expected.sort();
        assert_eq!(sorted, expected);
        // A count among them is refused, naming it.
        let mut mixed = run_all(COSTED, Ask::Count, u64::MAX);
        mixed[0].place = "counted".into();
        assert_eq!(listed(&mixed).unwrap_err().place, "counted");
    }

    #[test]
    fn the_k_best_in_stopped_pieces_are_the_brute_force_cheapest() {
        let problem = format::read_str(COSTED).unwrap().problem;
        let costs: Vec<u64> = problem
            .options()
            .map(|(o, _)| problem.option_cost(o))
            .collect();
        let mut all: Vec<u64> = brute_force(&problem, &costs).iter().map(|s| s.0).collect();
        all.sort();
        for k in [1, 2, 3, 10] {
            for nodes in [1, 2, 4, u64::MAX] {
                let placed = run_all(COSTED, Ask::Best(k), nodes);
                let total = BestTotal::of(&placed).unwrap().unwrap();
                let got: Vec<u64> = total.best.iter().map(|b| b.0).collect();
                assert_eq!(got, all[..k.min(all.len())], "k {k}, {nodes} nodes");
            }
        }
        let mut mixed = run_all(COSTED, Ask::Best(2), u64::MAX);
        mixed.extend(run_all(COSTED, Ask::Best(3), 1).into_iter().skip(1));
        let clash = BestTotal::of(&mixed).unwrap_err();
        assert_eq!((clash.first, clash.this), (Some(2), Some(3)));
        assert!(
            BestTotal::of(&run_all(COSTED, Ask::Solutions, 2))
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn repeated_options_are_read_back_each_once() {
        let problem = format::read_str("a b\na\na\nb\n").unwrap().problem;
        let index = OptionIndex::new(&problem);
        let ids = |value: Value| {
            index
                .options(&value)
                .map(|options| options.iter().map(|o| o.index()).collect::<Vec<_>>())
        };
        assert_eq!(ids(serde_json::json!([["b"], ["a"]])), Ok(vec![2, 0]));
        assert!(ids(serde_json::json!([["c"]])).unwrap_err().contains("`c`"));
        assert!(
            ids(serde_json::json!([["b"], ["b"]]))
                .unwrap_err()
                .contains("more often")
        );
        assert!(ids(serde_json::json!(["b"])).is_err());
    }
}
