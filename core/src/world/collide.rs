//! "Ordinary collision stage" (seed 001) and the responses it runs (seed 000 and the newest
//! `engine/player.md`): the forward obstacle wrapper, the overlap stage, ground
//! prevalidation, the primary support query, the ground response selected by collision bit
//! 0x04 (support height, slope response, falling and landing), the stable position, the
//! body contacts of bit 0x01, the water rollback, support-following and axis restoration.
//! Also the pre-script directional stage of queued and falling motion.

use super::queries::{Env, Ground};
use crate::actor::combat;
use crate::actor::motion::scaled;
use crate::actor::{Actor, ActorModel, attr, collide, response};
use crate::anim::NO_GROUP;
use crate::collision::SurfaceClass;
use crate::collision::response::{
    BodyContact, Horizontal, collect_primary, correct_2047, faces_movement, horizontal_response,
    movement_heading, normalise, opposing_heading, residual_push_sum, separation_distance, wall_facing,
};
use crate::collision::shape::{Sphere, collision_matrix, prepare};
use crate::collision::statics::{PlacedModel, Scene, face_contact_normals, face_contacts, segment_contacts};
use crate::math::{direction_from_displacement, round_ties_even, translate_heading};

/// What the update keeps from before the script stage for a late rollback ("Ordinary
/// collision rollback snapshot").
#[derive(Clone, Copy, Debug)]
pub(crate) struct Snapshot {
    /// The animation receiver.
    pub anim: crate::anim::AnimState,
    /// The packed step counters (the directional movement flags).
    pub steps: u8,
}

/// Displacements the overlap stage gives other actors, applied after the update: at most one
/// per actor-style candidate, and that list holds at most 64, so this never fills.
pub(crate) type Pushes = heapless::Vec<(u16, [i32; 2]), { crate::collision::candidates::MAX_CANDIDATES }>;

/// Fall timer at a fall's start.
pub const FALL_TIMER_START: u8 = 30;
/// The falling groups of "Initial falling bookkeeping" and "Falling animation
/// continuation".
pub mod group {
    /// Falling, unarmed.
    pub const FALL: i16 = 56;
    /// Falling with a burning torch.
    pub const FALL_TORCH: i16 = 57;
    /// Falling off a run.
    pub const FALL_RUN: i16 = 59;
    /// Falling off a run with a torch.
    pub const FALL_RUN_TORCH: i16 = 60;
    /// Falling, armed.
    pub const FALL_ARMED: i16 = 113;
    /// Landing, unarmed.
    pub const LAND: i16 = 65;
    /// Landing with a torch.
    pub const LAND_TORCH: i16 = 66;
    /// Landing, armed.
    pub const LAND_ARMED: i16 = 114;
    /// A hurting landing or slide.
    pub const HURT: i16 = 73;
    /// A fatal landing, and an unarmed nonplayer's death while falling or landing.
    pub const FATAL: i16 = 74;
    /// An unarmed nonplayer's death otherwise.
    pub const DEATH: i16 = 134;
    /// Sliding forward.
    pub const SLIDE: i16 = 75;
    /// Sliding backward.
    pub const SLIDE_BACK: i16 = 76;
    /// Sliding forward with a torch.
    pub const SLIDE_TORCH: i16 = 77;
    /// Sliding backward with a torch.
    pub const SLIDE_BACK_TORCH: i16 = 78;
}

/// The vertical factor of timer index `i`: `256 × (900 − (29 − i)²) / 900` below 30, 256
/// from 30 (the entries past 69 belong to other engine state; Stros keeps 256).
pub const fn fall_factor(i: i32) -> i32 {
    if i < 0 {
        fall_factor(0)
    } else if i < 30 {
        let k = 29 - i;
        256 * (900 - k * k) / 900
    } else {
        256
    }
}

/// "Pre-script queued and falling stage": directional displacement of queued (else
/// falling) motion 8 or 9 (forward, up to 0x18000 of accumulated distance) or 2 (a steered
/// jump, up to 0x10000); other values add nothing.
pub(crate) fn pre_script(a: &mut Actor, env: &mut Env<'_, '_>) {
    let m = if a.queued != 0 { a.queued } else { a.falling };
    if m == 0 || a.rope {
        return;
    }
    let (numerator, cap) = match m & 0x7f {
        8 | 9 => (0x10000, 0x18000),
        2 => (0xb400, 0x10000),
        _ => return,
    };
    a.motion_direction = 2;
    a.steps.packed |= 0x30;
    a.steps.mark_called(crate::actor::Direction::Forward);
    let jump_time = a.attr(31) as i32;
    if a.anim.marker || jump_time == 0 || a.slide_distance >= cap {
        return;
    }
    let step = scaled(numerator / jump_time, env.tick.frame_scale).min(cap.wrapping_sub(a.slide_distance));
    a.slide_distance = a.slide_distance.wrapping_add(step);
    if step > 0 {
        let (x, z) = translate_heading(a.position[0], a.position[2], a.angles.heading as i32, step);
        a.position[0] = x;
        a.position[2] = z;
    }
}

/// The motion transition of a forward hit or an admitted body contact: falling keeps
/// falling (mark 0x20), queued motion starts falling (mark 0x10, fall origin, timer 30 and
/// its forced group), living states 27–32 first become queued motion 1; state 15 is left.
fn motion_transition(a: &mut Actor, env: &mut Env<'_, '_>) {
    if a.living == 15 {
        return;
    }
    if (27..=32).contains(&a.living) || a.queued == 24 {
        a.queued = 1;
        a.living = 0;
    }
    if a.queued == 0 {
        if a.falling != 0 {
            a.body_response |= 0x20;
            a.falling = (a.falling & 0x80) | 1;
        }
        return;
    }
    a.body_response |= 0x10;
    a.falling = (a.queued & 0x80) | 1;
    a.queued = 0;
    start_fall_record(a);
    let g = if a.falling & 0x80 != 0 {
        58
    } else if a.holds_weapon() {
        if a.anim.current == group::FALL_ARMED {
            return;
        }
        group::FALL_ARMED
    } else {
        group::FALL
    };
    env.force(a, g);
}

fn start_fall_record(a: &mut Actor) {
    a.fall_origin = a.position[1].wrapping_add(256i32.wrapping_mul(a.attr(attr::JUMP_HEIGHT) as i32));
    a.fall_timer = FALL_TIMER_START;
}

/// "Ordinary forward segment response" at vertical offset `voff`: the segment from the
/// previous to the current origin (map units) against the prepared face models. Facing
/// contacts (inclusive −511…511 after the 2047 correction) fold their normals in order;
/// the point of the smallest `rank & 0x7fff` is kept; a responding query puts X/Z at
/// `point × 256 + normal × radius`.
fn forward_segment(a: &mut Actor, env: &Env<'_, '_>, voff: i32, respond: bool) -> bool {
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
    for w in segment_contacts(env.scene, env.scene.lists.clone(), from, to, true) {
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
fn obstacle_wrapper(a: &mut Actor, env: &mut Env<'_, '_>) {
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

/// The centres of an actor shape's first 32 ordinary spheres (the separately stored support
/// sphere excluded) in world map units, truncated: "At most the first 32 spheres of each
/// shape participate" in actor overlap (newest player.md, "Actor sphere overlap").
fn sphere_centres(a: &Actor) -> heapless::Vec<([i32; 3], i32), OVERLAP_SPHERES> {
    let o = a.position.map(|c| c >> 8);
    a.shape
        .ordinary_spheres()
        .take(OVERLAP_SPHERES)
        .map(|s| {
            let c = a.matrix.m;
            let v = s.centre.map(|x| x as f64);
            let w = [0, 1, 2].map(|r| c[r][0] as f64 * v[0] + c[r][1] as f64 * v[1] + c[r][2] as f64 * v[2]);
            ([0, 1, 2].map(|k| o[k].wrapping_add(w[k] as f32 as i32)), s.radius)
        })
        .collect()
}

/// Spheres of each shape that take part in actor overlap.
const OVERLAP_SPHERES: usize = 32;

/// The rounded distance of an integer difference: components stored as f32, squares
/// summed, root stored as f32, nearest-even.
fn rounded_length(d: [i32; 3]) -> i32 {
    let f = d.map(|c| c as f32 as f64);
    round_ties_even(libm::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]) as f32) as i32
}

/// "Actor sphere overlap": the first overlapping pair's truncated radius sum minus its
/// rounded horizontal distance, or 0.
fn overlap_depth(mine: &[([i32; 3], i32)], theirs: &[([i32; 3], i32)]) -> i32 {
    for &(c, r) in mine {
        for &(o, ro) in theirs {
            let d = [0, 1, 2].map(|k| c[k].wrapping_sub(o[k]));
            let sum = r.wrapping_add(ro);
            if rounded_length(d) < sum {
                return sum - rounded_length([d[0], 0, d[2]]);
            }
        }
    }
    0
}

/// An actor's mobility: `256 − weight`, or 0 for weight zero.
fn mobility(a: &Actor) -> i32 {
    match a.attr(attr::WEIGHT) {
        0 => 0,
        w => 256 - w as i32,
    }
}

/// The Q8 separation distance of a movable actor.
fn separation(factor: i32, mobility: i32, depth: i32) -> i32 {
    (factor.wrapping_mul(mobility).wrapping_mul(depth) >> 9).wrapping_add(255)
}

/// "Weighted actor overlap response" over the retained actor-style list. Returns whether
/// any weighted separation happened; other actors' displacements go to `pushes`.
fn overlap(a: &mut Actor, env: &mut Env<'_, '_>, actors: &[Actor], pushes: &mut Pushes) -> bool {
    let mut moved = false;
    let lists = env.scene.lists.clone();
    for cand in lists.actor_style.iter() {
        let mine = sphere_centres(a);
        let here = a.position.map(|c| c >> 8);
        let Some(placed): Option<PlacedModel<'_>> = env.scene.model(cand.placement) else { continue };
        let origin = placed.position.map(|c| c as i32);
        let away =
            direction_from_displacement(here[0].wrapping_sub(origin[0]), here[2].wrapping_sub(origin[2]));
        match env
            .scene
            .scene
            .live_model(cand.placement)
            .and_then(|l| actors.get(l.actor as usize).map(|o| (l, o)))
        {
            None => {
                // An actor-style static placement: one sphere of the model radius.
                let depth = overlap_depth(&mine, &[(origin, placed.radius as i32)]);
                if depth <= 0 {
                    continue;
                }
                let m = mobility(a);
                if m == 0 {
                    a.position = a.previous;
                    continue;
                }
                let d = separation(131_072 / m, m, depth);
                let (x, z) = translate_heading(a.position[0], a.position[2], away as i32, d);
                a.position[0] = x;
                a.position[2] = z;
                a.body_response |= response::OVERLAP;
                moved = true;
            }
            Some((live, other)) => {
                if other.attr(attr::SLAVE) != 0 {
                    continue;
                }
                let depth = overlap_depth(&mine, &sphere_centres(other));
                if depth <= 0 {
                    continue;
                }
                if depth < 3 {
                    a.body_response |= response::OVERLAP;
                    return false;
                }
                let (m, mo) = (mobility(a), mobility(other));
                if m == 0 && mo == 0 {
                    a.position = a.previous;
                    continue;
                }
                let divisor = if m != 0 && mo != 0 { m + mo } else { m.max(mo) + 256 };
                let factor = 131_072 / divisor;
                if m != 0 {
                    let d = separation(factor, m, depth);
                    let (x, z) = translate_heading(a.position[0], a.position[2], away as i32, d);
                    a.position[0] = x;
                    a.position[2] = z;
                }
                if mo != 0 {
                    let d = separation(factor, mo, depth);
                    let (x, z) =
                        translate_heading(other.position[0], other.position[2], away as i32 + 1024, d);
                    let _ = pushes.push((
                        live.actor,
                        [x.wrapping_sub(other.position[0]), z.wrapping_sub(other.position[2])],
                    ));
                }
                a.body_response |= response::OVERLAP;
                moved = true;
            }
        }
    }
    if moved {
        obstacle_wrapper(a, env);
    }
    moved
}

/// The slope selection's surface at runtime `position`: normal and class.
fn slope_class(a: &Actor, env: &Env<'_, '_>, position: [i32; 3]) -> Option<([i32; 3], SurfaceClass)> {
    env.slope_normal(a, position).map(|n| (n, SurfaceClass::from_normal_y(n[1])))
}

/// "Ordinary ground prevalidation": `(rollback, sliding_surface)`.
fn prevalidate(a: &Actor, env: &Env<'_, '_>) -> (bool, bool) {
    if a.collide() & collide::GROUND == 0 || (env.is_player && env.shared.history.0 != 0) {
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
fn slope_response(a: &mut Actor, env: &mut Env<'_, '_>, reach: i32) {
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
    // The turn helper: rate from attribute 15 (21 when armed or in combat), at least 8.
    let rate_attr = if a.in_combat_stance() { attr::FIGHT_TURN_SPEED } else { attr::TURN_SPEED };
    let rate = scaled(a.attr(rate_attr) as i32, env.tick.frame_scale).max(8);
    let mut turn = (target - a.angles.heading as i32) & 2047;
    if turn > 1024 {
        turn -= 2048;
    }
    if turn.abs() <= rate {
        a.angles.heading = (target & 2047) as u16;
        if env.is_player {
            a.set_orientation(a.angles);
            a.previous_angles = a.angles;
        }
    } else {
        a.angles.heading = ((a.angles.heading as i32 + turn.signum() * rate) & 2047) as u16;
        let armed = a.holds_weapon();
        let tg = match (turn > 0, armed, torch) {
            (true, true, _) => 96,
            (false, true, _) => 97,
            (true, false, false) => 14,
            (true, false, true) => 16,
            (false, false, false) => 15,
            (false, false, true) => 17,
        };
        env.request(a, tg);
        if env.is_player {
            // The selected player's turn rebuilds his matrix and copies the angle history.
            a.set_orientation(a.angles);
            a.previous_angles = a.angles;
        }
    }
    let first = a.sliding == 0;
    if first {
        env.force(a, g);
    } else {
        env.request(a, g);
    }
    let distance = scaled(env.config.slide_speed.wrapping_mul(128), env.tick.frame_scale);
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

/// "Nonplayer health mutation" (newest `engine/player.md`): no change with attribute 120
/// (invulnerable), nor with attribute 97 unless holding a weapon or in combat; otherwise
/// attribute 3 plus the change, clamped to 0…255, and at zero the death dispatch. The
/// selected player's health service is not part of this core yet: his attribute 3 takes the
/// same arithmetic without the death dispatch.
fn change_health(a: &mut Actor, env: &mut Env<'_, '_>, change: i32) {
    if a.attr(120) != 0 || (a.attr(97) != 0 && !a.in_combat_stance()) {
        return;
    }
    let h = (a.attr(attr::HEALTH) as i32).wrapping_add(change).clamp(0, 255);
    a.attributes[attr::HEALTH] = h as u8;
    env.health = Some(env.health.unwrap_or(0).wrapping_add(change));
    if h == 0 && !env.is_player && !a.is_dead() {
        nonplayer_death(a, env);
    }
}

/// A nonplayer's death animation and notification at zero health. Unarmed, group 74 is
/// forced while falling or in landing groups 114, 116, 130 or 131, else 134. Armed
/// (`IsHoldingWeapon`), the docs give "separate combat animation and state services": Stros
/// takes the armed branch of the death-owning service and the contact death dispatch —
/// the 122/121 pair with its stored death default 124/123, the walk nodes released
/// ([`combat::death_pair`]). Either way death notification sets selector 8.
///
/// Of the seed's callers of the pairs only this one is reachable: the combat death service
/// and the contact dispatch follow weapon hits, and the selected player's death-owning
/// service follows his health service, none of which the core has yet.
fn nonplayer_death(a: &mut Actor, env: &mut Env<'_, '_>) {
    if a.holds_weapon() {
        let me = env.me;
        let mut cx = env.anim(a);
        // Stros has no walk-node maps: the ownership table is empty.
        combat::death_pair(a, me, &mut [], &mut cx);
        a.steps.packed |= cx.move_bits;
    } else {
        let unarmed_fatal = a.falling != 0 || matches!(a.anim.current, 114 | 116 | 130 | 131);
        env.force(a, if unarmed_fatal { group::FATAL } else { group::DEATH });
    }
    a.lifecycle = crate::actor::default::LIFECYCLE_DEAD;
}

/// "Ordinary landing decision" and "Ordinary landing animation selection".
fn land(a: &mut Actor, env: &mut Env<'_, '_>, new_y: i32) {
    let mut distance = new_y.wrapping_sub(a.fall_origin).wrapping_abs();
    if (1..=4).contains(&a.surface) {
        distance = 0;
    }
    let death = env.config.fall_death_height.wrapping_mul(256);
    let hurt = env.config.fall_hurt_height.wrapping_mul(256);
    let low = a.falling & 0x7f;
    if distance > death {
        if !env.is_player {
            env.request(a, group::FATAL);
        }
        change_health(a, env, -256);
        a.falling = 0;
        return;
    }
    if distance > hurt && !matches!(a.surface, 1..=5 | 11) {
        env.request(a, group::HURT);
        let zap = env.config.fall_hurt_zap;
        change_health(a, env, -zap);
    }
    let torch = a.torch != 0;
    let g = match low {
        8 => {
            if env.player_armed {
                130
            } else if torch {
                68
            } else {
                67
            }
        }
        9 => {
            if env.player_armed {
                131
            } else if torch {
                70
            } else {
                69
            }
        }
        _ if a.holds_weapon() => {
            if matches!(a.anim.current, 115 | 116) {
                NO_GROUP
            } else {
                group::LAND_ARMED
            }
        }
        _ if torch => group::LAND_TORCH,
        _ => group::LAND,
    };
    if g != NO_GROUP {
        env.request(a, g);
    }
    a.falling = 0;
}

/// The falling vertical writer: skipped while the animation's marker holds model-controlled
/// vertical motion; with a positive signed timer `origin + min(limit, −jump × factor[t])`
/// and the timer falls by the fine ticks; otherwise `Y += min(limit, jump × factor[0] ×
/// (fine + 2))`. The limit is `post_collide_height × 512 − 256`.
fn fall_writer(a: &mut Actor, env: &Env<'_, '_>) {
    if a.anim.marker && a.set.is_some() {
        return;
    }
    let limit = env.config.post_collide_height.wrapping_mul(512).wrapping_sub(256);
    let jump = a.attr(attr::JUMP_HEIGHT) as i32;
    let fine = env.tick.fine_ticks;
    let t = a.fall_timer as i8 as i32;
    if t > 0 {
        let v = jump.wrapping_neg().wrapping_mul(fall_factor(t.min(69)));
        a.position[1] = a.fall_origin.wrapping_add(v.min(limit));
        a.fall_timer = a.fall_timer.wrapping_sub(fine as u8);
    } else {
        let v = jump.wrapping_mul(fall_factor(0)).wrapping_mul(fine.wrapping_add(2));
        a.position[1] = a.position[1].wrapping_add(v.min(limit));
    }
}

/// A support miss: the fall starts ("Initial falling bookkeeping") or continues ("Falling
/// animation continuation") and the vertical writer runs.
fn missed(a: &mut Actor, env: &mut Env<'_, '_>) {
    let torch = a.torch != 0;
    // Attribute 107 ends a fall at the first support miss, and nothing else happens.
    if a.attr(attr::FALL_HOLD) != 0 && a.falling != 0 {
        a.falling = 0;
        return;
    }
    if a.falling == 0 {
        if a.set.is_none() {
            start_fall_record(a);
            a.falling = 1;
            fall_writer(a, env);
            return;
        }
        if matches!(a.anim.current, 18 | 30) {
            if a.anim.exit {
                if let Some(s) = a.stable {
                    a.position = s;
                }
                let d = a.anim.default;
                env.force(a, d);
                return;
            }
            start_fall_record(a);
            a.falling = 1;
            env.force(a, if torch { group::FALL_RUN_TORCH } else { group::FALL_RUN });
            return;
        }
        start_fall_record(a);
        a.falling = 1;
        if a.holds_weapon() {
            if a.anim.current != 115 {
                env.force(a, group::FALL_ARMED);
            }
        } else {
            env.force(a, if torch { group::FALL_TORCH } else { group::FALL });
        }
        return;
    }
    let near = a.position[1].wrapping_sub(a.fall_origin).wrapping_abs() < 32768;
    match a.falling & 0x7f {
        3 => env.request(a, if torch { 64 } else { 63 }),
        _ if a.falling & 0x80 != 0 && !torch => env.request(a, 58),
        8 if near => env.request(a, if torch { group::FALL_RUN_TORCH } else { group::FALL_RUN }),
        9 if near => env.request(a, if torch { 62 } else { 61 }),
        _ if a.holds_weapon() => {
            if a.anim.current != 115 {
                env.force(a, group::FALL_ARMED);
            }
        }
        _ => env.request(a, if torch { group::FALL_TORCH } else { group::FALL }),
    }
    fall_writer(a, env);
}

/// The ordinary ground response of bit 0x04 after the primary support query: the support
/// height assigned to Y; a set sliding-surface result ends the response in the slope
/// response; otherwise landing (with the landing surface stored first) and slide
/// termination; a miss starts or continues a fall.
fn ground_response(a: &mut Actor, env: &mut Env<'_, '_>, ground: &Ground, sliding_surface: bool, reach: i32) {
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
        // "Slide termination": a long slide first steps 0x800 along its slide direction, then
        // hurts.
        if a.slide_distance > env.config.slide_hurt_height.wrapping_mul(256) {
            let forward = matches!(a.anim.current, group::SLIDE | group::SLIDE_TORCH);
            let heading = a.angles.heading as i32 + if forward { 0 } else { 1024 };
            let (x, z) = translate_heading(a.position[0], a.position[2], heading & 2047, 0x800);
            a.position[0] = x;
            a.position[2] = z;
            a.steps.packed |= if forward { 0x30 } else { 0xc0 };
            env.request(a, group::HURT);
            let zap = env.config.slide_hurt_zap;
            change_health(a, env, -zap);
        }
        a.sliding = 0;
    }
}

/// The primary body-contact response and the residual separation of bit 0x01.
fn body_response(a: &mut Actor, env: &mut Env<'_, '_>) {
    let placed = prepare(a.position, a.angles.pitch, a.angles.heading, a.angles.roll);
    let m = collision_matrix(placed.angle_fields);
    let origin = placed.origin.map(|c| c as i32);
    let radius = Env::query_radius(a);
    let models = face_contacts(env.scene, origin, &m, a.shape.ordinary_spheres(), radius);
    // The extra (terrain) contact is appended only when the shared extra-contact flag is
    // set, which nothing in this core sets: heightmap presence alone does not admit it.
    let contacts = collect_primary(models.map(|w| BodyContact::new(w.point, w.normal)), None);
    a.body_contacts = contacts.len() as u8;
    let heading = movement_heading(a.position, a.previous, a.angles.heading);
    let pre_heading = a.angles.heading;
    let attempted = a.position;
    for c in &contacts {
        if !faces_movement(c, heading) {
            continue;
        }
        motion_transition(a, env);
        match horizontal_response(a.previous, attempted, c.normal, env.config.slide_range) {
            Horizontal::Projected { x, z } => {
                a.position[0] = x;
                a.position[2] = z;
                let still = a.queued == 0 && a.falling == 0 && a.living == 0 && a.sliding == 0;
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
    let base = a.shape.first.radius;
    let r = if a.living == 15 {
        base >> 1
    } else if a.queued != 0 || a.falling != 0 {
        base.wrapping_mul(200) >> 8
    } else {
        base
    };
    let common = a.shape.ordinary_spheres().map(move |s| Sphere { centre: s.centre, radius: r });
    let angles = a.previous_angles;
    let placed = prepare(a.position, angles.pitch, angles.heading, angles.roll);
    let m = collision_matrix(placed.angle_fields);
    let (sum, count) = face_contact_normals(env.scene, placed.origin.map(|c| c as i32), &m, common, radius);
    if count != 0 {
        let distance = separation_distance(
            a.position[0].wrapping_sub(a.previous[0]),
            a.position[2].wrapping_sub(a.previous[2]),
            env.config.poly_push_units,
        );
        if let Some(p) = residual_push_sum(a.position, sum, count, distance) {
            a.position = p;
        }
        a.body_response |= response::RESIDUAL;
    }
}

/// Support-following, attribute-controlled axis restoration and the water-record refresh:
/// what every actor's update does after collision handling.
fn after_collision(a: &mut Actor, env: &Env<'_, '_>, actors: &[Actor], me: u16) {
    // Support-following: the rider moves with its supporting actor.
    super::rider::support_following(a, env, actors, me);
    // Attribute-controlled axis restoration (37–39 rotations, 40–42 moves).
    let stop = |k: usize| a.attr(attr::STOP_Y_ROTATE + k) != 0;
    let (sy, sx, sz, mx, my, mz) = (stop(0), stop(1), stop(2), stop(3), stop(4), stop(5));
    if sy {
        a.angles.heading = a.previous_angles.heading;
    }
    if sx {
        a.angles.pitch = a.previous_angles.pitch;
    }
    if sz {
        a.angles.roll = a.previous_angles.roll;
    }
    for (k, on) in [mx, my, mz].into_iter().enumerate() {
        if on {
            a.position[k] = a.previous[k];
        }
    }
    if !(1..=4).contains(&a.surface) || a.falling != 0 {
        a.water_record = a.position;
    }
}

/// The dispatch of collision bit 0x04 by living state (seed 001 "Ordinary collision
/// stage"): states 10–19 go to the selected player's ledge response, which a nonplayer's
/// call leaves unchanged — and which Stros does not have yet (ledges are a later issue), so
/// nothing runs for the player either; states 20 and 21 run weapon-draw admission with its
/// cleanup branch instead of the ordinary response; every other state takes the ordinary
/// motion and ground response. (In states 20 and 21 the admission's own gates refuse — state
/// 20 is `IsDrawingSword`, 21 `IsSheathingSword` — so what shows is that the ground response
/// does not run until the drawing pass ends the transition.)
fn ground_dispatch(a: &mut Actor, env: &mut Env<'_, '_>, ground: &Ground, sliding_surface: bool, reach: i32) {
    match a.living {
        10..=19 => {}
        20 | 21 => {
            let is_player = env.is_player;
            let mut cx = env.anim(a);
            combat::weapon_draw_admission(a, is_player, &mut cx);
            a.steps.packed |= cx.move_bits;
        }
        _ => ground_response(a, env, ground, sliding_surface, reach),
    }
}

/// "Ordinary collision stage" of one actor update. Returns the displacements the overlap
/// stage gave other actors.
pub(crate) fn stage(
    a: &mut Actor,
    env: &mut Env<'_, '_>,
    snapshot: &Snapshot,
    actors: &[Actor],
    me: u16,
) -> Pushes {
    let mut pushes = Pushes::new();
    let mask = a.collide();
    match a.model {
        ActorModel::None => {}
        ActorModel::Static { .. } => {
            // "Ground stage by model kind": a static model runs it only with attribute 108
            // set and 107 clear, whatever its collision mask.
            if a.attr(attr::FALL_DAMAGE) != 0 && a.attr(attr::FALL_HOLD) == 0 {
                let reach = env.support_reach(a);
                let ground = env.support_query(a, a.position, reach);
                ground_dispatch(a, env, &ground, false, reach);
            }
        }
        ActorModel::Animated if mask != 0 => {
            if !(10..=19).contains(&a.living) && !env.alternate_mode() {
                obstacle_wrapper(a, env);
            }
            if mask & collide::OVERLAP != 0 {
                overlap(a, env, actors, &mut pushes);
            }
            let (rollback, sliding_surface) = prevalidate(a, env);
            if rollback {
                a.position = a.previous;
                a.steps.packed = 0;
                motion_transition(a, env);
            }
            let reach = env.support_reach(a);
            let ground = env.support_query(a, a.position, reach);
            if mask & collide::GROUND != 0 {
                ground_dispatch(a, env, &ground, sliding_surface, reach);
                // "Stable ordinary position".
                if a.queued == 0 && a.falling == 0 && a.sliding == 0 {
                    a.stable = Some(a.position);
                }
            }
            if mask & collide::BODY != 0 && matches!(a.living, 0 | 15 | 27..=32) {
                body_response(a, env);
            }
            if a.sliding != 0 && a.body_contacts != 0 {
                a.sliding = 0;
            }
            a.attributes[attr::WEIGHT] = a.attr(attr::RESERVED_WEIGHT);
            // "Ordinary water rollback" (nonplayers standing in water without falling).
            if !env.is_player && a.falling == 0 && a.queued == 0 && (1..=4).contains(&a.surface) {
                a.position = a.water_record;
                a.attributes[attr::WEIGHT] = 0;
                a.steps.packed = snapshot.steps;
                a.anim.restore(&snapshot.anim);
                a.transition |= 0x02;
            }
        }
        ActorModel::Animated => {}
    }
    after_collision(a, env, actors, me);
    pushes
}
