//! The steppers that move an actor along its heading — the SOUP natives `WalkForward`,
//! `MoveForward`, `WalkBackward`, `MoveBackward`, `MoveLeft` and `MoveRight` with duration
//! 1, which the player's controller calls as its walk, run and sidestep helpers — and the
//! animation-driven continuation after input release ({M}, "Movement data and
//! timing", "Forward-walking startup", "Ending a walking update", "Continuation after
//! input release"; {D:engine/SOUP.md} for the groups and attributes of each stepper).
//!
//! Every stepper shares one shape: admission, a step check, the group request and the
//! `animation_system` gate (a requested group that has not become current waits without moving
//! or advancing the step counter), the called flag (the "accepted forward movement" of
//! "Ending a walking update"), the startup distance of the step counter (advanced before
//! the movement-marker test, which therefore does not undo it), the `BreakPoint` marker
//! gate, and the frame-scaled heading translation.

use super::{Actor, Direction, Surroundings, attr};
use crate::actor::living;
use crate::anim::group;
use crate::math::translate_heading;

/// The startup-distance adjustment of a step counter below three, by `attr_step_type`
/// ({D:engine/SOUP.md}, `MoveBackward`; {M} gives the type-1 row): type 1 takes a
/// quarter, a third and a half (`>> 2`, `/ 3`, `>> 1`), type 2 nothing, `d × 85 >> 8` and
/// `d × 170 >> 8`, type 3 nothing, nothing and a half; other types the whole distance.
/// Counter three and above keeps the whole distance. A walking speed of 8 with step type 1
/// ([`walk_amount`] 2048) gives 512, 682, 1024 and then 2048.
pub const fn startup_adjust(d: i32, step_type: u8, counter: u8) -> i32 {
    match (step_type, counter) {
        (1, 0) => d >> 2,
        (1, 1) => d / 3,
        (1, 2) => d >> 1,
        (2, 0) | (3, 0) | (3, 1) => 0,
        (2, 1) => d.wrapping_mul(85) >> 8,
        (2, 2) => d.wrapping_mul(170) >> 8,
        (3, 2) => d >> 1,
        _ => d,
    }
}

/// A walk's runtime-unit step before startup and frame scaling: the selected step length
/// × 256 — or, when that length is zero, `fallback_speed >> 1`, *not* multiplied by 256
/// ({M} "Forward-walking startup": `attr_forward_speed >> 1` for the forward walks,
/// the sheathed, torch and armed ones and their continuation alike;
/// {D:engine/SOUP.md} "WalkBackward": attribute 9 `>> 1` for the backward walks).
pub const fn walk_amount(step_length: u8, fallback_speed: u8) -> i32 {
    if step_length == 0 { (fallback_speed >> 1) as i32 } else { step_length as i32 * 256 }
}

/// An amount scaled by the frame scale: `(amount × scale) >> 8`, the product wrapping and
/// the shift arithmetic — every per-update distance and turn of the controller and the
/// steppers goes through it.
pub const fn scaled(amount: i32, scale: i32) -> i32 {
    amount.wrapping_mul(scale) >> 8
}

/// The distance `MoveBackward`'s blocked-ahead probe runs with in the combat stance.
const BACKWARD_PROBE_DISTANCE: i32 = 30;

/// Motion-direction byte of a run.
pub const MOTION_RUN: u8 = 2;
/// Motion-direction byte of a backward step.
pub const MOTION_BACK: u8 = 7;
/// Motion-direction byte (the "walk movement classification") of a walk.
pub const MOTION_WALK: u8 = 6;

/// What a stepper did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Admission, the step check or (for `MoveForward` and the combat-stance strafes) a
    /// missing group refused it: nothing happened, and the task completes.
    Refused,
    /// The actor's set has no entry for the group: nothing was requested or moved, but the
    /// task still takes its final duration test ({D:engine/SOUP.md} "MoveBackward",
    /// "WalkForward", "MoveLeft and MoveRight").
    NoGroup,
    /// The requested group is not current yet (`animation_system = 1`): it waits.
    Waiting,
    /// Accepted; the movement marker suppressed the translation.
    Suppressed,
    /// Accepted and translated by this many runtime units (possibly 0).
    Moved(i32),
}

/// The accepted tail every stepper shares: mark the direction called, take the startup
/// distance of its counter (advancing the counter below three), stop at a set movement
/// marker, scale by the frame and translate a positive distance along `heading`.
fn accept(a: &mut Actor, env: &impl Surroundings, direction: Direction, distance: i32, heading: i32) -> Step {
    a.steps.mark_called(direction);
    let counter = a.steps.get(direction);
    let mut d = distance;
    if counter < 3 {
        d = startup_adjust(d, a.attr(attr::STEP_TYPE), counter);
        a.steps.set(direction, counter + 1);
    }
    if a.anim.marker {
        return Step::Suppressed;
    }
    let d = scaled(d, env.frame_scale());
    if d > 0 {
        let (x, z) = translate_heading(a.position[0], a.position[2], heading & 2047, d);
        a.position[0] = x;
        a.position[2] = z;
    }
    Step::Moved(d)
}

/// The animated tail every stepper shares: a missing `group` is [`Step::NoGroup`]; otherwise it is
/// requested (modifier 0, as `PlayAnimation(group, 0)`) and, with `animation_system = 1`
/// exactly ({M} "Forward-walking startup"; other values leave the gate open), a
/// different current group waits; then [`accept`].
pub(crate) fn animate_and_accept(
    a: &mut Actor,
    env: &mut impl Surroundings,
    group: i16,
    direction: Direction,
    distance: i32,
    heading: i32,
) -> Step {
    if !env.has(group) {
        return Step::NoGroup;
    }
    env.request(a, group);
    if env.config().animation_system == 1 && a.anim.current != group {
        return Step::Waiting;
    }
    accept(a, env, direction, distance, heading)
}

/// `WalkForward(1)` ({D:engine/SOUP.md} "WalkForward"): in deep water it is `MoveForward`. Refused
/// by a rope or special motion, then by the walk step check (which marks the blocked attempt); the
/// walk classification 6 is stored; group 31 (combat stance, attribute 19), 21 (torch) or 20
/// (attribute 12); a zero step length uses `attr_forward_speed >> 1` unscaled by 256.
pub(crate) fn walk_forward(a: &mut Actor, env: &mut impl Surroundings) -> Step {
    if a.in_deep_water() {
        return move_forward(a, env);
    }
    if a.in_special_motion() || !env.walk_forward_check(a) {
        return Step::Refused;
    }
    a.motion_direction = MOTION_WALK;
    let (group, length) = if a.in_combat_stance() {
        (group::WALK_ARMED, a.attr(attr::FIGHT_FORWARD_WALK))
    } else if a.torch != 0 {
        (group::WALK_TORCH, a.attr(attr::FORWARD_WALK))
    } else {
        (group::WALK, a.attr(attr::FORWARD_WALK))
    };
    let d = walk_amount(length, a.attr(attr::FORWARD_SPEED));
    animate_and_accept(a, env, group, Direction::Forward, d, a.angles.heading as i32)
}

/// `MoveForward(1)` ({D:engine/SOUP.md} "MoveForward"): refused by a rope or special motion; below
/// counter three the forward step check (the step hazard half a run step ahead) must pass; motion
/// direction 2; group 92 (combat stance, attribute 17), 142 in deep water (the edge probe must
/// pass, distance halved), 30 with a torch or 18 (attribute 8).
pub(crate) fn move_forward(a: &mut Actor, env: &mut impl Surroundings) -> Step {
    if a.in_special_motion() {
        return Step::Refused;
    }
    if a.steps.get(Direction::Forward) < 3 && !(a.lifecycle == 7 && a.collide() & 0x01 == 0) {
        let half = scaled((a.attr(attr::FORWARD_SPEED) >> 1) as i32 * 256, env.frame_scale());
        let (x, z) = translate_heading(a.position[0], a.position[2], a.angles.heading as i32, half);
        if env.step_hazard(a, [x, a.position[1], z]) {
            return Step::Refused;
        }
    }
    a.motion_direction = MOTION_RUN;
    let heading = a.angles.heading as i32;
    let (group, length, halve) = if a.in_combat_stance() {
        (group::RUN_ARMED, a.attr(attr::FIGHT_FORWARD_SPEED), false)
    } else if a.in_deep_water() {
        if !env.edge_probe_passes(a, heading) {
            return Step::Refused;
        }
        (group::SWIM, a.attr(attr::FORWARD_SPEED), true)
    } else if a.torch != 0 {
        (group::RUN_TORCH, a.attr(attr::FORWARD_SPEED), false)
    } else {
        (group::RUN, a.attr(attr::FORWARD_SPEED), false)
    };
    let d = (length as i32) * 256;
    match animate_and_accept(a, env, group, Direction::Forward, if halve { d >> 1 } else { d }, heading) {
        // Unlike the others, `MoveForward` "completes without moving" without the group.
        Step::NoGroup => Step::Refused,
        step => step,
    }
}

/// `MoveBackward(1)`: refused by a rope, special motion or a living state other than 0;
/// motion direction 7; group 143 in deep water, 23 with a torch, else 19 (attribute 9; the
/// combat stance's group 93 with attribute 18, once the blocked-ahead probe at distance 30
/// finds nothing, {D:engine/SOUP.md} "MoveBackward"); heading plus 1024.
pub(crate) fn move_backward(a: &mut Actor, env: &mut impl Surroundings) -> Step {
    if a.in_special_motion() || a.living != living::NONE {
        return Step::Refused;
    }
    a.motion_direction = MOTION_BACK;
    let (group, length) = if a.in_combat_stance() {
        if env.blocked_ahead(a, BACKWARD_PROBE_DISTANCE) {
            return Step::Refused;
        }
        (group::BACK_ARMED, a.attr(attr::FIGHT_BACKWARD_SPEED))
    } else if a.in_deep_water() {
        (group::SWIM_BACK, a.attr(attr::BACKWARD_SPEED))
    } else if a.torch != 0 {
        (group::BACK_TORCH, a.attr(attr::BACKWARD_SPEED))
    } else {
        (group::BACK, a.attr(attr::BACKWARD_SPEED))
    };
    animate_and_accept(
        a,
        env,
        group,
        Direction::Backward,
        length as i32 * 256,
        a.angles.heading as i32 + 1024,
    )
}

/// `WalkBackward(1)` ({D:engine/SOUP.md} "WalkBackward"): in deep water it is `MoveBackward`.
/// Refused like `MoveBackward`, then by the backward step check; group 93 (combat stance, attribute
/// 20), 23 with a torch, else 22 (attribute 13); a zero length uses attribute 9 `>> 1` unscaled.
pub(crate) fn walk_backward(a: &mut Actor, env: &mut impl Surroundings) -> Step {
    if a.in_deep_water() {
        return move_backward(a, env);
    }
    if a.in_special_motion() || a.living != living::NONE || !env.walk_backward_check(a) {
        return Step::Refused;
    }
    a.motion_direction = MOTION_BACK;
    let (group, length) = if a.in_combat_stance() {
        (group::BACK_ARMED, a.attr(attr::FIGHT_BACKWARD_WALK))
    } else if a.torch != 0 {
        (group::BACK_TORCH, a.attr(attr::BACKWARD_WALK))
    } else {
        (group::WALK_BACK, a.attr(attr::BACKWARD_WALK))
    };
    let d = walk_amount(length, a.attr(attr::BACKWARD_SPEED));
    animate_and_accept(a, env, group, Direction::Backward, d, a.angles.heading as i32 + 1024)
}

/// "Continuation after input release": an admitted, sheathed actor whose current group is
/// the walk (20) or the run (18) keeps moving when no earlier movement of the update was
/// accepted — the walk repeating its forward support probe — with the step counter, frame
/// scale and movement marker, but without requesting the group again, so the pending
/// default survives. A marker-suppressed continuation still counts as accepted.
pub(crate) fn continue_forward(a: &mut Actor, env: &mut impl Surroundings) -> Step {
    if a.steps.was_called(Direction::Forward) || a.in_special_motion() || a.in_combat_stance() {
        return Step::Refused;
    }
    match a.anim.current {
        group::WALK | group::WALK_TORCH => {
            if !env.walk_forward_check(a) {
                return Step::Refused;
            }
            let d = walk_amount(a.attr(attr::FORWARD_WALK), a.attr(attr::FORWARD_SPEED));
            accept(a, env, Direction::Forward, d, a.angles.heading as i32)
        }
        group::RUN | group::RUN_TORCH => {
            let d = a.attr(attr::FORWARD_SPEED) as i32 * 256;
            accept(a, env, Direction::Forward, d, a.angles.heading as i32)
        }
        _ => Step::Refused,
    }
}

/// `MoveLeft(1)` (`left`) or `MoveRight(1)`: `MoveBackward`'s admission except that the
/// hanging state 15 is accepted; motion direction 4 or 5. In the combat stance the circle
/// group (94/95) turns the heading by attribute 84 (scaled) and steps attribute 83 to the
/// side without a check; hanging (living state 15) the lateral edge test must pass and the
/// hang sidestep group (28/29) steps attribute 10 to the side ({D:engine/SOUP.md} "MoveLeft
/// and MoveRight"); otherwise the lateral step check (attribute 10 plus the X extent to that
/// side must not touch a face model) must pass, and the strafe group (24/26, 25/27 with a
/// torch, 143 in deep water behind the edge probe) steps attribute 10 to the side.
pub(crate) fn move_sideways(a: &mut Actor, env: &mut impl Surroundings, left: bool) -> Step {
    if a.in_special_motion() || !matches!(a.living, living::NONE | living::HANGING) {
        return Step::Refused;
    }
    a.motion_direction = if left { 4 } else { 5 };
    let side = if left { 512 } else { -512 };
    let direction = if left { Direction::Left } else { Direction::Right };
    if a.in_combat_stance() {
        let group = if left { group::CIRCLE_LEFT } else { group::CIRCLE_RIGHT };
        if matches!(a.anim.current, group::CIRCLE_LEFT | group::CIRCLE_RIGHT) || !env.has(group) {
            return Step::Refused;
        }
        env.request(a, group);
        let turn = scaled(a.attr(attr::CIRCLE_TURN) as i32, env.frame_scale());
        let h = if left { a.angles.heading as i32 - turn } else { a.angles.heading as i32 + turn };
        a.angles.heading = (h & 2047) as u16;
        let d = a.attr(attr::CIRCLE_STEP) as i32 * 256;
        return accept(a, env, direction, d, a.angles.heading as i32 + side);
    }
    let heading = a.angles.heading as i32 + side;
    let group = if a.living == living::HANGING {
        // Hanging, the lateral edge test replaces the step check and the strafe groups.
        if !env.lateral_edge(a, left) {
            return Step::Refused;
        }
        if left { group::HANG_LEFT } else { group::HANG_RIGHT }
    } else {
        match lateral_group(a, env, left, heading) {
            Some(group) => group,
            None => return Step::Refused,
        }
    };
    animate_and_accept(a, env, group, direction, a.attr(attr::SIDE_SPEED) as i32 * 256, heading)
}

/// The standing strafe's checks and group: `None` when the lateral step check (which marks
/// the blocked side's step-status bit) or, in deep water, the edge probe fails.
fn lateral_group(a: &mut Actor, env: &mut impl Surroundings, left: bool, heading: i32) -> Option<i16> {
    let extent = if left { a.bounds.negative[0] } else { a.bounds.positive[0] };
    let reach = (a.attr(attr::SIDE_SPEED) as i32).wrapping_add(extent).wrapping_mul(256);
    let t = a.matrix.transform_int([if left { reach.wrapping_neg() } else { reach }, 0, 0]);
    let destination = [a.position[0].wrapping_add(t[0]), a.position[1], a.position[2].wrapping_add(t[2])];
    if env.body_blocked(a, destination) {
        a.step_status |= if left { 0x20 } else { 0x40 };
        return None;
    }
    if a.in_deep_water() {
        return env.edge_probe_passes(a, heading).then_some(group::SWIM_BACK);
    }
    Some(match (left, a.torch != 0) {
        (true, false) => group::STRAFE_LEFT,
        (true, true) => group::STRAFE_LEFT_TORCH,
        (false, false) => group::STRAFE_RIGHT,
        (false, true) => group::STRAFE_RIGHT_TORCH,
    })
}

/// "Directional ordinary displacement" of motion value `value` (masked to 127) by `distance`
/// runtime units: 2, 6, 8, 9 and 24 forward at the heading (bits 0x30), 3 and 7 backward at
/// heading + 1024 (0xc0), 4 left at heading + 512 (0x03), 5 right at heading − 512 (0x0c);
/// other values do nothing. Direction and bits are written even while the animation marker
/// suppresses the move; otherwise deep water (surfaces 2 and 4) halves the distance and a
/// positive distance translates X/Z.
pub fn directional_displacement(a: &mut Actor, value: u8, distance: i32) {
    let (direction, turn, bits, indicator) = match value & 0x7f {
        2 | 6 | 8 | 9 | 24 => (2, 0, 0x30, Direction::Forward),
        3 | 7 => (3, 1024, 0xc0, Direction::Backward),
        4 => (4, 512, 0x03, Direction::Left),
        5 => (5, -512, 0x0c, Direction::Right),
        _ => return,
    };
    a.motion_direction = direction;
    a.steps.packed |= bits;
    if a.anim.marker {
        return;
    }
    let d = if a.in_deep_water() { distance >> 1 } else { distance };
    if d > 0 {
        let heading = (a.angles.heading as i32 + turn) & 2047;
        let (x, z) = translate_heading(a.position[0], a.position[2], heading, d);
        a.position[0] = x;
        a.position[2] = z;
    }
    a.steps.mark_called(indicator);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actor::jump;
    use crate::config::SystemConfig;

    /// One stepper's surroundings: the groups the actor's set has and the lateral edge
    /// test's answer; every other check passes, and a requested group becomes current at
    /// once (so the `animation_system` gate never waits). The frame scale is 256.
    struct Scene {
        config: SystemConfig,
        groups: &'static [i16],
        edge: bool,
        requested: Option<i16>,
        /// The blocked-ahead probe's answer, and the distance it was last asked with.
        blocked: bool,
        probed: core::cell::Cell<Option<i32>>,
    }

    impl Scene {
        fn new(groups: &'static [i16], edge: bool) -> Scene {
            let probed = core::cell::Cell::new(None);
            Scene { config: SystemConfig::installed(), groups, edge, requested: None, blocked: false, probed }
        }
    }

    impl Surroundings for Scene {
        fn config(&self) -> &SystemConfig {
            &self.config
        }
        fn frame_scale(&self) -> i32 {
            256
        }
        fn request(&mut self, a: &mut Actor, group: i16) {
            self.requested = Some(group);
            a.anim.current = group;
        }
        fn has(&self, group: i16) -> bool {
            self.groups.contains(&group)
        }
        fn body_blocked(&self, _: &Actor, _: [i32; 3]) -> bool {
            false
        }
        fn walk_forward_check(&mut self, _: &mut Actor) -> bool {
            true
        }
        fn walk_backward_check(&mut self, _: &mut Actor) -> bool {
            true
        }
        fn step_hazard(&self, _: &Actor, _: [i32; 3]) -> bool {
            false
        }
        fn edge_probe_passes(&self, _: &Actor, _: i32) -> bool {
            true
        }
        fn lateral_edge(&mut self, _: &Actor, _: bool) -> bool {
            self.edge
        }
        fn blocked_ahead(&self, _: &Actor, distance: i32) -> bool {
            self.probed.set(Some(distance));
            self.blocked
        }
        fn jump_init(&mut self, _: &mut Actor, _: jump::Entry) -> jump::Start {
            unreachable!("no stepper jumps")
        }
    }

    /// An actor at the origin facing 0 whose sidestep length (attribute 10) is 8, step type
    /// (attribute 11) 0; `living` its living state.
    fn stepper(living: u8) -> Actor {
        let mut a = Actor::new(0, [0; 256]);
        a.attributes[attr::SIDE_SPEED] = 8;
        a.attributes[attr::BACKWARD_SPEED] = 8;
        a.living = living;
        a
    }

    /// {D:engine/SOUP.md} "MoveBackward": without its group the stepper does nothing more
    /// but the task still takes the duration test — [`Step::NoGroup`], after admission
    /// stored motion direction 7 and with nothing requested or moved. The strafes
    /// share that rule outside the combat stance (direction 4 stored, group 24 missing);
    /// `MoveForward` and the combat-stance strafe (no group 94) instead complete
    /// ([`Step::Refused`]).
    #[test]
    fn a_missing_group_falls_through_to_the_duration_test() {
        let mut env = Scene::new(&[], true);
        let mut a = stepper(0);
        assert_eq!(move_backward(&mut a, &mut env), Step::NoGroup);
        assert_eq!((a.motion_direction, a.position, env.requested), (MOTION_BACK, [0; 3], None));
        assert_eq!(a.steps.get(Direction::Backward), 0, "the counter is not advanced");
        assert_eq!(walk_backward(&mut a, &mut env), Step::NoGroup);
        assert_eq!(move_sideways(&mut a, &mut env, true), Step::NoGroup);
        assert_eq!((a.motion_direction, a.position, env.requested), (4, [0; 3], None));
        assert_eq!(move_forward(&mut a, &mut env), Step::Refused);
        a.attributes[attr::HOLDING_WEAPON] = 1;
        assert_eq!(move_sideways(&mut a, &mut env, true), Step::Refused);
        assert_eq!(env.requested, None);
    }

    /// {D:engine/SOUP.md} "MoveLeft and MoveRight": hanging (living state 15), the lateral
    /// edge test replaces the step check and the groups are 28 (left) and 29 (right); the
    /// heading is the actor's ± 512 and the length attribute 10. By hand: 8 × 256 = 2048;
    /// step type 0 is the table's "Other" row (2048 at counter 0, which becomes 1); scale
    /// 256 keeps 2048. Left, heading 512: the sine sample at (−512) & 2047 = 1536 is −1 and
    /// the cosine (the sine 512 later, at 2048 & 2047 = 0) is 0, so X −2048, Z 0; right,
    /// heading −512: sample 512, sine 1, X +2048. A failing edge test completes the call with
    /// nothing requested; the same actor standing (state 0) strafes with group 24 instead.
    #[test]
    fn a_hanging_strafe_takes_the_lateral_edge_test_and_groups_28_and_29() {
        let groups = &[group::STRAFE_LEFT, group::STRAFE_RIGHT, group::HANG_LEFT, group::HANG_RIGHT];
        let mut env = Scene::new(groups, false);
        let mut a = stepper(15);
        assert_eq!(move_sideways(&mut a, &mut env, true), Step::Refused);
        assert_eq!((a.position, env.requested), ([0; 3], None));
        env.edge = true;
        assert_eq!(move_sideways(&mut a, &mut env, true), Step::Moved(2048));
        assert_eq!((a.position, env.requested, a.motion_direction), ([-2048, 0, 0], Some(28), 4));
        assert_eq!(a.steps.get(Direction::Left), 1);
        let mut b = stepper(15);
        assert_eq!(move_sideways(&mut b, &mut env, false), Step::Moved(2048));
        assert_eq!((b.position, env.requested, b.motion_direction), ([2048, 0, 0], Some(29), 5));
        let mut c = stepper(0);
        env.edge = false;
        assert_eq!(move_sideways(&mut c, &mut env, true), Step::Moved(2048));
        assert_eq!(env.requested, Some(group::STRAFE_LEFT));
    }

    /// {D:engine/SOUP.md} "MoveBackward": in the combat stance (here a held weapon, attribute
    /// 110) the blocked-ahead probe runs with distance 30 first, and a blocked probe completes
    /// the call (motion direction 7 already stored, nothing requested). Clear, the group is
    /// 93 and the length attribute 18: 4 × 256 = 1024 ("Other" step type, scale 256) along
    /// heading 0 + 1024, whose sine sample (−1024) & 2047 = 1024 is 0 and cosine (sample 1536)
    /// −1, so Z −1024. Outside the stance the probe is not asked.
    #[test]
    fn move_backward_in_the_combat_stance_probes_at_30() {
        let mut env = Scene::new(&[group::BACK, group::BACK_ARMED], true);
        let mut a = stepper(0);
        a.attributes[attr::HOLDING_WEAPON] = 1;
        a.attributes[attr::FIGHT_BACKWARD_SPEED] = 4;
        env.blocked = true;
        assert_eq!(move_backward(&mut a, &mut env), Step::Refused);
        assert_eq!((env.probed.get(), a.motion_direction, env.requested), (Some(30), MOTION_BACK, None));
        env.blocked = false;
        assert_eq!(move_backward(&mut a, &mut env), Step::Moved(1024));
        assert_eq!((a.position, env.requested), ([0, 0, -1024], Some(group::BACK_ARMED)));
        let mut b = stepper(0);
        (env.blocked, env.probed) = (true, core::cell::Cell::new(None));
        assert_eq!(move_backward(&mut b, &mut env), Step::Moved(2048));
        assert_eq!((env.probed.get(), env.requested), (None, Some(group::BACK)));
    }
}
