//! The clock of one input (`--time-limit`), started when its reading
//! starts, and Ctrl-C: what every stage of a run looks at to know whether
//! it must stop. It is the engine's [`RequestClock`], whose rule says why
//! work must stop; each search is given what is left of it.

use std::time::{Duration, Instant};

use dancing::engine::RequestClock;
use dancing::{Request, StopReason};

use crate::interrupt;

/// The clock of one input, started when its reading starts, and Ctrl-C.
#[derive(Clone, Debug)]
pub struct Clock(RequestClock);

impl Clock {
    /// Starts the clock now. A limit beyond what the clock can represent
    /// (centuries) is none, which is the same in practice.
    pub fn start(time_limit: Option<Duration>) -> Clock {
        let mut request = Request::new().stop(&interrupt::stop());
        if let Some(limit) = time_limit {
            request = request.time_limit(limit);
        }
        Clock(request.start())
    }

    /// When the clock started.
    pub fn started(&self) -> Instant {
        self.0.started()
    }

    /// The engine's stop token, raised by Ctrl-C or when the clock runs
    /// out (for reading and linking; a search is given the deadline
    /// itself, so that it says which of them stopped it).
    pub fn stop(&self) -> dancing::Stop {
        let clock = self.0.clone();
        dancing::Stop::new().with_poll(move || clock.spent().is_some())
    }

    /// Why work must stop now, if it must: Ctrl-C, or the clock ran out.
    pub fn spent(&self) -> Option<StopReason> {
        self.0.spent()
    }

    /// A request of the engine within this clock: its deadline, and
    /// Ctrl-C as its stop token.
    pub fn request(&self) -> Request {
        self.0.remaining()
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
        assert_eq!(clock.request().start().spent(), Some(StopReason::TimeLimit));
        let clock = Clock::start(Some(Duration::MAX));
        assert_eq!(clock.spent(), None);
        assert_eq!(clock.request().start().spent(), None);
        assert_eq!(Clock::start(None).spent(), None);
    }
}
