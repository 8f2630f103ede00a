//! The ground response of collision bit 0x04: "Ordinary ground prevalidation", the slope
//! selection and "Ordinary slope response", support height and the fall/landing branches.

use super::fall::{land, missed};
use super::health::{change_health, death_owning_health};
use crate::actor::motion::{directional_displacement, scaled};
use crate::actor::{Actor, attr, collide};
use crate::anim::group;
use crate::capacity::Capacity;
use crate::collision::SurfaceClass;
use crate::collision::response::movement_heading;
use crate::math::{direction_from_displacement, translate_heading};
use crate::world::queries::{Env, Ground};

/// The Q8 distance of the step a hurting slide ends with ({D:engine/player.md} "Slide
/// termination").
const SLIDE_END_STEP: i32 = 0x800;

/// The slope selection's surface at runtime `position`: normal and class.
pub(super) fn slope_class<C: Capacity>(
    a: &Actor,
    env: &Env<'_, '_, C>,
    position: [i32; 3],
) -> Option<([i32; 3], SurfaceClass)> {
    env.slope_normal(a, position).map(|n| (n, SurfaceClass::from_normal_y(n[1])))
}

/// "Ordinary ground prevalidation": `(rollback, sliding_surface)`.
pub(super) fn prevalidate<C: Capacity>(a: &Actor, env: &Env<'_, '_, C>) -> (bool, bool) {
    if a.collide() & collide::GROUND == 0 || (env.is_player && env.systems.shared.history.0 != 0) {
        return (false, false);
    }
    let current = slope_class(a, env, a.position);
    let unchanged = a.position[0] == a.previous[0] && a.position[2] == a.previous[2];
    let previous = if unchanged { current } else { slope_class(a, env, a.previous) };
    let (Some((normal, cur)), Some((_, prev))) = (current, previous) else {
        // Both missing clear both; one missing reads uninitialised memory in the original:
        // Stros clears both.
        return (false, false);
    };
    match (prev, cur) {
        (SurfaceClass::Steep, SurfaceClass::Steep) => (false, true),
        (_, SurfaceClass::Steep) => {
            let motion = movement_heading(a.position, a.previous, a.angles.heading);
            let normal_heading = direction_from_displacement(normal[0], normal[2]) as i32;
            let diff = (normal_heading - 1024 - motion) & 2047;
            if !(512..=1535).contains(&diff) {
                (true, false)
            } else if a.attr(attr::STICK_TO_SURFACE) == 0
                && a.anim.current != a.anim.default
                && !(20..=27).contains(&a.anim.current)
            {
                (false, true)
            } else {
                (true, false)
            }
        }
        _ => (false, false),
    }
}

/// "Ordinary slope response" on class-2 support.
pub(super) fn slope_response<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, reach: i32) {
    let torch = a.torch != 0;
    let support = a.support;
    if !support.found() || support.class != Some(SurfaceClass::Steep) {
        if !(group::SLIDE..=group::SLIDE_BACK_TORCH).contains(&a.anim.current) {
            env.request(a, if torch { group::SLIDE_TORCH } else { group::SLIDE });
        }
        return;
    }
    let downhill = direction_from_displacement(support.normal[0], support.normal[2]) as i32;
    let mut diff = (downhill - a.angles.heading as i32) & 2047;
    if diff > 1024 {
        diff -= 2048;
    }
    let forward = diff.abs() < 512;
    let (g, target) = match (forward, torch) {
        (true, false) => (group::SLIDE, downhill),
        (true, true) => (group::SLIDE_TORCH, downhill),
        (false, false) => (group::SLIDE_BACK, downhill + 1024),
        (false, true) => (group::SLIDE_BACK_TORCH, downhill + 1024),
    };
    a.steps.packed |= if forward { 0x30 } else { 0xc0 };
    turn_helper(a, env, target);
    let first = a.sliding == 0;
    if first {
        env.force(a, g);
    } else {
        env.request(a, g);
    }
    let distance = scaled(env.assets.config.slide_speed.wrapping_mul(128), env.tick.frame_scale);
    if distance > 0 {
        let (x, z) = translate_heading(a.position[0], a.position[2], downhill, distance);
        a.position[0] = x;
        a.position[2] = z;
    }
    let ground = env.support_query(a, a.position, reach);
    if let Some(y) = ground.actor_y {
        a.position[1] = y;
    }
    if first {
        a.slide_distance = 0;
    }
    a.slide_distance = a.slide_distance.wrapping_add(distance);
    a.sliding = 1;
}

/// The slope response's turn helper toward `target`: rate from attribute 15 (21 armed or in
/// combat) times the frame scale `>> 8`, at least 8; a difference within the rate snaps
/// without a turn request, a larger one turns by the rate and requests a turn group (14/16
/// and 15/17 unarmed by the torch, 96 and 97 holding a weapon). The selected player's turn
/// rebuilds his matrix and copies the angle history. Returns 0 when the heading already
/// matched or snapped, else the signed difference before the step.
pub(crate) fn turn_helper<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, target: i32) -> i32 {
    let rate_attr = if a.in_combat_stance() { attr::FIGHT_TURN_SPEED } else { attr::TURN_SPEED };
    let rate = scaled(a.attr(rate_attr) as i32, env.tick.frame_scale).max(8);
    let mut turn = (target - a.angles.heading as i32) & 2047;
    if turn > 1024 {
        turn -= 2048;
    }
    let out = if turn.abs() <= rate {
        a.angles.heading = (target & 2047) as u16;
        0
    } else {
        a.angles.heading = ((a.angles.heading as i32 + turn.signum() * rate) & 2047) as u16;
        let torch = a.torch != 0;
        let tg = match (turn > 0, a.holds_weapon(), torch) {
            (true, true, _) => group::TURN_LEFT_ARMED,
            (false, true, _) => group::TURN_RIGHT_ARMED,
            (true, false, false) => group::TURN_LEFT,
            (true, false, true) => group::TURN_LEFT_TORCH,
            (false, false, false) => group::TURN_RIGHT,
            (false, false, true) => group::TURN_RIGHT_TORCH,
        };
        env.request(a, tg);
        turn
    };
    if env.is_player {
        a.set_orientation(a.angles);
        a.previous_angles = a.angles;
    }
    out
}

/// The ordinary ground response of bit 0x04 after the primary support query: the support
/// height assigned to Y; a set sliding-surface result ends the response in the slope
/// response; otherwise landing (with the landing surface stored first) and slide
/// termination; a miss starts or continues a fall.
pub(super) fn ground_response<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    ground: &Ground,
    sliding_surface: bool,
    reach: i32,
) {
    // Queued motion (a jump's rise) is the arbitration's while it handles the update.
    if super::queued::arbitrate(a, env) {
        return;
    }
    let Some(y) = ground.actor_y else {
        missed(a, env);
        return;
    };
    // "Applying ordinary ground support": a discrete assignment of the support height.
    a.position[1] = y;
    if sliding_surface {
        a.falling = 0;
        slope_response(a, env, reach);
        return;
    }
    if a.falling != 0 {
        if let Some(surface) = ground.surface {
            a.surface = surface;
        }
        land(a, env, y);
    }
    if a.sliding != 0 {
        // {D:engine/player.md} "Slide termination": a long slide first takes directional
        // displacement 0x800 — direction 2 in the forward slide groups, 3 otherwise — so the
        // step records its direction and indicator, yields to a suppressing animation and
        // halves in deep water like any directional step, then hurts.
        let steep_landing = env.is_player && env.systems.player.pending_action;
        if steep_landing || a.slide_distance > env.assets.config.slide_hurt_height.wrapping_mul(256) {
            let forward = matches!(a.anim.current, group::SLIDE | group::SLIDE_TORCH);
            directional_displacement(a, if forward { 2 } else { 3 }, SLIDE_END_STEP);
            // The selected player's change goes straight to his death-owning health, past
            // the generic admission's attribute gates; no source.
            let zap = env.assets.config.slide_hurt_zap;
            if env.is_player {
                env.systems.player.death_override = Some(group::FATAL);
                death_owning_health(a, env, -zap, None);
            } else {
                env.request(a, group::HURT);
                change_health(a, env, -zap);
            }
        }
        a.sliding = 0;
    }
}
