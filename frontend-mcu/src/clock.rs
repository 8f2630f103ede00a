//! Instructions counted by SysTick under QEMU's `-icount shift=0`: QEMU's clock then
//! advances one nanosecond per instruction, and SysTick, on the core clock (25 MHz on the
//! MPS2 boards), decrements once per 40 of them. The factor is not assumed: [`Clock::new`]
//! measures it with a loop of a known instruction count. Wraps of the 24-bit counter are
//! counted by the SysTick exception, so a measurement may span any number of them.

use core::sync::atomic::{AtomicU32, Ordering::Relaxed};

use cortex_m::peripheral::SYST;
use cortex_m::peripheral::syst::SystClkSource;

/// The counter's reload: its whole 24 bits (with `profile`, a sample every 40,000
/// instructions).
#[cfg(not(feature = "profile"))]
const RELOAD: u32 = 0x00FF_FFFF;
#[cfg(feature = "profile")]
const RELOAD: u32 = 999;

/// Completed counter periods (only the exception writes it).
static WRAPS: AtomicU32 = AtomicU32::new(0);

#[cfg(not(feature = "profile"))]
#[cortex_m_rt::exception]
fn SysTick() {
    WRAPS.store(WRAPS.load(Relaxed).wrapping_add(1), Relaxed);
}

/// SysTick counts since it started.
fn ticks() -> u64 {
    loop {
        let before = WRAPS.load(Relaxed);
        let current = SYST::get_current();
        if WRAPS.load(Relaxed) == before {
            return before as u64 * (RELOAD as u64 + 1) + (RELOAD - current) as u64;
        }
    }
}

/// Iterations of the calibration loop (two instructions each).
const CALIBRATION: u32 = 1_000_000;

/// `n` iterations of `subs; bne`: 2n instructions (and a few around them).
#[inline(never)]
fn spin(n: u32) {
    // SAFETY: the loop only counts a register down to zero.
    unsafe {
        core::arch::asm!("2:", "subs {0}, #1", "bne 2b", inout(reg) n => _, options(nomem, nostack));
    }
}

/// SysTick, started, with its measured instructions per tick.
pub struct Clock {
    /// Instructions per SysTick count, rounded (40 under QEMU's MPS2 boards): the
    /// calibration loop's `2 × CALIBRATION` instructions over the ticks they took.
    per_tick: u64,
    /// The last reading, in ticks: a wrap whose exception is still pending must not make
    /// time run backwards.
    last: u64,
}

impl Clock {
    /// Starts SysTick on the core clock with its exception enabled, and calibrates it.
    pub fn new(mut syst: SYST) -> Clock {
        syst.set_clock_source(SystClkSource::Core);
        syst.set_reload(RELOAD);
        syst.clear_current();
        syst.enable_interrupt();
        syst.enable_counter();
        // The cleared counter reads 0 until its first reload: from then on, the reading
        // counts down from the reload.
        while SYST::get_current() == 0 {}
        let start = ticks();
        spin(CALIBRATION);
        let calibration = ticks().saturating_sub(start).max(1);
        let per_tick = (2 * CALIBRATION as u64 + calibration / 2) / calibration;
        Clock { per_tick, last: 0 }
    }

    /// Instructions since SysTick started.
    pub fn now(&mut self) -> u64 {
        let mut t = ticks();
        if t < self.last {
            t += RELOAD as u64 + 1;
        }
        self.last = t;
        t * self.per_tick
    }
}

/// With `profile`: the interrupted program counter of every SysTick wrap, counted in
/// 64-byte buckets of the code ([`profile::print`] lists them for `llvm-addr2line`).
#[cfg(feature = "profile")]
pub mod profile {
    use super::{Relaxed, WRAPS};
    use core::sync::atomic::AtomicU16;

    /// Code addresses the histogram covers, from the image's start.
    const SPAN: usize = 1 << 20;
    /// Bytes per bucket.
    const GRAIN: usize = 64;
    const BUCKETS: usize = SPAN / GRAIN;
    static HISTOGRAM: [AtomicU16; BUCKETS] = [const { AtomicU16::new(0) }; BUCKETS];

    unsafe extern "C" {
        /// The vector table's start: the image's.
        static __vector_table: u32;
    }

    // The exception entry hands the stacked frame (on the main stack) to `stros_sample`.
    core::arch::global_asm!(
        ".section .text.SysTick,\"ax\",%progbits",
        ".global SysTick",
        ".type SysTick,%function",
        ".thumb_func",
        "SysTick:",
        "mrs r0, msp",
        // A register jump: the M0+'s short branch does not reach every address.
        "ldr r1, =stros_sample",
        "bx r1",
    );

    #[unsafe(no_mangle)]
    extern "C" fn stros_sample(frame: *const u32) {
        WRAPS.store(WRAPS.load(Relaxed).wrapping_add(1), Relaxed);
        // SAFETY: the exception frame's seventh word is the interrupted PC.
        let pc = unsafe { frame.add(6).read_volatile() } as usize;
        let base = core::ptr::addr_of!(__vector_table) as usize;
        if let Some(b) = pc.checked_sub(base).map(|o| o / GRAIN).filter(|&b| b < BUCKETS) {
            let h = &HISTOGRAM[b];
            h.store(h.load(Relaxed).saturating_add(1), Relaxed);
        }
    }

    /// Every nonzero bucket as `pc <hex address> <samples>`.
    pub fn print() {
        let base = core::ptr::addr_of!(__vector_table) as usize;
        for (b, h) in HISTOGRAM.iter().enumerate() {
            let n = h.load(Relaxed);
            if n > 0 {
                cortex_m_semihosting::hprintln!("pc {:#x} {}", base + b * GRAIN, n);
            }
        }
    }
}
