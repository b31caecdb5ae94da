//! Writing a problem in Knuth's format, so that it reads back.

use std::io::{self, Write};

use super::is_cost;
use super::names::{Place, check_name};
use super::text::escaped;
use crate::problem::{ColorId, ItemKind, Problem};

/// [`write`](fn@write), after `description` as comment lines (each line of it
/// prefixed with `| `): what a problem generator writes, so that the file
/// says what it holds.
///
/// ```
/// let problem = dancing::format::read_str("a b\na b\n")?.problem;
/// let mut text = Vec::new();
/// dancing::format::write_described(&problem, "one option\ncovers both", &mut text)?;
/// assert_eq!(String::from_utf8(text)?, "| one option\n| covers both\na b\na b\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_described<W: Write>(
    problem: &Problem,
    description: &str,
    mut out: W,
) -> io::Result<()> {
    for line in description.lines() {
        writeln!(out, "| {line}")?;
    }
    write(problem, out)
}

/// Writes `problem` in Knuth's format, so that [`read`](super::read) gives it back:
/// bounds as `u:v|X` (`v|X` when `u == v`), colors as `X:a`.
///
/// Items without a name are written as `#` and their index (`#17`); an error
/// is returned if that would clash with a named item, or if an item or color
/// name is one that [`read`](super::read) refuses (too long, or holding a control
/// character). Colors without a name are written as `#` and their index too.
pub fn write<W: Write>(problem: &Problem, mut out: W) -> io::Result<()> {
    let names: Vec<std::borrow::Cow<'_, str>> = problem
        .items()
        .map(|item| problem.item_text(item))
        .collect();
    for item in problem.items() {
        if let Some(name) = problem.item_name(item)
            && let Err((_, kind)) = check_name(name, 1, Place::Item)
        {
            return Err(unwritable(format!(
                "item {} cannot be written so that it reads back: {kind}",
                item.index()
            )));
        }
        if let Some(name) = problem.item_name(item)
            && is_cost(name)
        {
            return Err(unwritable(format!(
                "item {} cannot be written so that it reads back: `{}` reads as a cost",
                item.index(),
                escaped(name)
            )));
        }
        if problem.item_name(item).is_none() && problem.item_by_name(&names[item.index()]).is_some()
        {
            return Err(unwritable(format!(
                "unnamed item {} would clash with the item named {}",
                item.index(),
                names[item.index()]
            )));
        }
    }
    let colors: Vec<std::borrow::Cow<'_, str>> = (0..problem.color_count())
        .map(|color| problem.color_text(ColorId::new(color)))
        .collect();
    for (index, name) in colors.iter().enumerate() {
        if let Err((_, kind)) = check_name(name, 1, Place::Color) {
            return Err(unwritable(format!(
                "color {index} cannot be written so that it reads back: {kind}"
            )));
        }
    }
    let mut first = true;
    for kind in [ItemKind::Primary, ItemKind::Secondary] {
        let mut of_kind = problem
            .items()
            .filter(|&item| problem.item_kind(item) == kind)
            .peekable();
        if kind == ItemKind::Secondary && of_kind.peek().is_some() {
            out.write_all(b" |")?;
        }
        for item in of_kind {
            if !first {
                out.write_all(b" ")?;
            }
            first = false;
            match problem.item_bounds(item) {
                _ if kind == ItemKind::Secondary => {}
                (1, 1) => {}
                (lower, upper) if lower == upper => write!(out, "{upper}|")?,
                (lower, upper) => write!(out, "{lower}:{upper}|")?,
            }
            out.write_all(names[item.index()].as_bytes())?;
        }
    }
    out.write_all(b"\n")?;
    for (id, option) in problem.options() {
        for (k, (item, color)) in option.iter().zip(problem.option_colors(id)).enumerate() {
            if k > 0 {
                out.write_all(b" ")?;
            }
            out.write_all(names[item.index()].as_bytes())?;
            if let Some(color) = color {
                out.write_all(b":")?;
                out.write_all(colors[color.index()].as_bytes())?;
            }
        }
        let cost = problem.option_cost(id);
        if cost > 0 {
            write!(out, " |{cost}")?;
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}

fn unwritable(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}
