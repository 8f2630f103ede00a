//! The player ({M}): "Ground-turn arithmetic" and the selected player's controller ([`controller`]: the
//! turning, walk/run choice and forward/backward dispatch of "Ordinary controller
//! dispatch" and "Ground-turn eligibility and animation").

pub mod controller;

use crate::actor::motion::scaled;

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

/// The player's controller state that outlives an update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// The ground-turn accumulators.
    pub turn: Turn,
    /// `[cyrus] walk_mode`, toggled by Tab.
    pub walk_mode: i32,
}
