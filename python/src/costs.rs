//! Option costs (Knuth's DLX5, `|n` on an option line): the `costs=` of
//! `Problem(...)`, and `option_cost(i)` / `costs()` to read them back,
//! with the option index as Python gives it (which `option(i)` shares).

use dancing::expert::MAX_OPTION_COST;
use dancing::{OptionId, ProblemBuilder};
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::args;

/// Sets the costs of `costs`, one whole number per option of `builder`
/// (which has `options` options), in their order.
pub fn set_costs(
    builder: &mut ProblemBuilder,
    costs: &Bound<'_, PyAny>,
    options: usize,
) -> PyResult<()> {
    // A str iterates over its characters, a dict over its keys: neither
    // is a cost per option.
    let refused = costs.is_instance_of::<PyString>()
        || costs.is_instance_of::<PyBytes>()
        || costs.is_instance_of::<PyDict>();
    let values = match costs.try_iter() {
        Ok(values) if !refused => values,
        _ => {
            return Err(PyTypeError::new_err(format!(
                "costs must be a list of ints, one per option, not {}",
                costs.get_type().name()?
            )));
        }
    };
    let per_option = |given: &str| {
        PyValueError::new_err(format!(
            "costs has {given} entries but there {} {options} option{}: give one cost per option",
            if options == 1 { "is" } else { "are" },
            if options == 1 { "" } else { "s" },
        ))
    };
    let mut given = 0;
    for (index, value) in values.enumerate() {
        let value = value?;
        if index >= options {
            return Err(per_option("more"));
        }
        let cost = args::whole_up_to(&format!("costs[{index}]"), &value, MAX_OPTION_COST)?;
        builder
            .set_option_cost(OptionId::new(index), cost)
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        given = index + 1;
    }
    if given != options {
        return Err(per_option(&given.to_string()));
    }
    Ok(())
}

/// Option `index` of `problem` as Python indexes a list (negative from the
/// end); IndexError past either end.
pub fn option_at(problem: &dancing::Problem, index: &Bound<'_, PyAny>) -> PyResult<OptionId> {
    let count = problem.option_count();
    let out_of_range = || {
        PyIndexError::new_err(format!(
            "option {index} out of range: the problem has {count} options"
        ))
    };
    let index = match index.extract::<isize>() {
        Ok(index) => index,
        // Past any index, as for a list.
        Err(error) if error.is_instance_of::<PyOverflowError>(index.py()) => {
            return Err(out_of_range());
        }
        Err(error) => return Err(error),
    };
    let resolved = if index < 0 {
        count.checked_sub(index.unsigned_abs())
    } else {
        Some(index.unsigned_abs())
    };
    match resolved {
        Some(k) if k < count => Ok(OptionId::new(k)),
        _ => Err(out_of_range()),
    }
}

/// Every option's cost, in order (0 for an option without one).
pub fn costs(problem: &dancing::Problem) -> Vec<u64> {
    (0..problem.option_count())
        .map(|k| problem.option_cost(OptionId::new(k)))
        .collect()
}
