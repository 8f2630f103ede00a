//! Doors between worlds (issue 35): `LoadWorld` from a door's script, acted on by the
//! session after the update ({D:engine/SOUP.md} "Session requests: LoadWorld, WonGame,
//! PushPlayer and PopPlayer"), replayed from `tests/scenarios/door.toml` through the same
//! path the frontends and `stros-tools replay` take ([`stros_host::Opened::follow`]).

use std::path::Path;

use stros_core::world::{Event, SessionRequest};
use stros_tools::world::{hut, talk, village};

fn here() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A door scenario's recorded updates replayed as the frontends run them: each update
/// stepped, then its session request followed; `after` sees the session after each, with
/// the update's number (from 1), the request its events made and whether the session
/// changed world. `before` prepares the opened session.
fn replay(
    text: &str,
    before: impl FnOnce(&mut stros_host::Session<'_>),
    mut after: impl FnMut(&stros_host::Session<'_>, u32, Option<(u16, SessionRequest)>, bool),
) {
    let opened = stros_tools::replay::open(text, here()).unwrap();
    let mut s = opened.session().unwrap();
    before(&mut s);
    let mut k = 0;
    while let Some(u) = s.next_recorded() {
        k += 1;
        s.step(&u.input, u.bios, u.scale);
        let request = s.world.report().events.iter().find_map(|e| match e.event {
            Event::Request(r) => Some((e.actor, r)),
            _ => None,
        });
        let changed = opened.follow(&mut s).unwrap();
        after(&s, k, request, changed);
    }
}

#[test]
fn the_hut_door_leads_in_and_back_out_with_the_flags_kept() {
    let text = std::fs::read_to_string(here().join("scenarios/door.toml")).unwrap();
    let mut changes = Vec::new();
    let mut flag = None;
    replay(
        &text,
        // A global flag the scripts never touch, set before the first door: a world change
        // keeps the session's flags (the session initializer sets them, not world loading).
        |s| assert!(s.world.flags_mut().set(0, 7)),
        |s, k, request, changed| {
            if changed {
                let p = s.world.selected_player().unwrap();
                changes.push((k, request, s.world.world_id(), p.position.map(|c| c >> 8), p.angles.heading));
            }
            flag = s.world.flags().get(0);
        },
    );
    // Update 21, the first with Activate: the door (actor 9, the island's tenth placement)
    // asks for world 2 at its marker 0, heading 0; Cyrus enters inside the door at
    // (20000, y, 20000 − 120), settled on the floor, facing in.
    let [x, _, z] = hut::AT;
    let (at, request, world, pos, heading) = changes[0];
    assert_eq!(at, 21);
    assert_eq!(request, Some((9, SessionRequest::LoadWorld { world: 2, marker: 0, heading: 0 })));
    assert_eq!((world, [pos[0], pos[2]], heading), (Some(2), [x, z - 120], 0));
    // Update 52 (the second press, 31 updates into the hut — past the 22-tick hold-off the
    // first door left): the hut's door (its only placement, actor 0) asks for the island
    // at marker 10 facing 1024 (the sea); Cyrus stands beside the hut door again.
    let (at, request, world, pos, heading) = changes[1];
    assert_eq!(at, 52);
    assert_eq!(request, Some((0, SessionRequest::LoadWorld { world: 1, marker: 10, heading: 1024 })));
    assert_eq!((world, [pos[0], pos[2]], heading), (Some(1), [34330, 16990], 1024));
    assert_eq!(changes.len(), 2);
    assert_eq!(flag, Some(7));
    // Where an ordinary load (a new session) starts from the authored value.
    assert_ne!(stros_tests::island().flags().get(0), Some(7));
    // The prompts the doors offer are the RTX's ("Fisher's hut", "Door").
    let rtx = stros_core::formats::rtx::Rtx::new_checked(stros_core::embedded::ENGLISH_RTX).unwrap();
    assert_eq!(rtx.find(talk::HUT_DOOR).unwrap().text, b"Fisher's hut");
    assert_eq!(rtx.find(talk::HUT_EXIT).unwrap().text, b"Door");
    assert_eq!(village::MARKER_HUT_DOOR, 10);
}

/// A `LoadWorld` naming no world ends the session's load with an error, as the original's
/// loading does ("the world index must be 0 through 99 and name a WORLD.INI entry").
#[test]
fn a_load_world_of_no_world_is_an_error() {
    use stros_tools::write::rgm::ActorDesc;
    let door = stros_tools::world::scripts::door_script(talk::HUT_DOOR, 7, 0, 0);
    let actors = vec![ActorDesc { name: b"NOWHERE".to_vec(), script: door, ..Default::default() }];
    let mut w = stros_tests::island_with(
        10,
        actors,
        vec![stros_tests::placement(900, "NOWHERE", [34330, -240, 17000], false)],
    );
    let d = stros_core::input::Input::with(&[stros_core::input::Action::Act]);
    let mut requested = None;
    for t in 0..30 {
        w.step(&d, 1000 + 2 * t);
        if let Some((_, r)) = w.report().request {
            requested = Some(r);
            break;
        }
    }
    assert_eq!(requested, Some(SessionRequest::LoadWorld { world: 7, marker: 0, heading: 0 }));
    let catalog =
        stros_core::world::catalog::resolve(&stros_core::files::Embedded, stros_core::Choice::Index(7));
    assert!(catalog.is_err());
}

/// `PushPlayer` and `PopPlayer` ({D:engine/SOUP.md} "Session requests: LoadWorld, WonGame,
/// PushPlayer and PopPlayer") on an island with a `GREMLIN` record: consumed at the end of
/// the update, push makes GREMLIN the selected player at CYRUS's place, facing his way, with
/// his health; a second push does nothing; pop gives the selection back to CYRUS at
/// GREMLIN's place. `WonGame` is reported as a request.
#[test]
fn push_and_pop_swap_the_selected_player() {
    use stros_core::input::{Action, Input};
    use stros_core::script::functions::id;
    use stros_tools::write::rgm::ActorDesc;
    let mut desc = stros_tools::world::village::rgm_desc();
    let mut gremlin = desc.actors.iter().find(|a| a.name == b"CYRUS").unwrap().clone();
    gremlin.name = b"GREMLIN".to_vec();
    // PushPlayer(0), PushPlayer(0) (a second push while swapped), Wait(20), PopPlayer(),
    // Wait(2), WonGame(); End at the end.
    let mut a = stros_tools::write::soup::Asm::new();
    a.function(id::PUSH_PLAYER, &[0]).function(id::PUSH_PLAYER, &[0]).task(id::WAIT, &[20]);
    a.function(id::POP_PLAYER, &[]).task(id::WAIT, &[2]).function(id::WON_GAME, &[]);
    let s = a.end_here().finish();
    let swapper = ActorDesc { name: b"SWAPPER".to_vec(), script: s, ..Default::default() };
    desc.actors.extend([gremlin, swapper]);
    desc.mpob.push(stros_tests::placement(900, "SWAPPER", [31200, -240, 27500], false));
    let files = stros_tests::replaced(vec![("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc))]);
    let mut w = stros_tests::island_in(files);
    let cyrus = w.enter_marker(files, 5, 0).unwrap();
    let gremlin = cyrus + 1;
    assert_eq!(w.selected_player_id(), Some(cyrus));
    // Update 1: the script asks twice; at its end GREMLIN is selected where Cyrus stands.
    let at = w.selected_player().unwrap().position;
    w.step(&Input::NONE, 2);
    assert_eq!(w.selected_player_id(), Some(gremlin));
    assert_eq!(w.actor(gremlin).unwrap().position, at);
    assert_eq!(w.actor(gremlin).unwrap().attributes[3], w.actor(cyrus).unwrap().attributes[3]);
    // GREMLIN walks (the controller drives the selected player); Cyrus stays.
    for t in 0..12 {
        w.step(&Input::with(&[Action::Up]), 4 + 2 * t);
    }
    let walked = w.actor(gremlin).unwrap().position;
    assert_ne!(walked, at);
    assert_eq!(w.actor(cyrus).unwrap().position, at);
    let (mut won, mut popped) = (None, None);
    for t in 0..40 {
        w.step(&Input::NONE, 40 + 2 * t);
        if popped.is_none() && w.selected_player_id() == Some(cyrus) {
            // At the pop's update end Cyrus takes GREMLIN's place.
            let (c, g) = (w.actor(cyrus).unwrap(), w.actor(gremlin).unwrap());
            assert_eq!((c.position, c.angles), (g.position, g.angles));
            popped = Some(t);
        }
        if let Some((_, r)) = w.report().request {
            won = Some((t, r));
            break;
        }
    }
    assert!(popped.unwrap() < won.unwrap().0);
    // The pop came first (at its update's end), then WonGame, reported (an update with a
    // request leaves the loop, so it would consume no swap flags).
    assert_eq!(won.map(|(_, r)| r), Some(SessionRequest::WonGame));
    assert_eq!(w.selected_player_id(), Some(cyrus));
}

/// Health is the session's, not the world's ({D:engine/menu.md} "Selection and actions":
/// every health change stores the selected player's attribute 3 in a retained value, world
/// entry copies it into both player records): Cyrus falls beside the hut door, hurt by the
/// landing, goes in and comes out again with the health the fall left him.
#[test]
fn the_hut_door_and_back_keep_the_health_a_fall_took() {
    // The door scenario started 450 map units above marker 10 (y −304 → −754), unsettled:
    // he falls more than `fall_hurt_height` (300) and less than `fall_death_height` (568),
    // and the landing takes `fall_hurt_zap` (10).
    let door = std::fs::read_to_string(here().join("scenarios/door.toml")).unwrap();
    let text = door.replace("marker = 10\n", "pos = [8788480, -193024, 4349440]\nsettle = false\n");
    let (mut seen, mut retained) = (Vec::new(), 0);
    replay(
        &text,
        |_| {},
        |s, _, _, _| {
            let p = s.world.selected_player().unwrap();
            seen.push((s.world.world_id(), p.position[1] >> 8, p.attr(stros_core::actor::attr::HEALTH)));
            retained = s.world.retained_health();
        },
    );
    // Falling through update 13, landed on the ground by the door at update 14, hurt.
    assert_eq!(seen[12].2, 100);
    assert_eq!(seen[13], (Some(1), -304, 90));
    // In the hut (updates 21–51) and back on the island (52 on): still 90, not the 100
    // a world's own records start with.
    assert_eq!(seen[20].0, Some(2));
    assert!(seen[20..51].iter().all(|&(w, _, h)| (w, h) == (Some(2), 90)));
    assert!(seen[51..].iter().all(|&(w, _, h)| (w, h) == (Some(1), 90)));
    assert_eq!(retained, 90);
    // A new session starts from the initializer's 100.
    let opened = stros_tools::replay::open(&text, here()).unwrap();
    assert_eq!(opened.session().unwrap().world.retained_health(), 100);
}

/// A scenario can start the player hurt: `health = N` is the retained health the first
/// world entry gives him, every trace line says it, and the doors keep it.
#[test]
fn a_scenario_starts_the_player_with_its_health() {
    let door = std::fs::read_to_string(here().join("scenarios/door.toml")).unwrap();
    let text = door.replace("heading = 0\n", "heading = 0\nhealth = 37\n");
    let mut worlds = Vec::new();
    replay(
        &text,
        |s| assert_eq!(s.world.selected_player().unwrap().attr(stros_core::actor::attr::HEALTH), 37),
        |s, _, _, _| {
            let mut line = String::new();
            stros_core::trace::trace_line(&mut line, &s.world, s.world.report()).unwrap();
            assert!(line.contains(",\"health\":37,"), "{line}");
            worlds.push(s.world.world_id());
        },
    );
    assert!(worlds.contains(&Some(2)) && worlds.last() == Some(&Some(1)));
    // Above the attribute byte is the scenario's error; above 100 is full health.
    let bad = door.replace("heading = 0\n", "heading = 0\nhealth = 256\n");
    assert!(stros_core::scenario::Scenario::parse(&bad).is_err());
    let high = door.replace("heading = 0\n", "heading = 0\nhealth = 101\n");
    let opened = stros_tools::replay::open(&high, here()).unwrap();
    let s = opened.session().unwrap();
    assert_eq!(s.world.selected_player().unwrap().attr(stros_core::actor::attr::HEALTH), 100);
}
