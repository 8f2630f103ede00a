//! The PIT/BIOS clock shim: host monotonic time as BIOS timer ticks.
//!
//! DOS's BIOS counts timer interrupts at 1193182 / 65536 ≈ 18.2065 Hz in a dword at
//! 0040:006C; the original samples that count. The shim counts from its own start, so the
//! first update sees tick 0, like a freshly reset game clock. While the player pauses,
//! the shim stops counting, so the game resumes where it stopped instead of seeing every
//! paused tick at once.

use std::time::Instant;

use stros_core::timing::bios_ticks_from_micros;

/// Host time → BIOS ticks since [`BiosClock::start`].
pub struct BiosClock {
    start: Instant,
    /// When the current pause began.
    paused_at: Option<Instant>,
}

impl BiosClock {
    /// Starts counting at tick 0.
    pub fn start() -> BiosClock {
        BiosClock { start: Instant::now(), paused_at: None }
    }

    /// A clock that reads `tick` now and counts on from there (a loaded game goes on from
    /// its last update's tick).
    pub fn resumed_at(tick: u32) -> BiosClock {
        let micros = u64::from(tick) * 65_536 * 1_000_000 / 1_193_182 + 1;
        let start =
            Instant::now().checked_sub(std::time::Duration::from_micros(micros)).unwrap_or_else(Instant::now);
        BiosClock { start, paused_at: None }
    }

    /// The current BIOS tick count (the count at the pause while paused).
    pub fn now(&self) -> u32 {
        let end = self.paused_at.unwrap_or_else(Instant::now);
        bios_ticks_from_micros(end.duration_since(self.start).as_micros() as u64)
    }

    /// Stops (`true`) or restarts the count; the paused time never counts.
    pub fn pause(&mut self, paused: bool) {
        match (paused, self.paused_at) {
            (true, None) => self.paused_at = Some(Instant::now()),
            (false, Some(at)) => {
                self.start += at.elapsed();
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

    /// A pause freezes the count, and after it the count goes on from there: the shim's
    /// start moves later by the paused time.
    #[test]
    fn paused_time_does_not_count() {
        let mut c = BiosClock { start: Instant::now() - std::time::Duration::from_secs(10), paused_at: None };
        // 10 s is 182.065 ticks: 182.
        assert_eq!(c.now(), 182);
        c.pause(true);
        c.paused_at = Some(c.paused_at.unwrap() - std::time::Duration::from_secs(5));
        assert_eq!(c.now(), 182 - 91, "the pause began 5 s ago: the count stands at 5 s");
        c.pause(false);
        assert!(!c.paused());
        assert_eq!(c.now(), 91, "the 5 paused seconds never count");
    }
}
