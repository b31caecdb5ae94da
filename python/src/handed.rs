//! A listing for a search that cannot pause: the front door's one-shot
//! [`dancing::Engine::search`] (the learning rules', on dancing cells) run
//! on a thread of its own, handing each solution over a channel without a
//! buffer. The search waits in its visitor until the solution is taken,
//! so, as with the resumable listing, nothing is searched ahead and
//! memory stays flat.

use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use dancing::{Config, Engine, FnVisitor, OptionId, Progress, Request, Solution, Stop, StopReason};

use crate::stop::Stopper;

/// How long the caller waits for the next solution before it looks at
/// Python's signals again (the worker cannot: Python delivers them to the
/// caller's thread).
const SIGNAL_WAIT: Duration = Duration::from_millis(20);

/// A search on its own thread, handing over one solution at a time.
pub struct Handed {
    /// The solutions as found; disconnected once the search has ended.
    /// `None` once given up.
    solutions: Option<Receiver<Vec<OptionId>>>,
    /// The figures: of the last progress report while the search runs,
    /// its report's once it has ended.
    figures: Arc<Mutex<dancing::Stats>>,
    /// Solutions taken so far.
    taken: u64,
    /// The request's solution limit: the search ends at that solution.
    limit: Option<u64>,
    /// The search's stop token, raised to give the search up.
    quit: Stop,
    worker: Option<JoinHandle<()>>,
}

impl Handed {
    /// Starts listing the solutions of `problem` as `config` says, within
    /// `request` (whose stop token should be `stopper`'s), on a thread of
    /// its own; linking is part of the search.
    pub fn start(problem: Arc<dancing::Problem>, config: Config, request: Request) -> Handed {
        let quit = request.get_stop().clone();
        let limit = request.get_max_solutions();
        let figures = Arc::new(Mutex::new(dancing::Stats {
            stop: StopReason::Running,
            ..dancing::Stats::default()
        }));
        let (sender, solutions) = mpsc::sync_channel(0);
        let written = Arc::clone(&figures);
        let worker = thread::spawn(move || {
            let record = |stats: dancing::Stats| {
                *written.lock().unwrap_or_else(PoisonError::into_inner) = stats;
            };
            let Some(engine) = Engine::builder()
                .config(config)
                .build_until(problem, request.get_stop())
            else {
                record(dancing::Stats {
                    stop: StopReason::Cancelled,
                    ..dancing::Stats::default()
                });
                return;
            };
            let Ok(report) = engine.search(
                &request,
                FnVisitor {
                    // A receiver gone (the listing given up) ends the search.
                    solution: |solution: &Solution<'_>| match sender
                        .send(solution.options().to_vec())
                    {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(()),
                    },
                    progress: |progress: &Progress| {
                        record(progress.stats);
                        ControlFlow::Continue(())
                    },
                },
            );
            // The figures are final before the channel says the end.
            record(report.stats);
            drop(sender);
        });
        Handed {
            solutions: Some(solutions),
            figures,
            taken: 0,
            limit,
            quit,
            worker: Some(worker),
        }
    }

    /// The next solution, waiting for the search (None at its end). Looks
    /// at Python's signals (through `stopper`, whose raised flag stops the
    /// search) while it waits.
    pub fn next(&mut self, stopper: &Stopper) -> Option<Vec<OptionId>> {
        let solutions = self.solutions.as_ref()?;
        loop {
            match solutions.recv_timeout(SIGNAL_WAIT) {
                Ok(options) => {
                    self.taken += 1;
                    if self.limit == Some(self.taken) {
                        // The search ends at this solution: its figures are
                        // final once its thread is done, as the resumable
                        // listing's are at its last solution.
                        self.wait_for_the_end();
                    }
                    return Some(options);
                }
                Err(RecvTimeoutError::Timeout) => {
                    // A signal handler that raised stops the search, whose
                    // end then disconnects the channel.
                    stopper.poll();
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.finish();
                    return None;
                }
            }
        }
    }

    /// The figures so far: while the search runs, those of its last
    /// progress report with the solutions taken; its report's at its end.
    pub fn stats(&self) -> dancing::Stats {
        let mut stats = *self.figures.lock().unwrap_or_else(PoisonError::into_inner);
        if stats.stop == StopReason::Running {
            stats.solutions = self.taken;
        }
        stats
    }

    /// Waits for a search that has nothing more to hand over to end.
    fn wait_for_the_end(&mut self) {
        self.join();
        self.solutions = None;
    }

    /// Waits for the search's thread; a panic there leaves figures that
    /// say "failed".
    fn join(&mut self) {
        if let Some(worker) = self.worker.take()
            && worker.join().is_err()
        {
            let mut figures = self.figures.lock().unwrap_or_else(PoisonError::into_inner);
            figures.stop = StopReason::Failed;
        }
    }

    /// Gives the search up (if still running) and waits for its thread.
    fn finish(&mut self) {
        self.quit.request();
        // A search waiting to hand over a solution sees the receiver gone.
        self.solutions = None;
        self.join();
    }
}

impl Drop for Handed {
    fn drop(&mut self) {
        self.finish();
    }
}
