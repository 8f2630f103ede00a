//! Point navigation over the walk maps ({D:engine/SOUP.md} "Point-navigation command
//! state" through "Walk-node arrival distance"): the phase machine `MoveNodeMarker`,
//! `MoveNodeLocation` and `MoveNodePosition` run once per task update towards a runtime
//! destination, with its route initialization (phase 0), node walking (1, 2), route
//! monitoring (8), idling (9), the direct walk ("Direct-route phases 11, 21 and 22") and the
//! back-off (24, 25); and coordinate walking, which the direct moves share.

use super::walk::{Nav, WalkMaps, owner_byte};
use super::{Actor, Surroundings, attr, motion, response};
use crate::actor::living;
use crate::anim::group;
use crate::math::rounded_distance;
use crate::script::Rng;
use crate::units::ANGLE_MASK;

/// What point navigation shares across actors. (The pause delay is not here: the task slot
/// keeps it, see [`point`].)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NavShared {
    /// The last completion's result byte (0 arrived, 2 no destination node, 3 no route,
    /// 4 not visible, 7 a rejected claim).
    pub result: u8,
}

/// What navigation reads and drives besides the actor.
pub trait NavEnv<'a>: Surroundings {
    /// The walk maps.
    fn walk(&mut self) -> WalkMaps<'_, 'a>;
    /// The world's random stream.
    fn rng(&mut self) -> &mut Rng;
    /// The shared navigation state.
    fn nav_shared(&mut self) -> &mut NavShared;
    /// This update's whole nominal ticks.
    fn nominal_ticks(&self) -> i32;
    /// The running actor's id.
    fn me(&self) -> u16;
    /// "Default-animation admission": a forced request of the default group with modifier
    /// zero when animation runs, the actor animates, is not excluded from object updates
    /// and plays another group.
    fn admit_default(&mut self, a: &mut Actor);
    /// An ordinary request of `group` (the idle fidgets).
    fn request_group(&mut self, a: &mut Actor, group: i16);
    /// "Point direct visibility" from the actor to runtime `to`.
    fn visible(&self, a: &Actor, to: [i32; 3]) -> bool;
    /// The ordinary turn helper towards `heading` ({D:engine/player.md} "Ordinary slope
    /// response"): 0 when facing it or snapped to it, else the signed difference before the
    /// turn step.
    fn turn_toward(&mut self, a: &mut Actor, heading: i32) -> i32;
    /// The selected player's id: the one actor whose overlap contact identifier is one
    /// ({D:engine/SOUP.md} "Runtime object identifiers": the player instances use one).
    fn player(&self) -> Option<u16>;
    /// The ledge hang release ({D:engine/player.md} "Ledge hang release"), which acts on the
    /// selected player only.
    fn release_ledge(&mut self, a: &mut Actor);
    /// The running actor is the selected player in his post-jump cooldown (the conditional
    /// preliminary countdown a backward jump sets).
    fn jump_cooldown(&self) -> bool;
}

/// The lifecycle selector of an actor under way.
pub const LIFECYCLE_MOVING: u8 = 7;
/// The motion direction that makes point navigation wait as a falling actor does.
pub const MOTION_LEDGE: u8 = 15;
/// Point navigation's pause after a bump into another actor, nominal ticks.
pub const BUMP_PAUSE: u32 = 36;
/// Below this collision-response age a restoring transition puts the actor back on his
/// stable position; from it on the route backs off (phase 24).
pub const FRESH_RESPONSE: u8 = 16;

/// The movement speed of the current animation group, what `PlayerMovementSpeed` reads
/// ({D:engine/SOUP.md} "Player turn, speed, arctangent and location-distance queries"):
/// zero for other groups and without an animation state.
pub fn group_speed(a: &Actor) -> i32 {
    if a.set.is_none() {
        return 0;
    }
    let index = match a.anim.current {
        group::RUN | group::RUN_TORCH => attr::FORWARD_SPEED,
        group::BACK => attr::BACKWARD_SPEED,
        group::WALK | group::WALK_TORCH => attr::FORWARD_WALK,
        group::WALK_BACK | group::BACK_TORCH => attr::BACKWARD_WALK,
        group::STRAFE_LEFT..=group::STRAFE_RIGHT_TORCH => attr::SIDE_SPEED,
        _ => return 0,
    };
    a.attr(index) as i32
}

/// "Walk-node arrival distance"'s speed: [`group_speed`] when nonzero, else the smallest
/// nonzero of attributes 8, 19, 17, 12, 9, 13, 10, else 8.
pub fn speed(a: &Actor) -> i32 {
    match group_speed(a) {
        0 => [8, 19, 17, 12, 9, 13, 10]
            .map(|k| a.attr(k))
            .into_iter()
            .filter(|&v| v != 0)
            .min()
            .map_or(8, |v| v as i32),
        by_group => by_group,
    }
}

fn horizontal(a: &Actor, to: [i32; 3]) -> i32 {
    rounded_distance([to[0].wrapping_sub(a.position[0]), 0, to[2].wrapping_sub(a.position[2])])
}

/// "Walk-node arrival distance": the rounded horizontal distance less `tolerance` within
/// `((speed + 2) × 256 × frame_scale) >> 8`, equality accepted.
pub fn arrived(a: &Actor, to: [i32; 3], tolerance: i32, frame_scale: i32) -> bool {
    let reach = (speed(a) + 2).wrapping_mul(256).wrapping_mul(frame_scale) >> 8;
    horizontal(a, to).wrapping_sub(tolerance) <= reach
}

/// The heading from the actor towards runtime `to` ("Direction recovered from
/// displacement"; the actor's own heading for a zero displacement).
fn bearing(a: &Actor, to: [i32; 3]) -> i32 {
    let (dx, dz) = (to[0].wrapping_sub(a.position[0]), to[2].wrapping_sub(a.position[2]));
    if dx == 0 && dz == 0 {
        return a.angles.heading as i32;
    }
    crate::math::direction_from_displacement(dx, dz) as i32
}

/// The facing wrapper ({D:engine/SOUP.md} "Combat maintenance"'s facing wrapper, with
/// "Alignment distance thresholds"): within the facing arrival threshold of `to` (the
/// alignment speed of the current group) X/Z are put on it and the result is 0; otherwise
/// the ordinary turn helper towards the heading of the displacement, whose result it
/// returns (0 once facing).
pub fn face<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, to: [i32; 3]) -> i32 {
    let speed = super::align::alignment_speed(a);
    let reach = super::align::facing_threshold(speed, env.frame_scale());
    if super::align::horizontal_distance(a.position, to) <= reach {
        (a.position[0], a.position[2]) = (to[0], to[2]);
        return 0;
    }
    let heading = super::align::heading_to(a.position, to);
    env.turn_toward(a, heading)
}

/// The facing of a walk under way: only while the current animation's exit marker is clear
/// (phases 2 and 11), its result ignored.
pub fn keep_facing<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, to: [i32; 3]) {
    if !a.anim.exit {
        face(a, env, to);
    }
}

/// "Coordinate walking and rollback": on arrival X/Z snap to `to`; otherwise one step of
/// `WalkForward` (attribute 93 zero) or `MoveForward`, undone with a snap when the step
/// carried the actor past `to` (the bearing back lies 256 to 1792 off his heading). 0 on
/// arrival or overshoot (the default group admitted), else 1.
pub fn walk_to<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, to: [i32; 3], tolerance: i32) -> i32 {
    let fs = env.frame_scale();
    let snap = |a: &mut Actor| (a.position[0], a.position[2]) = (to[0], to[2]);
    if arrived(a, to, tolerance, fs) {
        snap(a);
        env.admit_default(a);
        return 0;
    }
    let (position, steps, anim) = (a.position, a.steps, a.anim);
    if a.attr(attr::MOVE_NOT_WALK) == 0 {
        motion::walk_forward(a, env);
    } else {
        motion::move_forward(a, env);
    }
    let off = (bearing(a, to) - a.angles.heading as i32) & ANGLE_MASK;
    if (256..=1792).contains(&off) {
        (a.position, a.steps, a.anim) = (position, steps, anim);
        snap(a);
        env.admit_default(a);
        return 0;
    }
    1
}

/// "Held-node arrival": within `((speed + 1) × 256 × frame_scale) >> 8` of node `next`,
/// X/Z snap to it. The speed is the current group's alone ([`group_speed`], no fallback).
fn at_node(a: &mut Actor, node: [i32; 3], frame_scale: i32) -> bool {
    let to = node.map(|c| c.wrapping_shl(8));
    let reach = (group_speed(a) + 1).wrapping_mul(256).wrapping_mul(frame_scale) >> 8;
    if horizontal(a, to) <= reach {
        (a.position[0], a.position[2]) = (to[0], to[2]);
        return true;
    }
    false
}

/// One invocation of point navigation towards runtime `to` with `tolerance`: 1 pending,
/// 0 complete. After the core, a move longer than `(frame_scale << 13) >> 8` since the
/// update's entry is undone ("Point-navigation command state").
///
/// `pause` is the pause delay. The original keeps it in the shared native command block,
/// which each native task slot saves and reloads, so in effect it belongs to the task slot
/// that set it; Stros keeps it in the task slot's scratch word (one global value would
/// freeze every navigating actor while one waits).
pub fn point<'a>(
    a: &mut Actor,
    env: &mut impl NavEnv<'a>,
    to: [i32; 3],
    tolerance: i32,
    pause: &mut u32,
) -> i32 {
    let r = core_step(a, env, to, tolerance, pause);
    let limit = env.frame_scale().wrapping_shl(13) >> 8;
    if horizontal(a, a.previous) > limit {
        a.position = a.previous;
    }
    r
}

fn complete<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, result: u8) -> i32 {
    env.nav_shared().result = result;
    let owner = owner_byte(env.me());
    env.walk().release(&mut a.nav, owner);
    if a.lifecycle == LIFECYCLE_MOVING {
        a.lifecycle = 0;
    }
    a.attributes[attr::COLLIDE] = 13;
    0
}

fn pending(a: &mut Actor, moving: bool) -> i32 {
    a.lifecycle = LIFECYCLE_MOVING;
    a.attributes[attr::COLLIDE] = if moving { 13 } else { 12 };
    1
}

fn node_at<'a>(env: &mut impl NavEnv<'a>, nav: &Nav, index: i16) -> Option<[i32; 3]> {
    let map = nav.map?;
    env.walk().node(map, index).map(|n| n.position)
}

/// The auxiliary bytes of the packed collision-response record. Stros keeps none (nothing
/// the docs describe writes them), so they read as zero.
fn auxiliary(_a: &Actor) -> u8 {
    0
}

/// The collision marks point navigation reads before it moves ("Point-navigation command
/// state"): a bump into an actor other than the player (a detour back to the previous next
/// node, phase 27, or a pause), the blocked-route counter, then the release test. `Some`
/// returns at once.
fn read_marks<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, owner: u8, pause: &mut u32) -> Option<i32> {
    let player = env.player();
    let bumped =
        a.body_response & response::OVERLAP != 0 && a.overlap_contact.is_none_or(|c| Some(c) != player);
    if bumped && a.nav.phase != 27 {
        match env.rng().draw() & 3 {
            1 => {
                // "The held next node becomes the previous next node": the index is
                // assigned (the docs' "X becomes Y" form, as for headings), with no release
                // or claim named, so the reservations stay as they are.
                a.nav.next = a.nav.previous_next;
                a.nav.phase = 27;
            }
            2 => {
                *pause = BUMP_PAUSE;
                return Some(1);
            }
            _ => {}
        }
    }
    let aux = auxiliary(a);
    if aux & 0x80 != 0 && a.nav.map.is_some() && a.nav.next != -1 {
        a.nav.counter = a.nav.counter.wrapping_add(1);
        if a.nav.counter > 8 {
            a.nav.phase = 24;
        }
    } else {
        a.nav.counter = 0;
    }
    if a.transition & response::TRANSITION_RESTORED == 0 {
        if aux & 0x82 != 0 || a.body_response & response::ROUTE_BLOCKED != 0 {
            env.walk().release(&mut a.nav, owner);
            a.nav.phase = 0;
        }
    } else {
        env.walk().release(&mut a.nav, owner);
        if a.response_age < FRESH_RESPONSE {
            // Best guess: without a retained stable position (Stros drops it when it is
            // invalidated) the actor stays where he is.
            a.position = a.stable.unwrap_or(a.position);
        } else if !matches!(a.nav.phase, 24 | 25) {
            a.nav.phase = 24;
        }
    }
    None
}

fn core_step<'a>(
    a: &mut Actor,
    env: &mut impl NavEnv<'a>,
    to: [i32; 3],
    tolerance: i32,
    pause: &mut u32,
) -> i32 {
    let owner = owner_byte(env.me());
    let fs = env.frame_scale();
    env.walk().validate(&mut a.nav, owner);
    let ticks = env.nominal_ticks();
    if *pause != 0 {
        *pause = pause.saturating_sub(ticks.max(0) as u32);
        return 1;
    }
    if let Some(r) = read_marks(a, env, owner, pause) {
        return r;
    }
    // Motion direction 15 waits the same way after a ledge update that acts on the selected
    // player alone; the docs do not say which, so Stros leaves it out (for every other actor
    // it changes nothing).
    if a.falling != 0 || a.queued != 0 || a.motion_direction == MOTION_LEDGE {
        a.attributes[attr::COLLIDE] = 13;
        a.nav.phase = if a.nav.next != -1 { 1 } else { 0 };
        a.lifecycle = LIFECYCLE_MOVING;
        return 1;
    }
    if !matches!(a.nav.phase, 11 | 22) && arrived(a, to, tolerance, fs) {
        (a.position[0], a.position[2]) = (to[0], to[2]);
        env.admit_default(a);
        return complete(a, env, 0);
    }
    match a.nav.phase {
        0 => {
            env.walk().release(&mut a.nav, owner);
            env.admit_default(a);
            // "Point route initialization".
            let p = a.position.map(|c| c >> 8);
            let p = [p[0], p[1].wrapping_add(a.bounds.positive[1]), p[2]];
            let found = env.walk().nearest_free(p);
            a.nav.map = found.map(|(m, _)| m);
            if let Some((_, node)) = found {
                env.walk().assign_next(&mut a.nav, node, owner);
                a.nav.phase = 1;
            }
        }
        1 | 27 => face_node(a, env, owner),
        2 => {
            let Some(next) = node_at(env, &a.nav, a.nav.next) else {
                env.walk().release(&mut a.nav, owner);
                a.nav.phase = 0;
                return pending(a, false);
            };
            let to_node = next.map(|c| c << 8);
            keep_facing(a, env, to_node);
            if walk_to(a, env, to_node, 0) == 0 {
                env.admit_default(a);
                if at_node(a, next, fs) {
                    let n = a.nav.next;
                    env.walk().assign_current(&mut a.nav, n, owner);
                    a.nav.phase = 8;
                } else {
                    a.nav.phase = 0;
                }
            }
        }
        8 => return monitor(a, env, to, owner),
        9 => idle(a, env, ticks),
        12 => leap_link(a, env, tolerance, owner),
        11 => {
            env.walk().release(&mut a.nav, owner);
            if a.attr(attr::STOP_AT_NODE) != 0 {
                a.nav.phase = 21;
            } else if !env.visible(a, to) {
                a.nav.phase = 0;
            } else {
                a.attributes[attr::COLLIDE] = 13;
                if a.sliding != 0 {
                    a.nav.phase = 0;
                }
                if walk_to(a, env, to, tolerance) == 0 {
                    return complete(a, env, 0);
                }
                keep_facing(a, env, to);
                if !env.visible(a, to) {
                    a.nav.phase = 0;
                }
                return pending(a, true);
            }
        }
        21 => {
            env.admit_default(a);
            return complete(a, env, 0);
        }
        22 => {
            env.walk().release(&mut a.nav, owner);
            if a.attr(attr::STOP_AT_NODE) != 0 {
                a.nav.phase = 21;
            } else if face(a, env, to) == 0 {
                a.nav.phase = 11;
            }
        }
        24 => {
            env.walk().release(&mut a.nav, owner);
            if a.attr(attr::MOVE_NOT_WALK) == 0 {
                motion::walk_backward(a, env);
            } else {
                motion::move_backward(a, env);
            }
            a.nav.phase = 25;
        }
        25 => {
            if a.anim.current == a.anim.default {
                a.nav.phase = 0;
            }
        }
        _ => a.nav.phase = 0,
    }
    pending(a, false)
}

/// Phases 1 and 27: at the held next node it becomes current (phase 8); else the actor turns
/// to it and, facing it, walks (phase 2) — or, by attribute 90's chance, idles first (9).
fn face_node<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, owner: u8) {
    let fs = env.frame_scale();
    let Some(next) = node_at(env, &a.nav, a.nav.next) else {
        env.walk().release(&mut a.nav, owner);
        a.nav.phase = 0;
        return;
    };
    if at_node(a, next, fs) {
        env.admit_default(a);
        let n = a.nav.next;
        env.walk().assign_current(&mut a.nav, n, owner);
        a.nav.phase = 8;
    } else if face(a, env, next.map(|c| c << 8)) == 0 {
        a.nav.phase = 2;
        let idle = a.attr(attr::NODE_IDLE);
        if idle != 0 && env.rng().bounded(idle as i32) == 0 {
            a.nav.phase = 9;
            a.nav.word = ((env.rng().draw() & 127) + 16) as u16;
        }
    }
}

/// "Phase-eight route monitoring": the destination's node in the current map; at it, the
/// direct walk (or the stop at the node); else the next hop claimed.
fn monitor<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, to: [i32; 3], owner: u8) -> i32 {
    if a.nav.current == -1 {
        env.walk().release(&mut a.nav, owner);
        a.nav.phase = 0;
        return pending(a, false);
    }
    let Some(destination) = env.walk().nearest_in_map(a.nav.map, to.map(|c| c >> 8)) else {
        return complete(a, env, 2);
    };
    if destination == a.nav.current {
        env.walk().release(&mut a.nav, owner);
        if a.attr(attr::STOP_AT_NODE) != 0 {
            a.nav.phase = 21;
        } else if env.visible(a, to) {
            a.nav.phase = 22;
        } else {
            return complete(a, env, 4);
        }
        return pending(a, false);
    }
    let (map, current) = (a.nav.map, a.nav.current);
    let Some((hop, [leap, _])) = env.walk().next_hop(map, current, destination, owner) else {
        return complete(a, env, 3);
    };
    if !env.walk().assign_next(&mut a.nav, hop, owner) {
        return complete(a, env, 7);
    }
    // The first link's 0x4000 flag (bit 14) marks a leap.
    a.nav.phase = if leap { 12 } else { 1 };
    pending(a, false)
}

/// "Phase twelve (leap link)": at the next node (the coordinate arrival test with the
/// caller's tolerance) it becomes current, phase 8; else, once facing it, the leap starts —
/// unless refused, when the phase stays 12 and the actor waits.
fn leap_link<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, tolerance: i32, owner: u8) {
    let Some(next) = node_at(env, &a.nav, a.nav.next) else {
        env.walk().release(&mut a.nav, owner);
        a.nav.phase = 0;
        return;
    };
    let to = next.map(|c| c << 8);
    if arrived(a, to, tolerance, env.frame_scale()) {
        let n = a.nav.next;
        env.walk().assign_current(&mut a.nav, n, owner);
        a.nav.phase = 8;
    } else if face(a, env, to) == 0 {
        start_leap(a, env);
    }
}

/// The leap's start: refused in the selected player's post-jump cooldown, in landing groups
/// 114, 116, 130 and 131, with falling, queued or sliding motion, on surfaces 2 and 4, on a
/// rope and outside living states 0 and 15; state 15 runs the hang release instead. Started,
/// queued motion 2 and an ordinary request of 32 (33 with a burning torch), the stable
/// position invalid, the fall origin at the current Y, fall timer and slide distance 0.
fn start_leap<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>) {
    // Script `Jump`'s refusals less attribute 105's water and the native-task test, plus
    // the rope and the cooldown.
    if env.jump_cooldown() || a.rope || !super::jump::script_admits(a, false, false) {
        return;
    }
    if a.living == living::HANGING {
        env.release_ledge(a);
        return;
    }
    a.queued = 2;
    let group = if a.torch != 0 { group::JUMP_STAND_TORCH } else { group::JUMP_STAND };
    env.request_group(a, group);
    a.stable = None;
    a.fall_origin = a.position[1];
    a.fall_timer = 0;
    a.slide_distance = 0;
}

/// Phase 9: the idle countdown; unarmed actors in their default group fidget.
pub fn idle<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, ticks: i32) {
    let word = a.nav.word as i16 as i32;
    a.nav.word = if (word as u32) < ticks as u32 { 0 } else { word.wrapping_sub(ticks) as u16 };
    if a.nav.word == 0 || a.holds_weapon() {
        a.nav.phase = 2;
        return;
    }
    if a.anim.current == a.anim.default && env.rng().draw() & 31 == 31 {
        let pick = loop {
            let v = env.rng().draw() & 3;
            if v != 3 {
                break v;
            }
        };
        env.request_group(a, 1 + pick as i16);
    }
}

#[cfg(test)]
#[path = "nav_tests.rs"]
pub(crate) mod tests;
