//! A problem's items, colors and options in words, as Knuth's format
//! writes them: the one rule that every front end prints by. An item or a
//! color without a name is `#` and its index; a colored entry is `X:a`; an
//! option is its entries separated by spaces, then ` |n` when it has a
//! cost (DLX5).

use std::borrow::Cow;
use std::fmt;

use super::{ColorId, ItemId, OptionId, Problem};

/// One entry of an option as Knuth's format writes it (`X`, or `X:a` with
/// its color), written without allocating: see
/// [`Problem::option_entry_texts`].
#[derive(Clone, Copy, Debug)]
pub struct EntryText<'p> {
    problem: &'p Problem,
    item: ItemId,
    color: Option<ColorId>,
}

impl fmt::Display for EntryText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problem.item_text(self.item))?;
        if let Some(color) = self.color {
            write!(f, ":{}", self.problem.color_text(color))?;
        }
        Ok(())
    }
}

impl Problem {
    /// The name of `item`, or `#` and its index for an item without one
    /// (`#17`), as Knuth's format writes it.
    ///
    /// # Panics
    /// If `item` is not an item of this problem.
    pub fn item_text(&self, item: ItemId) -> Cow<'_, str> {
        assert!(item.index() < self.item_count(), "no such item");
        match self.item_name(item) {
            Some(name) => Cow::Borrowed(name),
            None => Cow::Owned(format!("#{}", item.index())),
        }
    }

    /// The name of `color`, or `#` and its index for a color without one.
    ///
    /// # Panics
    /// If `color` is not a color of this problem.
    pub fn color_text(&self, color: ColorId) -> Cow<'_, str> {
        assert!(color.index() < self.color_count(), "no such color");
        match self.color_name(color) {
            Some(name) => Cow::Borrowed(name),
            None => Cow::Owned(format!("#{}", color.index())),
        }
    }

    /// The entry of `item` (with `color`, if any) as Knuth's format
    /// writes it: `X`, `X:a`.
    pub fn entry_text(&self, item: ItemId, color: Option<ColorId>) -> EntryText<'_> {
        EntryText {
            problem: self,
            item,
            color,
        }
    }

    /// The entries of `option` as Knuth's format writes them, in the order
    /// they were given, each displayed as its [`entry_text`](Self::entry_text).
    ///
    /// ```
    /// let problem = dancing::format::read_str("a b | c\na c:red |4\n")?.problem;
    /// let option = dancing::OptionId::new(0);
    /// let entries: Vec<String> = problem.option_entry_texts(option).map(|e| e.to_string()).collect();
    /// assert_eq!(entries, ["a", "c:red"]);
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    ///
    /// # Panics
    /// If `option` is not an option of this problem.
    pub fn option_entry_texts(
        &self,
        option: OptionId,
    ) -> impl ExactSizeIterator<Item = EntryText<'_>> + '_ {
        self.option(option)
            .iter()
            .zip(self.option_colors(option))
            .map(|(&item, color)| self.entry_text(item, color))
    }

    /// The entries of `option` as Knuth's format writes them (see
    /// [`option_entry_texts`](Self::option_entry_texts)), as strings.
    ///
    /// # Panics
    /// If `option` is not an option of this problem.
    pub fn option_entries(&self, option: OptionId) -> Vec<String> {
        self.option_entry_texts(option)
            .map(|entry| entry.to_string())
            .collect()
    }

    /// `option` as a line of Knuth's format: its
    /// [entries](Self::option_entries) separated by spaces, then `|` and
    /// its cost when it has one (DLX5).
    ///
    /// ```
    /// let problem = dancing::format::read_str("a b | c\na c:red |4\nb\n")?.problem;
    /// assert_eq!(problem.option_text(dancing::OptionId::new(0)), "a c:red |4");
    /// assert_eq!(problem.option_text(dancing::OptionId::new(1)), "b");
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    ///
    /// # Panics
    /// If `option` is not an option of this problem.
    pub fn option_text(&self, option: OptionId) -> String {
        let mut text = self.option_entries(option).join(" ");
        let cost = self.option_cost(option);
        if cost > 0 {
            text.push_str(&format!(" |{cost}"));
        }
        text
    }
}

/// A count with its noun, for messages: `1 option`, `5 options`.
pub(crate) fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use crate::problem::builder::ProblemBuilder;
    use crate::problem::{ItemId, OptionId};

    /// Unnamed items (and a named one beside them) and costs read as the
    /// format writes them; the text reads back as the same option.
    #[test]
    fn unnamed_items_are_their_index_and_costs_follow_a_bar() {
        let mut builder = ProblemBuilder::new();
        let first = builder.primary_items(2).unwrap();
        let named = builder.primary_item("c").unwrap();
        let both = builder.option([first, ItemId::new(1)]).unwrap();
        builder.set_option_cost(both, 7).unwrap();
        builder.option([named]).unwrap();
        let problem = builder.build().unwrap();
        assert_eq!(problem.item_text(first), "#0");
        assert_eq!(problem.item_text(named), "c");
        assert_eq!(problem.option_entries(both), ["#0", "#1"]);
        assert_eq!(problem.option_text(both), "#0 #1 |7");
        assert_eq!(problem.option_text(OptionId::new(1)), "c");
        let mut written = Vec::new();
        crate::format::write(&problem, &mut written).unwrap();
        let written = String::from_utf8(written).unwrap();
        assert_eq!(written, "#0 #1 c\n#0 #1 |7\nc\n");
    }
}
