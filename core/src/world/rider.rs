//! Support-following ({A} and the {D:engine/animation.md}, "Supporting actor
//! motion"): a rider standing on a live actor moves and turns with it after collision
//! handling, before attribute-controlled axis restoration.
//!
//! Paths Stros reaches: the unattached support ([`carry_rider`]), an attached support (its
//! current and previous *effective* pose, nothing during the first two family generations)
//! and a linked one (its cached positions before and after the latest refresh), all through
//! [`Actor::support_pose`], and the selected player's rejection of the carried destination
//! (collision bit 0x01). Paths with no backing state yet, marked where they would run:
//! - living states 10–19 follow the ledge-support actor instead of the ground support, and
//!   carry the retained ledge point and heading — ledges are a later issue;
//! - transient models (candidate type 0x80, which the player's test skips while queued
//!   motion is 24) do not exist in Stros.

use super::live::Prepared;
use super::queries::Env;
use crate::actor::{Actor, attr, carry_rider, carry_rotation, carry_translation, collide};
use crate::capacity::Capacity;
use crate::collision::faces;
use crate::collision::shape::{collision_matrix, prepare};
use crate::collision::statics::{Scene, model_spheres, segment_contacts};
use crate::world::live::Others;

/// Support-following of actor `me` (`a`, detached from `actors`).
pub(super) fn support_following<C: Capacity>(
    a: &mut Actor,
    env: &Env<'_, '_, C>,
    actors: &Others<'_>,
    me: u16,
) {
    let Some(owner) = a.support_owner.filter(|&o| o != me).and_then(|o| actors.get(o as usize)) else {
        return;
    };
    // A missing owner or attribute 24 zero leaves the rider unchanged.
    if owner.attr(attr::PLAYER_ALIGN) == 0 {
        return;
    }
    if (10..=19).contains(&a.living) {
        // The ledge-support actor's path: no ledges in Stros yet (module note).
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
    if !destination_blocked(a, env, destination, me) {
        a.position = destination;
    }
}

/// Whether the selected player's carried `destination` is rejected: the candidate models are
/// gathered again at his translated position (his own model excluded); his ordinary body
/// spheres, placed at the destination with his current angles, meet a face-model candidate,
/// or the segment from his update-entry position to the destination does. Polygon
/// sidedness is off for both.
fn destination_blocked<C: Capacity>(a: &Actor, env: &Env<'_, '_, C>, destination: [i32; 3], me: u16) -> bool {
    let live = env.scene.scene;
    let lists = live.gather(a.map_position(), Env::<C>::query_radius(a), Some(me));
    let scene = Prepared { scene: live, lists: &lists };
    let placed = prepare(destination, a.angles.pitch, a.angles.heading, a.angles.roll);
    let matrix = collision_matrix(placed.angle_fields);
    let origin = placed.origin.map(|c| c as i32);
    let spheres_meet = scene.lists.faces.iter().filter_map(|c| scene.model(c.placement)).any(|p| {
        let spheres = model_spheres(p, origin, matrix, a.shape.ordinary_spheres());
        faces::sphere_touches(&p.model, spheres, false)
    });
    if spheres_meet {
        return true;
    }
    let from = a.previous.map(|c| (c >> 8) as f32);
    let to = destination.map(|c| (c >> 8) as f32);
    segment_contacts(&scene, scene.lists, from, to, false).next().is_some()
}
