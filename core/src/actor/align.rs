//! The arithmetic of moving the player to line up with an object ({D:engine/SOUP.md}
//! "Alignment distance thresholds", "Player alignment ownership and targets",
//! "PlayerPickupLineUp and PlayerParallelLineUp") and of `BounceObject`'s arc: speeds,
//! thresholds and targets. The tasks that use them run in [`crate::world`], which can move
//! one actor from another's script.

use super::{Actor, attr};
use crate::anim::group;
use crate::math::{Mat3, rounded_distance};
use crate::units::Angles;

/// The packed collision-response word's bits that count as a blocked alignment
/// (`0x01e2`: body-response bits 0x02, 0x20, 0x40, 0x80 and transition bit 0x01).
pub const RESPONSE_MASK: u16 = 0x01e2;
/// The collision-response age above which a nonzero response abandons an alignment.
pub const STALE_AGE: u8 = 8;
/// The return value of an alignment or `PlayerFaceObj` that is still going.
pub const GOING: i32 = 1;

/// The packed collision-response word: the body-response byte, then the transition byte
/// (the two auxiliary bytes above them are not kept by Stros and read as zero).
pub fn response_word(a: &Actor) -> u16 {
    a.body_response as u16 | (a.transition as u16) << 8
}

/// A nonzero response word older than [`STALE_AGE`]: the alignment gives up.
pub fn stale_response(a: &Actor) -> bool {
    response_word(a) != 0 && a.response_age > STALE_AGE
}

/// The alignment speed byte: an attribute chosen by the current animation group (0 for
/// other groups, or without an animation state).
pub fn alignment_speed(a: &Actor) -> i32 {
    if a.set.is_none() {
        return 0;
    }
    let index = match a.anim.current {
        group::RUN | group::RUN_TORCH | group::SWIM => attr::FORWARD_SPEED,
        group::BACK | group::SWIM_BACK => attr::BACKWARD_SPEED,
        group::WALK | group::WALK_TORCH => attr::FORWARD_WALK,
        group::WALK_BACK | group::BACK_TORCH => attr::BACKWARD_WALK,
        group::STRAFE_LEFT..=group::STRAFE_RIGHT_TORCH => attr::SIDE_SPEED,
        group::WALK_ARMED => attr::FIGHT_FORWARD_WALK,
        group::RUN_ARMED | group::BACK_ARMED => attr::FIGHT_FORWARD_SPEED,
        _ => return 0,
    };
    a.attr(index) as i32
}

/// The alignment arrival threshold `(((2·speed − 1) << 8) · scale) >> 8`, wrapping.
pub const fn arrival_threshold(speed: i32, scale: i32) -> i32 {
    ((2 * speed - 1) << 8).wrapping_mul(scale) >> 8
}

/// The facing helper's arrival threshold `(((speed + 1) << 8) · scale) >> 8`.
pub const fn facing_threshold(speed: i32, scale: i32) -> i32 {
    ((speed + 1) << 8).wrapping_mul(scale) >> 8
}

/// The movement-distance check: `((speed · 512 − 1) · scale) >> 8`; a step is permitted
/// for an actor in lifecycle state 7, at speed 0, for a nonpositive threshold or beyond it.
pub fn movement_permitted(a: &Actor, speed: i32, scale: i32, distance: i32) -> bool {
    let threshold = (speed.wrapping_mul(512).wrapping_sub(1)).wrapping_mul(scale) >> 8;
    a.lifecycle == 7 || speed == 0 || threshold <= 0 || distance > threshold
}

/// The alignment distance: local X/Z with Y zero, rounded.
pub fn horizontal_distance(from: [i32; 3], to: [i32; 3]) -> i32 {
    rounded_distance([to[0].wrapping_sub(from[0]), 0, to[2].wrapping_sub(from[2])])
}

/// The heading of the horizontal displacement from `from` to `to` (the facing step's
/// target).
pub fn heading_to(from: [i32; 3], to: [i32; 3]) -> i32 {
    crate::math::direction_from_displacement(to[0].wrapping_sub(from[0]), to[2].wrapping_sub(from[2])) as i32
}

/// `PlayerLineUp`'s target from its reference actor's local position and heading: the
/// heading `angle` added; the offsets `(x, 0, z)` turned by it and added to the reference's
/// X/Z (Y from the reference); the final player heading is that heading plus 1024.
pub fn lineup_target(position: [i32; 3], heading: u16, angle: i32, x: i32, z: i32) -> ([i32; 3], i32) {
    let turned_heading = (heading as i32).wrapping_add(angle) & 2047;
    let m = Mat3::from_orientation(Angles::new(0, turned_heading, 0));
    let o = m.transform_int([x, 0, z]);
    let target = [position[0].wrapping_add(o[0]), position[1], position[2].wrapping_add(o[2])];
    (target, (turned_heading + 1024) & 2047)
}

/// The pickup and parallel movers' target: the offsets added unrotated, the target heading
/// the receiver's plus `angle`.
pub fn pickup_target(position: [i32; 3], heading: u16, angle: i32, x: i32, z: i32) -> ([i32; 3], i32) {
    let target = [position[0].wrapping_add(x), position[1], position[2].wrapping_add(z)];
    (target, (heading as i32).wrapping_add(angle) & 2047)
}

/// The close-alignment stepper the bearing `b` (the player's heading less the heading to
/// the target, wrapped) selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseStep {
    /// `MoveRight`: `b` in 257–768.
    Right,
    /// The walking backward step: 769–1280.
    Backward,
    /// `MoveLeft`: 1281–1792.
    Left,
    /// `WalkForward`: otherwise.
    Forward,
}

impl CloseStep {
    /// The stepper for bearing `b`.
    pub const fn of(b: i32) -> CloseStep {
        match b & 2047 {
            257..=768 => CloseStep::Right,
            769..=1280 => CloseStep::Backward,
            1281..=1792 => CloseStep::Left,
            _ => CloseStep::Forward,
        }
    }

    /// Whether the step is kept: the bearing `after` the step, or for the backward step the
    /// distance to the target not grown.
    pub const fn keeps(self, after: i32, distance_before: i32, distance_after: i32) -> bool {
        let b = after & 2047;
        match self {
            CloseStep::Right => b >= 257 && b <= 767,
            CloseStep::Left => b >= 1281 && b <= 1791,
            CloseStep::Forward => b > 1792 || b < 256,
            CloseStep::Backward => distance_after <= distance_before,
        }
    }
}

/// `BounceObject`'s forward distance a step: `((128 − speed) << 8) / 3` (truncating) times
/// the frame scale `>> 8`.
pub const fn bounce_forward(speed: i32, scale: i32) -> i32 {
    (((128 - speed) << 8) / 3).wrapping_mul(scale) >> 8
}

/// `BounceObject`'s lift decrement a step: `((256 − power) << 4) · scale >> 8`.
pub const fn bounce_lift_drop(power: i32, scale: i32) -> i32 {
    ((256 - power) << 4).wrapping_mul(scale) >> 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actor::response;

    /// Walking (group 20) with `forward_walk` 6 at scale 256: the arrival threshold is
    /// `((2·6 − 1) << 8) = 2816`, the facing one `(7 << 8) = 1792`, the movement check's
    /// `6·512 − 1 = 3071`; speed 0 makes the first `−256` (never admits a distance).
    #[test]
    fn thresholds_by_hand() {
        assert_eq!(arrival_threshold(6, 256), 2816);
        assert_eq!(facing_threshold(6, 256), 1792);
        assert_eq!(arrival_threshold(0, 256), -256);
        assert_eq!(facing_threshold(0, 512), 512);
        let mut a = Actor::new(0, [0; 256]);
        assert!(movement_permitted(&a, 6, 256, 3072));
        assert!(!movement_permitted(&a, 6, 256, 3071));
        assert!(movement_permitted(&a, 0, 256, 0), "speed 0 always moves");
        a.lifecycle = 7;
        assert!(movement_permitted(&a, 6, 256, 0));
    }

    /// The speed byte follows the group: 18 reads attribute 8, 92 attribute 17, others 0;
    /// no animation state reads 0.
    #[test]
    fn alignment_speed_by_group() {
        let mut a = Actor::new(0, [0; 256]);
        a.attributes[8] = 40;
        a.attributes[17] = 9;
        a.anim.current = 18;
        assert_eq!(alignment_speed(&a), 0, "no animation state");
        a.set = Some(0);
        assert_eq!(alignment_speed(&a), 40);
        a.anim.current = 92;
        assert_eq!(alignment_speed(&a), 9);
        a.anim.current = 1;
        assert_eq!(alignment_speed(&a), 0);
    }

    /// `PlayerLineUp(0, 0, 300)` on a reference at (1000, 5, 1000) facing 0: the offset
    /// straight ahead (+Z) lands at (1000, 5, 1300) and the player ends facing 1024 (back
    /// at the reference). Facing 512, ahead is −X (the seed's heading convention:
    /// `sin(−512) = −1`): (700, 5, 1000), final heading 1536.
    #[test]
    fn lineup_targets_by_hand() {
        assert_eq!(lineup_target([1000, 5, 1000], 0, 0, 0, 300), ([1000, 5, 1300], 1024));
        assert_eq!(lineup_target([1000, 5, 1000], 256, 256, 0, 300), ([700, 5, 1000], 1536));
        assert_eq!(pickup_target([1000, 5, 1000], 2000, 100, 7, -7), ([1007, 5, 993], 52));
    }

    /// The docs' mask `0x01e2` over the packed word (body byte low, transition byte next)
    /// reads the transition byte's value 0x01 — 0x01e2 >> 8 = 0x01 — so a collision
    /// rollback's mark alone stops an alignment, and of the body-response marks only
    /// 0x02 (slid or restored) does: 0xe2 & (0x01 | 0x04 | 0x08 | 0x10) = 0.
    #[test]
    fn the_alignment_mask_reads_the_transition_mark() {
        let mut a = Actor::new(0, [0; 256]);
        a.transition = response::TRANSITION_RESTORED;
        assert_eq!(response_word(&a) & RESPONSE_MASK, 0x0100);
        a.transition = 0;
        for (mark, stops) in [
            (response::ADJUSTED, false),
            (response::SLID_OR_RESTORED, true),
            (response::OVERLAP, false),
            (response::FORWARD_HIT, false),
            (response::RESIDUAL, false),
        ] {
            a.body_response = mark;
            assert_eq!(response_word(&a) & RESPONSE_MASK != 0, stops, "mark {mark:#x}");
        }
    }

    /// The close steps' bearing bands and keep tests.
    #[test]
    fn close_steps_by_bearing() {
        assert_eq!(CloseStep::of(256), CloseStep::Forward);
        assert_eq!(CloseStep::of(257), CloseStep::Right);
        assert_eq!(CloseStep::of(1280), CloseStep::Backward);
        assert_eq!(CloseStep::of(1792), CloseStep::Left);
        assert_eq!(CloseStep::of(-10), CloseStep::Forward);
        assert!(CloseStep::Right.keeps(767, 0, 0) && !CloseStep::Right.keeps(768, 0, 0));
        assert!(CloseStep::Forward.keeps(1793, 0, 0) && !CloseStep::Forward.keeps(1792, 0, 0));
        assert!(CloseStep::Backward.keeps(0, 10, 10) && !CloseStep::Backward.keeps(0, 10, 11));
    }

    /// `BounceObject(160, 40, 1)` at scale 256: forward `((88 << 8) / 3) = 7509` a step,
    /// the lift dropping `(96 << 4) = 1536` a step.
    #[test]
    fn bounce_steps_by_hand() {
        assert_eq!(bounce_forward(40, 256), 7509);
        assert_eq!(bounce_lift_drop(160, 256), 1536);
        assert_eq!(bounce_lift_drop(160, 128), 768);
    }
}
