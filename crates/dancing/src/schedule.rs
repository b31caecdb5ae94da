//! The one scheduler of the threaded searches: a list of work items
//! (subtrees, pieces of a task) handed out one at a time, in order, to the
//! workers of a dedicated rayon pool of the number of threads asked for.
//! Each worker keeps its own state (its copy of the solver, made once) for
//! all the items it takes, and stops taking items once the shared stop is
//! asked.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Duration;

use crate::clock::Instant;

/// The threads a search runs on unless told otherwise: one per core the
/// process may use, as the operating system reports it (its CPU affinity
/// and quota; 1 where it cannot say). The one default thread policy of
/// every front end, documented here:
///
/// - `dlx` runs on `default_threads()` threads unless `-j N` says N (1 to
///   1024); `-j 0` is refused.
/// - Python's `Problem.count(threads=None)` runs on `default_threads()`
///   threads, `threads=N` on N (1 to 1024); `threads=0` raises ValueError.
///   `first()` and `solutions()` search on one thread: the first solution
///   and the order of `dlx solve -j 1`, a paused search being one solver
///   (see [`Engine::solutions`](crate::Engine::solutions)).
/// - The page searches on one thread: WebAssembly in its Worker has one
///   (and this function cannot say more there: it gives 1).
///
/// A [`Config`](crate::Config) without
/// [`threads`](crate::Config::threads) uses this, and asks for it only
/// when a search needs it: a count of a small matrix (64 KiB of links) is
/// first made on the caller's thread, and if its tree is over within 1,024
/// nodes that is the count, with one thread's figures (the asking, a dozen
/// reads of `/proc` and `/sys` on Linux, costs such a count more than its
/// search; its report says 1 thread). `dlx` leaves the threads unset so
/// where no memory limit makes it weigh their copies first, and Python's
/// `count()` without `threads` always.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

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

/// [`run`] for items whose results the caller takes one at a time, as
/// they end: `work` runs each item (by its place) on some worker, and
/// `deliver` gets each result on this thread, in the order they end, until
/// it breaks (then the workers stop after the item each is running).
/// Items are taken in order, and each item taken is delivered unless
/// `deliver` broke first: the answer is how many were delivered, so that
/// after a `stop` the items from that place on are the ones never started.
/// Without threads to be had, the items run on this thread. A panic in a
/// worker is raised again here.
pub(crate) fn run_streamed<R: Send>(
    workers: usize,
    items: usize,
    stop: &(dyn Fn() -> bool + Sync),
    work: impl Fn(usize) -> R + Sync,
    mut deliver: impl FnMut(R) -> ControlFlow<()>,
) -> usize {
    let delivered_all = AtomicBool::new(false);
    let halted = || delivered_all.load(Ordering::Relaxed) || stop();
    let queue = Queue {
        next: AtomicUsize::new(0),
        len: items,
        stop: &halted,
    };
    let mut delivered = 0;
    let Some(pool) = pool(workers) else {
        while let Some(place) = queue.take() {
            delivered += 1;
            if deliver(work(place)).is_break() {
                break;
            }
        }
        return delivered;
    };
    // Room for a result from each worker while this thread delivers one.
    let (sender, results) = mpsc::sync_channel(pool.current_num_threads());
    let (queue, work) = (&queue, &work);
    pool.in_place_scope(|scope| {
        // The workers' closure owns the sender: the channel closes when the
        // last worker is done, panicked or not.
        scope.spawn_broadcast(move |_, _| {
            while let Some(place) = queue.take() {
                // A closed channel: the caller stopped taking results.
                if sender.send(work(place)).is_err() {
                    return;
                }
            }
        });
        for result in &results {
            delivered += 1;
            if deliver(result).is_break() {
                delivered_all.store(true, Ordering::Relaxed);
                break;
            }
        }
        // Workers blocked on a full channel see it closed and end.
        drop(results);
    });
    delivered
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
        // The workers (whose queue never ends) ran until the third look of
        // the watch stopped them; on a loaded machine the watch may look
        // once more before they notice.
        assert!(watched >= 3, "{watched}");
        assert_eq!(taken.len(), 2);
        assert!(taken.iter().sum::<usize>() > 0);
    }

    #[test]
    fn streamed_results_are_each_item_s_once() {
        let never = || false;
        for workers in [1, 3] {
            let mut seen = Vec::new();
            let delivered = run_streamed(
                workers,
                200,
                &never,
                |place| place * 2,
                |doubled| {
                    seen.push(doubled / 2);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(delivered, 200);
            seen.sort_unstable();
            assert_eq!(seen, (0..200).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_stop_leaves_the_items_from_the_count_delivered_unstarted() {
        let started = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let stop = || stopped.load(Ordering::Relaxed);
        let delivered = run_streamed(
            2,
            10_000,
            &stop,
            |place| {
                started.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_micros(50));
                place
            },
            |place| {
                if place >= 20 {
                    stopped.store(true, Ordering::Relaxed);
                }
                ControlFlow::Continue(())
            },
        );
        // Every item started was delivered, and they were the first ones.
        assert_eq!(delivered, started.load(Ordering::Relaxed));
        assert!((21..10_000).contains(&delivered), "{delivered}");
    }

    #[test]
    fn a_delivery_that_breaks_stops_the_workers() {
        let never = || false;
        let started = AtomicUsize::new(0);
        let delivered = run_streamed(
            2,
            1_000_000,
            &never,
            |place| {
                started.fetch_add(1, Ordering::Relaxed);
                place
            },
            |_| ControlFlow::Break(()),
        );
        assert_eq!(delivered, 1);
        // The workers stopped at once: a result each on the channel and
        // the one each ran when it saw the break, not a million.
        assert!(started.load(Ordering::Relaxed) < 100);
    }

    #[test]
    #[should_panic(expected = "a worker's panic")]
    fn a_panic_in_a_streamed_worker_is_raised_again() {
        let never = || false;
        run_streamed(
            2,
            10,
            &never,
            |place| assert_ne!(place, 3, "a worker's panic"),
            |()| ControlFlow::Continue(()),
        );
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
