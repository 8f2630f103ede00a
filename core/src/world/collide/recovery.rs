//! "Stable recovery probe" and "Stable recovery response" ({D:engine/player.md}): after a fall
//! or slide that ended somewhere it should not (attribute 89, or a landing group with the
//! surface veto), a probe 24 units ahead looks for ground; without it the actor goes back
//! to its stable position.

use super::Snapshot;
use super::ground::ground_response;
use crate::actor::{Actor, attr};
use crate::anim::group;
use crate::capacity::Capacity;
use crate::collision::SurfaceClass;
use crate::collision::candidates::search_radius;
use crate::collision::statics::segment_contacts;
use crate::math::translate_heading;
use crate::world::queries::{Env, Ground};

/// How far ahead the probe looks, runtime units.
pub const PROBE_AHEAD: i32 = 6144;

/// Whether ordinary collision asks for recovery: attribute 89 with sliding or falling; else
/// a landing group (67–70, 130, 131) with sliding, falling or the shared surface veto. The
/// docs call the group "captured" without saying when; Stros reads the current group as the
/// check runs, after the ground and body responses (best guess).
pub(super) fn wanted(a: &Actor, veto: bool) -> bool {
    let moving = a.sliding != 0 || a.falling != 0;
    if a.attr(attr::STICK_TO_SURFACE) != 0 && moving {
        return true;
    }
    matches!(a.anim.current, group::LAND_8..=group::LAND_9_TORCH | group::LAND_8_ARMED | group::LAND_9_ARMED)
        && (moving || veto)
}

/// "Stable recovery probe": the query position 6144 ahead at the heading, in map units; a
/// vertical segment `post_collide_height` either side of `Y + positive extent`; its own
/// candidate lists (twice the model radius, else 200; the actor's own model left out). The
/// first class 4 contact of the face models (sidedness off) accepts and moves the actor
/// there (X/Z the probe's, Y the contact's less the extent); else terrain between the
/// segment's ends accepts without moving it. An actor without animation accepts at once.
fn probe<C: Capacity>(a: &mut Actor, env: &Env<'_, '_, C>) -> bool {
    let (x, z) = translate_heading(a.position[0], a.position[2], a.angles.heading as i32, PROBE_AHEAD);
    let o = [x >> 8, a.position[1] >> 8, z >> 8];
    let pos = a.bounds.positive[1];
    let pch = env.assets.config.post_collide_height;
    let (top, bottom) = (o[1].wrapping_add(pos).wrapping_sub(pch), o[1].wrapping_add(pos).wrapping_add(pch));
    let lists = env.scene.scene.gather(o, search_radius(a.model_radius), Some(env.me));
    if a.set.is_none() {
        return true;
    }
    let (fx, fz) = (o[0] as f32, o[2] as f32);
    let ground =
        segment_contacts(env.scene.scene, &lists, [fx, top as f32, fz], [fx, bottom as f32, fz], false)
            .find(|w| SurfaceClass::from_normal_y(w.normal[1]) == SurfaceClass::Ground);
    if let Some(w) = ground {
        a.position =
            [o[0].wrapping_mul(256), w.point[1].wrapping_sub(pos).wrapping_mul(256), o[2].wrapping_mul(256)];
        return true;
    }
    env.terrain_sample(o[0], o[2]).is_some_and(|t| (top..=bottom).contains(&(t.height as i32)))
}

/// "Stable recovery response": with a valid stable position and a probe that refuses, the
/// actor returns there — weight, falling and sliding cleared, the movement flags and the
/// animation snapshot restored, the transition mark (value 1, [`crate::actor::response::TRANSITION_RESTORED`]) set. A nonplayer then turns by
/// `Rnd(attribute 15 × 4) − attribute 15 × 2`; the selected player runs the ground response
/// once more, and without support goes back to where he was, the stable position invalid and
/// his falling byte as before. (A nonplayer with a response age above 16 also takes the
/// bounds response.)
// Kept out of line on a microcontroller: inlined into its caller, its large frame would
// stack under the natives the caller's scripts call (the M0+ stack budget). A desktop
// build inlines it (about 9% of a retail ISLAND step).
#[cfg_attr(target_os = "none", inline(never))]
pub(super) fn recover<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, snapshot: &Snapshot, reach: i32) {
    let Some(stable) = a.stable else { return };
    if probe(a, env) {
        return;
    }
    let (attempted, falling) = (a.position, a.falling);
    a.position = stable;
    a.attributes[attr::WEIGHT] = 0;
    a.falling = 0;
    a.sliding = 0;
    a.steps.packed = snapshot.steps;
    a.anim.restore(&snapshot.anim);
    a.transition |= crate::actor::response::TRANSITION_RESTORED;
    if !env.is_player {
        let t = a.attr(attr::TURN_SPEED) as i32;
        let turn = env.systems.rng.bounded(t.wrapping_mul(4)).wrapping_sub(t.wrapping_mul(2));
        a.angles.heading = ((a.angles.heading as i32).wrapping_add(turn) & 2047) as u16;
        // "The bounds-segment obstacle response": the docs name it beside the state-fifteen
        // one, and Stros takes it to be that response.
        if a.response_age > 16 {
            super::obstacle::bounds_response(a, env);
        }
        return;
    }
    let ground: Ground = env.support_query(a, a.position, reach);
    let supported = ground.actor_y.is_some();
    ground_response(a, env, &ground, false, reach);
    if !supported {
        a.position = attempted;
        a.stable = None;
        a.falling = falling;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// {D:engine/player.md} "Stable recovery response", the order of its two tests:
    /// attribute 89 asks with sliding or falling whatever the group, but not with the veto
    /// alone; otherwise only the landing groups 67–70, 130 and 131 ask, and then with
    /// sliding, falling or the veto — so group 66 and 71 never do, and a landing group at
    /// rest without the veto does not.
    #[test]
    fn recovery_is_wanted_by_attribute_89_or_a_landing_group() {
        let mut a = Actor::new(0, [0; 256]);
        a.attributes[attr::STICK_TO_SURFACE] = 1;
        a.falling = 1;
        assert!(wanted(&a, false));
        a.falling = 0;
        a.sliding = 3;
        assert!(wanted(&a, false));
        a.sliding = 0;
        assert!(!wanted(&a, true), "attribute 89 at rest with the veto, outside the groups");
        a.attributes[attr::STICK_TO_SURFACE] = 0;
        for (group, asks) in
            [(66, false), (67, true), (70, true), (71, false), (130, true), (131, true), (129, false)]
        {
            a.anim.current = group;
            assert_eq!(wanted(&a, true), asks, "group {group} with the veto");
            assert!(!wanted(&a, false), "group {group} at rest");
            a.falling = 1;
            assert_eq!(wanted(&a, false), asks, "group {group} falling");
            a.falling = 0;
        }
    }
}
