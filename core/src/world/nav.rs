//! The natives that move an actor over the ground ({D:engine/SOUP.md} "Direct point moves:
//! MoveMarker, MoveLocation, MovePosition", "Point-navigation command state" and after,
//! "Wander: destination selection and movement limits", "MoveToLocation: authored locations",
//! "AtNodeLocation", "FacePlayer"): they step the running actor with its update's surroundings, so the world's
//! script host runs them itself.

use super::queries::Env;
use super::script::WorldHost;
use crate::actor::living;
use crate::actor::nav::{self, LIFECYCLE_MOVING, NavEnv, NavShared};
use crate::actor::walk::{WalkMaps, owner_byte};
use crate::actor::{Actor, attr};
use crate::capacity::Capacity;
use crate::collision::statics::segment_contacts;
use crate::math::rounded_distance;
use crate::script::functions::id;
use crate::script::{NativeCall, Rng};
use crate::units::ANGLE_MASK;

/// A world's walk maps: their nodes (maps in load order), the maps, the route search's
/// queue (the largest map's node count plus eight, as many as the table holds) and what
/// point navigation shares across actors.
#[derive(Clone, Debug, Default)]
pub(crate) struct WalkTables<'a, C: Capacity> {
    nodes: C::WalkNodes<crate::actor::walk::Node<'a>>,
    maps: C::WalkNodes<crate::actor::walk::Map>,
    queue: C::WalkNodes<(i16, u16)>,
    shared: NavShared,
}

impl<C: Capacity> crate::actor::walk::Release for WalkTables<'_, C> {
    fn release(&mut self, nav: &mut crate::actor::walk::Nav, owner: u8) {
        self.parts().0.release(nav, owner);
    }
}

impl<'a, C: Capacity> WalkTables<'a, C> {
    /// The queries' view and the shared state.
    pub(super) fn parts(&mut self) -> (WalkMaps<'_, 'a>, &mut NavShared) {
        (WalkMaps { nodes: &mut self.nodes, maps: &mut self.maps, queue: &mut self.queue }, &mut self.shared)
    }

    /// No maps, the tables emptied where they are.
    pub(super) fn clear(&mut self) {
        use crate::capacity::Table;
        self.nodes.clear();
        self.maps.clear();
        self.queue.clear();
        self.shared = NavShared::default();
    }

    /// What the tables hold, as [`super::Needs`] counts it.
    pub(super) fn held(&self) -> usize {
        self.nodes.len().max(self.maps.len())
    }

    /// The map's WDNM walk maps in file order, their reservation and disabled bytes clear
    /// ({D:formats/RGM.md} "WDNM"); the runtime list visits them in reverse.
    pub(super) fn load(&mut self, rgm: &crate::formats::rgm::Rgm<'a>) -> Result<(), super::WorldError> {
        use crate::actor::walk::{Map, Node};
        use crate::capacity::{Table, TableKind};
        let full = || super::full::<C>(TableKind::WalkNodes);
        self.clear();
        for m in rgm.wdnm().walk_maps() {
            // An actor keeps its walk map's index in a byte.
            if self.maps.len() > u8::MAX as usize {
                return Err(super::WorldError::Limit("walk maps (more than 256 in one map)"));
            }
            let first = self.nodes.len() as u32;
            for n in m.nodes() {
                let node = Node {
                    position: [n.x() as i32, n.y() as i32, n.z() as i32],
                    owner: 0,
                    routes: n.route_bytes(),
                };
                self.nodes.push(node).map_err(|_| full())?;
            }
            self.maps.push(Map { first, count: m.node_count(), disabled: false }).map_err(|_| full())?;
        }
        let largest = self.maps.iter().map(|m| m.count as usize).max().unwrap_or(0);
        while self.queue.len() < largest + 8 && self.queue.push((0, 0)).is_ok() {}
        Ok(())
    }
}

/// Whether the world's script host runs `function` (its home in the native table is the
/// world's, `crate::actor::natives::Home::in_world`).
pub fn is_hosted(function: u16) -> bool {
    crate::actor::natives::home(function).is_some_and(crate::actor::natives::Home::in_world)
}

/// How many candidate pairs `Wander` draws at most: the original redraws without bound
/// while a candidate is too near (forever for a zero radius at home); Stros stops here and
/// takes the last.
pub const WANDER_DRAWS: u32 = 64;

impl<'a, C: Capacity> NavEnv<'a> for Env<'_, 'a, C> {
    fn walk(&mut self) -> WalkMaps<'_, 'a> {
        self.systems.walk.parts().0
    }
    fn rng(&mut self) -> &mut Rng {
        &mut self.systems.rng
    }
    fn nav_shared(&mut self) -> &mut NavShared {
        self.systems.walk.parts().1
    }
    fn nominal_ticks(&self) -> i32 {
        self.tick.nominal_ticks
    }
    fn me(&self) -> u16 {
        self.me
    }
    fn admit_default(&mut self, a: &mut Actor) {
        if self.assets.config.animation_system != 0
            && a.set.is_some()
            && a.object_update_exclusion == 0
            && a.anim.current != a.anim.default
        {
            self.force(a, a.anim.default);
        }
    }
    fn request_group(&mut self, a: &mut Actor, group: i16) {
        self.request(a, group);
    }
    /// "Point direct visibility": within 131,072 (rounded 3-D), and no segment contact from
    /// the actor to `to` on a candidate model other than the receiver's or the selected
    /// player's.
    fn visible(&self, a: &Actor, to: [i32; 3]) -> bool {
        let d = crate::math::wrapping_sub3(to, a.position);
        if rounded_distance(d) > 131_072 {
            return false;
        }
        let (from, to) = (a.position.map(|c| (c >> 8) as f32), to.map(|c| (c >> 8) as f32));
        let live = self.scene.scene;
        !segment_contacts(self.scene, self.scene.lists, from, to, true).any(|w| {
            let actor = live.live_model(w.placement).map(|l| l.actor);
            actor.is_none_or(|id| id != self.me && Some(id) != self.player_id)
        })
    }
    fn turn_toward(&mut self, a: &mut Actor, heading: i32) -> i32 {
        super::collide::turn_helper(a, self, heading & ANGLE_MASK)
    }
    fn player(&self) -> Option<u16> {
        self.player_id
    }
    fn release_ledge(&mut self, a: &mut Actor) {
        if self.is_player {
            crate::player::ledge::hang_release(a, self);
        }
    }
    fn jump_cooldown(&self) -> bool {
        self.is_player && self.systems.player.conditional != 0
    }
}

impl<'a, C: Capacity> WorldHost<'_, '_, '_, 'a, C> {
    /// Location `k` of the running actor: 0 its home, then its RALC offsets from home; any
    /// other selector (negative, or at or past the count) reads as home.
    fn location(&self, k: i32) -> [i32; 3] {
        let a = &*self.actor;
        let offset = usize::try_from(k).ok().and_then(|k| match k {
            0 => None,
            k => self.env.assets.rgm.actor(a.definition as usize).and_then(|d| d.locations().nth(k - 1)),
        });
        offset.map_or(a.home, |o| [0, 1, 2].map(|i| a.home[i].wrapping_add(o[i])))
    }

    /// Marker `k` as a move destination: X/Z `<< 8`, Y the marker's less the positive Y
    /// extent, `<< 8`. The original stops on an unusable marker; Stros answers `None`.
    fn marker(&self, k: i32) -> Option<[i32; 3]> {
        let m =
            usize::try_from(k).ok().and_then(|k| self.env.assets.rgm.mpmk().get(k)).filter(|m| m.usable())?;
        let y = m.position[1].wrapping_sub(self.actor.bounds.positive[1]);
        Some([m.position[0] << 8, y << 8, m.position[2] << 8])
    }

    /// The selected player's local position (the fallback position without one); `None`
    /// when his record is missing.
    fn player_position(&self) -> Option<[i32; 3]> {
        match self.env.player_id {
            Some(p) => self.record_of(p).map(|a| a.position),
            None => Some(crate::actor::natives::FALLBACK_POSITION),
        }
    }

    /// `PlayerOffset(x, y, z)` and `PlayerOffsettask` ({D:engine/SOUP.md} "Offset,
    /// PlayerOffset, PlayerOffsettask and CollidePlayerWeapon"): the selected player's local
    /// position becomes the receiver's effective position plus the offset turned by its
    /// matrix; the task also copies the receiver's matrix, angles and previous angles to him and never
    /// completes. (Its pause-tick bookkeeping, which nothing else reads, is not kept.)
    fn player_offset(&mut self, offset: [i32; 3], task: bool) -> i32 {
        let a = &*self.actor;
        let turned = a.matrix.transform_int(offset);
        let from = a.effective_position();
        let at = crate::math::wrapping_add3(from, turned);
        let (matrix, angles, previous) = (a.matrix, a.angles, a.previous_angles);
        if let Some(p) = self.env.player_id.and_then(|p| self.actor_mut(p)) {
            p.position = at;
            if task {
                (p.matrix, p.angles, p.previous_angles) = (matrix, angles, previous);
            }
        }
        task as i32
    }

    /// The movement natives on the running actor; `None` for others (or another receiver).
    pub(super) fn navigation(&mut self, call: &mut NativeCall<'_>) -> Option<i32> {
        let arg = |k| call.arg(k);
        // The pause delay of point navigation: the second word of the command block the
        // task slot keeps ({D:engine/SOUP.md} "Offset, PlayerOffset, PlayerOffsettask and
        // CollidePlayerWeapon"; "Point-navigation command state").
        let mut pause = call.scratch[1] as u32;
        let r = match call.function {
            id::MOVE_NODE_MARKER => match self.marker(arg(0)) {
                Some(to) => nav::point(self.actor, self.env, to, arg(1), &mut pause),
                None => 0,
            },
            id::MOVE_NODE_LOCATION => {
                let to = self.location(arg(0));
                nav::point(self.actor, self.env, to, arg(1), &mut pause)
            }
            id::MOVE_NODE_POSITION => {
                nav::point(self.actor, self.env, [arg(0), arg(1), arg(2)], arg(3), &mut pause)
            }
            id::MOVE_MARKER => match self.marker(arg(0)) {
                Some(to) => direct(self.actor, self.env, to, arg(1)),
                None => 0,
            },
            id::MOVE_LOCATION => {
                let to = self.location(arg(0));
                direct(self.actor, self.env, to, arg(1))
            }
            id::MOVE_POSITION => direct(self.actor, self.env, [arg(0), arg(1), arg(2)], arg(3)),
            id::WANDER => wander(self.actor, self.env, [arg(0), arg(1)], &mut pause),
            id::MOVE_TO_LOCATION => {
                let to = self.location(arg(0));
                move_to(self.actor, to, arg(1), call.elapsed, self.env.tick.frame_scale)
            }
            id::WANDER_TO_LOCATION => {
                let to = self.location(arg(0));
                let (duration, initial) = (arg(1), call.initial);
                wander_to(self.actor, to, duration, initial, &mut call.scratch[0], self.env.tick.frame_scale)
            }
            // Best guess: the docs describe neither; by their names and AtNodeLocation: the same test
            // against a runtime position, and the loaded maps' runtime disabled byte set or
            // cleared (validation then drops a disabled map from its actors).
            id::AT_NODE_POSITION => at_location(self.actor, [arg(0), arg(1), arg(2)], arg(3)),
            id::DISABLE_NODE_MAPS | id::ENABLE_NODE_MAPS => {
                let disabled = call.function == id::DISABLE_NODE_MAPS;
                self.env.walk().maps.iter_mut().for_each(|m| m.disabled = disabled);
                0
            }
            id::AT_NODE_LOCATION => {
                let to = self.location(arg(0));
                at_location(self.actor, to, arg(1))
            }
            id::FACE_PLAYER | id::FACE_PLAYER_INERTIA => {
                let player = self.player_position()?;
                let inertia = call.function == id::FACE_PLAYER_INERTIA;
                face_player(self.actor, player, arg(0), call.elapsed, inertia)
            }
            id::DISTANCE_TO_LOCATION => {
                let (to, from) = (self.location(arg(0)), self.actor.effective_position());
                rounded_distance(crate::math::wrapping_sub3(to, from))
            }
            id::WALK_FORWARD..=id::MOVE_RIGHT => step_task(self.actor, self.env, call),
            id::KILL_ME => kill(self.actor, self.env),
            id::PLAYER_OFFSET | id::PLAYER_OFFSET_TASK => {
                self.player_offset([arg(0), arg(1), arg(2)], call.function == id::PLAYER_OFFSET_TASK)
            }
            id::PLAYER_IN_SIGHT => {
                let player = self.player_position()?;
                in_sight(self.actor, self.env, player) as i32
            }
            _ => return None,
        };
        if matches!(
            call.function,
            id::MOVE_NODE_MARKER | id::MOVE_NODE_LOCATION | id::MOVE_NODE_POSITION | id::WANDER
        ) {
            call.scratch[1] = pause as i32;
        }
        Some(r)
    }
}

/// The stepper natives `WalkForward`, `WalkBackward`, `MoveForward`, `MoveBackward`,
/// `MoveLeft` and `MoveRight` (`duration`) as tasks ({D:engine/SOUP.md} "MoveBackward",
/// its result): one step each invocation ([`crate::actor::motion`]); one while
/// `duration − 1 > elapsed`, else zero. A refused step completes the call; a missing group
/// ([`crate::actor::motion::Step::NoGroup`]) still takes the duration test.
fn step_task<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, call: &NativeCall<'_>) -> i32 {
    use crate::actor::motion::{self, Step};
    let step = match call.function {
        id::WALK_FORWARD => motion::walk_forward(a, env),
        id::WALK_BACKWARD => motion::walk_backward(a, env),
        id::MOVE_FORWARD => motion::move_forward(a, env),
        id::MOVE_BACKWARD => motion::move_backward(a, env),
        f => motion::move_sideways(a, env, f == id::MOVE_LEFT),
    };
    if step == Step::Refused {
        return 0;
    }
    (call.arg(0).wrapping_sub(1) > call.elapsed) as i32
}

/// `KillMe` ({D:engine/SOUP.md} "KillMe and Resurrect"): the held walk nodes released, no
/// current presentation (neither drawn nor a collision candidate, as `HideMe` leaves it),
/// the killed flag (the ordinary update skips the actor from now on), death selector 8, and
/// every sound the actor owns stopped. (The light and flat records it frees are not kept
/// by the core.) Returns zero.
fn kill<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) -> i32 {
    let owner = owner_byte(env.me);
    env.walk().release(&mut a.nav, owner);
    (a.hidden, a.killed, a.lifecycle) = (true, true, 8);
    env.events.push(crate::anim::AnimEvent::EndSounds(crate::anim::SoundStop::Mine));
    0
}

/// "Direct point moves": one step of the walk towards `to`, its phases 0 → 22 (turn) → 11
/// (walk), 9 (the idle countdown shared with point navigation) and 21 (done). A falling or
/// queued actor, or one hanging from a ledge (released from it first), waits in phase 0.
fn direct<'a>(a: &mut Actor, env: &mut impl NavEnv<'a>, to: [i32; 3], tolerance: i32) -> i32 {
    let owner = owner_byte(env.me());
    let fs = env.frame_scale();
    env.walk().release(&mut a.nav, owner);
    let waits = a.falling != 0 || a.queued != 0 || {
        let hanging = a.living == living::HANGING;
        if hanging {
            env.release_ledge(a);
        }
        hanging
    };
    if waits {
        a.attributes[attr::COLLIDE] = 13;
        a.nav.phase = 0;
        a.lifecycle = LIFECYCLE_MOVING;
        return 1;
    }
    if !matches!(a.nav.phase, 11 | 22) && nav::arrived(a, to, tolerance, fs) {
        env.admit_default(a);
        return 0;
    }
    a.attributes[attr::COLLIDE] = 12;
    match a.nav.phase {
        0 => a.nav.phase = 22,
        22 => {
            if nav::face(a, env, to) == 0 {
                a.nav.phase = 11;
            }
        }
        11 => {
            a.attributes[attr::COLLIDE] = 13;
            if a.sliding != 0 {
                a.nav.phase = 0;
            }
            if nav::walk_to(a, env, to, tolerance) == 0 {
                return 0;
            }
            nav::keep_facing(a, env, to);
        }
        9 => {
            let ticks = env.nominal_ticks();
            nav::idle(a, env, ticks);
        }
        21 => {
            env.admit_default(a);
            return 0;
        }
        _ => a.nav.phase = 0,
    }
    a.lifecycle = LIFECYCLE_MOVING;
    1
}

/// `Wander(radius, tolerance)` ({D:engine/SOUP.md} "Wander: destination selection and
/// movement limits"): a destination node drawn around home when none is set, point
/// navigation towards it (the destination cleared on arrival: the docs leave the walk
/// itself out; Stros walks there as `MoveNodePosition` does), and the move undone when it
/// outran `(frame_scale << 13) >> 8`. Returns the measured displacement.
fn wander<'a>(
    a: &mut Actor,
    env: &mut impl NavEnv<'a>,
    [radius, tolerance]: [i32; 2],
    pause: &mut u32,
) -> i32 {
    let owner = owner_byte(env.me());
    env.walk().validate(&mut a.nav, owner);
    a.attributes[attr::NODE_IN_USE] = 1;
    if a.nav.destination == -1 {
        (a.nav.command, a.nav.word, a.nav.phase, a.nav.counter) = (0, 0, 0, 0);
        let r = radius >> 8;
        let home = a.home.map(|c| c / 256);
        let here = a.position.map(|c| c / 256);
        let mut candidate = home;
        for _ in 0..WANDER_DRAWS {
            let x = home[0] + r - env.rng().bounded(2 * r);
            let z = home[2] + r - env.rng().bounded(2 * r);
            candidate = [x, home[1], z];
            if rounded_distance([x - here[0], 0, z - here[2]]) > r / 2 {
                break;
            }
        }
        if let Some((map, node)) = env.walk().nearest(candidate) {
            a.nav.map = Some(map);
            a.nav.destination = node;
        }
    }
    let target = a.nav.map.and_then(|m| env.walk().node(m, a.nav.destination).map(|n| n.position));
    if let Some(p) = target
        && nav::point(a, env, p.map(|c| c << 8), tolerance, pause) == 0
    {
        a.nav.destination = -1;
    }
    let moved = rounded_distance([
        a.position[0].wrapping_sub(a.previous[0]),
        0,
        a.position[2].wrapping_sub(a.previous[2]),
    ]);
    if moved > env.frame_scale().wrapping_shl(13) >> 8 {
        a.position = a.previous;
    }
    moved
}

/// `MoveToLocation(location, duration)`: past `duration` the actor is put at `to`;
/// otherwise it steps the remaining distance over the remaining time along the Q16 unit
/// direction, measured from its attached effective position when `attr_slave` is set.
fn move_to(a: &mut Actor, to: [i32; 3], duration: i32, elapsed: i32, frame_scale: i32) -> i32 {
    if elapsed > duration {
        a.position = to;
        return 0;
    }
    let d = crate::math::wrapping_sub3(to, move_source(a));
    let unit = unit_q16(d);
    let remaining = duration.wrapping_add(1).wrapping_sub(elapsed);
    let step = if remaining == 0 { 0 } else { rounded_distance(d) / remaining };
    let step = step.wrapping_mul(frame_scale) >> 8;
    for (p, u) in a.position.iter_mut().zip(unit) {
        *p = p.wrapping_add((u >> 8).wrapping_mul(step) >> 8);
    }
    1
}

/// Where `MoveToLocation` and `WanderToLocation` measure from: the attached effective
/// position with `attr_slave` set, else the local position.
fn move_source(a: &Actor) -> [i32; 3] {
    match a.attr(attr::SLAVE) {
        0 => a.position,
        _ => a.attached.map_or(a.position, |f| f.effective),
    }
}

/// `WanderToLocation(location, duration)`: the first invocation of the task keeps the speed
/// `distance / duration` (a zero duration, a fault in the original, keeps 0); each one steps
/// `speed × scale >> 8` along the Q16 unit direction while the distance is greater, else the
/// actor is put on `to` and the task completes.
fn wander_to(a: &mut Actor, to: [i32; 3], duration: i32, initial: bool, speed: &mut i32, scale: i32) -> i32 {
    let d = crate::math::wrapping_sub3(to, move_source(a));
    let distance = rounded_distance(d);
    if initial {
        *speed = distance.checked_div(duration).unwrap_or(0);
    }
    let step = speed.wrapping_mul(scale) >> 8;
    if distance <= step {
        a.position = to;
        return 0;
    }
    for (p, u) in a.position.iter_mut().zip(unit_q16(d)) {
        *p = p.wrapping_add((u >> 8).wrapping_mul(step) >> 8);
    }
    1
}

/// The Q16 unit vector of `d` (`MoveToLocation`'s normalization): components stored f32,
/// their squares summed wide, the root times 1/65,536 stored f32 as the divisor, each
/// quotient stored f32 and rounded to nearest-even; a zero divisor gives zero.
fn unit_q16(d: [i32; 3]) -> [i32; 3] {
    let f = d.map(|c| c as f32 as f64);
    let divisor = (libm::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]) * (1.0 / 65536.0)) as f32;
    if divisor == 0.0 {
        return [0; 3];
    }
    f.map(|c| crate::math::round_ties_even((c / divisor as f64) as f32) as i32)
}

/// `AtNodeLocation(location, distance)`: the height within half the total Y extent, then
/// the horizontal distance within `distance`.
fn at_location(a: &Actor, to: [i32; 3], distance: i32) -> i32 {
    let dy = (to[1].wrapping_sub(a.position[1]) >> 8).abs();
    if dy > a.bounds.total[1] / 2 {
        return 0;
    }
    (rounded_distance([to[0].wrapping_sub(a.position[0]), 0, to[2].wrapping_sub(a.position[2])]) <= distance)
        as i32
}

/// `PlayerInSight()`: the selected player within 262,144 (rounded, local positions,
/// inclusive) and no contact on the segment between them (whole map units) with a candidate
/// of the receiver's gathered list other than the player's own model.
fn in_sight<C: Capacity>(a: &Actor, env: &Env<'_, '_, C>, player: [i32; 3]) -> bool {
    let d = crate::math::wrapping_sub3(player, a.position);
    if rounded_distance(d) > 262_144 {
        return false;
    }
    let (from, to) = (a.position.map(|c| (c >> 8) as f32), player.map(|c| (c >> 8) as f32));
    let live = env.scene.scene;
    !segment_contacts(env.scene, env.scene.lists, from, to, true)
        .any(|w| live.live_model(w.placement).is_none_or(|l| Some(l.actor) != env.player_id))
}

/// `FacePlayer(duration)`: the heading turned towards the selected player by the gap over
/// the remaining time; complete at a zero gap or step, or once `elapsed ≥ duration − 1`.
/// `FacePlayerInertia` (`inertia`, {D:engine/SOUP.md} "FacePlayerInertia") steps
/// `(((gap << 8) / duration) − elapsed) >> 8` instead (a zero duration, a fault in the
/// original, completes).
fn face_player(a: &mut Actor, player: [i32; 3], duration: i32, elapsed: i32, inertia: bool) -> i32 {
    let (dx, dz) = (player[0].wrapping_sub(a.position[0]), player[2].wrapping_sub(a.position[2]));
    let looking = crate::math::direction_from_displacement(dx, dz) as i32;
    let heading = a.angles.heading as i32;
    let mut gap = (looking - heading) & ANGLE_MASK;
    if gap == 0 {
        return 0;
    }
    let remaining = match elapsed.wrapping_sub(duration).abs() {
        0 => 1,
        r => r,
    };
    let negative = gap > 1024;
    if negative {
        gap = (-gap - 1024) & 1023;
    }
    let step = match inertia {
        false => ((gap << 8) / remaining) >> 8,
        true if duration == 0 => 0,
        true => (((gap << 8) / duration) - elapsed) >> 8,
    };
    if step == 0 {
        return 0;
    }
    let turned = if negative { heading - step } else { heading + step };
    a.angles.heading = (turned & ANGLE_MASK) as u16;
    (elapsed < duration - 1) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `FacePlayer(4)` facing 0 with the player due +X (bearing 1536): the gap 1536 is over
    /// half a turn, so it becomes `(−1536 − 1024) & 1023 = 512`, turned the negative way;
    /// at elapsed 0 the remaining time is 4 and the step `((512 << 8) / 4) >> 8 = 128`
    /// (heading 1920, still active); at elapsed 3 the remaining gap 384 goes in one step and
    /// the task completes. `FacePlayerInertia(4)` steps `(((512 << 8) / 4) − 0) >> 8 = 128`
    /// first too, then `(((384 << 8) / 4) − 3) >> 8 = 95`.
    #[test]
    fn face_player_steps_the_gap_over_the_remaining_time() {
        let mut a = Actor::new(0, [0; 256]);
        let player = [1000 << 8, 0, 0];
        assert_eq!(face_player(&mut a, player, 4, 0, false), 1);
        assert_eq!(a.angles.heading, 1920);
        assert_eq!(face_player(&mut a, player, 4, 3, false), 0);
        assert_eq!(a.angles.heading, 1536);
        assert_eq!(face_player(&mut a, player, 4, 0, false), 0, "no gap: done at once");
        let mut b = Actor::new(0, [0; 256]);
        face_player(&mut b, player, 4, 0, true);
        assert_eq!(b.angles.heading, 1920);
        face_player(&mut b, player, 4, 3, true);
        assert_eq!(b.angles.heading, 1920 - 95);
    }

    /// `WanderToLocation(l, 4)` from the origin to (1000, 0, 0): the first call keeps the
    /// speed 1000 / 4 = 250 and steps `((65536 >> 8) × 250) >> 8 = 250` at scale 256; later
    /// calls keep that speed whatever the elapsed time; at 250 from the target (not greater
    /// than the step) the actor is put on it and the task completes.
    #[test]
    fn wander_to_location_keeps_its_first_speed() {
        let mut a = Actor::new(0, [0; 256]);
        let mut speed = 0;
        assert_eq!(wander_to(&mut a, [1000, 0, 0], 4, true, &mut speed, 256), 1);
        assert_eq!((speed, a.position), (250, [250, 0, 0]));
        assert_eq!(wander_to(&mut a, [1000, 0, 0], 4, false, &mut speed, 512), 1);
        assert_eq!(a.position, [750, 0, 0], "scale 512 doubles the step");
        assert_eq!(wander_to(&mut a, [1000, 0, 0], 4, false, &mut speed, 256), 0);
        assert_eq!(a.position, [1000, 0, 0]);
    }

    /// `MoveToLocation(l, 3)` from the origin to (1000, 0, 0): the Q16 unit vector is
    /// (65536, 0, 0); at elapsed 0 the step is 1000 / (3 + 1 − 0) = 250 (× 256 >> 8 at scale
    /// 256), the displacement `((65536 >> 8) × 250) >> 8 = 250`; past the duration the actor
    /// is put on the target.
    #[test]
    fn move_to_location_steps_the_rest_over_the_rest() {
        let mut a = Actor::new(0, [0; 256]);
        assert_eq!(unit_q16([1000, 0, 0]), [65536, 0, 0]);
        assert_eq!(move_to(&mut a, [1000, 0, 0], 3, 0, 256), 1);
        assert_eq!(a.position, [250, 0, 0]);
        assert_eq!(move_to(&mut a, [1000, 0, 0], 3, 4, 256), 0);
        assert_eq!(a.position, [1000, 0, 0]);
    }

    /// "Direct point moves", phase 9 (the countdown shared with the node wrapper): with 3
    /// nominal ticks the word 10 becomes 7 and the phase stays 9 (pending, lifecycle 7); the
    /// actor plays his default group (0), so one draw is consumed (from state 0: 12,345 >> 16 = 0,
    /// low five bits clear, no fidget, the state now 12,345). The word 2 is smaller than
    /// the ticks: it becomes 0 and selects phase 2.
    #[test]
    fn direct_moves_count_down_phase_nine() {
        use crate::actor::nav::tests::{FAR, Mock, walker};
        for (word, after, phase, state) in [(10, 7, 9, 12_345), (2, 0, 2, 0)] {
            let mut env = Mock::new();
            env.ticks = 3;
            let mut a = walker(&mut env);
            (a.nav.phase, a.nav.word, a.anim.current, a.anim.default) = (9, word, 0, 0);
            assert_eq!(direct(&mut a, &mut env, FAR, 0), 1);
            assert_eq!(
                (a.nav.word, a.nav.phase, a.lifecycle, env.rng.0),
                (after, phase, 7, state),
                "word {word}"
            );
        }
    }

    /// "Direct point moves": an actor hanging from a ledge (living state 15) is released
    /// from it and waits like a falling one (pending, attribute 1 = 13, phase 0, lifecycle
    /// 7); a falling one is not released (the falling test comes first).
    #[test]
    fn direct_moves_release_a_hanging_actor() {
        use crate::actor::nav::tests::{FAR, Mock, walker};
        for (falling, released) in [(0, true), (1, false)] {
            let mut env = Mock::new();
            let mut a = walker(&mut env);
            (a.living, a.falling, a.nav.phase) = (15, falling, 11);
            assert_eq!(direct(&mut a, &mut env, FAR, 0), 1);
            assert_eq!(env.ledge_released, released, "falling {falling}");
            assert_eq!((a.attributes[attr::COLLIDE], a.nav.phase, a.lifecycle), (13, 0, 7));
            assert_eq!((a.nav.next, env.nodes[1].owner), (-1, 0), "the held nodes released first");
        }
    }

    /// `AtNodeLocation`: the height within half the total Y extent first, then the
    /// horizontal distance, inclusive.
    #[test]
    fn at_location_tests_height_then_distance() {
        let mut a = Actor::new(0, [0; 256]);
        a.bounds.total[1] = 100;
        assert_eq!(at_location(&a, [300, 50 << 8, 400], 500), 1);
        assert_eq!(at_location(&a, [300, 50 << 8, 400], 499), 0);
        assert_eq!(at_location(&a, [0, 51 << 8, 0], 500), 0, "51 is over half of 100");
    }
}
