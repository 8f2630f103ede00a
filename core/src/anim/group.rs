//! The animation groups the engine requests by number or tests the current group against
//! ({D:engine/animation.md}; the numbers are the original's RAGR group indices), each named
//! once. The docs give no names for the groups: these say what the code does with them, and
//! where a group's role is known only from the one place that tests it, the name says so.

/// Standing: the group the idle counter runs in (any other current group resets it).
pub const STAND: i16 = 0;
/// The default group while a torch burns.
pub const TORCH: i16 = 5;
/// The hang pose (its first frame's grip vertex places the hands on the ledge).
pub const HANG: i16 = 7;
/// The default group while drawing or holding a weapon.
pub const ARMED: i16 = 8;
/// Turning left on the spot.
pub const TURN_LEFT: i16 = 14;
/// Turning right on the spot.
pub const TURN_RIGHT: i16 = 15;
/// Turning left with a burning torch.
pub const TURN_LEFT_TORCH: i16 = 16;
/// Turning right with a burning torch.
pub const TURN_RIGHT_TORCH: i16 = 17;
/// Running forward.
pub const RUN: i16 = 18;
/// Running backward.
pub const BACK: i16 = 19;
/// Walking forward, sheathed.
pub const WALK: i16 = 20;
/// Walking forward with a burning torch.
pub const WALK_TORCH: i16 = 21;
/// Walking backward.
pub const WALK_BACK: i16 = 22;
/// Backward with a burning torch.
pub const BACK_TORCH: i16 = 23;
/// Strafing left.
pub const STRAFE_LEFT: i16 = 24;
/// Strafing left with a burning torch.
pub const STRAFE_LEFT_TORCH: i16 = 25;
/// Strafing right.
pub const STRAFE_RIGHT: i16 = 26;
/// Strafing right with a burning torch.
pub const STRAFE_RIGHT_TORCH: i16 = 27;
/// Sidestepping left while hanging from a ledge.
pub const HANG_LEFT: i16 = 28;
/// Sidestepping right while hanging from a ledge.
pub const HANG_RIGHT: i16 = 29;
/// Running with a burning torch.
pub const RUN_TORCH: i16 = 30;
/// Walking forward in the combat stance.
pub const WALK_ARMED: i16 = 31;
/// A standing jump.
pub const JUMP_STAND: i16 = 32;
/// A standing jump with a burning torch.
pub const JUMP_STAND_TORCH: i16 = 33;
/// A running jump (from [`RUN`] or [`WALK_ARMED`]).
pub const JUMP_RUN: i16 = 34;
/// A running jump with a burning torch (from [`RUN_TORCH`]).
pub const JUMP_RUN_TORCH: i16 = 35;
/// A running jump taken by action entry 9.
pub const JUMP_RUN_BACK: i16 = 36;
/// Action entry 9's jump from [`RUN_TORCH`].
pub const JUMP_RUN_BACK_TORCH: i16 = 37;
/// Queued motion 1 in the air with a burning torch (its airborne-group table).
pub const AIRBORNE_1_TORCH: i16 = 38;
/// Queued motion 1 in the air.
pub const AIRBORNE_1: i16 = 39;
/// Queued motion 1 in the air, the high bit set.
pub const AIRBORNE_1_HIGH: i16 = 40;
/// Queued motion 2 in the air with a burning torch (its airborne-group table).
pub const AIRBORNE_2_TORCH: i16 = 41;
/// Queued motion 2 in the air.
pub const AIRBORNE_2: i16 = 42;
/// Queued motion 2 in the air, the high bit set.
pub const AIRBORNE_2_HIGH: i16 = 43;
/// Queued motion 8 or 24 in the air.
pub const AIRBORNE_8: i16 = 44;
/// Queued motion 8 or 24 in the air with a burning torch.
pub const AIRBORNE_8_TORCH: i16 = 45;
/// Queued motion 9 in the air.
pub const AIRBORNE_9: i16 = 46;
/// Queued motion 9 in the air with a burning torch.
pub const AIRBORNE_9_TORCH: i16 = 47;
/// Queued motion 8, 9 or 24 in the air, the high bit set.
pub const AIRBORNE_HIGH: i16 = 48;
/// A backward jump from running backward ([`BACK`]).
pub const JUMP_BACK: i16 = 49;
/// A backward jump from [`BACK_TORCH`].
pub const JUMP_BACK_TORCH: i16 = 50;
/// Falling, unarmed; also the drop from a hang.
pub const FALL: i16 = 56;
/// Falling with a burning torch.
pub const FALL_TORCH: i16 = 57;
/// Falling after a queued motion whose high bit is set, without a burning torch.
pub const FALL_HIGH: i16 = 58;
/// Falling off a run.
pub const FALL_RUN: i16 = 59;
/// Falling off a run with a burning torch.
pub const FALL_RUN_TORCH: i16 = 60;
/// Falling state 9 near its origin (the fall of [`JUMP_RUN_BACK`]).
pub const FALL_RUN_BACK: i16 = 61;
/// Falling state 9 near its origin with a burning torch.
pub const FALL_RUN_BACK_TORCH: i16 = 62;
/// Falling state 3 (the fall of [`JUMP_BACK`]).
pub const FALL_BACK: i16 = 63;
/// Falling state 3 with a burning torch.
pub const FALL_BACK_TORCH: i16 = 64;
/// Landing, unarmed.
pub const LAND: i16 = 65;
/// Landing with a burning torch.
pub const LAND_TORCH: i16 = 66;
/// Landing from low queued state 8, unarmed (the fall's landing table).
pub const LAND_8: i16 = 67;
/// Landing from low queued state 8 with a burning torch.
pub const LAND_8_TORCH: i16 = 68;
/// Landing from low queued state 9, unarmed.
pub const LAND_9: i16 = 69;
/// Landing from low queued state 9 with a burning torch.
pub const LAND_9_TORCH: i16 = 70;
/// A hurting landing or slide.
pub const HURT: i16 = 73;
/// A fatal landing or slide, and an unarmed nonplayer's death while falling or landing.
pub const FATAL: i16 = 74;
/// Sliding forward.
pub const SLIDE: i16 = 75;
/// Sliding backward.
pub const SLIDE_BACK: i16 = 76;
/// Sliding forward with a burning torch.
pub const SLIDE_TORCH: i16 = 77;
/// Sliding backward with a burning torch.
pub const SLIDE_BACK_TORCH: i16 = 78;
/// On a rope.
pub const ROPE: i16 = 79;
/// The jump the runtime jump selector forces.
pub const JUMP_SELECTED: i16 = 85;
/// The high climb.
pub const CLIMB_HIGH: i16 = 86;
/// Catching a hang with a wall below.
pub const CATCH: i16 = 88;
/// Catching a hang with no wall below (the ledge record's byte 0 set).
pub const CATCH_FREE: i16 = 89;
/// The low climb.
pub const CLIMB_LOW: i16 = 90;
/// Drawing the weapon.
pub const DRAW: i16 = 91;
/// Running in the combat stance.
pub const RUN_ARMED: i16 = 92;
/// Backward in the combat stance.
pub const BACK_ARMED: i16 = 93;
/// Circling left in the combat stance.
pub const CIRCLE_LEFT: i16 = 94;
/// Circling right in the combat stance.
pub const CIRCLE_RIGHT: i16 = 95;
/// Turning left on the spot in the combat stance (the ground turn's).
pub const TURN_LEFT_ARMED: i16 = 96;
/// Turning right on the spot in the combat stance.
pub const TURN_RIGHT_ARMED: i16 = 97;
/// A standing jump holding a weapon or in combat.
pub const JUMP_ARMED: i16 = 111;
/// Queued motion 1 in the air, holding a weapon.
pub const AIRBORNE_1_ARMED: i16 = 112;
/// Falling, armed.
pub const FALL_ARMED: i16 = 113;
/// Landing, armed.
pub const LAND_ARMED: i16 = 114;
/// An armed fall that `BounceObject`'s descent leaves running and an armed landing does not
/// interrupt (named by those two tests).
pub const FALL_ARMED_LATE: i16 = 115;
/// An armed landing: one of the landing groups a script `Jump` refuses in (named by its use).
pub const LAND_ARMED_LATE: i16 = 116;
/// A damage reaction holding a weapon (one of two the random draw picks).
pub const DAMAGE_ARMED_A: i16 = 117;
/// The other damage reaction holding a weapon.
pub const DAMAGE_ARMED_B: i16 = 118;
/// The armed player's death group.
pub const DEATH_ARMED: i16 = 122;
/// The dead default when the set has it.
pub const DEAD: i16 = 123;
/// The dead default otherwise.
pub const DEAD_ALT: i16 = 124;
/// Sheathing the weapon.
pub const SHEATH: i16 = 129;
/// Landing from low queued state 8, the player armed.
pub const LAND_8_ARMED: i16 = 130;
/// Landing from low queued state 9, the player armed.
pub const LAND_9_ARMED: i16 = 131;
/// An unarmed damage reaction (one of two the random draw picks).
pub const DAMAGE_A: i16 = 132;
/// The other unarmed damage reaction.
pub const DAMAGE_B: i16 = 133;
/// The unarmed death group (the player's, and a nonplayer's outside a fall or landing).
pub const DEATH: i16 = 134;
/// The selected player in deep water.
pub const DEEP_WATER: i16 = 141;
/// Swimming forward.
pub const SWIM: i16 = 142;
/// Swimming backward.
pub const SWIM_BACK: i16 = 143;
/// Lighting the torch.
pub const LIGHT_TORCH: i16 = 149;
/// Dousing the torch.
pub const DOUSE_TORCH: i16 = 150;

/// The landing groups a script `Jump` refuses in and a fall's death overrides: [`LAND_ARMED`],
/// [`LAND_ARMED_LATE`], [`LAND_8_ARMED`] and [`LAND_9_ARMED`].
pub const fn is_landing(g: i16) -> bool {
    matches!(g, LAND_ARMED | LAND_ARMED_LATE | LAND_8_ARMED | LAND_9_ARMED)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The landing set is the four groups `Jump`'s refusal lists (114, 116, 130, 131).
    #[test]
    fn the_landing_groups_are_the_docs_four() {
        for g in -1..=200 {
            assert_eq!(is_landing(g), matches!(g, 114 | 116 | 130 | 131), "{g}");
        }
    }
}
