//! The one scheduler of the threaded searches: a list of work items
//! (subtrees, pieces of a task) handed out one at a time, in order, to the
//! workers of a dedicated rayon pool of the number of threads asked for.
//! Each worker keeps its own state (its copy of the solver, made once) for
//! all the items it takes, and stops taking items once the shared stop is
//! asked.

use std::sync::atomic::{AtomicUsize, Ordering};

/// A dedicated pool of `threads` rayon workers (at least one), named
/// `dancing-<k>`; none if the platform gives no threads.
pub(crate) fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|k| format!("dancing-{k}"))
        .build()
        .ok()
}

/// The items to be taken, shared by the workers: each item is taken by
/// exactly one worker, in the order of the list, until the list runs out or
/// the stop is asked.
pub(crate) struct Queue<'a> {
    next: AtomicUsize,
    len: usize,
    stop: &'a (dyn Fn() -> bool + Sync),
}

impl Queue<'_> {
    /// The place of the next item to work on, or none once the list is done
    /// or the run stops: a worker that gets none ends.
    pub(crate) fn take(&self) -> Option<usize> {
        if (self.stop)() {
            return None;
        }
        let place = self.next.fetch_add(1, Ordering::Relaxed);
        (place < self.len).then_some(place)
    }
}

/// Runs `work` once on each of `workers` threads of a dedicated pool, all
/// taking the `items` places from one [`Queue`] that stops handing them out
/// once `stop` says so, and returns what each worker gave back (one per
/// worker, in the order of the pool's threads). A worker sets up its state
/// before its first [`take`](Queue::take) and keeps it across the items it
/// takes. Without threads to be had, one worker runs on this thread and
/// takes every item. A panic in a worker is raised again here.
pub(crate) fn run<R: Send>(
    workers: usize,
    items: usize,
    stop: &(dyn Fn() -> bool + Sync),
    work: impl Fn(&Queue<'_>) -> R + Sync,
) -> Vec<R> {
    let queue = Queue {
        next: AtomicUsize::new(0),
        len: items,
        stop,
    };
    match pool(workers) {
        Some(pool) => pool.broadcast(|_| work(&queue)),
        None => vec![work(&queue)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn every_item_is_taken_once_by_the_workers_asked_for() {
        let never = || false;
        let taken = run(3, 100, &never, |queue| {
            let mut mine = Vec::new();
            while let Some(place) = queue.take() {
                mine.push(place);
            }
            (rayon::current_num_threads(), mine)
        });
        assert_eq!(taken.len(), 3);
        assert!(taken.iter().all(|(threads, _)| *threads == 3));
        let mut all: Vec<usize> = taken.into_iter().flat_map(|(_, mine)| mine).collect();
        all.sort_unstable();
        assert_eq!(all, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn a_stop_ends_the_handing_out() {
        let stopped = AtomicBool::new(false);
        let stop = || stopped.load(Ordering::Relaxed);
        let taken = run(1, 1000, &stop, |queue| {
            let mut count = 0;
            while let Some(place) = queue.take() {
                count += 1;
                if place == 10 {
                    stopped.store(true, Ordering::Relaxed);
                }
            }
            count
        });
        // Items 0 to 10 are taken, none after the stop.
        assert_eq!(taken, [11]);
    }
}
