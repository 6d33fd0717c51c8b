//! Time for search budgets. Wasm has no clock of its own: the boundary passes
//! one imported from JavaScript (`performance.now`); native code uses `Instant`.

/// Milliseconds from some fixed start.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// The operating system's monotonic clock.
#[cfg(not(target_arch = "wasm32"))]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    pub fn new() -> SystemClock {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that never moves: searches end by their node limit alone.
pub struct StoppedClock;

impl Clock for StoppedClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}
