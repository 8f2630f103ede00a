//! "Forward obstacle wrapper and motion transition" and "Ordinary forward segment response".

use super::fall::motion_transition;
use crate::actor::{Actor, response};
use crate::capacity::Capacity;
use crate::collision::response::{correct_2047, normalise, opposing_heading};
use crate::collision::statics::segment_contacts;
use crate::math::direction_from_displacement;
use crate::world::queries::Env;

/// "Ordinary forward segment response" at vertical offset `voff`: the segment from the
/// previous to the current origin (map units) against the prepared face models. Facing
/// contacts (inclusive −511…511 after the 2047 correction) fold their normals in order;
/// the point of the smallest `rank & 0x7fff` is kept; a responding query puts X/Z at
/// `point × 256 + normal × radius`.
pub(super) fn forward_segment<C: Capacity>(
    a: &mut Actor,
    env: &Env<'_, '_, C>,
    voff: i32,
    respond: bool,
) -> bool {
    if env.no_face_models() {
        return false;
    }
    let p = a.previous.map(|c| c >> 8);
    let c = a.position.map(|c| c >> 8);
    let from = [p[0] as f32, p[1].wrapping_add(voff) as f32, p[2] as f32];
    let to = [c[0] as f32, c[1].wrapping_add(voff) as f32, c[2] as f32];
    let heading = direction_from_displacement(
        a.position[0].wrapping_sub(a.previous[0]),
        a.position[2].wrapping_sub(a.previous[2]),
    ) as i32;
    let mut normal: Option<[i32; 3]> = None;
    let mut point = [0; 3];
    let mut best = i32::MAX;
    // Every contact is visited in candidate and contact order, however many there are.
    for w in segment_contacts(env.scene, env.scene.lists, from, to, true) {
        let diff = correct_2047(opposing_heading(w.normal) - heading);
        if !(-511..=511).contains(&diff) {
            continue;
        }
        normal = Some(match normal {
            None => w.normal,
            Some(n) => normalise([0, 1, 2].map(|k| n[k].wrapping_add(w.normal[k]))).map(|v| v >> 8),
        });
        if w.fraction & 0x7fff < best {
            best = w.fraction & 0x7fff;
            point = w.point;
        }
    }
    let Some(n) = normal else { return false };
    if respond {
        let r = a.shape.first.radius;
        a.position[0] = point[0].wrapping_mul(256).wrapping_add(n[0].wrapping_mul(r));
        a.position[2] = point[2].wrapping_mul(256).wrapping_add(n[2].wrapping_mul(r));
    }
    true
}

/// "Forward obstacle wrapper and motion transition".
pub(super) fn obstacle_wrapper<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    if forward_segment(a, env, 0, true) {
        a.body_response |= response::FORWARD_HIT;
        motion_transition(a, env);
    }
    let py = a.bounds.positive[1];
    let pch = env.config.post_collide_height;
    if (a.queued != 0 || a.falling != 0) && forward_segment(a, env, py - (pch >> 2), false) {
        motion_transition(a, env);
    }
    if forward_segment(a, env, py - pch, true) {
        a.body_response |= response::FORWARD_HIT;
        motion_transition(a, env);
    }
}
