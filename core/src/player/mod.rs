//! The player (seed 000): "Ground-turn arithmetic", the startup amounts of
//! "Forward-walking startup", and the selected player's controller ([`controller`]: the
//! turning, walk/run choice and forward/backward dispatch of "Ordinary controller
//! dispatch" and "Ground-turn eligibility and animation").

pub mod controller;

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
    /// One input update of "Ground-turn arithmetic": each accumulator steps ([`accumulate`])
    /// by `increment` while below `limit` — `turn_speed` and `turn_max_speed` for ordinary
    /// turning, the fight-turn attributes in combat — and each is scaled by the frame scale
    /// `>> 8` on its own ([`scaled`]). Returns the net turn: the scaled left amount minus the
    /// scaled right one (apply it with [`turned`]).
    pub fn step(&mut self, left: bool, right: bool, increment: i32, limit: i32, scale: i32) -> i32 {
        self.left = accumulate(self.left, left, increment, limit);
        self.right = accumulate(self.right, right, increment, limit);
        scaled(self.left, scale).wrapping_sub(scaled(self.right, scale))
    }
}

/// The heading after a net turn: the scaled left amount added, the scaled right amount
/// subtracted, wrapped to 2048.
pub const fn turned(heading: u16, net: i32) -> u16 {
    ((heading as i32).wrapping_add(net) & 2047) as u16
}

/// Startup phases of ordinary forward walking.
pub const STARTUP_PHASES: u8 = 4;

/// The startup-distance adjustment of a step counter below three, by `attr_step_type`
/// (newest `engine/SOUP.md`, `MoveBackward`; seed 000 gives the type-1 row): type 1 takes a
/// quarter, a third and a half (`>> 2`, `/ 3`, `>> 1`), type 2 nothing, `d × 85 >> 8` and
/// `d × 170 >> 8`, type 3 nothing, nothing and a half; other types the whole distance.
/// Counter three and above keeps the whole distance. A walking speed of 8 with step type 1
/// ([`walk_amount`] 2048) gives 512, 682, 1024 and then 2048.
pub const fn startup_adjust(d: i32, step_type: u8, counter: u8) -> i32 {
    match (step_type, counter) {
        (1, 0) => d >> 2,
        (1, 1) => d / 3,
        (1, 2) => d >> 1,
        (2, 0) | (3, 0) | (3, 1) => 0,
        (2, 1) => d.wrapping_mul(85) >> 8,
        (2, 2) => d.wrapping_mul(170) >> 8,
        (3, 2) => d >> 1,
        _ => d,
    }
}

/// A walk's runtime-unit step before startup and frame scaling: the selected step length
/// × 256 — or, when that length is zero, `fallback_speed >> 1`, *not* multiplied by 256
/// (seed 000 "Forward-walking startup": `attr_forward_speed >> 1` for the forward walks,
/// the sheathed, torch and armed ones and their continuation alike; newest
/// `engine/SOUP.md`, `WalkBackward`: attribute 9 `>> 1` for the backward walks).
pub const fn walk_amount(step_length: u8, fallback_speed: u8) -> i32 {
    if step_length == 0 { (fallback_speed >> 1) as i32 } else { step_length as i32 * 256 }
}

/// An amount scaled by the frame scale: `(amount × scale) >> 8`, the product wrapping and
/// the shift arithmetic — every per-update distance and turn of the controller and the
/// steppers goes through it.
pub const fn scaled(amount: i32, scale: i32) -> i32 {
    amount.wrapping_mul(scale) >> 8
}
