//! The selected player as the natives' player queries read him.

use super::camera;
use crate::actor::{Actor, living};
use crate::anim::group;

/// The selected player as the player queries see him ({D:engine/SOUP.md} "PlayerStatus",
/// "PlayerOnScape", "Player turn, speed, arctangent and location-distance queries").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// Position, runtime units.
    pub position: [i32; 3],
    /// Position at his update's entry.
    pub previous: [i32; 3],
    /// Angles.
    pub angles: crate::units::Angles,
    /// Angles at his update's entry.
    pub previous_angles: crate::units::Angles,
    /// Queued, falling, sliding and living bytes.
    pub motion: [u8; 4],
    /// Current animation group.
    pub group: i16,
    /// Attributes 8, 9, 10, 12 and 13 (the speeds `PlayerMovementSpeed` picks from).
    pub speeds: [u8; 5],
    /// He has animation state (a model handle).
    pub animated: bool,
    /// His pending animation group (`WaitPlayerAnimFrame`).
    pub pending: i16,
    /// His frame-progress byte `anim.real_frame` (`WaitPlayerAnimFrame`).
    pub real_frame: u8,
    /// His last ground response stood on the terrain.
    pub on_scape: bool,
    /// `IsHoldingWeapon`.
    pub holding_weapon: bool,
    /// A rope association.
    pub rope: bool,
    /// His attributes 45–52 (`camera_move`, `camera_pan_type`, the six camera offsets).
    pub camera_attributes: [u8; 8],
    /// His positive Y extent (down to the feet).
    pub positive_y: i32,
    /// The actor his last ground response stood on.
    pub support_owner: Option<u16>,
    /// The actor whose model his ledge hang holds (the world fills it in).
    pub hang_support: Option<u16>,
    /// His update's contact lists (the world fills them in).
    pub contacts: crate::actor::contacts::ContactLists,
}

impl PlayerView {
    /// The view of actor `a`.
    pub fn of(a: &Actor) -> PlayerView {
        PlayerView {
            position: a.position,
            previous: a.previous,
            angles: a.angles,
            previous_angles: a.previous_angles,
            motion: [a.queued, a.falling, a.sliding, a.living],
            group: a.anim.current,
            speeds: [8, 9, 10, 12, 13].map(|k| a.attr(k)),
            animated: a.set.is_some(),
            pending: a.anim.pending,
            real_frame: a.anim.real_frame,
            on_scape: a.support.source == crate::collision::support::Source::Terrain,
            holding_weapon: a.holds_weapon(),
            rope: a.rope,
            camera_attributes: camera::attributes(a),
            positive_y: a.bounds.positive[1],
            support_owner: a.support_owner,
            hang_support: None,
            contacts: Default::default(),
        }
    }

    /// `PlayerStatus()`: the first matching rule's class — queued 1, 2, 8, 3 → 1–4; falling 2,
    /// 8, 3 → 5–7; sliding → 8; living 10, 11, 20, 21 → 9–12; groups 18/30, 19/23, 24/25,
    /// 26/27, 20/21, 22 → 15–20; moved since his update's entry → 21; else 0.
    pub fn status(&self) -> i32 {
        let [queued, falling, sliding, state] = self.motion;
        let by_queued = match queued {
            1 => 1,
            2 => 2,
            8 => 3,
            3 => 4,
            _ => 0,
        };
        let by_falling = match falling {
            2 => 5,
            8 => 6,
            3 => 7,
            _ => 0,
        };
        let by_living = match state {
            living::TURN_HIGH => 9,
            living::CLIMB_HIGH => 10,
            living::DRAWING => 11,
            living::SHEATHING => 12,
            _ => 0,
        };
        let by_group = match self.group {
            group::RUN | group::RUN_TORCH => 15,
            group::BACK | group::BACK_TORCH => 16,
            group::STRAFE_LEFT | group::STRAFE_LEFT_TORCH => 17,
            group::STRAFE_RIGHT | group::STRAFE_RIGHT_TORCH => 18,
            group::WALK | group::WALK_TORCH => 19,
            group::WALK_BACK => 20,
            _ => 0,
        };
        let moved = if self.position != self.previous { 21 } else { 0 };
        let sliding = if sliding != 0 { 8 } else { 0 };
        [by_queued, by_falling, sliding, by_living, by_group, moved]
            .into_iter()
            .find(|&c| c != 0)
            .unwrap_or(0)
    }

    /// `PlayerMovementSpeed()`: by the current group, attribute 8 (18, 30), 9 (19), 12 (20,
    /// 21), 13 (22, 23) or 10 (24–27); 0 otherwise or without animation state.
    pub fn movement_speed(&self) -> i32 {
        if !self.animated {
            return 0;
        }
        let k = match self.group {
            group::RUN | group::RUN_TORCH => 0,
            group::BACK => 1,
            group::WALK | group::WALK_TORCH => 3,
            group::WALK_BACK | group::BACK_TORCH => 4,
            group::STRAFE_LEFT..=group::STRAFE_RIGHT_TORCH => 2,
            _ => return 0,
        };
        self.speeds[k] as i32
    }

    /// `PlayerTurnedDirection()`: the sign of the change of the negated yaw
    /// `(2048 − yaw) & 2047`, inverted when the change exceeds 1024 in magnitude.
    pub fn turned_direction(&self) -> i32 {
        let negated = |y: u16| (2048 - y as i32) & 2047;
        let change = negated(self.angles.heading) - negated(self.previous_angles.heading);
        let sign = change.signum();
        if change.abs() > 1024 { -sign } else { sign }
    }
}
