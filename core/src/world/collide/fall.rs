//! "Pre-script queued and falling stage", the motion transition of a hit, falling and
//! landing: the fall timer and its vertical factors, the falling vertical writer, a support
//! miss, "Ordinary landing decision" and "Ordinary landing animation selection".

use super::health::change_health;
use super::queued::fall_factor;
use crate::actor::jump::{self, Entry};
use crate::actor::living;
use crate::actor::motion::scaled;
use crate::actor::{Actor, attr};
use crate::anim::NO_GROUP;
use crate::anim::group;
use crate::capacity::Capacity;
use crate::math::translate_heading;
use crate::world::queries::Env;

/// Fall timer at a fall's start.
pub const FALL_TIMER_START: u8 = 30;

/// "Pre-script queued and falling stage": directional displacement of queued (else
/// falling) motion 8 or 9 (forward, up to 0x18000 of accumulated distance) or 2 (a steered
/// jump, up to 0x10000); other values add nothing.
pub(crate) fn pre_script<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    action_transition(a, env.tick.nominal_ticks);
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
    let jump_time = a.attr(attr::JUMP_TIME) as i32;
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

/// The action-transition counter's bookkeeping ({D:engine/SOUP.md} "Selected-player additive
/// health"): a nonzero counter below 3 (signed) clears at once when the queued or the falling
/// byte is zero; otherwise both lose their high bit and the counter the ticks' low byte,
/// clamped at zero.
fn action_transition(a: &mut Actor, ticks: i32) {
    if a.action_transition == 0 {
        return;
    }
    if (a.queued == 0 || a.falling == 0) && (a.action_transition as i8) < 3 {
        a.action_transition = 0;
        return;
    }
    a.queued &= 0x7f;
    a.falling &= 0x7f;
    let left = a.action_transition.wrapping_sub(ticks as u8);
    a.action_transition = if (left as i8) < 0 { 0 } else { left };
}

/// The motion transition of a forward hit or an admitted body contact: falling keeps
/// falling (mark 0x20), queued motion starts falling (mark 0x10, fall origin, timer 30 and
/// its forced group), living states 27–32 first become queued motion 1; state 15 is left.
pub(super) fn motion_transition<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    if a.living == living::HANGING {
        return;
    }
    if living::is_landing_or_bounce(a.living) || a.queued == 24 {
        a.queued = 1;
        a.living = living::NONE;
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
        group::FALL_HIGH
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

pub(super) fn start_fall_record(a: &mut Actor) {
    a.fall_origin = a.position[1].wrapping_add(256i32.wrapping_mul(a.attr(attr::JUMP_HEIGHT) as i32));
    a.fall_timer = FALL_TIMER_START;
}

/// "Ordinary landing decision" and "Ordinary landing animation selection".
pub(super) fn land<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, new_y: i32) {
    a.jump_selector = 0;
    let mut distance = new_y.wrapping_sub(a.fall_origin).wrapping_abs();
    if (1..=4).contains(&a.surface) {
        distance = 0;
    }
    let death = env.assets.config.fall_death_height.wrapping_mul(256);
    let hurt = env.assets.config.fall_hurt_height.wrapping_mul(256);
    let low = a.falling & 0x7f;
    if distance > death {
        if env.is_player {
            // On steep support only the controller's pending action flag rises; falling
            // stays set. Otherwise the death override, not a request.
            if a.support.class == Some(crate::collision::SurfaceClass::Steep) {
                env.systems.player.pending_action = true;
                return;
            }
            env.systems.player.death_override = Some(group::FATAL);
        } else {
            env.request(a, group::FATAL);
        }
        change_health(a, env, -256);
        a.falling = 0;
        return;
    }
    if distance > hurt && !matches!(a.surface, 1..=5 | 11) {
        env.request(a, group::HURT);
        let zap = env.assets.config.fall_hurt_zap;
        change_health(a, env, -zap);
    }
    let torch = a.torch != 0;
    let g = match low {
        8 => {
            if env.player_armed {
                group::LAND_8_ARMED
            } else if torch {
                group::LAND_8_TORCH
            } else {
                group::LAND_8
            }
        }
        9 => {
            if env.player_armed {
                group::LAND_9_ARMED
            } else if torch {
                group::LAND_9_TORCH
            } else {
                group::LAND_9
            }
        }
        _ if a.holds_weapon() => {
            if matches!(a.anim.current, group::FALL_ARMED_LATE | group::LAND_ARMED_LATE) {
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
pub(super) fn fall_writer<C: Capacity>(a: &mut Actor, env: &Env<'_, '_, C>) {
    if a.anim.marker && a.set.is_some() {
        return;
    }
    let limit = env.assets.config.post_collide_height.wrapping_mul(512).wrapping_sub(256);
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

/// A jump start from the ground response or the action update: the selected player's through
/// his gates ([`crate::player::jump::start`]), another actor's through the shared admission.
/// (A nonplayer's active native task would refuse; the world paths that call this run after
/// its script stage, and Stros counts none there.)
pub(crate) fn jump_entry<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, entry: Entry) -> bool {
    if env.is_player {
        return crate::player::jump::start(a, env, entry);
    }
    if !jump::admits(a, false) {
        return false;
    }
    crate::actor::Surroundings::jump_init(env, a, entry);
    true
}

/// The selected player's edge service on a support miss: a held ledge clears the falling
/// byte and ends the fall handling.
fn edge<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) -> bool {
    if env.is_player && crate::player::ledge::edge_service(a, env) {
        a.falling = 0;
        return true;
    }
    false
}

/// A support miss: the fall starts ("Initial falling bookkeeping", after "Jump selector at a
/// support miss" and the walk-off recovery) or continues ("Falling animation continuation"),
/// the edge service catching ledges in between, and the vertical writer runs.
pub(super) fn missed<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
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
        start_animated_fall(a, env, torch);
        return;
    }
    if edge(a, env) {
        return;
    }
    let near = a.position[1].wrapping_sub(a.fall_origin).wrapping_abs() < 32768;
    match a.falling & 0x7f {
        3 => env.request(a, if torch { group::FALL_BACK_TORCH } else { group::FALL_BACK }),
        _ if a.falling & 0x80 != 0 && !torch => env.request(a, group::FALL_HIGH),
        8 if near => env.request(a, if torch { group::FALL_RUN_TORCH } else { group::FALL_RUN }),
        9 if near => env.request(a, if torch { group::FALL_RUN_BACK_TORCH } else { group::FALL_RUN_BACK }),
        _ if a.holds_weapon() => {
            if a.anim.current != group::FALL_ARMED_LATE {
                env.force(a, group::FALL_ARMED);
            }
        }
        _ => env.request(a, if torch { group::FALL_TORCH } else { group::FALL }),
    }
    fall_writer(a, env);
}

/// An animated actor's support miss without falling: the runtime jump selector within 3 of
/// 24 jumps; a pending jump (either directional-state byte's low bits) is the walk-off
/// recovery — back to the stable position and a running jump from there; groups 41–43 drift
/// 4096 along their motion direction; then the fall starts (59/60 off a run, whose exit
/// marker instead rolls back to the stable position) and the edge service may catch a ledge.
fn start_animated_fall<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, torch: bool) {
    if a.jump_selector != 0 && a.jump_selector.wrapping_sub(24).wrapping_abs() < 4 {
        jump_entry(a, env, Entry::Ordinary(8));
        return;
    }
    if a.directional_low_bits() {
        a.anim.actions.reset(3);
        if let Some(s) = a.stable {
            a.position = s;
        }
        jump_entry(a, env, Entry::Ordinary(8));
        env.force(a, if torch { group::JUMP_RUN_TORCH } else { group::JUMP_RUN });
        super::queued::arbitrate(a, env);
        return;
    }
    if matches!(a.anim.current, group::AIRBORNE_2_TORCH..=group::AIRBORNE_2_HIGH) {
        crate::actor::motion::directional_displacement(a, a.motion_direction, 4096);
    }
    if matches!(a.anim.current, group::RUN | group::RUN_TORCH) {
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
        edge(a, env);
        return;
    }
    start_fall_record(a);
    a.falling = 1;
    if a.holds_weapon() {
        if a.anim.current != group::FALL_ARMED_LATE {
            env.force(a, group::FALL_ARMED);
        }
    } else {
        env.force(a, if torch { group::FALL_TORCH } else { group::FALL });
    }
    edge(a, env);
}
