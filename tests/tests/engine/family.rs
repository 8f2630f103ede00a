//! Actors that move with another (issue 18; newest `engine/SOUP.md` "Actor families and
//! attached transforms", "UnOffset", "Offset, …"), and the natives that move the player
//! from another actor's script ("PlayerFaceObj", "BounceObject", "Player alignment
//! ownership and targets"), on the embedded island with hand-built actors.

use stros_core::actor::attr;
use stros_core::actor::living;
use stros_core::input::Input;
use stros_core::math::direction_from_displacement;
use stros_core::script::decode::CallKind;
use stros_core::script::functions::id;
use stros_core::units::Angles;
use stros_host::World;
use stros_tests::{island_with, one_call, placement};
use stros_tools::write::rgm::ActorDesc;
use stros_tools::write::soup::{Object, Value};

/// A modelless actor definition named `name` with attributes set by `attrs` and `script`.
fn def(name: &str, attrs: &[(usize, u8)], script: Vec<u8>) -> ActorDesc {
    let mut attributes = [0u8; 256];
    for &(k, v) in attrs {
        attributes[k] = v;
    }
    ActorDesc {
        name: name.as_bytes().to_vec(),
        namespace: name.as_bytes().to_vec(),
        attributes,
        script,
        ..ActorDesc::default()
    }
}

/// The id of the placed actor of definition `name`.
fn placed(w: &World<'_>, name: &str) -> u16 {
    let rgm = w.rgm();
    (0..w.actors().len() as u16)
        .find(|&k| {
            rgm.actor(w.actors()[k as usize].definition as usize).is_some_and(|d| d.name() == name.as_bytes())
        })
        .unwrap()
}

/// An idle script: `NullFunction()` then `End`.
fn idle() -> Vec<u8> {
    one_call(CallKind::Function, 0, &[])
}

/// A master (identity 7) at map (35,000, −240, 31,000) facing 0 and its slave 300 units
/// ahead (+Z) facing 100. Loading makes the slave's coordinates local: (0, 0, 300 × 256),
/// heading 100. Turning the master a quarter (heading 512) and moving it 1,000 east, the
/// next family refresh puts the slave at the master plus the offset turned by the master's
/// matrix — ahead at heading 512 is −X (`sin(−512) = −1`) — so at (35,700, −240, 31,000),
/// heading 612; `PlayerDistance`-style queries and the renderer read that effective pose.
#[test]
fn a_slave_follows_its_master() {
    let mut w = island_with(
        0,
        vec![def("MASTER", &[(attr::MASTER, 7)], idle()), def("SLAVE", &[(attr::SLAVE, 7)], idle())],
        vec![placement(71, "MASTER", [35_000, -240, 31_000], false), {
            let mut p = placement(72, "SLAVE", [35_000, -240, 31_300], false);
            p.angles = [0, 100, 0];
            p
        }],
    );
    let (m, s) = (placed(&w, "MASTER"), placed(&w, "SLAVE"));
    let slave = w.actor(s).unwrap();
    assert_eq!(slave.position, [0, 0, 300 << 8], "local to the master");
    assert_eq!(slave.angles.heading, 100);
    assert_eq!(slave.attached.unwrap().parent, m);
    assert_eq!(slave.effective_position(), [35_000 << 8, -240 << 8, 31_300 << 8]);

    let master = w.actor_mut(m).unwrap();
    master.position[0] += 1000 << 8;
    master.set_orientation(Angles { pitch: 0, heading: 512, roll: 0 });
    master.previous_angles = master.angles;
    w.step(&Input::NONE, 1000);
    let slave = w.actor(s).unwrap();
    assert_eq!(slave.effective_position(), [35_700 << 8, -240 << 8, 31_000 << 8]);
    assert_eq!(slave.effective_angles().heading, 612);
    assert_eq!(slave.position, [0, 0, 300 << 8], "the local pose is the slave's own");
}

/// A slave whose own `attr_no_slave_rot` is set keeps its angles; its position follows.
/// With the family switched off (`[debug] disable_family = 1` clears 25 and 26 at load) the
/// slave stays where it was placed.
#[test]
fn no_slave_rot_and_disable_family() {
    let actors = || {
        vec![
            def("MASTER", &[(attr::MASTER, 7)], idle()),
            def("SLAVE", &[(attr::SLAVE, 7), (attr::NO_SLAVE_ROT, 1)], idle()),
        ]
    };
    let places = || {
        vec![
            placement(71, "MASTER", [35_000, -240, 31_000], false),
            placement(72, "SLAVE", [35_000, -240, 31_300], false),
        ]
    };
    let mut w = island_with(0, actors(), places());
    let (m, s) = (placed(&w, "MASTER"), placed(&w, "SLAVE"));
    w.actor_mut(m).unwrap().set_orientation(Angles { pitch: 0, heading: 1024, roll: 0 });
    w.step(&Input::NONE, 1000);
    let slave = w.actor(s).unwrap();
    // Ahead of a master facing 1024 is −Z: 31,000 − 300.
    assert_eq!(slave.effective_position(), [35_000 << 8, -240 << 8, 30_700 << 8]);
    assert_eq!(slave.effective_angles().heading, 0);

    let mut desc = stros_tools::world::village::rgm_desc();
    desc.actors.extend(actors());
    desc.mpob.extend(places());
    let files = stros_tests::replaced(vec![(
        format!("{}.RGM", stros_core::embedded::MAP),
        stros_tools::write::rgm::to_bytes(&desc),
    )]);
    let config = stros_core::config::SystemConfig {
        disable_family: 1,
        ..stros_core::config::SystemConfig::installed()
    };
    let w = World::load(files, stros_core::embedded::MAP, config, Default::default()).unwrap();
    let slave = w.actor(placed(&w, "SLAVE")).unwrap();
    assert!(slave.attached.is_none());
    assert_eq!(slave.position, [35_000 << 8, -240 << 8, 31_300 << 8]);
}

/// `Offset(0, 0, 0)` called by RIDER on BOAT (both facing 0; the rider 200 east of the
/// boat): the stored offset is (200 × 256, 0, 0), the rider's local position zero. The boat
/// moved 500 north (+Z) and turned to 1024: the rider's linked position is the boat's plus
/// the offset turned half round, (34,800, −240, 31,500). (`UnOffset`'s arithmetic is
/// `actor::family`'s unit test.)
#[test]
fn offset_links_a_rider_to_a_boat() {
    // RIDER: `BOAT.Offset(0, 0, 0)` once, then waits (`DisableScript; Yield`).
    let script = stros_tests::fixtures::B::default()
        .with(|a| a.object_call(Object::Named(0), CallKind::Function, id::OFFSET, &[Value::Alt(0); 3]))
        .pause()
        .0;
    let mut rider = def("RIDER", &[], script);
    rider.strings = vec![b"BOAT".to_vec()];
    let mut w = island_with(
        0,
        vec![def("BOAT", &[], idle()), rider],
        vec![
            placement(73, "BOAT", [35_000, -240, 31_000], false),
            placement(74, "RIDER", [35_200, -240, 31_000], false),
        ],
    );
    let (b, r) = (placed(&w, "BOAT"), placed(&w, "RIDER"));
    w.step(&Input::NONE, 1000);
    let rider = w.actor(r).unwrap();
    let link = rider.link.expect("linked");
    assert_eq!((link.owner, link.offset), (Some(b), [200 << 8, 0, 0]));
    assert_eq!(rider.position, [0; 3]);
    assert_eq!(rider.effective_position(), [35_200 << 8, -240 << 8, 31_000 << 8]);

    let boat = w.actor_mut(b).unwrap();
    boat.position[2] += 500 << 8;
    boat.set_orientation(Angles { pitch: 0, heading: 1024, roll: 0 });
    boat.previous_angles = boat.angles;
    w.step(&Input::NONE, 1002);
    let at = w.actor(r).unwrap().effective_position();
    assert_eq!(at, [34_800 << 8, -240 << 8, 31_500 << 8]);
}

/// Cyrus's position after entering marker 0 facing 0 (map units).
fn cyrus_at_marker_0() -> [i32; 3] {
    let (w, p) = stros_tests::entered(0, 0);
    w.actor(p).unwrap().position.map(|c| c >> 8)
}

/// Whether actor `id` holds no task.
fn no_tasks(w: &World<'_>, id: u16) -> bool {
    w.script_state(id).unwrap().tasks.slots().is_empty()
}

/// The island with one modelless actor `name` (MPOB `mpob`) at map `at` whose script is the
/// task `function(args)`, Cyrus entered at marker 0; the world, the actor and Cyrus.
fn task_world(
    name: &str,
    mpob: u32,
    at: [i32; 3],
    function: u16,
    args: &[i32],
) -> (Box<World<'static>>, u16, u16) {
    let script = one_call(CallKind::Task, function, args);
    let w = island_with(0, vec![def(name, &[], script)], vec![placement(mpob, name, at, false)]);
    let (k, p) = (placed(&w, name), w.selected_player_id().unwrap());
    (w, k, p)
}

/// Steps `w` (no input, two BIOS ticks apart) until actor `owner` holds no task, calling
/// `each` after every update; the update it ended on. Panics past `updates`.
fn until_done(w: &mut World<'_>, owner: u16, updates: u32, mut each: impl FnMut(&World<'_>, u32)) -> u32 {
    for t in 0..updates {
        w.step(&Input::NONE, 1000 + 2 * t);
        each(w, t);
        if no_tasks(w, owner) {
            return t;
        }
    }
    panic!("the task never ended: the player at {:?}", w.selected_player().map(|p| p.position));
}

/// `PlayerFaceObj()` as a task of an actor 300 units due +X of Cyrus, who faces 0: the
/// heading to it is 1536 (the displacement's quantized heading), a quarter turn the negative
/// way. Each update turns him by the slope turn helper's rate, `max(8, (32 × scale) >> 8)`
/// (`turn_speed` 32), snapping once the gap is within it; while he turns, his alignment flag
/// (the hook-disabled bit) keeps his controller off, so holding forward does not move him.
/// The task ends with him facing exactly 1536 and the flag clear.
#[test]
fn player_face_obj_turns_cyrus_to_the_caller() {
    let c = cyrus_at_marker_0();
    let (mut w, f, p) = task_world("FACER", 75, [c[0] + 300, c[1], c[2]], id::PLAYER_FACE_OBJ, &[]);
    let target = direction_from_displacement(300 << 8, 0) as i32;
    assert_eq!(target, 1536);
    let forward = Input::with(&[stros_core::input::Action::Up]);
    let mut heading = 0i32;
    for t in 0..200u32 {
        let start = w.actor(p).unwrap().position;
        w.step(&forward, 1000 + 2 * t);
        let scale = w.report().tick.frame_scale;
        let rate = ((32 * scale) >> 8).max(8);
        let gap = (heading - target) & 2047;
        heading = if gap <= rate { target } else { (heading - rate) & 2047 };
        let cyrus = w.actor(p).unwrap();
        assert_eq!(cyrus.angles.heading as i32, heading, "update {t}");
        if heading == target {
            break;
        }
        assert_ne!(cyrus.script_control & stros_core::script::control::NO_HOOK, 0, "update {t}");
        assert_eq!([cyrus.position[0], cyrus.position[2]], [start[0], start[2]], "no controller: no walk");
    }
    w.step(&Input::NONE, 2000);
    let cyrus = w.actor(p).unwrap();
    assert_eq!(cyrus.script_control & stros_core::script::control::NO_HOOK, 0);
    assert!(no_tasks(&w, f), "the task completed");
}

/// `PlayerLineUp(0, 0, 200 × 256)` from an actor 400 units behind Cyrus (−Z; both facing
/// 0): the target is the actor plus (0, 0, 51,200) — 200 behind Cyrus — and the final
/// heading 0 + 1024. He is 400 units away, beyond `lineup_distance` 128, so approach mode:
/// he turns to face the target (heading 1024), walks (group 20) until within the arrival
/// threshold (`((2 × 8 − 1) << 8) × scale >> 8`, about 15 units), is put on the target's
/// X/Z, already faces the final heading, and the task ends with his alignment flag clear.
#[test]
fn player_line_up_walks_cyrus_onto_the_spot() {
    let c = cyrus_at_marker_0();
    let (mut w, l, p) =
        task_world("LINER", 76, [c[0], c[1], c[2] - 400], id::PLAYER_LINE_UP, &[0, 0, 200 << 8]);
    let target = [c[0] << 8, (c[2] - 200) << 8];
    let mut walked = false;
    let t = until_done(&mut w, l, 600, |w, _| walked |= w.actor(p).unwrap().anim.current == 20);
    let cyrus = w.actor(p).unwrap();
    // The line-up put him on the spot during LINER's script; his own update's walk
    // continuation (group 20 until the default request takes) may still carry him one walk
    // step on (`forward_walk` 8: `(8 << 8) × scale >> 8`) along −Z.
    let step = ((8 << 8) * w.report().tick.frame_scale) >> 8;
    assert_eq!(cyrus.position[0], target[0], "update {t}");
    assert!((0..=step).contains(&(target[1] - cyrus.position[2])), "update {t}: {:?}", cyrus.position);
    assert_eq!(cyrus.angles.heading, 1024);
    assert_eq!(cyrus.script_control & stros_core::script::control::NO_HOOK, 0);
    assert!(walked, "he walked there");
}

/// `BounceObject(160, 40, 0)` on an actor with Cyrus's groups, standing on the plateau
/// facing 0: entry requests group 65 (lifecycle 30); once 65 plays, the rise (31) sets the
/// lift to `jump_height × 256`, and each update moves it forward (+Z) by
/// `((128 − 40) << 8) / 3 = 7509` times the scale `>> 8`, raises it by `lift × scale >> 8`
/// and drops the lift by `(96 << 4) × scale >> 8`; at a lift of zero or less it starts an
/// ordinary fall (lifecycle 32, group 56, falling 1), lands, and the task ends (lifecycle 0).
/// The first invocation clears the first two words of the motion vector (seeded here with
/// 5, 6, 7, since nothing documented writes it) and leaves the third: (0, 0, 7) from then on.
#[test]
fn bounce_object_rises_then_falls() {
    let c = cyrus_at_marker_0();
    let cyrus =
        stros_tools::world::village::rgm_desc().actors.into_iter().find(|a| a.name == b"CYRUS").unwrap();
    let script = one_call(CallKind::Task, id::BOUNCE_OBJECT, &[160, 40, 0]);
    let jumper = ActorDesc { name: b"JUMPER".to_vec(), namespace: b"JUMPER".to_vec(), script, ..cyrus };
    let mut w = island_with(0, vec![jumper], vec![placement(77, "JUMPER", [c[0] + 600, c[1], c[2]], true)]);
    let j = placed(&w, "JUMPER");
    let height = w.actor(j).unwrap().attr(attr::JUMP_HEIGHT) as i32;
    assert!(height > 0, "SYSTEM.INI fills jump_height");
    w.actor_mut(j).unwrap().motion_vector = [5, 6, 7];
    let (mut rose, mut fell) = (0, false);
    for t in 0..400u32 {
        let before = w.actor(j).unwrap().clone();
        w.step(&Input::NONE, 1000 + 2 * t);
        let scale = w.report().tick.frame_scale;
        let a = w.actor(j).unwrap();
        assert_eq!(a.motion_vector, [0, 0, 7], "update {t}");
        if before.living == living::BOUNCE_RISING && a.living == living::BOUNCE_RISING {
            // A whole rising step: forward along +Z, up by the lift.
            assert_eq!(a.position[0], before.position[0], "update {t}");
            assert_eq!(a.position[2] - before.position[2], (7509 * scale) >> 8, "update {t}");
            assert_eq!(before.position[1] - a.position[1], (before.fall_origin * scale) >> 8, "update {t}");
            assert_eq!(before.fall_origin - a.fall_origin, (1536 * scale) >> 8, "update {t}");
            rose += 1;
        }
        fell |= a.living == living::BOUNCE_FALLING;
        if fell && no_tasks(&w, j) {
            assert_eq!((a.living, a.falling), (0, 0), "landed");
            assert!(rose >= 2, "{rose} rising steps");
            return;
        }
    }
    panic!("the bounce never ended: {:?}", w.actor(j).unwrap().living);
}

/// `lockoutPlayer(1)` (newest `engine/hud.md` "Shared rules"): the retained word 1 stops Cyrus's
/// controller before movement (holding forward, he stays put) and sets his
/// `attr_no_node_combat` (116). `XResetCamera` then runs `LockoutPlayer(0)` — the word and the
/// attribute clear — and he walks again.
#[test]
fn lockout_player_and_x_reset_camera() {
    use stros_tests::fixtures::{B, resume};
    let script =
        B::default().call(id::LOCKOUT_PLAYER, &[1]).pause().call(id::X_RESET_CAMERA, &[]).pause().again().0;
    let mut w = island_with(
        0,
        vec![def("WARDEN", &[], script)],
        vec![placement(78, "WARDEN", [35_000, -240, 31_000], false)],
    );
    let (k, p) = (placed(&w, "WARDEN"), w.selected_player_id().unwrap());
    let forward = Input::with(&[stros_core::input::Action::Up]);
    let start = w.actor(p).unwrap().position;
    for t in 0..20 {
        w.step(&forward, 1000 + 2 * t);
    }
    assert_eq!(w.player_state().lockout, 1);
    assert_eq!(w.actor(p).unwrap().attr(116), 1);
    let held = w.actor(p).unwrap().position;
    assert_eq!([held[0], held[2]], [start[0], start[2]], "locked out: no movement");
    // XResetCamera also clears his five script-control bits (the alignment flag among them).
    w.actor_mut(p).unwrap().script_control |= stros_core::script::control::NO_HOOK;
    resume(&mut w, k);
    for t in 20..40 {
        w.step(&forward, 1000 + 2 * t);
    }
    assert_eq!(w.player_state().lockout, 0);
    assert_eq!(w.actor(p).unwrap().attr(116), 0);
    assert_eq!(w.actor(p).unwrap().script_control, 0);
    let moved = w.actor(p).unwrap().position;
    assert_ne!([moved[0], moved[2]], [start[0], start[2]], "free again: he walks");
}

/// "Model admission and support ownership" with a PVO beside the island's RGM: one root
/// cell over the whole map whose leaf selects `ids`. A non-moving actor (`attr_non_moving`
/// 122) is the secondary table's only entry, so its PVO id is the MPSO count + 0; it is
/// presented (drawn, a collision candidate) when the camera's list selects that id.
/// Cyrus, standing on the terrain, is never rejected. "Current model presentation": the PVO
/// actor predicate runs before presentation clears the record, so a non-moving actor it
/// turns away keeps the record it had — none for one never presented; still drawn for one
/// presented the update before (here a statue that became non-moving after loading, which
/// the secondary table, built at loading, does not hold).
#[test]
fn a_pvo_admits_non_moving_actors_it_selects() {
    let c = cyrus_at_marker_0();
    let world = |ids: Vec<u16>, non_moving: u8| {
        let mut desc = stros_tools::world::village::rgm_desc();
        let mpso = desc.mpso.len() as u16;
        let ids = ids.into_iter().map(|k| if k == u16::MAX { mpso } else { k }).collect::<Vec<_>>();
        let fisher = desc.actors.iter().find(|a| a.name == b"FISHER").unwrap().clone();
        let mut attributes = fisher.attributes;
        attributes[attr::NON_MOVING] = non_moving;
        desc.actors.push(ActorDesc {
            name: b"STATUE".to_vec(),
            namespace: b"STATUE".to_vec(),
            attributes,
            ..fisher
        });
        desc.mpob.push(placement(79, "STATUE", [c[0] + 300, c[1], c[2] + 300], true));
        let map = stros_core::embedded::MAP;
        let files = stros_tests::replaced(vec![
            (format!("{map}.RGM"), stros_tools::write::rgm::to_bytes(&desc)),
            (format!("{map}.PVO"), stros_tests::pvo_selecting(ids)),
        ]);
        let config = stros_core::config::SystemConfig::installed();
        let mut w = Box::new(World::load(files, map, config, Default::default()).unwrap());
        w.enter_marker(files, 0, 0).unwrap();
        w
    };
    let drawn = |w: &World<'_>, id: u16| w.placed_actors().any(|(k, ..)| k == id);
    // The statue's secondary id (u16::MAX stands for it above) selected, and MPSO 0.
    let mut w = world(vec![0, u16::MAX], 1);
    let statue = placed(&w, "STATUE");
    w.step(&Input::NONE, 1000);
    assert!(drawn(&w, statue), "selected: presented");
    // Only MPSO 0 selected: the statue never had a current model and gets none; Cyrus stays.
    let mut w = world(vec![0], 1);
    for t in 0..3 {
        w.step(&Input::NONE, 1000 + 2 * t);
    }
    let p = w.selected_player_id().unwrap();
    assert!(w.actor(statue).unwrap().culled && !drawn(&w, statue), "not selected: no record to keep");
    assert!(drawn(&w, p) && !w.actor(p).unwrap().culled);
    // A statue that moves is no PVO object: presented under the same list. Made non-moving,
    // it is turned away (no secondary id) yet keeps the record it had: still drawn.
    let mut w = world(vec![0], 0);
    w.step(&Input::NONE, 1000);
    assert!(drawn(&w, statue), "moving: presented");
    w.actor_mut(statue).unwrap().attributes[attr::NON_MOVING] = 1;
    for t in 1..4 {
        w.step(&Input::NONE, 1000 + 2 * t);
    }
    assert!(!w.actor(statue).unwrap().culled && drawn(&w, statue), "turned away: the record kept");
}

/// An attached actor with a model is drawn and collided where its effective position is:
/// the placed model of a slave NPC follows its master's quarter turn to (35,700, −240,
/// 31,000) (see `a_slave_follows_its_master`).
#[test]
fn a_slave_model_is_placed_at_its_effective_position() {
    use stros_tests::fixtures::{lp, npc};
    let mut attributes = [0u8; 256];
    attributes[attr::SLAVE] = 7;
    let slave = npc(b"SLAVE", vec![lp(0, &[0])], attributes, idle());
    let mut w = island_with(
        0,
        vec![def("MASTER", &[(attr::MASTER, 7)], idle()), slave],
        vec![
            placement(71, "MASTER", [35_000, -240, 31_000], false),
            placement(72, "SLAVE", [35_000, -240, 31_300], true),
        ],
    );
    let (m, s) = (placed(&w, "MASTER"), placed(&w, "SLAVE"));
    let master = w.actor_mut(m).unwrap();
    master.position[0] += 1000 << 8;
    master.set_orientation(Angles { pitch: 0, heading: 512, roll: 0 });
    master.previous_angles = master.angles;
    w.step(&Input::NONE, 1000);
    let (_, _, _, p) = w.placed_actors().find(|(k, ..)| *k == s).expect("drawn");
    assert_eq!(p.position, [35_700.0, -240.0, 31_000.0]);
}

/// Close alignment: `PlayerLineUp(0, 0, −60 × 256)` from an actor 100 units ahead of Cyrus
/// (+Z; within `lineup_distance` 128, so close mode). The target is 40 ahead of him and the
/// final heading 0 + 1024: he first turns to 1024 (his back to the target), then the bearing
/// `1024 − 0 = 1024` selects the backward step (769–1280: the backward walk, group 22),
/// kept while the distance does not grow, until within the arrival threshold, where he is put on the target; the task ends
/// facing 1024.
#[test]
fn player_line_up_close_backs_onto_the_spot() {
    let c = cyrus_at_marker_0();
    let (mut w, l, p) =
        task_world("LINER", 80, [c[0], c[1], c[2] + 100], id::PLAYER_LINE_UP, &[0, 0, -60 << 8]);
    let target = [c[0] << 8, (c[2] + 40) << 8];
    let (mut turned_first, mut backed) = (true, false);
    let t = until_done(&mut w, l, 600, |w, _| {
        let cyrus = w.actor(p).unwrap();
        if cyrus.position[2] != c[2] << 8 && cyrus.angles.heading != 1024 {
            turned_first = false;
        }
        backed |= cyrus.anim.current == 22;
    });
    let cyrus = w.actor(p).unwrap();
    assert!(turned_first, "he moved before facing the final heading");
    assert!(backed, "he backed there (group 22, the backward walk)");
    assert_eq!(cyrus.angles.heading, 1024);
    // Put on the spot in LINER's script; his own update may still carry him one backward
    // walk step on (`backward_walk` 6: `(6 << 8) × scale >> 8`) along +Z.
    let step = ((6 << 8) * w.report().tick.frame_scale) >> 8;
    assert_eq!(cyrus.position[0], target[0]);
    assert!((0..=step).contains(&(cyrus.position[2] - target[1])), "update {t}: {:?}", cyrus.position);
}

/// `PlayerPickupLineUp(0, 0, 200 × 256)` from an actor 400 units behind Cyrus: unlike
/// `PlayerLineUp` the offset is added unrotated, so the target is the actor plus (0, 0,
/// 200): 200 behind him. Nothing blocks the straight path, so the pickup mover: he faces
/// the target (1024), walks forward close steps, and is put on it by the facing arrival
/// test; the task ends.
#[test]
fn player_pickup_line_up_walks_to_the_unrotated_offset() {
    let c = cyrus_at_marker_0();
    let at = [c[0], c[1], c[2] - 400];
    let (mut w, k, p) = task_world("PICKER", 81, at, id::PLAYER_PICKUP_LINE_UP, &[0, 0, 200 << 8]);
    let target = [c[0] << 8, (c[2] - 200) << 8];
    let t = until_done(&mut w, k, 600, |_, _| {});
    let cyrus = w.actor(p).unwrap();
    let step = ((8 << 8) * w.report().tick.frame_scale) >> 8;
    assert_eq!(cyrus.angles.heading, 1024);
    assert_eq!(cyrus.position[0], target[0]);
    assert!((0..=step).contains(&(target[1] - cyrus.position[2])), "update {t}: {:?}", cyrus.position);
}

/// `PlayerParallelLineUp(0, 0, −200 × 256)` from an actor facing 0 where Cyrus stands: the
/// target is 200 behind him (unrotated offset) and the final heading `0 + 1024`. He faces
/// 0, more than 768 from 1024, so he keeps facing `angle` (0) and backs toward the target
/// with backward close steps (group 22) while the movement check permits — until within
/// `((6 × 512 − 1) × scale) >> 8` of it (`backward_walk` 6) — never past it; then, the
/// backing over, he turns to the final heading (no longer turning back to 0 once he is within
/// 768 of it) and the task ends.
#[test]
fn player_parallel_line_up_backs_then_turns() {
    let c = cyrus_at_marker_0();
    let (mut w, k, p) = task_world("PARALLEL", 82, c, id::PLAYER_PARALLEL_LINE_UP, &[0, 0, -200 << 8]);
    let target = [c[0] << 8, (c[2] - 200) << 8];
    let mut backed = false;
    let t = until_done(&mut w, k, 800, |w, t| {
        let cyrus = w.actor(p).unwrap();
        backed |= cyrus.angles.heading == 0 && cyrus.anim.current == 22;
        assert!(cyrus.position[2] >= target[1], "update {t}: past the target");
    });
    let cyrus = w.actor(p).unwrap();
    let threshold = ((6 * 512 - 1) * w.report().tick.frame_scale) >> 8;
    assert!(backed, "he backed (group 22) facing 0");
    assert_eq!(cyrus.angles.heading, 1024);
    assert_eq!(cyrus.position[0], target[0]);
    assert!(cyrus.position[2] - target[1] <= threshold, "update {t}: {:?}", cyrus.position);
}

/// "Idle animation requests" come after the lockout check: the counter's reset precedes it,
/// the requests follow it. With `lockoutPlayer(0)` Cyrus standing in group 0 fidgets once
/// the counter passes 12 — one count per 18 BIOS ticks at 2 ticks an update, so at update
/// k = 117 (2 × 117 = 234 = 13 × 18), the counter becoming −1; with `lockoutPlayer(1)` the
/// controller returns first: no fidget in 200 updates, group 0 throughout, and the counter
/// (never reset in group 0) reaches 398 / 18 = 22 by the last update (BIOS 398).
#[test]
fn a_locked_out_player_does_not_fidget() {
    use stros_tests::fixtures::B;
    for word in [0, 1] {
        let script = B::default().call(id::LOCKOUT_PLAYER, &[word]).pause().again().0;
        let mut w = island_with(
            0,
            vec![def("WARDEN", &[], script)],
            vec![placement(78, "WARDEN", [35_000, -240, 31_000], false)],
        );
        let p = w.selected_player_id().unwrap();
        let mut fidget = None;
        for k in 0..200u32 {
            w.step(&Input::NONE, 2 * k);
            let group = w.actor(p).unwrap().anim.current;
            if group != 0 && fidget.is_none() {
                fidget = Some((k, w.player_state().idle));
            }
        }
        assert_eq!(w.player_state().lockout, word as u16);
        if word == 0 {
            assert_eq!(fidget, Some((117, -1)));
        } else {
            assert_eq!((fidget, w.player_state().idle), (None, 22));
        }
    }
}
