//! Dancing cells: Algorithm C (exact cover with colors) on sparse sets
//! instead of doubly linked lists, as Knuth's SSXCC runs it.
//!
//! Every item keeps the options that still contain it as a *sparse set*: a
//! run of node indices in one array (`set`), whose first `size` entries are
//! the active options, and every node knows where it sits in that run
//! (`loc`). Removing an option from a set swaps it with the last active
//! entry and shrinks `size`; undoing a whole level only puts the sizes back,
//! since what was removed still sits just past the end, in the order it was
//! removed. The active items are a sparse set too (`items`, with each
//! item's place in it beside its set). So a level saves the sizes of the
//! items active when it branches, and backtracking restores them: no link is
//! ever put back.
//!
//! The search differs from DLX2's in two ways that make its tree smaller:
//! - a choice is abandoned as soon as hiding the options it rules out
//!   empties the set of a primary item (DLX2 makes the node first and then
//!   finds the empty item), and
//! - a primary item left with one option is *forced*: it is taken next
//!   without a scan and without saving the sizes (its level has no
//!   siblings), and every such item a scan finds is stacked at once.
//!
//! The tree, and so the node and update counts, are SSXCC's, not DLX2's:
//! SSXCC breaks ties between items of the same size by their order in the
//! input, as this module does, so its `nodes` figure is this module's
//! [`Stats::nodes`]. Its `updates` are counted here as SSXCC counts them:
//! one per item made inactive, one per option removed from a set.
//!
//! Knuth's program is `ssxcc.w` (2020); the data structure is Briggs and
//! Torczon's sparse sets (1993).
//!
//! The item to branch on is chosen by a [`Branching`] rule ([`choice`]):
//! SSXCC's fewest options by default, or the weighted and failure-rate
//! rules of Knuth's change files `ssxcc-wtd0.ch` and `ssxcc-frb0.ch`
//! (2025), whose trees, nodes and updates this search then walks.
//!
//! The engine searches here when its configuration asks for a learning
//! rule ([`Config::branching`](crate::Config::branching)); under the
//! fewest-options rule it keeps the linked search of
//! [`Solver`](crate::expert::Solver), which is faster on every problem
//! measured (docs/src/benchmarks.md, "Colors" and "Branching rules"),
//! while this one takes 1.05 to 1.46 times SSXCC's time on SSXCC's tree
//! (pentominoes, whose options are long, the worst).

mod choice;

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::time::Duration;

use bumpalo::Bump;

use choice::{Active, FailureRate, Mrv, Rule, Scan, Tallies, Weighted};
pub use choice::{Branching, UnknownBranching};

use crate::budget::{Budget, BudgetClock};
use crate::clock::Instant;
use crate::problem::{OptionId, Problem};
use crate::visit::{Progress, Solution, Stats, StopReason, Visitor};

/// What a search answers to besides its tree: the budget, its next
/// checkpoint, the progress reports, and the caller's visit.
struct Hooks<'h> {
    clock: &'h mut BudgetClock,
    next_checkpoint: u64,
    progress_interval: Option<Duration>,
    last_progress: Instant,
    visit: &'h mut dyn FnMut(&Solution<'_>) -> ControlFlow<()>,
    progress: &'h mut dyn FnMut(&Progress) -> ControlFlow<()>,
}

/// A node of an option: the item it is in (the index of that item's set in
/// `set`), or, for the spacer after an option of `t` items, `-t`; and, for
/// an item node, where it sits in the item's set.
#[derive(Clone, Copy, Debug)]
struct Node {
    item: i32,
    loc: u32,
}

/// The sizes saved on entering a branching level: an item and its size.
#[derive(Clone, Copy, Debug)]
struct Saved {
    item: u32,
    size: u32,
}

/// Where an item's bookkeeping sits in `set`, before its run of options.
const POS: u32 = 2;
const SIZE: u32 = 1;

/// The state of one dancing-cells search, in the caller's arena.
///
/// ```
/// use bumpalo::Bump;
/// use dancing::format;
/// use dancing::expert::DancingCells;
///
/// // Two colors on X and Y: two solutions.
/// let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
/// let problem = format::read_str(text)?.problem;
/// let bump = Bump::new();
/// let mut cells = DancingCells::new(&problem, &bump);
/// let mut found = Vec::new();
/// cells.search(|solution| {
///     let mut options: Vec<usize> = solution.options().iter().map(|o| o.index()).collect();
///     options.sort();
///     found.push(options);
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!(found, [vec![0, 2], vec![1, 3]]); // A B + C, and A C + B
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
pub struct DancingCells<'b> {
    nodes: &'b mut [Node],
    /// The color of every node (0: none); empty when no entry has a color.
    colors: &'b [u32],
    /// The option of every spacer that starts one (other nodes: unused).
    option_of: &'b [u32],
    /// Per item: its place in `items` (`POS` before its run), its size
    /// (`SIZE` before), then its run of option nodes.
    set: &'b mut [u32],
    /// The items, the first `active` of them active.
    items: &'b mut [u32],
    /// Items whose set starts at `second` or later are secondary.
    second: u32,
    /// Whether some primary item has no option at all.
    uncoverable: bool,
    /// `set`, the nodes' places and `items` as laid out, restored before
    /// every search but the first: a search leaves the sets permuted, and
    /// the order of the options in a set and of the active items decide
    /// the order of the search and of its forced moves.
    initial_set: &'b [u32],
    initial_locs: &'b [u32],
    initial_items: &'b [u32],
    /// Whether a search has run since the layout was restored.
    used: bool,
    /// The rule that chooses the item to branch on, and what it learns.
    branching: Branching,
    tallies: Tallies,
    force: Vec<u32>,
    saved_sizes: Vec<Saved>,
    /// `saved[level]` is where level `level`'s saved sizes start.
    saved: Vec<u32>,
    choice: Vec<u32>,
    solution: Vec<OptionId>,
    stats: Stats,
    /// Knuth's estimate of the share explored when the last search
    /// stopped early (1 after a complete one).
    explored_at_stop: f64,
}

impl<'b> DancingCells<'b> {
    /// Lays `problem` out in sparse sets in `bump`. Options without a
    /// primary item are left out, as every search of the engine leaves
    /// them.
    ///
    /// # Panics
    /// If `problem` has bounds on its items (Algorithm M): dancing cells
    /// here are Algorithm C only.
    pub fn new(problem: &Problem, bump: &'b Bump) -> DancingCells<'b> {
        assert!(
            !problem.has_bounds(),
            "dancing cells solve exact cover with colors, not multiplicities"
        );
        let item_count = problem.item_count();
        let primary = problem.primary_count();
        // Items in column order: primary ones first.
        let mut column_item = vec![0usize; item_count];
        for item in problem.items() {
            column_item[problem.column_of(item) as usize - 1] = item.index();
        }
        let ignored = problem.ignored_options();
        let kept = |option: OptionId| ignored.binary_search(&option).is_err();
        let mut lengths = vec![0u32; item_count];
        let mut node_count = 1;
        for (option, items) in problem.options() {
            if !kept(option) {
                continue;
            }
            for item in items {
                lengths[item.index()] += 1;
            }
            node_count += items.len() + 1;
        }
        // The runs, in column order, each after its two header words.
        let mut base = vec![0u32; item_count];
        let mut next = 0u32;
        for &item in &column_item {
            base[item] = next + POS;
            next += POS + lengths[item];
        }
        let second = if primary < item_count {
            base[column_item[primary]]
        } else {
            next + POS
        };
        let set = bump.alloc_slice_fill_copy(next as usize, 0u32);
        let items = bump.alloc_slice_fill_copy(item_count, 0u32);
        for (place, &item) in column_item.iter().enumerate() {
            let x = base[item];
            items[place] = x;
            set[(x - POS) as usize] = place as u32;
        }
        let nodes = bump.alloc_slice_fill_copy(node_count, Node { item: 0, loc: 0 });
        let option_of = bump.alloc_slice_fill_copy(node_count, u32::MAX);
        let colors: &mut [u32] = if problem.has_colors() {
            bump.alloc_slice_fill_copy(node_count, 0)
        } else {
            &mut []
        };
        let mut fill = vec![0u32; item_count];
        let mut node = 0;
        for (option, option_items) in problem.options() {
            if !kept(option) {
                continue;
            }
            // The spacer before the option: the option's number.
            option_of[node] = option.index() as u32;
            let codes = problem.color_codes(option);
            for (k, item) in option_items.iter().enumerate() {
                node += 1;
                let x = base[item.index()];
                let loc = x + fill[item.index()];
                fill[item.index()] += 1;
                set[loc as usize] = node as u32;
                nodes[node] = Node {
                    item: x as i32,
                    loc,
                };
                if let Some(codes) = codes {
                    colors[node] = codes[k];
                }
            }
            node += 1;
            nodes[node].item = -(option_items.len() as i32);
        }
        let mut uncoverable = false;
        for &item in &column_item {
            let x = base[item];
            set[(x - SIZE) as usize] = lengths[item];
            if x < second && lengths[item] == 0 {
                uncoverable = true;
            }
        }
        let initial_set = bump.alloc_slice_copy(set);
        let initial_locs = bump.alloc_slice_fill_iter(nodes.iter().map(|node| node.loc));
        let initial_items = bump.alloc_slice_copy(items);
        DancingCells {
            initial_set,
            initial_locs,
            initial_items,
            used: false,
            branching: Branching::Mrv,
            tallies: Tallies::default(),
            nodes,
            colors,
            option_of,
            set,
            items,
            second,
            uncoverable,
            force: Vec::with_capacity(primary),
            saved_sizes: Vec::new(),
            saved: Vec::with_capacity(primary + 2),
            choice: Vec::with_capacity(primary + 1),
            solution: Vec::with_capacity(primary),
            stats: Stats::default(),
            explored_at_stop: 0.0,
        }
    }

    /// Searches choose the item to branch on by `branching` (the fewest
    /// options unless set). The learning rules start again from their
    /// initial weights or counts at every search.
    #[must_use]
    pub fn with_branching(mut self, branching: Branching) -> DancingCells<'b> {
        self.branching = branching;
        self
    }

    /// The rule that chooses the item to branch on.
    pub fn branching(&self) -> Branching {
        self.branching
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Knuth's estimate of the share of the tree the last search explored
    /// (from 0 to 1; 1 when it ran to its end).
    pub fn explored_at_stop(&self) -> f64 {
        if self.stats.is_complete() {
            1.0
        } else {
            self.explored_at_stop
        }
    }

    #[inline(always)]
    fn size(&self, x: u32) -> u32 {
        self.set[(x - SIZE) as usize]
    }

    #[inline(always)]
    fn pos(&self, x: u32) -> u32 {
        self.set[(x - POS) as usize]
    }

    /// Moves item `x` to place `to` of the active list, and the item there
    /// to `x`'s place.
    #[inline(always)]
    fn swap_item(&mut self, x: u32, to: u32) {
        let from = self.pos(x);
        let other = self.items[to as usize];
        self.items[to as usize] = x;
        self.items[from as usize] = other;
        self.set[(other - POS) as usize] = from;
        self.set[(x - POS) as usize] = to;
        self.stats.updates += 1;
    }

    /// Visits every solution, in the order of SSXCC (or, with a learning
    /// rule, of SSXCC-WTD0 or SSXCC-FRB0), until `visit` breaks.
    pub fn search<F>(&mut self, mut visit: F)
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    {
        let mut clock = Budget::new().start();
        self.dispatch(&mut clock, None, &mut visit, &mut |_| {
            ControlFlow::Continue(())
        });
    }

    /// Visits every solution as [`search`](Self::search) does, within
    /// `budget`, handing `visitor` the solutions and, every
    /// `progress_interval` or so (looked at every [`POLL_INTERVAL`]
    /// nodes when the budget has a clock or a cancel check), the
    /// progress with Knuth's estimate of the share explored. The
    /// statistics say why it stopped (the visitor's break of a solution
    /// is [`StopReason::Visitor`], of a progress report
    /// [`StopReason::Interrupted`]).
    ///
    /// # Errors
    /// The visitor's error, which stops the search.
    ///
    /// [`POLL_INTERVAL`]: crate::budget::POLL_INTERVAL
    pub fn search_within<V: Visitor>(
        &mut self,
        budget: &Budget,
        progress_interval: Duration,
        mut visitor: V,
    ) -> Result<Stats, V::Error> {
        let mut clock = budget.start();
        let error = RefCell::new(None);
        let fail = |result: Result<ControlFlow<()>, V::Error>| {
            result.unwrap_or_else(|failure| {
                *error.borrow_mut() = Some(failure);
                ControlFlow::Break(())
            })
        };
        let visitor = RefCell::new(&mut visitor);
        self.dispatch(
            &mut clock,
            Some(progress_interval),
            &mut |solution| fail(visitor.borrow_mut().solution(solution)),
            &mut |progress| fail(visitor.borrow_mut().progress(progress)),
        );
        match error.into_inner() {
            Some(failure) => Err(failure),
            None => Ok(self.stats),
        }
    }

    /// The search under the configured rule: each rule has its own loop.
    fn dispatch(
        &mut self,
        clock: &mut BudgetClock,
        progress_interval: Option<Duration>,
        visit: &mut dyn FnMut(&Solution<'_>) -> ControlFlow<()>,
        progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) {
        let mut hooks = Hooks {
            clock,
            next_checkpoint: 0,
            progress_interval,
            last_progress: Instant::now(),
            visit,
            progress,
        };
        hooks.next_checkpoint = hooks.clock.first_checkpoint();
        match self.branching {
            Branching::Mrv => self.run::<Mrv>(&mut hooks),
            Branching::Weighted => self.run::<Weighted>(&mut hooks),
            Branching::FailureRate => self.run::<FailureRate>(&mut hooks),
        }
    }

    /// Knuth's estimate of the share of the tree explored, from the
    /// choices of the first `level` levels: each level's branches taken
    /// to root subtrees of equal size.
    fn explored(&self, level: usize) -> f64 {
        let (mut fraction, mut share) = (0.0, 1.0);
        for &node in &self.choice[..level] {
            let Node { item, loc } = self.nodes[node as usize];
            let item = item as u32;
            let degree = f64::from(self.size(item).max(1));
            fraction += share * f64::from(loc - item) / degree;
            share /= degree;
        }
        fraction.min(1.0)
    }

    /// At a checkpoint of the budget, about to enter a node at `level`:
    /// the next checkpoint, or why to stop. Reports progress when its
    /// interval has passed.
    #[cold]
    #[inline(never)]
    fn checkpoint(&mut self, hooks: &mut Hooks<'_>, level: usize) -> ControlFlow<StopReason> {
        hooks.next_checkpoint = hooks.clock.checkpoint(self.stats.nodes)?;
        if let Some(interval) = hooks.progress_interval
            && hooks.last_progress.elapsed() >= interval
        {
            hooks.last_progress = Instant::now();
            let progress = Progress {
                stats: Stats {
                    stop: StopReason::Running,
                    ..self.stats
                },
                fraction: self.explored(level),
            };
            if (hooks.progress)(&progress).is_break() {
                return ControlFlow::Break(StopReason::Interrupted);
            }
        }
        ControlFlow::Continue(())
    }

    fn run<R: Rule>(&mut self, hooks: &mut Hooks<'_>) {
        if self.used {
            self.set.copy_from_slice(self.initial_set);
            self.items.copy_from_slice(self.initial_items);
            for (node, &loc) in self.nodes.iter_mut().zip(self.initial_locs) {
                node.loc = loc;
            }
        }
        self.used = true;
        R::reset(&mut self.tallies, self.set.len());
        self.stats = Stats::default();
        let mut active = self.items.len() as u32;
        self.stats.stop = StopReason::Complete;
        if self.uncoverable {
            // SSXCC refuses such a problem; the tree is its root alone.
            self.stats.nodes = 1;
            return;
        }
        // The search is a loop over four steps, as Knuth's gotos: entering
        // a node, trying the current choice of a level, giving it up, and
        // going back to the level above.
        #[derive(Clone, Copy)]
        enum Step {
            Forward,
            Advance,
            Abort,
            Backup,
        }
        let mut level = 0usize;
        self.saved.clear();
        self.saved.push(0);
        self.saved_sizes.clear();
        self.force.clear();
        self.choice.clear();
        let mut best = 0u32;
        let mut cur_choice = 0u32;
        let mut oactive;
        let mut step = Step::Forward;
        loop {
            match step {
                Step::Forward => {
                    if self.stats.nodes == hooks.next_checkpoint
                        && let ControlFlow::Break(reason) = self.checkpoint(hooks, level)
                    {
                        self.stats.stop = reason;
                        self.explored_at_stop = self.explored(level);
                        return;
                    }
                    self.stats.nodes += 1;
                    self.stats.max_depth = self.stats.max_depth.max(level);
                    let mut forced = None;
                    while let Some(item) = self.force.pop() {
                        if self.pos(item) < active {
                            forced = Some(item);
                            break;
                        }
                    }
                    if forced.is_none() {
                        let scan = R::scan(
                            &Active {
                                set: self.set,
                                items: &self.items[..active as usize],
                                second: self.second,
                            },
                            &mut self.force,
                            &self.tallies,
                        );
                        let branch = match scan {
                            Scan::Best(item) => {
                                best = item;
                                true
                            }
                            Scan::Nothing => false,
                            Scan::WipedOut(item) => {
                                // A node whose item has no option: a dead end.
                                R::wiped_out(&mut self.tallies, item);
                                step = Step::Backup;
                                continue;
                            }
                        };
                        forced = self.force.pop();
                        if forced.is_none() && !branch {
                            self.stats.solutions += 1;
                            self.solution.clear();
                            for &node in &self.choice[..level] {
                                let mut spacer = node;
                                while self.nodes[spacer as usize].item > 0 {
                                    spacer -= 1;
                                }
                                self.solution
                                    .push(OptionId::new(self.option_of[spacer as usize] as usize));
                            }
                            let solution = Solution {
                                options: &self.solution,
                            };
                            if (hooks.visit)(&solution).is_break() {
                                self.stats.stop = StopReason::Visitor;
                                self.explored_at_stop = self.explored(level);
                                return;
                            }
                            step = Step::Backup;
                            continue;
                        }
                    }
                    if let Some(item) = forced {
                        best = item;
                    }
                    active -= 1;
                    self.swap_item(best, active);
                    oactive = active;
                    let hidden = hide::<false>(
                        self.set,
                        self.nodes,
                        self.colors,
                        &mut self.force,
                        best,
                        0,
                        (oactive, active, self.second),
                    );
                    self.stats.updates += hidden.unwrap_or_else(|(updates, _)| updates);
                    cur_choice = best;
                    let start = *self.saved.last().expect("the root's entry");
                    if forced.is_some() {
                        // No siblings: nothing to restore.
                        self.saved.push(start);
                    } else {
                        for k in 0..active as usize {
                            let item = self.items[k];
                            let size = self.size(item);
                            self.saved_sizes.push(Saved { item, size });
                        }
                        self.saved.push(start + active);
                    }
                    self.choice.push(0);
                    step = Step::Advance;
                }
                Step::Advance => {
                    let node = self.set[cur_choice as usize];
                    self.choice[level] = node;
                    // Make the option's other items inactive.
                    let mut p = active;
                    oactive = active;
                    let mut q = next_in_option(self.nodes, node);
                    while q != node {
                        let c = self.nodes[q as usize].item as u32;
                        if self.pos(c) < p {
                            p -= 1;
                            self.swap_item(c, p);
                        }
                        q = next_in_option(self.nodes, q);
                    }
                    active = p;
                    // Hide the options they rule out.
                    let mut emptied = None;
                    let mut q = next_in_option(self.nodes, node);
                    while q != node {
                        let c = self.nodes[q as usize].item as u32;
                        let color = if c < self.second {
                            0
                        } else if self.pos(c) < oactive {
                            self.colors.get(q as usize).copied().unwrap_or(0)
                        } else {
                            // Purified by a level above.
                            q = next_in_option(self.nodes, q);
                            continue;
                        };
                        match hide::<true>(
                            self.set,
                            self.nodes,
                            self.colors,
                            &mut self.force,
                            c,
                            color,
                            (oactive, active, self.second),
                        ) {
                            Ok(updates) => self.stats.updates += updates,
                            Err((updates, item)) => {
                                self.stats.updates += updates;
                                emptied = Some(item);
                                break;
                            }
                        }
                        q = next_in_option(self.nodes, q);
                    }
                    if let Some(item) = emptied {
                        R::failed(&mut self.tallies, best, item);
                        self.force.clear();
                        step = Step::Abort;
                    } else {
                        R::succeeded(&mut self.tallies, best);
                        level += 1;
                        step = Step::Forward;
                    }
                }
                Step::Abort => {
                    if cur_choice + 1 >= best + self.size(best) {
                        // The level is done: drop what it saved.
                        self.saved.pop();
                        self.saved_sizes.truncate(self.saved[level] as usize);
                        self.choice.pop();
                        step = Step::Backup;
                        continue;
                    }
                    // Restore the sizes saved on entering this level.
                    let end = self.saved[level + 1];
                    let start = self.saved[level];
                    active = end - start;
                    for saved in &self.saved_sizes[start as usize..end as usize] {
                        self.set[(saved.item - SIZE) as usize] = saved.size;
                    }
                    cur_choice += 1;
                    step = Step::Advance;
                }
                Step::Backup => {
                    // Back to the level above, whose choice is tried next.
                    if level == 0 {
                        break;
                    }
                    level -= 1;
                    let chosen = self.nodes[self.choice[level] as usize];
                    best = chosen.item as u32;
                    cur_choice = chosen.loc;
                    step = Step::Abort;
                }
            }
        }
    }
}

/// The node after `q` in its option, around: past the option's last node,
/// its first.
#[inline(always)]
fn next_in_option(nodes: &[Node], q: u32) -> u32 {
    let next = q + 1;
    let item = nodes[next as usize].item;
    if item < 0 {
        next.wrapping_add_signed(item)
    } else {
        next
    }
}

/// Hides the options in item `c`'s set that a choice rules out (all of
/// them if `color` is 0, else those not of that color) from the other sets
/// they are in, among the items placed before `oactive`. With `CHECK`,
/// gives up (returns `Err`) as soon as an active primary item (placed
/// before `active`, set before `second`) is left with no option, and
/// stacks those left with one on `force`. The updates made, `Err` with
/// the item left without options if it gave up.
///
/// Not inlined: the search loop around it is large, and on its own this
/// loop keeps its slices and counters in registers.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn hide<const CHECK: bool>(
    set: &mut [u32],
    nodes: &mut [Node],
    colors: &[u32],
    force: &mut Vec<u32>,
    c: u32,
    color: u32,
    (oactive, active, second): (u32, u32, u32),
) -> Result<u64, (u64, u32)> {
    let mut updates = 0;
    let end = c + set[(c - SIZE) as usize];
    for r in c..end {
        let option_node = set[r as usize];
        if color != 0 && colors[option_node as usize] == color {
            continue;
        }
        let mut n = option_node + 1;
        while n != option_node {
            let Node { item, loc } = nodes[n as usize];
            if item < 0 {
                n = n.wrapping_add_signed(item);
                continue;
            }
            let u = item as u32;
            let pos = set[(u - POS) as usize];
            if pos < oactive {
                let size = set[(u - SIZE) as usize] - 1;
                if CHECK && size <= 1 && u < second && pos < active {
                    if size == 0 {
                        return Err((updates, u));
                    }
                    force.push(u);
                }
                let last = u + size;
                let moved = set[last as usize];
                set[(u - SIZE) as usize] = size;
                set[last as usize] = n;
                set[loc as usize] = moved;
                nodes[n as usize].loc = last;
                nodes[moved as usize].loc = loc;
                updates += 1;
            }
            n += 1;
        }
    }
    Ok(updates)
}
