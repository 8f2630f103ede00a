//! The natives that move one actor from another's script ({D:engine/SOUP.md}
//! "PlayerFaceObj", "BounceObject", "Player alignment ownership and targets",
//! "PlayerPickupLineUp and PlayerParallelLineUp"): the selected player turned to face an
//! object, walked to a spot beside it, or bounced off it. The script host runs them with
//! surroundings of the moved actor's own ([`super::queries::Env::for_other`]); the
//! arithmetic is [`crate::actor::align`].
//!
//! The *alignment flag* is the moved actor's hook-disabled bit: while it is set the selected
//! player's controller (his per-update hook) does not run. `LockoutPlayer`, which stops the
//! controller's movement by a retained word, is here too.

use super::queries::Env;
use super::script::WorldHost;
use crate::actor::align::{self, CloseStep, GOING, RESPONSE_MASK};
use crate::actor::living;
use crate::actor::motion::{self, Step};
use crate::actor::{Actor, Direction, attr};
use crate::anim::group;
use crate::capacity::Capacity;
use crate::collision::statics::segment_contacts;
use crate::script::functions::id;
use crate::script::{NativeCall, control};
use crate::world::live::{LiveModel, LiveScene, Prepared};
use crate::world::models::Running;

/// Handler-state bits of the line-ups (the task slot's first scratch word).
mod state {
    /// The first invocation has chosen the mode.
    pub const STARTED: i32 = 0x01;
    /// Close alignment (else approach); for the pickup task, the parallel mover.
    pub const CLOSE: i32 = 0x02;
    /// The retained fallback flag.
    pub const FALLBACK: i32 = 0x04;
    /// The parallel mover's backing is over: it only turns to the final heading now.
    pub const BACKED: i32 = 0x08;
}

/// What a line-up reads of its reference actor.
#[derive(Clone, Copy, Debug)]
struct Reference {
    position: [i32; 3],
    heading: u16,
}

fn set_alignment(a: &mut Actor, on: bool) {
    if on {
        a.script_control |= control::NO_HOOK;
    } else {
        a.script_control &= !control::NO_HOOK;
    }
}

/// The turn helper toward `heading` after leveling the roll (the alignment roll leveling).
fn face<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, heading: i32) -> i32 {
    a.angles.roll = 0;
    super::collide::turn_helper(a, env, heading & 2047)
}

/// Requests the default group (the alignments' "request its default animation").
fn request_default<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    let d = a.anim.default;
    env.request(a, d);
}

/// Snaps X/Z onto `target` (Y unchanged).
fn snap(a: &mut Actor, target: [i32; 3]) {
    (a.position[0], a.position[2]) = (target[0], target[2]);
}

/// One close step ("Close alignment's movement step"): the stepper saved around, kept when
/// its test passes, otherwise undone with X/Z put on the target and its called flag
/// cleared. `false`: it failed.
fn close_step<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    step: CloseStep,
    target: [i32; 3],
) -> bool {
    let (position, steps, anim) = (a.position, a.steps, a.anim);
    let before = align::horizontal_distance(a.position, target);
    let (result, direction) = match step {
        CloseStep::Right => (motion::move_sideways(a, env, false), Direction::Right),
        CloseStep::Left => (motion::move_sideways(a, env, true), Direction::Left),
        CloseStep::Forward => (motion::walk_forward(a, env), Direction::Forward),
        CloseStep::Backward => (motion::walk_backward(a, env), Direction::Backward),
    };
    let after = (a.angles.heading as i32 - align::heading_to(a.position, target)) & 2047;
    let distance = align::horizontal_distance(a.position, target);
    if !matches!(result, Step::Refused | Step::NoGroup) && step.keeps(after, before, distance) {
        return true;
    }
    (a.position, a.steps, a.anim) = (position, steps, anim);
    a.steps.called &= !(1 << direction as u8);
    snap(a, target);
    false
}

/// `PlayerFaceObj()` on the selected player toward `to`: a stale collision response gives
/// up; within the facing arrival threshold he is put on `to`; otherwise the turn helper
/// toward the heading to `to`. One while turning (alignment flag set), else zero.
fn face_object<C: Capacity>(p: &mut Actor, env: &mut Env<'_, '_, C>, to: [i32; 3]) -> i32 {
    if align::stale_response(p) {
        set_alignment(p, false);
        return 0;
    }
    p.angles.roll = 0;
    let speed = align::alignment_speed(p);
    if align::horizontal_distance(p.position, to) <= align::facing_threshold(speed, env.tick.frame_scale) {
        snap(p, to);
        set_alignment(p, false);
        return 0;
    }
    let turning = face(p, env, align::heading_to(p.position, to)) != 0;
    set_alignment(p, turning);
    turning as i32
}

/// `BounceObject(power, speed, steer)` ({D:engine/SOUP.md} "BounceObject") on `a`: the
/// lifecycle (living) byte through 30 (entry requested), 31 (rising) and 32 (falling); the
/// ordinary falling controller takes the descent. One while it runs, zero when done or
/// refused.
fn bounce<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, args: [i32; 3], initial: bool) -> i32 {
    let [power, speed, steer] = args;
    let scale = env.tick.frame_scale;
    // The motion clearing: three bytes, and of the motion vector words 0 and 1 only.
    let clear_motion = |a: &mut Actor| {
        (a.falling, a.queued, a.sliding) = (0, 0, 0);
        (a.motion_vector[0], a.motion_vector[1]) = (0, 0);
    };
    if initial {
        if matches!(a.living, living::BOUNCE_ENTRY | living::BOUNCE_RISING)
            || living::is_ledge(a.living)
            || a.in_deep_water()
            || power == 0
        {
            return 0;
        }
        clear_motion(a);
        a.living = living::BOUNCE_ENTRY;
        let group = if a.holds_weapon() {
            114
        } else if a.torch != 0 {
            66
        } else {
            65
        };
        env.request(a, group);
    }
    if a.living == living::BOUNCE_ENTRY {
        if !matches!(a.anim.current, group::LAND_ARMED | group::LAND_TORCH | group::LAND) {
            clear_motion(a);
            return 1;
        }
        a.living = living::BOUNCE_RISING;
        a.fall_origin = (a.attr(attr::JUMP_HEIGHT) as i32) << 8;
    }
    if env.is_player && steer != 0 {
        let t = env.systems.player.turn;
        let net = motion::scaled(t.left, scale).wrapping_sub(motion::scaled(t.right, scale));
        a.angles.heading = crate::player::turned(a.angles.heading, net);
    }
    let forward = align::bounce_forward(speed, scale);
    (a.position[0], a.position[2]) =
        crate::math::translate_heading(a.position[0], a.position[2], a.angles.heading as i32, forward);
    if a.living == living::BOUNCE_RISING {
        let lift = a.fall_origin;
        a.position[1] = a.position[1].wrapping_sub(motion::scaled(lift, scale));
        a.fall_origin = lift.wrapping_sub(align::bounce_lift_drop(power, scale));
        let armed = a.in_combat_stance();
        if a.fall_origin > 0 {
            let group = if armed {
                112
            } else if a.torch != 0 {
                38
            } else {
                39
            };
            env.request(a, group);
            clear_motion(a);
        } else {
            a.fall_origin = a.position[1].wrapping_add((a.attr(attr::JUMP_HEIGHT) as i32) << 8);
            (a.fall_timer, a.falling) = (30, 1);
            match (armed, a.torch != 0) {
                (true, _) if a.anim.current == group::FALL_ARMED_LATE => {}
                (true, _) => env.force(a, group::FALL_ARMED),
                (false, true) => env.request(a, group::FALL_TORCH),
                (false, false) => env.force(a, group::FALL),
            }
            a.living = living::BOUNCE_FALLING;
        }
        return 1;
    }
    if a.falling == 0 {
        a.living = living::NONE;
        return 0;
    }
    1
}

/// `PlayerLineUp(angle, x, z)` ({D:engine/SOUP.md} "Player alignment ownership and
/// targets") moving `p` relative to `reference` (the current receiver in approach mode, the
/// first one retained in close alignment). `scratch` is the handler state.
fn line_up<C: Capacity>(
    p: &mut Actor,
    env: &mut Env<'_, '_, C>,
    reference: Reference,
    receiver: [i32; 3],
    args: [i32; 3],
    scratch: &mut i32,
) -> i32 {
    let [angle, x, z] = args;
    let (target, final_heading) = align::lineup_target(reference.position, reference.heading, angle, x, z);
    let scale = env.tick.frame_scale;
    let speed = align::alignment_speed(p);
    let blocked = |p: &Actor| align::response_word(p) & RESPONSE_MASK != 0;
    let done = |p: &mut Actor| {
        set_alignment(p, false);
        0
    };
    if *scratch & state::CLOSE == 0 {
        // Approach mode: a fallback faces the receiver itself.
        if *scratch & state::FALLBACK != 0 || blocked(p) {
            if face(p, env, align::heading_to(p.position, receiver)) == 0 {
                return done(p);
            }
            set_alignment(p, true);
            return GOING;
        }
        let mut distance = align::horizontal_distance(p.position, target);
        if distance <= align::arrival_threshold(speed, scale) {
            snap(p, target);
            distance = 0;
        }
        if distance == 0 {
            if face(p, env, final_heading) == 0 {
                request_default(p, env);
                return done(p);
            }
        } else if face(p, env, align::heading_to(p.position, target)) == 0
            && align::movement_permitted(p, speed, scale, distance)
        {
            let saved = (p.position, p.steps, p.anim);
            motion::walk_forward(p, env);
            let b = (p.angles.heading as i32 - align::heading_to(p.position, target)) & 2047;
            if (256..=1792).contains(&b) {
                (p.position, p.steps, p.anim) = saved;
                snap(p, target);
                *scratch |= state::FALLBACK;
            }
            if blocked(p) && p.response_age > align::STALE_AGE {
                *scratch |= state::FALLBACK;
            }
        }
        set_alignment(p, true);
        return GOING;
    }
    // Close alignment: the final heading first, then the step the bearing selects.
    if *scratch & state::FALLBACK != 0 {
        if face(p, env, final_heading) == 0 {
            request_default(p, env);
            return done(p);
        }
        set_alignment(p, true);
        return GOING;
    }
    let distance = align::horizontal_distance(p.position, target);
    let arrived = distance <= align::arrival_threshold(speed, scale);
    if arrived {
        snap(p, target);
    }
    if face(p, env, final_heading) != 0 {
        set_alignment(p, true);
        return GOING;
    }
    if arrived {
        request_default(p, env);
        return done(p);
    }
    if align::movement_permitted(p, speed, scale, distance) {
        let b = (p.angles.heading as i32 - align::heading_to(p.position, target)) & 2047;
        if !close_step(p, env, CloseStep::of(b), target) {
            *scratch |= state::FALLBACK;
        }
        if blocked(p) {
            *scratch |= state::FALLBACK;
        }
    }
    set_alignment(p, true);
    GOING
}

/// The pickup mover ({D:engine/SOUP.md} "PlayerPickupLineUp and PlayerParallelLineUp"):
/// face the target, snap on the facing arrival test, otherwise one forward close step.
fn pickup<C: Capacity>(p: &mut Actor, env: &mut Env<'_, '_, C>, target: [i32; 3]) -> i32 {
    if align::stale_response(p) {
        return 0;
    }
    let scale = env.tick.frame_scale;
    let speed = align::alignment_speed(p);
    if face(p, env, align::heading_to(p.position, target)) != 0 {
        return GOING;
    }
    let distance = align::horizontal_distance(p.position, target);
    let arrive = |p: &mut Actor, env: &mut Env<'_, '_, C>| {
        p.steps.called = 0;
        request_default(p, env);
        0
    };
    if distance <= align::facing_threshold(speed, scale) {
        snap(p, target);
        return arrive(p, env);
    }
    if align::movement_permitted(p, speed, scale, distance) {
        if !close_step(p, env, CloseStep::Forward, target) {
            return arrive(p, env);
        }
    } else if align::stale_response(p) {
        set_alignment(p, false);
    }
    GOING
}

/// The parallel mover: from the final heading `heading + 1024`, a player turned more than
/// 768 from it faces `heading` and backs onto the target while the movement check permits,
/// done once the backward step fails (or may not move) and the turn to the final heading
/// has finished — the handler state keeps the backing over ([`state::BACKED`]) while he
/// turns; otherwise he turns to the final heading, snaps on arrival, or takes the close
/// step the bearing selects.
fn parallel<C: Capacity>(
    p: &mut Actor,
    env: &mut Env<'_, '_, C>,
    target: [i32; 3],
    heading: i32,
    scratch: &mut i32,
) -> i32 {
    let scale = env.tick.frame_scale;
    let speed = align::alignment_speed(p);
    let final_heading = (heading + 1024) & 2047;
    let distance = align::horizontal_distance(p.position, target);
    let off = (p.angles.heading as i32 - final_heading) & 2047;
    if *scratch & state::BACKED != 0 || off.min(2048 - off) > 768 {
        if *scratch & state::BACKED == 0 {
            if face(p, env, heading) != 0 {
                return GOING;
            }
            if align::movement_permitted(p, speed, scale, distance)
                && close_step(p, env, CloseStep::Backward, target)
            {
                return GOING;
            }
            *scratch |= state::BACKED;
        }
        if face(p, env, final_heading) != 0 {
            return GOING;
        }
        p.steps.called = 0x0f;
        return 0;
    }
    if face(p, env, final_heading) != 0 {
        return GOING;
    }
    if distance <= align::facing_threshold(speed, scale) {
        snap(p, target);
        p.steps.called = 0x0f;
        request_default(p, env);
        return 0;
    }
    if align::movement_permitted(p, speed, scale, distance) {
        let b = (p.angles.heading as i32 - align::heading_to(p.position, target)) & 2047;
        close_step(p, env, CloseStep::of(b), target);
    }
    if align::stale_response(p) { 0 } else { GOING }
}

/// `LockoutPlayer`'s attribute rule ({D:engine/hud.md} "Shared rules"): with the retained
/// word exactly 1 the selected player's `attr_no_node_combat` (116) becomes 1; any other
/// word clears it on every actor that has it set.
pub(super) fn lockout_attribute(a: &mut Actor, word: u16, selected_player: bool) {
    if word == 1 {
        if selected_player {
            a.attributes[attr::NO_NODE_COMBAT] = 1;
        }
    } else {
        a.attributes[attr::NO_NODE_COMBAT] = 0;
    }
}

impl<'a, C: Capacity> WorldHost<'_, '_, '_, 'a, C> {
    /// Runs `f` on actor `target` with surroundings of its own: its animation set, and its
    /// candidates gathered again around it from this update's live models (which leave the
    /// running actor out — the receiver of the natives here).
    pub(super) fn with_mover<R>(
        &mut self,
        target: u16,
        f: impl FnOnce(&mut Actor, &mut Env<'_, 'a, C>) -> R,
    ) -> Option<R> {
        if target == self.me {
            return Some(f(self.actor, self.env));
        }
        self.others_written = true;
        // The moved actor's own surroundings: every live model but its own, gathered where
        // it stands (the running update's scene holds only the actors near the runner).
        let mut models = C::Work::<LiveModel<'a>>::default();
        let running = Running { me: self.me, actor: self.actor, others: self.actors };
        self.env.tables.live_all(&running, target, &mut models);
        let a = self.actors.get_mut(target as usize)?;
        let set = a.set.and_then(|s| self.env.assets.sets.get(s as usize)).map(|e| &e.set);
        let live = LiveScene { live: &models, ..*self.env.scene.scene };
        let lists = live.gather(a.map_position(), Env::<C>::query_radius(a), Some(target));
        let scene = Prepared { scene: &live, lists: &lists };
        let mut env = self.env.for_other(target, set, &scene);
        Some(f(a, &mut env))
    }

    /// The alignment natives called on `receiver`; `None` for other functions.
    pub(super) fn alignment(&mut self, receiver: u16, call: &mut NativeCall<'_>) -> Option<i32> {
        if call.function == id::LOCKOUT_PLAYER {
            let word = call.arg(0) as u16;
            self.env.systems.player.lockout = word;
            let player = self.env.player_id;
            for k in 0..self.actors.len() as u16 {
                if let Some(a) = self.actor_mut(k) {
                    lockout_attribute(a, word, Some(k) == player);
                }
            }
            // Every call clears the topic menu's saved choice text; values other than one
            // also clear the prompt-override timer ({D:engine/hud.md} "Shared rules").
            self.env.systems.dialogue.menu.saved = &[];
            if word != 1 {
                self.env.systems.dialogue.activation.override_timer = 0;
            }
            return Some(0);
        }
        let here = self.pose_of(receiver)?;
        let heading = self.record_of(receiver)?.angles.heading;
        let local = self.record_of(receiver)?.position;
        let args = [call.arg(0), call.arg(1), call.arg(2)];
        match call.function {
            id::BOUNCE_OBJECT => {
                let initial = call.initial;
                self.with_mover(receiver, |a, env| bounce(a, env, args, initial))
            }
            id::PLAYER_FACE_OBJ => {
                let player = self.env.player_id?;
                self.with_mover(player, |p, env| face_object(p, env, local))
            }
            id::PLAYER_LINE_UP => {
                let player = self.env.player_id?;
                let mut scratch = call.scratch;
                if scratch[0] & state::STARTED == 0 {
                    let from = self.pose_of(player)?.position;
                    let d = crate::math::rounded_distance(crate::math::wrapping_sub3(from, here.position));
                    let close = d <= self.env.assets.config.lineup_distance.wrapping_mul(256);
                    scratch = [state::STARTED | if close { state::CLOSE } else { 0 }, receiver as i32];
                }
                let reference_id = if scratch[0] & state::CLOSE != 0 { scratch[1] as u16 } else { receiver };
                let r = self.record_of(reference_id)?;
                let reference = Reference { position: r.position, heading: r.angles.heading };
                let r = self
                    .with_mover(player, |p, env| line_up(p, env, reference, local, args, &mut scratch[0]));
                call.scratch = scratch;
                // The shared line-up result an activation tests ({D:engine/hud.md}).
                if let Some(v) = r {
                    self.env.systems.player.lineup = v;
                }
                r
            }
            id::PLAYER_PICKUP_LINE_UP
            | id::PLAYER_PARALLEL_LINE_UP
            | id::OBJECT_PICKUP_LINE_UP
            | id::OBJECT_PARALLEL_LINE_UP => {
                // The player's movers on the selected player; the Object ones move the
                // receiver relative to the running actor (the docs name neither for them;
                // Stros's reading).
                let object = matches!(call.function, id::OBJECT_PICKUP_LINE_UP | id::OBJECT_PARALLEL_LINE_UP);
                let (mover, (position, reference_heading)) = match object {
                    true => (receiver, (self.actor.position, self.actor.angles.heading)),
                    false => (self.env.player_id?, (local, heading)),
                };
                let (target, target_heading) =
                    align::pickup_target(position, reference_heading, call.arg(0), call.arg(1), call.arg(2));
                let parallel_only =
                    matches!(call.function, id::PLAYER_PARALLEL_LINE_UP | id::OBJECT_PARALLEL_LINE_UP);
                let mut scratch = call.scratch;
                if call.initial || scratch[0] & state::STARTED == 0 {
                    let blocked = !parallel_only && self.path_blocked(mover, target);
                    scratch[0] = state::STARTED | if parallel_only || blocked { state::CLOSE } else { 0 };
                }
                let parallel_mover = scratch[0] & state::CLOSE != 0;
                let r = self.with_mover(mover, |p, env| match parallel_mover {
                    true => parallel(p, env, target, target_heading, &mut scratch[0]),
                    false => pickup(p, env, target),
                });
                call.scratch = scratch;
                r
            }
            _ => None,
        }
    }

    /// The pickup mover's first test: a contact on the segment from `mover` to `target`
    /// (at most `0x20000` runtime units, whole map units) with a candidate other than the
    /// mover and the running actor.
    fn path_blocked(&mut self, mover: u16, target: [i32; 3]) -> bool {
        let me = self.me;
        self.with_mover(mover, |p, env| {
            let d = crate::math::wrapping_sub3(target, p.position);
            let length = crate::math::rounded_distance(d).max(1);
            let end = match length > 0x20000 {
                true => [0, 1, 2].map(|k| p.position[k] + (d[k] as i64 * 0x20000 / length as i64) as i32),
                false => target,
            };
            let (from, to) = (p.position.map(|c| (c >> 8) as f32), end.map(|c| (c >> 8) as f32));
            let live = env.scene.scene;
            segment_contacts(env.scene, env.scene.lists, from, to, true)
                .any(|w| live.live_model(w.placement).is_none_or(|l| l.actor != me && l.actor != mover))
        })
        .unwrap_or(false)
    }
}
