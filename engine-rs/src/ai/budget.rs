//! How long a search may go on: a node budget, a time budget, or both. Expert
//! and the exact solver count their nodes the same way, so a move asked with a
//! node budget is the same move on any machine (the High Scores verifier
//! replays games by it).

use super::clock::Clock;
use super::expert::Limits;

/// The clock is read once every this many nodes: reading it costs more than a node.
const CLOCK_EVERY: u64 = 1024;

pub(crate) struct Budget<'a> {
    clock: &'a dyn Clock,
    start_ms: f64,
    limits: Limits,
    /// Nodes visited so far (none are counted once the budget is spent).
    pub nodes: u64,
    /// The budget is spent: the search unwinds and keeps what it had finished.
    pub stopped: bool,
}

impl<'a> Budget<'a> {
    /// A budget starting now.
    pub fn start(clock: &'a dyn Clock, limits: Limits) -> Budget<'a> {
        Budget {
            clock,
            start_ms: clock.now_ms(),
            limits,
            nodes: 0,
            stopped: false,
        }
    }

    pub fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }

    /// Counts a node; true when the budget is spent.
    #[inline(always)]
    pub fn visit(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CLOCK_EVERY) {
            if let Some(t) = self.limits.time_ms {
                self.stopped = self.elapsed_ms() >= t;
            }
        }
        self.stopped
    }
}
