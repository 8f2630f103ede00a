//! The PIT/BIOS clock shim: host monotonic time as BIOS timer ticks.
//!
//! DOS's BIOS counts timer interrupts at 1193182 / 65536 ≈ 18.2065 Hz in a dword at
//! 0040:006C; the original samples that count. The shim counts from its own start, so the
//! first update sees tick 0, like a freshly reset game clock.

use std::time::Instant;

use stros_core::timing::bios_ticks_from_micros;

/// Host time → BIOS ticks since [`BiosClock::start`].
pub struct BiosClock {
    start: Instant,
}

impl BiosClock {
    /// Starts counting at tick 0.
    pub fn start() -> BiosClock {
        BiosClock { start: Instant::now() }
    }

    /// The current BIOS tick count.
    pub fn now(&self) -> u32 {
        bios_ticks_from_micros(self.start.elapsed().as_micros() as u64)
    }
}
