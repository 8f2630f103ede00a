//! The PIT/BIOS clock shim: host time as BIOS timer ticks.
//!
//! DOS's BIOS counts timer interrupts at 1193182 / 65536 ≈ 18.2065 Hz in a dword at
//! 0040:006C; the original samples that count. The shim counts from its own start, so the
//! first update sees tick 0, like a freshly reset game clock. While the player pauses,
//! the shim stops counting, so the game resumes where it stopped instead of seeing every
//! paused tick at once.
//!
//! Where the host's time comes from is a [`Timebase`]: the desktop's monotonic clock
//! ([`Monotonic`]), or a browser's `requestAnimationFrame` timestamps.

use std::time::Instant;

use stros_core::timing::bios_ticks_from_micros;

/// A host's monotonic time in microseconds, from any fixed origin.
pub trait Timebase {
    /// Microseconds now.
    fn micros(&self) -> u64;
}

/// The desktop's monotonic clock ([`Instant`]), counted from when it was made.
#[derive(Clone, Copy, Debug)]
pub struct Monotonic(Instant);

impl Default for Monotonic {
    fn default() -> Self {
        Monotonic(Instant::now())
    }
}

impl Timebase for Monotonic {
    fn micros(&self) -> u64 {
        self.0.elapsed().as_micros() as u64
    }
}

/// Host time → BIOS ticks since [`BiosClock::start`].
#[derive(Clone, Debug)]
pub struct BiosClock<T: Timebase = Monotonic> {
    time: T,
    /// The host's time at tick 0 (later by every pause), µs.
    start: u64,
    /// When the current pause began, µs.
    paused_at: Option<u64>,
}

impl BiosClock {
    /// Starts counting at tick 0 on the desktop's monotonic clock.
    pub fn start() -> BiosClock {
        BiosClock::start_on(Monotonic::default())
    }
}

impl<T: Timebase> BiosClock<T> {
    /// Starts counting at tick 0 on `time`.
    pub fn start_on(time: T) -> BiosClock<T> {
        let start = time.micros();
        BiosClock { time, start, paused_at: None }
    }

    /// A clock on `time` that reads `tick` now and counts on from there (a loaded game goes
    /// on from its last update's tick); a tick that began before `time`'s origin
    /// reads from the origin.
    pub fn resumed_on(time: T, tick: u32) -> BiosClock<T> {
        let micros = u128::from(tick) * 65_536 * 1_000_000 / 1_193_182 + 1;
        let start = time.micros().saturating_sub(u64::try_from(micros).unwrap_or(u64::MAX));
        BiosClock { time, start, paused_at: None }
    }

    /// The host's time this clock reads.
    pub fn time(&self) -> &T {
        &self.time
    }

    /// The current BIOS tick count (the count at the pause while paused).
    pub fn now(&self) -> u32 {
        let end = self.paused_at.unwrap_or_else(|| self.time.micros());
        bios_ticks_from_micros(end.saturating_sub(self.start))
    }

    /// Stops (`true`) or restarts the count; the paused time never counts.
    pub fn pause(&mut self, paused: bool) {
        match (paused, self.paused_at) {
            (true, None) => self.paused_at = Some(self.time.micros()),
            (false, Some(at)) => {
                self.start += self.time.micros().saturating_sub(at);
                self.paused_at = None;
            }
            _ => {}
        }
    }

    /// Whether the count is stopped.
    pub fn paused(&self) -> bool {
        self.paused_at.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A clock the test sets by hand, µs.
    struct Manual(Cell<u64>);

    impl Timebase for &Manual {
        fn micros(&self) -> u64 {
            self.0.get()
        }
    }

    /// A pause freezes the count, and after it the count goes on from there: the shim's
    /// start moves later by the paused time.
    #[test]
    fn paused_time_does_not_count() {
        let t = Manual(Cell::new(7_000_000));
        let mut c = BiosClock::start_on(&t);
        assert_eq!(c.now(), 0, "tick 0 at the start, whatever the host's time");
        t.0.set(17_000_000);
        // 10 s is 182.065 ticks: 182.
        assert_eq!(c.now(), 182);
        c.pause(true);
        t.0.set(22_000_000);
        assert_eq!(c.now(), 182, "paused: the count stands");
        c.pause(false);
        assert!(!c.paused());
        assert_eq!(c.now(), 182, "the 5 paused seconds never count");
        t.0.set(27_000_000);
        assert_eq!(c.now(), 273, "15 s of play: 273.10 ticks");
    }

    /// A resumed clock reads its tick at once and one tick's 54,925 µs later the next.
    #[test]
    fn a_resumed_clock_goes_on_from_its_tick() {
        let t = Manual(Cell::new(100_000_000));
        let c = BiosClock::resumed_on(&t, 1000);
        assert_eq!(c.now(), 1000);
        t.0.set(100_000_000 + 54_925);
        assert_eq!(c.now(), 1001);
        let early = BiosClock::resumed_on(&t, u32::MAX);
        assert_eq!(early.now(), bios_ticks_from_micros(100_054_925), "clamped at the origin");
    }
}
