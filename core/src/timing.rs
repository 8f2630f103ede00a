//! BIOS-clock timing ({M}, "FPS-derived frame scale" and "Whole nominal ticks";
//! {A}, "Timing boundary").
//!
//! The original measures its frame rate against the BIOS timer tick (1193182 / 65536 ≈
//! 18.2065 Hz) and turns it into a *frame scale* with eight fractional bits, 256 meaning one
//! nominal update. Movement multiplies by the scale; animation and scripts consume the
//! *whole nominal ticks* that the accumulated scales cross, so an update can get zero,
//! one or several ticks. A nominal rate of 12 is not a fixed 12 Hz simulation.
//!
//! The core never reads a clock: [`Clock::update`] takes the current BIOS tick count from the
//! frontend. [`bios_ticks_from_micros`] is the PIT arithmetic a host shim uses to produce it.

use crate::config::SystemConfig;

/// PIT input frequency in Hz.
pub const PIT_HZ: u64 = 1_193_182;
/// PIT counts per BIOS tick (the BIOS programs the full 16-bit divisor).
pub const PIT_COUNTS_PER_BIOS_TICK: u64 = 65_536;
/// BIOS ticks in one FPS measurement window.
pub const MEASUREMENT_WINDOW_TICKS: i32 = 18;
/// Updates of the startup countdown after a reset or world-loop entry.
pub const STARTUP_UPDATES: u8 = 12;
/// One nominal update in frame-scale units.
pub const UNIT_SCALE: i32 = 256;
/// Fractional bits of the nominal-tick accumulator.
pub const NOMINAL_SHIFT: u32 = 8;
/// Fractional bits of the finer counter (eight counts per nominal tick).
pub const FINE_SHIFT: u32 = 5;
/// Finer-counter increment during the startup countdown.
pub const STARTUP_FINE_TICKS: i32 = 1 << (NOMINAL_SHIFT - FINE_SHIFT);
/// Measured and smoothed FPS after a reset.
pub const INITIAL_FPS: i32 = 12;
/// Difference at which FPS smoothing first takes half the difference.
pub const FPS_HALF_STEP_DIFFERENCE: i32 = 5;

/// Host time since the shim started, in microseconds, as BIOS ticks since then.
///
/// `floor(µs × 1193182 / (65536 × 10⁶))`, i.e. 18.2065 ticks per second; the BIOS count
/// wraps at 32 bits like the original's dword.
pub fn bios_ticks_from_micros(micros: u64) -> u32 {
    (micros as u128 * PIT_HZ as u128 / (PIT_COUNTS_PER_BIOS_TICK as u128 * 1_000_000)) as u32
}

/// The SYSTEM.INI values timing reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimingConfig {
    /// `normal_frame_rate` (0 already replaced by 12 at load).
    pub normal_frame_rate: i32,
    /// `min_frame_rate`.
    pub min_frame_rate: i32,
    /// `max_frame_rate`.
    pub max_frame_rate: i32,
    /// `use_smooth_fps` nonzero.
    pub use_smooth_fps: bool,
    /// `use_smooth_divisor` nonzero.
    pub use_smooth_divisor: bool,
}

impl From<&SystemConfig> for TimingConfig {
    fn from(c: &SystemConfig) -> Self {
        TimingConfig {
            normal_frame_rate: c.normal_frame_rate,
            min_frame_rate: c.min_frame_rate,
            max_frame_rate: c.max_frame_rate,
            use_smooth_fps: c.use_smooth_fps != 0,
            use_smooth_divisor: c.use_smooth_divisor != 0,
        }
    }
}

impl Default for TimingConfig {
    fn default() -> Self {
        TimingConfig::from(&SystemConfig::installed())
    }
}

/// What one update hands to movement, animation and scripts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tick {
    /// Movement scale, eight fractional bits (256 = one nominal update).
    pub frame_scale: i32,
    /// Whole nominal ticks crossed by this update (animation and script input).
    pub nominal_ticks: i32,
    /// Finer-counter increment (eight per nominal tick).
    pub fine_ticks: i32,
}

/// The state the book menu and model loading save and restore around a blocking operation.
///
/// Exactly the seed's list: frame count, measured FPS, next scale, the nominal and fine
/// accumulators, and the baseline *relative* to the last sample. The tick remainder,
/// smoothed FPS and startup countdown are deliberately absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedTiming {
    frame_count: i32,
    measured_fps: i32,
    next_scale: i32,
    nominal_accumulator: i32,
    fine_accumulator: i32,
    baseline_offset: u32,
}

/// The clock state a save keeps ({D:formats/SAVEGAME.md} "General state and clock": the
/// `SVGV` fields the clock holds), restored directly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockState {
    /// Measurement baseline, BIOS ticks.
    pub baseline: u32,
    /// Ticks retained toward the next window.
    pub tick_remainder: i32,
    /// Measured FPS.
    pub measured_fps: i32,
    /// Next scale.
    pub next_scale: i32,
    /// Startup updates left.
    pub startup_countdown: u8,
    /// Last BIOS sample.
    pub last_sample: u32,
    /// Frames counted toward the next measurement.
    pub frame_count: i32,
    /// Smoothed FPS.
    pub smoothed_fps: i32,
    /// The exposed scale and increments.
    pub exposed: Tick,
    /// Nominal accumulator (eight fractional bits).
    pub nominal_accumulator: i32,
    /// Fine accumulator (five fractional bits).
    pub fine_accumulator: i32,
}

/// The shared game clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    config: TimingConfig,
    frame_count: i32,
    tick_remainder: i32,
    baseline: u32,
    last_sample: u32,
    measured_fps: i32,
    smoothed_fps: i32,
    next_scale: i32,
    nominal_accumulator: i32,
    fine_accumulator: i32,
    startup_countdown: u8,
    exposed: Tick,
    scale_fps: i32,
    windows: i32,
}

impl Clock {
    /// A clock straight after a reset.
    pub fn new(config: TimingConfig) -> Clock {
        let mut c = Clock {
            config,
            frame_count: 0,
            tick_remainder: 0,
            baseline: 0,
            last_sample: 0,
            measured_fps: 0,
            smoothed_fps: 0,
            next_scale: 0,
            nominal_accumulator: 0,
            fine_accumulator: 0,
            startup_countdown: 0,
            exposed: Tick::default(),
            scale_fps: INITIAL_FPS,
            windows: 0,
        };
        c.reset();
        c
    }

    /// The clock reset: frame count, tick remainder, BIOS baseline and the fractional
    /// accumulators clear; measured and smoothed FPS become 12; both scales 256; the
    /// twelve-update startup countdown starts. The baseline is *not* seeded with the current
    /// BIOS time, so the first update measures from tick 0, as the original does.
    pub fn reset(&mut self) {
        self.frame_count = 0;
        self.tick_remainder = 0;
        self.baseline = 0;
        self.last_sample = 0;
        self.nominal_accumulator = 0;
        self.fine_accumulator = 0;
        self.measured_fps = INITIAL_FPS;
        self.smoothed_fps = INITIAL_FPS;
        self.next_scale = UNIT_SCALE;
        self.exposed = Tick { frame_scale: UNIT_SCALE, nominal_ticks: 0, fine_ticks: 0 };
        self.startup_countdown = STARTUP_UPDATES;
    }

    /// Entering the world loop restarts the countdown without touching measurement or
    /// accumulation.
    pub fn restart_countdown(&mut self) {
        self.startup_countdown = STARTUP_UPDATES;
    }

    /// One update of the shared clock at BIOS tick `bios_now`.
    pub fn update(&mut self, bios_now: u32) -> Tick {
        self.measure(bios_now);
        self.smoothed_fps = smooth_fps(self.smoothed_fps, self.measured_fps);

        let in_startup = self.startup_countdown > 0;
        let fps =
            if self.config.use_smooth_fps && !in_startup { self.smoothed_fps } else { self.measured_fps };
        let target = target_scale(self.config, fps);
        self.next_scale = if self.config.use_smooth_divisor && !in_startup {
            smooth_divisor(self.next_scale, target)
        } else {
            target
        };

        let nominal = accumulate(&mut self.nominal_accumulator, self.next_scale, NOMINAL_SHIFT);
        let fine = accumulate(&mut self.fine_accumulator, self.next_scale, FINE_SHIFT);

        self.scale_fps = if in_startup { INITIAL_FPS } else { fps };
        self.exposed = if in_startup {
            self.startup_countdown -= 1;
            Tick { frame_scale: UNIT_SCALE, nominal_ticks: 1, fine_ticks: STARTUP_FINE_TICKS }
        } else {
            Tick { frame_scale: self.next_scale, nominal_ticks: nominal, fine_ticks: fine }
        };
        self.exposed
    }

    /// The measurement path: one frame per update, elapsed BIOS ticks accumulated; each
    /// complete 18-tick window set measures `frames / windows` and keeps the remainder.
    fn measure(&mut self, bios_now: u32) {
        self.last_sample = bios_now;
        self.frame_count = self.frame_count.wrapping_add(1);
        let elapsed = bios_now.wrapping_sub(self.baseline) as i32;
        self.tick_remainder = self.tick_remainder.wrapping_add(elapsed).max(0);
        self.windows = 0;
        if self.tick_remainder >= MEASUREMENT_WINDOW_TICKS {
            let windows = self.tick_remainder / MEASUREMENT_WINDOW_TICKS;
            self.windows = windows;
            self.measured_fps = self.frame_count / windows;
            self.frame_count = 0;
            self.tick_remainder %= MEASUREMENT_WINDOW_TICKS;
        }
        self.baseline = bios_now;
    }

    /// The 18-tick measurement windows the latest update completed (0 when none closed): the
    /// clock measurement's beat, which also advances the player's idle counter.
    pub fn windows(&self) -> i32 {
        self.windows
    }

    /// Saves the state a blocking operation must not disturb.
    pub fn save(&self) -> SavedTiming {
        SavedTiming {
            frame_count: self.frame_count,
            measured_fps: self.measured_fps,
            next_scale: self.next_scale,
            nominal_accumulator: self.nominal_accumulator,
            fine_accumulator: self.fine_accumulator,
            baseline_offset: self.last_sample.wrapping_sub(self.baseline),
        }
    }

    /// Restores saved state at BIOS tick `bios_now`: the baseline becomes `bios_now` minus
    /// the saved relative baseline, so the suspended time never reaches a measurement.
    /// The exposed scale and increments are left for the next update to replace.
    pub fn restore(&mut self, saved: &SavedTiming, bios_now: u32) {
        self.frame_count = saved.frame_count;
        self.measured_fps = saved.measured_fps;
        self.next_scale = saved.next_scale;
        self.nominal_accumulator = saved.nominal_accumulator;
        self.fine_accumulator = saved.fine_accumulator;
        self.baseline = bios_now.wrapping_sub(saved.baseline_offset);
        self.last_sample = bios_now;
    }

    /// The state a save keeps.
    pub fn state(&self) -> ClockState {
        ClockState {
            baseline: self.baseline,
            tick_remainder: self.tick_remainder,
            measured_fps: self.measured_fps,
            next_scale: self.next_scale,
            startup_countdown: self.startup_countdown,
            last_sample: self.last_sample,
            frame_count: self.frame_count,
            smoothed_fps: self.smoothed_fps,
            exposed: self.exposed,
            nominal_accumulator: self.nominal_accumulator,
            fine_accumulator: self.fine_accumulator,
        }
    }

    /// Restores a save's state directly (the configuration stays).
    pub fn set_state(&mut self, s: &ClockState) {
        self.baseline = s.baseline;
        self.tick_remainder = s.tick_remainder;
        self.measured_fps = s.measured_fps;
        self.next_scale = s.next_scale;
        self.startup_countdown = s.startup_countdown;
        self.last_sample = s.last_sample;
        self.frame_count = s.frame_count;
        self.smoothed_fps = s.smoothed_fps;
        self.exposed = s.exposed;
        self.nominal_accumulator = s.nominal_accumulator;
        self.fine_accumulator = s.fine_accumulator;
    }

    /// The values of the latest update.
    pub fn tick(&self) -> Tick {
        self.exposed
    }
    /// The FPS the latest exposed frame scale was derived from: 12 during the startup
    /// countdown, else the measured or (with `use_smooth_fps`) smoothed FPS.
    pub fn scale_fps(&self) -> i32 {
        self.scale_fps
    }

    /// The latest measured FPS.
    pub fn measured_fps(&self) -> i32 {
        self.measured_fps
    }
    /// The latest smoothed FPS.
    pub fn smoothed_fps(&self) -> i32 {
        self.smoothed_fps
    }
    /// The calculated ("next") scale, which the countdown hides from movement.
    pub fn next_scale(&self) -> i32 {
        self.next_scale
    }
    /// Updates left in the startup countdown.
    pub fn startup_countdown(&self) -> u8 {
        self.startup_countdown
    }
    /// Frames counted in the current measurement.
    pub fn frame_count(&self) -> i32 {
        self.frame_count
    }
    /// BIOS ticks carried toward the next measurement window.
    pub fn tick_remainder(&self) -> i32 {
        self.tick_remainder
    }
    /// The configuration in use.
    pub fn config(&self) -> TimingConfig {
        self.config
    }
}

/// One FPS-smoothing step: half the difference first when it is at least five (truncated,
/// so 15 → 10 moves 2, not 3), then one unit toward the measured value.
pub fn smooth_fps(smoothed: i32, measured: i32) -> i32 {
    let mut s = smoothed;
    let diff = measured.wrapping_sub(s);
    if diff.unsigned_abs() >= FPS_HALF_STEP_DIFFERENCE as u32 {
        s = s.wrapping_add(diff / 2);
    }
    s + (measured - s).signum()
}

/// `normal_frame_rate * 256 / fps` with the FPS clamped to the configured range.
///
/// A clamped FPS of zero or less (only possible with a nonpositive `min_frame_rate`)
/// would divide by zero in the original; Stros divides by 1 instead.
pub fn target_scale(config: TimingConfig, fps: i32) -> i32 {
    let fps = fps.max(config.min_frame_rate).min(config.max_frame_rate).max(1);
    config.normal_frame_rate.wrapping_mul(UNIT_SCALE) / fps
}

/// The extra increase of a rising scale after its one-unit step, by remaining difference.
pub fn divisor_step(remaining: i32) -> i32 {
    match remaining {
        i32::MIN..=0 => 0,
        1..=5 => 1,
        6..=10 => 5,
        11..=20 => 10,
        _ => 20,
    }
}

/// Divisor smoothing: one unit toward the target; still above it snaps down at once; still
/// below it climbs by [`divisor_step`] of what remains. Falling is immediate, rising slow.
pub fn smooth_divisor(scale: i32, target: i32) -> i32 {
    let s = scale + (target - scale).signum();
    if s > target { target } else { s + divisor_step(target - s) }
}

/// Adds `scale` to a fixed-point accumulator and returns the whole units it crossed,
/// keeping the fraction (`shift` fractional bits).
fn accumulate(accumulator: &mut i32, scale: i32, shift: u32) -> i32 {
    let sum = accumulator.wrapping_add(scale);
    let whole = sum >> shift;
    *accumulator = sum - (whole << shift);
    whole
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pit_shim_runs_at_18_2065_hz() {
        assert_eq!(bios_ticks_from_micros(0), 0);
        assert_eq!(bios_ticks_from_micros(1_000_000), 18);
        assert_eq!(bios_ticks_from_micros(54_925), 0);
        assert_eq!(bios_ticks_from_micros(54_926), 1);
        assert_eq!(bios_ticks_from_micros(3_600_000_000), 65_543);
    }
}
