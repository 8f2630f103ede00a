//! The camera natives ({D:engine/SOUP.md} "Player camera task state", "showPlayerPan",
//! "Location camera request", "lookObj", "Scripted camera begin and release"): each drives
//! the world's [`Camera`]; the first invocation of a task is the one whose private word
//! (`scratch[0]`) becomes one with zero elapsed input.

use super::{Globals, PlayerView};
use crate::actor::Actor;
use crate::actor::attr;
use crate::camera::{Camera, PlayerCamera, flag, half_turn};
use crate::math::rounded_distance;
use crate::math::{wrapping_add3, wrapping_sub3};
use crate::script::NativeCall;
use crate::script::functions::id;
use crate::units::ANGLE_MASK;

/// An actor's eight camera attributes, from `camera_move`.
pub(super) fn attributes(a: &Actor) -> [u8; 8] {
    core::array::from_fn(|k| a.attr(attr::CAMERA_MOVE + k))
}

/// A pose as the camera binds it: position (runtime units) and angles (pitch, yaw, roll).
type Pose = ([i32; 3], [i32; 3]);

fn pose_of(position: [i32; 3], a: crate::units::Angles) -> Pose {
    (position, [a.pitch as i32, a.heading as i32, a.roll as i32])
}

impl PlayerView {
    /// The selected player's part in camera slot selection.
    pub fn camera(&self) -> PlayerCamera {
        PlayerCamera { holding_weapon: self.holding_weapon, living: self.motion[3], rope: self.rope }
    }
}

/// "Actor camera offsets": each of the six attribute bytes 0 → 0, else `(v − 127) × 500`,
/// into the selected record's target offset and position offset.
fn apply_offsets(cam: &mut Camera, attributes: &[u8; 8]) {
    let convert = |k: usize| match attributes[2 + k] {
        0 => 0,
        v => (v as i32 - 127) * 500,
    };
    let r = cam.selected_mut();
    r.target_offset = [0, 1, 2].map(convert);
    r.position_offset = [3, 4, 5].map(convert);
}

/// The orbit request (`attr_camera_move` 2): the distance is the vector's rounded length
/// shifted right eight, the angle offset its orientation plus the bound angles.
fn orbit(cam: &mut Camera, v: [i32; 3], bound_angles: [i32; 3]) {
    let angles = Camera::orientation(v);
    let r = cam.selected_mut();
    r.distance = rounded_distance(v) >> 8;
    r.angle_offset = [0, 1, 2].map(|k| angles[k].wrapping_add(bound_angles[k]) & ANGLE_MASK);
    r.flags = (r.flags & !(flag::ABSOLUTE | flag::RELATIVE)) | flag::UNLIMITED;
}

/// The `attr_camera_move` request: 0 absolute, 1 relative, 2 orbit; others write nothing.
fn write_request(
    cam: &mut Camera,
    mode: u8,
    absolute: [i32; 3],
    relative: [i32; 3],
    orbit_of: [i32; 3],
    bound: Pose,
) {
    match mode {
        0 => {
            let r = cam.selected_mut();
            r.request = absolute;
            r.flags = (r.flags | flag::ABSOLUTE) & !flag::RELATIVE;
        }
        1 => {
            let r = cam.selected_mut();
            r.request = relative;
            r.flags = (r.flags | flag::RELATIVE) & !flag::ABSOLUTE;
        }
        2 => orbit(cam, orbit_of, bound.1),
        _ => {}
    }
}

/// The actor a location camera binds: `id` `None` is the selected player.
struct Target {
    id: Option<u16>,
    pose: Pose,
    attributes: [u8; 8],
}

/// Runs the camera natives; `None` for other functions.
pub(super) fn call(actor: &mut Actor, g: &mut Globals<'_>, call: &mut NativeCall<'_>) -> Option<i32> {
    let player = g.player;
    let Some(cam) = g.camera.as_deref_mut() else {
        return match call.function {
            id::SHOW_PLAYER
            | id::SHOW_PLAYER_PAN
            | id::SHOW_OBJ
            | id::SHOW_OBJ_LOC
            | id::SHOW_CYRUS
            | id::SHOW_CYRUS_LOC
            | id::LOOK_OBJ
            | id::SHOW_OBJ_ROT
            | id::SHOW_OBJ_PAN
            | id::SHOW_OBJ_PAN_LOC
            | id::SHOW_CYRUS_PAN
            | id::SHOW_CYRUS_PAN_LOC
            | id::MOVE_PLAYER_ABOVE_ME
            | id::X_RESET_CAMERA
            | id::CAMERA_CONTROLLER => Some(0),
            _ => None,
        };
    };
    let armed = player.is_some_and(|p| p.holding_weapon);
    let me = Target {
        id: Some(g.receiver),
        // The camera shows the receiver where it is seen (its effective pose).
        pose: pose_of(actor.effective_position(), actor.effective_angles()),
        attributes: attributes(actor),
    };
    let cyrus = player.map(|p| Target {
        id: None,
        pose: pose_of(p.position, p.angles),
        attributes: p.camera_attributes,
    });
    Some(match call.function {
        id::SHOW_PLAYER => show_player(cam, player, call),
        id::SHOW_PLAYER_PAN => show_player_pan(cam, player, call),
        id::SHOW_OBJ => location(cam, &me, false, call),
        id::SHOW_OBJ_LOC => location(cam, &me, true, call),
        id::LOOK_OBJ => look_obj(cam, &me, call),
        id::SHOW_OBJ_PAN => object_pan(cam, &me, false, call),
        id::SHOW_OBJ_PAN_LOC => object_pan(cam, &me, true, call),
        // The wrappers ("Selected-player location camera task"): nothing while the selected
        // player holds a weapon, else the handler with him as the target.
        f @ (id::SHOW_CYRUS | id::SHOW_CYRUS_LOC | id::SHOW_CYRUS_PAN | id::SHOW_CYRUS_PAN_LOC) => {
            match cyrus.filter(|_| !armed) {
                Some(t) if matches!(f, id::SHOW_CYRUS | id::SHOW_CYRUS_LOC) => {
                    location(cam, &t, f == id::SHOW_CYRUS_LOC, call)
                }
                Some(t) => object_pan(cam, &t, f == id::SHOW_CYRUS_PAN_LOC, call),
                None => 0,
            }
        }
        id::SHOW_OBJ_ROT => 0,
        // "MovePlayerAboveMe": the offset turned by the receiver's matrix from its position;
        // the feet (the player's positive Y extent and the standing height) there.
        id::MOVE_PLAYER_ABOVE_ME => {
            let Some(p) = player else { return Some(0) };
            let at = wrapping_add3(
                actor.position,
                actor.matrix.transform_int([call.arg(0), call.arg(1), call.arg(2)]),
            );
            let lift = p.positive_y.wrapping_shl(8).wrapping_add(cam.shared.standing_height.wrapping_shl(8));
            cam.placement = Some(([at[0], at[1].wrapping_sub(lift), at[2]], call.arg(3)));
            0
        }
        id::X_RESET_CAMERA => {
            cam.reset_requested = true;
            0
        }
        // "Camera update": the CAMERA actor's hook is the pose update; the world runs it
        // as soon as that actor's update ends.
        id::CAMERA_CONTROLLER => {
            cam.controller_requested = true;
            0
        }
        _ => return None,
    })
}

/// `showPlayer`: the requested slot (or zero) through the guard; the first invocation sets
/// flag 0x01 and stays active, every later one clears 0x01 and 0x20 and completes.
pub(super) fn show_player(cam: &mut Camera, player: Option<PlayerView>, call: &mut NativeCall<'_>) -> i32 {
    let slot = player.and_then(|p| p.camera().slot(cam.debug)).unwrap_or(0);
    cam.request(slot);
    call.scratch[0] = call.scratch[0].wrapping_add(1);
    if call.scratch[0] == 1 && call.elapsed == 0 {
        cam.selected_mut().flags |= flag::UNLIMITED;
        cam.marks.snap = true;
        1
    } else {
        cam.selected_mut().flags &= !(flag::UNLIMITED | flag::HOLD);
        cam.marks.hold = true;
        0
    }
}

/// A pan's step by angles and distance at `e` of `span` ticks: flags 0x04 and 0x08
/// cleared, each angle offset the bound angle plus the start angle plus `delta × e / span`,
/// the distance the start distance plus `(final − start) × e / span` (products wrapping,
/// division truncating).
fn orbit_step(r: &mut crate::camera::Record, pan: &crate::camera::Pan, bound: [i32; 3], e: i32, span: i32) {
    r.flags &= !(flag::RELATIVE | flag::ABSOLUTE);
    r.angle_offset = core::array::from_fn(|k| {
        bound[k].wrapping_add(pan.start_angles[k]).wrapping_add(pan.delta[k].wrapping_mul(e) / span)
    });
    r.distance = pan.start_distance + pan.distance.wrapping_sub(pan.start_distance).wrapping_mul(e) / span;
}

/// `showPlayerPan(duration)`: from the camera's current offset to the player's slot, over
/// `duration` ticks, in record two.
fn show_player_pan(cam: &mut Camera, player: Option<PlayerView>, call: &mut NativeCall<'_>) -> i32 {
    let duration = call.arg(0);
    if duration < 0 {
        return 0;
    }
    let Some(p) = player else { return 0 };
    let bound = pose_of(p.position, p.angles);
    call.scratch[0] = call.scratch[0].wrapping_add(1);
    if call.scratch[0] == 1 && call.elapsed == 0 {
        let slot = p.camera().slot(cam.debug).unwrap_or(0);
        cam.select(slot);
        cam.begin_scripted();
        cam.records[crate::camera::SCRIPTED] = cam.records[slot];
        cam.index = slot;
        let r = cam.selected_mut();
        r.bound = None;
        let (offset, angle_offset, distance) = (r.position_offset, r.angle_offset, r.distance);
        let start = wrapping_sub3(wrapping_sub3(cam.position, offset), bound.0);
        let start_angles = Camera::orientation(start);
        let target = [0, 1, 2].map(|k| angle_offset[k].wrapping_sub(bound.1[k]));
        cam.pan = crate::camera::Pan {
            start,
            start_distance: rounded_distance(start) >> 8,
            start_angles,
            target,
            delta: [0, 1, 2].map(|k| half_turn(target[k].wrapping_sub(start_angles[k]))),
            distance,
            ..crate::camera::Pan::default()
        };
    }
    let running = cam.release_step(duration, call.elapsed);
    if running == 1 && duration > 1 {
        let pan = cam.pan;
        orbit_step(cam.selected_mut(), &pan, bound.1, call.elapsed, duration - 1);
        return 1;
    }
    let pan = cam.pan;
    let r = cam.selected_mut();
    r.angle_offset = pan.target;
    r.distance = pan.distance;
    r.flags &= !(flag::UNLIMITED | flag::HOLD);
    show_player(cam, player, call);
    0
}

/// The location-camera handler (`showObjLoc`, `showCyrusLoc` with `rotated`; `showObj`,
/// `showCyrus` without): the first invocation binds record two to `target` and writes the
/// request `attr_camera_move` selects, then asks for one pose update; later ones release.
fn location(cam: &mut Camera, target: &Target, rotated: bool, call: &mut NativeCall<'_>) -> i32 {
    let bound = target.pose;
    call.scratch[0] = call.scratch[0].wrapping_add(1);
    if !(call.scratch[0] == 1 && call.elapsed == 0) {
        cam.release_step(0, call.elapsed);
        return 0;
    }
    cam.selected_mut().flags |= flag::UNLIMITED;
    cam.begin_scripted();
    cam.selected_mut().bound = target.id;
    apply_offsets(cam, &target.attributes);
    let v = [0, 1, 2].map(|k| call.arg(k).wrapping_shl(8));
    let v = if rotated { Camera::rotate(v, bound.1) } else { v };
    let offset = Camera::rotate(cam.selected().position_offset, bound.1);
    cam.selected_mut().flags |= flag::UNLIMITED;
    let relative = wrapping_add3(v, offset);
    write_request(cam, target.attributes[0], wrapping_add3(relative, bound.0), relative, v, bound);
    cam.marks.snap = true;
    if rotated {
        cam.marks.hold = true;
    }
    cam.pose_requested = true;
    1
}

/// "Object pans" (`showObjPan`, and with `rotated` `showObjPanLoc`): from where the camera
/// is towards the request `attr_camera_move` selects over `duration` ticks, by position
/// (`attr_camera_pan_type` 1) or by angles and distance.
fn object_pan(cam: &mut Camera, target: &Target, rotated: bool, call: &mut NativeCall<'_>) -> i32 {
    let duration = call.arg(3);
    if !rotated {
        cam.selected_mut().flags |= flag::COLLIDE;
    }
    cam.marks.forced_glide = true;
    if duration < 0 {
        return 0;
    }
    let bound = target.pose;
    call.scratch[0] = call.scratch[0].wrapping_add(1);
    if call.scratch[0] == 1 && call.elapsed == 0 {
        cam.begin_scripted();
        cam.selected_mut().bound = target.id;
        apply_offsets(cam, &target.attributes);
        let offset = Camera::rotate(cam.selected().position_offset, bound.1);
        let v = [0, 1, 2].map(|k| call.arg(k).wrapping_shl(8));
        let vector = if rotated { Camera::rotate(v, bound.1) } else { v };
        let start = wrapping_sub3(cam.position, bound.0);
        let from = wrapping_sub3(start, offset);
        let start_angles = Camera::orientation(from);
        let to = Camera::orientation(vector);
        cam.pan = crate::camera::Pan {
            start,
            start_distance: rounded_distance(from) >> 8,
            start_angles,
            target: to,
            delta: [0, 1, 2].map(|k| half_turn(to[k].wrapping_sub(start_angles[k]))),
            distance: rounded_distance(vector) >> 8,
            vector,
            offset,
        };
    }
    let pan = cam.pan;
    if cam.release_step(duration, call.elapsed) == 1 && duration > 1 {
        let (span, e) = (duration - 1, call.elapsed);
        let r = cam.selected_mut();
        if target.attributes[1] == 1 {
            let end = wrapping_add3(pan.vector, pan.offset);
            r.request =
                [0, 1, 2].map(|k| pan.start[k] + end[k].wrapping_sub(pan.start[k]).wrapping_mul(e) / span);
            r.flags = (r.flags | flag::RELATIVE) & !flag::ABSOLUTE;
        } else {
            orbit_step(r, &pan, bound.1, e, span);
        }
        return 1;
    }
    let relative = wrapping_add3(pan.vector, pan.offset);
    let absolute =
        if rotated { wrapping_add3(relative, bound.0) } else { wrapping_add3(pan.vector, bound.0) };
    write_request(cam, target.attributes[0], absolute, relative, pan.vector, bound);
    cam.selected_mut().flags &= !flag::UNLIMITED;
    if !rotated {
        cam.selected_mut().flags |= flag::COLLIDE;
    }
    0
}

/// `lookObj(duration)`: the camera turns in place to face the receiver over `duration`
/// ticks (the published angles written directly), then takes the request
/// `attr_camera_move` selects from where it stands.
fn look_obj(cam: &mut Camera, target: &Target, call: &mut NativeCall<'_>) -> i32 {
    let bound = target.pose;
    let duration = call.arg(0);
    if duration < 0 {
        return 0;
    }
    call.scratch[0] = call.scratch[0].wrapping_add(1);
    if call.scratch[0] == 1 && call.elapsed == 0 {
        cam.begin_scripted();
        cam.selected_mut().bound = target.id;
        apply_offsets(cam, &target.attributes);
        let start = cam.angles;
        let target = wrapping_add3(Camera::rotate(cam.selected().target_offset, bound.1), bound.0);
        let facing = Camera::orientation(wrapping_sub3(cam.position, target));
        cam.pan.start_angles = start;
        cam.pan.delta = [0, 1, 2].map(|k| half_turn(facing[k].wrapping_sub(start[k])));
        let position = cam.position;
        let r = cam.selected_mut();
        r.flags |= flag::ABSOLUTE | flag::FIXED_ORIENTATION;
        r.request = position;
        return 1;
    }
    if cam.release_step(duration, call.elapsed) == 1 && duration > 1 {
        let (span, e, pan) = (duration - 1, call.elapsed, cam.pan);
        cam.angles = [0, 1, 2].map(|k| pan.start_angles[k].wrapping_add(pan.delta[k].wrapping_mul(e) / span));
        return 1;
    }
    cam.selected_mut().flags &= !flag::FIXED_ORIENTATION;
    let p = cam.position;
    let relative = wrapping_sub3(wrapping_sub3(p, bound.0), cam.selected().position_offset);
    write_request(cam, target.attributes[0], p, relative, relative, bound);
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::Events;
    use crate::camera::SCRIPTED;
    use crate::script::{Flags, Rng};

    /// Calls camera native `function` with `args` on `me` (actor 7) with the selected player
    /// `player`, at `elapsed`, with the task's `scratch`.
    fn run(
        cam: &mut Camera,
        me: &mut Actor,
        player: &Actor,
        function: u16,
        args: &[i32],
        elapsed: i32,
        scratch: &mut [i32; 2],
    ) -> i32 {
        let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
        let mut g = Globals {
            player: Some(PlayerView::of(player)),
            receiver: 7,
            camera: Some(cam),
            ..Globals::detached(&mut events, &mut rng, &mut flags, 1)
        };
        let mut c = NativeCall {
            function,
            args: [0; 8],
            argc: args.len() as u8,
            elapsed,
            initial: elapsed == 0,
            scratch: *scratch,
            tasks: None,
        };
        c.args[..args.len()].copy_from_slice(args);
        let r = super::super::call(me, None, &mut g, &mut c).unwrap();
        *scratch = c.scratch;
        r
    }

    fn actors() -> (Camera, Actor, Actor) {
        (Camera::default(), Actor::new(0, [0; 256]), Actor::new(0, [0; 256]))
    }

    /// "Player camera task state": the first invocation sets flag 0x01 and the snap mark and
    /// stays active; the next clears 0x01 and 0x20, sets the hold mark and completes.
    #[test]
    fn show_player_is_active_for_one_pass() {
        let (mut cam, mut me, p) = actors();
        let mut s = [0; 2];
        cam.records[0].flags = 0x40 | 0x20;
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_PLAYER, &[], 0, &mut s), 1);
        assert_eq!((cam.records[0].flags, cam.marks.snap, s[0]), (0x61, true, 1));
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_PLAYER, &[], 1, &mut s), 0);
        assert_eq!((cam.records[0].flags, cam.marks.hold, s[0]), (0x40, true, 2));
    }

    /// `showPlayerPan(9)` from a camera a quarter turn round (published at +X of the player
    /// facing 0): the start vector (64,000, 0, 0) (the position offset taken off) has length
    /// 250 and yaw bearing 512 − 1024 = 1536; the target is the slot's angle offset 0; the
    /// delta wraps −1536 to +512. At elapsed 4 of span 8 the yaw offset is
    /// 0 + 1536 + 512 × 4 / 8 = 1792; at elapsed 8 the pan ends on the target.
    #[test]
    fn show_player_pan_interpolates_in_record_two() {
        let (mut cam, mut me, p) = actors();
        cam.position = [64000, -14000, 0];
        let mut s = [0; 2];
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_PLAYER_PAN, &[9], 0, &mut s), 1);
        assert_eq!((cam.record, cam.index, cam.scripted, cam.nesting), (SCRIPTED, 0, 1, 1));
        assert_eq!(
            (cam.pan.start, cam.pan.start_distance, cam.pan.start_angles),
            ([64000, 0, 0], 250, [0, 1536, 0])
        );
        assert_eq!(cam.pan.delta, [0, 512, 0]);
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_PLAYER_PAN, &[9], 4, &mut s), 1);
        assert_eq!((cam.records[SCRIPTED].angle_offset, cam.records[SCRIPTED].distance), ([0, 1792, 0], 250));
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_PLAYER_PAN, &[9], 8, &mut s), 0);
        assert_eq!((cam.records[SCRIPTED].angle_offset, cam.records[SCRIPTED].flags), ([0, 0, 0], 0x40));
        assert_eq!((cam.scripted, cam.nesting, cam.marks.hold), (0, 0, true));
        assert_eq!(
            run(&mut cam, &mut me, &p, id::SHOW_PLAYER_PAN, &[-1], 0, &mut s),
            0,
            "a negative duration"
        );
    }

    /// `showObjLoc(0, −50, 100)` on a receiver at map (1000, 0, 2000) facing 512 (−X), with
    /// `camera_move` 0 and camera offsets (129 → +1000 target X, 1 → −63,000 camera Z): the
    /// vector (0, −12,800, 25,600) rotated by yaw 512 is (−25,600, −12,800, 0), the camera
    /// offset (0, 0, −63,000) rotated is (63,000, 0, 0); the absolute request is their sum
    /// plus the receiver's position.
    #[test]
    fn show_obj_loc_writes_the_absolute_request() {
        let (mut cam, mut me, p) = actors();
        me.position = [1000 << 8, 0, 2000 << 8];
        me.angles.heading = 512;
        me.attributes[47] = 129;
        me.attributes[52] = 1;
        let mut s = [0; 2];
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_OBJ_LOC, &[0, -50, 100], 0, &mut s), 1);
        let r = cam.records[SCRIPTED];
        assert_eq!((r.bound, r.target_offset, r.position_offset), (Some(7), [1000, 0, 0], [0, 0, -63000]));
        assert_eq!(r.request, [256000 - 25600 + 63000, -12800, 512000]);
        assert_eq!(r.flags, 0x40 | 0x20 | 0x08 | 0x01);
        assert!(cam.pose_requested && cam.marks.snap && cam.marks.hold);
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_OBJ_LOC, &[0, -50, 100], 1, &mut s), 0);
        assert_eq!((cam.scripted, cam.nesting), (0, 0));
        // The same receiver as a family member whose local pose is elsewhere: the request is
        // made from its effective pose, the same absolute request.
        let (mut cam, mut slave, _) = actors();
        slave.attributes = me.attributes;
        slave.attributes[crate::actor::attr::SLAVE] = 3;
        slave.position = [5, 6, 7];
        slave.attached = Some(crate::actor::family::Attached {
            parent: 0,
            effective: [1000 << 8, 0, 2000 << 8],
            previous: [0; 3],
            angles: me.angles,
            previous_angles: me.angles,
            generation: 2,
        });
        run(&mut cam, &mut slave, &p, id::SHOW_OBJ_LOC, &[0, -50, 100], 0, &mut [0; 2]);
        assert_eq!(cam.records[SCRIPTED].request, [256000 - 25600 + 63000, -12800, 512000]);
        // camera_move 2: the orbit of the vector (its length 28,622 >> 8 = 111, and angles
        // plus the bound angles).
        let (mut cam, _, _) = actors();
        me.attributes[45] = 2;
        let mut s = [0; 2];
        run(&mut cam, &mut me, &p, id::SHOW_OBJ, &[0, -50, 100], 0, &mut s);
        let r = cam.records[SCRIPTED];
        let o = Camera::orientation([0, -12800, 25600]);
        assert_eq!((r.distance, r.angle_offset), (111, [o[0], (o[1] + 512) & 2047, 0]));
        assert_eq!(r.flags & 0x0d, 0x01);
        // The showCyrus wrappers do nothing while the player holds a weapon.
        let (mut cam, mut me, mut p) = actors();
        p.attributes[crate::actor::attr::HOLDING_WEAPON] = 1;
        let before = cam.clone();
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_CYRUS_LOC, &[1, 2, 3], 0, &mut [0; 2]), 0);
        assert_eq!(cam, before);
    }

    /// `lookObj(5)` from a camera at (0, 0, −64,000) facing yaw 0 at a receiver 250 units to
    /// its +X: the direction camera − target (−64,000, 0, 0) has bearing 1536, yaw 512, so the
    /// delta is 512; at elapsed 2 of span 4 the published yaw is 256; at 4 the turn ends.
    #[test]
    fn look_obj_turns_the_published_angles() {
        let (mut cam, mut me, p) = actors();
        cam.position = [0, 0, -64000];
        me.position = [64000, 0, -64000];
        let mut s = [0; 2];
        assert_eq!(run(&mut cam, &mut me, &p, id::LOOK_OBJ, &[5], 0, &mut s), 1);
        assert_eq!(cam.pan.delta, [0, 512, 0]);
        assert_eq!(cam.records[SCRIPTED].flags & 0x0a, 0x0a);
        assert_eq!(run(&mut cam, &mut me, &p, id::LOOK_OBJ, &[5], 2, &mut s), 1);
        assert_eq!(cam.angles, [0, 256, 0]);
        assert_eq!(run(&mut cam, &mut me, &p, id::LOOK_OBJ, &[5], 4, &mut s), 0);
        assert_eq!((cam.records[SCRIPTED].flags & 0x02, cam.records[SCRIPTED].request), (0, [0, 0, -64000]));
    }

    /// `showObjPan(0, 0, 100, 5)` with `camera_pan_type` 1 from a camera at (0, 0, −64,000)
    /// on a receiver at the origin facing 0: the start is −64,000 on Z, the end the vector
    /// 25,600; at elapsed 2 of span 4 the relative request is −64,000 + 89,600 × 2 / 4 =
    /// −19,200; at the end the absolute request (`camera_move` 0) is the vector plus the
    /// receiver's position, flag 0x40 set.
    #[test]
    fn show_obj_pan_moves_the_request_by_position() {
        let (mut cam, mut me, p) = actors();
        cam.position = [0, 0, -64000];
        me.attributes[46] = 1;
        let mut s = [0; 2];
        let args = [0, 0, 100, 5];
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_OBJ_PAN, &args, 0, &mut s), 1);
        assert!(cam.marks.forced_glide);
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_OBJ_PAN, &args, 2, &mut s), 1);
        let r = cam.records[SCRIPTED];
        assert_eq!((r.request, r.flags & 0x0c), ([0, 0, -19200], flag::RELATIVE));
        assert_eq!(run(&mut cam, &mut me, &p, id::SHOW_OBJ_PAN, &args, 4, &mut s), 0);
        let r = cam.records[SCRIPTED];
        assert_eq!((r.request, r.flags & 0x4d), ([0, 0, 25600], flag::COLLIDE | flag::ABSOLUTE));
        assert_eq!((cam.scripted, cam.nesting), (0, 0));
    }

    /// `MovePlayerAboveMe(0, −100, 512, 700)` on a receiver at map (1000, 0, 2000) facing 0:
    /// the offset is unturned; the player's feet go there, so Y drops by his positive Y
    /// extent (62) and the installed standing height (−2), 60 × 256 = 15,360 in all.
    /// `XResetCamera` only asks the world for the reset.
    #[test]
    fn move_player_above_me_and_x_reset_camera_leave_requests() {
        let (mut cam, mut me, mut p) = actors();
        me.position = [1000 << 8, 0, 2000 << 8];
        p.bounds.positive[1] = 62;
        let mut s = [0; 2];
        assert_eq!(run(&mut cam, &mut me, &p, id::MOVE_PLAYER_ABOVE_ME, &[0, -100, 512, 700], 0, &mut s), 0);
        assert_eq!(cam.placement, Some(([256_000, -100 - 15_360, 512_512], 700)));
        assert_eq!(run(&mut cam, &mut me, &p, id::X_RESET_CAMERA, &[], 0, &mut s), 0);
        assert!(cam.reset_requested);
    }
}
