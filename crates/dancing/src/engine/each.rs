//! Many tasks on a few threads: the list of a task file's tasks (or any
//! pieces of work) handed out by the one scheduler, each run whole on one
//! thread, their results given to the caller as they end.

use std::ops::ControlFlow;

use super::Request;
use crate::schedule;

/// Runs `items` pieces of work on `threads` threads (at least one): `work`
/// runs the item at each place, on some thread, and `deliver` gets each
/// result on the caller's thread in the order they end (to write it, say),
/// until it breaks. Items are started in the order of their places, and
/// none starts once `request`'s clock or token says stop; every item
/// started is delivered (unless `deliver` broke first). The answer is how
/// many were delivered: after a stop, the items from that place on are
/// exactly those never started.
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing::Request;
/// use dancing::engine::run_each;
///
/// let mut squares = Vec::new();
/// let delivered = run_each(2, 10, &Request::new(), |place| place * place, |square| {
///     squares.push(square);
///     ControlFlow::Continue(())
/// });
/// assert_eq!(delivered, 10);
/// squares.sort();
/// assert_eq!(squares, [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]);
/// ```
pub fn run_each<R: Send>(
    threads: usize,
    items: usize,
    request: &Request,
    work: impl Fn(usize) -> R + Sync,
    deliver: impl FnMut(R) -> ControlFlow<()>,
) -> usize {
    let clock = request.start();
    let stop = || clock.spent().is_some();
    schedule::run_streamed(threads, items, &stop, work, deliver)
}
