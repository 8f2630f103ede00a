//! "Forward obstacle wrapper and motion transition" and "Ordinary forward segment response".

use super::fall::motion_transition;
use crate::actor::living;
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
    let kept = env.queued_lists(a);
    for w in segment_contacts(env.scene, kept.as_ref().unwrap_or(env.scene.lists), from, to, true) {
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
        let r = env.tables.first_radius(a);
        a.position[0] = point[0].wrapping_mul(256).wrapping_add(n[0].wrapping_mul(r));
        a.position[2] = point[2].wrapping_mul(256).wrapping_add(n[2].wrapping_mul(r));
    }
    true
}

/// "State-fifteen bounds response": in place of a forward probe while hanging, two diagonal
/// segments through the body's bounds at the feet — `(px, py + 2, pz)` to `(nx, py − 2, nz)`
/// and `(nx, py + 2, pz)` to `(px, py − 2, nz)` with the stored extent magnitudes (the
/// negative ones not negated), rotated by the actor matrix from the integer origin — over the
/// face models in order, sidedness off, queued motion 24 leaving out type 0x80. Contacts with
/// a normal Y from −41 through 160 count; each segment keeps its greatest negative and least
/// positive rank (rank 0 never counts), and a contact that strictly improves either adds its
/// whole normal to a sum. A nonzero sum moves all three coordinates and marks 0x40. The
/// segment rank is the contact's fraction, which is never negative here.
pub(super) fn bounds_response<C: Capacity>(a: &mut Actor, env: &Env<'_, '_, C>) {
    if env.no_face_models() {
        return;
    }
    let (p, n) = (a.bounds.positive, a.bounds.negative);
    let o = a.map_position();
    let at = |v: [i32; 3]| {
        let t = a.matrix.transform_int(v);
        [0, 1, 2].map(|k| o[k].wrapping_add(t[k]) as f32)
    };
    let (below, above) = (p[1].wrapping_add(2), p[1].wrapping_sub(2));
    let segments = [
        (at([p[0], below, p[2]]), at([n[0], above, n[2]])),
        (at([n[0], below, p[2]]), at([p[0], above, n[2]])),
    ];
    let mut bounds = [(-999_999i32, 999_999i32); 2];
    let mut sum = [0i32; 3];
    for (k, cand) in env.scene.lists.faces.iter().enumerate() {
        if a.queued == 24 && env.scene.scene.is_transient(cand.placement) {
            continue;
        }
        let one = &env.scene.lists.faces[k..k + 1];
        for (seg, (from, to)) in segments.iter().enumerate() {
            let mut lists = crate::collision::candidates::Candidates::new();
            let _ = lists.faces.extend_from_slice(one);
            for w in segment_contacts(env.scene, &lists, *from, *to, false) {
                let rank = w.fraction;
                if !(-41..=160).contains(&w.normal[1]) || rank == 0 {
                    continue;
                }
                let (neg, pos) = &mut bounds[seg];
                let improves = if rank < 0 { rank > *neg } else { rank < *pos };
                if improves {
                    if rank < 0 {
                        *neg = rank;
                    } else {
                        *pos = rank;
                    }
                    sum = [0, 1, 2].map(|c| sum[c].wrapping_add(w.normal[c]));
                }
            }
        }
    }
    if sum != [0; 3] {
        a.position = [0, 1, 2].map(|c| a.position[c].wrapping_add(sum[c]));
        a.body_response |= 0x40;
    }
}

/// "Forward obstacle wrapper and motion transition". Hanging (living state 15) each probe is
/// the bounds response instead, and no probe hits.
pub(super) fn obstacle_wrapper<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    if a.living == living::HANGING {
        bounds_response(a, env);
        bounds_response(a, env);
        return;
    }
    if forward_segment(a, env, 0, true) {
        a.body_response |= response::FORWARD_HIT;
        motion_transition(a, env);
    }
    let py = a.bounds.positive[1];
    let pch = env.assets.config.post_collide_height;
    if (a.queued != 0 || a.falling != 0) && forward_segment(a, env, py - (pch >> 2), false) {
        motion_transition(a, env);
    }
    if forward_segment(a, env, py - pch, true) {
        a.body_response |= response::FORWARD_HIT;
        motion_transition(a, env);
    }
}
