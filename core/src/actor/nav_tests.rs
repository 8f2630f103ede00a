//! Point navigation's unit tests on a stand-in world ([`Mock`]): one walk map of two nodes,
//! a turn helper that reports what it was asked, steppers whose step checks refuse (so
//! nothing moves by walking), and frame scale 256. Every expected value is derived from
//! {D:engine/SOUP.md} "Point-navigation command state" and the sections after it.

use super::*;
use crate::actor::walk::{Map, Node};
use crate::config::SystemConfig;

/// A far destination: no arrival test admits it.
pub(crate) const FAR: [i32; 3] = [30_000 << 8, 0, 0];
/// Node 1 of the mock map, runtime units: map (100, 0, 0) `<< 8`.
const NODE_1: [i32; 3] = [100 << 8, 0, 0];

/// The stand-in world of the tests.
pub(crate) struct Mock {
    pub config: SystemConfig,
    pub rng: Rng,
    pub shared: NavShared,
    /// Node 0 at map (0, 0, 0), node 1 at (100, 0, 0).
    pub nodes: [Node<'static>; 2],
    pub maps: [Map; 1],
    pub queue: [(i16, u16); 10],
    pub ticks: i32,
    pub player: Option<u16>,
    /// The heading the turn helper was last asked for.
    pub turned: Option<i32>,
    /// What the turn helper answers.
    pub turn_result: i32,
    pub ledge_released: bool,
    /// The selected player's post-jump cooldown, as `jump_cooldown` answers.
    pub cooldown: bool,
    /// The groups ordinary requests asked for, last first.
    pub requested: Option<i16>,
}

impl Mock {
    pub(crate) fn new() -> Self {
        let node = |x| Node { position: [x, 0, 0], owner: 0, routes: &[] };
        Mock {
            config: SystemConfig::default(),
            rng: Rng(0),
            shared: NavShared::default(),
            nodes: [node(0), node(100)],
            maps: [Map { first: 0, count: 2, disabled: false }],
            queue: [(0, 0); 10],
            ticks: 1,
            player: Some(9),
            turned: None,
            turn_result: 1,
            ledge_released: false,
            cooldown: false,
            requested: None,
        }
    }
}

impl Surroundings for Mock {
    fn config(&self) -> &SystemConfig {
        &self.config
    }
    fn frame_scale(&self) -> i32 {
        256
    }
    fn request(&mut self, _a: &mut Actor, _group: i16) {}
    fn has(&self, _group: i16) -> bool {
        false
    }
    fn body_blocked(&self, _a: &Actor, _position: [i32; 3]) -> bool {
        false
    }
    fn walk_forward_check(&mut self, _a: &mut Actor) -> bool {
        false
    }
    fn walk_backward_check(&mut self, _a: &mut Actor) -> bool {
        false
    }
    fn step_hazard(&self, _a: &Actor, _destination: [i32; 3]) -> bool {
        false
    }
    fn edge_probe_passes(&self, _a: &Actor, _heading: i32) -> bool {
        false
    }
    fn lateral_edge(&mut self, _a: &Actor, _left: bool) -> bool {
        false
    }
    fn blocked_ahead(&self, _a: &Actor, _distance: i32) -> bool {
        false
    }
    fn jump_init(&mut self, _a: &mut Actor, _entry: super::super::jump::Entry) -> super::super::jump::Start {
        unreachable!("navigation starts no jump here")
    }
}

impl NavEnv<'static> for Mock {
    fn walk(&mut self) -> WalkMaps<'_, 'static> {
        WalkMaps { nodes: &mut self.nodes, maps: &mut self.maps, queue: &mut self.queue }
    }
    fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }
    fn nav_shared(&mut self) -> &mut NavShared {
        &mut self.shared
    }
    fn nominal_ticks(&self) -> i32 {
        self.ticks
    }
    fn me(&self) -> u16 {
        0
    }
    fn admit_default(&mut self, _a: &mut Actor) {}
    fn request_group(&mut self, _a: &mut Actor, group: i16) {
        self.requested = Some(group);
    }
    fn visible(&self, _a: &Actor, _to: [i32; 3]) -> bool {
        true
    }
    fn turn_toward(&mut self, _a: &mut Actor, heading: i32) -> i32 {
        self.turned = Some(heading);
        self.turn_result
    }
    fn player(&self) -> Option<u16> {
        self.player
    }
    fn release_ledge(&mut self, _a: &mut Actor) {
        self.ledge_released = true;
    }
    fn jump_cooldown(&self) -> bool {
        self.cooldown
    }
}

/// An actor at map (10,000, 0, 0) walking (phase 2) to node 1, which he holds (owner byte
/// 1, actor 0's), facing it: the node lies along −X, heading 512. His Manhattan distance to
/// either node (9,900 and 10,000) is past the nearest-node bound 4,096, so a fresh route
/// finds nothing.
pub(crate) fn walker(env: &mut Mock) -> Actor {
    let mut a = Actor::new(0, [0; 256]);
    a.position = [10_000 << 8, 0, 0];
    a.previous = a.position;
    a.angles.heading = 512;
    a.nav.map = Some(0);
    a.nav.next = 1;
    a.nav.phase = 2;
    env.nodes[1].owner = 1;
    a
}

/// "Point-navigation command state", the release test:
/// - transition bit 0 clear and body-response bit 1 (0x02) or bit 3 (0x08): the held nodes
///   go (node 1's owner byte back to 0, next −1) and the phase is 0 — whose fresh route
///   finds no node within reach, so it stays 0;
/// - body-response bit 0 (0x01) alone releases nothing: he walks on in phase 2, facing node
///   1 (the turn helper asked for heading 512);
/// - transition bit 0 set: released too; at response age 15 (below 16) X/Y/Z become the
///   stable position (4,000 back on Z, within the wrapper's rollback limit
///   `(256 << 13) >> 8 = 8,192`), after which phase 2 without a next node selects phase 0;
///   at age 16 the phase becomes 24, whose back-off selects 25 (the refused backward step
///   leaves him where he was).
#[test]
fn the_release_test_reads_transition_bit_zero() {
    for body in [0x02, 0x08] {
        let mut env = Mock::new();
        let mut a = walker(&mut env);
        a.body_response = body;
        assert_eq!(point(&mut a, &mut env, FAR, 0, &mut 0), 1);
        assert_eq!((env.nodes[1].owner, a.nav.next, a.nav.phase), (0, -1, 0), "body {body:#x}");
    }
    let mut env = Mock::new();
    let mut a = walker(&mut env);
    a.body_response = 0x01;
    point(&mut a, &mut env, FAR, 0, &mut 0);
    assert_eq!((env.nodes[1].owner, a.nav.next, a.nav.phase), (1, 1, 2));
    assert_eq!(env.turned, Some(512));

    let stable = [10_000 << 8, 0, -4000];
    for (age, phase, at) in [(15, 0, stable), (16, 25, [10_000 << 8, 0, 0])] {
        let mut env = Mock::new();
        let mut a = walker(&mut env);
        (a.transition, a.body_response, a.response_age, a.stable) = (0x01, 0x02, age, Some(stable));
        point(&mut a, &mut env, FAR, 0, &mut 0);
        assert_eq!((env.nodes[1].owner, a.nav.next), (0, -1), "age {age}");
        assert_eq!((a.nav.phase, a.position), (phase, at), "age {age}");
    }
}

/// A bump (body-response bit 2, 0x04) outside phase 27 draws once when the contact is not
/// the player. The draw is `(state × 1103515245 + 12345) >> 16 & 32767`: from state 1 it
/// is 1103527590 >> 16 = 16838, low bits 2, so the pause becomes 36 and the call is
/// pending without routing (no turn asked); from state 4 it is 119106029 >> 16 = 1817,
/// low bits 1, so the held next node becomes the previous-next node (0) and the phase 27,
/// which faces node 0 (along −X, 512). A contact with the player (id 9 here) draws
/// nothing: the state stays 1 and he walks on.
#[test]
fn a_bump_into_another_actor_draws_a_detour_or_a_pause() {
    let bumped = |env: &mut Mock, contact| {
        let mut a = walker(env);
        (a.body_response, a.overlap_contact) = (0x04, contact);
        a
    };
    let mut env = Mock::new();
    env.rng = Rng(1);
    let mut a = bumped(&mut env, Some(5));
    let mut pause = 0;
    assert_eq!(point(&mut a, &mut env, FAR, 0, &mut pause), 1);
    assert_eq!((pause, env.rng.0, a.nav.phase, a.nav.next, env.turned), (36, 1103527590, 2, 1, None));

    let mut env = Mock::new();
    env.rng = Rng(4);
    let mut a = bumped(&mut env, None);
    a.nav.previous_next = 0;
    point(&mut a, &mut env, FAR, 0, &mut 0);
    assert_eq!((a.nav.next, a.nav.phase, env.turned), (0, 27, Some(512)));

    let mut env = Mock::new();
    env.rng = Rng(1);
    let mut a = bumped(&mut env, Some(9));
    let mut pause = 0;
    point(&mut a, &mut env, FAR, 0, &mut pause);
    assert_eq!((pause, env.rng.0, a.nav.phase, env.turned), (0, 1, 2, Some(512)));
}

/// The pause delay consumes the nominal ticks, saturating at zero, and the call is pending
/// even when it reaches zero (40 − 3 = 37; 2 − 3 → 0), without routing. It is the caller's
/// word: an actor whose own word is zero routes meanwhile.
#[test]
fn the_pause_delay_is_the_callers() {
    let mut env = Mock::new();
    env.ticks = 3;
    let mut a = walker(&mut env);
    for (before, after) in [(40, 37), (2, 0)] {
        let mut pause = before;
        assert_eq!(point(&mut a, &mut env, FAR, 0, &mut pause), 1);
        assert_eq!((pause, a.nav.phase, env.turned), (after, 2, None));
    }
    let mut b = walker(&mut env);
    point(&mut b, &mut env, FAR, 0, &mut 0);
    assert_eq!(env.turned, Some(512));
}

/// "Held-node arrival" reaches `((speed + 1) × 256 × 256) >> 8` with the current group's
/// speed alone. Attribute 12 (the walk speed) is 6, but group 0 has no movement speed, so
/// the reach is 256 (the fallback would give 6 and 1,792): 300 past node 1 on X he is not
/// there, and phase 1 turns him towards it (the facing wrapper: alignment speed 0, facing
/// reach 256 < 300, heading 512 along −X); at 256 he arrives — X snaps to 25,600, node 1
/// becomes current, phase 8. In group 20 (speed attribute 12) the reach is 1,792.
#[test]
fn held_node_arrival_uses_the_group_speed_alone() {
    for (group, off, phase) in [(0, 300, 1), (0, 256, 8), (20, 1792, 8), (20, 1793, 1)] {
        let mut env = Mock::new();
        let mut a = walker(&mut env);
        a.set = Some(0);
        (a.attributes[12], a.anim.current, a.anim.default) = (6, group, group);
        a.position = [NODE_1[0] + off, 0, 0];
        a.previous = a.position;
        a.nav.phase = 1;
        point(&mut a, &mut env, FAR, 0, &mut 0);
        assert_eq!(a.nav.phase, phase, "group {group}, {off} away");
        if phase == 8 {
            assert_eq!((a.position[0], a.nav.current), (NODE_1[0], 1), "group {group}, {off} away");
        } else {
            assert_eq!(
                (a.position[0], env.turned),
                (NODE_1[0] + off, Some(512)),
                "group {group}, {off} away"
            );
        }
    }
}

/// The facing wrapper: within the facing reach `(((speed + 1) << 8) × 256) >> 8` (speed 0:
/// 256) X/Z are put on the target, heading kept, result 0 without a turn; beyond it, the
/// turn helper towards the quantized heading (+X: 1536), whose result it returns. With
/// group 20 and attribute 12 = 6 the reach is 1,792.
#[test]
fn facing_snaps_within_reach_and_else_turns() {
    let mut env = Mock::new();
    env.turn_result = 7;
    let mut a = Actor::new(0, [0; 256]);
    assert_eq!(face(&mut a, &mut env, [1000, 0, 0]), 7);
    assert_eq!((env.turned, a.position), (Some(1536), [0; 3]));
    env.turned = None;
    assert_eq!(face(&mut a, &mut env, [256, 50, 0]), 0);
    assert_eq!((env.turned, a.position, a.angles.heading), (None, [256, 0, 0], 0));
    a.set = Some(0);
    (a.attributes[12], a.anim.current) = (6, 20);
    assert_eq!(face(&mut a, &mut env, [256 + 1792, 0, 0]), 0);
    assert_eq!((env.turned, a.position[0]), (None, 2048));
}

/// Phase 2 faces its node only while the current animation's exit marker is clear.
#[test]
fn walking_faces_only_before_the_exit_marker() {
    for (exit, turned) in [(false, Some(512)), (true, None)] {
        let mut env = Mock::new();
        let mut a = walker(&mut env);
        a.anim.exit = exit;
        point(&mut a, &mut env, FAR, 0, &mut 0);
        assert_eq!((a.nav.phase, env.turned), (2, turned), "exit {exit}");
    }
}

/// A falling actor, one with queued motion, or one whose motion direction is 15 waits:
/// attribute 1 becomes 13, the phase 1 (a next node is held) or 0 (none), the lifecycle 7,
/// and the call is pending without routing.
#[test]
fn falling_queued_or_ledge_motion_waits() {
    for (falling, queued, direction) in [(1, 0, 0), (0, 3, 0), (0, 0, MOTION_LEDGE)] {
        for (next, phase) in [(1, 1), (-1, 0)] {
            let mut env = Mock::new();
            let mut a = walker(&mut env);
            (a.falling, a.queued, a.motion_direction, a.nav.next, a.nav.phase) =
                (falling, queued, direction, next, 8);
            assert_eq!(point(&mut a, &mut env, FAR, 0, &mut 0), 1);
            let what = (falling, queued, direction, next);
            assert_eq!(
                (a.attributes[attr::COLLIDE], a.nav.phase, a.lifecycle, env.turned),
                (13, phase, 7, None),
                "{what:?}"
            );
        }
    }
}

/// "Phase twelve (leap link)", on the walker switched to phase 12:
/// - 500 from node 1 (map X 100 + 500/256): the coordinate arrival test with tolerance 0
///   admits `(speed 0 + 2) × 256 = 512` at scale 256, so node 1 becomes current (owner byte
///   1) and the phase 8;
/// - far from it and facing it (the turn helper answers 0): the leap starts — queued motion
///   2, an ordinary request of 32 (33 with a burning torch), the stable position invalid,
///   the fall origin his Y (−7), timer and slide distance 0; the phase stays 12;
/// - the selected player's cooldown, sliding, surface 4 or living state 3 refuse: nothing
///   changes; living state 15 runs the hang release instead.
#[test]
fn a_leap_link_arrives_or_leaps() {
    let mut env = Mock::new();
    let mut a = walker(&mut env);
    a.nav.phase = 12;
    a.position = [(100 << 8) + 500, 0, 0];
    point(&mut a, &mut env, FAR, 0, &mut 0);
    assert_eq!((a.nav.current, a.nav.phase, env.nodes[1].owner), (1, 8, 1));

    for torch in [0, 5] {
        let mut env = Mock::new();
        env.turn_result = 0;
        let mut a = walker(&mut env);
        (a.nav.phase, a.torch, a.position[1], a.fall_timer) = (12, torch, -7, 9);
        a.stable = Some([0; 3]);
        point(&mut a, &mut env, FAR, 0, &mut 0);
        assert_eq!((a.queued, env.requested, a.stable), (2, Some(if torch == 0 { 32 } else { 33 }), None));
        assert_eq!((a.fall_origin, a.fall_timer, a.slide_distance, a.nav.phase), (-7, 0, 0, 12));
    }

    type Edit = fn(&mut Actor, &mut Mock);
    let refusals: [Edit; 4] =
        [|_, env| env.cooldown = true, |a, _| a.sliding = 1, |a, _| a.surface = 4, |a, _| a.living = 3];
    for (k, refuse) in refusals.iter().enumerate() {
        let mut env = Mock::new();
        env.turn_result = 0;
        let mut a = walker(&mut env);
        a.nav.phase = 12;
        refuse(&mut a, &mut env);
        point(&mut a, &mut env, FAR, 0, &mut 0);
        assert_eq!((a.queued, env.requested, a.nav.phase), (0, None, 12), "refusal {k}");
    }
    let mut env = Mock::new();
    env.turn_result = 0;
    let mut a = walker(&mut env);
    (a.nav.phase, a.living) = (12, 15);
    point(&mut a, &mut env, FAR, 0, &mut 0);
    assert!(env.ledge_released);
    assert_eq!(a.queued, 0);
}
