//! The natives the engine core implements ({D:engine/SOUP.md} sections named on each);
//! [`call`] answers `None` for every other function id, which the interpreter reports as
//! "not implemented" and treats as a result of 0 (a task so called completes at the next
//! pass, a function yields 0) without stopping the script.

use crate::actor::combat::{
    begin_combat, end_combat, release_walk_nodes, sheath_sword, weapon_draw_admission,
};
use crate::actor::living;
use crate::actor::{Actor, attr, axis};
use crate::anim::task::{PushAnimation, TaskStatus, wait_anim_frame, wait_frame};
use crate::anim::{AnimContext, AnimSet, Events, SetAction};
use crate::script::functions::id;
use crate::script::{Flags, NativeCall, Rng, control};

mod camera;
pub mod table;

pub use table::{Home, home};
mod player;

pub use player::PlayerView;

/// What a native reaches besides its receiver.
#[derive(Debug)]
pub struct Globals<'r> {
    /// What the player queries read of the selected player, if there is one (a copy: the
    /// receiver may be the player himself).
    pub player: Option<PlayerView>,
    /// The update's shared whole nominal ticks.
    pub ticks: i32,
    /// The update's shared frame scale (256 = one nominal tick).
    pub frame_scale: i32,
    /// The loaded map's markers (`AtNodeMarker`), when a world is loaded.
    pub markers: Option<crate::formats::rgm::Mpmk<'r>>,
    /// Animation events of the update.
    pub events: &'r mut Events,
    /// The world's random stream.
    pub rng: &'r mut Rng,
    /// The global flags.
    pub flags: &'r mut Flags,
    /// `[system] animation_system` is nonzero (the animation boundary's switch).
    pub animation: bool,
    /// `[system] task_system` is 1.
    pub task_system: bool,
    /// The receiver's actor id.
    pub receiver: u16,
    /// The receiver is the selected player.
    pub selected: bool,
    /// The selected player's hit inhibition: `IsDead` is true for him while it is set.
    pub hit_inhibition: bool,
    /// The shared sample-reset flag of sound maintenance ([`crate::sound::Maintenance`]).
    pub sound_reset: bool,
    /// The forward binding (`key_up`) is held.
    pub forward_held: bool,
    /// The camera, when a world runs the script.
    pub camera: Option<&'r mut crate::camera::Camera>,
    /// Where sounds are heard from, when a world runs the script.
    pub listener: Option<SoundListener>,
    /// The walk maps, when a world runs the script.
    pub walk: Option<&'r mut dyn crate::actor::walk::Release>,
}

/// Where sounds are heard from ({D:engine/sound.md}): the camera's published position and
/// the radius and divisor of `[system] sound_distance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundListener {
    /// Position, runtime units.
    pub position: [i32; 3],
    /// The volume curve's radius.
    pub radius: i32,
    /// The volume curve's divisor.
    pub divisor: i32,
}

/// `AtNodeMarker(marker, distance)` ({D:engine/SOUP.md} "AtNodeMarker: node-marker
/// distance"): 1 when the receiver's local position is within `distance` (inclusive, runtime
/// units) of the marker's (map units `<< 8`), by [`crate::math::rounded_distance`]. The
/// original stops with a fatal error on an absent or unusable marker; Stros answers 0.
fn at_node_marker(
    a: &Actor,
    markers: Option<&crate::formats::rgm::Mpmk<'_>>,
    marker: i32,
    distance: i32,
) -> i32 {
    let Some(m) = usize::try_from(marker).ok().and_then(|k| markers?.get(k)).filter(|m| m.usable()) else {
        return 0;
    };
    let d = [0, 1, 2].map(|k| (m.position[k] << 8).wrapping_sub(a.position[k]));
    (crate::math::rounded_distance(d) <= distance) as i32
}

/// 1 when angles `a` and `b` are within `tolerance` of each other the short way round
/// (inclusive; a negative tolerance never holds), else 0.
fn within(a: i32, b: i32, tolerance: i32) -> i32 {
    let mut d = (a.wrapping_sub(b)) & 2047;
    if d > 1024 {
        d -= 2048;
    }
    (d.abs() <= tolerance) as i32
}

/// The quantized heading of the X/Z displacement from actor `a` to `to`
/// ({D:engine/player.md} "Direction recovered from displacement").
fn bearing_to(a: &Actor, to: [i32; 3]) -> i32 {
    let at = a.effective_position();
    crate::math::direction_from_displacement(to[0].wrapping_sub(at[0]), to[2].wrapping_sub(at[2])) as i32
}

impl<'r> Globals<'r> {
    /// Globals outside a world (a solo run, a probe, a test): `ticks` whole ticks at their
    /// scale, the installed switches, no player, markers or camera, receiver 0 unselected.
    pub fn detached(
        events: &'r mut Events,
        rng: &'r mut Rng,
        flags: &'r mut Flags,
        ticks: i32,
    ) -> Globals<'r> {
        Globals {
            player: None,
            ticks,
            frame_scale: ticks.wrapping_mul(256),
            markers: None,
            events,
            rng,
            flags,
            animation: true,
            task_system: true,
            receiver: 0,
            selected: false,
            hit_inhibition: false,
            sound_reset: false,
            forward_held: false,
            camera: None,
            listener: None,
            walk: None,
        }
    }

    /// The receiver's animation context ([`AnimContext`]): its set, the shared ticks, the
    /// animation switch, its falling byte and, for the selected player holding forward, the
    /// mask-8 group.
    fn anim<'c, 's>(&'c mut self, actor: &Actor, set: Option<&'c AnimSet<'s>>) -> AnimContext<'c, 's> {
        AnimContext {
            set,
            ticks: self.ticks,
            events: &mut *self.events,
            enabled: self.animation,
            falling: actor.falling,
            forward: (self.selected && self.forward_held).then(|| actor.forward_group()),
            move_bits: 0,
        }
    }
}

/// The selected player's fallback position when there is none ("PlayerDistance and
/// PlayerFacing": the global fallback position; the core keeps the origin).
pub const FALLBACK_POSITION: [i32; 3] = [0; 3];
/// `PlayerDistance`'s fixed result under the `neversaydie` override (never active here).
pub const NEVER_SAY_DIE_DISTANCE: i32 = 9_999_999;

fn status(s: TaskStatus) -> i32 {
    match s {
        TaskStatus::Active => 1,
        TaskStatus::Done => 0,
    }
}

/// Runs native `call.function` on `actor` (with its animation set, if it animates).
/// `None`: not implemented.
pub fn call(
    actor: &mut Actor,
    set: Option<&AnimSet<'_>>,
    g: &mut Globals<'_>,
    call: &mut NativeCall<'_>,
) -> Option<i32> {
    match table::home(call.function)? {
        // `updatePlayerViewAttrib` is an empty routine ({D:engine/SOUP.md} "PlayerHanging
        // and updatePlayerViewAttrib"): nothing read, nothing changed.
        Home::Empty => Some(0),
        Home::Animation => animation(actor, set, g, call),
        Home::Rotation => rotation(actor, g, call),
        Home::Tasks => tasks(call),
        Home::Attributes => attributes(actor, g, call),
        Home::Globals => globals(actor, g, call),
        Home::Combat => actions_and_combat(actor, set, g, call),
        Home::Sounds => sounds(actor, g, call),
        Home::Visibility => visibility(actor, call),
        Home::Camera => camera::call(actor, g, call),
        // The world's homes ([`Home::in_world`]): its script host runs them before it calls
        // here.
        _ => None,
    }
}

/// Whether [`call`] answers `function` (a native the core implements), found by calling
/// it once on a fresh actor with fresh globals and a camera. The world's script host runs
/// the movement natives itself ([`crate::world`]'s `is_hosted`).
pub fn answers(function: u16) -> bool {
    probe(function, |actor, g, c| call(actor, None, g, c)).is_some()
}

/// Native `function` run once by `handler` on a fresh actor with fresh globals and a
/// camera (no animation set, arguments 0).
fn probe(
    function: u16,
    handler: impl FnOnce(&mut Actor, &mut Globals<'_>, &mut NativeCall<'_>) -> Option<i32>,
) -> Option<i32> {
    let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
    let mut camera = crate::camera::Camera::default();
    let mut actor = Actor::new(0, [0; 256]);
    let mut g = Globals {
        player: Some(PlayerView::of(&actor)),
        camera: Some(&mut camera),
        ..Globals::detached(&mut events, &mut rng, &mut flags, 1)
    };
    handler(&mut actor, &mut g, &mut NativeCall::initial(function, &[0; 8]))
}

/// `HideMe()` and `ShowMe()` ({D:engine/SOUP.md} "HideMe and ShowMe"): the hidden flag set
/// or cleared; both return zero.
fn visibility(actor: &mut Actor, call: &NativeCall<'_>) -> Option<i32> {
    match call.function {
        id::HIDE_ME => actor.hidden = true,
        id::SHOW_ME => actor.hidden = false,
        _ => return None,
    }
    Some(0)
}

/// The script sounds ({D:engine/sound.md} "SOUP functions"): `Sound` and `FlatSound` start
/// one (reported for the mixer), the stops end channels by effect, owner or all; every one
/// returns zero. `AmbientSound(effect, volume, rate)` is a multitask: each run computes the
/// volume the curve gives its owner's position; at 0 (or with the object-update exclusion
/// set) it stops its sound and ends, else it keeps its sound going (the mixer starts it when
/// it is not playing and sets its volume and pan) and goes on. Without a listener (outside
/// a world) it ends at once.
fn sounds(actor: &Actor, g: &mut Globals<'_>, call: &NativeCall<'_>) -> Option<i32> {
    use crate::anim::{AnimEvent, SoundStop};
    use crate::sound::ScriptSound;
    let (a0, a1, a2) = (call.arg(0), call.arg(1), call.arg(2));
    let effect = a0 as i16;
    if call.function == id::AMBIENT_SOUND {
        let heard = g.listener.map_or(0, |l| {
            let d = crate::sound::distance(actor.effective_position(), l.position);
            crate::sound::volume(d, l.radius, l.divisor, a1)
        });
        if heard == 0 || actor.object_update_exclusion != 0 {
            g.events.push(AnimEvent::EndSounds(SoundStop::MineOf(effect)));
            return Some(0);
        }
        // A first run, or a sound reset this loop iteration, forgets the remembered channel.
        let restart = call.elapsed == 0 || g.sound_reset;
        let kind = crate::sound::ScriptSound::Ambient { restart };
        g.events.push(AnimEvent::ScriptSound { effect, volume: a1, hz: a2, kind });
        return Some(1);
    }
    let event = match call.function {
        id::SOUND => AnimEvent::ScriptSound { effect, volume: a1, hz: a2, kind: ScriptSound::Positional },
        id::FLAT_SOUND => AnimEvent::ScriptSound { effect, volume: a1, hz: a2, kind: ScriptSound::Flat },
        id::END_SOUND => AnimEvent::EndSounds(SoundStop::Effect(effect)),
        id::END_MY_SOUND => AnimEvent::EndSounds(SoundStop::MineOf(effect)),
        id::END_MY_SOUNDS => AnimEvent::EndSounds(SoundStop::Mine),
        id::STOP_ALL_SOUNDS => AnimEvent::EndSounds(SoundStop::All),
        _ => return None,
    };
    g.events.push(event);
    Some(0)
}

/// The animation tasks and requests.
fn animation(
    actor: &mut Actor,
    set: Option<&AnimSet<'_>>,
    g: &mut Globals<'_>,
    call: &mut NativeCall<'_>,
) -> Option<i32> {
    let a0 = call.arg(0);
    let a1 = call.arg(1);
    Some(match call.function {
        // "PushAnimation and TaskStop: animation ownership": two phases, kept per slot in the scratch word.
        //
        // Without an animation set the actor has no animation state: the request boundary
        // rejects it ({A}, "Forced requests"), so no group could ever become current
        // and the task would block its script for good. The docs give this task no rule for
        // an absent animation association; the frame waits, its sibling tasks over the same
        // state, complete when the association is absent ({D:engine/animation.md}, "Frame
        // waits"). Where the docs are silent Stros does the same, so a script on a static
        // model goes on instead of hanging on a group that can never start.
        id::PUSH_ANIMATION => {
            if set.is_none() {
                return Some(status(TaskStatus::Done));
            }
            let mut task = PushAnimation { started: call.scratch[0] != 0 };
            let mut cx = g.anim(actor, set);
            let s = task.invoke(&mut actor.anim, &mut cx, a0, a1);
            actor.steps.packed |= cx.move_bits;
            call.scratch[0] = task.started as i32;
            status(s)
        }
        // "PlayAnimation": an ordinary request with the modifier narrowed to a byte; nothing
        // for a receiver excluded from object updates (the animation switch and the absent
        // state are the request boundary's).
        id::PLAY_ANIMATION => {
            if actor.object_update_exclusion == 0 {
                let mut cx = g.anim(actor, set);
                actor.anim.request(&mut cx, a0 as i16, a1 as u8);
                actor.steps.packed |= cx.move_bits;
            }
            0
        }
        // "Frame waits": done at once without an animation association.
        id::WAIT_ANIM_FRAME if set.is_none() => 0,
        id::WAIT_ANIM_FRAME => status(wait_anim_frame(&actor.anim, a0, a1)),
        // {D:engine/animation.md} "Frame waits": the same test on the selected player,
        // whoever receives the task; done without him or without his animation state.
        id::WAIT_PLAYER_ANIM_FRAME => match g.player.filter(|p| p.animated) {
            Some(p) => status(wait_frame(p.group, p.pending, p.real_frame, a0, a1)),
            None => 0,
        },
        _ => return None,
    })
}

/// The waits and the receiver's task table.
fn tasks(call: &mut NativeCall<'_>) -> Option<i32> {
    let a0 = call.arg(0);
    Some(match call.function {
        // "Wait, WaitOnTasks, and WaitNonMulti".
        id::WAIT => (call.elapsed < a0.wrapping_sub(1)) as i32,
        id::WAIT_ON_TASKS => call.tasks.as_ref().is_some_and(|t| t.unpaused() > 1) as i32,
        id::WAIT_NON_MULTI => call.tasks.as_ref().is_some_and(|t| t.unpaused_blocking() > 1) as i32,
        id::KILL_MY_TASKS => {
            if let Some(t) = call.tasks.as_mut() {
                t.clear();
            }
            0
        }
        _ => return None,
    })
}

/// The attribute table and its side effects.
fn attributes(actor: &mut Actor, g: &mut Globals<'_>, call: &mut NativeCall<'_>) -> Option<i32> {
    let a0 = call.arg(0);
    let a1 = call.arg(1);
    Some(match call.function {
        // "GetAttribute, SetAttribute, GetMyAttr, and SetMyAttr" and their default-group
        // side effects ("SetAttribute and SetMyAttr: default-group side effects"). Indices outside the table read 0 and write nothing (the original's
        // SetAttribute does not check; the core cannot write outside the table).
        id::GET_ATTRIBUTE | id::GET_MY_ATTR => attribute_index(a0).map_or(0, |i| actor.attributes[i] as i32),
        id::SET_ATTRIBUTE => {
            if let Some(i) = attribute_index(a0) {
                actor.attributes[i] = a1 as u8;
                match i {
                    attr::WEIGHT => actor.attributes[attr::RESERVED_WEIGHT] = a1 as u8,
                    attr::COLLIDE => actor.attributes[attr::RESERVED_COLLIDE] = a1 as u8,
                    // The walk nodes are released whether or not a combat record takes the
                    // value (without a world's maps, the indices only).
                    attr::PANIC_GROUP if is_dead(actor, g) => {
                        match g.walk.as_deref_mut() {
                            Some(w) => w.release(&mut actor.nav, crate::actor::walk::owner_byte(g.receiver)),
                            None => release_walk_nodes(actor, g.receiver, None),
                        }
                        if let Some(c) = actor.combat.as_mut() {
                            c.death_default = a1;
                        }
                    }
                    _ => {}
                }
            }
            0
        }
        id::SET_MY_ATTR => {
            if let Some(i) = attribute_index(a0) {
                actor.attributes[i] = a1 as u8;
                if i == attr::PANIC_GROUP
                    && actor.object_update_exclusion != 0
                    && let Some(c) = actor.combat.as_mut()
                {
                    c.death_default = a1 as u8 as i32;
                }
            }
            0
        }
        _ => return None,
    })
}

/// Flags, random numbers, the script gates and the player queries.
fn globals(actor: &mut Actor, g: &mut Globals<'_>, call: &mut NativeCall<'_>) -> Option<i32> {
    let a0 = call.arg(0);
    let a1 = call.arg(1);
    Some(match call.function {
        // "Global Flags": the kind's set operation, the latch cleared, the latch tested. The
        // flag id is the whole argument; one outside the declared flags does nothing.
        id::SET_GLOBAL_FLAG => {
            if let Ok(f) = u16::try_from(a0) {
                g.flags.set_global(f);
            }
            0
        }
        id::TEST_GLOBAL_FLAG => u16::try_from(a0).map_or(0, |f| g.flags.test_global(f)),
        id::RESET_GLOBAL_FLAG => {
            if let Ok(f) = u16::try_from(a0) {
                g.flags.reset_global(f);
            }
            0
        }
        // "Rnd and QuickRnd".
        id::RND => g.rng.bounded(a0),
        id::QUICK_RND => g.rng.draw() & a0,
        // "GetFramePassed": the update's whole nominal ticks.
        id::GET_FRAME_PASSED => g.ticks,
        // "Ordinary update gates", "DisableHook and EnableHook".
        id::DISABLE_SCRIPT => {
            actor.script_control |= control::NO_MAIN;
            0
        }
        id::ENABLE_SCRIPT => {
            actor.script_control &= !control::NO_MAIN;
            0
        }
        id::DISABLE_HOOK => {
            actor.script_control |= control::NO_HOOK;
            0
        }
        id::ENABLE_HOOK => {
            actor.script_control &= !control::NO_HOOK;
            0
        }
        // "PlayerDistance and PlayerFacing": the receiver's effective position and yaw
        // (attached, else linked, else its own).
        id::PLAYER_DISTANCE => {
            let p = g.player.map_or(FALLBACK_POSITION, |p| p.position);
            let at = actor.effective_position();
            (0..3).fold(0i32, |s, k| s.wrapping_add(p[k].wrapping_sub(at[k]).wrapping_abs()))
        }
        id::PLAYER_STATUS => g.player.map_or(0, |p| p.status()),
        id::AT_NODE_MARKER => at_node_marker(actor, g.markers.as_ref(), a0, a1),
        // `PlayerDistance` with the rounded Euclidean length ([`crate::math::rounded_distance`]).
        id::ACURATE_PLAYER_DISTANCE => {
            let p = g.player.map_or(FALLBACK_POSITION, |p| p.position);
            let at = actor.effective_position();
            crate::math::rounded_distance(crate::math::wrapping_sub3(p, at))
        }
        // The bearing from the receiver to the player (quantized actor heading of the X/Z
        // displacement): `PlayerArcTan` its negation (toward the fallback without a player),
        // `PlayerLooking` whether the player's yaw + 1024 is within the tolerance of it.
        id::PLAYER_ARC_TAN => (-bearing_to(actor, g.player.map_or(FALLBACK_POSITION, |p| p.position))) & 2047,
        id::PLAYER_LOOKING => match g.player {
            None => 0,
            Some(p) => within(bearing_to(actor, p.position), p.angles.heading as i32 + 1024, a0),
        },
        id::PLAYER_MOVEMENT_SPEED => g.player.map_or(0, |p| p.movement_speed()),
        id::PLAYER_TURNED => g.player.is_some_and(|p| p.animated && p.angles != p.previous_angles) as i32,
        id::PLAYER_TURNED_DIRECTION => g.player.filter(|p| p.animated).map_or(0, |p| p.turned_direction()),
        id::PLAYER_ON_SCAPE => g.player.is_some_and(|p| p.on_scape) as i32,
        // "PlayerHanging and updatePlayerViewAttrib": hanging (living state 15) from the receiver's model.
        id::PLAYER_HANGING => {
            g.player.is_some_and(|p| p.motion[3] == 15 && p.hang_support == Some(g.receiver)) as i32
        }
        // "PlayerStand query": the player's retained supporting actor is the receiver.
        id::PLAYER_STAND => g.player.is_some_and(|p| p.support_owner == Some(g.receiver)) as i32,
        // {D:engine/player.md} "Player contact lists": supported by the receiver or touched
        // it (first list); `PlayerCollideStatic` reads the second list alone.
        id::PLAYER_COLLIDE => g
            .player
            .is_some_and(|p| p.support_owner == Some(g.receiver) || p.contacts.first.holds(g.receiver))
            as i32,
        id::PLAYER_COLLIDE_STATIC => g.player.is_some_and(|p| p.contacts.second.holds(g.receiver)) as i32,
        // "PlayerArc query": the heading from the player to the receiver (the negated
        // bearing) within `tolerance` of the receiver's heading less `offset`.
        id::PLAYER_ARC => match g.player {
            None => 0,
            Some(p) => {
                let at = actor.effective_position();
                let d = crate::math::wrapping_sub3(at, p.position);
                let toward = crate::math::direction_from_displacement(d[0], d[2]) as i32;
                within((actor.angles.heading as i32).wrapping_sub(a0), toward, a1)
            }
        },
        id::PLAYER_FACING => match g.player.map(|p| p.angles.heading) {
            None => 0,
            Some(yaw) => within((actor.effective_angles().heading as i32).wrapping_add(a0), yaw as i32, a1),
        },
        _ => return None,
    })
}

/// The axis rotation and movement tasks ([`super::axis`]).
fn rotation(actor: &mut Actor, g: &Globals<'_>, call: &mut NativeCall<'_>) -> Option<i32> {
    let args = [call.arg(0), call.arg(1), call.arg(2)];
    let (e, scale, ticks) = (call.elapsed, g.frame_scale, g.ticks);
    let s = &mut call.scratch;
    Some(match call.function {
        id::S_ROTATE_BY_AXIS => s_rotate_by_axis(actor, call),
        id::ROTATE_BY_AXIS => axis::rotate_by(actor, s, args, e, scale, ticks),
        id::ROTATE_TO_AXIS => axis::rotate_to(actor, s, args, e, scale, ticks),
        id::S_ROTATE_TO_AXIS => axis::s_rotate_to(actor, s, args, e),
        id::MOVE_BY_AXIS => axis::move_by(actor, s, args, e, scale),
        id::S_MOVE_BY_AXIS => axis::s_move_by(actor, s, args, e),
        id::MOVE_OBJECT_AXIS => axis::move_object(actor, s, args, e, scale).1,
        id::MOVE_ALONG_AXIS => axis::move_along(actor, s, args, e, scale).1,
        id::RESET_ROTATION | id::RELOAD_ROTATION | id::RESET_POSITION => reset(actor, call.function, args),
        _ => return None,
    })
}

/// `ResetRotation(x, y, z)`, `ReloadRotation()`, `ResetPosition(x, y, z)` ({D:engine/SOUP.md}
/// "ResetRotation", "ReloadRotation", "ResetPosition"): each nonzero argument restores that
/// axis of the angles (pitch, yaw, roll) or of the local position from what the actor was
/// created with; the history takes the result and the matrix is rebuilt. Both rotation
/// modes rebuild the same way here: the docs do not give attribute 28's alternate
/// construction. (The view origin's shift when the selected player is reset is not made:
/// the camera republishes from him at the next update.) All return zero.
fn reset(actor: &mut Actor, function: u16, args: [i32; 3]) -> i32 {
    match function {
        id::RESET_POSITION => {
            for ((p, home), arg) in actor.position.iter_mut().zip(actor.home).zip(args) {
                if arg != 0 {
                    *p = home;
                }
            }
            actor.previous = actor.position;
        }
        _ => {
            let (home, mut a) = (actor.home_angles, actor.angles);
            if function == id::RESET_ROTATION {
                if args[0] != 0 {
                    a.pitch = home.pitch;
                }
                if args[1] != 0 {
                    a.heading = home.heading;
                }
                if args[2] != 0 {
                    a.roll = home.roll;
                }
            }
            actor.set_orientation(a);
            actor.previous_angles = actor.angles;
        }
    }
    0
}

/// `sRotateByAxis(axis, delta, duration)` ({D:engine/SOUP.md}, "sRotateByAxis: elapsed
/// relative rotation"): on an invocation with elapsed 0 the axis's angle (0 pitch, 1
/// heading, 2 roll; other axes select none) becomes the task's origin, kept in the slot's
/// scratch word; each invocation writes `(origin + offset) & 2047` with
/// `offset = ((|delta| << 8) / duration × elapsed) >> 8`, negated for a negative delta
/// (truncating division, arithmetic shift, 32-bit wrapping), and from elapsed
/// `duration − 1` on it writes `(origin + delta) & 2047` and completes. The original faults
/// on duration 0; Stros completes without writing.
fn s_rotate_by_axis(actor: &mut Actor, call: &mut NativeCall<'_>) -> i32 {
    let (axis, delta, duration) = (call.arg(0), call.arg(1), call.arg(2));
    let angle = match axis {
        0 => Some(&mut actor.angles.pitch),
        1 => Some(&mut actor.angles.heading),
        2 => Some(&mut actor.angles.roll),
        _ => None,
    };
    if let (0, Some(a)) = (call.elapsed, &angle) {
        call.scratch[0] = **a as i32;
    }
    if duration == 0 {
        return status(TaskStatus::Done);
    }
    let origin = call.scratch[0];
    let step = (delta.wrapping_abs() << 8).wrapping_div(duration).wrapping_mul(call.elapsed) >> 8;
    let offset = if delta < 0 { step.wrapping_neg() } else { step };
    let done = call.elapsed >= duration.wrapping_sub(1);
    let value = if done { origin.wrapping_add(delta) } else { origin.wrapping_add(offset) } & 2047;
    if let Some(a) = angle {
        *a = value as u16;
    }
    status(if done { TaskStatus::Done } else { TaskStatus::Active })
}

/// Script `Jump` ({D:engine/player.md} "Script Jump") for a script's receiver: its admission
/// (an active native task of the receiver refuses), then the stable position invalid; a
/// hanging receiver runs the hang release instead, which only the selected player's does
/// anything; otherwise the ordinary initialization of the script table. Returns nothing: the
/// function returns zero at once.
fn script_jump(actor: &mut Actor, set: Option<&AnimSet<'_>>, g: &mut Globals<'_>, call: &NativeCall<'_>) {
    let native_task = call.tasks.as_ref().is_some_and(|t| t.any_unpaused());
    if !crate::actor::jump::script_admits(actor, native_task, g.selected) {
        return;
    }
    actor.stable = None;
    if actor.living == living::HANGING {
        return;
    }
    let mut cx = g.anim(actor, set);
    crate::actor::jump::initialize(actor, &mut cx, crate::actor::jump::Entry::Script);
    actor.steps.packed |= cx.move_bits;
}

/// Action words, combat entry and the weapon predicates.
fn actions_and_combat(
    actor: &mut Actor,
    set: Option<&AnimSet<'_>>,
    g: &mut Globals<'_>,
    call: &mut NativeCall<'_>,
) -> Option<i32> {
    let a0 = call.arg(0);
    Some(match call.function {
        // "Action words": `SetAction`'s admitted non-running states invoke script `Jump`.
        id::SET_ACTION => {
            let step_hold =
                actor.attr(attr::STEP_TYPE) == 0 || actor.steps.get(crate::actor::Direction::Forward) == 3;
            let (queued, falling) = (actor.queued != 0, actor.falling != 0);
            let anim = actor.anim;
            if actor.anim.actions.set_action(a0, &anim, queued, falling, step_hold) == SetAction::Jump {
                script_jump(actor, set, g, call);
            }
            0
        }
        id::JUMP => {
            script_jump(actor, set, g, call);
            0
        }
        id::RESET_ACTION => {
            actor.anim.actions.reset(a0 as u32);
            0
        }
        id::RESET_ALL_ACTION => {
            actor.anim.actions.reset(u32::MAX);
            0
        }
        // "Combat entry". The begin-combat taunt needs COMBAT.INI's taunt lists, which the
        // core does not load: the request is dropped.
        id::BEGIN_COMBAT => {
            let selected = g.selected;
            let mut cx = g.anim(actor, set);
            let _taunt = begin_combat(actor, selected, &mut cx);
            actor.steps.packed |= cx.move_bits;
            0
        }
        id::END_COMBAT => {
            let sheathed = end_combat(actor, g.task_system);
            sheath_camera(g, sheathed);
            0
        }
        // `DrawSword` runs weapon-draw admission for its receiver ({D:engine/animation.md}); the
        // repositioning step after it is inactive in the shipped game.
        id::DRAW_SWORD => {
            let selected = g.selected;
            let mut cx = g.anim(actor, set);
            weapon_draw_admission(actor, selected, &mut cx);
            actor.steps.packed |= cx.move_bits;
            0
        }
        id::SHEATH_SWORD => {
            let sheathed = sheath_sword(actor, g.task_system);
            sheath_camera(g, sheathed);
            0
        }
        id::IS_DEAD => is_dead(actor, g) as i32,
        id::IS_HOLDING_WEAPON => actor.holds_weapon() as i32,
        id::IS_DRAWING_SWORD => actor.is_drawing() as i32,
        id::IS_SHEATHING_SWORD => actor.is_sheathing() as i32,
        // {D:engine/player.md}: the stored surface state 2 or 4, no new query.
        id::IS_IN_DEEP_WATER => actor.in_deep_water() as i32,
        // "InRectangle": the effective X/Z within each corner pair, either order, inclusive.
        id::IN_RECTANGLE => {
            let p = actor.effective_position();
            let within = |v: i32, a: i32, b: i32| a.min(b) <= v && v <= a.max(b);
            (within(p[0], call.arg(0), call.arg(2)) && within(p[2], call.arg(1), call.arg(3))) as i32
        }
        _ => return None,
    })
}

/// `SheathSword`'s part for the selected player ({D:engine/SOUP.md} "SheathSword"): when it
/// acted, camera slot zero is selected. The docs mark the selections that bypass the
/// selection guard ("showPlayerPan") and do not mark this one, so it goes through it.
/// (The HUD health-display timer it also sets is the HUD's, which the core does not keep.)
fn sheath_camera(g: &mut Globals<'_>, sheathed: bool) {
    if let Some(cam) = g.camera.as_deref_mut().filter(|_| sheathed && g.selected) {
        cam.request(0);
    }
}

/// `IsDead` ({D:engine/SOUP.md} "Selected-player death admission state"): death selector 8,
/// or the selected player with hit inhibition set. The death-animation override does not
/// count.
fn is_dead(actor: &Actor, g: &Globals<'_>) -> bool {
    actor.is_dead() || (g.selected && g.hit_inhibition)
}

fn attribute_index(i: i32) -> Option<usize> {
    usize::try_from(i).ok().filter(|&i| i < 256)
}

#[cfg(test)]
mod tests;
