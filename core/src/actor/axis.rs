//! The axis tasks of SOUP ({D:engine/SOUP.md} "RotateByAxis: relative rotation",
//! "sRotateByAxis: elapsed relative rotation", "RotateToAxis: absolute rotation",
//! "sRotateToAxis: elapsed absolute rotation", "MoveObjectAxis: actor-local movement",
//! "MoveByAxis and sMoveByAxis: relative movement" with `MoveAlongAxis`):
//! rotations of a local angle and moves of a local coordinate, over a duration, by the shared
//! frame scale or by the task's elapsed input. Each keeps its state in its task slot's two scratch words. None
//! refreshes a composed transform, checks collision, or undoes itself when stopped.

use super::Actor;
use crate::math::translate_heading;
use crate::script::Scratch;

/// A task's answer: 1 while active, 0 when complete.
fn status(active: bool) -> i32 {
    active as i32
}

/// The local angle an axis selects for the non-`s` tasks: 0 pitch (X), 1 heading (Y), any
/// other roll (Z).
fn angle_of(a: &mut Actor, axis: i32) -> &mut u16 {
    match axis {
        0 => &mut a.angles.pitch,
        1 => &mut a.angles.heading,
        _ => &mut a.angles.roll,
    }
}

/// The angle only axes 0–2 select (the `s` tasks).
fn angle_if(a: &mut Actor, axis: i32) -> Option<&mut u16> {
    match axis {
        0..=2 => Some(angle_of(a, axis)),
        _ => None,
    }
}

/// The absolute shortest wrapped difference between two angles.
fn wrapped_distance(a: i32, b: i32) -> i32 {
    let d = (a - b) & 2047;
    if d > 1024 { 2048 - d } else { d }
}

/// `RotateByAxis(axis, delta, duration)`: a target `((angle + delta) & 2047) << 8` and an
/// accumulator `angle << 8` set when the saved target and elapsed are both zero; the step
/// `((delta << 8) / duration × scale) >> 8`, or the nominal ticks (negated for a negative
/// target) when that is zero; while the angle is farther from the target than `|step >> 8|`
/// the accumulator advances and `(acc >> 8) & 2047` is written, else the target is written
/// and the task completes. Zero delta or duration completes at once.
pub fn rotate_by(
    a: &mut Actor,
    s: &mut Scratch,
    args: [i32; 3],
    elapsed: i32,
    scale: i32,
    ticks: i32,
) -> i32 {
    let [axis, delta, duration] = args;
    if delta == 0 || duration == 0 {
        return status(false);
    }
    let angle = angle_of(a, axis);
    if s[0] == 0 && elapsed == 0 {
        s[0] = ((*angle as i32).wrapping_add(delta) & 2047) << 8;
        s[1] = (*angle as i32) << 8;
    }
    let mut step = (delta << 8).wrapping_div(duration).wrapping_mul(scale) >> 8;
    if step == 0 && ticks != 0 {
        step = if s[0] < 0 { ticks.wrapping_neg() } else { ticks };
    }
    let target = s[0] >> 8;
    if wrapped_distance(*angle as i32, target) > (step >> 8).wrapping_abs() {
        s[1] = s[1].wrapping_add(step);
        *angle = ((s[1] >> 8) & 2047) as u16;
        status(true)
    } else {
        *angle = (target & 2047) as u16;
        status(false)
    }
}

/// `RotateToAxis(axis, target, duration)`: the signed movement toward the masked target (the
/// half-turn ties keep the subtraction's direction), saved `<< 8` with an accumulator when the
/// saved movement and elapsed are both zero; the step `movement / duration × scale >> 8`, or
/// the nominal ticks `<< 8` (negated for a negative movement) when zero; then as
/// [`rotate_by`], toward the current target. Zero duration completes at once.
pub fn rotate_to(
    a: &mut Actor,
    s: &mut Scratch,
    args: [i32; 3],
    elapsed: i32,
    scale: i32,
    ticks: i32,
) -> i32 {
    let [axis, target, duration] = args;
    if duration == 0 {
        return status(false);
    }
    let target = target & 2047;
    let angle = angle_of(a, axis);
    if s[0] == 0 && elapsed == 0 {
        let difference = (*angle as i32 & 2047) - target;
        let movement = if difference < -1024 {
            -(difference & 2047)
        } else if difference <= 1024 {
            -difference
        } else {
            2048 - difference
        };
        s[0] = movement << 8;
        s[1] = (*angle as i32) << 8;
    }
    let mut step = s[0].wrapping_div(duration).wrapping_mul(scale) >> 8;
    if step == 0 && ticks != 0 {
        step = if s[0] < 0 { (ticks << 8).wrapping_neg() } else { ticks << 8 };
    }
    if wrapped_distance(*angle as i32, target) > (step >> 8).wrapping_abs() {
        s[1] = s[1].wrapping_add(step);
        *angle = ((s[1] >> 8) & 2047) as u16;
        status(true)
    } else {
        *angle = target as u16;
        status(false)
    }
}

/// `sRotateToAxis(axis, target, duration)`: the origin stored at elapsed zero; the difference
/// `target − origin` (below −1024 masked to 2047, above 1024 `−(d & 1023)`), the angle
/// `origin + ((d << 8) / (duration − 1) × elapsed) >> 8`, and from elapsed `duration − 1` the
/// masked target. The original faults on duration 1; Stros completes with the target.
pub fn s_rotate_to(a: &mut Actor, s: &mut Scratch, args: [i32; 3], elapsed: i32) -> i32 {
    let [axis, target, duration] = args;
    let Some(angle) = angle_if(a, axis) else {
        return status(elapsed < duration.wrapping_sub(1));
    };
    if elapsed == 0 {
        s[0] = *angle as i32;
    }
    let done = elapsed >= duration.wrapping_sub(1);
    if done || duration.wrapping_sub(1) == 0 {
        *angle = (target & 2047) as u16;
        return status(false);
    }
    let mut difference = target.wrapping_sub(s[0]);
    if difference < -1024 {
        difference &= 2047;
    } else if difference > 1024 {
        difference = -(difference & 1023);
    }
    let offset = (difference << 8).wrapping_div(duration.wrapping_sub(1)).wrapping_mul(elapsed) >> 8;
    *angle = (s[0].wrapping_add(offset) & 2047) as u16;
    status(true)
}

/// The coordinate an axis selects for `MoveByAxis`: 0 X, 1 Y, any other Z.
fn coordinate(a: &mut Actor, axis: i32) -> &mut i32 {
    &mut a.position[match axis {
        0 => 0,
        1 => 1,
        _ => 2,
    }]
}

/// `MoveByAxis(axis, delta, duration)`: a target `position + delta` whenever the saved one is
/// zero; the step `(delta / duration >> 8) × scale` (quantized before the scale); a step
/// reaching the target snaps there and completes, else it is added; then elapsed
/// `duration − 1` snaps to the target and completes. Zero delta or duration completes at once.
pub fn move_by(a: &mut Actor, s: &mut Scratch, args: [i32; 3], elapsed: i32, scale: i32) -> i32 {
    let [axis, delta, duration] = args;
    if delta == 0 || duration == 0 {
        return status(false);
    }
    let c = coordinate(a, axis);
    if s[0] == 0 {
        s[0] = c.wrapping_add(delta);
    }
    let target = s[0];
    let step = quantized_step(delta, duration, scale);
    let proposed = c.wrapping_add(step);
    if (step < 0 && proposed <= target) || (step > 0 && proposed >= target) {
        *c = target;
        return status(false);
    }
    *c = proposed;
    if elapsed >= duration.wrapping_sub(1) {
        *c = target;
        return status(false);
    }
    status(true)
}

/// `sMoveByAxis(axis, delta, duration)`: the origin captured when it and elapsed are zero;
/// `origin + (((delta << 8) / duration) × elapsed) >> 8` written for axes 0–2, and from elapsed
/// `duration − 1` `origin + delta`, completing. No zero-duration shortcut: the original
/// faults; Stros completes at once.
pub fn s_move_by(a: &mut Actor, s: &mut Scratch, args: [i32; 3], elapsed: i32) -> i32 {
    let [axis, delta, duration] = args;
    if duration == 0 {
        return status(false);
    }
    let slot = (0..=2).contains(&axis).then(|| &mut a.position[axis as usize]);
    if s[0] == 0
        && elapsed == 0
        && let Some(c) = &slot
    {
        s[0] = **c;
    }
    let done = elapsed >= duration.wrapping_sub(1);
    let value = if done {
        s[0].wrapping_add(delta)
    } else {
        s[0].wrapping_add(((delta << 8).wrapping_div(duration).wrapping_mul(elapsed)) >> 8)
    };
    if let Some(c) = slot {
        *c = value;
    }
    status(!done)
}

/// The step of the relative moves: `delta / duration` (truncating) `>> 8`, then × the frame
/// scale — quantized before the scale; 32-bit wrapping.
fn quantized_step(delta: i32, duration: i32, scale: i32) -> i32 {
    (delta.wrapping_div(duration) >> 8).wrapping_mul(scale)
}

/// The traveled sum `MoveObjectAxis` and `MoveAlongAxis` share: zero delta or duration
/// completes; at elapsed zero the slot keeps the delta and a zero sum; each call adds
/// `quantized_step`. `None` when a negative step has brought the sum to or below the delta
/// or a positive one to or above it (that call does not move); else the step to take.
fn travel(s: &mut Scratch, delta: i32, duration: i32, elapsed: i32, scale: i32) -> Option<i32> {
    if delta == 0 || duration == 0 {
        return None;
    }
    if elapsed == 0 {
        s[0] = delta;
        s[1] = 0;
    }
    let step = quantized_step(delta, duration, scale);
    s[1] = s[1].wrapping_add(step);
    let reached = (step < 0 && s[1] <= s[0]) || (step > 0 && s[1] >= s[0]);
    (!reached).then_some(step)
}

/// `MoveObjectAxis(axis, delta, duration)`: the traveled sum (`travel`); reaching the
/// target completes without moving; otherwise the local axis displacement
/// (axis 2 of an upright actor by heading-based translation, else through the actor matrix,
/// rounded) moves the actor, active while elapsed is below `duration − 1`. Returns whether the
/// actor moved, and the status.
pub fn move_object(a: &mut Actor, s: &mut Scratch, args: [i32; 3], elapsed: i32, scale: i32) -> (bool, i32) {
    let [axis, delta, duration] = args;
    let Some(step) = travel(s, delta, duration, elapsed, scale) else {
        return (false, status(false));
    };
    let upright = a.attr(super::attr::SLAVE) == 0 && a.angles.pitch == 0 && a.angles.roll == 0;
    if axis == 2 && upright {
        let (x, z) = translate_heading(a.position[0], a.position[2], a.angles.heading as i32, step);
        a.position[0] = x;
        a.position[2] = z;
    } else {
        let v = match axis {
            0 => [step, 0, 0],
            1 => [0, step, 0],
            2 => [0, 0, step],
            _ => [0; 3],
        };
        let t = a.matrix.transform_int(v);
        a.position = [0, 1, 2].map(|k| a.position[k].wrapping_add(t[k]));
    }
    (true, status(elapsed < duration.wrapping_sub(1)))
}

/// `MoveAlongAxis(axis, delta, duration)`: the traveled sum (`travel`); reaching the delta
/// completes without moving; otherwise the step on the selected axis (0 X, 1 Y, other Z) is rotated by the matrix of the
/// current angles in the inverse sense (its transpose: Stros never sets the per-update
/// matrix-use byte, which the ordinary update clears) and added to the position; active while
/// `duration − 1` is greater than elapsed. Returns whether the actor moved, and the status.
pub fn move_along(a: &mut Actor, s: &mut Scratch, args: [i32; 3], elapsed: i32, scale: i32) -> (bool, i32) {
    let [axis, delta, duration] = args;
    let Some(step) = travel(s, delta, duration, elapsed, scale) else {
        return (false, status(false));
    };
    let v = match axis {
        0 => [step, 0, 0],
        1 => [0, step, 0],
        _ => [0, 0, step],
    };
    let t = crate::math::Mat3::from_orientation(a.angles).transform_int_transposed(v);
    a.position = [0, 1, 2].map(|k| a.position[k].wrapping_add(t[k]));
    (true, status(duration.wrapping_sub(1) > elapsed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor() -> Actor {
        Actor::new(0, [0; 256])
    }

    #[test]
    fn rotate_by_steps_by_the_frame_scale_and_snaps() {
        // Heading 100, delta 300 over 10 at scale 256: target (400 << 8), step (300 << 8) / 10
        // × 256 >> 8 = 7680 (30 a call). 300 away: 30 a call for nine calls (370), then the
        // tenth is within 30 of 400 and snaps.
        let mut a = actor();
        a.angles.heading = 100;
        let mut s = [0; 2];
        let mut seen = heapless::Vec::<_, 16>::new();
        for k in 0..12 {
            let r = rotate_by(&mut a, &mut s, [1, 300, 10], k, 256, 1);
            seen.push((a.angles.heading, r)).unwrap();
            if r == 0 {
                break;
            }
        }
        assert_eq!(seen[0], (130, 1));
        assert_eq!(seen[8], (370, 1));
        assert_eq!(*seen.last().unwrap(), (400, 0));
        assert_eq!(seen.len(), 10);
        // Zero delta or duration: complete, unchanged.
        assert_eq!(rotate_by(&mut a, &mut [0; 2], [1, 0, 10], 0, 256, 1), 0);
        assert_eq!(rotate_by(&mut a, &mut [0; 2], [1, 5, 0], 0, 256, 1), 0);
        assert_eq!(a.angles.heading, 400);
        // A tiny step (3 over 1000 at scale 256: (768 / 1000) × 256 >> 8 = 0) takes the
        // nominal ticks instead: 1 a call in accumulator units, i.e. 1/256 of an angle unit.
        let mut s = [0; 2];
        let mut b = actor();
        assert_eq!(rotate_by(&mut b, &mut s, [2, 3, 1000], 0, 256, 1), 1);
        assert_eq!((s[0], s[1]), (3 << 8, 1));
    }

    #[test]
    fn rotate_to_takes_the_short_way() {
        // From 2000 to 100: difference 1900 > 1024, movement 2048 − 1900 = 148 (forward
        // across 0). Over 4 at scale 256: (148 << 8) / 4 = 9472 → 37 a call: 2037, 26, 63,
        // then within 37 of 100: snap.
        let mut a = actor();
        a.angles.heading = 2000;
        let mut s = [0; 2];
        let mut seen = heapless::Vec::<_, 16>::new();
        for k in 0..6 {
            let r = rotate_to(&mut a, &mut s, [1, 100, 4], k, 256, 1);
            seen.push(a.angles.heading).unwrap();
            if r == 0 {
                break;
            }
        }
        assert_eq!(seen, [2037, 26, 63, 100]);
        // Backward: from 300 to 100, movement −200; 1024 exactly keeps the subtraction's way.
        let mut b = actor();
        b.angles.heading = 300;
        let mut s = [0; 2];
        rotate_to(&mut b, &mut s, [1, 100, 2], 0, 256, 1);
        assert_eq!((s[0] >> 8, b.angles.heading), (-200, 200));
        let mut c = actor();
        let mut s = [0; 2];
        c.angles.heading = 1024;
        rotate_to(&mut c, &mut s, [1, 0, 1024], 0, 256, 1);
        assert_eq!(s[0] >> 8, -1024, "difference 1024 moves by −1024");
    }

    #[test]
    fn s_rotate_to_interpolates_and_snaps() {
        // Origin 100, target 400 over 4: (300 << 8) / 3 × elapsed >> 8: 0, 100, 200, then 400.
        let mut a = actor();
        a.angles.heading = 100;
        let mut s = [0; 2];
        let seen: heapless::Vec<(u16, i32), 8> = (0..4)
            .map(|e| {
                let r = s_rotate_to(&mut a, &mut s, [1, 400, 4], e);
                (a.angles.heading, r)
            })
            .collect();
        assert_eq!(seen, [(100, 1), (200, 1), (300, 1), (400, 0)]);
        // Difference above 1024: 100 → 1900 is −(1800 & 1023) = −776 on the way; the end snaps.
        let mut b = actor();
        b.angles.heading = 100;
        let mut s = [0; 2];
        s_rotate_to(&mut b, &mut s, [1, 1900, 3], 0);
        s_rotate_to(&mut b, &mut s, [1, 1900, 3], 1);
        assert_eq!(b.angles.heading, (100 - 388) as u16 & 2047);
        s_rotate_to(&mut b, &mut s, [1, 1900, 3], 2);
        assert_eq!(b.angles.heading, 1900);
    }

    #[test]
    fn move_by_quantizes_the_step_before_the_scale() {
        // Delta 2560 over 4: 640 >> 8 = 2, × 341 = 682 a call from X 0 toward 2560: 682,
        // 1364, 2046, then 2728 ≥ 2560 snaps and completes.
        let mut a = actor();
        let mut s = [0; 2];
        let seen: heapless::Vec<(i32, i32), 8> = (0..4)
            .map(|e| {
                let r = move_by(&mut a, &mut s, [0, 2560, 4], e, 341);
                (a.position[0], r)
            })
            .collect();
        assert_eq!(seen, [(682, 1), (1364, 1), (2046, 1), (2560, 0)]);
        // Elapsed duration − 1 snaps even short of the target.
        let mut b = actor();
        let mut s = [0; 2];
        assert_eq!(move_by(&mut b, &mut s, [1, 25600, 10], 9, 256), 0);
        assert_eq!(b.position[1], 25600);
    }

    #[test]
    fn s_move_by_interpolates_from_its_origin() {
        // Origin Z 1000, delta −3000 over 4: ((−3000 << 8) / 4 × e) >> 8 = −750 e; the end
        // writes origin + delta.
        let mut a = actor();
        a.position[2] = 1000;
        let mut s = [0; 2];
        let zs: heapless::Vec<i32, 8> = (0..4)
            .map(|e| {
                s_move_by(&mut a, &mut s, [2, -3000, 4], e);
                a.position[2]
            })
            .collect();
        assert_eq!(zs, [1000, 250, -500, -2000]);
        // Axis 3 writes nothing but still completes on time.
        let mut s = [0; 2];
        assert_eq!(s_move_by(&mut a, &mut s, [3, 100, 2], 0), 1);
        assert_eq!(s_move_by(&mut a, &mut s, [3, 100, 2], 1), 0);
        assert_eq!(a.position, [0, 0, -2000]);
    }

    #[test]
    fn move_object_walks_the_upright_forward_axis() {
        // Heading 0 is +Z: axis 2, delta 2560 over 4 at scale 256: 640 >> 8 = 2, × 256 = 512
        // a call; the accumulator reaching 2560 completes without moving (the fifth call).
        let mut a = actor();
        let mut s = [0; 2];
        let mut zs = heapless::Vec::<_, 16>::new();
        for e in 0..6 {
            let (moved, r) = move_object(&mut a, &mut s, [2, 2560, 4], e, 256);
            zs.push((a.position[2], moved, r)).unwrap();
            if r == 0 {
                break;
            }
        }
        assert_eq!(zs[0], (512, true, 1));
        assert_eq!(zs[3], (2048, true, 0), "elapsed 3 = duration − 1: the last move");
        // A zero step (−100 over 4: −25 >> 8 = −1, × 0 at scale 0) is neither negative nor
        // positive: it does not complete the task; it moves by nothing while time runs.
        let mut b = actor();
        let mut s = [0; 2];
        assert_eq!(move_object(&mut b, &mut s, [2, -100, 4], 0, 0), (true, 1));
        assert_eq!(b.position, [0, 0, 0]);
    }

    #[test]
    fn move_along_turns_x_onto_negative_z_at_a_quarter_turn() {
        // The docs' check of the inverse sense: heading 512, axis 0, a positive step: X stays,
        // Z falls by the step (2560 over 4 at scale 256: 512 a call).
        let mut a = actor();
        a.angles.heading = 512;
        let mut s = [0; 2];
        let (moved, r) = move_along(&mut a, &mut s, [0, 2560, 4], 0, 256);
        assert!(moved && r == 1);
        assert_eq!(a.position, [0, 0, -512]);
        // Heading 0: axis 2 moves +Z. 1024 over 2: 512 >> 8 = 2, × 256 = 512 a call; the first
        // call's sum 512 is short of 1024 and moves, the second reaches it and completes
        // without moving: it never snaps to the delta.
        let mut b = actor();
        let mut s = [0; 2];
        assert_eq!(move_along(&mut b, &mut s, [2, 1024, 2], 0, 256), (true, 1));
        assert_eq!(move_along(&mut b, &mut s, [2, 1024, 2], 1, 256), (false, 0));
        assert_eq!(b.position, [0, 0, 512]);
    }
}
