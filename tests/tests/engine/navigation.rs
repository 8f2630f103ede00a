//! Actors that walk the walk maps on the embedded island (issue 18): the fisher's route
//! (`tests/scenarios/fisher.toml`, golden `tests/golden/fisher.jsonl`) with the values the
//! newest `engine/SOUP.md` gives, derived here by hand; the villager's wandering.

use std::path::Path;

use stros_core::actor::Actor;
use stros_core::math::{direction_from_displacement, rounded_distance};
use stros_host::Opened;
use stros_tests::{island_with, one_call, placement};

/// The fisher: the fourth placed actor.
const FISHER: u16 = 3;
/// The beach walk map's nodes (map units), as the generator writes them.
const NODES: [[i32; 3]; 4] =
    [[33300, -86, 15400], [33700, -134, 15900], [34100, -202, 16400], [34400, -240, 16950]];

/// One update of the fisher, and the frame scale and Cyrus's position.
#[derive(Clone, Debug)]
struct Step {
    fisher: Actor,
    scale: i32,
    cyrus: [i32; 3],
}

fn fisher_route() -> (String, Vec<Step>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/fisher.toml");
    let opened = Opened::scenario(&path).unwrap();
    let mut session = opened.session().unwrap();
    let (mut golden, mut steps) = (String::new(), Vec::new());
    while let Some(u) = session.next_recorded() {
        session.step(&u.input, u.bios, u.scale);
        let w = &session.world;
        let a = w.actor(FISHER).unwrap().clone();
        let n = a.nav;
        golden.push_str(&format!(
            "{{\"update\":{},\"pos\":{:?},\"heading\":{},\"group\":{},\"phase\":{},\"current\":{},\"next\":{},\"lifecycle\":{}}}\n",
            w.report().update,
            a.position,
            a.angles.heading,
            a.anim.current,
            n.phase,
            n.current,
            n.next,
            a.lifecycle
        ));
        steps.push(Step {
            fisher: a,
            scale: w.report().tick.frame_scale,
            cyrus: w.selected_player().unwrap().position,
        });
    }
    (golden, steps)
}

fn horizontal(a: [i32; 3], b: [i32; 3]) -> i32 {
    rounded_distance([b[0] - a[0], 0, b[2] - a[2]])
}

/// The fisher's route, update by update (the golden), and by hand from the newest
/// `engine/SOUP.md`:
/// - loading associates him with the nearest node of any map ("Navigation map
///   validation"): from his placement (33400, 0, 15200) node 0 of the beach map is
///   100 + 86 + 200 = 386 away (Manhattan, below 4096);
/// - a held node is reached with X/Z snapped onto it ("Held-node arrival"), nodes 0, 1, 2
///   in order on the way to the hut;
/// - while walking (phase 2, group 20 whose movement speed is `forward_walk` 6), each step
///   starts farther from the node than the coordinate walk's arrival reach
///   `((6 + 2) × 256 × scale) >> 8` (else it would have snapped), facing the node's bearing
///   from where it starts (the facing turn ran first);
/// - `MoveNodeMarker(7)` and `MoveNodeMarker(8)` complete with X/Z on the markers
///   (33300, 15400) and (34400, 16950) and the lifecycle back from 7 to 0;
/// - arriving at the hut with Cyrus within 400 × 256 (Manhattan), `FacePlayer(6)` turns
///   him until his heading is the bearing to Cyrus, and he stands there, offering his
///   prompt, for as long as Cyrus stays near (the island's script since issue 34).
#[test]
fn the_fisher_walks_his_route() {
    let (golden, steps) = fisher_route();
    stros_tests::assert_golden("fisher.jsonl", &golden);
    assert_eq!((steps[0].fisher.nav.map, steps[0].fisher.nav.next), (Some(0), 0));
    let node = |k: i16| NODES[k as usize].map(|c| c << 8);

    let mut reached: Vec<i16> = Vec::new();
    for s in &steps {
        let (a, k) = (&s.fisher, s.fisher.nav.current);
        if k >= 0 {
            assert_eq!([a.position[0], a.position[2]], [node(k)[0], node(k)[2]], "node {k}");
            if reached.last() != Some(&k) {
                reached.push(k);
            }
        }
    }
    assert_eq!(reached, [0, 1, 2]);

    let mut walking = 0;
    for w in steps.windows(2) {
        let (p, s) = (&w[0].fisher, &w[1].fisher);
        let next = s.nav.next;
        if s.nav.phase == 2
            && p.nav.phase == 2
            && next >= 0
            && next == p.nav.next
            && p.anim.current == 20
            && s.position != p.position
        {
            let to = node(next);
            assert!(horizontal(p.position, to) > (8 * 256 * w[1].scale) >> 8, "update {walking}");
            let bearing = direction_from_displacement(to[0] - p.position[0], to[2] - p.position[2]);
            assert_eq!(s.angles.heading, bearing);
            walking += 1;
        }
    }
    assert!(walking > 250, "{walking} walking updates");

    let done: Vec<usize> = (1..steps.len())
        .filter(|&k| steps[k - 1].fisher.lifecycle == 7 && steps[k].fisher.lifecycle == 0)
        .collect();
    let at = |k: usize| [steps[k].fisher.position[0] >> 8, steps[k].fisher.position[2] >> 8];
    assert_eq!((at(done[0]), at(done[1])), ([33300, 15400], [34400, 16950]));

    // The turn ends within the FacePlayer task's six ticks, before the Wait is over. The
    // fisher updates before Cyrus (the placed actors' cells come before the persistent
    // list), so each turn aims at where Cyrus stood after the previous update.
    let arrival = done[1];
    let (f, c) = (&steps[arrival].fisher, steps[arrival - 1].cyrus);
    let manhattan = (0..3).map(|k| (c[k] - f.position[k]).abs()).sum::<i32>();
    assert!(manhattan < 400 * 256, "Cyrus is {manhattan} away");
    let end = (arrival..arrival + 6)
        .find(|&t| steps[t + 1].fisher.angles.heading == steps[t].fisher.angles.heading)
        .unwrap();
    let c = steps[end - 1].cyrus;
    let bearing = direction_from_displacement(c[0] - f.position[0], c[2] - f.position[2]);
    assert_eq!(steps[end].fisher.angles.heading, bearing);
    assert_ne!(steps[arrival - 1].fisher.angles.heading, bearing, "he was not facing Cyrus before");
    // Cyrus stays near to the end: the fisher stands on the hut's marker, not walking back.
    for s in &steps[arrival..] {
        assert_eq!([s.fisher.position[0] >> 8, s.fisher.position[2] >> 8], [34400, 16950]);
    }
}

/// The villager on the hilltop (`Wander(500 × 256, 0)` every update): the first call marks
/// `node_in_use` (attribute 94) and picks a destination on the hill's walk map (map 1, the
/// second loaded), a node nearest a point within 500 of home; he walks between nodes of the
/// ring (none farther than 900 from home, so he never strays past that plus his reach), and
/// over a minute of updates he picks more than one destination.
#[test]
fn the_villager_wanders_round_the_hilltop() {
    const VILLAGER: u16 = 7;
    let (mut w, _) = stros_tests::entered(3, 0);
    let home = w.actor(VILLAGER).unwrap().home;
    assert_eq!(home.map(|c| c >> 8), [38700, -880, 20000]);
    let mut destinations = Vec::new();
    let mut farthest = 0;
    for t in 0..600 {
        w.step(&stros_core::input::Input::NONE, 1000 + 2 * t);
        let a = w.actor(VILLAGER).unwrap();
        assert_eq!(a.attributes[94], 1);
        if a.nav.destination >= 0 {
            assert_eq!(a.nav.map, Some(1));
            if destinations.last() != Some(&a.nav.destination) {
                destinations.push(a.nav.destination);
            }
        }
        farthest = farthest.max(horizontal(home, a.position) >> 8);
    }
    assert!(destinations.len() >= 2, "{destinations:?}");
    assert!((100..=1000).contains(&farthest), "{farthest}");
}

/// `PlayerOffset(0, 0, 100 << 8)` from an actor placed at map (35000, −240, 31000) facing
/// 0 (its matrix the identity): Cyrus's local position becomes the actor's plus 25,600 on Z.
/// The actor updates before him (placed actors before the persistent list); his own
/// update then keeps X and Z where nothing pushes him.
#[test]
fn player_offset_puts_cyrus_by_the_actor() {
    use stros_core::script::decode::CallKind;
    use stros_core::script::functions::id;
    use stros_tools::write::rgm::ActorDesc;
    // (`End 0`: the call runs every update; here only the first matters.)
    let script = one_call(CallKind::Function, id::PLAYER_OFFSET, &[0, 0, 100 << 8]);
    let mut w = island_with(
        0,
        vec![ActorDesc { name: b"PUSHER".to_vec(), script, ..ActorDesc::default() }],
        vec![placement(61, "PUSHER", [35_000, -240, 31_000], false)],
    );
    w.step(&stros_core::input::Input::NONE, 1000);
    let p = w.selected_player().unwrap().position;
    assert_eq!([p[0], p[2]], [35_000 << 8, (31_000 << 8) + 25_600]);
}

/// "Direct point moves: MoveMarker, MoveLocation, MovePosition": an NPC told
/// `MovePosition(x, y, z, 0)` to a point 300 units east on the plateau turns first (phase 22),
/// then walks (phase 11), facing the point each
/// step, and ends with X/Z exactly on it (the coordinate walk's snap) when the walk
/// arrives — within `((speed + 2) × 256 × scale) >> 8` or past the point.
#[test]
fn move_position_turns_then_walks_onto_the_point() {
    use stros_core::script::decode::CallKind;
    use stros_core::script::functions::id;
    use stros_tools::write::rgm::ActorDesc;
    let to: [i32; 3] = [36_500 << 8, -240 << 8, 31_400 << 8];
    let script = one_call(CallKind::Task, id::MOVE_POSITION, &[to[0], to[1], to[2], 0]);
    let fisher =
        stros_tools::world::village::rgm_desc().actors.into_iter().find(|a| a.name == b"FISHER").unwrap();
    let mut w = island_with(
        0,
        vec![ActorDesc { name: b"WALKER".to_vec(), script, ..fisher }],
        vec![placement(62, "WALKER", [36_200, -240, 31_400], true)],
    );
    let walker = (0..w.actors().len() as u16)
        .find(|&k| {
            w.actor(k).unwrap().placement.is_some() && w.actors()[k as usize].position[0] == 36_200 << 8
        })
        .unwrap();
    let mut phases = Vec::new();
    let mut arrived = None;
    for t in 0..400 {
        w.step(&stros_core::input::Input::NONE, 1000 + 2 * t);
        let a = w.actor(walker).unwrap();
        if phases.last() != Some(&a.nav.phase) {
            phases.push(a.nav.phase);
        }
        if a.nav.phase == 11 && a.position[0] != a.previous[0] {
            let bearing = direction_from_displacement(to[0] - a.previous[0], to[2] - a.previous[2]);
            assert_eq!(a.angles.heading, bearing, "update {t}");
        }
        if [a.position[0], a.position[2]] == [to[0], to[2]] {
            arrived = Some(t);
            break;
        }
    }
    assert_eq!(phases[..2], [22, 11], "{phases:?}");
    assert!(arrived.is_some(), "phases {phases:?}");
}

/// `WalkForward(8)` as a task on an NPC facing 0 (+Z): he walks (group 20) along +Z only,
/// and the task completes once `duration − 1 > elapsed` no longer holds, after which the
/// script sits at its end and he stops. (`MoveForward` would refuse: the NPC has no run,
/// group 18, and a missing group completes the call.)
#[test]
fn walk_forward_runs_as_a_task_for_its_duration() {
    use stros_core::script::decode::CallKind;
    use stros_core::script::functions::id;
    use stros_tools::write::rgm::ActorDesc;
    let script = one_call(CallKind::Task, id::WALK_FORWARD, &[8]);
    let fisher =
        stros_tools::world::village::rgm_desc().actors.into_iter().find(|a| a.name == b"FISHER").unwrap();
    let mut w = island_with(
        0,
        vec![ActorDesc { name: b"RUNNER".to_vec(), script, ..fisher }],
        vec![placement(63, "RUNNER", [36_200, -240, 31_400], true)],
    );
    let runner =
        (0..w.actors().len() as u16).find(|&k| w.actors()[k as usize].position[0] == 36_200 << 8).unwrap();
    let start = w.actor(runner).unwrap().position;
    let mut groups = Vec::new();
    for t in 0..40 {
        w.step(&stros_core::input::Input::NONE, 1000 + 2 * t);
        groups.push(w.actor(runner).unwrap().anim.current);
    }
    let end = w.actor(runner).unwrap().position;
    assert_eq!(end[0], start[0]);
    assert!(end[2] > start[2] + 10 * 256, "{start:?} → {end:?}");
    assert!(groups.contains(&20), "{groups:?}");
    let after = w.actor(runner).unwrap().position;
    for t in 40..50 {
        w.step(&stros_core::input::Input::NONE, 1000 + 2 * t);
    }
    let later = w.actor(runner).unwrap().position;
    assert!(later[2] - after[2] < 30 * 256, "he stops once the task is done: {after:?} → {later:?}");
}

/// `MoveBackward(8)` and `MoveLeft(8)` as tasks on an NPC without their groups (the FISHER
/// has only 0 and 20, not 19 or 24): {D:engine/SOUP.md} "MoveBackward" has a missing group
/// skip the rest and use the final duration test, one while `duration − 1 > elapsed`, so
/// the first invocation (elapsed 0, 7 > 0) keeps the task and later ones complete it. The
/// admission's motion direction (7 backward, 4 left) is stored; X/Z never change.
#[test]
fn a_stepper_without_its_group_runs_for_its_duration() {
    use stros_core::script::decode::CallKind;
    use stros_core::script::functions::id;
    use stros_tools::write::rgm::ActorDesc;
    for (function, direction) in [(id::MOVE_BACKWARD, 7), (id::MOVE_LEFT, 4)] {
        let script = one_call(CallKind::Task, function, &[8]);
        let fisher =
            stros_tools::world::village::rgm_desc().actors.into_iter().find(|a| a.name == b"FISHER").unwrap();
        let mut w = island_with(
            0,
            vec![ActorDesc { name: b"STILL".to_vec(), script, ..fisher }],
            vec![placement(65, "STILL", [36_200, -240, 31_400], true)],
        );
        let k = (0..w.actors().len() as u16)
            .find(|&k| w.actors()[k as usize].position[0] == 36_200 << 8)
            .unwrap();
        let start = w.actor(k).unwrap().position;
        let active = |w: &stros_host::World<'_>| !w.script_state(k).unwrap().tasks.slots().is_empty();
        w.step(&stros_core::input::Input::NONE, 1000);
        assert!(active(&w), "function {function}: the duration test keeps it");
        assert_eq!(w.actor(k).unwrap().motion_direction, direction);
        let mut t = 1;
        while active(&w) && t < 40 {
            w.step(&stros_core::input::Input::NONE, 1000 + 2 * t);
            t += 1;
        }
        assert!(!active(&w), "function {function}: completed by its duration");
        let end = w.actor(k).unwrap().position;
        assert_eq!([end[0], end[2]], [start[0], start[2]], "function {function}");
    }
}

/// `KillMe`: the actor is killed and hidden with death selector 8, its sounds stopped; the
/// ordinary update skips it from then on (its position and animation stay as they were).
#[test]
fn kill_me_takes_the_actor_out_of_the_update() {
    use stros_core::script::decode::CallKind;
    use stros_core::script::functions::id;
    use stros_tools::write::rgm::ActorDesc;
    let script = one_call(CallKind::Function, id::KILL_ME, &[]);
    let fisher =
        stros_tools::world::village::rgm_desc().actors.into_iter().find(|a| a.name == b"FISHER").unwrap();
    let mut w = island_with(
        0,
        vec![ActorDesc { name: b"GONER".to_vec(), script, ..fisher }],
        vec![placement(64, "GONER", [36_200, -240, 31_400], true)],
    );
    let goner =
        (0..w.actors().len() as u16).find(|&k| w.actors()[k as usize].position[0] == 36_200 << 8).unwrap();
    let report = w.step(&stros_core::input::Input::NONE, 1000).clone();
    assert!(report.events.iter().any(|e| e.actor == goner
        && e.event
            == stros_core::world::Event::Anim(stros_core::anim::AnimEvent::EndSounds(
                stros_core::anim::SoundStop::Mine
            ))));
    let a = w.actor(goner).unwrap().clone();
    assert!(a.killed && a.hidden && a.lifecycle == 8);
    assert!(w.placed_actors().all(|p| p.0 != goner), "not drawn");
    let updated = report.updated;
    let next = w.step(&stros_core::input::Input::NONE, 1002).clone();
    assert_eq!(next.updated, updated - 1, "skipped from the next update on");
    assert_eq!(w.actor(goner).unwrap().anim, a.anim);
}

/// `DisableNodeMaps`: with the walk maps disabled the fisher's routes fail (the node search
/// and the route search reject a disabled map: `MoveNodeMarker` completes with result 2
/// without reaching the pier, where he stands at update 60 otherwise); `EnableNodeMaps`
/// gives them back.
#[test]
fn disabled_node_maps_stop_the_routes() {
    use stros_core::script::decode::CallKind;
    use stros_core::script::functions::id;
    use stros_tools::write::rgm::ActorDesc;
    let reached = |script: Vec<u8>| {
        let mut w = island_with(
            2,
            vec![ActorDesc { name: b"SWITCH".to_vec(), script, ..ActorDesc::default() }],
            vec![placement(65, "SWITCH", [33_000, -100, 15_800], false)],
        );
        (0..120u32).any(|t| {
            w.step(&stros_core::input::Input::NONE, 1000 + 2 * t);
            let p = w.actor(FISHER).unwrap().position;
            [p[0] >> 8, p[2] >> 8] == [33_300, 15_400]
        })
    };
    assert!(!reached(one_call(CallKind::Function, id::DISABLE_NODE_MAPS, &[])));
    assert!(reached(one_call(CallKind::Function, id::ENABLE_NODE_MAPS, &[])));
}

/// Two copies of the fisher's beach (Cyrus at marker 2) run to the first update that finds
/// the fisher walking (phase 2) towards node 1 or beyond.
fn two_fishers_walking() -> [Box<stros_host::World<'static>>; 2] {
    let mut ws = [stros_tests::entered(2, 1570).0, stros_tests::entered(2, 1570).0];
    for t in 0..400 {
        for w in &mut ws {
            w.step(&stros_core::input::Input::NONE, 2 * t);
        }
        let n = ws[0].actor(FISHER).unwrap().nav;
        if n.phase == 2 && n.next >= 1 {
            return ws;
        }
    }
    panic!("the fisher never walked");
}

#[test]
fn navigation_reads_the_last_collision_marks_in_its_script_stage() {
    // {D:engine/player.md} "Stable recovery response": the script wrapper clears the packed
    // response record after its script work, so the fisher's navigation ({D:engine/SOUP.md}
    // "Point-navigation command state") reads what the previous collision stage marked.
    // Body-response bit 1 (0x02) with transition bit 0 clear releases his walk nodes and
    // selects phase 0; phase 0 then starts the route again from the nearest free node,
    // phase 1. The unmarked copy walks on in phase 2.
    let [mut marked, mut plain] = two_fishers_walking();
    marked.actor_mut(FISHER).unwrap().body_response = 0x02;
    for w in [&mut marked, &mut plain] {
        w.step(&stros_core::input::Input::NONE, 800);
    }
    assert_eq!(plain.actor(FISHER).unwrap().nav.phase, 2);
    assert_eq!(marked.actor(FISHER).unwrap().nav.phase, 1);
}

#[test]
fn the_collision_transition_byte_lasts_one_script_stage() {
    // "Stable recovery response": the transition byte belongs to the packed record, so a
    // record holding only the transition mark (value 0x01, see
    // `response::TRANSITION_RESTORED` for the bit numbering) is not all-zero — the age grows from 0 by
    // the update's nominal ticks instead of clearing — and the wrapper then clears it with
    // the body-response byte. The fisher walking free marks nothing in his collision stage.
    let [mut w, _] = two_fishers_walking();
    let a = w.actor_mut(FISHER).unwrap();
    (a.transition, a.body_response, a.response_age) = (0x01, 0, 0);
    w.step(&stros_core::input::Input::NONE, 800);
    let ticks = w.report().tick.nominal_ticks;
    assert!(ticks > 0);
    let a = w.actor(FISHER).unwrap();
    assert_eq!((a.transition, a.body_response, a.response_age as i32), (0, 0, ticks));
}

/// {D:engine/player.md} "Weighted actor overlap response": two NPCs placed one map unit
/// apart overlap deeply (separation far above three). The second placed updates first (a
/// fresh allocation prepends to its cell's list, {D:engine/SOUP.md} "Actor families and
/// attached transforms"): its weighted separation marks its body-response bit 0x04 and
/// stores the first as its overlap contact identifier, and pushes the first away. The
/// first's own update then clears its record in the script wrapper ("Stable recovery
/// response") and, pushed clear, finds no overlap. The marks stay for the second's next
/// script stage, which "Point-navigation command state" reads (a contact other than the
/// player: a bump there draws).
#[test]
fn overlapping_npcs_keep_each_other_as_contact() {
    use stros_core::actor::response;
    use stros_core::script::decode::CallKind;
    use stros_core::script::functions::id;
    use stros_tools::write::rgm::ActorDesc;
    let script = one_call(CallKind::Task, id::WALK_FORWARD, &[0]);
    let fisher =
        stros_tools::world::village::rgm_desc().actors.into_iter().find(|a| a.name == b"FISHER").unwrap();
    let mut w = island_with(
        0,
        vec![ActorDesc { name: b"BUMPER".to_vec(), script, ..fisher }],
        vec![
            placement(66, "BUMPER", [36_200, -240, 31_400], true),
            placement(67, "BUMPER", [36_201, -240, 31_400], true),
        ],
    );
    let at = |w: &stros_host::World<'_>, x: i32| {
        (0..w.actors().len() as u16).find(|&k| w.actors()[k as usize].home[0] == x << 8).unwrap()
    };
    let (first, second) = (at(&w, 36_200), at(&w, 36_201));
    w.step(&stros_core::input::Input::NONE, 1000);
    let (f, s) = (w.actor(first).unwrap(), w.actor(second).unwrap());
    assert_eq!((s.body_response & response::OVERLAP, s.overlap_contact), (response::OVERLAP, Some(first)));
    assert_eq!((f.body_response, f.overlap_contact), (0, None));
    assert!(s.position[0] - f.position[0] > 256, "pushed apart");
}
