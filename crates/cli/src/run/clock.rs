//! The clock of one input (`--time-limit`), started when its reading
//! starts, and Ctrl-C: what every stage of a run looks at to know whether
//! it must stop.

use std::time::{Duration, Instant};

use crate::interrupt;
use dancing::StopReason;

/// The clock of one input, started when its reading starts, and Ctrl-C.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    started: Instant,
    /// `None` without a limit, or when the limit is beyond what the clock
    /// can represent (centuries), which is the same in practice.
    deadline: Option<Instant>,
}

impl Clock {
    /// Starts the clock now.
    pub fn start(time_limit: Option<Duration>) -> Clock {
        let started = Instant::now();
        Clock {
            started,
            deadline: time_limit.and_then(|limit| started.checked_add(limit)),
        }
    }

    /// When the clock started.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// The engine's stop token, raised by Ctrl-C or when the clock runs
    /// out (for reading and linking; a search is given the deadline
    /// itself, so that it says which of them stopped it).
    pub fn stop(&self) -> dancing::Stop {
        let clock = *self;
        dancing::Stop::new().with_poll(move || clock.spent().is_some())
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// A request of the engine within this clock: its deadline, and
    /// Ctrl-C as its stop token.
    pub fn request(&self) -> dancing::Request {
        let request = dancing::Request::new().stop(&interrupt::stop());
        match self.deadline {
            Some(deadline) => request.deadline(deadline),
            None => request,
        }
    }

    /// Why work must stop now, if it must: Ctrl-C, or the clock ran out.
    pub fn spent(&self) -> Option<StopReason> {
        if interrupt::requested() {
            Some(StopReason::Cancelled)
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            Some(StopReason::TimeLimit)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_runs_out_and_a_huge_limit_never_does() {
        let clock = Clock::start(Some(Duration::from_nanos(1)));
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(clock.spent(), Some(StopReason::TimeLimit));
        let clock = Clock::start(Some(Duration::MAX));
        assert_eq!(clock.spent(), None);
        assert_eq!(Clock::start(None).spent(), None);
    }
}
