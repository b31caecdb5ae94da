//! `Problem.verify`: a claimed solution checked by the engine's one
//! independent checker ([`dancing::check`], the one `dlx verify` uses),
//! its fault raised as a `dancing.VerifyError` in the problem's words.

use dancing::OptionId;
use dancing::check::Checker;
use pyo3::create_exception;
use pyo3::prelude::*;

use crate::args;
use crate::errors::{DancingError, Location, located};

create_exception!(
    dancing,
    VerifyError,
    DancingError,
    "A claimed solution that is not one (Problem.verify): `option` is the \
     index of the option at fault and `item` the name of the item, where \
     the fault is an option's or an item's."
);

/// The largest option index a claim may name: option ids are 32-bit.
const MAX_OPTION_INDEX: u64 = u32::MAX as u64 - 1;

/// The cost of `solution` (option indices) as a solution of `problem`, or
/// a [`VerifyError`] naming its first fault; `cost`, or else the `cost`
/// attribute of `solution` (a `CostedSolution`), is checked too.
pub fn verify(
    py: Python<'_>,
    problem: &dancing::Problem,
    solution: &Bound<'_, PyAny>,
    cost: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let claimed_cost = match cost {
        Some(cost) => Some(args::whole("cost", cost)?),
        None => match solution.getattr_opt("cost")? {
            Some(cost) => Some(args::whole("solution.cost", &cost)?),
            None => None,
        },
    };
    let mut claimed = Vec::new();
    for (at, option) in solution.try_iter()?.enumerate() {
        let index = args::whole_up_to(&format!("solution[{at}]"), &option?, MAX_OPTION_INDEX)?;
        claimed.push(OptionId::new(index as usize));
    }
    let mut checker = Checker::new(problem);
    let verdict = claimed
        .iter()
        .try_for_each(|&option| checker.add(option))
        .and_then(|()| checker.finish(claimed_cost));
    verdict.map_err(|fault| {
        let option = fault.at().and_then(|at| claimed.get(at)).map(|o| o.index());
        let item = fault
            .item()
            .map(|item| problem.item_text(item).into_owned());
        located::<VerifyError>(
            py,
            fault.named(problem, &claimed),
            Location {
                item,
                option,
                line: None,
                column: None,
            },
        )
    })
}
