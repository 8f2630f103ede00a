//! What loading an actor does to its attribute copy ({D:engine/SOUP.md}, "Initial
//! attribute copy and defaults"): the fixed defaults every loaded actor gets, and the
//! shared message-group counter that actors with an animation model table draw from.

use crate::actor::attr;
use crate::config::SystemConfig;

/// `attr_draw_frame` (35) when the definition leaves it zero.
pub const DEFAULT_DRAW_FRAME: u8 = 2;
/// `attr_sheath_frame` (34) when the definition leaves it zero.
pub const DEFAULT_SHEATH_FRAME: u8 = 10;

/// The actor's own copy of its definition's RAAT bytes with the load-time adjustments, in
/// the table's order: 31 (`jump_time`) when its *signed* byte is zero or negative (so 0 and
/// 128–255) and 32 (`jump_height`) when zero take the low byte of the effective
/// `[system] jump_time` / `jump_height` ([`SystemConfig`] has applied "below 1 uses 6 and
/// 80"); 35 and 34 default to 2 and 10 when zero; 25 and 26 (master, slave) clear when
/// `[debug] disable_family` is exactly 1; 115 (`reserved_weight`) copies 6 and 119
/// (`reserved_collide`) copies 1. Later attribute writes do not rerun any of this.
pub fn initial(raat: &[u8; 256], config: &SystemConfig) -> [u8; 256] {
    let mut a = *raat;
    if a[attr::JUMP_TIME] as i8 <= 0 {
        a[attr::JUMP_TIME] = config.jump_time as u8;
    }
    if a[attr::JUMP_HEIGHT] == 0 {
        a[attr::JUMP_HEIGHT] = config.jump_height as u8;
    }
    if a[attr::DRAW_FRAME] == 0 {
        a[attr::DRAW_FRAME] = DEFAULT_DRAW_FRAME;
    }
    if a[attr::SHEATH_FRAME] == 0 {
        a[attr::SHEATH_FRAME] = DEFAULT_SHEATH_FRAME;
    }
    // "Exactly 1": the INI reader does not normalise numbers to booleans, so 2 keeps them.
    if config.disable_family == 1 {
        a[attr::MASTER] = 0;
        a[attr::SLAVE] = 0;
    }
    a[attr::RESERVED_WEIGHT] = a[attr::WEIGHT];
    a[attr::RESERVED_COLLIDE] = a[attr::COLLIDE];
    a
}

/// The shared `attr_mess_group` (125) counter: reset to zero when a map opens, it hands
/// out its current value and then steps modulo 256, across definitions and instances.
/// Actors loaded through the animation model table take a value, and so does the type-1
/// placement-model fallback that builds a table; the static-model paths and actors without
/// a model do not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MessGroups {
    next: u8,
}

impl MessGroups {
    /// The current value; the counter moves on, wrapping at 256.
    pub fn take(&mut self) -> u8 {
        let v = self.next;
        self.next = self.next.wrapping_add(1);
        v
    }

    /// The value the next actor will take.
    pub fn peek(&self) -> u8 {
        self.next
    }

    /// Assigns the next value to `attributes`' message group.
    pub fn assign(&mut self, attributes: &mut [u8; 256]) {
        attributes[attr::MESS_GROUP] = self.take();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counter_hands_out_its_value_then_wraps_at_256() {
        let mut m = MessGroups::default();
        let taken: [u8; 258] = core::array::from_fn(|_| m.take());
        // 0, 1, …, 255, then 0 and 1 again: modulo 256, not saturating at 255.
        assert_eq!((taken[0], taken[1], taken[255], taken[256], taken[257]), (0, 1, 255, 0, 1));
        assert_eq!(m.peek(), 2);
    }
}
