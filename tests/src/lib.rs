//! Shared helpers of the workspace integration tests.
//!
//! The test files in `tests/tests/` each cover one area: the seed's numeric examples,
//! generated tables, SYSTEM.INI, timing, rendering, and the zero-allocation proof.

use stros_core::timing::Clock;

/// Runs `frames` updates spread evenly over one 18-tick BIOS window starting at `start`,
/// returning the BIOS tick where the next window starts.
pub fn run_window(clock: &mut Clock, start: u32, frames: u32) -> u32 {
    for i in 0..frames {
        clock.update(start + i * 18 / frames);
    }
    start + 18
}

/// A small deterministic generator (xorshift64*) for property tests.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A value in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        let span = (hi as i64 - lo as i64 + 1) as u64;
        (lo as i64 + (self.next_u64() % span) as i64) as i32
    }
}
