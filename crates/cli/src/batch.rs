//! An ordered parallel pipeline for long streams of small jobs.
//!
//! The calling thread feeds items one at a time; they are grouped into
//! chunks, each chunk is processed on a thread pool, and the results are
//! handed back on the calling thread in the order the items came in, as soon
//! as every earlier chunk is done. So the output streams, in input order,
//! whatever the number of threads.
//!
//! Memory stays flat however long the stream: at most
//! [`CHUNKS_PER_THREAD`] chunks per thread are in flight (queued, running, or
//! done and waiting for an earlier one), and feeding waits while the window
//! is full. Chunks are sized to about [`CHUNK_TIME`] of work, measured as the
//! run goes: cheap items travel in large chunks (little overhead per item),
//! slow ones alone (results come early, and the threads finish together).

use std::collections::BTreeMap;
use std::io;
use std::mem;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use rayon::{ScopeFifo, ThreadPool};

/// Chunks in flight per thread: enough that a thread finding its next chunk
/// never waits for the feeder, few enough to keep memory small.
pub const CHUNKS_PER_THREAD: usize = 3;

/// The work a chunk should hold, once the cost of an item is known.
pub const CHUNK_TIME: Duration = Duration::from_millis(20);

/// The most items in a chunk.
pub const MAX_CHUNK: usize = 1024;

/// Asks work in progress to end early: its results are no longer wanted
/// (the reader of the output went away).
#[derive(Debug, Default)]
pub struct StopFlag(AtomicBool);

impl StopFlag {
    /// Whether work should end now.
    pub fn requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `feed` on the calling thread, which calls its argument with each
/// item in turn; items are processed in chunks by `work` on `pool`, and each
/// chunk's result goes to `deliver` on the calling thread, in input order.
///
/// `work` gets the chunk's items in order and a [`StopFlag`] to check between
/// items. An error from `deliver` (a closed pipe, say) stops everything: it
/// is returned by the feeding call in progress, which `feed` should pass on,
/// and by this function; work in progress is asked to stop, and no result is
/// delivered after it. A panic in `work` is raised again here.
pub fn run_in_order<T, R>(
    pool: &ThreadPool,
    work: impl Fn(Vec<T>, &StopFlag) -> R + Sync,
    deliver: impl FnMut(R) -> io::Result<()>,
    feed: impl FnOnce(&mut dyn FnMut(T) -> io::Result<()>) -> io::Result<()>,
) -> io::Result<()>
where
    T: Send,
    R: Send,
{
    stream_in_order(pool, work, deliver, |feeder| {
        feed(&mut |item| feeder.push(item))
    })
}

/// The feeding end of [`stream_in_order`].
pub trait Feed<T> {
    /// Adds an item (it waits while the window of chunks in flight is full).
    fn push(&mut self, item: T) -> io::Result<()>;

    /// Hands the items pushed so far to the pool and waits until every
    /// result is delivered: for when the next item may be long in coming,
    /// and the results so far should not wait for it.
    fn settle(&mut self) -> io::Result<()>;
}

/// [`run_in_order`], with a feeder that can also [settle](Feed::settle).
pub fn stream_in_order<T, R>(
    pool: &ThreadPool,
    work: impl Fn(Vec<T>, &StopFlag) -> R + Sync,
    deliver: impl FnMut(R) -> io::Result<()>,
    feed: impl FnOnce(&mut dyn Feed<T>) -> io::Result<()>,
) -> io::Result<()>
where
    T: Send,
    R: Send,
{
    let stop = StopFlag::default();
    let (work, stop_ref) = (&work, &stop);
    // In place: this thread feeds and delivers while the pool works; FIFO,
    // so that the oldest chunks are worked on first.
    pool.in_place_scope_fifo(|scope| {
        let (sender, receiver) = mpsc::channel();
        let mut window = Window {
            scope,
            work,
            stop: stop_ref,
            sender,
            receiver,
            deliver,
            capacity: CHUNKS_PER_THREAD * pool.current_num_threads().max(1),
            next_chunk: 0,
            next_delivery: 0,
            waiting: BTreeMap::new(),
            chunk: Vec::new(),
            chunk_size: 1,
            busy: 0.0,
            items: 0.0,
        };
        let finished = feed(&mut window).and_then(|()| window.settle());
        if finished.is_err() {
            // Leaving the scope waits for the jobs: make them quick.
            stop_ref.request();
        }
        finished
    })
}

/// A chunk's result, and what it cost.
struct Done<R> {
    chunk: u64,
    items: usize,
    busy: Duration,
    result: thread::Result<R>,
}

/// The chunks in flight, and the results waiting for an earlier one.
struct Window<'s, 'scope, T, R, W, D> {
    scope: &'s ScopeFifo<'scope>,
    work: &'scope W,
    stop: &'scope StopFlag,
    sender: Sender<Done<R>>,
    receiver: Receiver<Done<R>>,
    deliver: D,
    /// The most chunks in flight.
    capacity: usize,
    /// The number of the next chunk dispatched, and of the next delivered.
    next_chunk: u64,
    next_delivery: u64,
    /// Results done early, by chunk number.
    waiting: BTreeMap<u64, Done<R>>,
    /// The items fed since the last chunk was dispatched.
    chunk: Vec<T>,
    /// The size of the next chunk.
    chunk_size: usize,
    /// Seconds of work and items done, recent chunks weighing more: the
    /// cost of an item is their ratio.
    busy: f64,
    items: f64,
}

impl<'scope, T, R, W, D> Window<'_, 'scope, T, R, W, D>
where
    T: Send + 'scope,
    R: Send + 'scope,
    W: Fn(Vec<T>, &StopFlag) -> R + Sync,
    D: FnMut(R) -> io::Result<()>,
{
    fn in_flight(&self) -> usize {
        (self.next_chunk - self.next_delivery) as usize
    }

    /// Hands `chunk` to the pool, once there is room in the window.
    fn dispatch(&mut self, chunk: Vec<T>) -> io::Result<()> {
        // Write what is ready before waiting, so that output keeps flowing.
        self.collect(false)?;
        while self.in_flight() >= self.capacity {
            self.collect(true)?;
        }
        let number = self.next_chunk;
        self.next_chunk += 1;
        let (work, stop, sender) = (self.work, self.stop, self.sender.clone());
        self.scope.spawn_fifo(move |_| {
            let items = chunk.len();
            let started = Instant::now();
            // A panic is sent back like a result, so that the feeder never
            // waits for a chunk that will not come, and is raised there.
            let result = panic::catch_unwind(AssertUnwindSafe(|| work(chunk, stop)));
            let done = Done {
                chunk: number,
                items,
                busy: started.elapsed(),
                result,
            };
            // The feeder is gone only when the run has ended.
            let _ = sender.send(done);
        });
        self.resize();
        Ok(())
    }

    /// Receives finished chunks (waiting for one if `wait`) and delivers
    /// every result that is next in order.
    fn collect(&mut self, wait: bool) -> io::Result<()> {
        if wait {
            // The window holds a chunk not yet delivered, and every chunk
            // sends its result: this cannot wait forever.
            let done = self
                .receiver
                .recv()
                .map_err(|_| io::Error::other("a worker thread went away"))?;
            self.receive(done);
        }
        while let Ok(done) = self.receiver.try_recv() {
            self.receive(done);
        }
        while let Some(done) = self.waiting.remove(&self.next_delivery) {
            self.next_delivery += 1;
            match done.result {
                Ok(result) => (self.deliver)(result)?,
                Err(payload) => {
                    self.stop.request();
                    panic::resume_unwind(payload);
                }
            }
        }
        Ok(())
    }

    fn receive(&mut self, done: Done<R>) {
        // The input may change from easy items to hard ones: forget slowly.
        const KEEP: f64 = 0.75;
        self.busy = self.busy * KEEP + done.busy.as_secs_f64();
        self.items = self.items * KEEP + done.items as f64;
        self.waiting.insert(done.chunk, done);
    }

    /// Sizes the next chunk to [`CHUNK_TIME`] of work, growing at most
    /// twofold per chunk, and one item at a time until a chunk is done and
    /// the cost of an item known: items may take seconds each.
    fn resize(&mut self) {
        if self.items <= 0.0 {
            return;
        }
        let grown = (self.chunk_size * 2).min(MAX_CHUNK);
        let fitting = CHUNK_TIME.as_secs_f64() * self.items / self.busy.max(f64::MIN_POSITIVE);
        self.chunk_size = (fitting.min(MAX_CHUNK as f64) as usize).clamp(1, grown);
    }

    /// Waits for every chunk in flight and delivers the results.
    fn drain(&mut self) -> io::Result<()> {
        self.collect(false)?;
        while self.in_flight() > 0 {
            self.collect(true)?;
        }
        Ok(())
    }
}

impl<'scope, T, R, W, D> Feed<T> for Window<'_, 'scope, T, R, W, D>
where
    T: Send + 'scope,
    R: Send + 'scope,
    W: Fn(Vec<T>, &StopFlag) -> R + Sync,
    D: FnMut(R) -> io::Result<()>,
{
    fn push(&mut self, item: T) -> io::Result<()> {
        self.chunk.push(item);
        if self.chunk.len() >= self.chunk_size {
            let chunk = mem::take(&mut self.chunk);
            self.dispatch(chunk)?;
        }
        Ok(())
    }

    fn settle(&mut self) -> io::Result<()> {
        if !self.chunk.is_empty() {
            let chunk = mem::take(&mut self.chunk);
            self.dispatch(chunk)?;
        }
        self.drain()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::ThreadPoolBuilder;

    fn pool(threads: usize) -> ThreadPool {
        ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool")
    }

    #[test]
    fn results_come_back_in_input_order() {
        for threads in [1, 2, 5] {
            let mut seen = Vec::new();
            let done = run_in_order(
                &pool(threads),
                |chunk: Vec<u64>, _: &StopFlag| {
                    // Uneven work, so that chunks finish out of order.
                    if chunk.first().is_some_and(|n| n % 3 == 0) {
                        thread::sleep(Duration::from_millis(2));
                    }
                    chunk.iter().map(|n| n * n).collect::<Vec<_>>()
                },
                |squares| {
                    seen.extend(squares);
                    Ok(())
                },
                |push| (0..5000u64).try_for_each(push),
            );
            assert!(done.is_ok());
            assert_eq!(seen, (0..5000u64).map(|n| n * n).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_delivery_error_stops_the_feed_and_the_work() {
        let mut fed = 0u64;
        let mut delivered = 0;
        let done = run_in_order(
            &pool(2),
            |chunk: Vec<u64>, stop: &StopFlag| {
                chunk.iter().take_while(|_| !stop.requested()).count()
            },
            |_| {
                delivered += 1;
                if delivered == 3 {
                    Err(io::Error::from(io::ErrorKind::BrokenPipe))
                } else {
                    Ok(())
                }
            },
            |push| {
                for n in 0..u64::MAX {
                    fed += 1;
                    push(n)?;
                }
                Ok(())
            },
        );
        assert_eq!(done.map_err(|e| e.kind()), Err(io::ErrorKind::BrokenPipe));
        assert_eq!(delivered, 3);
        // The window bounds what was fed beyond the last delivery.
        assert!(fed < 10 * MAX_CHUNK as u64, "{fed}");
    }

    #[test]
    fn settling_delivers_everything_fed_so_far() {
        for threads in [1, 3] {
            let delivered = std::cell::RefCell::new(Vec::new());
            let done = stream_in_order(
                &pool(threads),
                |chunk: Vec<u32>, _: &StopFlag| chunk,
                |items| {
                    delivered.borrow_mut().extend(items);
                    Ok(())
                },
                |feeder| {
                    for n in 0..100 {
                        feeder.push(n)?;
                        if n % 10 == 9 {
                            feeder.settle()?;
                            // Nothing fed is still waiting for more input.
                            let so_far: Vec<u32> = (0..=n).collect();
                            assert_eq!(*delivered.borrow(), so_far);
                        }
                    }
                    Ok(())
                },
            );
            assert!(done.is_ok());
            assert_eq!(delivered.into_inner(), (0..100).collect::<Vec<_>>());
        }
    }

    #[test]
    fn an_empty_feed_delivers_nothing() {
        let mut delivered = 0;
        let done = run_in_order(
            &pool(2),
            |chunk: Vec<u8>, _: &StopFlag| chunk.len(),
            |_| {
                delivered += 1;
                Ok(())
            },
            |_| Ok(()),
        );
        assert!(done.is_ok());
        assert_eq!(delivered, 0);
    }

    #[test]
    fn chunks_grow_for_cheap_items_and_stay_small_for_slow_ones() {
        let sizes = |pause: Duration| {
            let mut sizes = Vec::new();
            let done = run_in_order(
                &pool(2),
                |chunk: Vec<u32>, _: &StopFlag| {
                    thread::sleep(pause * chunk.len() as u32);
                    chunk.len()
                },
                |size| {
                    sizes.push(size);
                    Ok(())
                },
                |push| (0..if pause.is_zero() { 20_000 } else { 40 }).try_for_each(push),
            );
            assert!(done.is_ok());
            sizes
        };
        let cheap = sizes(Duration::ZERO);
        assert_eq!(cheap.iter().sum::<usize>(), 20_000);
        assert_eq!(cheap.iter().max(), Some(&MAX_CHUNK));
        let slow = sizes(Duration::from_millis(15));
        assert_eq!(slow.iter().sum::<usize>(), 40);
        assert!(slow.iter().all(|&size| size <= 4), "{slow:?}");
    }
}
