//! Building a linked matrix: the sizes of its slices, linking the options
//! into them, and the length keys.

use bumpalo::Bump;

use super::chunks::chunks_of;
use super::{CHOICE_CHUNK, COVERED, Column, Kind, MASKED_OPTION, Matrix, NOT_MASKED, option_masks};
use crate::cancel::CANCEL_CHECK;
use crate::links::{Bounds, Columns, Link, Links, SPACER};
use crate::problem::{ItemKind, Problem};

/// The sizes of a problem's linked matrix.
#[derive(Clone, Copy)]
pub(super) struct Shape {
    /// Primary items, padded to whole chunks.
    pub(super) primary_count: u32,
    /// Padding items added after the problem's primary items.
    pub(super) padding: u32,
    /// All items, padding included.
    pub(super) item_count: u32,
    /// Nodes: the unused node 0, headers, entries and spacers.
    pub(super) node_count: usize,
    /// The problem's options, ignored ones included.
    pub(super) option_count: usize,
}

impl Shape {
    /// The length of the color slice: a code per node for a problem with
    /// colors, none for one without.
    pub(super) fn color_nodes(&self, problem: &Problem) -> usize {
        if problem.has_colors() {
            self.node_count
        } else {
            0
        }
    }

    /// The length of Algorithm M's per-column slices: one per primary
    /// column and the root, for a problem with bounds; none for one without.
    pub(super) fn bound_columns(&self, problem: &Problem) -> usize {
        if Kind::of(problem).is_bounded() {
            self.primary_count as usize + 1
        } else {
            0
        }
    }

    pub(super) fn of(problem: &Problem) -> Shape {
        // Primary columns are padded to whole chunks for `choose_item` with
        // items that are covered from the start; secondary columns follow.
        let primary_count = problem.primary_count().next_multiple_of(CHOICE_CHUNK) as u32;
        let padding = primary_count - problem.primary_count() as u32;
        let item_count = problem.item_count() as u32 + padding;
        let ignored = problem.ignored_options();
        let ignored_entries: usize = ignored.iter().map(|&o| problem.option(o).len()).sum();
        let linked_options = problem.option_count() - ignored.len();
        let node_count = 1
            + item_count as usize
            + (problem.entry_count() - ignored_entries)
            + (linked_options + 1);
        Shape {
            primary_count,
            padding,
            item_count,
            node_count,
            option_count: problem.option_count(),
        }
    }
}

/// The slices of a linked matrix, to be filled by [`fill`].
pub(super) struct Slices<'a> {
    pub(super) links: &'a mut [Link],
    pub(super) items: &'a mut [u32],
    pub(super) bounds: &'a mut [Bounds],
    pub(super) lens: &'a mut [u32],
    pub(super) option_nodes: &'a mut [u32],
    /// Each node's color code (see [`Matrix::colors`]); empty for a problem
    /// without colors.
    pub(super) colors: &'a mut [u32],
    /// Each node's [offset](Matrix::offsets) in its option; empty for a
    /// problem without colors.
    pub(super) offsets: &'a mut [u8],
}

/// Links `problem` into slices of the sizes `shape` gives, zeroed, and
/// returns the unit of the length keys. Options without a primary item are
/// left out.
///
/// `cancel` is asked every [`CANCEL_CHECK`] options; when it says yes, the
/// filling stops and `None` is returned (the slices are then of no use).
pub(super) fn fill(
    problem: &Problem,
    shape: Shape,
    slices: Slices<'_>,
    cancel: &mut dyn FnMut() -> bool,
) -> Option<u32> {
    let Slices {
        links,
        items,
        bounds,
        lens,
        option_nodes,
        colors,
        offsets,
    } = slices;
    let Shape {
        primary_count,
        padding,
        item_count,
        ..
    } = shape;
    let column_of = |item| {
        let column = problem.column_of(item);
        if column > problem.primary_count() as u32 {
            column + padding
        } else {
            column
        }
    };
    for padding in primary_count - padding + 1..=primary_count {
        lens[padding as usize] = COVERED;
    }
    for header in 1..=item_count {
        // A header's option is itself alone: hiding a header (which never
        // happens) would change nothing.
        links[header as usize] = Link {
            up: header,
            down: header,
        };
        items[header as usize] = header;
        bounds[header as usize] = Bounds {
            first: header,
            last: header,
        };
    }

    // Options, each followed by a spacer.
    let mut spacer = item_count as usize + 1;
    items[spacer] = SPACER;
    let mut ignored = problem.ignored_options().iter().peekable();
    for (id, option) in problem.options() {
        if id.index() % CANCEL_CHECK == CANCEL_CHECK - 1 && cancel() {
            return None;
        }
        if ignored.peek() == Some(&&id) {
            ignored.next();
            continue;
        }
        let first = spacer + 1;
        let last = first + option.len() - 1;
        option_nodes[id.index()] = first as u32;
        if let Some(codes) = problem.color_codes(id) {
            colors[first..=last].copy_from_slice(codes);
        }
        if let Some(masks) = colors.get_mut(first - 1) {
            // The spacer before the option holds its masks of unmarked
            // nodes and of primary ones.
            let primary = (0..)
                .zip(option)
                .filter(|&(_, &item)| column_of(item) <= primary_count)
                .fold(0u32, |mask, (k, _)| mask | 1u32.checked_shl(k).unwrap_or(0));
            *masks = option_masks(first as u32, last as u32, primary);
        }
        if option.len() <= MASKED_OPTION as usize
            && let Some(offsets) = offsets.get_mut(first..=last)
        {
            for (offset, slot) in (0..).zip(offsets) {
                *slot = offset;
            }
        }
        for (k, &item) in option.iter().enumerate() {
            let column = column_of(item);
            let node = (first + k) as u32;
            // Append at the bottom of the item's list.
            let header = column as usize;
            let bottom = links[header].up;
            links[node as usize] = Link {
                up: bottom,
                down: header as u32,
            };
            items[node as usize] = column;
            bounds[node as usize] = Bounds {
                first: first as u32,
                last: last as u32,
            };
            links[bottom as usize].down = node;
            links[header].up = node;
            lens[header] += 1;
        }
        spacer = last + 1;
        items[spacer] = SPACER;
        bounds[spacer] = Bounds {
            first: id.index() as u32,
            last: 0,
        };
    }
    debug_assert_eq!(spacer + 1, links.len());
    if !colors.is_empty() && !group_by_color(links, colors, primary_count + 1..=item_count, cancel)
    {
        return None;
    }
    // Algorithm M chooses by bounds and plain lengths, never by these
    // keys: its lengths stay plain (`unit` 1), read without a shift.
    if problem.has_bounds() {
        return Some(1);
    }
    Some(to_keys(lens, primary_count))
}

/// The longest secondary list that [`group_by_color`] orders: its nodes'
/// links take at most 32 KB, an L1 data cache.
const GROUPED_LIST: usize = 4096;

/// Orders the list of each secondary item in `columns` by color, stably;
/// asks `cancel` every [`CANCEL_CHECK`] nodes or so, and returns false if
/// it said to stop.
///
/// Purifying an item walks its list and hides the options of every other
/// color, marking those of its own: one branch per node on the color,
/// which the processor guesses wrong at almost every change of color in a
/// list in input order, and rarely in a list where each color is one run.
/// The order of a secondary item's list changes no count (a purification
/// or covering does the same work on each node, whatever comes before it)
/// and no solution's order (which follows the primary items' lists).
///
/// It costs locality: the walks then visit the list's nodes out of memory
/// order. So a list longer than [`GROUPED_LIST`] is left as it is: on a
/// list of 2,000,000 nodes in 7 interleaved colors, grouped, a count took
/// 1.24 times as long.
fn group_by_color(
    links: &mut [Link],
    colors: &[u32],
    columns: std::ops::RangeInclusive<u32>,
    cancel: &mut dyn FnMut() -> bool,
) -> bool {
    let mut nodes = Vec::new();
    let mut since_cancel_check = 0;
    for header in columns {
        nodes.clear();
        let mut node = links[header as usize].down;
        while node != header {
            nodes.push(node);
            node = links[node as usize].down;
        }
        since_cancel_check += nodes.len();
        if since_cancel_check >= CANCEL_CHECK {
            if cancel() {
                return false;
            }
            since_cancel_check = 0;
        }
        if nodes.len() > GROUPED_LIST || nodes.is_sorted_by_key(|&node| colors[node as usize]) {
            continue;
        }
        nodes.sort_by_key(|&node| colors[node as usize]);
        let mut above = header;
        for &node in &nodes {
            links[above as usize].down = node;
            links[node as usize].up = above;
            above = node;
        }
        links[above as usize].down = header;
        links[header as usize].up = above;
    }
    true
}

/// Fills Algorithm M's slices (empty for other problems): each primary
/// column's bound (the most options that may still hold it) and slack
/// (upper less lower bound), and the active list of the problem's primary
/// columns, column 0 its root, without the padding.
pub(super) fn fill_bounds(problem: &Problem, columns: &mut [Column]) {
    if columns.is_empty() {
        return;
    }
    for item in problem.items() {
        if problem.item_kind(item) == ItemKind::Primary {
            let column = &mut columns[problem.column_of(item) as usize];
            let (lower, upper) = problem.item_bounds(item);
            column.bound = upper;
            column.slack = upper - lower;
        }
    }
    Column::link_in_order(columns, problem.primary_count() as u32);
}

/// The most levels a search of `problem` can go down. For Algorithms X
/// and C, the options of a path cover disjoint sets of primary items, each
/// at least as large as the smallest option's: a Sudoku's 324 items take at
/// most 81 options (the per-level slices of a solver, cleared for each
/// puzzle, are a quarter of one per item). For Algorithm M, an item may
/// take several options and a level may choose none, but every level
/// chooses a different option or retires a primary item.
pub(crate) fn max_depth(problem: &Problem) -> usize {
    if !Kind::of(problem).is_bounded() {
        // Options without a primary item are ignored by the search.
        let narrowest = problem
            .options()
            .map(|(_, items)| {
                items
                    .iter()
                    .filter(|&&item| problem.item_kind(item) == ItemKind::Primary)
                    .count()
            })
            .filter(|&primaries| primaries > 0)
            .min();
        return match narrowest {
            Some(narrowest) => problem.primary_count() / narrowest,
            None => 0,
        };
    }
    let upper: u64 = problem
        .items()
        .filter(|&item| problem.item_kind(item) == ItemKind::Primary)
        .map(|item| u64::from(problem.item_bounds(item).1) + 1)
        .sum();
    let linked = (problem.option_count() - problem.ignored_options().len()) as u64;
    upper.min(linked + problem.primary_count() as u64) as usize
}

/// Turns the item lengths in `lens` (padding items `COVERED`) into keys, as
/// the module doc says, and returns the unit of their lengths.
fn to_keys(lens: &mut [u32], primary_count: u32) -> u32 {
    let longest = lens[1..]
        .iter()
        .filter(|&&len| len < COVERED)
        .max()
        .copied()
        .unwrap_or(0);
    let unit = primary_count.next_power_of_two();
    if (u64::from(longest) + 1) * u64::from(unit) > u64::from(COVERED) {
        return 1;
    }
    for (item, len) in lens.iter_mut().enumerate().skip(1) {
        let column = if item as u32 <= primary_count {
            item as u32 - 1
        } else {
            0
        };
        *len = if *len >= COVERED {
            COVERED + column
        } else {
            *len * unit + column
        };
    }
    unit
}

impl<'b> Matrix<'b> {
    /// Links `problem` in `bump`, in two passes: count the nodes, then fill
    /// exact slices.
    pub(crate) fn build(problem: &Problem, bump: &'b Bump) -> Matrix<'b> {
        let shape = Shape::of(problem);
        let links = bump.alloc_slice_fill_copy(shape.node_count, Link::default());
        let items = bump.alloc_slice_fill_copy(shape.node_count, SPACER);
        let bounds = bump.alloc_slice_fill_copy(shape.node_count, Bounds::default());
        // Entry 0 is unused: items count from 1, like their header nodes.
        let lens = bump.alloc_slice_fill_copy(shape.item_count as usize + 1, 0u32);
        let option_nodes = bump.alloc_slice_fill_copy(shape.option_count, 0u32);
        let colors = bump.alloc_slice_fill_copy(shape.color_nodes(problem), 0u32);
        let offsets = bump.alloc_slice_fill_copy(shape.color_nodes(problem), NOT_MASKED);
        let columns = bump.alloc_slice_fill_copy(shape.bound_columns(problem), Column::default());
        fill_bounds(problem, columns);
        let Some(unit) = fill(
            problem,
            shape,
            Slices {
                links,
                items,
                bounds,
                lens,
                option_nodes,
                colors,
                offsets,
            },
            &mut || false,
        ) else {
            unreachable!("linking that is never cancelled completes")
        };
        let kind = Kind::of(problem);
        let chunks = chunks_of(&lens[1..=shape.primary_count as usize], kind);
        Matrix {
            links: Links::new(links, items, bounds, lens),
            primary_count: shape.primary_count,
            unit,
            unit_shift: unit.trailing_zeros(),
            option_nodes,
            colors,
            offsets,
            kind,
            chunks: bump.alloc_slice_copy(&chunks),
            columns: Columns::new(columns),
            updates: 0,
            cleansings: 0,
        }
    }

    /// Turns the length keys back into plain lengths (`unit` 1), as for a
    /// problem whose keys would not fit: to test that way of choosing.
    #[cfg(test)]
    pub(crate) fn use_plain_lengths(&mut self) {
        let unit = self.unit;
        for item in 1..self.links.lens().len() as u32 {
            let key = *self.links.len_mut(item);
            let covered = if key >= COVERED { COVERED } else { 0 };
            *self.links.len_mut(item) = covered + (key - covered) / unit;
        }
        self.unit = 1;
        self.unit_shift = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Search;

    #[test]
    fn secondary_lists_are_grouped_by_color_and_primary_lists_keep_their_order() {
        // Colors alternate in input order; `y` has an uncolored option.
        let text = "a b c d | x y\n\
                    a x:1 y:2\nb x:2 y\nc x:1 y:1\nd x:2 y:2\na x:1 y\nb x:2\n";
        let problem = crate::format::read_str(text).unwrap().problem;
        let bump = Bump::new();
        let matrix = Matrix::build(&problem, &bump);
        let list = |item: u32| {
            let mut nodes = Vec::new();
            let mut node = matrix.links.link(item).down;
            while node != item {
                nodes.push(node);
                node = matrix.links.link(node).down;
            }
            nodes
        };
        for item in matrix.primary_count + 1..=matrix.item_count() {
            let nodes = list(item);
            let colors: Vec<u32> = nodes.iter().map(|&n| matrix.colors[n as usize]).collect();
            assert!(colors.is_sorted(), "item {item}: colors {colors:?}");
            // Each run keeps the input order, and the up links agree.
            for pair in nodes.windows(2) {
                if colors_of(&matrix, pair[0]) == colors_of(&matrix, pair[1]) {
                    assert!(pair[0] < pair[1]);
                }
                assert_eq!(matrix.links.link(pair[1]).up, pair[0]);
            }
            assert_eq!(
                nodes.len(),
                [6, 5][(item - matrix.primary_count - 1) as usize]
            );
        }
        for item in 1..=problem.primary_count() as u32 {
            assert!(
                list(item).is_sorted(),
                "primary item {item} keeps input order"
            );
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "thousands of options, too slow under Miri; the grouping uses no unsafe code"
    )]
    fn only_lists_that_fit_in_the_l1_cache_are_grouped() {
        for options in [GROUPED_LIST, GROUPED_LIST + 1] {
            let mut text = String::from("a | x\n");
            for k in 0..options {
                text.push_str(if k % 2 == 0 { "a x:r\n" } else { "a x:s\n" });
            }
            let problem = crate::format::read_str(&text).unwrap().problem;
            let bump = Bump::new();
            let matrix = Matrix::build(&problem, &bump);
            let x = matrix.primary_count + 1;
            let mut colors = Vec::new();
            let mut node = matrix.links.link(x).down;
            while node != x {
                colors.push(colors_of(&matrix, node));
                node = matrix.links.link(node).down;
            }
            assert_eq!(colors.len(), options);
            assert_eq!(
                colors.is_sorted(),
                options <= GROUPED_LIST,
                "{options} options"
            );
        }
    }

    fn colors_of(matrix: &Matrix<'_>, node: u32) -> u32 {
        matrix.colors[node as usize]
    }

    #[test]
    fn keys_order_by_length_then_column_or_fall_back_to_plain_lengths() {
        // Items 1..=32 primary (two padding items at the end), 33 secondary.
        let mut lens = vec![0; 34];
        lens[1..=30].copy_from_slice(&[3; 30]);
        lens[5] = 2;
        lens[31] = COVERED;
        lens[32] = COVERED;
        lens[33] = 7;
        let mut keys = lens.clone();
        let unit = to_keys(&mut keys, 32);
        assert_eq!(unit, 32);
        assert_eq!(keys[1], 3 * 32);
        assert_eq!(keys[5], 2 * 32 + 4);
        assert_eq!(keys[30], 3 * 32 + 29);
        assert_eq!(keys[31], COVERED + 30);
        assert_eq!(keys[33], 7 * 32);
        // An item list so long that its key would reach `COVERED`.
        lens[33] = COVERED / 32;
        let mut keys = lens.clone();
        assert_eq!(to_keys(&mut keys, 32), 1);
        assert_eq!(keys, lens);
    }

    #[test]
    fn max_depth_is_reached_by_a_solution_of_the_narrowest_options_and_never_passed() {
        use crate::search::Solver;
        // Five primary items; the narrowest option has two of them, so at
        // most two options fit (five over two). `a b` + `c d` is a path of
        // two; the one-item `e` is secondary-only in `e x`, which the
        // search ignores and the bound must too.
        let text = "a b c d e | x\na b\nc d\nd e\nc e\na b c d e\nx\n";
        let problem = crate::format::read_str(text).unwrap().problem;
        assert_eq!(max_depth(&problem), 2);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let stats = solver.search(|_| std::ops::ControlFlow::Continue(()));
        assert_eq!(stats.max_depth, 2, "the search goes down to the bound");
        // Options only of secondary items, or none at all: no level.
        let none = crate::format::read_str("a | x\nx\n").unwrap().problem;
        assert_eq!(max_depth(&none), 0);
        assert_eq!(Solver::new(&none, &bump).count(), 0);
        // A Sudoku's 324 items, four to an option: 81 levels.
        let sudoku: String = std::iter::once(
            (0..324)
                .map(|i| format!("i{i}"))
                .collect::<Vec<_>>()
                .join(" "),
        )
        .chain((0..81).map(|o| {
            (0..4)
                .map(|k| format!("i{}", o * 4 + k))
                .collect::<Vec<_>>()
                .join(" ")
        }))
        .collect::<Vec<_>>()
        .join("\n");
        let sudoku = crate::format::read_str(&sudoku).unwrap().problem;
        assert_eq!(max_depth(&sudoku), 81);
        assert_eq!(Solver::new(&sudoku, &bump).count(), 1);
    }
}
