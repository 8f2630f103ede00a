//! Player movement arithmetic (seed 000): "Ground-turn arithmetic" and the startup amounts
//! of "Forward-walking startup". The controller state machine that decides when these run
//! joins them with the world update.

use crate::config::SystemConfig;

/// Independent left and right turn accumulators.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// Left accumulator.
    pub left: i32,
    /// Right accumulator.
    pub right: i32,
}

/// One accumulator step: a held direction adds `turn_speed` while below `turn_max_speed`
/// (no clamp, so an increment that does not divide the limit overshoots it); a released one
/// resets to zero.
pub fn accumulate(accumulator: i32, held: bool, turn_speed: i32, turn_max_speed: i32) -> i32 {
    if !held {
        0
    } else if accumulator < turn_max_speed {
        accumulator.wrapping_add(turn_speed)
    } else {
        accumulator
    }
}

impl Turn {
    /// One ordinary ground-turn update: both accumulators step, each is scaled by the frame
    /// scale `>> 8` separately, left adds and right subtracts, the heading wraps to 2048.
    pub fn update(
        &mut self,
        heading: u16,
        left: bool,
        right: bool,
        scale: i32,
        config: &SystemConfig,
    ) -> u16 {
        self.left = accumulate(self.left, left, config.turn_speed, config.turn_max_speed);
        self.right = accumulate(self.right, right, config.turn_speed, config.turn_max_speed);
        let delta = (self.left.wrapping_mul(scale) >> 8) - (self.right.wrapping_mul(scale) >> 8);
        ((heading as i32 + delta) & 2047) as u16
    }
}

/// Startup phases of ordinary forward walking.
pub const STARTUP_PHASES: u8 = 4;

/// The runtime-unit startup amount of a forward walk in `phase` (0–3), before frame scaling.
///
/// The selected walking speed × 256; with `attr_step_type = 1` phases 0, 1, 2 take a
/// quarter, a third and a half (integer division) and phase 3 the whole. A zero walking
/// speed uses `attr_forward_speed >> 1` instead, not multiplied by 256 but divided the same
/// way. Other step types use the whole amount in every phase (the seed describes type 1).
pub const fn startup_amount(walk_speed: u8, forward_speed: u8, step_type: u8, phase: u8) -> i32 {
    let base = if walk_speed == 0 { (forward_speed >> 1) as i32 } else { walk_speed as i32 * 256 };
    if step_type != 1 {
        return base;
    }
    match phase {
        0 => base / 4,
        1 => base / 3,
        2 => base / 2,
        _ => base,
    }
}

/// The scaled translation distance: `(amount × scale) >> 8`.
pub const fn scaled(amount: i32, scale: i32) -> i32 {
    amount.wrapping_mul(scale) >> 8
}
