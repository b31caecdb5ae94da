//! Templates: a problem linked once, copied for each search.

use bumpalo::Bump;

use super::chunks::chunks_of;
use super::layout::{Shape, Slices, fill, fill_bounds, max_depth};
use super::{COVERED, Chunk, Column, Kind, Matrix, NOT_MASKED, SelectError};
use crate::links::{Bounds, Columns, Link, SPACER, ValidSlices, copy_in_chunks};
use crate::problem::{OptionId, Problem};
use crate::stop::Stop;

/// A problem linked once, to be copied into an arena for each search
/// instead of being linked again: see [`Solver::from_template`].
///
/// The copy takes the links and item lengths, which a search rewrites; the
/// read-only part of the nodes stays in the template and is shared, so
/// solvers on many threads can start from one template.
///
/// [`Solver::from_template`]: crate::expert::Solver::from_template
#[derive(Clone, Debug)]
pub struct Template {
    slices: ValidSlices,
    option_nodes: Vec<u32>,
    /// The nodes' color codes, which a search rewrites (empty without
    /// colors).
    colors: Vec<u32>,
    /// The nodes' offsets in their options, which it only reads (empty
    /// without colors).
    offsets: Vec<u8>,
    /// Algorithm M's bounds, slacks and active list (empty without bounds).
    columns: Vec<Column>,
    chunks: Vec<Chunk>,
    kind: Kind,
    primary_count: u32,
    unit: u32,
    max_depth: usize,
}

impl Template {
    /// Links `problem`, for any of the three algorithms (bounds and colors
    /// included).
    pub fn new(problem: &Problem) -> Template {
        match Template::link(problem, &Stop::new()) {
            Some(template) => template,
            None => unreachable!("linking that is never cancelled completes"),
        }
    }

    /// Links `problem` unless `stop` is requested: it is looked at every
    /// few milliseconds of the work (every 65,536 options, and as often
    /// while the links are checked), so that a huge problem's linking can
    /// be interrupted (by Ctrl-C, or a time limit). `None` when stopped.
    ///
    /// ```
    /// use dancing::{format, Stop};
    /// use dancing::expert::Template;
    ///
    /// let problem = format::read_str("a\na\n")?.problem;
    /// let stop = Stop::new();
    /// assert!(Template::link(&problem, &stop).is_some());
    /// stop.request();
    /// assert!(Template::link(&problem, &stop).is_none());
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn link(problem: &Problem, stop: &Stop) -> Option<Template> {
        if stop.is_requested() {
            return None;
        }
        let mut cancel = || stop.is_requested();
        let shape = Shape::of(problem);
        // Zeroed pages from the allocator, written once by `fill`: `vec!`
        // of a record writes every element first.
        let mut links: Vec<Link> = bytemuck::zeroed_vec(shape.node_count);
        let mut items = vec![SPACER; shape.node_count];
        let mut bounds: Vec<Bounds> = bytemuck::zeroed_vec(shape.node_count);
        let mut lens = vec![0; shape.item_count as usize + 1];
        let mut option_nodes = vec![0; shape.option_count];
        let mut colors = vec![0; shape.color_nodes(problem)];
        let mut offsets = vec![NOT_MASKED; shape.color_nodes(problem)];
        let mut columns = vec![Column::default(); shape.bound_columns(problem)];
        fill_bounds(problem, &mut columns);
        let unit = fill(
            problem,
            shape,
            Slices {
                links: &mut links,
                items: &mut items,
                bounds: &mut bounds,
                lens: &mut lens,
                option_nodes: &mut option_nodes,
                colors: &mut colors,
                offsets: &mut offsets,
            },
            &mut cancel,
        )?;
        let kind = Kind::of(problem);
        let chunks = chunks_of(&lens[1..=shape.primary_count as usize], kind);
        Some(Template {
            // Checked once here; every copy is then valid as well.
            slices: ValidSlices::checked_until(links, items, bounds, lens, &mut cancel)?,
            option_nodes,
            colors,
            offsets,
            columns,
            chunks,
            kind,
            primary_count: shape.primary_count,
            unit,
            max_depth: max_depth(problem),
        })
    }

    /// The bytes each search on this template copies into its arena (the
    /// links, lengths, colors and bounds a search rewrites; what it only
    /// reads is shared): a search on `-j N` threads makes N copies, which
    /// a caller can weigh against the memory it has before it starts them.
    ///
    /// ```
    /// use dancing::format;
    /// use dancing::expert::Template;
    ///
    /// let problem = format::read_str("a b\na\nb\na b\n")?.problem;
    /// let template = Template::new(&problem);
    /// // Six nodes' links at least, eight bytes each.
    /// assert!(template.copy_bytes() >= 6 * 8);
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn copy_bytes(&self) -> usize {
        self.slices.copied_bytes()
            + size_of_val(self.colors.as_slice())
            + size_of_val(self.columns.as_slice())
            + size_of_val(self.chunks.as_slice())
    }

    /// The most levels a search can go down (see `layout::max_depth`).
    pub(crate) fn max_depth(&self) -> usize {
        self.max_depth
    }
}

impl<'b> Matrix<'b> {
    /// A copy of `template`'s matrix in `bump`: its links and lengths are
    /// copied, its items and bounds borrowed. The copy asks `cancel` now
    /// and then (see `Links::copy_into`), and gives `None` if it said to
    /// stop.
    pub(crate) fn from_template(
        template: &'b Template,
        bump: &'b Bump,
        cancel: &mut dyn FnMut() -> bool,
    ) -> Option<Matrix<'b>> {
        Some(Matrix {
            links: template.slices.copy_into(bump, cancel)?,
            primary_count: template.primary_count,
            unit: template.unit,
            unit_shift: template.unit.trailing_zeros(),
            option_nodes: &template.option_nodes,
            colors: copy_in_chunks(&template.colors, bump, cancel)?,
            offsets: &template.offsets,
            kind: template.kind,
            columns: Columns::new(bump.alloc_slice_copy(&template.columns)),
            chunks: bump.alloc_slice_copy(&template.chunks),
            updates: 0,
            cleansings: 0,
        })
    }

    /// The matrix of `template`'s problem as [`from_template`] and a
    /// [`select`] of each option of `selected` would leave it, but with
    /// only the options of `kept` (in increasing order) that are still
    /// active linked, and none selected: see
    /// [`Solver::from_template_restricted`]. For Algorithm X only (no
    /// colors, no bounds).
    ///
    /// [`from_template`]: Matrix::from_template
    /// [`select`]: crate::expert::Solver::select
    /// [`Solver::from_template_restricted`]: crate::expert::Solver::from_template_restricted
    pub(crate) fn restricted(
        template: &'b Template,
        bump: &'b Bump,
        selected: &[OptionId],
        kept: &[OptionId],
    ) -> Result<Matrix<'b>, SelectError> {
        assert!(
            template.kind == Kind::ExactCover,
            "a restricted copy is for problems without colors or bounds"
        );
        let unit = template.unit;
        let lens = bump.alloc_slice_copy(template.slices.lens());
        // No option linked yet: an active item's key keeps its column only.
        for key in lens.iter_mut() {
            let column = *key & (unit - 1);
            *key = if *key < COVERED { column } else { *key };
        }
        let start_of = |option: OptionId| match template.option_nodes.get(option.index()) {
            None => Err(SelectError::NoSuchOption(option)),
            Some(0) => Err(SelectError::Ignored(option)),
            Some(&node) => Ok(node),
        };
        for &option in selected {
            let node = start_of(option)?;
            let Some((_, bounds)) = template.slices.node_parts(node) else {
                unreachable!("a template's option nodes are nodes");
            };
            let items = (bounds.first..=bounds.last).map(|q| match template.slices.node_parts(q) {
                Some((item, _)) => item as usize,
                None => unreachable!("an option's nodes are nodes"),
            });
            if items.clone().any(|item| lens[item] >= COVERED) {
                return Err(SelectError::Conflict(option));
            }
            for item in items {
                lens[item] += COVERED;
            }
        }
        let mut starts = bumpalo::collections::Vec::with_capacity_in(kept.len(), bump);
        let mut previous = None;
        for &option in kept {
            if previous.is_some_and(|previous| previous >= option.index()) {
                return Err(SelectError::Unordered(option));
            }
            previous = Some(option.index());
            starts.push(start_of(option)?);
        }
        let links = template
            .slices
            .restricted_into(bump, lens, starts, unit, COVERED);
        let chunks = if template.chunks.is_empty() {
            &mut []
        } else {
            bump.alloc_slice_copy(&chunks_of(
                &links.lens()[1..=template.primary_count as usize],
                template.kind,
            ))
        };
        Ok(Matrix {
            links,
            primary_count: template.primary_count,
            unit,
            unit_shift: unit.trailing_zeros(),
            option_nodes: &template.option_nodes,
            colors: &mut [],
            offsets: &template.offsets,
            kind: template.kind,
            columns: Columns::new(&mut []),
            chunks,
            updates: 0,
            cleansings: 0,
        })
    }
}
