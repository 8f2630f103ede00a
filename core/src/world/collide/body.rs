//! The body contacts of collision bit 0x01 and their response.

use super::fall::motion_transition;
use crate::actor::living;
use crate::actor::{Actor, response};
use crate::capacity::Capacity;
use crate::collision::response::{
    BodyContact, Horizontal, collect_primary, faces_movement, horizontal_response, movement_heading,
    residual_push_sum, separation_distance, wall_facing,
};
use crate::collision::shape::{Sphere, collision_matrix, prepare};
use crate::collision::statics::{face_contact_normals, face_contacts};
use crate::world::live::Prepared;
use crate::world::queries::Env;

/// The primary body-contact response and the residual separation of bit 0x01.
// Kept out of line on a microcontroller: inlined into its caller, its large frame would
// stack under the natives the caller's scripts call (the M0+ stack budget). A desktop
// build inlines it (about 9% of a retail ISLAND step).
#[cfg_attr(target_os = "none", inline(never))]
pub(super) fn body_response<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    // No face model: no primary contact (the terrain's is never appended here) and no
    // residual one.
    if env.no_face_models() {
        a.body_contacts = 0;
        return;
    }
    let placed = prepare(a.position, a.angles.pitch, a.angles.heading, a.angles.roll);
    let m = collision_matrix(placed.angle_fields);
    let origin = placed.origin.map(|c| c as i32);
    let radius = Env::<C>::query_radius(a);
    let mut models = face_contacts(env.scene, origin, &m, env.tables.spheres(a), radius);
    let models = models.by_ref();
    // The selected player's first and second contact lists take each actor whose model
    // the pass touches ({D:engine/player.md} "Player contact lists"); models the pass never
    // queries (after its sixteenth contact) are not touched.
    let live = env.scene.scene;
    let (is_player, lists) = (env.is_player, &mut env.systems.player.contacts);
    let touched = models.inspect(|w| {
        if let Some(l) = live.live_model(w.placement).filter(|_| is_player) {
            lists.touched(l.actor);
        }
    });
    // The extra (terrain) contact is appended only when the shared extra-contact flag is
    // set, which nothing in this core sets: heightmap presence alone does not admit it.
    let contacts = collect_primary(touched.map(|w| BodyContact::new(w.point, w.normal)), None);
    a.body_contacts = contacts.len() as u8;
    let heading = movement_heading(a.position, a.previous, a.angles.heading);
    let pre_heading = a.angles.heading;
    let attempted = a.position;
    // {D:engine/player.md} "Body-contact motion states": each admitted facing contact runs
    // the motion transition before its dot product, and a sliding actor's low dot product
    // restores nothing. Two parts are not here: the `[cyrus] auto_grab` exit, whose
    // "grabbing path" the docs do not describe (the switch is off by default), and the
    // skip of candidate type 64 while sliding: no candidate source the docs describe is
    // typed 64 (player.md types transient models 0x80; SOUP.md types static placements 0x20
    // or 1 and actor-owned models 0x80 or 16), so nothing here carries it.
    for c in &contacts {
        if !faces_movement(c, heading) {
            continue;
        }
        motion_transition(a, env);
        match horizontal_response(a.previous, attempted, c.normal, env.assets.config.slide_range) {
            Horizontal::Projected { x, z } => {
                a.position[0] = x;
                a.position[2] = z;
                let still = a.queued == 0 && a.falling == 0 && a.living == living::NONE && a.sliding == 0;
                if still && a.position != a.previous {
                    a.angles.heading = wall_facing(heading, c.normal, pre_heading);
                    a.body_response |= response::ADJUSTED;
                } else {
                    a.body_response |= response::SLID_OR_RESTORED;
                }
            }
            Horizontal::Restored => {
                if a.sliding == 0 {
                    a.position[0] = a.previous[0];
                    a.position[2] = a.previous[2];
                    a.body_response |= response::SLID_OR_RESTORED;
                }
            }
        }
    }
    // "Residual face-contact separation": the first working record — its ordinary count,
    // the angles copied at update entry, the origin refreshed — with a common radius.
    let base = env.tables.first_radius(a);
    let r = if a.living == living::HANGING {
        base >> 1
    } else if a.queued != 0 || a.falling != 0 {
        base.wrapping_mul(200) >> 8
    } else {
        base
    };
    let common = env.tables.spheres(a).map(move |s| Sphere { centre: s.centre, radius: r });
    let angles = a.previous_angles;
    let placed = prepare(a.position, angles.pitch, angles.heading, angles.roll);
    let m = collision_matrix(placed.angle_fields);
    // Queued motion 24 leaves transient models out of this scan.
    let kept = env.queued_lists(a);
    let scene = Prepared { scene: env.scene.scene, lists: kept.as_ref().unwrap_or(env.scene.lists) };
    let (sum, count) = face_contact_normals(&scene, placed.origin.map(|c| c as i32), &m, common, radius);
    if count != 0 {
        let distance = separation_distance(
            a.position[0].wrapping_sub(a.previous[0]),
            a.position[2].wrapping_sub(a.previous[2]),
            env.assets.config.poly_push_units,
        );
        if let Some(p) = residual_push_sum(a.position, sum, count, distance) {
            a.position = p;
        }
        a.body_response |= response::RESIDUAL;
    }
}
