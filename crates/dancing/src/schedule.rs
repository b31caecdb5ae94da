//! The one scheduler of the threaded searches: a list of work items
//! (subtrees, pieces of a task) handed out one at a time, in order, to the
//! workers of a dedicated rayon pool of the number of threads asked for.
//! Each worker keeps its own state (its copy of the solver, made once) for
//! all the items it takes, and stops taking items once the shared stop is
//! asked.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Duration;

use crate::clock::Instant;

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

/// [`run`], with this thread watching while the workers run: `watch` is
/// called here about every `interval` until every worker is done (to report
/// progress, to ask the stop). What the workers gave back comes in the
/// order they finished. Without threads to be had, nothing runs and the
/// answer is none: the caller does the work another way. A panic in a
/// worker is raised again here.
pub(crate) fn run_watched<R: Send>(
    workers: usize,
    items: usize,
    stop: &(dyn Fn() -> bool + Sync),
    work: impl Fn(&Queue<'_>) -> R + Sync,
    interval: Duration,
    mut watch: impl FnMut(),
) -> Option<Vec<R>> {
    let pool = pool(workers)?;
    let queue = Queue {
        next: AtomicUsize::new(0),
        len: items,
        stop,
    };
    let (sender, finished) = mpsc::channel();
    let mut results = Vec::new();
    pool.in_place_scope(|scope| {
        // One worker on each thread of the pool.
        scope.spawn_broadcast(|_, _| {
            let mut finish = Finish {
                sender: sender.clone(),
                result: None,
            };
            finish.result = Some(work(&queue));
        });
        let mut running = pool.current_num_threads();
        let mut last = Instant::now();
        while running > 0 {
            match finished.recv_timeout(interval) {
                Ok(result) => {
                    running -= 1;
                    results.extend(result);
                }
                Err(RecvTimeoutError::Timeout) => {}
                // This thread holds a sender: not before the scope ends.
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if running > 0 && last.elapsed() >= interval {
                last = Instant::now();
                watch();
            }
        }
    });
    Some(results)
}

/// A worker's word that it is done, sent when it is dropped: with what the
/// worker gave back, or with nothing if it panicked (the watching thread
/// counts the workers done either way; the scope raises the panic).
struct Finish<R> {
    sender: Sender<Option<R>>,
    result: Option<R>,
}

impl<R> Drop for Finish<R> {
    fn drop(&mut self) {
        // The watching thread waits for every worker's word before the
        // scope ends, so it is there to receive it.
        let _ = self.sender.send(self.result.take());
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

    #[test]
    fn watched_workers_take_every_item_once() {
        let never = || false;
        let taken = run_watched(
            3,
            100,
            &never,
            |queue| {
                let mut mine = Vec::new();
                while let Some(place) = queue.take() {
                    mine.push(place);
                }
                (rayon::current_num_threads(), mine)
            },
            Duration::from_millis(1),
            || {},
        )
        .expect("threads");
        assert_eq!(taken.len(), 3);
        assert!(taken.iter().all(|(threads, _)| *threads == 3));
        let mut all: Vec<usize> = taken.into_iter().flat_map(|(_, mine)| mine).collect();
        all.sort_unstable();
        assert_eq!(all, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn the_watch_runs_while_the_workers_do_and_can_stop_them() {
        let stopped = AtomicBool::new(false);
        let stop = || stopped.load(Ordering::Relaxed);
        let mut watched = 0;
        let taken = run_watched(
            2,
            usize::MAX,
            &stop,
            |queue| {
                let mut count = 0_usize;
                while queue.take().is_some() {
                    count += 1;
                    std::thread::sleep(Duration::from_micros(100));
                }
                count
            },
            Duration::from_millis(2),
            || {
                watched += 1;
                if watched == 3 {
                    stopped.store(true, Ordering::Relaxed);
                }
            },
        )
        .expect("threads");
        // The workers ran until the third look of the watch stopped them.
        assert_eq!(watched, 3);
        assert_eq!(taken.len(), 2);
        assert!(taken.iter().sum::<usize>() > 0);
    }

    #[test]
    #[should_panic(expected = "a worker's panic")]
    fn a_panic_in_a_watched_worker_is_raised_again() {
        let never = || false;
        let _ = run_watched(
            2,
            10,
            &never,
            |queue| {
                while let Some(place) = queue.take() {
                    assert_ne!(place, 3, "a worker's panic");
                }
            },
            Duration::from_millis(1),
            || {},
        );
    }
}
