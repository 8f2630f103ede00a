//! Actors: the runtime record every placed object, the player and his shadow share
//! ([`Actor`]), and the actor-side rules of {A} that stand on their own —
//! "Ordinary actor eligibility" and "Supporting actor motion" (the unattached, nonplayer
//! path). The steppers that move an actor along its heading live in [`motion`]; the world
//! update that runs them in order lives in [`crate::world`].

pub mod align;
pub mod axis;
pub mod combat;
pub mod contacts;
pub mod default;
pub mod family;
pub mod jump;
pub mod living;
pub mod motion;
pub mod natives;
pub mod nav;
pub mod props;
mod record;
pub mod solo;
pub mod walk;

pub use record::*;

use crate::config::SystemConfig;
use crate::math::Mat3;
use crate::units::Angles;

/// What the steppers ([`motion`]) and the player's controller ask of the world around the
/// actor they move: the collision and animation queries the world update answers for one
/// actor in one update. The world implements it; the actor and player layers see only this.
pub trait Surroundings {
    /// SYSTEM.INI.
    fn config(&self) -> &SystemConfig;
    /// This update's frame scale (256 = one nominal tick).
    fn frame_scale(&self) -> i32;
    /// Ordinary request for `group` with modifier 0.
    fn request(&mut self, a: &mut Actor, group: i16);
    /// Whether the actor's animation set has `group`.
    fn has(&self, group: i16) -> bool;
    /// Whether the actor's ordinary spheres at runtime `position` touch a face model.
    fn body_blocked(&self, a: &Actor, position: [i32; 3]) -> bool;
    /// The forward walk's step check ahead.
    fn walk_forward_check(&mut self, a: &mut Actor) -> bool;
    /// The backward walk's step check behind.
    fn walk_backward_check(&mut self, a: &mut Actor) -> bool;
    /// "Nonplayer step hazard" at runtime `destination`.
    fn step_hazard(&self, a: &Actor, destination: [i32; 3]) -> bool;
    /// "Nonplayer deep-water and edge probe" along `heading`.
    fn edge_probe_passes(&self, a: &Actor, heading: i32) -> bool;
    /// The lateral edge test of a hanging sidestep to the `left` or right
    /// ({D:engine/player.md} "Hanging sidestep").
    fn lateral_edge(&mut self, a: &Actor, left: bool) -> bool;
    /// "Nonplayer blocked-ahead probe" for `distance`: whether its point touches a model of
    /// the update's candidate list.
    fn blocked_ahead(&self, a: &Actor, distance: i32) -> bool;
    /// The ordinary jump initialization ([`jump::initialize`]) with this update's animation
    /// context.
    fn jump_init(&mut self, a: &mut Actor, entry: jump::Entry) -> jump::Start;
}

/// Script-control bit that excludes an actor from the ordinary update.
pub const SCRIPT_CONTROL_EXCLUDED: u8 = 0x08;

/// What "Ordinary actor eligibility" tests before an actor's update body runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eligibility {
    /// The actor is the unselected member of the two designated player actors.
    pub unselected_player: bool,
    /// An active script-name exclusion matches the actor.
    pub script_name_excluded: bool,
    /// The runtime object-update exclusion.
    pub object_update_exclusion: u8,
    /// The script-control bits.
    pub script_control: u8,
}

impl Eligibility {
    /// Whether the update body (animation stage and main script stage) runs.
    pub const fn admitted(&self) -> bool {
        !self.unselected_player
            && !self.script_name_excluded
            && self.object_update_exclusion == 0
            && self.script_control & SCRIPT_CONTROL_EXCLUDED == 0
    }
}

/// `[debug] disable_slaves` / `disable_master_slaves`: set the object-update exclusion of
/// slave-only actors, or of actors that are both master and slave. An option that is off
/// never clears an exclusion already set.
pub fn apply_debug_exclusions(
    attributes: &[u8; 256],
    disable_slaves: i32,
    disable_master_slaves: i32,
    exclusion: &mut u8,
) {
    let (master, slave) = (attributes[attr::MASTER] != 0, attributes[attr::SLAVE] != 0);
    let option = if master { disable_master_slaves } else { disable_slaves };
    if slave && option != 0 {
        *exclusion = 1;
    }
}

/// A supporting actor's pose this update and at update entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SupportPose {
    /// Current local position (runtime units).
    pub position: [i32; 3],
    /// Local position at update entry.
    pub entry_position: [i32; 3],
    /// Current angles.
    pub angles: Angles,
    /// Previous angles.
    pub previous_angles: Angles,
}

/// "Supporting actor motion", unattached nonplayer path: the rider moves by the support's
/// position delta and turns by its heading delta ([`carry_translation`]), then its offset
/// from the support is rotated with the support ([`carry_rotation`]). A support with
/// attribute 24 zero carries nobody.
pub fn carry_rider(
    rider: &mut [i32; 3],
    rider_heading: &mut u16,
    support: &SupportPose,
    support_attr_24: u8,
) {
    if support_attr_24 == 0 {
        return;
    }
    carry_translation(rider, rider_heading, support);
    *rider = carry_rotation(*rider, support);
}

/// The first half of the rider transform: the support's position delta added to the rider's
/// position, its heading delta to the rider's heading (wrapped to 2048).
pub fn carry_translation(rider: &mut [i32; 3], rider_heading: &mut u16, support: &SupportPose) {
    *rider =
        [0, 1, 2].map(|k| rider[k].wrapping_add(support.position[k].wrapping_sub(support.entry_position[k])));
    let turn = support.angles.heading as i32 - support.previous_angles.heading as i32;
    *rider_heading = ((*rider_heading as i32 + turn) & 2047) as u16;
}

/// The second half: the translated rider's offset from the support taken back through the
/// column (transposed) transform of the matrix of the negated previous angles and out through
/// the row transform of the negated current ones, each storing its inputs as f32 and
/// rounding results nearest-even. Pitch and roll move the rider but never change its own
/// pitch or roll.
pub fn carry_rotation(translated: [i32; 3], support: &SupportPose) -> [i32; 3] {
    let offset = [0, 1, 2].map(|k| translated[k].wrapping_sub(support.position[k]));
    let undone = Mat3::from_orientation(support.previous_angles).transform_int_transposed(offset);
    let redone = Mat3::from_orientation(support.angles).transform_int(undone);
    [0, 1, 2].map(|k| redone[k].wrapping_add(support.position[k]))
}
