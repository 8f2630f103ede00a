//! Support-following ({A} and the {D:engine/animation.md}, "Supporting actor
//! motion"): a rider standing on a live actor moves and turns with it after collision
//! handling, before attribute-controlled axis restoration.
//!
//! Paths Stros reaches: the unattached support ([`carry_rider`]), an attached support (its
//! current and previous *effective* pose, nothing during the first two family generations)
//! and a linked one (its cached positions before and after the latest refresh), all through
//! [`Actor::support_pose`], and the selected player's rejection of the carried destination
//! (collision bit 0x01); and, for the selected player in living states 10–19, the
//! ledge-support actor instead of the ground support, carrying the retained ledge point and
//! heading with him ([`carry_ledge`]).

use super::live::{LiveModel, LiveScene, Prepared};
use super::models::Running;
use super::queries::Env;
use crate::actor::living;
use crate::actor::{Actor, SupportPose, attr, carry_rider, carry_rotation, carry_translation, collide};
use crate::capacity::Capacity;
use crate::collision::faces;
use crate::collision::shape::{collision_matrix, prepare};
use crate::collision::statics::{Scene, model_spheres, segment_contacts};
use crate::player::ledge::Ledge;
use crate::world::live::Others;

/// Support-following of actor `me` (`a`, detached from `actors`).
pub(super) fn support_following<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    actors: &Others<'_>,
    me: u16,
) {
    // Living states 10–19 follow the ledge-support actor. Only the selected player has a
    // ledge state; another actor in those states has no ledge support and stays (best guess:
    // the docs keep the ledge reference for the selected player alone).
    let ledge = living::is_ledge(a.living);
    let owner = if !ledge {
        a.support_owner
    } else if env.is_player {
        env.systems.player.ledge.support
    } else {
        None
    };
    let Some(owner) = owner.filter(|&o| o != me).and_then(|o| actors.get(o as usize)) else {
        return;
    };
    // A missing owner or attribute 24 zero leaves the rider unchanged.
    if owner.attr(attr::PLAYER_ALIGN) == 0 {
        return;
    }
    if ledge {
        // The same attachment rules; no destination queries for the hanging player.
        if let Some(pose) = owner.support_pose() {
            carry_ledge(a, &mut env.systems.player.ledge, &pose);
        }
        return;
    }
    // An attached support's effective poses (nothing before its second family refresh), a
    // linked one's cached positions, else its local pose.
    let Some(pose) = owner.support_pose() else { return };
    if !(env.is_player && a.collide() & collide::BODY != 0) {
        carry_rider(&mut a.position, &mut a.angles.heading, &pose, owner.attr(attr::PLAYER_ALIGN));
        return;
    }
    // The selected player with body contacts: translation and heading delta first, then the
    // rotated destination only when nothing meets it.
    carry_translation(&mut a.position, &mut a.angles.heading, &pose);
    let destination = carry_rotation(a.position, &pose);
    if !destination_blocked(a, env, actors, destination, me) {
        a.position = destination;
    }
}

/// {D:engine/animation.md} "Supporting actor motion" in living states 10–19: the rider and
/// the retained ledge point each move by the support's translation and turn about it with
/// the same rotation, and the rider's and the ledge's headings take its heading delta
/// (wrapped to 2048), in one pass.
fn carry_ledge(a: &mut Actor, ledge: &mut Ledge, pose: &SupportPose) {
    carry_translation(&mut a.position, &mut a.angles.heading, pose);
    a.position = carry_rotation(a.position, pose);
    carry_translation(&mut ledge.point, &mut ledge.heading, pose);
    ledge.point = carry_rotation(ledge.point, pose);
}

/// Whether the selected player's carried `destination` is rejected: the candidate models are
/// gathered again at his translated position (his own model excluded); his ordinary body
/// spheres, placed at the destination with his current angles, meet a face-model candidate,
/// or the segment from his update-entry position to the destination does. Polygon
/// sidedness is off for both.
fn destination_blocked<C: Capacity>(
    a: &Actor,
    env: &Env<'_, '_, C>,
    actors: &Others<'_>,
    destination: [i32; 3],
    me: u16,
) -> bool {
    // The update's scene holds the actors near where it started; this gather has its own.
    let mut models = C::Work::<LiveModel<'_>>::default();
    env.tables.live_all(&Running { me, actor: a, others: actors }, me, &mut models);
    let live = LiveScene { live: &models, ..*env.scene.scene };
    let lists = live.gather(a.map_position(), Env::<C>::query_radius(a), Some(me));
    let scene = Prepared { scene: &live, lists: &lists };
    let placed = prepare(destination, a.angles.pitch, a.angles.heading, a.angles.roll);
    let matrix = collision_matrix(placed.angle_fields);
    let origin = placed.origin.map(|c| c as i32);
    // Transient models (candidate type 0x80) are left out of the sphere test while queued
    // motion is 24; the segment test keeps them.
    let kept = (a.queued == 24).then(|| live.without_transients(&lists)).flatten();
    let faces = kept.as_ref().unwrap_or(&lists).faces.iter();
    let spheres_meet = faces.filter_map(|c| scene.model(c.placement)).any(|p| {
        let spheres = model_spheres(p, origin, matrix, env.tables.spheres(a));
        faces::sphere_touches(&p.model, spheres, false)
    });
    if spheres_meet {
        return true;
    }
    let from = a.previous.map(|c| (c >> 8) as f32);
    let to = destination.map(|c| (c >> 8) as f32);
    segment_contacts(&scene, scene.lists, from, to, false).next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::Angles;

    /// A ledge support that moved +1000 along X and turned a quarter (heading 0 → 512)
    /// about its own origin at (1000, 0, 0) (was at the origin). Translation: the rider at
    /// (0, −500, 3000) goes to (1000, −500, 3000), heading 100 → 612; the ledge point
    /// (0, 0, 2000) to (1000, 0, 2000), heading 2000 → (2000 + 512) & 2047 = 464. Rotation
    /// about (1000, 0, 0): the offsets (0, −500, 3000) and (0, 0, 2000) go back through the
    /// previous (identity) angles unchanged and out through the rows (c, 0, s), (0, 1, 0),
    /// (−s, 0, c) of heading 512, s the sample at −512 & 2047 = 1536, −1, and c the one at
    /// 2048 & 2047 = 0, 0: (0, y, d) becomes (−d, y, 0). Rider (1000 − 3000, −500, 0) =
    /// (−2000, −500, 0); ledge point (1000 − 2000, 0, 0) = (−1000, 0, 0).
    #[test]
    fn a_ledge_support_carries_the_rider_and_the_ledge() {
        let mut a = Actor::new(0, [0; 256]);
        a.position = [0, -500, 3000];
        a.angles.heading = 100;
        let mut ledge = Ledge { point: [0, 0, 2000], heading: 2000, ..Ledge::default() };
        let pose = SupportPose {
            position: [1000, 0, 0],
            entry_position: [0, 0, 0],
            angles: Angles { heading: 512, ..Angles::default() },
            previous_angles: Angles::default(),
        };
        carry_ledge(&mut a, &mut ledge, &pose);
        assert_eq!((a.position, a.angles.heading), ([-2000, -500, 0], 612));
        assert_eq!((ledge.point, ledge.heading), ([-1000, 0, 0], 464));
    }
}
